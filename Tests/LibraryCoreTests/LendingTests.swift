import Foundation
import TestSupport
import LibraryCore
import Testing

@Suite("Lending: checkout, return, renew, hold")
struct LendingTests {
    let shelf = [book("Dune", "Frank Herbert"), book("Emma", "Jane Austen"), book("Persuasion", "Jane Austen")]

    @Test("checkout lends the book until the end of the local day loan_days later")
    func checkoutSetsDueDate() async throws {
        let rules = LibraryRules(loanDays: 14, timeZone: try #require(TimeZone(identifier: "Europe/Paris")))
        let library = try await makeLibrary(rules: rules, books: shelf)
        let lent = try await library.checkout("dune", to: ana, at: monday)
        #expect(lent.book.title == "Dune")
        #expect(lent.loan.borrower == ana)
        #expect(lent.loan.checkedOutAt == monday)
        // Monday 30 Nov + 14 days = Monday 14 Dec, last second in Paris (UTC+1).
        #expect(lent.loan.dueAt == utc("2026-12-14 22:59:59"))
        let status = try await library.whoHas("Dune")
        #expect(status.first?.loan?.borrower.name == "Ana")
    }

    @Test("a changed time zone keeps each open loan's due day; returned loans and the same zone again change nothing")
    func timeZoneChange() async throws {
        let database = try LibraryDatabase.inMemory()
        let inUTC = LibraryService(database: database, rules: LibraryRules(loanDays: 14, timeZone: try #require(TimeZone(identifier: "UTC"))))
        #expect(try inUTC.adoptTimeZone() == nil)  // the first zone recorded moves nothing
        try await inUTC.add(shelf, at: monday)
        let dune = try await inUTC.checkout("Dune", to: ana, at: monday)
        #expect(dune.loan.dueAt == utc("2026-12-14 23:59:59"))
        let emma = try await inUTC.checkout("Emma", to: ana, at: monday)
        _ = try await inUTC.returnBook("Emma", at: monday)

        // Paris is an hour ahead: left alone, the loan would be due at 00:59 on Tuesday there.
        let paris = try #require(TimeZone(identifier: "Europe/Paris"))
        let inParis = LibraryService(database: database, rules: LibraryRules(loanDays: 14, timeZone: paris))
        let change = try #require(try inParis.adoptTimeZone())
        // Foundation names UTC "GMT" on Linux.
        #expect((change.previous, change.current, change.openLoans) == (try #require(TimeZone(identifier: "UTC")).identifier, "Europe/Paris", 1))
        let moved = try #require(try await inParis.whoHas("Dune").first?.loan)
        #expect(moved.dueAt == utc("2026-12-14 22:59:59"))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = paris
        #expect(calendar.component(.day, from: moved.dueAt) == 14)
        // History stays as it was.
        #expect(try await inParis.show("Emma").pastLoans.first?.dueAt == emma.loan.dueAt)
        #expect(try inParis.adoptTimeZone() == nil)
        #expect(try await inParis.whoHas("Dune").first?.loan?.dueAt == utc("2026-12-14 22:59:59"))

        // Westward, New York (UTC-5): the end of Monday 14 Dec there.
        let inNewYork = LibraryService(database: database, rules: LibraryRules(loanDays: 14, timeZone: try #require(TimeZone(identifier: "America/New_York"))))
        #expect(try inNewYork.adoptTimeZone()?.previous == "Europe/Paris")
        #expect(try await inNewYork.whoHas("Dune").first?.loan?.dueAt == utc("2026-12-15 04:59:59"))
    }

    @Test("checkout of a book already out names the borrower and since when")
    func checkoutOfBookThatIsOut() async throws {
        let library = try await makeLibrary(books: shelf)
        try await library.checkout("Dune", to: ana, at: monday)
        let error = await libraryError { _ = try await library.checkout("Dune", to: ben, at: monday.addingTimeInterval(3600)) }
        guard case .alreadyCheckedOut(let book, let loan) = error else {
            Issue.record("expected alreadyCheckedOut, got \(String(describing: error))")
            return
        }
        #expect(book.title == "Dune")
        #expect(loan.borrower.name == "Ana")
        #expect(loan.checkedOutAt == monday)
    }

    @Test("return of a book that is in is refused, and return closes the loan into history")
    func returnOfBookThatIsIn() async throws {
        let library = try await makeLibrary(books: shelf)
        let error = await libraryError { _ = try await library.returnBook("Dune", at: monday) }
        #expect(error == .notCheckedOut(try await library.resolve("Dune")))

        try await library.checkout("Dune", to: ana, at: monday)
        let receipt = try await library.returnBook("Dune", at: monday.addingTimeInterval(86_400))
        #expect(receipt.loan.returnedAt == monday.addingTimeInterval(86_400))
        #expect(receipt.nextInLine == nil)
        let details = try await library.show("Dune")
        #expect(details.loan == nil)
        #expect(details.pastLoans.map(\.borrower.name) == ["Ana"])
        // Back on the shelf, so it can go out again.
        _ = try await library.checkout("Dune", to: ben, at: monday.addingTimeInterval(2 * 86_400))
    }

    @Test("books of one title by different authors: a return or renewal by title is the member's own, when only one of them is; else which one is asked")
    func returnOneOfSeveralAuthors() async throws {
        let library = try await makeLibrary(books: [book("Emma", "Jane Austen"), book("Emma", "Someone Else")])
        try await library.checkout("Emma by Austen", to: ana, at: monday)
        let renewed = try await library.renew("Emma", by: ana, at: monday.addingTimeInterval(3 * 86_400))
        #expect(renewed.book.author == "Jane Austen")
        // Ben has neither: not his to bring back by title.
        let notHis = await libraryError { _ = try await library.returnBook("Emma", by: ben, at: monday) }
        guard case .ambiguous = notHis else { Issue.record("\(String(describing: notHis))"); return }
        try await library.checkout("Emma by Someone Else", to: ana, at: monday)
        // Ana has both: which one?
        let both = await libraryError { _ = try await library.returnBook("Emma", by: ana, at: monday) }
        guard case .ambiguous = both else { Issue.record("\(String(describing: both))"); return }
        let receipt = try await library.returnBook("Emma by Someone Else", by: ana, at: monday)
        #expect(receipt.book.author == "Someone Else")
        #expect(try await library.returnBook("emma", by: ana, at: monday).book.author == "Jane Austen")
        // Different titles that a reference names ("harry potter") are asked about, even when
        // only one of them is the member's.
        try await library.add([book("Harry Potter and the Chamber of Secrets"), book("Harry Potter and the Prisoner of Azkaban")], at: monday)
        try await library.checkout("chamber of secrets", to: ana, at: monday)
        let different = await libraryError { _ = try await library.returnBook("harry potter", by: ana, at: monday) }
        guard case .ambiguous = different else { Issue.record("\(String(describing: different))"); return }
    }

    @Test("renew moves the due date to today + loan_days, at most max_renewals times")
    func renewPastTheLimit() async throws {
        let library = try await makeLibrary(rules: LibraryRules(loanDays: 7, maxRenewals: 2), books: shelf)
        try await library.checkout("Dune", to: ana, at: monday)
        let first = try await library.renew("Dune", at: utc("2026-12-05 10:00:00"))
        #expect(first.loan.dueAt == utc("2026-12-12 23:59:59"))
        #expect(first.loan.renewals == 1)
        let second = try await library.renew("Dune", at: utc("2026-12-10 10:00:00"))
        #expect(second.loan.renewals == 2)
        #expect(second.loan.dueAt == utc("2026-12-17 23:59:59"))
        let error = await libraryError { _ = try await library.renew("Dune", at: utc("2026-12-15 10:00:00")) }
        guard case .renewalLimitReached(_, let loan, let limit) = error else {
            Issue.record("expected renewalLimitReached, got \(String(describing: error))")
            return
        }
        #expect(limit == 2)
        #expect(loan.dueAt == utc("2026-12-17 23:59:59"))
    }

    @Test("a renewal that would not move the due date changes nothing and uses no renewal")
    func renewTooEarly() async throws {
        let rules = LibraryRules(loanDays: 14, maxRenewals: 2, timeZone: try #require(TimeZone(identifier: "Europe/Paris")))
        let library = try await makeLibrary(rules: rules, books: shelf)
        let lent = try await library.checkout("Dune", to: ana, at: monday)
        // Later the same Paris day (23:30 UTC is 00:30 on Tuesday in Paris, so not that).
        let error = await libraryError { _ = try await library.renew("Dune", at: utc("2026-11-30 22:30:00")) }
        guard case .renewalTooEarly(_, let loan, let from) = error else {
            Issue.record("expected renewalTooEarly, got \(String(describing: error))")
            return
        }
        #expect(loan.dueAt == lent.loan.dueAt)
        #expect(loan.renewals == 0)
        // From Tuesday 1 Dec in Paris a renewal gives one more day.
        #expect(from == utc("2026-11-30 23:00:00"))
        let renewed = try await library.renew("Dune", at: from)
        #expect(renewed.loan.renewals == 1)
        #expect(renewed.loan.dueAt == utc("2026-12-15 22:59:59"))
    }

    @Test("renew is refused while someone holds the book")
    func renewWhileHeld() async throws {
        let library = try await makeLibrary(books: shelf)
        try await library.checkout("Dune", to: ana, at: monday)
        try await library.hold("Dune", for: ben, at: monday.addingTimeInterval(60))
        let error = await libraryError { _ = try await library.renew("Dune", at: monday.addingTimeInterval(120)) }
        guard case .renewalBlockedByHolds(_, _, let holds) = error else {
            Issue.record("expected renewalBlockedByHolds, got \(String(describing: error))")
            return
        }
        #expect(holds.map(\.holder.name) == ["Ben"])
    }

    @Test("renew of a book on the shelf is refused")
    func renewOfBookThatIsIn() async throws {
        let library = try await makeLibrary(books: shelf)
        let error = await libraryError { _ = try await library.renew("Emma", at: monday) }
        #expect(error == .notCheckedOut(try await library.resolve("Emma")))
    }

    @Test("holds queue in order, one place per person; the return names the first in line")
    func holdQueue() async throws {
        let library = try await makeLibrary(books: shelf)
        try await library.checkout("Dune", to: ana, at: monday)
        let benHold = try await library.hold("Dune", for: ben, at: monday.addingTimeInterval(60))
        let chloeHold = try await library.hold("Dune", for: chloe, at: monday.addingTimeInterval(120))
        #expect(benHold.position == 1)
        #expect(chloeHold.position == 2)
        #expect(chloeHold.currentLoan?.borrower.name == "Ana")

        let twice = await libraryError { _ = try await library.hold("Dune", for: Borrower(name: "chloe"), at: monday.addingTimeInterval(180)) }
        guard case .alreadyHolding(_, _, let position) = twice else {
            Issue.record("expected alreadyHolding, got \(String(describing: twice))")
            return
        }
        #expect(position == 2)

        let own = await libraryError { _ = try await library.hold("Dune", for: ana, at: monday) }
        guard case .holdOnOwnLoan = own else {
            Issue.record("expected holdOnOwnLoan, got \(String(describing: own))")
            return
        }

        let receipt = try await library.returnBook("Dune", at: monday.addingTimeInterval(86_400))
        #expect(receipt.nextInLine?.holder.name == "Ben")

        // Kept for Ben: Chloé cannot take it first, Ben can, and then Chloé is next.
        let jump = await libraryError { _ = try await library.checkout("Dune", to: chloe, at: monday.addingTimeInterval(90_000)) }
        guard case .heldForAnother(_, let hold) = jump else {
            Issue.record("expected heldForAnother, got \(String(describing: jump))")
            return
        }
        #expect(hold.holder.name == "Ben")
        try await library.checkout("Dune", to: ben, at: monday.addingTimeInterval(90_000))
        let next = try await library.returnBook("Dune", at: monday.addingTimeInterval(100_000))
        #expect(next.nextInLine?.holder.name == "Chloé")
    }

    @Test("a hold on a book on the shelf says to check it out instead")
    func holdOnAvailableBook() async throws {
        let library = try await makeLibrary(books: shelf)
        let error = await libraryError { _ = try await library.hold("Emma", for: ben, at: monday) }
        #expect(error == .holdOnAvailableBook(try await library.resolve("Emma")))
    }

    @Test("a book on the shelf kept for someone is waited for like a book that is out; the one it is kept for checks it out")
    func holdOnKeptBook() async throws {
        let library = try await makeLibrary(books: shelf)
        try await library.checkout("Dune", to: ana, at: monday)
        try await library.hold("Dune", for: ben, at: monday)
        _ = try await library.returnBook("Dune", at: monday.addingTimeInterval(3_600))
        // Kept for Ben: Chloé can neither take it nor was she told to; she joins the line.
        let chloeHold = try await library.hold("Dune", for: chloe, at: monday.addingTimeInterval(7_200))
        #expect(chloeHold.position == 2)
        #expect(chloeHold.currentLoan == nil)
        #expect(chloeHold.keptFor?.holder.name == "Ben")
        // Ben, for whom it is kept, is told to check it out.
        let benAgain = await libraryError { _ = try await library.hold("Dune", for: ben, at: monday.addingTimeInterval(7_300)) }
        #expect(benAgain == .holdOnAvailableBook(try await library.resolve("Dune")))
        // Ben takes it; when it comes back, it is kept for Chloé.
        try await library.checkout("Dune", to: ben, at: monday.addingTimeInterval(8_000))
        #expect(try await library.returnBook("Dune", at: monday.addingTimeInterval(9_000)).nextInLine?.holder.name == "Chloé")
    }

    @Test("a cancelled hold leaves the queue")
    func cancelHold() async throws {
        let library = try await makeLibrary(books: shelf)
        try await library.checkout("Dune", to: ana, at: monday)
        try await library.hold("Dune", for: ben, at: monday)
        #expect(try await library.cancelHold("Dune", for: ben, at: monday.addingTimeInterval(180))?.hold.holder.name == "Ben")
        #expect(try await library.show("Dune").holds.isEmpty)
        #expect(try await library.cancelHold("Dune", for: ben, at: monday.addingTimeInterval(180)) == nil)
    }

    @Test("the first in line giving up a book kept for them passes it to the next, else frees it")
    func cancelKeptHold() async throws {
        let library = try await makeLibrary(books: shelf)
        try await library.checkout("Dune", to: ana, at: monday)
        try await library.hold("Dune", for: ben, at: monday)
        try await library.hold("Dune", for: chloe, at: monday.addingTimeInterval(60))
        // While Dune is out, nobody is passed anything.
        try await library.hold("Dune", for: Borrower(name: "Dan"), at: monday.addingTimeInterval(120))
        #expect(try await library.cancelHold("Dune", for: Borrower(name: "Dan"), at: monday.addingTimeInterval(180))?.nextInLine == nil)
        try await library.returnBook("Dune", at: monday.addingTimeInterval(3600))
        let given = try #require(try await library.cancelHold("Dune", for: ben, at: monday.addingTimeInterval(3_700)))
        #expect(given.nextInLine?.holder.name == "Chloé")
        let error = await libraryError { _ = try await library.checkout("Dune", to: ben, at: monday.addingTimeInterval(7200)) }
        #expect(error == .heldForAnother(try await library.resolve("Dune"), hold: try #require(given.nextInLine)))
        #expect(try await library.cancelHold("Dune", for: chloe, at: monday.addingTimeInterval(3_700))?.nextInLine == nil)
        try await library.checkout("Dune", to: ben, at: monday.addingTimeInterval(7200))
    }

    @Test("a book back on the shelf is kept for the first in line until the end of the local day hold_days later, then passes to the next in line")
    func keptHoldLapses() async throws {
        let paris = try #require(TimeZone(identifier: "Europe/Paris"))
        let library = try await makeLibrary(rules: LibraryRules(loanDays: 14, holdDays: 3, timeZone: paris), books: shelf)
        try await library.checkout("Dune", to: ana, at: monday)
        try await library.hold("Dune", for: ben, at: monday)
        try await library.hold("Dune", for: chloe, at: monday.addingTimeInterval(60))
        // While Dune is out, nobody's hold can lapse.
        #expect(try await library.lapseKeptHolds(at: utc("2026-12-20 09:00:00"), apply: false).isEmpty)

        // Back on Monday 30 Nov: kept for Ben until the end of Thursday 3 Dec in Paris.
        let receipt = try await library.returnBook("Dune", at: monday.addingTimeInterval(3_600))
        #expect(receipt.nextInLine?.keptUntil == utc("2026-12-03 22:59:59"))
        #expect(try await library.whoHas("Dune").first?.keptUntil == utc("2026-12-03 22:59:59"))
        #expect(try await library.lines(of: ben).kept.map(\.keptUntil) == [utc("2026-12-03 22:59:59")])
        #expect(try await library.show("Dune").holds.map(\.keptUntil) == [utc("2026-12-03 22:59:59"), nil])
        // Thursday evening is still his.
        #expect(try await library.lapseKeptHolds(at: utc("2026-12-03 22:00:00")).isEmpty)

        // Friday: a dry run says what would happen, and changes nothing.
        let friday = utc("2026-12-04 09:00:00")
        #expect(try await library.lapseKeptHolds(at: friday, apply: false).map(\.hold.holder.name) == ["Ben"])
        #expect(try await library.whoHas("Dune").first?.keptFor?.name == "Ben")
        // Then Ben's hold lapses, and Dune is kept for Chloé for 3 days from today.
        let lapses = try await library.lapseKeptHolds(at: friday)
        #expect(lapses.map(\.hold.holder.name) == ["Ben"])
        #expect(lapses.first?.nextInLine?.holder.name == "Chloé")
        #expect(lapses.first?.nextInLine?.keptUntil == utc("2026-12-07 22:59:59"))
        #expect(try await library.show("Dune").holds.map(\.holder.name) == ["Chloé"])
        let error = await libraryError { _ = try await library.checkout("Dune", to: ben, at: friday) }
        #expect(error == .heldForAnother(try await library.resolve("Dune"), hold: try #require(lapses.first?.nextInLine)))
        #expect(try await library.lapseKeptHolds(at: friday).isEmpty, "a hold lapses once")

        // Chloé lets hers lapse too: nobody waits, Dune is free for anyone.
        let last = try await library.lapseKeptHolds(at: utc("2026-12-08 09:00:00"))
        #expect(last.map(\.hold.holder.name) == ["Chloé"])
        #expect(last.first?.nextInLine == nil)
        try await library.checkout("Dune", to: ben, at: utc("2026-12-08 09:00:00"))
    }

    /// A database where Dune, back on Monday, is kept for Ben under `holdDays`; and until when.
    func duneKeptForBen(holdDays: Int) async throws -> (LibraryDatabase, keptUntil: Date?) {
        let database = try LibraryDatabase.inMemory()
        let library = LibraryService(database: database, rules: LibraryRules(loanDays: 14, holdDays: holdDays))
        try await library.add(shelf, at: monday)
        try await library.checkout("Dune", to: ana, at: monday)
        try await library.hold("Dune", for: ben, at: monday)
        return (database, try await library.returnBook("Dune", at: monday).nextInLine?.keptUntil)
    }

    @Test("hold_days 0 keeps a book for the first in line without a limit; a later limit starts from the first check")
    func keptWithoutLimit() async throws {
        let (database, keptUntil) = try await duneKeptForBen(holdDays: 0)
        #expect(keptUntil == nil)
        let unlimited = LibraryService(database: database, rules: LibraryRules(loanDays: 14, holdDays: 0))
        #expect(try await unlimited.lapseKeptHolds(at: utc("2027-06-01 09:00:00")).isEmpty)
        #expect(try await unlimited.whoHas("Dune").first?.keptFor?.name == "Ben")

        // The operator sets library.hold_days to 2: Ben has 2 days from the first check, not none.
        let limited = LibraryService(database: database, rules: LibraryRules(loanDays: 14, holdDays: 2))
        let check = utc("2027-06-01 09:00:00")
        #expect(try await limited.lapseKeptHolds(at: check).isEmpty)
        #expect(try await limited.whoHas("Dune").first?.keptUntil == utc("2027-06-03 23:59:59"))
        #expect(try await limited.lapseKeptHolds(at: utc("2027-06-04 09:00:00")).map(\.hold.holder.name) == ["Ben"])
    }

    @Test("hold_days set back to 0: the deadlines go at the next check, and nothing lapses")
    func limitRemoved() async throws {
        let (database, keptUntil) = try await duneKeptForBen(holdDays: 2)
        #expect(keptUntil != nil)
        let unlimited = LibraryService(database: database, rules: LibraryRules(loanDays: 14, holdDays: 0))
        let later = utc("2027-06-01 09:00:00")
        #expect(try await unlimited.lapseKeptHolds(at: later, apply: false).isEmpty)
        #expect(try await unlimited.whoHas("Dune").first?.keptUntil != nil, "a dry run changes nothing")
        #expect(try await unlimited.lapseKeptHolds(at: later).isEmpty)
        let status = try #require(try await unlimited.whoHas("Dune").first)
        #expect(status.keptFor?.name == "Ben" && status.keptUntil == nil)
    }

    @Test("a changed time zone keeps the day a book is kept until")
    func keptDayAcrossTimeZones() async throws {
        let database = try LibraryDatabase.inMemory()
        let inUTC = LibraryService(database: database, rules: LibraryRules(loanDays: 14, holdDays: 3, timeZone: try #require(TimeZone(identifier: "UTC"))))
        #expect(try inUTC.adoptTimeZone() == nil)
        try await inUTC.add(shelf, at: monday)
        try await inUTC.checkout("Dune", to: ana, at: monday)
        try await inUTC.hold("Dune", for: ben, at: monday)
        #expect(try await inUTC.returnBook("Dune", at: monday).nextInLine?.keptUntil == utc("2026-12-03 23:59:59"))
        let inParis = LibraryService(database: database, rules: LibraryRules(loanDays: 14, holdDays: 3, timeZone: try #require(TimeZone(identifier: "Europe/Paris"))))
        _ = try inParis.adoptTimeZone()
        #expect(try await inParis.whoHas("Dune").first?.keptUntil == utc("2026-12-03 22:59:59"))
    }

    @Test("with copies, the first copy back goes to whoever has waited longest for the title, whichever copy they queued for")
    func holdsAcrossCopies() async throws {
        let library = try await makeLibrary(books: [book("Dune", "Frank Herbert"), book("Dune", "Frank Herbert"), book("Dune", "Someone Else")])
        let cy = Borrower(name: "Cy"), dan = Borrower(name: "Dan")
        try await library.checkout("#1", to: ana, at: monday)
        try await library.checkout("#2", to: cy, at: monday.addingTimeInterval(86_400))
        // Both out: Ben and Chloé wait for #1 (Frank Herbert's Dune, due back first).
        try await library.hold("#1", for: ben, at: monday.addingTimeInterval(90_000))
        try await library.hold("#1", for: chloe, at: monday.addingTimeInterval(90_060))
        // #3 is another author's Dune: nobody waiting for Frank Herbert's is moved to it.
        try await library.checkout("#3", to: dan, at: monday)
        #expect(try await library.returnBook("#3", at: monday.addingTimeInterval(100_000)).nextInLine == nil)
        // Cy brings #2 back first: it is kept for Ben, who waited longest.
        let back = try await library.returnBook("#2", at: monday.addingTimeInterval(100_000))
        #expect(back.nextInLine?.holder.name == "Ben")
        #expect(back.nextInLine?.bookID == 2 && back.nextInLine?.keptUntil != nil)
        #expect(try await library.show("#2").holds.map(\.holder.name) == ["Ben"])
        #expect(try await library.show("#1").holds.map(\.holder.name) == ["Chloé"])
        // Ana brings #1 back: Chloé's own copy, kept for her.
        #expect(try await library.returnBook("#1", at: monday.addingTimeInterval(110_000)).nextInLine?.holder.name == "Chloé")

        // A copy back while another is kept for its first in line: the one behind them takes it.
        try await library.checkout("#1", to: chloe, at: monday.addingTimeInterval(120_000))
        try await library.hold("#2", for: dan, at: monday.addingTimeInterval(120_060))  // behind Ben, for whom #2 is kept
        #expect(try await library.show("#2").holds.map(\.holder.name) == ["Ben", "Dan"])
        #expect(try await library.returnBook("#1", at: monday.addingTimeInterval(130_000)).nextInLine?.holder.name == "Dan")
        #expect(try await library.show("#2").holds.map(\.holder.name) == ["Ben"])

        // Given up, or lapsed, a kept copy also goes to whoever waits for another copy.
        try await library.checkout("#1", to: dan, at: monday.addingTimeInterval(140_000))
        try await library.hold("#1", for: chloe, at: monday.addingTimeInterval(140_060))
        #expect(try await library.cancelHold("#2", for: ben, at: monday.addingTimeInterval(150_000))?.nextInLine?.holder.name == "Chloé")
        try await library.hold("#2", for: ana, at: monday.addingTimeInterval(150_060))  // behind Chloé, for whom #2 is kept
        try await library.checkout("#2", to: chloe, at: monday.addingTimeInterval(160_000))
        try await library.hold("#1", for: ben, at: monday.addingTimeInterval(160_060))  // #1 is Dan's, #2 Chloé's
        _ = try await library.returnBook("#2", at: monday.addingTimeInterval(170_000))  // kept for Ana
        let lapsed = try await library.lapseKeptHolds(at: utc("2026-12-20 09:00:00"))
        #expect(lapsed.map(\.hold.holder.name) == ["Ana"])
        #expect(lapsed.first?.nextInLine?.holder.name == "Ben", "Ben waited for #1, still out")
    }

    @Test("a new copy of a title someone waits for is kept for whoever waited longest; another author's book of that title is not a copy")
    func newCopyKeptForWaiting() async throws {
        let library = try await makeLibrary(books: shelf)
        try await library.checkout("Dune", to: ana, at: monday)
        try await library.hold("Dune", for: ben, at: monday)
        try await library.hold("Dune", for: chloe, at: monday.addingTimeInterval(60))
        let other = try await library.add(book("Dune", "Someone Else"), at: monday.addingTimeInterval(3_600))
        #expect(try await library.show("#\(other.id)").holds.isEmpty)
        let copy = try await library.add(book("Dune", "Frank Herbert"), at: monday.addingTimeInterval(3_600))
        let kept = try await library.show("#\(copy.id)").holds
        #expect(kept.map(\.holder.name) == ["Ben"])
        #expect(kept.first?.keptUntil != nil)
        #expect(try await library.show("#1").holds.map(\.holder.name) == ["Chloé"])
        // The same through an import of several books.
        let more = try await library.addMissing([book("Dune", "Frank Herbert"), book("Dune", "Frank Herbert"), book("Dune", "Frank Herbert")], at: monday)
        #expect(more.added.count == 1)
        #expect(try await library.show("#\(try #require(more.added.first).id)").holds.map(\.holder.name) == ["Chloé"])
    }

    @Test("a name longer than 100 characters is refused for a loan or a hold, and nothing is recorded")
    func longNames() async throws {
        let library = try await makeLibrary(books: shelf)
        let long = Borrower(name: String(repeating: "Ana", count: 34))
        #expect(await libraryError { _ = try await library.checkout("Dune", to: long, at: monday) } == .nameTooLong(maximum: 100))
        try await library.checkout("Dune", to: ana, at: monday)
        #expect(await libraryError { _ = try await library.hold("Dune", for: long, at: monday) } == .nameTooLong(maximum: 100))
        #expect(try await library.show("Dune").holds.isEmpty)
        try await library.hold("Dune", for: Borrower(name: String(repeating: "a", count: 100)), at: monday)
    }

    @Test("loans of a borrower: by user id, or by name when no id was recorded")
    func loansOfBorrower() async throws {
        let library = try await makeLibrary(books: shelf)
        try await library.checkout("Dune", to: ana, at: monday)
        try await library.checkout("Emma", to: Borrower(name: "ana"), at: monday.addingTimeInterval(-86_400))
        try await library.checkout("Persuasion", to: ben, at: monday)
        let byID = try await library.loans(of: Borrower(name: "Ana", userID: "U-ANA"))
        #expect(byID.map(\.book.title) == ["Emma", "Dune"])
        // A new display name: the id still finds the loan recorded with it.
        let renamed = try await library.loans(of: Borrower(name: "Ana María", userID: "U-ANA"))
        #expect(renamed.map(\.book.title) == ["Dune"])
        let byName = try await library.loans(of: Borrower(name: "ANA"))
        #expect(Set(byName.map(\.book.title)) == ["Dune", "Emma"])
        #expect(try await library.loans(of: chloe).isEmpty)
    }

    @Test("past loans of a borrower: returned ones only, the last returned first, by user id or by name, with the total")
    func pastLoansOfBorrower() async throws {
        let library = try await makeLibrary(books: shelf)
        let day = 86_400.0
        try await library.checkout("Dune", to: ana, at: monday)
        _ = try await library.returnBook("Dune", by: ana, at: monday.addingTimeInterval(2 * day))
        try await library.checkout("Emma", to: Borrower(name: "ana"), at: monday)
        _ = try await library.returnBook("Emma", by: Borrower(name: "ana"), at: monday.addingTimeInterval(3 * day))
        try await library.checkout("Persuasion", to: ben, at: monday)
        _ = try await library.returnBook("Persuasion", by: ben, at: monday.addingTimeInterval(day))
        try await library.checkout("Dune", to: ana, at: monday.addingTimeInterval(4 * day))   // out: not past

        let byID = try await library.pastLoans(of: ana, limit: 10)
        #expect(byID.loans.map(\.book.title) == ["Emma", "Dune"])
        #expect(byID.total == 2)
        // A new display name: the id still finds the loan recorded with it, not the name's.
        let renamed = try await library.pastLoans(of: Borrower(name: "Ana María", userID: "U-ANA"), limit: 10)
        #expect(renamed.loans.map(\.book.title) == ["Dune"])
        #expect(renamed.total == 1)
        let lastOne = try await library.pastLoans(of: ana, limit: 1)
        #expect(lastOne.loans.map(\.book.title) == ["Emma"])
        #expect(lastOne.total == 2)
        // By name alone: every loan recorded under that name, with an id or without.
        let byName = try await library.pastLoans(of: Borrower(name: "ANA"), limit: 10)
        #expect(byName.loans.map(\.book.title) == ["Emma", "Dune"])
        #expect(try await library.pastLoans(of: ben, limit: 10).loans.map(\.book.title) == ["Persuasion"])
        #expect(try await library.pastLoans(of: chloe, limit: 10).total == 0)
    }

    @Test("overdue and due-soon loans at a given instant")
    func overdueAtAnInstant() async throws {
        let library = try await makeLibrary(rules: LibraryRules(loanDays: 14), books: shelf)
        try await library.checkout("Dune", to: ana, at: utc("2026-11-01 10:00:00"))      // due 15 Nov
        try await library.checkout("Emma", to: ben, at: utc("2026-11-10 10:00:00"))      // due 24 Nov
        try await library.checkout("Persuasion", to: chloe, at: utc("2026-11-20 10:00:00")) // due 4 Dec

        #expect(try await library.overdue(at: utc("2026-11-15 23:00:00")).isEmpty)
        #expect(try await library.overdue(at: utc("2026-11-16 00:00:01")).map(\.book.title) == ["Dune"])
        let late = try await library.overdue(at: utc("2026-11-25 08:00:00"))
        #expect(late.map(\.book.title) == ["Dune", "Emma"])
        #expect(late.allSatisfy { $0.loan.isOverdue(at: utc("2026-11-25 08:00:00")) })
        let soon = try await library.dueSoon(within: 2, at: utc("2026-12-03 08:00:00"))
        #expect(soon.map(\.book.title) == ["Persuasion"])
        #expect(try await library.dueSoon(within: 2, at: utc("2026-11-28 08:00:00")).isEmpty)
        // In calendar days: on 2 Dec, a loan due on 4 Dec is due within 2 days at any hour;
        // on 1 Dec it is not yet, and with 0 days it is on its due day.
        #expect(try await library.dueSoon(within: 2, at: utc("2026-12-02 08:00:00")).map(\.book.title) == ["Persuasion"])
        #expect(try await library.dueSoon(within: 2, at: utc("2026-12-01 23:00:00")).isEmpty)
        #expect(try await library.dueSoon(within: 0, at: utc("2026-12-04 09:00:00")).map(\.book.title) == ["Persuasion"])

        let overdueList = try await library.list(.overdue, at: utc("2026-11-25 08:00:00"))
        #expect(Set(overdueList.map(\.book.title)) == ["Dune", "Emma"])
    }

    @Test("among copies, checkout takes one on the shelf and return takes the borrower's")
    func copies() async throws {
        let library = try await makeLibrary(books: [book("Dune", "Frank Herbert"), book("Dune", "Frank Herbert")])
        let first = try await library.checkout("Dune", to: ana, at: monday)
        let second = try await library.checkout("Dune", to: ben, at: monday)
        #expect(first.book.id != second.book.id)
        let statuses = try await library.whoHas("dune")
        #expect(Set(statuses.compactMap(\.loan?.borrower.name)) == ["Ana", "Ben"])
        let back = try await library.returnBook("Dune", by: ben, at: monday.addingTimeInterval(60))
        #expect(back.book.id == second.book.id)
        let error = await libraryError { _ = try await library.checkout("Dune", to: chloe, at: monday.addingTimeInterval(120)) }
        #expect(error == nil)
        let third = await libraryError { _ = try await library.checkout("Dune", to: Borrower(name: "Dan"), at: monday.addingTimeInterval(180)) }
        guard case .alreadyCheckedOut = third else {
            Issue.record("expected alreadyCheckedOut, got \(String(describing: third))")
            return
        }
    }

    @Test("among copies, a title typed twice by the same member is not a second copy; its number is")
    func secondCopyByNumber() async throws {
        let library = try await makeLibrary(books: [book("Dune", "Frank Herbert"), book("Dune", "Frank Herbert")])
        let first = try await library.checkout("Dune", to: ana, at: monday)
        let again = await libraryError { _ = try await library.checkout("dune", to: ana, at: monday) }
        #expect(again == .alreadyCheckedOut(first.book, loan: first.loan))
        #expect(try await library.whoHas("Dune").filter { $0.loan == nil }.count == 1, "the other copy stays on the shelf")
        let other = try #require(try await library.whoHas("Dune").first { $0.loan == nil }).book
        #expect(try await library.checkout("#\(other.id)", to: ana, at: monday).book.id == other.id)
    }
}

@Suite("Periods of a member's loans")
struct LoanPeriodTests {
    @Test("weeks run Monday to Sunday and months and years as the calendar says, in the library's time zone")
    func intervals() throws {
        let paris = try #require(TimeZone(identifier: "Europe/Paris"))
        let rules = LibraryRules(timeZone: paris)
        // Sunday 3 January 2027, 00:30 in Paris (Saturday 23:30 UTC).
        let now = utc("2027-01-02 23:30:00")
        func expected(_ start: String, _ end: String) -> DateInterval { DateInterval(start: utc(start), end: utc(end)) }
        #expect(rules.interval(of: .thisWeek, at: now) == expected("2026-12-27 23:00:00", "2027-01-03 23:00:00"))
        #expect(rules.interval(of: .lastWeek, at: now) == expected("2026-12-20 23:00:00", "2026-12-27 23:00:00"))
        #expect(rules.interval(of: .thisMonth, at: now) == expected("2026-12-31 23:00:00", "2027-01-31 23:00:00"))
        #expect(rules.interval(of: .lastMonth, at: now) == expected("2026-11-30 23:00:00", "2026-12-31 23:00:00"))
        #expect(rules.interval(of: .thisYear, at: now) == expected("2026-12-31 23:00:00", "2027-12-31 23:00:00"))
        #expect(rules.interval(of: .lastYear, at: now) == expected("2025-12-31 23:00:00", "2026-12-31 23:00:00"))
        #expect(rules.interval(of: .today, at: now) == expected("2027-01-02 23:00:00", "2027-01-03 23:00:00"))
        #expect(rules.interval(of: .yesterday, at: now) == expected("2027-01-01 23:00:00", "2027-01-02 23:00:00"))
        // A month named alone is the last one begun: January is this one, December last year's.
        #expect(rules.interval(of: .month(1), at: now) == expected("2026-12-31 23:00:00", "2027-01-31 23:00:00"))
        #expect(rules.interval(of: .month(12), at: now) == expected("2026-11-30 23:00:00", "2026-12-31 23:00:00"))
        #expect(rules.interval(of: .month(2, year: 2024), at: now) == expected("2024-01-31 23:00:00", "2024-02-29 23:00:00"))
        // The day summer time begins in Paris has 23 hours.
        #expect(rules.interval(of: .yesterday, at: utc("2026-03-30 10:00:00")) == expected("2026-03-28 23:00:00", "2026-03-29 22:00:00"))
        // Since a day of the week: from its last start (today when it is that day) to the end of today.
        #expect(rules.interval(of: .sinceWeekday(7), at: now) == expected("2027-01-02 23:00:00", "2027-01-03 23:00:00"))
        #expect(rules.interval(of: .sinceWeekday(1), at: now) == expected("2026-12-27 23:00:00", "2027-01-03 23:00:00"))
        #expect(rules.interval(of: .sinceWeekday(6), at: now) == expected("2027-01-01 23:00:00", "2027-01-03 23:00:00"))
        // Across the change to summer time (Sunday 29 March 2026), since Friday is 2 days and 23 hours.
        #expect(rules.interval(of: .sinceWeekday(5), at: utc("2026-03-29 10:00:00")) == expected("2026-03-26 23:00:00", "2026-03-29 22:00:00"))
        // Since a month: the last one begun, or the one of the year named.
        #expect(rules.interval(of: .sinceMonth(12), at: now) == expected("2026-11-30 23:00:00", "2027-01-03 23:00:00"))
        #expect(rules.interval(of: .sinceMonth(1), at: now) == expected("2026-12-31 23:00:00", "2027-01-03 23:00:00"))
        #expect(rules.interval(of: .sinceMonth(3, year: 2026), at: now) == expected("2026-02-28 23:00:00", "2027-01-03 23:00:00"))
        #expect(rules.interval(of: .sinceMonth(3, year: 2027), at: now).duration == 0, "a month still to come holds no loan")
    }

    @Test("the loans of a period: those checked out in it, returned or not, by id or by name, the last first")
    func loansOfAPeriod() async throws {
        let library = try await makeLibrary(books: [book("Dune"), book("Emma"), book("Persuasion")])
        let anaByID = Borrower(name: "Ana", userID: "U-ANA")
        try await library.checkout("Dune", to: anaByID, at: utc("2026-11-23 10:00:00"))
        try await library.returnBook("Dune", at: utc("2026-11-25 10:00:00"))
        try await library.checkout("Emma", to: Borrower(name: "Ana"), at: utc("2026-11-29 20:00:00"))
        try await library.checkout("Persuasion", to: ben, at: utc("2026-11-24 10:00:00"))
        try await library.checkout("Dune", to: anaByID, at: utc("2026-11-30 09:00:00"))
        let week = DateInterval(start: utc("2026-11-23 00:00:00"), end: utc("2026-11-30 00:00:00"))
        let (loans, total) = try await library.loans(of: anaByID, checkedOutDuring: week, limit: 10)
        #expect(loans.map(\.book.title) == ["Emma", "Dune"])
        #expect(total == 2)
        #expect(loans.last?.loan.returnedAt == utc("2026-11-25 10:00:00"))
        let limited = try await library.loans(of: anaByID, checkedOutDuring: week, limit: 1)
        #expect(limited.loans.map(\.book.title) == ["Emma"] && limited.total == 2)
        #expect(try await library.loans(of: ben, checkedOutDuring: week, limit: 10).loans.map(\.book.title) == ["Persuasion"])
    }
}

@Suite("A book's line")
struct LineTests {
    @Test("line(of:) is the book's holds in the order they were placed; none for a book nobody waits for or no book")
    func line() async throws {
        let library = try await makeLibrary(books: [book("Dune"), book("Emma")])
        try await library.checkout("Dune", to: ana, at: monday)
        try await library.hold("Dune", for: chloe, at: monday.addingTimeInterval(120))
        try await library.hold("Dune", for: ben, at: monday.addingTimeInterval(60))
        #expect(try await library.line(of: 1).map(\.holder) == [ben, chloe])
        #expect(try await library.line(of: 1) == library.show("Dune").holds)
        #expect(try await library.line(of: 2).isEmpty)
        #expect(try await library.line(of: 99).isEmpty)
    }
}
