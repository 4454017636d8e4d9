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
        return order.compactMap { key in
            guard let group = byBorrower[key], let first = group.first else { return nil }
            let l = language
            let title: RichText = l == .en
                ? "Library reminder for \(first.loan.borrower.name): \(words.books(group.count)) to bring back"
                : "Rappel de la bibliothèque pour \(first.loan.borrower.name) : \(words.books(group.count)) à rendre"
            var lines = group.map { words.loanLine($0) }
            lines.append(l == .en
                ? "Type \(code: "return \(first.book.title)") once it is back, or \(code: "renew \(first.book.title)") for more time."
                : "Tapez \(code: "rendre \(first.book.title)") une fois rendu, ou \(code: "prolonger \(first.book.title)") pour le garder plus longtemps.")
            let reply = Reply(.info, title, lines: lines, suggestion: l.pick("return ", "rendre ") + first.book.title, language: l)
            return Reminder(borrower: first.loan.borrower, loans: group, reply: reply)
        }
    }
}
