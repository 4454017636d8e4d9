import Foundation
import GRDB

/// The ids of the platform events a gateway has handled, kept in the database so that an event
/// delivered again is recognised even by the next process: Slack delivers an event again when
/// it did not get the ack (a connection lost just then), up to three times over 5 minutes, and
/// a restart in between must not run its command twice.
public struct HandledEvents: Sendable {
    public let database: LibraryDatabase
    /// How long an id is kept: well past Slack's last retry, after which it is forgotten.
    public static let lifetime: TimeInterval = 24 * 3600

    public init(database: LibraryDatabase) {
        self.database = database
    }

    /// Records `id` as handled at `now`; true the first time, false when it was already (within
    /// `lifetime`). Ids older than that are forgotten as it goes.
    public func claim(_ id: String, at now: Date) async throws -> Bool {
        try await database.writer.write { db in
            try db.execute(sql: "DELETE FROM handledEvent WHERE at < ?", arguments: [now.addingTimeInterval(-Self.lifetime)])
            try db.execute(sql: "INSERT OR IGNORE INTO handledEvent (id, at) VALUES (?, ?)", arguments: [id, now])
            return db.changesCount > 0
        }
    }
}
