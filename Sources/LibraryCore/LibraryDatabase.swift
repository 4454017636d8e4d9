import Foundation
import GRDB

/// The SQLite store: one writer (WAL for files, foreign keys on) and its numbered migrations.
public struct LibraryDatabase: Sendable {
    /// The connection pool (file) or queue (memory) every write goes through.
    public let writer: any DatabaseWriter
    /// For a file, the connections `read` uses (GRDB's pool readers cost more than a read).
    private let readers: ReadConnections?

    /// The default file, relative to the working directory.
    public static let defaultPath = "data/library.sqlite"

    /// Opens (or creates, with its folder) the database file at `path`, in WAL mode. A path
    /// that cannot hold the library throws `DatabaseFileError`, saying why.
    public static func file(at path: String) throws -> LibraryDatabase {
        let url = URL(fileURLWithPath: path)
        try DatabaseFileError.createFolder(of: url)
        do {
            return try LibraryDatabase(DatabasePool(path: url.path, configuration: configuration()))
        } catch let error as DatabaseError {
            throw DatabaseFileError(path: url.path, error)
        }
    }

    /// A private database that lives as long as the value, for tests and trials.
    public static func inMemory() throws -> LibraryDatabase {
        try LibraryDatabase(DatabaseQueue(configuration: configuration()))
    }

    /// Copies the whole library (books, loans and their history, holds, what the scheduler
    /// remembers) to a new SQLite file at `path`, as one consistent snapshot, even while the bot
    /// writes: SQLite's online backup. Restoring is copying that file back with the bot stopped.
    /// Returns how many books the copy holds, and how many loans are open in it.
    @discardableResult
    public func backup(to path: String) throws -> (books: Int, openLoans: Int) {
        let url = URL(fileURLWithPath: path)
        try DatabaseFileError.createFolder(of: url)
        do {
            let copy = try DatabaseQueue(path: url.path)
            try writer.backup(to: copy)
            return try copy.read { db in
                (try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM book") ?? 0,
                 try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM loan WHERE returnedAt IS NULL") ?? 0)
            }
        } catch let error as DatabaseError {
            throw DatabaseFileError(path: url.path, error)
        }
    }

    /// Wraps `writer` and brings its schema up to date.
    public init(_ writer: any DatabaseWriter) throws {
        self.writer = writer
        readers = (writer as? DatabasePool).map { ReadConnections($0) }
        do {
            try Self.migrator.migrate(writer)
        } catch {
            // Another process may have been migrating the same new file at the same moment
            // (GRDB reads which migrations ran before taking the write lock): once it is done,
            // a second pass finds them applied.
            try Self.migrator.migrate(writer)
        }
    }

    /// Runs `block` on a consistent snapshot of the library, on the calling thread.
    public func read<T>(_ block: (Database) throws -> T) throws -> T {
        guard let readers else { return try writer.read(block) }
        return try readers.read(block)
    }

    static func configuration() -> Configuration {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        // Another process (or a second pool in tests) may hold the write lock for a moment.
        configuration.busyMode = .timeout(5)
        configuration.prepareDatabase { db in
            // In WAL mode NORMAL survives a crash of the process; it only risks the last
            // transactions on a power loss, and saves an fsync per commit.
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        return configuration
    }

    /// The numbered migrations. Never edit a shipped one: add the next number.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("1 books, loans, holds") { db in
            try db.execute(sql: """
                CREATE TABLE book (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    title TEXT NOT NULL CHECK (title <> ''),
                    titleKey TEXT NOT NULL,
                    author TEXT NOT NULL CHECK (author <> ''),
                    publisher TEXT,
                    categories TEXT NOT NULL DEFAULT '',
                    isbn TEXT,
                    addedAt DATETIME NOT NULL
                );
                CREATE INDEX book_titleKey ON book(titleKey);
                CREATE INDEX book_addedAt ON book(addedAt, id);

                CREATE TABLE loan (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    bookID INTEGER NOT NULL REFERENCES book(id) ON DELETE CASCADE,
                    borrowerName TEXT NOT NULL,
                    borrowerID TEXT,
                    borrowerKey TEXT NOT NULL,
                    checkedOutAt DATETIME NOT NULL,
                    dueAt DATETIME NOT NULL,
                    returnedAt DATETIME,
                    renewals INTEGER NOT NULL DEFAULT 0 CHECK (renewals >= 0)
                );
                -- A book has at most one open loan: two racing checkouts cannot both win.
                CREATE UNIQUE INDEX loan_one_open_per_book ON loan(bookID) WHERE returnedAt IS NULL;
                CREATE INDEX loan_open_due ON loan(dueAt) WHERE returnedAt IS NULL;
                CREATE INDEX loan_open_borrower ON loan(borrowerKey) WHERE returnedAt IS NULL;
                CREATE INDEX loan_history ON loan(bookID, checkedOutAt);

                CREATE TABLE hold (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    bookID INTEGER NOT NULL REFERENCES book(id) ON DELETE CASCADE,
                    holderName TEXT NOT NULL,
                    holderID TEXT,
                    holderKey TEXT NOT NULL,
                    placedAt DATETIME NOT NULL
                );
                -- One place per person in a book's queue.
                CREATE UNIQUE INDEX hold_one_per_person ON hold(bookID, holderKey);

                -- Bumped on every change of the catalog, so that an in-memory title index
                -- knows when to reload, whichever connection made the change.
                CREATE TABLE catalogVersion (version INTEGER NOT NULL);
                INSERT INTO catalogVersion VALUES (0);
                CREATE TRIGGER book_inserted AFTER INSERT ON book BEGIN
                    UPDATE catalogVersion SET version = version + 1;
                END;
                CREATE TRIGGER book_deleted AFTER DELETE ON book BEGIN
                    UPDATE catalogVersion SET version = version + 1;
                END;
                CREATE TRIGGER book_title_updated AFTER UPDATE OF title, titleKey ON book BEGIN
                    UPDATE catalogVersion SET version = version + 1;
                END;

                -- Ranked search over title, author, publisher and categories.
                CREATE VIRTUAL TABLE bookSearch USING fts5(
                    title, author, publisher, categories,
                    content = 'book', content_rowid = 'id',
                    tokenize = 'unicode61 remove_diacritics 2'
                );
                CREATE TRIGGER bookSearch_insert AFTER INSERT ON book BEGIN
                    INSERT INTO bookSearch(rowid, title, author, publisher, categories)
                    VALUES (new.id, new.title, new.author, new.publisher, new.categories);
                END;
                CREATE TRIGGER bookSearch_delete AFTER DELETE ON book BEGIN
                    INSERT INTO bookSearch(bookSearch, rowid, title, author, publisher, categories)
                    VALUES ('delete', old.id, old.title, old.author, old.publisher, old.categories);
                END;
                CREATE TRIGGER bookSearch_update AFTER UPDATE ON book BEGIN
                    INSERT INTO bookSearch(bookSearch, rowid, title, author, publisher, categories)
                    VALUES ('delete', old.id, old.title, old.author, old.publisher, old.categories);
                    INSERT INTO bookSearch(rowid, title, author, publisher, categories)
                    VALUES (new.id, new.title, new.author, new.publisher, new.categories);
                END;
                """)
        }
        migrator.registerMigration("2 scheduled job runs and reminders") { db in
            try db.execute(sql: """
                -- The local day each daily job last ran, so a restart never runs it twice a day.
                CREATE TABLE jobRun (
                    job TEXT PRIMARY KEY NOT NULL,
                    lastDay TEXT NOT NULL,
                    ranAt DATETIME NOT NULL
                );
                -- The local days a loan's borrower was reminded of it: at most one a day.
                CREATE TABLE loanReminder (
                    loanID INTEGER NOT NULL REFERENCES loan(id) ON DELETE CASCADE,
                    day TEXT NOT NULL,
                    PRIMARY KEY (loanID, day)
                );
                """)
        }
        migrator.registerMigration("3 library settings") { db in
            try db.execute(sql: """
                -- What the library last ran with and must remember, such as the zone its due days
                -- were counted in.
                CREATE TABLE librarySetting (
                    key TEXT PRIMARY KEY NOT NULL,
                    value TEXT NOT NULL
                );
                """)
        }
        migrator.registerMigration("4 how long a book is kept for the first in line") { db in
            try db.execute(sql: """
                -- The end of the last day a book back on the shelf is kept for the first in its
                -- line (library.hold_days); NULL while the book is out, or without a limit.
                -- Holds that were kept before get their deadline at the first lapse check.
                ALTER TABLE hold ADD COLUMN keptUntil DATETIME;
                """)
        }
        migrator.registerMigration("5 reminders of books kept for someone") { db in
            try db.execute(sql: """
                -- The local days the member a book is kept for was reminded of it: at most one a day.
                CREATE TABLE holdReminder (
                    holdID INTEGER NOT NULL REFERENCES hold(id) ON DELETE CASCADE,
                    day TEXT NOT NULL,
                    PRIMARY KEY (holdID, day)
                );
                """)
        }
        migrator.registerMigration("6 a member's past loans") { db in
            try db.execute(sql: """
                -- `my history`: the loans a member returned, newest first, by user id or by name.
                CREATE INDEX loan_past_borrower_id ON loan(borrowerID, returnedAt) WHERE returnedAt IS NOT NULL;
                CREATE INDEX loan_past_borrower_key ON loan(borrowerKey, returnedAt) WHERE returnedAt IS NOT NULL;
                """)
        }
        migrator.registerMigration("7 scheduled messages delivered") { db in
            try db.execute(sql: """
                -- The scheduled messages that went out on a local day (the digest to each channel,
                -- each part of it; a reminder to each platform), so that neither a retry nor a
                -- restart that catches a job up sends one twice. Only the last day is kept.
                CREATE TABLE scheduledDelivery (
                    day TEXT NOT NULL,
                    key TEXT NOT NULL,
                    PRIMARY KEY (day, key)
                ) WITHOUT ROWID;
                """)
        }
        migrator.registerMigration("8 the catalog version follows authors") { db in
            try db.execute(sql: """
                -- The title index knows which titles several authors share ("Emma by Jane
                -- Austen" is then how a suggestion names one): an author's change is one too.
                DROP TRIGGER book_title_updated;
                CREATE TRIGGER book_title_updated AFTER UPDATE OF title, titleKey, author ON book BEGIN
                    UPDATE catalogVersion SET version = version + 1;
                END;
                """)
        }
        migrator.registerMigration("9 copies reported lost or damaged") { db in
            try db.execute(sql: """
                -- The last report of each copy: lost (it turned up: the row goes) or damaged (it
                -- was repaired: the row goes). Taking the copy off the shelf takes its report.
                CREATE TABLE report (
                    bookID INTEGER PRIMARY KEY NOT NULL REFERENCES book(id) ON DELETE CASCADE,
                    kind TEXT NOT NULL CHECK (kind IN ('lost', 'damaged')),
                    reporterName TEXT NOT NULL,
                    reporterID TEXT,
                    reportedAt DATETIME NOT NULL
                );
                """)
        }
        migrator.registerMigration("10 the language each member writes in") { db in
            try db.execute(sql: """
                -- The language ('en', 'fr') each member last wrote a command in, by
                -- `Borrower.memberKey`: what they are answered and told in when their words
                -- say no language, and their reminders.
                CREATE TABLE memberLanguage (
                    memberKey TEXT PRIMARY KEY NOT NULL,
                    language TEXT NOT NULL,
                    updatedAt DATETIME NOT NULL
                ) WITHOUT ROWID;
                """)
        }
        migrator.registerMigration("11 a report says what is wrong") { db in
            // The member's words with a report ("the cover is torn"), if any.
            try db.execute(sql: "ALTER TABLE report ADD COLUMN note TEXT")
        }
        migrator.registerMigration("12 each line in its order") { db in
            // The first in a book's line, which `who has` asks for each book on the shelf, read
            // from the index rather than sorted in a temporary B-tree at each question.
            try db.execute(sql: "CREATE INDEX hold_line ON hold(bookID, placedAt, id)")
        }
        migrator.registerMigration("13 when a borrower was last reminded at someone's request") { db in
            try db.execute(sql: """
                -- `remind Ben about Dune`: once a day at most for a loan, across restarts.
                CREATE TABLE loanNudge (
                    loanID INTEGER PRIMARY KEY NOT NULL REFERENCES loan(id) ON DELETE CASCADE,
                    at DATETIME NOT NULL
                );
                """)
        }
        migrator.registerMigration("14 what members said lately, across a restart") { db in
            try db.execute(sql: """
                -- Written when the bot stops, read when it starts: see `MemberContext`.
                CREATE TABLE memberContext (
                    memberKey TEXT NOT NULL,
                    kind TEXT NOT NULL,
                    value TEXT NOT NULL,
                    at DATETIME NOT NULL,
                    PRIMARY KEY (memberKey, kind)
                ) WITHOUT ROWID;
                """)
        }
        migrator.registerMigration("15 members who asked for no reminder before a book is due") { db in
            try db.execute(sql: """
                -- `stop reminding me`: by `Borrower.memberKey`, since when. Such a member is not
                -- reminded of a book due soon; a late book, or one kept for them, still is.
                CREATE TABLE memberQuiet (
                    memberKey TEXT PRIMARY KEY NOT NULL,
                    since DATETIME NOT NULL
                ) WITHOUT ROWID;
                """)
        }
        migrator.registerMigration("16 the chat events already handled, across a restart") { db in
            try db.execute(sql: """
                -- `HandledEvents`: an event delivered again (Slack's retries) runs once.
                CREATE TABLE handledEvent (
                    id TEXT PRIMARY KEY NOT NULL,
                    at DATETIME NOT NULL
                ) WITHOUT ROWID;
                CREATE INDEX handledEvent_at ON handledEvent(at);
                """)
        }
        return migrator
    }
}

// MARK: - Rows

/// Categories are stored as one text, `a; b`, which the search index reads as words.
enum CategoryColumn {
    static func encode(_ categories: [String]) -> String { categories.joined(separator: "; ") }
    static func decode(_ text: String) -> [String] {
        text.split(separator: ";").map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
    }
}

// Rows are decoded by position (the order of each `databaseSelection`): reading columns by
// name costs a lookup per column, which shows in lists of hundreds of loans.

extension Book: FetchableRecord {
    public init(row: Row) throws { try self.init(row: row, at: 0) }

    init(row: Row, at offset: Int) throws {
        self.init(
            id: row[offset], title: row[offset + 1], author: row[offset + 2], publisher: row[offset + 3],
            categories: CategoryColumn.decode(row[offset + 4] ?? ""), isbn: row[offset + 5],
            addedAt: try row.storedDate(offset + 6), report: try CopyReport(row: row, at: offset + 7))
    }

    /// The columns of a book and of its report: every query that selects them joins
    /// `withReport` right after the book table.
    static let databaseSelection = """
        book.id, book.title, book.author, book.publisher, book.categories, book.isbn, book.addedAt, \
        report.kind, report.reporterName, report.reporterID, report.reportedAt, report.note
        """
    static let columnCount = 12
    static let withReport = "LEFT JOIN report ON report.bookID = book.id"
}

extension CopyReport {
    /// The report in a row of `Book.databaseSelection`, or nil when the copy has none.
    init?(row: Row, at offset: Int) throws {
        guard let kind: String = row[offset] else { return nil }
        guard let known = Kind(rawValue: kind) else {
            throw DatabaseError(resultCode: .SQLITE_CORRUPT, message: "unknown report kind \(kind)")
        }
        self.init(known, by: Borrower(storedName: row[offset + 1], userID: row[offset + 2]), at: try row.storedDate(offset + 3),
                  note: row[offset + 4])
    }
}

extension Loan: FetchableRecord {
    public init(row: Row) throws { try self.init(row: row, at: 0) }

    init(row: Row, at offset: Int) throws {
        self.init(
            id: row[offset], bookID: row[offset + 1],
            borrower: Borrower(storedName: row[offset + 2], userID: row[offset + 3]),
            checkedOutAt: try row.storedDate(offset + 4), dueAt: try row.storedDate(offset + 5),
            returnedAt: try row.optionalStoredDate(offset + 6),
            renewals: row[offset + 7])
    }

    static let databaseSelection = "loan.id, loan.bookID, loan.borrowerName, loan.borrowerID, loan.checkedOutAt, loan.dueAt, loan.returnedAt, loan.renewals"
    static let columnCount = 8
}

extension Hold: FetchableRecord {
    public init(row: Row) throws { try self.init(row: row, at: 0) }

    init(row: Row, at offset: Int) throws {
        self.init(
            id: row[offset], bookID: row[offset + 1], holder: Borrower(storedName: row[offset + 2], userID: row[offset + 3]),
            placedAt: try row.storedDate(offset + 4), keptUntil: try row.optionalStoredDate(offset + 5))
    }

    static let databaseSelection = "hold.id, hold.bookID, hold.holderName, hold.holderID, hold.placedAt, hold.keptUntil"
    static let columnCount = 6
}

extension Database {
    /// Decodes every row of `sql` in place (no row copies), through a statement compiled once
    /// per connection.
    func all<T>(_ sql: String, _ arguments: StatementArguments = [], _ decode: (Row) throws -> T) throws -> [T] {
        let cursor = try Row.fetchCursor(cachedStatement(sql: sql), arguments: arguments)
        var result: [T] = []
        while let row = try cursor.next() { result.append(try decode(row)) }
        return result
    }

    func first<T>(_ sql: String, _ arguments: StatementArguments = [], _ decode: (Row) throws -> T) throws -> T? {
        let cursor = try Row.fetchCursor(cachedStatement(sql: sql), arguments: arguments)
        return try cursor.next().map(decode)
    }

    /// Runs one statement compiled once per connection.
    func run(_ sql: String, _ arguments: StatementArguments = []) throws {
        try cachedStatement(sql: sql).execute(arguments: arguments)
    }
}
