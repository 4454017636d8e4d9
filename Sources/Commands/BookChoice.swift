import LibraryCore

/// "Which one?": the books a reply asked a member to choose among for the command they typed
/// (`checkout Emmx` → Emma or Emmy), and how their next message picks one: its number (`#16`,
/// `16`), its place in the list (`2`, `the second one`, `la première`, `the last`), or its title
/// (`Emmy`, `Emma by Jane Austen` where two books share a title).
struct BookChoice: Sendable {
    struct Candidate: Sendable {
        var book: Book
        /// How the command names it: `#16`, or a title where copies are one choice.
        var reference: String
    }

    var intent: Intent
    var language: Language?
    var candidates: [Candidate]
    /// Whether the reply showed the books' numbers: a number that is one of theirs is that
    /// book, before it is a place in the list.
    var showsNumbers: Bool

    /// The command asked about, for `candidate`.
    func command(_ candidate: Candidate) -> ParsedCommand {
        ParsedCommand(intent: intent.naming(candidate.reference), language: language)
    }

    /// The candidate `answer` picks, or nil when it picks none, or several (two books of one
    /// title answered by the title).
    func pick(_ answer: String) -> Candidate? {
        // An answer is a few words; a pasted page is not read for one.
        guard answer.utf8.count <= 400 else { return nil }
        let key = TextKey.fold(CommandParser.unquote(answer))
        guard !key.isEmpty else { return nil }
        if let place = Self.place(key, among: candidates.count) { return candidates.indices.contains(place) ? candidates[place] : nil }
        if let number = Int(key) ?? number(afterLabel: key) {
            if showsNumbers, let candidate = candidates.first(where: { $0.book.id == Int64(number) }) { return candidate }
            return number >= 1 && number <= candidates.count ? candidates[number - 1] : nil
        }
        let byTitle = candidates.filter { TextKey.fold($0.book.title) == key }
        if byTitle.count == 1 { return byTitle[0] }
        // Two books of one title: with the author, as the list shows them.
        let byBoth = candidates.filter { candidate in
            let title = TextKey.fold(candidate.book.title), author = TextKey.fold(candidate.book.author)
            return [" ", " by ", " par ", " de "].contains { key == title + $0 + author }
        }
        return byBoth.count == 1 ? byBoth[0] : nil
    }

    /// "number 2", "no 2", "n° 2", "numéro 2": the number.
    private func number(afterLabel key: String) -> Int? {
        for label in ["number ", "no ", "n ", "numero ", "num "] where key.hasPrefix(label) {
            return Int(key.dropFirst(label.count))
        }
        return nil
    }

    /// "the second one", "2nd", "la deuxième", "le dernier": the place in a list of `count`,
    /// from 0 (folded `key`, `TextKey.fold`).
    static func place(_ key: String, among count: Int) -> Int? {
        guard key.utf8.count <= 24 else { return nil }
        var words = key.split(separator: " ").map(String.init)
        if let first = words.first, ["the", "le", "la", "l"].contains(first) { words.removeFirst() }
        if let last = words.last, ["one", "book", "livre"].contains(last), words.count > 1 { words.removeLast() }
        guard words.count == 1 else { return nil }
        switch words[0] {
        case "first", "1st", "premier", "premiere", "1er", "1re", "1ere": return 0
        case "second", "2nd", "deuxieme", "seconde", "2e", "2eme": return 1
        case "third", "3rd", "troisieme", "3e", "3eme": return 2
        case "fourth", "4th", "quatrieme", "4e", "4eme": return 3
        case "fifth", "5th", "cinquieme", "5e", "5eme": return 4
        case "sixth", "sixieme": return 5
        case "seventh", "septieme": return 6
        case "eighth", "huitieme": return 7
        case "ninth", "neuvieme": return 8
        case "tenth", "dixieme": return 9
        case "last", "dernier", "derniere": return count - 1
        default:
            // "12th", "21st", "12e", "12eme": the number before its ending.
            let word = words[0]
            guard let ending = ["st", "nd", "rd", "th", "eme", "e"].first(where: { word.hasSuffix($0) }),
                  let number = Int(word.dropLast(ending.count)), number >= 1, number <= 1_000 else { return nil }
            return number - 1
        }
    }
}

extension Intent {
    /// The words that type this intent, in `language`, for the intents a choice among books
    /// may finish (`checkout #16 as Ana`); nil for the others. They parse back to the intent.
    func typed(in language: Language) -> String? {
        let l = language
        func whom(_ name: String?) -> String { name.map { l.pick(" as ", " pour ") + $0 } ?? "" }
        func forWhom(_ name: String?) -> String { name.map { l.pick(" for ", " pour ") + $0 } ?? "" }
        return switch self {
        case .checkout(let book, let borrower): l.pick("checkout ", "emprunter ") + book + whom(borrower)
        case .returnBook(let book): l.pick("return ", "rendre ") + book
        case .renew(let book): l.pick("renew ", "prolonger ") + book
        case .hold(let book, let holder): l.pick("hold ", "réserver ") + book + forWhom(holder)
        case .cancelHold(let book, let holder): l.pick("cancel hold ", "annuler la réservation ") + book + forWhom(holder)
        case .whoHas(let book): l.pick("who has ", "qui a ") + book
        case .show(let book): l.pick("show ", "info ") + book
        case .handOver(let book, let to): l.pick("pass ", "passer ") + book + l.pick(" to ", " à ") + to
        // ("#4 est réparé": French says a report taken back so, not with "signaler".)
        case .report(let book, let kind, let note) where l == .fr && kind.takesBack: book + " est " + kind.said(in: l) + (note.map { ": " + $0 } ?? "")
        case .report(let book, let kind, let note): l.pick("report ", "signaler ") + book + " " + kind.said(in: l) + (note.map { ": " + $0 } ?? "")
        default: nil
        }
    }
}
