import Foundation

/// Books to and from files: CSV with the header `title,author,publisher,categories,isbn`
/// (categories separated by `;`), and JSON (an array of objects with the same keys).
public enum CatalogFile {
    public static let csvColumns = ["title", "author", "publisher", "categories", "isbn"]

    /// A file that cannot be read as a whole (as opposed to a bad row).
    public struct FormatError: Error, Sendable, Hashable, CustomStringConvertible {
        public var description: String
    }

    /// One row of a file: its line (CSV) or position (JSON, from 1), and the book, or the reason
    /// it was rejected, or the book to look up: a row with an ISBN and neither title nor author
    /// (a list of scanned barcodes), with what else the row gives (publisher, categories).
    public struct Row: Sendable, Hashable {
        public var line: Int
        public var book: NewBook?
        public var problem: String?
        /// The book to look up by its ISBN (normalized), its title and author empty.
        public var lookUp: NewBook?

        public init(line: Int, book: NewBook? = nil, problem: String? = nil, lookUp: NewBook? = nil) {
            self.line = line
            self.book = book
            self.problem = problem
            self.lookUp = lookUp
        }
    }

    /// The rows of a CSV text. Blank lines are skipped; quoted fields may hold commas, quotes
    /// (doubled) and line breaks.
    public static func rows(csv text: String) throws(FormatError) -> [Row] {
        let records = try CSV.records(text)
        guard let header = records.first else { throw FormatError(description: "The file is empty: it needs the header line \(csvColumns.joined(separator: ",")).") }
        let names = header.fields.map { $0.trimmingWhitespace().lowercased() }
        let unknown = names.filter { !csvColumns.contains($0) }
        guard unknown.isEmpty else {
            throw FormatError(description: "Unknown column(s) \(unknown.map { "'\($0)'" }.joined(separator: ", ")) in the header; the columns are \(csvColumns.joined(separator: ",")).")
        }
        guard (names.contains("title") && names.contains("author")) || names.contains("isbn") else {
            throw FormatError(description: "The header needs at least the columns title and author, or isbn (found: \(names.joined(separator: ","))).")
        }
        guard Set(names).count == names.count else { throw FormatError(description: "A column is named twice in the header.") }
        return records.dropFirst().compactMap { record -> Row? in
            if record.fields.allSatisfy({ $0.trimmingWhitespace().isEmpty }) { return nil }
            guard record.fields.count == names.count else {
                return Row(line: record.line, book: nil, problem: "has \(record.fields.count) fields, the header has \(names.count)")
            }
            var values: [String: String] = [:]
            for (name, value) in zip(names, record.fields) { values[name] = value }
            let draft = NewBook(title: values["title"] ?? "", author: values["author"] ?? "", publisher: values["publisher"],
                                categories: NewBook.splitCategories(values["categories"] ?? ""), isbn: values["isbn"])
            return validate(draft, line: record.line)
        }
    }

    /// The rows of a JSON array of books.
    public static func rows(json data: Data) throws(FormatError) -> [Row] {
        struct Entry: Decodable {
            var title: String?
            var author: String?
            var publisher: String?
            var categories: [String]?
            var isbn: String?
        }
        let entries: [Entry]
        do {
            entries = try JSONDecoder().decode([Entry].self, from: data)
        } catch let error as DecodingError {
            throw FormatError(description: Self.describe(error))
        } catch {
            throw FormatError(description: "Not a JSON array of books: \(error.localizedDescription)")
        }
        return entries.enumerated().map { index, entry in
            validate(NewBook(title: entry.title ?? "", author: entry.author ?? "", publisher: entry.publisher,
                             categories: entry.categories ?? [], isbn: entry.isbn), line: index + 1)
        }
    }

    /// What is wrong with a JSON catalog, where: "book 2: author must be text".
    private static func describe(_ error: DecodingError) -> String {
        let expected = "a JSON array of books, such as [{\"title\": \"Dune\", \"author\": \"Frank Herbert\"}]"
        let context: DecodingError.Context
        switch error {
        case .typeMismatch(_, let found), .valueNotFound(_, let found): context = found
        case .dataCorrupted(let found): context = found
        case .keyNotFound(_, let found): context = found
        @unknown default: return "Not \(expected)."
        }
        let path = context.codingPath
        guard let index = path.first?.intValue else {
            return path.isEmpty && { if case .dataCorrupted = error { true } else { false } }()
                ? "Not valid JSON (look for a missing or extra bracket, brace, comma or quote)." : "Not \(expected)."
        }
        guard path.count > 1 else { return "Book \(index + 1) is not an object with a title and an author." }
        let field = path[1].stringValue
        return field == "categories" ? "Book \(index + 1): categories must be a list of text." : "Book \(index + 1): \(field) must be text."
    }

    private static func validate(_ draft: NewBook, line: Int) -> Row {
        // Only an ISBN: the title and author are to be looked up.
        if draft.title.trimmingWhitespace().isEmpty, draft.author.trimmingWhitespace().isEmpty, let isbn = draft.isbn,
           !isbn.trimmingWhitespace().isEmpty {
            guard let normalized = ISBN.normalize(isbn) else {
                return Row(line: line, problem: LibraryError.invalidBook(field: .isbn, problem: .invalidISBN(isbn)).description)
            }
            var partial = draft
            partial.isbn = normalized
            return Row(line: line, lookUp: partial)
        }
        do {
            return Row(line: line, book: try draft.validated(), problem: nil)
        } catch {
            return Row(line: line, book: nil, problem: error.description)
        }
    }

    /// The books as CSV, header first, re-importable.
    public static func csv(_ books: [Book]) -> String {
        var lines = [csvColumns.joined(separator: ",")]
        for book in books {
            lines.append([book.title, book.author, book.publisher ?? "", book.categories.joined(separator: ";"), book.isbn ?? ""]
                .map(CSV.quote).joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The books as a pretty JSON array, re-importable.
    public static func json(_ books: [Book]) throws -> Data {
        // Foundation pretty-prints an empty array as "[", a blank line, "]".
        guard !books.isEmpty else { return Data("[]".utf8) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(books)
    }
}

/// RFC 4180 reading and quoting.
enum CSV {
    struct Record {
        var line: Int
        var fields: [String]
    }

    static func records(_ text: String) throws(CatalogFile.FormatError) -> [Record] {
        var records: [Record] = []
        var fields: [String] = []
        var field = ""
        var inQuotes = false
        var line = 1
        var recordLine = 1
        var quotedLine = 1
        var iterator = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = nil
        func next() -> Unicode.Scalar? {
            if let scalar = pending { pending = nil; return scalar }
            return iterator.next()
        }
        var first = true
        while let scalar = next() {
            if first { first = false; if scalar == "\u{FEFF}" { continue } }
            if inQuotes {
                if scalar == "\"" {
                    if let following = next() {
                        if following == "\"" { field.unicodeScalars.append("\"") } else { inQuotes = false; pending = following }
                    } else {
                        inQuotes = false
                    }
                } else {
                    if scalar == "\n" { line += 1 }
                    field.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"" where field.isEmpty:
                inQuotes = true
                quotedLine = line
            case ",":
                fields.append(field)
                field = ""
            case "\r":
                continue
            case "\n":
                fields.append(field)
                records.append(Record(line: recordLine, fields: fields))
                fields = []
                field = ""
                line += 1
                recordLine = line
            default:
                field.unicodeScalars.append(scalar)
            }
        }
        if inQuotes { throw CatalogFile.FormatError(description: "Line \(quotedLine): a quoted field is never closed.") }
        if !field.isEmpty || !fields.isEmpty {
            fields.append(field)
            records.append(Record(line: recordLine, fields: fields))
        }
        return records
    }

    static func quote(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) || field.hasPrefix(" ") || field.hasSuffix(" ") else {
            return field
        }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
