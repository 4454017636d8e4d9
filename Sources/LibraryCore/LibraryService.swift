import Foundation
import GRDB

/// The library's operations: every method is one transaction and takes the instant it happens
/// at, so callers (and tests) own the clock.
public struct LibraryService: Sendable {
    public let database: LibraryDatabase
    public let rules: LibraryRules
    private let titles = TitleIndex()

    public init(database: LibraryDatabase, rules: LibraryRules = LibraryRules()) {
        self.database = database
        self.rules = rules
    }

    // MARK: - Catalog

    /// A write that changes the catalog, after which the title index is loaded again, so that
    /// what is said next (a suggestion naming a title several authors now share) knows it.
    private func writeCatalog<T: Sendable>(_ updates: @Sendable (Database) throws -> T) async throws -> T {
        let result = try await database.writer.write(updates)
        _ = try? readHere { db in try titles.snapshot(db) }
        return result
    }

    /// The titles (folded) that books by different authors share, as the title index last
    /// loaded knows them (after this library's own changes; another process's show once a
    /// reference is next resolved). A suggestion names such a book with its author.
    public var titlesOfSeveralAuthors: Set<String> { titles.latest?.severalAuthors ?? [] }

    /// Adds one book.
    @discardableResult
    public func add(_ book: NewBook, at now: Date) async throws -> Book {
        let valid = try book.validated(), rules = self.rules
        return try await writeCatalog { db in try Self.insert(valid, at: now, rules, db) }
    }

    /// Adds several books, all or nothing; returns them in order.
    @discardableResult
    public func add(_ books: [NewBook], at now: Date) async throws -> [Book] {
        let valid = try books.map { book throws(LibraryError) in try book.validated() }, rules = self.rules
        return try await writeCatalog { db in try valid.map { try Self.insert($0, at: now, rules, db) } }
    }

    /// Adds the books of `books` that the shelf does not have yet, all or nothing, in one
    /// transaction; returns those added and those left out. A book is on the shelf when one with
    /// the same title and author is (case, accents and punctuation aside), counting copies: a
    /// list naming Dune twice adds one Dune to a shelf that has one, and none to a shelf that
    /// has two. So importing the same file again adds nothing.
    public func addMissing(_ books: [NewBook], at now: Date) async throws -> (added: [Book], alreadyOnShelf: [NewBook]) {
        let valid = try books.map { book throws(LibraryError) in try book.validated() }, rules = self.rules
        return try await writeCatalog { db in
            var onShelf: [String: Int] = [:]
            let keys = try db.all("SELECT titleKey, author FROM book") { row -> String in
                Self.copyKey(titleKey: row[0], author: row[1])
            }
            for key in keys { onShelf[key, default: 0] += 1 }
            var added: [Book] = [], present: [NewBook] = []
            for book in valid {
                let key = Self.copyKey(titleKey: TextKey.fold(book.title), author: book.author)
                if let count = onShelf[key], count > 0 {
                    onShelf[key] = count - 1
                    present.append(book)
                } else {
                    added.append(try Self.insert(book, at: now, rules, db))
                }
            }
            return (added, present)
        }
    }

    /// Books with the same key are copies of one another (see `areCopies`).
    private static func copyKey(titleKey: String, author: String) -> String {
        titleKey + "\u{1F}" + TextKey.fold(author)
    }

    /// Changes one field of a book; an empty value clears an optional field. Every copy of a
    /// title at once when the copies agree on that field, as its title and author are the
    /// title's; a publisher or an ISBN that differ between copies are each edition's, and which
    /// one is asked (`ambiguous`), as it is between different titles. Returns each book before
    /// and after, in one transaction.
    public func edit(_ reference: String, set field: BookField, to value: String) async throws -> [(before: Book, after: Book)] {
        try await writeCatalog { db in
            let books = try resolve(reference, db)
            guard books.count == 1 || Self.areCopies(books) && Set(books.map { Self.folded(field, of: $0) }).count == 1 else {
                throw LibraryError.ambiguous(reference: reference.trimmingWhitespace(), candidates: books)
            }
            return try books.map { before in
                var draft = NewBook(title: before.title, author: before.author, publisher: before.publisher,
                                    categories: before.categories, isbn: before.isbn)
                switch field {
                case .title: draft.title = value
                case .author: draft.author = value
                case .publisher: draft.publisher = value
                case .categories: draft.categories = NewBook.splitCategories(value)
                case .isbn: draft.isbn = value
                }
                return (before, try Self.store(draft, over: before, db))
            }
        }
    }

    /// What `book` holds in `field`, case and accents aside: what copies compare.
    private static func folded(_ field: BookField, of book: Book) -> String {
        switch field {
        case .title: TextKey.fold(book.title)
        case .author: TextKey.fold(book.author)
        case .publisher: TextKey.fold(book.publisher ?? "")
        case .categories: book.categories.map(TextKey.fold).sorted().joined(separator: "\n")
        case .isbn: book.isbn ?? ""
        }
    }

    /// Gives the books `reference` designates the categories `adding` they do not carry yet, and
    /// takes `removing` away, case and accents aside (`classic` is `Classic`); every copy of a
    /// title at once, as a category belongs to the title. Different titles are `ambiguous`.
    /// Returns each book before and after, in one transaction.
    public func changeCategories(of reference: String, adding: [String], removing: [String]) async throws -> [(before: Book, after: Book)] {
        try await writeCatalog { db in
            let books = try resolve(reference, db)
            guard Self.areCopies(books) else { throw LibraryError.ambiguous(reference: reference.trimmingWhitespace(), candidates: books) }
            let removed = Set(removing.map(TextKey.fold))
            return try books.map { before in
                var categories = before.categories.filter { !removed.contains(TextKey.fold($0)) }
                var present = Set(categories.map(TextKey.fold))
                for category in adding where present.insert(TextKey.fold(category)).inserted {
                    categories.append(category)
                }
                let draft = NewBook(title: before.title, author: before.author, publisher: before.publisher,
                                    categories: categories, isbn: before.isbn)
                return (before, try Self.store(draft, over: before, db))
            }
        }
    }

    /// Renames the category `name` (compared folded) to `newName` on every book that carries
    /// it, in one transaction, where it was in the book's list; `newName` nil takes it off. A
    /// book that carried both names keeps one. Each book changed, before and after, in number
    /// order; empty when no book carries `name`.
    public func renameCategory(_ name: String, to newName: String?) async throws -> [(before: Book, after: Book)] {
        let key = TextKey.fold(name)
        return try await writeCatalog { db in
            let ids = try Row.fetchAll(db, sql: "SELECT id, categories FROM book WHERE categories != '' ORDER BY id").compactMap { row -> Int64? in
                let categories: String = row["categories"]
                return CategoryColumn.decode(categories).contains { TextKey.fold($0) == key } ? row["id"] : nil
            }
            return try Self.books(ids, db).map { before in
                var categories: [String] = [], present = Set<String>()
                for category in before.categories {
                    guard let written = TextKey.fold(category) == key ? newName : category,
                          present.insert(TextKey.fold(written)).inserted else { continue }
                    categories.append(written)
                }
                let draft = NewBook(title: before.title, author: before.author, publisher: before.publisher, categories: categories, isbn: before.isbn)
                return (before, try Self.store(draft, over: before, db))
            }
        }
    }

    /// Sets the categories of the books `categories` names by id back to those lists (what
    /// undoes `renameCategory`), in one transaction. Each book changed, before and after; a
    /// book deleted since is left out.
    public func setCategories(_ categories: [(id: Int64, categories: [String])]) async throws -> [(before: Book, after: Book)] {
        try await writeCatalog { db in
            try categories.compactMap { id, list in
                guard let before = try Self.books([id], db).first else { return nil }
                let draft = NewBook(title: before.title, author: before.author, publisher: before.publisher, categories: list, isbn: before.isbn)
                return (before, try Self.store(draft, over: before, db))
            }
        }
    }

    /// Validates `draft` and writes it over `before`; returns the book as stored.
    private static func store(_ draft: NewBook, over before: Book, _ db: Database) throws -> Book {
        let valid = try draft.validated()
        try db.run("""
                UPDATE book SET title = ?, titleKey = ?, author = ?, publisher = ?, categories = ?, isbn = ?
                WHERE id = ?
                """, [valid.title, TextKey.fold(valid.title), valid.author, valid.publisher,
                        CategoryColumn.encode(valid.categories), valid.isbn, before.id])
        var after = before
        after.title = valid.title
        after.author = valid.author
        after.publisher = valid.publisher
        after.categories = valid.categories
        after.isbn = valid.isbn
        return after
    }

    /// Deletes the books that `references` name, all or nothing: if one reference fails to
    /// resolve, nothing is deleted and its error is thrown. Their loans go with them; so does
    /// their line, unless another copy of the title stays, which the line moves to (see
    /// `moveLine`). What went is kept in what is returned, which `restore` puts back.
    @discardableResult
    public func delete(_ references: [String], at now: Date) async throws -> DeletedBooks {
        let rules = self.rules
        return try await writeCatalog { db in
            var books: [Book] = []
            for reference in references {
                let book = try resolveOne(reference, db)
                if !books.contains(where: { $0.id == book.id }) { books.append(book) }
            }
            var rows: [DeletedBooks.Rows] = [], moved: [MovedHold] = []
            let deleting = Set(books.map(\.id))
            for book in books {
                // What goes with the book, kept as it was, its own row first.
                for (table, condition) in DeletedBooks.tables {
                    let found = try Row.fetchAll(db, sql: "SELECT * FROM \(table) WHERE \(condition)", arguments: [book.id])
                    guard let first = found.first else { continue }
                    rows.append(DeletedBooks.Rows(table: table, columns: Array(first.columnNames), values: found.map { Array($0.databaseValues) }))
                }
                moved += try Self.moveLine(of: book, toCopyOtherThan: deleting, at: now, rules, db)
                try db.run("DELETE FROM book WHERE id = ?", [book.id])
            }
            return DeletedBooks(books: books, rows: rows, moved: moved)
        }
    }

    /// Whether a copy of `book`'s title (same author) stays when the books `deleting` go: its
    /// line then moves to that copy instead of going with it.
    public func lineMoves(from book: Book, deleting: Set<Int64>) async throws -> Bool {
        try readHere { db in try Self.otherCopy(of: book, excluding: deleting, db) != nil }
    }

    /// The copy of `book`'s title (same author, case and accents aside) that its line would move
    /// to, among those not in `excluding`: one on the shelf that nobody waits for, else one that
    /// is out (its line waits for it too), else the first; nil when there is none.
    private static func otherCopy(of book: Book, excluding: Set<Int64>, _ db: Database) throws -> (book: Book, line: [Hold], out: Bool)? {
        let author = TextKey.fold(book.author)
        let copies = try db.all("""
            SELECT \(Book.databaseSelection), EXISTS (SELECT 1 FROM loan WHERE loan.bookID = book.id AND loan.returnedAt IS NULL)
            FROM book \(Book.withReport) WHERE book.titleKey = ? ORDER BY book.id
            """, [TextKey.fold(book.title)]) { row in (book: try Book(row: row, at: 0), out: row[Book.columnCount] as Bool) }
            .filter { TextKey.fold($0.book.author) == author && !excluding.contains($0.book.id) }
        var candidates: [(book: Book, line: [Hold], out: Bool)] = []
        for copy in copies { candidates.append((copy.book, try holds(of: copy.book.id, db), copy.out)) }
        let missing = { (copy: (book: Book, line: [Hold], out: Bool)) in copy.book.report?.kind == .lost }
        return candidates.first { !$0.out && $0.line.isEmpty && !missing($0) } ?? candidates.first { $0.out } ?? candidates.first
    }

    /// Moves the line of `book`, about to be deleted, to another copy of its title that stays
    /// (`otherCopy`): the holders waited for the title, not for that copy. Each keeps their
    /// place among those waiting for an out copy; behind one a copy on the shelf is kept for,
    /// they join the end of the line. One already in that line keeps the place they have. A
    /// copy on the shelf that nobody waited for is kept for the first who moved to it.
    private static func moveLine(of book: Book, toCopyOtherThan deleting: Set<Int64>, at now: Date, _ rules: LibraryRules,
                                 _ db: Database) throws -> [MovedHold] {
        let line = try holds(of: book.id, db)
        guard !line.isEmpty, let target = try otherCopy(of: book, excluding: deleting, db) else { return [] }
        let out = try db.first("SELECT 1 FROM loan WHERE bookID = ? AND returnedAt IS NULL", [book.id]) { _ in true } ?? false
        // The first of a line whose book was on the shelf (and not missing) had it kept for them.
        let kept = !out && book.report?.kind != .lost ? line.first?.id : nil
        let behindKept = !target.out && !target.line.isEmpty
        var moved: [MovedHold] = []
        for hold in line {
            if target.line.contains(where: { $0.holder.memberKey == hold.holder.memberKey }) {
                try db.run("DELETE FROM hold WHERE id = ?", [hold.id])
            } else {
                try db.run("UPDATE hold SET bookID = ?, keptUntil = NULL, placedAt = ? WHERE id = ?",
                           [target.book.id, behindKept ? max(now, hold.placedAt) : hold.placedAt, hold.id])
            }
            moved.append(MovedHold(hold: hold, to: target.book, wasKept: hold.id == kept, keptNow: nil))
        }
        // A copy on the shelf that nobody waited for: kept for the first who came.
        if !target.out, target.line.isEmpty, target.book.report?.kind != .lost, let first = try holds(of: target.book.id, db).first {
            let keptNow = try keep(first, from: now, rules, db)
            if let index = moved.firstIndex(where: { $0.hold.id == first.id }) { moved[index].keptNow = keptNow }
        }
        return moved
    }

    /// Puts back books `delete` took away, with their loans (and history), holds, report and
    /// the reminders sent, under their own numbers (never given to another book). Returns
    /// them, or throws `alreadyRestored` when they are back already.
    /// A place in line that moved to a copy kept for it comes back with its book; the copy is
    /// then kept for the next in its line, if any, from `now`: returned in `kept`.
    @discardableResult
    public func restore(_ deleted: DeletedBooks, at now: Date) async throws -> (books: [Book], kept: [KeptBook]) {
        let rules = self.rules
        return try await writeCatalog { db in
            let ids = deleted.books.map(\.id)
            if try !Self.rows(ofBooks: ids, "SELECT book.id FROM book", db, id: { $0 }, { row -> Int64 in row[0] }).isEmpty {
                throw LibraryError.alreadyRestored(deleted.books)
            }
            // A place in line that moved to another copy comes back with its book if it still
            // waits there (with the reminders sent of it); one taken or left since stays gone.
            let movedIDs = Set(deleted.moved.map(\.hold.id))
            let stillWaiting = Set(try db.all("SELECT id FROM hold") { row -> Int64 in row[0] }.filter(movedIDs.contains))
            for id in stillWaiting { try db.run("DELETE FROM hold WHERE id = ?", [id]) }
            for rows in deleted.rows {
                let placeholders = Array(repeating: "?", count: rows.columns.count).joined(separator: ", ")
                let columns = rows.columns.map { "\"\($0)\"" }.joined(separator: ", ")
                let holdColumn = rows.table == "hold" ? rows.columns.firstIndex(of: "id") : rows.table == "holdReminder" ? rows.columns.firstIndex(of: "holdID") : nil
                for values in rows.values {
                    if let holdColumn, let id = Int64.fromDatabaseValue(values[holdColumn]), movedIDs.contains(id), !stillWaiting.contains(id) { continue }
                    try db.execute(sql: "INSERT INTO \(rows.table) (\(columns)) VALUES (\(placeholders))", arguments: StatementArguments(values))
                }
            }
            // The copies kept for a place that came back: for the next in their line now.
            var kept: [KeptBook] = []
            let left = Set(deleted.moved.filter { $0.keptNow != nil && stillWaiting.contains($0.hold.id) }.map(\.to.id))
            for copy in try Self.books(left.sorted(), db) {
                let out = try db.first("SELECT 1 FROM loan WHERE bookID = ? AND returnedAt IS NULL", [copy.id]) { _ in true } ?? false
                guard !out, copy.report?.kind != .lost, let next = try Self.holds(of: copy.id, db).first, next.keptUntil == nil else { continue }
                kept.append(KeptBook(book: copy, hold: try Self.keep(next, from: now, rules, db)))
            }
            return (deleted.books, kept)
        }
    }

    /// Deletes every book, loan and hold; returns how many books there were.
    @discardableResult
    public func clean() async throws -> Int {
        try await writeCatalog { db in
            let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM book") ?? 0
            try db.execute(sql: "DELETE FROM hold; DELETE FROM loan; DELETE FROM book")
            return count
        }
    }

    // MARK: - Lending

    /// Lends the book to `borrower` until `rules.dueDate(from: now)`.
    /// Among copies of one title, an available copy is chosen.
    @discardableResult
    public func checkout(_ reference: String, to borrower: Borrower, at now: Date) async throws -> LoanedBook {
        let rules = self.rules
        try Self.validate(borrower)
        return try await database.writer.write { db in
            let candidates = try resolve(reference, db)
            let book = try Self.pickCopyToLend(candidates, to: borrower, reference: reference, db)
            if let loan = try Self.openLoan(of: book.id, db) {
                throw LibraryError.alreadyCheckedOut(book, loan: loan)
            }
            // Whoever has it in hand says it turned up first (`found`): a checkout alone may
            // be of the copy someone thought was there.
            if let report = book.report, report.kind == .lost { throw LibraryError.missing(book, report: report) }
            let holds = try Self.holds(of: book.id, db)
            if let first = holds.first, !first.holder.isSamePerson(as: borrower) {
                throw LibraryError.heldForAnother(book, hold: first)
            }
            if let first = holds.first {
                try db.run("DELETE FROM hold WHERE id = ?", [first.id])
            }
            let due = rules.dueDate(from: now)
            do {
                try db.run("""
                        INSERT INTO loan (bookID, borrowerName, borrowerID, borrowerKey, checkedOutAt, dueAt, renewals)
                        VALUES (?, ?, ?, ?, ?, ?, 0)
                        """, [book.id, borrower.name, borrower.userID, borrower.nameKey, now, due])
            } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
                // Another writer lent it between our read and our insert.
                if let loan = try Self.openLoan(of: book.id, db) { throw LibraryError.alreadyCheckedOut(book, loan: loan) }
                throw error
            }
            let loan = Loan(id: db.lastInsertedRowID, bookID: book.id, borrower: borrower, checkedOutAt: now, dueAt: due)
            return LoanedBook(book: book, loan: loan)
        }
    }

    /// Closes the book's open loan and tells who is first in line for it: its own line, else the
    /// member waiting longest for another copy of the title, who takes this one.
    /// Among copies of one title, the copy lent to `borrower` (when given) is chosen.
    @discardableResult
    public func returnBook(_ reference: String, by borrower: Borrower? = nil, at now: Date) async throws -> ReturnReceipt {
        let rules = self.rules
        return try await database.writer.write { db in
            let (book, loan) = try Self.pickLentCopy(try resolve(reference, db), of: borrower, reference: reference, db)
            try db.run("UPDATE loan SET returnedAt = ? WHERE id = ?", [now, loan.id])
            var closed = loan
            closed.returnedAt = now
            let (found, turnedUp) = try Self.turnedUp(book, db)
            return ReturnReceipt(book: found, loan: closed, nextInLine: try Self.keepForNext(found, from: now, rules, db), turnedUp: turnedUp)
        }
    }

    /// Moves the due date to `rules.dueDate(from: now)`, at most `rules.maxRenewals` times,
    /// and never while someone waits for the book. A renewal that would not move the due date
    /// is refused without using one of the renewals.
    @discardableResult
    public func renew(_ reference: String, by borrower: Borrower? = nil, at now: Date) async throws -> LoanedBook {
        let rules = self.rules
        return try await database.writer.write { db in
            let (book, loan) = try Self.pickLentCopy(try resolve(reference, db), of: borrower, reference: reference, db)
            let holds = try Self.holds(of: book.id, db)
            guard holds.isEmpty else { throw LibraryError.renewalBlockedByHolds(book, loan: loan, holds: holds) }
            guard loan.renewals < rules.maxRenewals else {
                throw LibraryError.renewalLimitReached(book, loan: loan, limit: rules.maxRenewals)
            }
            let extended = rules.dueDate(from: now)
            guard extended > loan.dueAt else {
                throw LibraryError.renewalTooEarly(book, loan: loan, from: rules.firstRenewalDay(forDue: loan.dueAt))
            }
            var renewed = loan
            renewed.dueAt = extended
            renewed.renewals += 1
            try db.run("UPDATE loan SET dueAt = ?, renewals = ? WHERE id = ?", [renewed.dueAt, renewed.renewals, loan.id])
            return LoanedBook(book: book, loan: renewed)
        }
    }

    /// Puts `holder` in the book's queue (once). Refused when the book is on the shelf free
    /// for them (nobody waiting, or kept for them): they can check it out. A book on the shelf
    /// kept for someone else is waited for like a book that is out.
    @discardableResult
    public func hold(_ reference: String, for holder: Borrower, at now: Date) async throws -> HoldPlacement {
        try Self.validate(holder)
        return try await database.writer.write { db in
            let candidates = try resolve(reference, db)
            let loans = try Self.openLoans(of: candidates.map(\.id), db)
            if candidates.count > 1, !Self.areCopies(candidates) {
                throw LibraryError.ambiguous(reference: reference, candidates: candidates)
            }
            var shelfQueues: [Int64: [Hold]] = [:]
            for copy in candidates where loans[copy.id] == nil { shelfQueues[copy.id] = try Self.holds(of: copy.id, db) }
            // A copy reported lost is waited for, as one that is out.
            if let available = candidates.first(where: { copy in
                guard loans[copy.id] == nil, copy.report?.kind != .lost else { return false }
                return shelfQueues[copy.id]?.first.map { $0.holder.isSamePerson(as: holder) } ?? true
            }) {
                throw LibraryError.holdOnAvailableBook(available)
            }
            // No copy is free: wait for the one out due back first, else for a copy kept for
            // someone else (whose line goes on after them).
            let book: Book, loan: Loan?
            if let soonest = candidates.compactMap({ copy in loans[copy.id].map { (copy, $0) } }).min(by: { $0.1.dueAt < $1.1.dueAt }) {
                (book, loan) = (soonest.0, soonest.1)
            } else if let kept = candidates.first(where: { loans[$0.id] == nil }) {
                (book, loan) = (kept, nil)
            } else {
                throw LibraryError.notFound(reference: reference, suggestions: [])
            }
            if let mine = candidates.first(where: { loans[$0.id]?.borrower.isSamePerson(as: holder) == true }),
               let myLoan = loans[mine.id] {
                throw LibraryError.holdOnOwnLoan(mine, loan: myLoan)
            }
            for copy in candidates {
                let queue = try Self.holds(of: copy.id, db)
                if let index = queue.firstIndex(where: { $0.holder.isSamePerson(as: holder) }) {
                    throw LibraryError.alreadyHolding(copy, hold: queue[index], position: index + 1)
                }
            }
            try db.run("INSERT INTO hold (bookID, holderName, holderID, holderKey, placedAt) VALUES (?, ?, ?, ?, ?)", [book.id, holder.name, holder.userID, Self.holderKey(holder), now])
            let hold = Hold(id: db.lastInsertedRowID, bookID: book.id, holder: holder, placedAt: now)
            let queue = try Self.holds(of: book.id, db)
            return HoldPlacement(book: book, hold: hold, position: queue.count, currentLoan: loan,
                                 keptFor: loan == nil ? queue.first : nil, copies: candidates.count, copiesOut: loans.count)
        }
    }

    /// Removes `holder` from the book's queue: the hold that was cancelled and, when the book
    /// was on the shelf kept for them, the next in line it is now kept for. Nil when `holder`
    /// was not waiting for it.
    @discardableResult
    public func cancelHold(_ reference: String, for holder: Borrower, at now: Date) async throws -> HoldCancellation? {
        let rules = self.rules
        return try await database.writer.write { db in
            for book in try resolve(reference, db) {
                let queue = try Self.holds(of: book.id, db)
                guard let index = queue.firstIndex(where: { $0.holder.isSamePerson(as: holder) }) else { continue }
                try db.run("DELETE FROM hold WHERE id = ?", [queue[index].id])
                let onShelf = try Self.openLoan(of: book.id, db) == nil
                let kept = index == 0 && onShelf
                let next = kept ? try Self.keepForNext(book, from: now, rules, db) : nil
                return HoldCancellation(book: book, hold: queue[index], wasKept: kept, nextInLine: next)
            }
            return nil
        }
    }

    // MARK: - Reports

    /// Sets what is reported of copy `bookID`: `report` replaces its last report, nil takes it
    /// back (the copy turned up or was repaired; `undo`). Returns the copy as it is now, the
    /// report it had, and, for a missing copy back on the shelf, whom it is now kept for (as
    /// after a return). The copy deleted meanwhile: `notFound`.
    @discardableResult
    public func setReport(of bookID: Int64, to report: CopyReport?, at now: Date) async throws -> (book: Book, previous: CopyReport?, nextInLine: Hold?) {
        if let report {
            try Self.validate(report.by)
            if let note = report.note, note.count > CopyReport.maximumNoteLength {
                throw LibraryError.noteTooLong(maximum: CopyReport.maximumNoteLength)
            }
        }
        let rules = self.rules
        return try await database.writer.write { db in
            guard var book = try Self.books([bookID], db).first else {
                throw LibraryError.notFound(reference: "#\(bookID)", suggestions: [])
            }
            let previous = book.report
            if let report {
                try db.run("""
                    INSERT INTO report (bookID, kind, reporterName, reporterID, reportedAt, note) VALUES (?, ?, ?, ?, ?, ?)
                    ON CONFLICT (bookID) DO UPDATE SET kind = excluded.kind, reporterName = excluded.reporterName,
                        reporterID = excluded.reporterID, reportedAt = excluded.reportedAt, note = excluded.note
                    """, [bookID, report.kind.rawValue, report.by.name, report.by.userID, report.at, report.note])
            } else {
                try db.run("DELETE FROM report WHERE bookID = ?", [bookID])
            }
            book.report = report
            guard previous?.kind == .lost, report?.kind != .lost, try Self.openLoan(of: bookID, db) == nil else { return (book, previous, nil) }
            // Its line waited while it was missing: the first in it has it kept for them now.
            return (book, previous, try Self.keepForNext(book, from: now, rules, db))
        }
    }

    /// Takes back the report of a copy reported lost, which its return shows has turned up: the
    /// copy without it, and the report taken back. Other reports stay.
    private static func turnedUp(_ book: Book, _ db: Database) throws -> (Book, CopyReport?) {
        guard let report = book.report, report.kind == .lost else { return (book, nil) }
        try db.run("DELETE FROM report WHERE bookID = ?", [book.id])
        var found = book
        found.report = nil
        return (found, report)
    }

    /// Takes back a book passed on by mistake (`undo` after `pass Dune to Ben`): the loan it
    /// was passed on with (`passed`) is removed, as if never made, and the loan it ended
    /// (`previous`) is open again, with its due day and renewals. Refused when `passed` is no
    /// longer the book's open loan (returned, or passed on again, since): `notCheckedOut` or
    /// `alreadyCheckedOut`.
    @discardableResult
    public func takeBack(_ passed: Loan, restoring previous: Loan) async throws -> LoanedBook {
        try await database.writer.write { db in
            guard let book = try Self.books([passed.bookID], db).first else {
                throw LibraryError.notFound(reference: "#\(passed.bookID)", suggestions: [])
            }
            guard let open = try Self.openLoan(of: book.id, db) else { throw LibraryError.notCheckedOut(book) }
            guard open.id == passed.id, previous.bookID == book.id else { throw LibraryError.alreadyCheckedOut(book, loan: open) }
            try db.run("DELETE FROM loan WHERE id = ?", [passed.id])
            try db.run("UPDATE loan SET returnedAt = NULL WHERE id = ? AND returnedAt IS NOT NULL", [previous.id])
            guard let reopened = try Self.openLoan(of: book.id, db), reopened.id == previous.id else {
                throw LibraryError.notCheckedOut(book)
            }
            return LoanedBook(book: book, loan: reopened)
        }
    }

    /// Opens again a loan closed by mistake (`undo` after returning someone else's book): the
    /// same borrower, due day and renewals, as if never returned. Refused once the book is out
    /// again (`alreadyCheckedOut`) or kept for the first in line (`heldForAnother`, who was
    /// told); the book deleted meanwhile: `notFound`.
    @discardableResult
    public func reopen(_ loan: Loan) async throws -> LoanedBook {
        try await database.writer.write { db in
            guard let book = try Self.books([loan.bookID], db).first else {
                throw LibraryError.notFound(reference: "#\(loan.bookID)", suggestions: [])
            }
            if let open = try Self.openLoan(of: book.id, db) { throw LibraryError.alreadyCheckedOut(book, loan: open) }
            if let first = try Self.holds(of: book.id, db).first { throw LibraryError.heldForAnother(book, hold: first) }
            try db.run("UPDATE loan SET returnedAt = NULL WHERE id = ? AND returnedAt IS NOT NULL", [loan.id])
            guard let reopened = try Self.openLoan(of: book.id, db), reopened.id == loan.id else {
                throw LibraryError.notCheckedOut(book)
            }
            return LoanedBook(book: book, loan: reopened)
        }
    }

    /// Puts a hold given up back at its place in line (`undo` after `cancel hold`): the same
    /// holder, in the queue of the same book, by the time it was first placed, while the book
    /// is out. On the shelf (returned meanwhile, or kept for someone), the holder's place is not
    /// taken back over the one it went to: this is a new hold, at the end of the line or
    /// refused as `hold` refuses it. The book deleted meanwhile: `notFound`.
    @discardableResult
    public func restoreHold(_ hold: Hold, at now: Date) async throws -> HoldPlacement {
        let restored: HoldPlacement? = try await database.writer.write { db in
            guard let book = try Self.books([hold.bookID], db).first else {
                throw LibraryError.notFound(reference: "#\(hold.bookID)", suggestions: [])
            }
            guard let loan = try Self.openLoan(of: book.id, db) else { return nil }
            if loan.borrower.isSamePerson(as: hold.holder) { throw LibraryError.holdOnOwnLoan(book, loan: loan) }
            let queue = try Self.holds(of: book.id, db)
            if let index = queue.firstIndex(where: { $0.holder.isSamePerson(as: hold.holder) }) {
                throw LibraryError.alreadyHolding(book, hold: queue[index], position: index + 1)
            }
            try db.run("INSERT INTO hold (bookID, holderName, holderID, holderKey, placedAt) VALUES (?, ?, ?, ?, ?)",
                       [book.id, hold.holder.name, hold.holder.userID, Self.holderKey(hold.holder), hold.placedAt])
            let back = Hold(id: db.lastInsertedRowID, bookID: book.id, holder: hold.holder, placedAt: hold.placedAt)
            let line = try Self.holds(of: book.id, db)
            return HoldPlacement(book: book, hold: back, position: (line.firstIndex { $0.id == back.id } ?? line.count - 1) + 1,
                                 currentLoan: loan, keptFor: nil)
        }
        if let restored { return restored }
        return try await self.hold("#\(hold.bookID)", for: hold.holder, at: now)
    }

    /// Ends the holds whose book was kept for them past its `keptUntil`: each is removed, and
    /// the book is kept for the next in line from `now` (for `rules.holdDays`), or free for
    /// anyone. A book kept without a deadline (kept before `library.hold_days` was set) gets
    /// one from `now`; with `hold_days` 0, the deadlines are removed and nothing lapses. With
    /// `apply` false, nothing changes: the lapses that would happen are returned, for
    /// `librarybot remind` to show.
    public func lapseKeptHolds(at now: Date, apply: Bool = true) async throws -> [HoldLapse] {
        let rules = self.rules
        return try await database.writer.writeWithoutTransaction { db in
            var lapses: [HoldLapse] = []
            try db.inTransaction(.immediate) {
                guard rules.holdDays > 0 else {
                    try db.run("UPDATE hold SET keptUntil = NULL WHERE keptUntil IS NOT NULL")
                    return apply ? .commit : .rollback
                }
                let kept = try db.all("""
                    SELECT \(Hold.databaseSelection) FROM hold
                    WHERE \(Self.keptHold)
                    ORDER BY hold.keptUntil, hold.id
                    """) { try Hold(row: $0) }
                for hold in kept {
                    guard let until = hold.keptUntil else {
                        _ = try Self.keep(hold, from: now, rules, db)
                        continue
                    }
                    guard until < now, let book = try Self.books([hold.bookID], db).first else { continue }
                    try db.run("DELETE FROM hold WHERE id = ?", [hold.id])
                    let next = try Self.keepForNext(book, from: now, rules, db)
                    lapses.append(HoldLapse(book: book, hold: hold, nextInLine: next))
                }
                return apply ? .commit : .rollback
            }
            return lapses
        }
    }

    // MARK: - Questions

    /// Every book the reference designates (all copies of a title) with its open loan.
    public func whoHas(_ reference: String) async throws -> [BookStatus] {
        try readHere { db in
            // One statement for the books, their loans and their lines: `who has` is the command
            // members send most.
            let statuses = try Self.statuses(resolveIDs(reference, db), db)
            guard !statuses.isEmpty else { throw LibraryError.notFound(reference: reference.trimmingWhitespace(newlines: true), suggestions: []) }
            if statuses.count > 1, !Self.areCopies(statuses.map(\.book)) {
                throw LibraryError.ambiguous(reference: reference, candidates: statuses.map(\.book))
            }
            return statuses
        }
    }

    /// The books `borrower` has now, soonest due first.
    public func loans(of borrower: Borrower) async throws -> [LoanedBook] {
        try readHere { db in
            let byKey = try db.all("""
                SELECT \(Book.databaseSelection), \(Loan.databaseSelection) FROM loan JOIN book ON book.id = loan.bookID \(Book.withReport)
                WHERE loan.returnedAt IS NULL AND loan.borrowerKey = ?
                ORDER BY loan.dueAt, loan.id
                """, [borrower.nameKey], Self.loanedBook)
            guard let userID = borrower.userID else { return byKey }
            // With an id, the name only counts for loans recorded without one.
            let byID = try db.all("""
                SELECT \(Book.databaseSelection), \(Loan.databaseSelection) FROM loan JOIN book ON book.id = loan.bookID \(Book.withReport)
                WHERE loan.returnedAt IS NULL AND loan.borrowerID = ?
                ORDER BY loan.dueAt, loan.id
                """, [userID], Self.loanedBook)
            let merged = byID + byKey.filter { $0.loan.borrower.userID == nil }
            return merged.sorted { ($0.loan.dueAt, $0.loan.id) < ($1.loan.dueAt, $1.loan.id) }
        }
    }

    /// Whether `borrower` ever borrowed a book (one they have now, or returned), as
    /// `loans(of:)` and `pastLoans(of:limit:)` find them.
    public func hasBorrowed(_ borrower: Borrower) async throws -> Bool {
        try readHere { db in
            guard let userID = borrower.userID else {
                return try db.first("SELECT 1 FROM loan WHERE borrowerKey = ? LIMIT 1", [borrower.nameKey]) { _ in true } ?? false
            }
            return try db.first("SELECT 1 FROM loan WHERE borrowerID = ? OR (borrowerID IS NULL AND borrowerKey = ?) LIMIT 1",
                                [userID, borrower.nameKey]) { _ in true } ?? false
        }
    }

    /// The loans `borrower` has returned, the last returned first: at most `limit`, and how many
    /// there are in all. As for `loans(of:)`, with a user id the name only counts for loans
    /// recorded without one.
    public func pastLoans(of borrower: Borrower, limit: Int) async throws -> (loans: [LoanedBook], total: Int) {
        try readHere { db in
            let select = "SELECT \(Book.databaseSelection), \(Loan.databaseSelection) FROM loan JOIN book ON book.id = loan.bookID \(Book.withReport) WHERE loan.returnedAt IS NOT NULL"
            let order = "ORDER BY loan.returnedAt DESC, loan.id DESC LIMIT ?"
            let count = "SELECT COUNT(*) FROM loan WHERE returnedAt IS NOT NULL"
            guard let userID = borrower.userID else {
                let loans = try db.all("\(select) AND loan.borrowerKey = ? \(order)", [borrower.nameKey, limit], Self.loanedBook)
                let total = try db.first("\(count) AND borrowerKey = ?", [borrower.nameKey]) { row -> Int in row[0] } ?? loans.count
                return (loans, total)
            }
            let loans = try db.all("\(select) AND (loan.borrowerID = ? OR (loan.borrowerID IS NULL AND loan.borrowerKey = ?)) \(order)",
                                   [userID, borrower.nameKey, limit], Self.loanedBook)
            let total = try db.first("\(count) AND (borrowerID = ? OR (borrowerID IS NULL AND borrowerKey = ?))",
                                     [userID, borrower.nameKey]) { row -> Int in row[0] } ?? loans.count
            return (loans, total)
        }
    }

    /// The loans of `borrower` checked out during `interval` (returned or not), the last first;
    /// at most `limit`, with how many there were.
    public func loans(of borrower: Borrower, checkedOutDuring interval: DateInterval, limit: Int) async throws -> (loans: [LoanedBook], total: Int) {
        try readHere { db in
            let select = "SELECT \(Book.databaseSelection), \(Loan.databaseSelection) FROM loan JOIN book ON book.id = loan.bookID \(Book.withReport) WHERE loan.checkedOutAt >= ? AND loan.checkedOutAt < ?"
            let order = "ORDER BY loan.checkedOutAt DESC, loan.id DESC LIMIT ?"
            let count = "SELECT COUNT(*) FROM loan WHERE checkedOutAt >= ? AND checkedOutAt < ?"
            let whose = borrower.userID == nil ? "borrowerKey = ?" : "(borrowerID = ? OR (borrowerID IS NULL AND borrowerKey = ?))"
            let person: [any DatabaseValueConvertible] = borrower.userID.map { [$0, borrower.nameKey] } ?? [borrower.nameKey]
            let during: [any DatabaseValueConvertible] = [interval.start, interval.end]
            // (Only the loan table has these columns.)
            let loans = try db.all("\(select) AND \(whose) \(order)",
                                   StatementArguments(during + person + [limit]), Self.loanedBook)
            let total = try db.first("\(count) AND \(whose)", StatementArguments(during + person)) { row -> Int in row[0] } ?? loans.count
            return (loans, total)
        }
    }

    /// Open loans whose due instant is before `now`, most overdue first.
    public func overdue(at now: Date) async throws -> [LoanedBook] {
        try await openLoans(where: "loan.dueAt < ?", [now])
    }

    /// Open loans not yet overdue and due within `days` days of `now`, counted in the
    /// library's calendar days (due today, tomorrow, … the day `days` after today), soonest
    /// first. So with 2, a loan due Monday is reminded on Saturday's run, whatever its hour.
    public func dueSoon(within days: Int, at now: Date) async throws -> [LoanedBook] {
        let calendar = rules.calendar, today = calendar.startOfDay(for: now)
        let end = calendar.date(byAdding: .day, value: days + 1, to: today) ?? today.addingTimeInterval(Double(days + 1) * 86_400)
        return try await openLoans(where: "loan.dueAt >= ? AND loan.dueAt < ?", [now, end])
    }

    /// The books on the shelf kept for someone until the end of today or one of the next `days`
    /// local days (their last day to take it), soonest first. A book kept since today is left
    /// out: its member was just told.
    public func keptEndingSoon(within days: Int, at now: Date) async throws -> [KeptBook] {
        let calendar = rules.calendar, today = calendar.startOfDay(for: now)
        var end = calendar.date(byAdding: .day, value: days + 1, to: today) ?? today.addingTimeInterval(Double(days + 1) * 86_400)
        if let keptToday = rules.keptUntil(from: now) { end = min(end, keptToday) }
        return try readHere { db in
            try db.all("""
                SELECT \(Book.databaseSelection), \(Hold.databaseSelection) FROM hold JOIN book ON book.id = hold.bookID \(Book.withReport)
                WHERE hold.keptUntil >= ? AND hold.keptUntil < ?
                  AND \(Self.keptHold)
                ORDER BY hold.keptUntil, hold.id
                """, [now, end]) { row in KeptBook(book: try Book(row: row, at: 0), hold: try Hold(row: row, at: Book.columnCount)) }
        }
    }

    /// Every open loan, soonest due first.
    public func openLoans() async throws -> [LoanedBook] {
        try await openLoans(where: "1", [])
    }

    /// The catalog, filtered and ordered by the date books were added.
    public func list(_ filter: BookFilter = .all, order: BookOrder = .newest, at now: Date,
                     limit: Int? = nil, offset: Int = 0) async throws -> [BookStatus] {
        try readHere { db in
            let condition = switch filter {
            case .all: "1"
            // A copy reported lost is not on the shelf, though nobody has it.
            case .available: "loan.id IS NULL AND report.kind IS NOT 'lost'"
            case .checkedOut: "loan.id IS NOT NULL"
            case .overdue: "loan.dueAt < :now"
            case .reported: "report.kind IS NOT NULL"
            // On the index of the loans' history.
            case .neverBorrowed: "NOT EXISTS (SELECT 1 FROM loan AS lent WHERE lent.bookID = book.id)"
            }
            let direction = order == .oldest ? "ASC" : "DESC"
            // The most borrowed first: loans counted by book, on the index of its history.
            let lent = switch order {
            case .popular: "(SELECT COUNT(*) FROM loan AS lent WHERE lent.bookID = book.id) DESC, "
            // Out the longest first; books not out after them.
            case .longestOut: "loan.checkedOutAt IS NULL, loan.checkedOutAt, "
            default: ""
            }
            // By title or author, the order is the shelf's (articles set aside, surnames), which
            // SQL cannot say: the matching books are sorted here, then the page is cut.
            let byName = order == .title || order == .author
            var statuses = try db.all("""
                SELECT \(Book.databaseSelection), \(Loan.databaseSelection) FROM book \(Book.withReport)
                LEFT JOIN loan ON loan.bookID = book.id AND loan.returnedAt IS NULL
                WHERE \(condition)
                ORDER BY \(lent)book.addedAt \(direction), book.id \(direction)
                LIMIT :limit OFFSET :offset
                """, ["now": now, "limit": byName ? -1 : limit ?? -1, "offset": byName ? 0 : offset], Self.bookStatus)
            if byName {
                let keyed = statuses.map { status in
                    let (title, author) = (status.book.titleSortKey, status.book.authorSortKey)
                    return (first: order == .title ? title : author, then: order == .title ? author : title, id: status.book.id, status: status)
                }
                let sorted = keyed.sorted { ($0.first, $0.then, $0.id) < ($1.first, $1.then, $1.id) }
                statuses = sorted.dropFirst(offset).prefix(limit ?? Int.max).map(\.status)
            }
            return try Self.withKeepers(statuses, db)
        }
    }

    /// How many times each of `books` was lent (its past and open loans), by book id; a book
    /// never lent is left out.
    public func timesLent(_ books: [Int64]) async throws -> [Int64: Int] {
        guard !books.isEmpty else { return [:] }
        return try readHere { db in
            let rows = try Row.fetchAll(db, sql: """
                SELECT bookID, COUNT(*) AS times FROM loan
                WHERE bookID IN (\(books.map { _ in "?" }.joined(separator: ", ")))
                GROUP BY bookID
                """, arguments: StatementArguments(books))
            return Dictionary(rows.map { ($0["bookID"] as Int64, $0["times"] as Int) }, uniquingKeysWith: { first, _ in first })
        }
    }

    /// The categories the books carry, each with how many books carry it, the most used first,
    /// then by name. Case, accents and punctuation aside ("Science fiction", "science-fiction"
    /// are one), named as the first book carrying it writes it.
    public func categories() async throws -> [(name: String, books: Int)] {
        try readHere { db in
            var counted: [String: (name: String, books: Int)] = [:]
            for text in try String.fetchAll(db, sql: "SELECT categories FROM book WHERE categories != '' ORDER BY id") {
                var seen = Set<String>()
                for name in CategoryColumn.decode(text) {
                    let key = TextKey.fold(name)
                    guard !key.isEmpty, seen.insert(key).inserted else { continue }
                    counted[key, default: (name, 0)].books += 1
                }
            }
            return counted.sorted { ($0.value.books, $1.key) > ($1.value.books, $0.key) }.map(\.value)
        }
    }

    /// How many books there are, and how many are on the shelf (neither out nor reported lost).
    public func counts() async throws -> ShelfCounts {
        try readHere(Self.counts)
    }

    static func counts(_ db: Database) throws -> ShelfCounts {
        let books = try db.first("SELECT COUNT(*) FROM book") { row -> Int in row[0] } ?? 0
        let out = try db.first("SELECT COUNT(*) FROM loan WHERE returnedAt IS NULL") { row -> Int in row[0] } ?? 0
        let (reported, missing) = try db.first("""
            SELECT COUNT(*), COUNT(*) FILTER (WHERE kind = 'lost'
                AND NOT EXISTS (SELECT 1 FROM loan WHERE loan.bookID = report.bookID AND loan.returnedAt IS NULL))
            FROM report
            """) { row -> (Int, Int) in (row[0], row[1]) } ?? (0, 0)
        return ShelfCounts(books: books, available: books - out - missing, checkedOut: out, reported: reported)
    }

    /// Books whose title, author, publisher or categories match every word of `query`
    /// (word prefixes, accents ignored), best first; when none matches all words, those
    /// matching any. Little words ("a", "the", "un") and words for a book ("book", "novel",
    /// "roman") are left out when others remain: "a fantasy book" is a search for fantasy, where
    /// "a" matched every book with a word that starts with an a, and "roman" every Romance.
    public func search(_ query: String, limit: Int = 20) async throws -> [BookStatus] {
        let key = TextKey.fold(query)
        let telling = key.split(separator: " ").filter { !TextKey.isLittleWord($0) && !Self.wordsForABook.contains($0) }
        let words = Self.searchWords(telling.isEmpty ? key : telling.joined(separator: " "))
        guard !words.isEmpty else { return [] }
        let isbns = ISBN.equivalents(of: query)
        return try readHere { db in
            if !isbns.isEmpty {
                let ids = try Self.ids(withISBN: isbns, db)
                if !ids.isEmpty { return try Self.statuses(ids, db) }
            }
            // Titles holding the query's number written the other way ("1984": Nineteen
            // Eighty-Four), or whose initials it is ("lotr"), come first: the words alone cannot
            // find them.
            let index = try titles.snapshot(db)
            let numbered = try Self.statuses(Array((index.titlesWithNumber(key) + index.titlesWithInitials(key)).prefix(limit)), db)
            for pattern in [words.joined(separator: " AND "), words.joined(separator: " OR ")] {
                let found = try db.all("""
                    SELECT \(Book.databaseSelection), \(Loan.databaseSelection) FROM bookSearch
                    JOIN book ON book.id = bookSearch.rowid \(Book.withReport)
                    LEFT JOIN loan ON loan.bookID = book.id AND loan.returnedAt IS NULL
                    WHERE bookSearch MATCH ?
                    ORDER BY bm25(bookSearch, 10.0, 5.0, 1.0, 2.0), book.id
                    LIMIT ?
                    """, [pattern, limit], Self.bookStatus)
                let numberedIDs = Set(numbered.map(\.book.id))
                let all = numbered + (try Self.withKeepers(found.filter { !numberedIDs.contains($0.book.id) }, db))
                if !all.isEmpty { return Array(all.prefix(limit)) }
                if words.count == 1 { break }
            }
            return []
        }
    }

    /// One book with its open loan, its hold queue, its last five past loans, how many times it
    /// was lent, and by whom the most.
    public func show(_ reference: String) async throws -> BookDetails {
        try readHere { db in
            let book = try resolveOne(reference, db)
            let past = try db.all("""
                SELECT \(Loan.databaseSelection) FROM loan WHERE bookID = ? AND returnedAt IS NOT NULL
                ORDER BY checkedOutAt DESC, id DESC LIMIT 5
                """, [book.id]) { try Loan(row: $0, at: 0) }
            // On the index of the loans' history.
            let times = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM loan WHERE bookID = ?", arguments: [book.id]) ?? 0
            // The two who borrowed it the most (each under their latest name): the first, when
            // ahead of the second.
            let readers = try Row.fetchAll(db, sql: """
                SELECT borrowerName, borrowerID, MAX(checkedOutAt), COUNT(*) AS times FROM loan WHERE bookID = ?
                GROUP BY borrowerKey ORDER BY times DESC LIMIT 2
                """, arguments: [book.id]).map { BookDetails.Reader(borrower: Borrower(storedName: $0[0], userID: $0[1]), times: $0[3]) }
            let mostOften = readers.first.flatMap { first in first.times > 1 && (readers.count == 1 || readers[1].times < first.times) ? first : nil }
            return BookDetails(book: book, loan: try Self.openLoan(of: book.id, db),
                               holds: try Self.holds(of: book.id, db), pastLoans: past, timesLent: times, mostOften: mostOften)
        }
    }

    /// The line of the book numbered `bookID`, the first first (empty when nobody waits, or
    /// there is no such book): one query, where `show` makes four.
    public func line(of bookID: Int64) async throws -> [Hold] {
        try readHere { db in try Self.holds(of: bookID, db) }
    }

    /// The book a reference designates: `#12`, or a title (case, accents, punctuation and
    /// close typos forgiven).
    public func resolve(_ reference: String) async throws -> Book {
        try readHere { db in try resolveOne(reference, db) }
    }

    /// Whether `text` is the whole title of a book of the library (case, accents, punctuation
    /// and a leading article aside; no typo forgiven), as in "A Prayer for Owen Meany".
    public func isTitle(_ text: String) async throws -> Bool {
        try await firstTitle(among: [text]) != nil
    }

    /// Whether `text` names books of the library by their title as it is typed: a whole title
    /// or whole words of one ("Gatsby"), or a number written the other way ("1984"), maybe with
    /// its author ("Emma by Jane Austen"). No typo is forgiven and no remark dropped, unlike
    /// `whoHas`: a word of chat that merely resembles a title names no book.
    public func titleNamesBooks(_ text: String) async throws -> Bool {
        let key = TextKey.fold(text)
        return try readHere { db in
            let index = try titles.snapshot(db)
            if !index.matches(key, forgivingTypos: false).isEmpty { return true }
            return try Self.idsByAuthor(in: text, index, forgivingTypos: false, db)?.authorMatches == true
        }
    }

    /// The first of `texts` that is the whole title of a book, as `isTitle` says, in one read.
    public func firstTitle(among texts: [String]) async throws -> Int? {
        let keys = texts.map(TextKey.fold)
        return try readHere { db in
            let index = try titles.snapshot(db)
            return keys.firstIndex { !index.exactMatches($0).isEmpty }
        }
    }

    /// The lines `person` is in: the books on the shelf kept for them (first in line), by id,
    /// with until when; and the books they wait for, by title, each with its status and their
    /// place in its line (1 is next).
    public func lines(of person: Borrower) async throws -> (kept: [BookStatus], awaited: [AwaitedBook]) {
        try readHere { db in
            var positions: [Int64: Int] = [:]
            for (bookID, queue) in try Self.queues(db) {
                if let index = queue.firstIndex(where: { $0.holder.isSamePerson(as: person) }) { positions[bookID] = index + 1 }
            }
            var kept: [BookStatus] = [], awaited: [AwaitedBook] = []
            for status in try Self.statuses(positions.keys.sorted(), db) {
                guard let position = positions[status.book.id] else { continue }
                // A copy reported lost that nobody has is waited for, not kept: it is not there.
                if status.loan == nil, position == 1, status.book.report?.kind != .lost {
                    kept.append(status)
                } else {
                    awaited.append(AwaitedBook(status: status, position: position))
                }
            }
            return (kept, awaited.sorted { ($0.status.book.title, $0.status.book.id) < ($1.status.book.title, $1.status.book.id) })
        }
    }

    /// Every hold queue, by book, first in line first.
    public func holdQueues() async throws -> [Int64: [Hold]] {
        try readHere { db in try Self.queues(db) }
    }

    /// The first book added with `isbn`, in either of its forms (ISBN-10 or ISBN-13), if any.
    public func book(withISBN isbn: String) async throws -> Book? {
        let forms = ISBN.equivalents(of: isbn)
        guard !forms.isEmpty else { return nil }
        return try readHere { db in try Self.books(Self.ids(withISBN: forms, db).prefix(1).map { $0 }, db).first }
    }

    /// Every book, oldest first, for export.
    public func allBooks() async throws -> [Book] {
        try readHere { db in
            try db.all("SELECT \(Book.databaseSelection) FROM book \(Book.withReport) ORDER BY book.addedAt, book.id") { try Book(row: $0, at: 0) }
        }
    }

    /// Runs a read on the calling thread. A read takes microseconds (a few milliseconds for the
    /// largest reports), less than GRDB's async `read` spends hopping to its queue's thread and
    /// back; in WAL mode it never waits for a write. Measured on bursts of 1,000 `who has`
    /// (6 each): CPU per command −16 to −20%, reply p99 median about −30% (Slack 130 → 88 ms,
    /// Discord 303 → 205 ms).
    func readHere<T>(_ block: (Database) throws -> T) throws -> T {
        try database.read(block)
    }

    // MARK: - Time zone

    /// Records `rules.timeZone` as the zone the library's days are counted in. When it last ran
    /// under another zone, every open loan keeps the due day its borrower was told ("due Mon 7
    /// Dec"): its due instant moves to the end of that day in the new zone, where it would
    /// otherwise fall on the day before or after. A library that never recorded a zone takes the
    /// current one as the one it ran under. Returns the change, or nil when there was none.
    @discardableResult
    public func adoptTimeZone() throws -> TimeZoneChange? {
        let zone = rules.timeZone
        return try database.writer.write { db -> TimeZoneChange? in
            let stored = try db.first("SELECT value FROM librarySetting WHERE key = 'timezone'") { row -> String in row[0] }
            try db.run("INSERT INTO librarySetting (key, value) VALUES ('timezone', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                       [zone.identifier])
            guard let stored, stored != zone.identifier, let previous = TimeZone(identifier: stored) else { return nil }
            var before = Calendar(identifier: .gregorian)
            before.timeZone = previous
            var after = Calendar(identifier: .gregorian)
            after.timeZone = zone
            let loans = try db.all("SELECT id, dueAt FROM loan WHERE returnedAt IS NULL") { row -> (id: Int64, dueAt: Date) in (row[0], row[1]) }
            func sameDayInNewZone(_ instant: Date) -> Date? {
                let day = before.dateComponents([.year, .month, .day], from: instant)
                guard let start = after.date(from: day), let next = after.date(byAdding: .day, value: 1, to: start) else { return nil }
                return next.addingTimeInterval(-1)
            }
            for loan in loans {
                guard let due = sameDayInNewZone(loan.dueAt) else { continue }
                try db.run("UPDATE loan SET dueAt = ? WHERE id = ?", [due, loan.id])
            }
            // The day a book is kept until, which its holder was told, is kept too.
            let kept = try db.all("SELECT id, keptUntil FROM hold WHERE keptUntil IS NOT NULL") { row -> (id: Int64, until: Date) in (row[0], row[1]) }
            for hold in kept {
                guard let until = sameDayInNewZone(hold.until) else { continue }
                try db.run("UPDATE hold SET keptUntil = ? WHERE id = ?", [until, hold.id])
            }
            return TimeZoneChange(previous: stored, current: zone.identifier, openLoans: loans.count)
        }
    }

    // MARK: - Resolution

    /// The books `reference` designates (never empty), or `notFound` with suggestions.
    private func resolve(_ reference: String, _ db: Database) throws -> [Book] {
        let ids = try resolveIDs(reference, db)
        let books = try Self.books(ids, db)
        guard !books.isEmpty else { throw LibraryError.notFound(reference: reference.trimmingWhitespace(newlines: true), suggestions: []) }
        return books
    }

    /// The ids of the books `reference` designates, or `notFound` with suggestions. A `#12`
    /// is not looked up here: a number that is no book's gives no book from the ids.
    private func resolveIDs(_ reference: String, _ db: Database) throws -> [Int64] {
        let trimmed = reference.trimmingWhitespace(newlines: true)
        if trimmed.hasPrefix("#"), let id = Int64(trimmed.dropFirst()) { return [id] }
        // A scanned or typed ISBN names the books that carry it (in either form).
        let isbns = ISBN.equivalents(of: trimmed)
        if !isbns.isEmpty {
            let ids = try Self.ids(withISBN: isbns, db)
            if !ids.isEmpty { return ids }
        }
        let key = TextKey.fold(trimmed)
        let index = try titles.snapshot(db)
        let ids = index.matches(key)
        // "Emma by Jane Austen": of that title, the books by that author; by no author of
        // theirs, the title's books are what is offered.
        let byAuthor = ids.isEmpty ? try Self.idsByAuthor(in: trimmed, index, db) : nil
        if let byAuthor, byAuthor.authorMatches { return Array(byAuthor.ids.prefix(20)) }
        // "book 3", "book #3", "livre numéro 3": the book numbered so.
        if ids.isEmpty, let id = Self.numberAsWords(key), index.entries.contains(where: { $0.id == id }) { return [id] }
        if ids.isEmpty, let withoutRemark = Self.idsWithoutRemark(in: trimmed, index) {
            return Array(withoutRemark.prefix(20))
        }
        if ids.isEmpty {
            var suggestionIDs = byAuthor?.ids ?? index.suggestions(for: key)
            if suggestionIDs.isEmpty {
                suggestionIDs = try Self.searchIDs(key, limit: 3, db)
            }
            // A bare number ("checkout 3") may have meant a book's number, #3: offered first.
            if trimmed.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }), let id = Int64(trimmed),
               index.entries.contains(where: { $0.id == id }) {
                suggestionIDs = [id] + suggestionIDs.filter { $0 != id }
            }
            throw LibraryError.notFound(reference: trimmed, suggestions: try Self.books(suggestionIDs, db))
        }
        return Array(ids.prefix(20))
    }

    /// The number in "book 3", "book number 3", "number 3", "livre n° 3" (folded: "#" and "°"
    /// are gone), if the key says one so.
    static func numberAsWords(_ key: String) -> Int64? {
        let words = key.split(separator: " ")
        guard words.count >= 2, words.count <= 3, let number = words.last.flatMap({ Int64($0) }), number > 0 else { return nil }
        let lead = words.dropLast().map(String.init)
        return [["book"], ["book", "number"], ["number"], ["no"], ["livre"], ["livre", "numero"], ["livre", "n"], ["numero"], ["n"]]
            .contains(lead) ? number : nil
    }

    /// A title followed by a remark of the member's own: after a sentence end, a colon, a dash
    /// or an opening parenthesis, or on a line of its own ("Dune. I loved it!", "Dune - great
    /// read", "Dune (loved it)", "Dune" then "thanks for the tip"), or words that say when
    /// or for whom ("Dune yesterday", "Dune for me", "Dune en ce moment"). The books that the
    /// longest part without the remark designates, if any. Only when the whole reference
    /// designates nothing, so a title with a full stop in it ("Dr. No") or ending in such a word
    /// ("Apocalypse Now") is still read whole.
    static func idsWithoutRemark(in reference: String, _ index: TitleIndex.Snapshot) -> [Int64]? {
        /// The books `part` designates, as it is (unless `whole`, already tried) or without
        /// words of when or for whom at its end.
        func designated(_ part: Substring, whole: Bool = false) -> [Int64]? {
            let key = TextKey.fold(String(part))
            if !whole {
                let ids = index.matches(key)
                if !ids.isEmpty { return ids }
            }
            let words = key.split(separator: " ")
            for remark in trailingRemarks where words.count > remark.count && words.suffix(remark.count).elementsEqual(remark) {
                let ids = index.matches(words.dropLast(remark.count).joined(separator: " "))
                if !ids.isEmpty { return ids }
            }
            // Where it was or is: "Dune under my desk", "Dune in my bag", "Dune à la maison".
            for cut in stride(from: words.count - 2, through: max(1, words.count - placeRemarkLength), by: -1) where isPlace(words[cut...]) {
                let ids = index.matches(words[..<cut].joined(separator: " "))
                if !ids.isEmpty { return ids }
            }
            // What it is, before it: "the book Dune", "a copy of Dune", "le livre Dune"; or a
            // verb's "back" ("give me back Dune").
            for lead in leadingDesignators where words.count > lead.count && words.starts(with: lead) {
                let ids = index.matches(words.dropFirst(lead.count).joined(separator: " "))
                if !ids.isEmpty { return ids }
            }
            return nil
        }
        if let ids = designated(reference[...], whole: true) { return ids }
        // Only where a title could end: past the longest a title may be, no cut is tried (a
        // pasted text of ten thousand sentences would be cut ten thousand times).
        var breaks: [String.Index] = []
        var position = reference.startIndex, read = 0
        while position < reference.endIndex, read <= NewBook.maximumTextLength {
            read += 1
            let character = reference[position]
            let next = reference.index(after: position)
            let spaceAfter = next < reference.endIndex && reference[next].isWhitespace
            let spaceBefore = position > reference.startIndex && reference[reference.index(before: position)].isWhitespace
            if character.isNewline || ".!?…:".contains(character) && spaceAfter
                || "-–—".contains(character) && spaceBefore && spaceAfter || character == "(" && spaceBefore {
                breaks.append(position)
            }
            position = next
        }
        for end in breaks.reversed() {
            if let ids = designated(reference[..<end]) { return ids }
        }
        return nil
    }

    /// A title, then "by" ("par", "de") and words of its author's name ("Emma by Jane Austen",
    /// "Emma by Austen", "Le Petit Prince de Saint-Exupéry"): the books of that title whose
    /// author's name holds those letters, with `authorMatches`; when none does, the title's
    /// books, without. The last "by" that leaves a title first; nil when no cut leaves one. Only
    /// when the whole reference designates nothing, so a title with "by" or "de" in it ("Stand
    /// by Me", "Le Comte de Monte-Cristo") is still read whole.
    static func idsByAuthor(in reference: String, _ index: TitleIndex.Snapshot, forgivingTypos: Bool = true,
                            _ db: Database) throws -> (ids: [Int64], authorMatches: Bool)? {
        let words = reference.split(whereSeparator: \.isWhitespace)
        // Past the longest a title and a name may be, no cut is tried (a pasted page).
        guard words.count >= 3, reference.utf8.count <= 2 * NewBook.maximumTextLength else { return nil }
        func letters(_ text: String) -> String { TextKey.fold(text).filter { $0 != " " } }
        for cut in stride(from: words.count - 2, through: 1, by: -1) where authorMarkers.contains(TextKey.fold(String(words[cut]))) {
            let author = letters(words[(cut + 1)...].joined(separator: " "))
            let ids = index.matches(TextKey.fold(words[..<cut].joined(separator: " ")), forgivingTypos: forgivingTypos)
            guard !author.isEmpty, !ids.isEmpty else { continue }
            let byAuthor = try books(ids, db).filter { letters($0.author).contains(author) }
            return byAuthor.isEmpty ? (ids, false) : (byAuthor.map(\.id), true)
        }
        return nil
    }

    private static let authorMarkers: Set<String> = ["by", "par", "de"]

    /// Words that say a book is meant before its title, folded ("the book Dune", "le roman Dune").
    private static let leadingDesignators: [[Substring]] = [
        ["back"], ["the", "book"], ["book"], ["the", "novel"], ["novel"], ["the", "title"], ["a", "copy", "of"], ["the", "copy", "of"], ["one", "copy", "of"],
        ["my", "copy", "of"], ["our", "copy", "of"], ["the", "librarys", "copy", "of"], ["my", "book"], ["my"], ["our"],
        ["le", "livre"], ["livre"], ["le", "roman"], ["roman"], ["un", "exemplaire", "de"], ["lexemplaire", "de"],
        ["mon", "exemplaire", "de"], ["mon", "livre"], ["mon"], ["ma"],
    ]

    /// Words said after a title about when or for whom, folded, longest first.
    private static let trailingRemarks: [[Substring]] = [
        "right now", "now", "currently", "at the moment", "today", "yesterday", "this morning", "this week", "for me",
        "before", "last", "before me", "before you", "last time", "recently", "avant", "avant moi", "en dernier", "recemment",
        "do we have", "do you have", "do i have", "are there", "avons-nous", "avez-vous", "ai-je",
        "please", "en ce moment", "maintenant", "actuellement", "hier", "aujourd'hui", "ce matin", "pour moi", "svp", "stp",
        // "checkout Dune then", "renew Dune again", "hold Dune too".
        "then", "again", "too", "as well", "instead", "alors", "encore", "plutot", "once more", "one more time", "une fois de plus",
        // Where the member keeps it: "I have Dune at home".
        "at home", "with me", "at my place", "chez moi", "a la maison",
        // Where it goes back: "return Dune to the library", "rendre Dune à la bibliothèque".
        "to the library", "to the shelf", "on the shelf", "back", "back to the library", "back on the shelf",
        "a la bibliotheque", "sur l'etagere",
        // "hand Dune over to Ben"; "where's Dune at".
        "over", "at",
        // Where it is taken from: "delete Dune from the catalog", "supprimer Dune du catalogue".
        "from the library", "from the shelf", "from the catalog", "from the catalogue", "from the collection",
        "de la bibliotheque", "du catalogue", "de l'etagere",
    ].map { TextKey.fold($0).split(separator: " ") }.sorted { $0.count > $1.count }

    /// `text` folded without the words of when, for whom or where that end it ("it to the
    /// library", "ça pour moi", "it under my desk"), or nil when none end it.
    public static func withoutTrailingRemark(_ text: String) -> String? {
        guard text.utf8.contains(0x20) else { return nil }
        let words = TextKey.fold(text).split(separator: " ")
        guard words.count >= 2, words.count <= 24 else { return nil }
        if let remark = trailingRemarks.first(where: { words.count > $0.count && words.suffix($0.count).elementsEqual($0) }) {
            return words.dropLast(remark.count).joined(separator: " ")
        }
        for cut in stride(from: words.count - 2, through: max(1, words.count - placeRemarkLength), by: -1) where isPlace(words[cut...]) {
            return words[..<cut].joined(separator: " ")
        }
        return nil
    }

    /// Whether folded `words` say where a book is: a preposition of place then a possessive
    /// ("under my desk", "dans mon sac"), or "under" / "behind" the something ("under the
    /// bed"), or one of a few places ("at home", "chez moi"). Never "in the" alone, which
    /// titles are full of ("The Catcher in the Rye").
    private static func isPlace(_ words: ArraySlice<Substring>) -> Bool {
        guard words.count >= 2 else { return false }
        let preposition = words[words.startIndex], next = words[words.startIndex + 1]
        if placesAlone.contains(words.map(String.init)) { return true }
        guard placePrepositions.contains(String(preposition)) else { return false }
        return possessives.contains(String(next)) || closePrepositions.contains(String(preposition)) && articles.contains(String(next))
    }
    /// The most words a place after a title may have ("under the sofa in the living room").
    private static let placeRemarkLength = 7
    private static let placePrepositions: Set<String> = [
        "under", "behind", "in", "inside", "on", "beside", "near", "at", "between", "from", "underneath",
        "sous", "derriere", "dans", "sur", "pres", "a", "chez", "entre",
    ]
    private static let closePrepositions: Set<String> = ["under", "underneath", "behind", "beside", "inside", "sous", "derriere"]
    private static let possessives: Set<String> = [
        "my", "his", "her", "our", "their", "your", "mon", "ma", "mes", "son", "sa", "ses", "notre", "nos", "votre", "vos", "leur", "leurs",
    ]
    private static let articles: Set<String> = ["the", "a", "le", "la", "les", "un", "une"]
    private static let placesAlone: Set<[String]> = [
        ["at", "home"], ["at", "work"], ["at", "school"], ["at", "the", "office"], ["chez", "moi"], ["chez", "nous"], ["au", "bureau"],
        ["a", "la", "maison"],
    ]

    private func resolveOne(_ reference: String, _ db: Database) throws -> Book {
        let candidates = try resolve(reference, db)
        guard candidates.count == 1, let book = candidates.first else {
            throw LibraryError.ambiguous(reference: reference.trimmingWhitespace(), candidates: candidates)
        }
        return book
    }

    /// Copies are books with the same title and author.
    private static func areCopies(_ books: [Book]) -> Bool {
        guard let first = books.first else { return true }
        let title = TextKey.fold(first.title), author = TextKey.fold(first.author)
        return books.allSatisfy { TextKey.fold($0.title) == title && TextKey.fold($0.author) == author }
    }

    /// For a checkout: the one candidate, or among copies the copy the borrower has already (a
    /// second copy of a title is taken by its number, `#15`, never by typing the title twice),
    /// else the first on the shelf that is not kept for someone else, else the first on the
    /// shelf, else the one due back first.
    private static func pickCopyToLend(_ candidates: [Book], to borrower: Borrower, reference: String, _ db: Database) throws -> Book {
        guard candidates.count > 1 else { return candidates[0] }
        guard areCopies(candidates) else { throw LibraryError.ambiguous(reference: reference, candidates: candidates) }
        let loans = try openLoans(of: candidates.map(\.id), db)
        if let theirs = candidates.first(where: { loans[$0.id]?.borrower.isSamePerson(as: borrower) == true }) { return theirs }
        // A copy reported lost is lent only when no other is on the shelf: the member may have
        // found it, but more likely means another.
        let free = candidates.filter { loans[$0.id] == nil }
        let onShelf = free.filter { $0.report?.kind != .lost } + free.filter { $0.report?.kind == .lost }
        for book in onShelf {
            let first = try holds(of: book.id, db).first
            if first == nil || first?.holder.isSamePerson(as: borrower) == true { return book }
        }
        if let book = onShelf.first { return book }
        return candidates.min { (loans[$0.id]?.dueAt ?? .distantFuture) < (loans[$1.id]?.dueAt ?? .distantFuture) } ?? candidates[0]
    }

    /// For a return or renewal: the candidate that is out, preferring the copy lent to `borrower`.
    /// Among books of one title by different authors ("Emma"), the one of them lent to
    /// `borrower`; different titles ("harry potter"), or none or several of them theirs: they
    /// are asked which.
    private static func pickLentCopy(_ candidates: [Book], of borrower: Borrower?, reference: String, _ db: Database) throws -> (Book, Loan) {
        let loans = try openLoans(of: candidates.map(\.id), db)
        let out = candidates.compactMap { book in loans[book.id].map { (book, $0) } }
        if candidates.count > 1, !areCopies(candidates) {
            let oneTitle = Set(candidates.map { TextKey.fold($0.title) }).count == 1
            let theirs = borrower.map { borrower in out.filter { $0.1.borrower.isSamePerson(as: borrower) } } ?? []
            guard oneTitle, theirs.count == 1 else { throw LibraryError.ambiguous(reference: reference, candidates: candidates) }
            return theirs[0]
        }
        if let borrower, let mine = out.first(where: { $0.1.borrower.isSamePerson(as: borrower) }) { return mine }
        switch out.count {
        case 0: throw LibraryError.notCheckedOut(candidates[0])
        case 1: return out[0]
        default: throw LibraryError.ambiguous(reference: reference, candidates: out.map(\.0))
        }
    }

    // MARK: - Queries

    /// Inserts `book`. A new copy of a title someone waits for is kept for whoever has waited
    /// longest, as a copy back from a loan would be.
    private static func insert(_ book: NewBook, at now: Date, _ rules: LibraryRules, _ db: Database) throws -> Book {
        try db.run("""
                INSERT INTO book (title, titleKey, author, publisher, categories, isbn, addedAt)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """, [book.title, TextKey.fold(book.title), book.author, book.publisher,
                        CategoryColumn.encode(book.categories), book.isbn, now])
        let inserted = Book(id: db.lastInsertedRowID, title: book.title, author: book.author, publisher: book.publisher,
                            categories: book.categories, isbn: book.isbn, addedAt: now)
        _ = try keepForNext(inserted, from: now, rules, db)
        return inserted
    }

    private static func books(_ ids: [Int64], _ db: Database) throws -> [Book] {
        try rows(ofBooks: ids, "SELECT \(Book.databaseSelection) FROM book \(Book.withReport)", db, id: { $0.id }) { try Book(row: $0, at: 0) }
    }

    /// The rows of `select` (its FROM joining `book`) for the books `ids`, decoded, in the order
    /// of `ids`; a book that does not exist is left out.
    private static func rows<T>(ofBooks ids: [Int64], _ select: String, _ db: Database, id: (T) -> Int64,
                                _ decode: (Row) throws -> T) throws -> [T] {
        guard !ids.isEmpty else { return [] }
        let placeholders = Array(repeating: "?", count: ids.count).joined(separator: ",")
        // Cached per number of ids (the common case is one). The arguments go through a closure:
        // GRDB's init for a sequence of Int64 maps it with a key path that the runtime builds
        // anew on every call (it showed in profiles of `who has`).
        let found = try db.all("\(select) WHERE book.id IN (\(placeholders))",
                               StatementArguments(ids.map { $0 as (any DatabaseValueConvertible)? }), decode)
        let byID = Dictionary(uniqueKeysWithValues: found.map { (id($0), $0) })
        return ids.compactMap { byID[$0] }
    }

    /// The books whose ISBN is one of `isbns` (the forms of one ISBN), oldest first.
    private static func ids(withISBN isbns: [String], _ db: Database) throws -> [Int64] {
        try db.all("SELECT id FROM book WHERE isbn IN (\(isbns.map { _ in "?" }.joined(separator: ", "))) ORDER BY id LIMIT 20",
                   StatementArguments(isbns)) { row -> Int64 in row[0] }
    }

    /// The first `mostSearchWords` different words of a folded query, as full-text prefix
    /// terms: a pasted page is not a query of thousands of terms (30,000 took SQLite seconds).
    /// A word in the plural also finds its singular ("classics" the books in Classic).
    private static func searchWords(_ key: String) -> [String] {
        var seen = Set<Substring>(), words: [String] = []
        for word in key.split(separator: " ") where words.count < mostSearchWords && seen.insert(word).inserted {
            let singulars = singulars(of: word)
            words.append(singulars.isEmpty ? "\"\(word)\"*" : "(" + (["\"\(word)\"*"] + singulars.map { "\"\($0)\"" }).joined(separator: " OR ") + ")")
        }
        return words
    }
    private static let mostSearchWords = 16
    private static let wordsForABook: Set<Substring> = ["book", "books", "novel", "novels", "livre", "livres", "roman", "romans", "bouquin", "bouquins"]

    /// The words a folded word may be the plural of, in English or French: "classics" classic,
    /// "stories" story, "boxes" boxe and box, "romans" roman. None for a short word ("bus",
    /// "les") or one no plural ends as ("chess", "tolkien").
    private static func singulars(of word: Substring) -> [String] {
        guard word.count > 3, word.hasSuffix("s"), !word.hasSuffix("ss"), !word.hasSuffix("us"), !word.hasSuffix("is") else { return [] }
        var forms = [String(word.dropLast())]
        if word.hasSuffix("ies") { forms.append(word.dropLast(3) + "y") }
        if word.hasSuffix("es"), word.count > 4 { forms.append(String(word.dropLast(2))) }
        return forms
    }

    /// Books that share a word with `key`, for a "did you mean": not a little word ("the",
    /// "of"), which most titles have (`The Name of the Wind` is not `The Left Hand of Darkness`),
    /// unless the key has nothing else (`checkout the`, a title begun).
    private static func searchIDs(_ key: String, limit: Int, _ db: Database) throws -> [Int64] {
        let telling = key.split(separator: " ").filter { !TextKey.isLittleWord($0) }
        let words = searchWords(telling.isEmpty ? key : telling.joined(separator: " "))
        guard !words.isEmpty else { return [] }
        return try Int64.fetchAll(db, sql: """
            SELECT rowid FROM bookSearch WHERE bookSearch MATCH ?
            ORDER BY bm25(bookSearch, 10.0, 5.0, 1.0, 2.0) LIMIT ?
            """, arguments: [words.joined(separator: " OR "), limit])
    }

    private static func openLoan(of bookID: Int64, _ db: Database) throws -> Loan? {
        try db.first("SELECT \(Loan.databaseSelection) FROM loan WHERE bookID = ? AND returnedAt IS NULL", [bookID]) { try Loan(row: $0, at: 0) }
    }

    private static func openLoans(of bookIDs: [Int64], _ db: Database) throws -> [Int64: Loan] {
        var result: [Int64: Loan] = [:]
        for id in bookIDs { result[id] = try openLoan(of: id, db) }
        return result
    }

    /// Every hold queue, by book, first in line first (`placedAt`, then `id`).
    private static func queues(_ db: Database) throws -> [Int64: [Hold]] {
        let holds = try db.all("SELECT \(Hold.databaseSelection) FROM hold ORDER BY bookID, placedAt, id") { try Hold(row: $0) }
        return Dictionary(grouping: holds, by: \.bookID)
    }

    /// The queue for a book, first in line first.
    private static func holds(of bookID: Int64, _ db: Database) throws -> [Hold] {
        try db.all("SELECT \(Hold.databaseSelection) FROM hold WHERE bookID = ? ORDER BY placedAt, id", [bookID]) { try Hold(row: $0) }
    }

    /// Keeps `book`, on the shelf and kept for nobody, for the first in its line, else for whoever
    /// has waited longest for another copy of the title; returns their hold, or nil when nobody
    /// waits.
    private static func keepForNext(_ book: Book, from now: Date, _ rules: LibraryRules, _ db: Database) throws -> Hold? {
        try (holds(of: book.id, db).first ?? moveWaitingForAnotherCopy(to: book, db)).map { try keep($0, from: now, rules, db) }
    }

    /// A copy back with nobody in its own line goes to whoever has waited longest for another
    /// copy of the title (not one already kept for them): their hold moves to this copy, which
    /// is returned. Nil when nobody waits for the title.
    private static func moveWaitingForAnotherCopy(to book: Book, _ db: Database) throws -> Hold? {
        let author = TextKey.fold(book.author)
        let waiting = try db.all("""
            SELECT \(Hold.databaseSelection), other.author FROM hold JOIN book other ON other.id = hold.bookID
            WHERE other.titleKey = ? AND other.id <> ? AND NOT (\(keptHold))
            ORDER BY hold.placedAt, hold.id
            """, [TextKey.fold(book.title), book.id]) { row -> (hold: Hold, author: String) in (try Hold(row: row), row[Hold.columnCount]) }
        guard var first = waiting.first(where: { TextKey.fold($0.author) == author })?.hold else { return nil }
        try db.run("UPDATE hold SET bookID = ?, keptUntil = NULL WHERE id = ?", [book.id, first.id])
        first.bookID = book.id
        return first
    }

    /// The SQL condition on `hold` that it is the one its book on the shelf is kept for: the
    /// first in the book's line, and the book is neither out nor missing (reported lost: its
    /// line waits, and its first does not lapse).
    private static let keptHold = """
        hold.id = (SELECT line.id FROM hold line WHERE line.bookID = hold.bookID ORDER BY line.placedAt, line.id LIMIT 1)
        AND NOT EXISTS (SELECT 1 FROM loan WHERE loan.bookID = hold.bookID AND loan.returnedAt IS NULL)
        AND NOT EXISTS (SELECT 1 FROM report WHERE report.bookID = hold.bookID AND report.kind = 'lost')
        """

    /// Keeps the book on the shelf for `hold`, the first in its line, from `now`: records and
    /// returns until when.
    private static func keep(_ hold: Hold, from now: Date, _ rules: LibraryRules, _ db: Database) throws -> Hold {
        var kept = hold
        kept.keptUntil = rules.keptUntil(from: now)
        try db.run("UPDATE hold SET keptUntil = ? WHERE id = ?", [kept.keptUntil, hold.id])
        return kept
    }

    /// Refuses a name longer than `Borrower.maximumNameLength`.
    private static func validate(_ person: Borrower) throws(LibraryError) {
        guard person.name.count <= Borrower.maximumNameLength else { throw .nameTooLong(maximum: Borrower.maximumNameLength) }
    }

    private static func holderKey(_ holder: Borrower) -> String {
        holder.userID.map { "id:\($0)" } ?? "name:\(holder.nameKey)"
    }

    private func openLoans(where condition: String, _ arguments: StatementArguments) async throws -> [LoanedBook] {
        try readHere { db in
            try db.all("""
                SELECT \(Book.databaseSelection), \(Loan.databaseSelection) FROM loan JOIN book ON book.id = loan.bookID \(Book.withReport)
                WHERE loan.returnedAt IS NULL AND \(condition)
                ORDER BY loan.dueAt, loan.id
                """, arguments, Self.loanedBook)
        }
    }

    /// A row of `Book.databaseSelection` then `Loan.databaseSelection`.
    private static func loanedBook(_ row: Row) throws -> LoanedBook {
        LoanedBook(book: try Book(row: row, at: 0), loan: try Loan(row: row, at: Book.columnCount))
    }

    /// The books `ids` (in that order, those that exist) with their open loan and, on the shelf,
    /// whom they are kept for: in one statement.
    private static func statuses(_ ids: [Int64], _ db: Database) throws -> [BookStatus] {
        try rows(ofBooks: ids, """
            SELECT \(Book.databaseSelection), \(Loan.databaseSelection), \(Hold.databaseSelection) FROM book \(Book.withReport)
            LEFT JOIN loan ON loan.bookID = book.id AND loan.returnedAt IS NULL
            LEFT JOIN hold ON loan.id IS NULL
                AND hold.id = (SELECT line.id FROM hold line WHERE line.bookID = book.id ORDER BY line.placedAt, line.id LIMIT 1)
            """, db, id: { $0.book.id }) { row in
            let loanID: Int64? = row[Book.columnCount], holdID: Int64? = row[Book.columnCount + Loan.columnCount]
            let keeper = holdID == nil ? nil : try Hold(row: row, at: Book.columnCount + Loan.columnCount)
            return BookStatus(book: try Book(row: row, at: 0), loan: loanID == nil ? nil : try Loan(row: row, at: Book.columnCount),
                              keptFor: keeper?.holder, keptUntil: keeper?.keptUntil)
        }
    }

    /// `statuses` with, for each book on the shelf, whom it is kept for (the first in its line).
    private static func withKeepers(_ statuses: [BookStatus], _ db: Database) throws -> [BookStatus] {
        guard statuses.contains(where: { $0.loan == nil }) else { return statuses }
        // Holds are few: the whole table is read.
        let first = try queues(db).compactMapValues(\.first)
        return statuses.map { status in
            var status = status
            if status.loan == nil {
                status.keptFor = first[status.book.id]?.holder
                status.keptUntil = first[status.book.id]?.keptUntil
            }
            return status
        }
    }


    /// A row of `Book.databaseSelection` then `Loan.databaseSelection` from a LEFT JOIN.
    private static func bookStatus(_ row: Row) throws -> BookStatus {
        let loanID: Int64? = row[Book.columnCount]
        return BookStatus(book: try Book(row: row, at: 0), loan: loanID == nil ? nil : try Loan(row: row, at: Book.columnCount))
    }
}
