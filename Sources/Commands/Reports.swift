import Foundation
import LibraryCore

/// A reminder for one borrower: the loans due soon or overdue, and the message saying so.
public struct Reminder: Sendable, Hashable {
    public var borrower: Borrower
    public var loans: [LoanedBook]
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
        Words(language: language, dates: DateText(timeZone: timeZone), now: now)
    }

    /// Ends the holds of books kept for the first in line past their last day
    /// (`LibraryService.lapseKeptHolds`), with the messages to send: to each member whose hold
    /// lapsed, and to the next in line the book is now kept for. With `apply` false nothing
    /// changes: they say what would happen now.
    public func lapseKeptHolds(at now: Date, apply: Bool = true) async throws -> (lapses: [HoldLapse], notices: [Notice]) {
        let words = words(at: now)
        let lapses = try await library.lapseKeptHolds(at: now, apply: apply)
        return (lapses, lapses.flatMap { lapse in
            [words.lapseNotice(lapse, language: language)]
                + (lapse.nextInLine.map { [words.keptNotice(lapse.book, for: $0, language: language)] } ?? [])
        })
    }

    /// The books out grouped by borrower (overdue marked), the holds waiting, the count on the
    /// shelf; a short line when nothing is out.
    public func digest(at now: Date) async throws -> Reply {
        try await Digest(library: library, words: words(at: now)).reply()
    }

    /// One reminder per borrower with loans overdue or due within `dueSoonDays` days of `now`,
    /// most urgent first; nobody with nothing due gets one.
    public func reminders(at now: Date, dueSoonDays: Int) async throws -> [Reminder] {
        let words = words(at: now)
        let loans = try await library.overdue(at: now) + library.dueSoon(within: dueSoonDays, at: now)
        var order: [String] = []
        var byBorrower: [String: [LoanedBook]] = [:]
        for loaned in loans {
            let key = loaned.loan.borrower.userID.map { "id:\($0)" } ?? "name:\(loaned.loan.borrower.nameKey)"
            if byBorrower[key] == nil { order.append(key) }
            byBorrower[key, default: []].append(loaned)
        }
        let queues = try await library.holdQueues()
        let maxRenewals = library.rules.maxRenewals
        return order.compactMap { key in
            guard let group = byBorrower[key], let first = group.first else { return nil }
            let l = language
            let title: RichText = l == .en
                ? "Library reminder for \(first.loan.borrower.name): \(words.books(group.count)) to bring back"
                : "Rappel de la bibliothèque pour \(first.loan.borrower.name) : \(words.books(group.count)) à rendre"
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
            let reply = Reply(.info, title, lines: lines, suggestion: l.pick("return ", "rendre ") + first.book.title, language: l)
            return Reminder(borrower: first.loan.borrower, loans: group, reply: reply)
        }
    }
}
