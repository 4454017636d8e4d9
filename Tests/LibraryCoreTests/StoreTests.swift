import Foundation
import TestSupport
import GRDB
import LibraryCore
import Testing

@Suite("The SQLite store")
struct StoreTests {
    @Test("a file database is in WAL mode with foreign keys on, and its folder is created")
    func pragmas() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("nested/deeper/library.sqlite").path
        let database = try LibraryDatabase.file(at: path)
        let (mode, foreignKeys) = try await database.writer.read { db in
            (try String.fetchOne(db, sql: "PRAGMA journal_mode"), try Int.fetchOne(db, sql: "PRAGMA foreign_keys"))
        }
        #expect(mode == "wal")
        #expect(foreignKeys == 1)
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test("a path that cannot hold the library says why, in words, and what is there is left as it was")
    func unusablePaths() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        func reason(_ path: String) -> String? {
            do {
                _ = try LibraryDatabase.file(at: path)
                return nil
            } catch let error as DatabaseFileError {
                return error.reason
            } catch {
                Issue.record("expected DatabaseFileError, got \(error)")
                return nil
            }
        }
        #expect(reason(folder.path) == "\(folder.path) is a folder: give the path of a file, such as \(folder.path)/library.sqlite.")
        let notes = folder.appendingPathComponent("notes.txt")
        try "Dune, Emma\n".write(to: notes, atomically: true, encoding: .utf8)
        #expect(reason(notes.path) == "it is not a SQLite database. Check the path: it was left as it is.")
        #expect(try String(contentsOf: notes, encoding: .utf8) == "Dune, Emma\n")
        #expect(reason(notes.appendingPathComponent("deeper/library.sqlite").path) == "\(notes.path) is a file, not a folder.")
        // A backup to such a place says the same.
        let library = try LibraryDatabase.file(at: folder.appendingPathComponent("library.sqlite").path)
        let backup = #expect(throws: DatabaseFileError.self) { try library.backup(to: notes.appendingPathComponent("copy.sqlite").path) }
        #expect(backup?.reason == "\(notes.path) is a file, not a folder.")
    }

    @Test("the database itself refuses a second open loan for a book")
    func oneOpenLoanConstraint() async throws {
        let library = try await makeLibrary(books: [book("Dune")])
        try await library.checkout("Dune", to: ana, at: monday)
        await #expect(throws: DatabaseError.self) {
            try await library.database.writer.write { db in
                try db.execute(sql: """
                    INSERT INTO loan (bookID, borrowerName, borrowerKey, checkedOutAt, dueAt)
                    VALUES (1, 'Ben', 'ben', '2026-11-30 10:00:00.000', '2026-12-14 10:00:00.000')
                    """)
            }
        }
        // A returned loan plus an open one is fine: that is history.
        try await library.returnBook("Dune", at: monday)
        try await library.checkout("Dune", to: ben, at: monday)
    }

    @Test("a reminder at someone's request is claimed once a window, by one of two processes asking at once, and again after it")
    func nudgesClaimedOnce() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("library.sqlite").path
        let first = LibraryService(database: try LibraryDatabase.file(at: path))
        let second = LibraryService(database: try LibraryDatabase.file(at: path))
        try await first.add([book("Dune"), book("Emma")], at: monday)
        let dune = try await first.checkout("Dune", to: ana, at: monday).loan.id
        let emma = try await first.checkout("Emma", to: ana, at: monday).loan.id
        // Both answer (the second waits for the first's write), and one of them claims it.
        let claims = try await withThrowingTaskGroup(of: Set<Int64>.self) { group in
            for service in [first, second] {
                group.addTask { try await service.claimNudges(for: [dune], at: monday, within: 86_400) }
            }
            var all: [Set<Int64>] = []
            for try await claim in group { all.append(claim) }
            return all
        }
        #expect(claims.sorted { $0.count > $1.count } == [[dune], []], "\(claims)")
        // Within the window: only the loan not reminded yet.
        #expect(try await second.claimNudges(for: [dune, emma], at: monday.addingTimeInterval(3600), within: 86_400) == [emma])
        // A day later, again.
        #expect(try await first.claimNudges(for: [dune, emma], at: monday.addingTimeInterval(86_400), within: 86_400) == [dune])
        #expect(try await first.claimNudges(for: [], at: monday, within: 86_400) == [])
    }

    @Test("two tasks checking out one book on a file database: exactly one wins, every time")
    func concurrentCheckouts() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("library.sqlite").path
        // Two services, two connection pools: as two processes would be.
        let first = LibraryService(database: try LibraryDatabase.file(at: path))
        let second = LibraryService(database: try LibraryDatabase.file(at: path))
        let titles = (1...30).map { "Book \($0)" }
        try await first.add(titles.map { book($0) }, at: monday)

        for title in titles {
            let outcomes = await withTaskGroup(of: Result<String, LibraryError>.self) { group in
                for (service, borrower) in [(first, ana), (second, ben)] {
                    group.addTask {
                        do {
                            return .success(try await service.checkout("#\(title.dropFirst(5))", to: borrower, at: monday).loan.borrower.name)
                        } catch let error as LibraryError {
                            return .failure(error)
                        } catch {
                            return .failure(.notCheckedOut(Book(id: 0, title: "\(error)", author: "", addedAt: monday)))
                        }
                    }
                }
                var results: [Result<String, LibraryError>] = []
                for await outcome in group { results.append(outcome) }
                return results
            }
            let winners = outcomes.compactMap { try? $0.get() }
            #expect(winners.count == 1, "\(title): \(outcomes)")
            let losers = outcomes.compactMap { outcome -> LibraryError? in
                if case .failure(let error) = outcome { return error } else { return nil }
            }
            for loser in losers {
                guard case .alreadyCheckedOut(_, let loan) = loser else {
                    Issue.record("the loser should hear who has it, got \(loser)")
                    continue
                }
                #expect(loan.borrower.name == winners.first)
            }
        }
        #expect(try await first.openLoans().count == titles.count)
    }

    @Test("reads of a file database see each write at once, a failed read leaves nothing behind, many read at once")
    func fileReads() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("library.sqlite").path
        let library = LibraryService(database: try LibraryDatabase.file(at: path))
        // Another process writing the same file, seen by the next read too.
        let other = LibraryService(database: try LibraryDatabase.file(at: path))
        try await library.add([book("Dune"), book("Emma")], at: monday)
        for round in 0..<20 {
            let (writer, borrower) = round.isMultiple(of: 2) ? (library, ana) : (other, ben)
            try await writer.checkout("Dune", to: borrower, at: monday)
            #expect(try await library.whoHas("Dune").first?.loan?.borrower == borrower)
            // A read that fails (no such book) ends its transaction: the next one is not stuck
            // on the snapshot it began, nor refused a new transaction.
            await #expect(throws: LibraryError.self) { try await library.whoHas("Nothing Like It") }
            try await writer.returnBook("Dune", at: monday)
            #expect(try await library.whoHas("Dune").first?.loan == nil)
        }
        let failing = #expect(throws: DatabaseError.self) {
            try library.database.read { db in try db.execute(sql: "SELECT * FROM noSuchTable") }
        }
        #expect(failing?.resultCode == .SQLITE_ERROR)
        #expect(throws: DatabaseError.self, "reads are read-only") {
            try library.database.read { db in try db.execute(sql: "DELETE FROM book") }
        }
        #expect(try await library.whoHas("Emma").count == 1)

        // 32 reads at once while the other process lends and takes back Emma.
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for _ in 0..<10 {
                    try await other.checkout("Emma", to: ben, at: monday)
                    try await other.returnBook("Emma", at: monday)
                }
            }
            for _ in 0..<32 {
                group.addTask {
                    for _ in 0..<20 {
                        let dune = try await library.whoHas("Dune")
                        #expect(dune.map(\.book.title) == ["Dune"] && dune.first?.loan == nil)
                        #expect(try await library.whoHas("Emma").count == 1)
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try await library.whoHas("Emma").first?.loan == nil)
    }

    @Test("a file database read and written, then let go, leaves no -wal or -shm file beside it")
    func noFilesLeftBehind() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("library.sqlite").path
        do {
            let library = LibraryService(database: try LibraryDatabase.file(at: path))
            try await library.add([book("Dune")], at: monday)
            // Two reads at once: two read connections, both kept.
            async let first = library.whoHas("Dune")
            async let second = library.whoHas("Dune")
            #expect(try await first.count + second.count == 2)
            try await library.checkout("Dune", to: ana, at: monday)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["library.sqlite"])
    }

    @Test("close and reopen a file database: books, loans, holds and history are all there")
    func durability() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("library.sqlite").path
        do {
            let library = LibraryService(database: try LibraryDatabase.file(at: path))
            try await library.add([book("Dune", categories: ["SF"]), book("Emma")], at: monday)
            try await library.checkout("Emma", to: chloe, at: monday)
            try await library.returnBook("Emma", at: monday.addingTimeInterval(60))
            try await library.checkout("Dune", to: ana, at: monday)
            try await library.hold("Dune", for: ben, at: monday)
        }
        let reopened = LibraryService(database: try LibraryDatabase.file(at: path))
        let dune = try await reopened.show("Dune")
        #expect(dune.book.categories == ["SF"])
        #expect(dune.book.addedAt == monday)
        #expect(dune.loan?.borrower == ana)
        #expect(dune.loan?.checkedOutAt == monday)
        #expect(dune.holds.map(\.holder) == [ben])
        #expect(try await reopened.show("Emma").pastLoans.map(\.borrower) == [chloe])
    }

    @Test("a chat event is claimed once, by the process after a restart too, and forgotten a day later")
    func handledEvents() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("library.sqlite").path
        do {
            let events = HandledEvents(database: try LibraryDatabase.file(at: path))
            #expect(try await events.claim("Ev1", at: monday))
            #expect(try await events.claim("Ev1", at: monday.addingTimeInterval(60)) == false)
            #expect(try await events.claim("Ev2", at: monday.addingTimeInterval(60)))
        }
        let reopened = HandledEvents(database: try LibraryDatabase.file(at: path))
        #expect(try await reopened.claim("Ev1", at: monday.addingTimeInterval(300)) == false, "Slack's last retry, after a restart")
        #expect(try await reopened.claim("Ev1", at: monday.addingTimeInterval(HandledEvents.lifetime - 1)) == false)
        #expect(try await reopened.claim("Ev1", at: monday.addingTimeInterval(HandledEvents.lifetime + 1)), "a day later, forgotten")
        #expect(try await reopened.claim("Ev3", at: monday.addingTimeInterval(HandledEvents.lifetime + 61)))
        let kept = try await reopened.database.writer.read { db in try String.fetchAll(db, sql: "SELECT id FROM handledEvent ORDER BY id") }
        #expect(kept == ["Ev1", "Ev3"], "Ev2, a day old, is gone; Ev1 is its new claim")
    }

    @Test("times are stored in UTC")
    func utcStorage() async throws {
        let library = try await makeLibrary(books: [book("Dune")])
        try await library.checkout("Dune", to: ana, at: utc("2026-11-30 09:00:00"))
        let stored = try await library.database.writer.read { db in try String.fetchOne(db, sql: "SELECT checkedOutAt FROM loan") }
        #expect(stored == "2026-11-30 09:00:00.000")
    }
}

@Suite("Stored dates")
struct StoredDateTests {
    @Test("every stored date reads back as the instant that was written", arguments: [
        "1970-01-01 00:00:00", "2000-02-29 23:59:59", "2026-03-29 01:30:00", "2026-11-30 09:00:00", "2100-12-31 12:34:56",
    ])
    func roundTrip(text: String) async throws {
        let instant = utc(text).addingTimeInterval(0.123)
        let library = try await makeLibrary()
        let added = try await library.add(book("Dune"), at: instant)
        let read = try await library.resolve("#\(added.id)").addedAt
        // Stored to the millisecond.
        #expect(abs(read.timeIntervalSince(instant)) < 0.000_5)
        #expect(abs(read.timeIntervalSince(added.addedAt)) < 0.000_5)
    }

    @Test("a stored date that is no date (a file edited by hand) is an error the caller sees, not a crash")
    func damagedDate() async throws {
        let library = try await makeLibrary(books: [book("Dune"), book("Emma")])
        try await library.checkout("Dune", to: ana, at: monday)
        try await library.database.writer.write { db in
            try db.execute(sql: "UPDATE loan SET dueAt = 'next week' WHERE bookID = 1")
        }
        await #expect(throws: RowDecodingError.self) { _ = try await library.whoHas("Dune") }
        await #expect(throws: RowDecodingError.self) { _ = try await library.loans(of: ana) }
        // The rest of the library still answers.
        #expect(try await library.whoHas("Emma").first?.loan == nil)
    }
}
