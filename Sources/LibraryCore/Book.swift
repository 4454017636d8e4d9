import Foundation

/// One physical copy on the shelf: two copies of Dune are two books.
public struct Book: Sendable, Hashable, Identifiable, Codable {
    public var id: Int64
    public var title: String
    public var author: String
    public var publisher: String?
    public var categories: [String]
    /// Digits only (an ISBN-10 may end in `X`), checksum verified.
    public var isbn: String?
    public var addedAt: Date
    /// The copy reported lost or damaged, until it turns up or is repaired.
    public var report: CopyReport?

    public init(
        id: Int64, title: String, author: String, publisher: String? = nil,
        categories: [String] = [], isbn: String? = nil, addedAt: Date, report: CopyReport? = nil
    ) {
        self.id = id
        self.title = title
        self.author = author
        self.publisher = publisher
        self.categories = categories
        self.isbn = isbn
        self.addedAt = addedAt
        self.report = report
    }
}

/// A member's word that a copy is lost or damaged. A lost copy's loan stays open (nobody is
/// reminded of it) until the copy turns up or an admin takes it off the shelf; a damaged copy
/// is lent as before, and says so, until it is repaired.
public struct CopyReport: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Hashable, Codable {
        case lost, damaged
    }

    public var kind: Kind
    public var by: Borrower
    public var at: Date
    /// What the member said of it, in their words ("the cover is torn", "left on the train").
    public var note: String?

    /// The longest note kept, in characters: a few words, not a page.
    public static let maximumNoteLength = 300

    /// `note` is tidied: its lines joined, the spaces around it trimmed, and none when empty.
    public init(_ kind: Kind, by: Borrower, at: Date, note: String? = nil) {
        self.kind = kind
        self.by = by
        self.at = at
        let tidy = note?.split(whereSeparator: \.isNewline).joined(separator: " ").trimmingCharacters(in: .whitespaces)
        self.note = tidy?.isEmpty == false ? tidy : nil
    }
}

extension Book {
    /// The title as shelves sort it: folded, without a leading article ("The Hobbit" under H,
    /// "Les Misérables" under M, "L'Étranger" under E).
    var titleSortKey: String {
        let lowered = title.lowercased()
        for article in ["the ", "a ", "an ", "le ", "la ", "les ", "l'", "l\u{2019}", "un ", "une "] where lowered.hasPrefix(article) && lowered.count > article.count {
            return TextKey.fold(String(title.dropFirst(article.count)))
        }
        return TextKey.fold(title)
    }

    /// The author as shelves sort them: by surname. The first of several authors ("Terry
    /// Pratchett and Neil Gaiman", "Thomas H. Cormen, Charles E. Leiserson" as Open Library's
    /// are joined); the word before a comma when written "Herbert, Frank"; else the last word,
    /// with a capitalised particle before it ("Le Guin", "Van Gogh", "De Gaulle"), and before a
    /// suffix ("Martin Luther King Jr." under King). Then the whole name.
    var authorSortKey: String {
        var first = Substring(author)
        for separator in [" and ", " & ", " et ", ";"] {
            if let range = first.range(of: separator, options: .caseInsensitive) { first = first[..<range.lowerBound] }
        }
        if let comma = first.firstIndex(of: ",") {
            let before = first[..<comma]
            if !before.contains(" ") { return TextKey.fold(String(before)) + " " + TextKey.fold(author) }
            first = before
        }
        var words = first.split(separator: " ")
        while words.count > 1, let last = words.last, ["jr", "jr.", "sr", "sr.", "ii", "iii", "iv"].contains(last.lowercased()) { words.removeLast() }
        guard var surname = words.last.map(String.init) else { return TextKey.fold(author) }
        if words.count > 2, let particle = words.dropLast().last, particle.first?.isUppercase == true,
           ["le", "la", "de", "du", "des", "van", "von", "di", "da", "del", "della", "mac", "mc", "st.", "saint"].contains(particle.lowercased()) {
            surname = particle + " " + surname
        }
        return TextKey.fold(surname) + " " + TextKey.fold(author)
    }
}

/// What an admin gives to add a book; `validated()` cleans and checks it.
public struct NewBook: Sendable, Hashable, Codable {
    public var title: String
    public var author: String
    public var publisher: String?
    public var categories: [String]
    public var isbn: String?

    public init(
        title: String, author: String, publisher: String? = nil,
        categories: [String] = [], isbn: String? = nil
    ) {
        self.title = title
        self.author = author
        self.publisher = publisher
        self.categories = categories
        self.isbn = isbn
    }

    /// The longest title, author or publisher accepted, in characters.
    public static let maximumTextLength = 300

    /// The book with whitespace tidied, empty optionals removed and the ISBN normalized.
    /// - Throws: `LibraryError.invalidBook` naming the field that is wrong.
    public func validated() throws(LibraryError) -> NewBook {
        let title = try Self.requiredText(title, field: .title)
        let author = try Self.requiredText(author, field: .author)
        let publisher = try Self.optionalText(publisher, field: .publisher)
        let categories = try Self.cleanCategories(categories)
        var isbn: String? = nil
        if let raw = self.isbn, !raw.trimmingWhitespace().isEmpty {
            guard let normalized = ISBN.normalize(raw) else {
                throw .invalidBook(field: .isbn, problem: .invalidISBN(raw))
            }
            isbn = normalized
        }
        return NewBook(title: title, author: author, publisher: publisher, categories: categories, isbn: isbn)
    }

    static func requiredText(_ text: String, field: BookField) throws(LibraryError) -> String {
        let tidy = TextKey.tidy(text)
        guard !tidy.isEmpty else { throw .invalidBook(field: field, problem: .empty) }
        guard tidy.count <= maximumTextLength else {
            throw .invalidBook(field: field, problem: .tooLong(maximum: maximumTextLength))
        }
        // Members name a book by its title, compared on letters and digits.
        guard field != .title || !TextKey.fold(tidy).isEmpty else { throw .invalidBook(field: field, problem: .noLetters) }
        return tidy
    }

    static func optionalText(_ text: String?, field: BookField) throws(LibraryError) -> String? {
        guard let text else { return nil }
        let tidy = TextKey.tidy(text)
        if tidy.isEmpty { return nil }
        guard tidy.count <= maximumTextLength else {
            throw .invalidBook(field: field, problem: .tooLong(maximum: maximumTextLength))
        }
        return tidy
    }

    static func cleanCategories(_ categories: [String]) throws(LibraryError) -> [String] {
        var seen = Set<String>()
        var result: [String] = []
        for raw in categories.flatMap(Self.splitCategories) {
            let tidy = TextKey.tidy(raw)
            guard !tidy.isEmpty else { continue }
            guard tidy.count <= 100 else {
                throw .invalidBook(field: .categories, problem: .tooLong(maximum: 100))
            }
            if seen.insert(TextKey.fold(tidy)).inserted { result.append(tidy) }
        }
        return result
    }

    /// Categories are written `a; b` (CSV) or `a, b` (chat); neither separator is part of a name.
    public static func splitCategories(_ text: String) -> [String] {
        text.split(whereSeparator: { $0 == ";" || $0 == "," }).map(String.init)
    }
}

/// The fields of a book that can be edited.
public enum BookField: String, Sendable, Hashable, Codable, CaseIterable {
    case title, author, publisher, categories, isbn
}
