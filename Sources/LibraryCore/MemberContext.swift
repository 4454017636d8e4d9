import Foundation
import GRDB

/// What a member said lately that their next message may refer to ("checkout it", "return the
/// second one"), written when the bot stops and read when it starts, so that a restart in the
/// middle of a conversation does not lose it.
public struct MemberContext: Sendable, Equatable {
    /// The member, as the handler keys them (`Sender.key`).
    public var member: String
    /// What is remembered: `lastNamed` (the book last named, as typed) or `listed` (the books
    /// of the last list shown, as ids separated by commas).
    public var kind: String
    public var value: String
    /// When the member said it: it lapses as it would have without the restart.
    public var at: Date

    public init(member: String, kind: String, value: String, at: Date) {
        (self.member, self.kind, self.value, self.at) = (member, kind, value, at)
    }
}

extension LibraryService {
    /// Replaces what the library keeps of members' recent words with `entries`, in one transaction.
    public func saveMemberContext(_ entries: [MemberContext]) async throws {
        try await database.writer.write { db in
            try db.execute(sql: "DELETE FROM memberContext")
            for entry in entries {
                try db.execute(sql: "INSERT OR REPLACE INTO memberContext (memberKey, kind, value, at) VALUES (?, ?, ?, ?)",
                               arguments: [entry.member, entry.kind, entry.value, entry.at])
            }
        }
    }

    /// What members said since `since`, as `saveMemberContext` kept it.
    public func memberContext(since: Date) async throws -> [MemberContext] {
        try readHere { db in
            try Row.fetchAll(db, sql: "SELECT memberKey, kind, value, at FROM memberContext ORDER BY at").compactMap { row in
                let at = try row.storedDate(3)
                return at >= since ? MemberContext(member: row[0], kind: row[1], value: row[2], at: at) : nil
            }
        }
    }
}
