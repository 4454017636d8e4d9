import Foundation
import LibraryCore

/// A reminder for one member: the loans due soon or overdue, the books kept for them whose last
/// day is near, and the message saying so.
public struct Reminder: Sendable, Hashable {
    public var borrower: Borrower
    public var loans: [LoanedBook]
    public var kept: [KeptBook] = []
    public var reply: Reply
}

/// The messages the library sends by itself: the daily "who has what" digest and the reminders.
public struct LibraryReports: Sendable {
    public let library: LibraryService
    public let language: Language
    public let timeZone: TimeZone

    public init(library: LibraryService, language: Language, timeZone: TimeZone) {
        self.library = library
        self.language = language
        self.timeZone = timeZone
    }

    private func words(at now: Date) -> Words {
        var words = Words(language: language, dates: DateText(timeZone: timeZone), now: now)
        words.titlesOfSeveralAuthors = { [library] in library.titlesOfSeveralAuthors }
        return words
    }

    /// What a message to `person` is written in: the language they last wrote a command in
    /// (`languages`, from `LibraryService.memberLanguages`), else the library's.
    private func language(of person: Borrower, _ languages: [String: String]) -> Language {
        languages[person.memberKey].flatMap(Language.init(rawValue:)) ?? language
    }

    /// Ends the holds of books kept for the first in line past their last day
    /// (`LibraryService.lapseKeptHolds`), with the messages to send: to each member whose hold
    /// lapsed, and to the next in line the book is now kept for. With `apply` false nothing
    /// changes: they say what would happen now.
    public func lapseKeptHolds(at now: Date, apply: Bool = true) async throws -> (lapses: [HoldLapse], notices: [Notice]) {
        let words = words(at: now)
        let lapses = try await library.lapseKeptHolds(at: now, apply: apply)
        let languages = lapses.isEmpty ? [:] : try await library.memberLanguages()
        return (lapses, lapses.flatMap { lapse in
            [words.lapseNotice(lapse, language: language(of: lapse.hold.holder, languages))]
                + (lapse.nextInLine.map { [words.keptNotice(lapse.book, for: $0, language: language(of: $0.holder, languages))] } ?? [])
        })
    }

    /// The books out grouped by borrower (overdue marked), the holds waiting, the count on the
    /// shelf; a short line when nothing is out.
    public func digest(at now: Date) async throws -> Reply {
        try await Digest(library: library, words: words(at: now)).reply()
    }

    /// One reminder per member with loans overdue or due within `dueSoonDays` days of `now`, or
    /// a book kept for them whose last day is within as many days, most urgent first; nobody
    /// with nothing due gets one. A member who asked for quiet (`stop reminding me`) is not
    /// reminded of a book due soon, only of one late or kept for them.
    public func reminders(at now: Date, dueSoonDays: Int) async throws -> [Reminder] {
        // A book reported lost is not asked back: its loan waits for it to turn up, or for an
        // admin to take it off the shelf.
        let quiet = try await library.quietMembers()
        let dueSoon = try await library.dueSoon(within: dueSoonDays, at: now).filter { !quiet.contains($0.loan.borrower.memberKey) }
        let loans = try await (library.overdue(at: now) + dueSoon).filter { $0.book.report?.kind != .lost }
        let kept = try await library.keptEndingSoon(within: dueSoonDays, at: now)
        var order: [String] = []
        var byPerson: [String: (person: Borrower, loans: [LoanedBook], kept: [KeptBook])] = [:]
        for loaned in loans {
            let person = loaned.loan.borrower
            if byPerson[person.memberKey] == nil { order.append(person.memberKey) }
            byPerson[person.memberKey, default: (person, [], [])].loans.append(loaned)
        }
        for book in kept {
            let person = book.hold.holder
            if byPerson[person.memberKey] == nil { order.append(person.memberKey) }
            byPerson[person.memberKey, default: (person, [], [])].kept.append(book)
        }
        let queues = try await library.holdQueues()
        let languages = order.isEmpty ? [:] : try await library.memberLanguages()
        return order.compactMap { byPerson[$0] }.map { person, loans, kept in
            // Each in the language the member writes in.
            let theirs = language(of: person, languages)
            let reports = theirs == language ? self : LibraryReports(library: library, language: theirs, timeZone: timeZone)
            return Reminder(borrower: person, loans: loans, kept: kept,
                            reply: reports.reminder(to: person, loans: loans, kept: kept, queues: queues, words: reports.words(at: now)))
        }
    }

    private func reminder(to person: Borrower, loans group: [LoanedBook], kept: [KeptBook], queues: [Int64: [Hold]], words: Words) -> Reply {
        let l = language
        let keptLines: [RichText] = kept.map { book in
            l == .en ? "\(bold: book.book.title), kept for you\(words.until(book.hold.keptUntil))"
                     : "\(bold: book.book.title), réservé pour vous\(words.until(book.hold.keptUntil))"
        }
        guard let first = group.first else {
            // Only books kept for them: take them before their last day, or the next in line will.
            let book = kept[0].book
            let title: RichText = l == .en
                ? "Library reminder for \(person.name): \(words.books(kept.count)) kept for you"
                : "Rappel de la bibliothèque pour \(person.name) : \(words.books(kept.count)) réservé\(kept.count > 1 ? "s" : "") pour vous"
            var reply = Reply(.info, title, lines: keptLines + [keptHint(book, words: words)],
                              suggestion: l.pick("checkout ", "emprunter ") + words.reference(book), language: l)
            reply.actions = kept.map { Words.checkoutAction($0.book, l) }
            return reply
        }
        let maxRenewals = library.rules.maxRenewals
        let title: RichText = l == .en
            ? "Library reminder for \(person.name): \(words.books(group.count)) to bring back"
            : "Rappel de la bibliothèque pour \(person.name) : \(words.books(group.count)) à rendre"
        // A book someone waits for says so: it cannot be renewed, and it is wanted.
        var lines: [RichText] = group.map { loaned in
            let line = words.loanLine(loaned)
            let waiting = queues[loaned.book.id] ?? []
            guard let next = waiting.first else { return line }
            let who: RichText = switch (l, waiting.count) {
            case (.en, 1): " — \(next.holder.name) is waiting for it"
            case (.en, _): " — \(waiting.count) are waiting for it"
            case (.fr, 1): " — \(next.holder.name) l'attend"
            case (.fr, _): " — \(waiting.count) personnes l'attendent"
            }
            return RichText(spans: line.spans + who.spans)
        }
        // Renewing is offered only when it would work: nobody waiting, renewals left.
        let waitedFor = !(queues[first.book.id] ?? []).isEmpty, renewedToTheLimit = first.loan.renewals >= maxRenewals
        let hint: RichText = switch (l, waitedFor, renewedToTheLimit) {
        case (.en, false, false): "Type \(code: "return \(first.book.title)") once it is back, or \(code: "renew \(first.book.title)") for more time."
        case (.en, true, _): "Type \(code: "return \(first.book.title)") once it is back: someone is waiting for it, so it cannot be renewed."
        case (.en, false, true): "Type \(code: "return \(first.book.title)") once it is back: it was renewed \(maxRenewals) times, the most allowed."
        case (.fr, false, false): "Tapez \(code: "rendre \(first.book.title)") une fois rendu, ou \(code: "prolonger \(first.book.title)") pour le garder plus longtemps."
        case (.fr, true, _): "Tapez \(code: "rendre \(first.book.title)") une fois rendu : quelqu'un l'attend, il ne peut donc pas être prolongé."
        case (.fr, false, true): "Tapez \(code: "rendre \(first.book.title)") une fois rendu : il a déjà été prolongé \(maxRenewals) fois, le maximum."
        }
        lines.append(hint)
        if group.count > 1 {
            lines.append(l == .en ? "Or \(code: "return all") once they are all back."
                                  : "Ou \(code: "rendre tout") une fois tous rendus.")
        }
        if let book = kept.first?.book { lines += keptLines + [keptHint(book, words: words)] }
        var reply = Reply(.info, title, lines: lines, suggestion: l.pick("return ", "rendre ") + first.book.title, language: l)
        // A button for each book that renewing would help: nobody waiting, renewals left.
        reply.actions = group.filter { (queues[$0.book.id] ?? []).isEmpty && $0.loan.renewals < maxRenewals }.map { Words.renewAction($0.book, l) }
            + kept.map { Words.checkoutAction($0.book, l) }
        return reply
    }

    /// What to do with a book kept for the member: take it before its last day.
    private func keptHint(_ book: Book, words: Words) -> RichText {
        language == .en
            ? "Type \(code: "checkout \(words.reference(book))") to take it before then: after that, your place in line lapses."
            : "Tapez \(code: "emprunter \(words.reference(book))") pour le prendre d'ici là : après, votre place dans la file expire."
    }
}
