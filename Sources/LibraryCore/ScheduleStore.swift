import Foundation
import GRDB

/// What the scheduler remembers in the database: the day each job last ran, the days each
/// loan's reminder, or the reminder of a book kept for someone, went out, and the scheduled
/// messages delivered today. Days are local calendar days written `YYYY-MM-DD`.
public struct ScheduleStore: Sendable {
    public let database: LibraryDatabase

    public init(database: LibraryDatabase) {
        self.database = database
    }

    /// The local day `job` last ran, if ever.
    public func lastRunDay(of job: String) async throws -> String? {
        try await database.writer.read { db in
            try String.fetchOne(db, sql: "SELECT lastDay FROM jobRun WHERE job = ?", arguments: [job])
        }
    }

    /// Marks `job` as run on `day`; false (and nothing changed) when it already ran that day,
    /// so two processes or a restart cannot both run it.
    @discardableResult
    public func claimRun(of job: String, on day: String, at now: Date) async throws -> Bool {
        try await database.writer.write { db in
            let last = try String.fetchOne(db, sql: "SELECT lastDay FROM jobRun WHERE job = ?", arguments: [job])
            guard last != day else { return false }
            try db.execute(sql: """
                INSERT INTO jobRun (job, lastDay, ranAt) VALUES (?, ?, ?)
                ON CONFLICT(job) DO UPDATE SET lastDay = excluded.lastDay, ranAt = excluded.ranAt
                """, arguments: [job, day, now])
            return true
        }
    }

    /// Forgets that `job` ran on `day` (it failed), so that it counts as not run that day.
    public func releaseRun(of job: String, on day: String) async throws {
        try await database.writer.write { db in
            try db.execute(sql: "DELETE FROM jobRun WHERE job = ? AND lastDay = ?", arguments: [job, day])
        }
    }

    /// Forgets the reminders of `loanIDs` on `day`: they could not be sent, and may be tried again.
    public func releaseReminders(for loanIDs: [Int64], on day: String) async throws {
        try await release(loanIDs, from: .loans, on: day)
    }

    /// Of `loanIDs`, those not yet reminded on `day`, now marked as reminded that day.
    public func claimReminders(for loanIDs: [Int64], on day: String) async throws -> Set<Int64> {
        try await claim(loanIDs, in: .loans, on: day)
    }

    /// Forgets the reminders of the books kept for the holds `holdIDs` on `day`.
    public func releaseKeptReminders(for holdIDs: [Int64], on day: String) async throws {
        try await release(holdIDs, from: .holds, on: day)
    }

    /// Of `holdIDs` (holds a book is kept for), those whose holder was not yet reminded on
    /// `day`, now marked as reminded that day.
    public func claimKeptReminders(for holdIDs: [Int64], on day: String) async throws -> Set<Int64> {
        try await claim(holdIDs, in: .holds, on: day)
    }

    /// Whether the scheduled message `key` (`ScheduledOutput` names them) went out on `day`.
    public func wasDelivered(_ key: String, on day: String) async throws -> Bool {
        try await database.writer.read { db in
            try Bool.fetchOne(db, sql: "SELECT 1 FROM scheduledDelivery WHERE day = ? AND key = ?", arguments: [day, key]) ?? false
        }
    }

    /// Records that the scheduled message `key` went out on `day`, and forgets the days before:
    /// a job is only ever tried again on its own day.
    public func recordDelivery(_ key: String, on day: String) async throws {
        try await database.writer.write { db in
            try db.execute(sql: "DELETE FROM scheduledDelivery WHERE day < ?", arguments: [day])
            try db.execute(sql: "INSERT OR IGNORE INTO scheduledDelivery (day, key) VALUES (?, ?)", arguments: [day, key])
        }
    }

    /// A table that remembers the days reminders went out, and its id column.
    private struct Reminded {
        let table: String, column: String
        static let loans = Reminded(table: "loanReminder", column: "loanID")
        static let holds = Reminded(table: "holdReminder", column: "holdID")
    }

    private func claim(_ ids: [Int64], in reminded: Reminded, on day: String) async throws -> Set<Int64> {
        try await database.writer.write { db in
            var claimed = Set<Int64>()
            for id in ids {
                try db.execute(sql: "INSERT OR IGNORE INTO \(reminded.table) (\(reminded.column), day) VALUES (?, ?)", arguments: [id, day])
                if db.changesCount > 0 { claimed.insert(id) }
            }
            return claimed
        }
    }

    private func release(_ ids: [Int64], from reminded: Reminded, on day: String) async throws {
        try await database.writer.write { db in
            for id in ids {
                try db.execute(sql: "DELETE FROM \(reminded.table) WHERE \(reminded.column) = ? AND day = ?", arguments: [id, day])
            }
        }
    }
}
