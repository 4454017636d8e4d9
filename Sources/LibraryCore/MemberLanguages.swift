import Foundation
import GRDB

extension LibraryService {
    /// The language code each member last wrote a command in, by `Borrower.memberKey`.
    public func memberLanguages() async throws -> [String: String] {
        try readHere { db in
            var languages: [String: String] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT memberKey, language FROM memberLanguage") {
                languages[row[0]] = row[1]
            }
            return languages
        }
    }

    /// The members who asked for no reminder before a book is due (`stop reminding me`), by
    /// `Borrower.memberKey`.
    public func quietMembers() async throws -> Set<String> {
        try readHere { db in Set(try String.fetchAll(db, sql: "SELECT memberKey FROM memberQuiet")) }
    }

    /// Whether `member` asked for no reminder before a book is due.
    public func isQuiet(_ member: Borrower) async throws -> Bool {
        try readHere { db in try Bool.fetchOne(db, sql: "SELECT 1 FROM memberQuiet WHERE memberKey = ?", arguments: [member.memberKey]) ?? false }
    }

    /// Turns `member`'s reminders before a book is due off (`quiet`) or back on; whether that
    /// changed anything.
    @discardableResult
    public func setQuiet(_ quiet: Bool, of member: Borrower, at now: Date) async throws -> Bool {
        try await database.writer.write { db in
            if quiet {
                try db.execute(sql: "INSERT OR IGNORE INTO memberQuiet (memberKey, since) VALUES (?, ?)", arguments: [member.memberKey, now])
            } else {
                try db.execute(sql: "DELETE FROM memberQuiet WHERE memberKey = ?", arguments: [member.memberKey])
            }
            return db.changesCount > 0
        }
    }

    /// Remembers that `member` last wrote in `language` (a code such as "fr").
    public func setLanguage(_ language: String, of member: Borrower, at now: Date) async throws {
        try await database.writer.write { db in
            try db.execute(sql: """
                INSERT INTO memberLanguage (memberKey, language, updatedAt) VALUES (?, ?, ?)
                ON CONFLICT(memberKey) DO UPDATE SET language = excluded.language, updatedAt = excluded.updatedAt
                """, arguments: [member.memberKey, language, now])
        }
    }
}
