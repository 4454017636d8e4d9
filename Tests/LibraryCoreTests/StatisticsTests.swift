import Foundation
import TestSupport
import LibraryCore
import Testing

@Suite("Statistics: the shelf, the loans of the month and the year, the most borrowed")
struct StatisticsTests {
    /// A year of loans: Emma (lent in December, back in January), Dune lent three times (its two
    /// copies together), The Hobbit out and overdue with Ana waiting for it.
    func lentLibrary(_ zone: String) async throws -> LibraryService {
        let rules = LibraryRules(loanDays: 14, timeZone: try #require(TimeZone(identifier: zone)))
        let library = try await makeLibrary(rules: rules, books: [
            book("Dune", "Frank Herbert"), book("Dune", "Frank Herbert"), book("Emma", "Jane Austen"), book("The Hobbit", "J.R.R. Tolkien"),
        ])
        _ = try await library.checkout("Emma", to: ana, at: utc("2025-12-20 10:00:00"))
        _ = try await library.returnBook("Emma", at: utc("2026-01-02 10:00:00"))
        _ = try await library.checkout("Dune", to: ana, at: utc("2026-01-10 10:00:00"))
        _ = try await library.returnBook("Dune", at: utc("2026-01-15 10:00:00"))
        // Sat 31 Oct 23:30 in UTC is already Sun 1 Nov in Paris.
        _ = try await library.checkout("Dune", to: ben, at: utc("2026-10-31 23:30:00"))
        _ = try await library.returnBook("Dune", at: utc("2026-11-20 10:00:00"))
        _ = try await library.checkout("The Hobbit", to: ben, at: utc("2026-11-02 10:00:00"))
        _ = try await library.checkout("Dune", to: chloe, at: utc("2026-11-25 10:00:00"))
        _ = try await library.hold("The Hobbit", for: ana, at: monday)
        return library
    }

    @Test("the month and the year begin at local midnight; copies of a title count together; a loan back after its due day is late")
    func figures() async throws {
        let library = try await lentLibrary("Europe/Paris")
        let figures = try await library.statistics(at: monday)
        #expect(figures.shelf == ShelfCounts(books: 4, available: 2, checkedOut: 2))
        #expect(figures.overdue == 1)
        #expect(figures.missing == 0)
        #expect((figures.loansThisMonth, figures.loansThisYear, figures.loansInAll) == (3, 4, 5))
        #expect(figures.borrowersThisYear == 3)
        // Emma (13 days), Dune with Ana (5) and with Ben (19 days, due Sun 15 Nov: late).
        #expect((figures.returnedThisYear, figures.returnedLateThisYear) == (3, 1))
        #expect(figures.medianDaysKept == 13)
        #expect((figures.holds, figures.booksWaitedFor) == (1, 1))
        #expect(figures.mostBorrowedThisYear.map(\.title) == ["Dune", "The Hobbit"])
        #expect(figures.mostBorrowedThisYear.map(\.loans) == [3, 1])

        // In UTC, Ben's loan of Dune began in October.
        let inUTC = try await lentLibrary("UTC").statistics(at: monday)
        #expect((inUTC.loansThisMonth, inUTC.loansThisYear) == (2, 4))
        // On New Year's Day, this year has no loan yet.
        let newYear = try await library.statistics(at: utc("2027-01-01 09:00:00"))
        #expect((newYear.loansThisMonth, newYear.loansThisYear, newYear.loansInAll) == (0, 0, 5))
        #expect(newYear.medianDaysKept == nil)
        #expect(newYear.mostBorrowedThisYear.isEmpty)
    }

    @Test("never borrowed: the copies with no loan, past or open; another copy of the title lent does not count")
    func neverBorrowed() async throws {
        let library = try await lentLibrary("UTC")
        #expect(try await library.list(.neverBorrowed, order: .oldest, at: monday).map(\.book.id) == [2])
        _ = try await library.checkout("#2", to: ana, at: monday)
        #expect(try await library.list(.neverBorrowed, at: monday).isEmpty)
    }

    @Test("a copy reported lost that nobody has is missing, not on the shelf; an empty library has no figures")
    func missingAndEmpty() async throws {
        let library = try await lentLibrary("UTC")
        _ = try await library.setReport(of: 3, to: CopyReport(.lost, by: ana, at: monday), at: monday)
        let figures = try await library.statistics(at: monday)
        #expect(figures.missing == 1)
        #expect(figures.shelf.available == 1)

        let empty = try await makeLibrary().statistics(at: monday)
        #expect(empty.shelf.books == 0)
        #expect((empty.loansInAll, empty.holds, empty.medianDaysKept) == (0, 0, nil))
    }
}
