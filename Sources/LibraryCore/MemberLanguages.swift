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
