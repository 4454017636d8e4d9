import Foundation
import LibraryCore

/// One suggestion for a command being typed: the text shown, and the command it completes to.
public struct CommandSuggestion: Sendable, Hashable {
    public var label: String
    public var command: String

    public init(label: String, command: String) {
        self.label = label
        self.command = command
    }
}

/// Suggestions while a member types a command (Discord's autocomplete of `/library`): the
/// commands whose verb starts with what is typed, then, once a verb that names a book is typed,
/// the books it can take, the likeliest first: the member's own books to return or renew, the
/// books on the shelf to check out, the books out to hold, the books they wait for to cancel.
/// Only reads the library.
public struct CommandCompleter: Sendable {
    /// Discord's limits: 25 choices, each name and value 1 to 100 characters.
    public static let maxSuggestions = 25
    public static let maxLength = 100

    public let library: LibraryService
    public let settings: HandlerSettings

    public init(library: LibraryService, settings: HandlerSettings = HandlerSettings()) {
        self.library = library
        self.settings = settings
    }

    /// `language`: the one the member writes in (`CommandHandler.preferredLanguage`). It picks
    /// between an English and a French verb that both fit what is typed (every one, when
    /// nothing is), and words the books' status after a verb the same in both (`info`).
    public func suggestions(for text: String, from sender: Sender, at now: Date, language preferred: Language? = nil) async -> [CommandSuggestion] {
        let preferred = preferred ?? sender.appLanguage ?? settings.defaultLanguage
        // A space typed after a verb says the verb is whole: it stays.
        let words = TextKey.tidy(text).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let typed = words + (text.last?.isWhitespace == true && !words.isEmpty ? " " : "")
        guard typed.count <= 200 else { return [] }
        guard let (form, verbText, rest) = Self.verb(in: typed) else { return Self.verbs(startingWith: typed, preferring: preferred) }
        if form.verb == .recommend { return await categories(after: verbText, startingWith: rest, language: form.language ?? preferred, at: now) }
        guard Self.takesABook(form.verb) else { return [] }
        // "who has wh" starts a longer command ("who has what") as well as a title: both are offered.
        let longer = typed.last == " " ? [] : Self.verbs(startingWith: typed, preferring: preferred).filter { $0.command.count > verbText.count }
        let language = form.language ?? preferred
        var phrasing = Words(language: language, dates: DateText(timeZone: settings.timeZone), now: now)
        phrasing.titlesOfSeveralAuthors = { [library] in library.titlesOfSeveralAuthors }
        guard let candidates = try? await books(for: form.verb, of: sender, words: phrasing) else { return longer }
        // Several books at once ("return Dune, Em"): the last one is completed, after the others.
        // (Unless the whole text is the start of a title with a comma in it: "Eats, Sh".)
        var lead = verbText, partial = rest, listed = Set<String>()
        if let comma = rest.lastIndex(of: ","), Self.matching(candidates.filter { $0.title.contains(",") }, rest).isEmpty {
            lead += " " + rest[..<comma].trimmingWhitespace() + ","
            partial = rest[rest.index(after: comma)...].trimmingWhitespace()
            listed = Set(rest[..<comma].split(separator: ",").map { TextKey.fold(String($0)) })
        }
        // Past the title ("checkout Dune as A"), the words typed match no title: no suggestion.
        let books = Self.matching(candidates.filter { !listed.contains(TextKey.fold($0.title)) }, partial).map { candidate in
            CommandSuggestion(label: "\(lead) \(candidate.name) · \(candidate.status)".limited(to: Self.maxLength),
                              command: Self.command(lead, candidate.name, id: candidate.id))
        }
        return Array((longer + books).prefix(Self.maxSuggestions))
    }

    /// A book a command could take, with what the member should know when choosing it.
    struct Candidate {
        var id: Int64
        var title: String
        /// What the command names it: the title, with its author when other authors' books
        /// have that title ("Emma by Jane Austen").
        var name: String
        var status: String
    }

    /// The books `verb` can take for `sender`, in the order they are best offered.
    private func books(for verb: VerbForm.Verb, of sender: Sender, words: Words) async throws -> [Candidate] {
        let l = words.language
        func due(_ loan: Loan) -> String { l.pick("due ", "à rendre ") + words.dates.day(loan.dueAt, l, now: words.now) }
        func status(_ status: BookStatus) -> String {
            if let loan = status.loan {
                return loan.borrower.isSamePerson(as: sender.borrower)
                    ? l.pick("you have it, ", "vous l'avez, ") + due(loan)
                    : l.pick("\(loan.borrower.name) has it, ", "\(loan.borrower.name) l'a, ") + due(loan)
            }
            if status.book.report?.kind == .lost { return l.pick("missing", "introuvable") }
            if let keeper = status.keptFor {
                return keeper.isSamePerson(as: sender.borrower) ? l.pick("kept for you", "réservé pour vous")
                    : l.pick("on the shelf, kept for \(keeper.name)", "sur l'étagère, réservé pour \(keeper.name)")
            }
            return l.pick("on the shelf", "sur l'étagère")
        }
        func candidate(_ book: Book, _ status: String) -> Candidate {
            Candidate(id: book.id, title: book.title, name: words.distinctTitle(book), status: status)
        }
        func candidate(_ book: BookStatus) -> Candidate { candidate(book.book, status(book)) }
        switch verb {
        case .returnBook, .renew, .handOver:
            return try await library.loans(of: sender.borrower).map { candidate($0.book, due($0.loan)) }
        case .cancelHold:
            let lines = try await library.lines(of: sender.borrower)
            return lines.kept.map(candidate) + lines.awaited.map { awaited in
                candidate(awaited.status.book, l.pick("you are number \(awaited.position) in line", "vous êtes n° \(awaited.position) dans la file"))
            }
        case .checkout:
            // The books on the shelf first (those kept for someone else last of them), then the others.
            let all = try await library.list(.all, order: .oldest, at: words.now)
            func rank(_ book: BookStatus) -> Int {
                if book.loan != nil { return 2 }
                if let keeper = book.keptFor, !keeper.isSamePerson(as: sender.borrower) { return 1 }
                return 0
            }
            return all.enumerated().sorted { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }.map { candidate($0.element) }
        case .reportFound, .reportRepaired:
            // What can be found or repaired: the copies so reported.
            let kind: CopyReport.Kind = verb == .reportFound ? .lost : .damaged
            return try await library.list(.reported, order: .oldest, at: words.now).filter { $0.book.report?.kind == kind }.map(candidate)
        case .reportLost, .reportDamaged:
            // The member's own books first: the likeliest to be lost or damaged by them.
            let all = try await library.list(.all, order: .oldest, at: words.now)
            let mine = { (book: BookStatus) in book.loan?.borrower.isSamePerson(as: sender.borrower) == true }
            return (all.filter(mine) + all.filter { !mine($0) }).map(candidate)
        case .hold:
            // A line forms for a book that is out, not for one on the shelf.
            return try await library.list(.checkedOut, order: .oldest, at: words.now)
                .filter { $0.loan.map { !$0.borrower.isSamePerson(as: sender.borrower) } ?? false }.map(candidate)
        default:
            return try await library.list(.all, order: .oldest, at: words.now).map(candidate)
        }
    }

    /// The candidates whose title starts with `typed` (articles and case aside), then those with
    /// a word that does, then those that contain it, then those that hold its number written
    /// the other way ("19" → Nineteen Eighty-Four), then those whose initials it is ("lotr");
    /// one per title and author (copies are one choice).
    static func matching(_ candidates: [Candidate], _ typed: String) -> [Candidate] {
        let key = TextKey.fold(typed)
        let numbered = NumberWords.digits(key)
        let hasNumber = numbered.unicodeScalars.contains { ("0"..."9").contains($0) }
        let initials = TextKey.initialism(key)
        var seen = Set<String>()
        var ranked: [(rank: Int, order: Int, candidate: Candidate)] = []
        for (order, candidate) in candidates.enumerated() {
            let title = TextKey.fold(candidate.title)
            guard seen.insert(TextKey.fold(candidate.name)).inserted else { continue }
            let rank: Int
            if key.isEmpty || title.hasPrefix(key) {
                rank = 0
            } else if title.split(separator: " ").contains(where: { $0.hasPrefix(key) }) {
                rank = 1
            } else if title.contains(key) {
                rank = 2
            } else if hasNumber, NumberWords.digits(title).contains(numbered) {
                rank = 3
            } else if let initials, TextKey.initials(ofTitle: title).contains(initials) {
                rank = 4
            } else {
                continue
            }
            ranked.append((rank, order, candidate))
        }
        return ranked.sorted { ($0.rank, $0.order) < ($1.rank, $1.order) }.prefix(maxSuggestions).map(\.candidate)
    }

    /// `verb title`, or `verb #id` when the title would make the command too long for a choice.
    static func command(_ verb: String, _ title: String, id: Int64) -> String {
        let command = "\(verb) \(title)"
        return command.utf16.count <= maxLength ? command : "\(verb) #\(id)"
    }

    /// The verb form `typed` starts with, followed by a space: the form, the verb as typed, and
    /// what follows it. Nil while the verb itself is being typed.
    static func verb(in typed: String) -> (form: VerbForm, verbText: String, rest: String)? {
        let spaces = typed.indices.filter { typed[$0] == " " }
        for form in VerbForm.all where form.words.count <= spaces.count {
            let end = spaces[form.words.count - 1]
            let words = typed[..<end].split(separator: " ").map { CommandParser.foldWord(String($0)) }
            if words == form.words {
                return (form, String(typed[..<end]), String(typed[typed.index(after: end)...]).trimmingWhitespace())
            }
        }
        return nil
    }

    /// The commands whose verb starts with `typed` (all of them when nothing is typed yet), each
    /// with what it does, in the language of the verb that matched.
    static func verbs(startingWith typed: String, preferring preferred: Language) -> [CommandSuggestion] {
        let key = CommandParser.foldWord(typed)
        var suggestions: [CommandSuggestion] = []
        for entry in Help.entries {
            let english = CommandParser.foldWord(entry.english.verb).hasPrefix(key)
            let french = CommandParser.foldWord(entry.french.verb).hasPrefix(key)
            guard english || french else { continue }
            // Both fit (nothing typed yet, or "re": return and rendre): the member's language.
            let (verb, _, explanation) = french && (!english || preferred == .fr) ? entry.french : entry.english
            // A choice is plain text: the explanation's `code` marks would show as typed.
            let label = "\(verb) · \(explanation.replacingOccurrences(of: "`", with: ""))"
            suggestions.append(CommandSuggestion(label: label.limited(to: maxLength), command: verb))
        }
        return Array(suggestions.prefix(maxSuggestions))
    }

    /// After `recommend`: the library's categories whose name, or a word of it, starts with
    /// `typed` (all of them when nothing is), the most used first, each with how many books
    /// carry it.
    private func categories(after verb: String, startingWith typed: String, language: Language, at now: Date) async -> [CommandSuggestion] {
        guard let categories = try? await library.categories() else { return [] }
        let key = TextKey.fold(typed)
        let words = Words(language: language, dates: DateText(timeZone: settings.timeZone), now: now)
        return categories.filter { category in
            let name = TextKey.fold(category.name)
            // (A name too long for a choice would be cut, and name no category.)
            return "\(verb) \(category.name)".utf16.count <= Self.maxLength
                && (name.hasPrefix(key) || name.split(separator: " ").contains { $0.hasPrefix(key) })
        }.prefix(Self.maxSuggestions).map { category in
            let command = "\(verb) \(category.name)"
            return CommandSuggestion(label: "\(command) · \(words.books(category.books))".limited(to: Self.maxLength), command: command)
        }
    }

    private static func takesABook(_ verb: VerbForm.Verb) -> Bool {
        switch verb {
        case .checkout, .returnBook, .renew, .hold, .cancelHold, .handOver, .whoHas, .show,
             .reportLost, .reportDamaged, .reportFound, .reportRepaired, .recommendLike: true
        default: false
        }
    }
}
