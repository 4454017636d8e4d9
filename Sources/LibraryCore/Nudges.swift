import Foundation
import GRDB

extension LibraryService {
    /// Of `loanIDs`, those whose borrower was not reminded of them at someone's request
    /// (`remind Ben about Dune`) within `window` before `now`, now marked as reminded at `now`,
    /// in one transaction: two members asking at once, or a restart between two requests,
    /// remind a borrower once.
    public func claimNudges(for loanIDs: [Int64], at now: Date, within window: TimeInterval) async throws -> Set<Int64> {
        guard !loanIDs.isEmpty else { return [] }
        return try await database.writer.write { db in
            var claimed: Set<Int64> = []
            for id in Set(loanIDs) {
                if let last = try Row.fetchOne(db, sql: "SELECT at FROM loanNudge WHERE loanID = ?", arguments: [id]),
                   now.timeIntervalSince(try last.storedDate(0)) < window {
                    continue
                }
                try db.execute(sql: """
                    INSERT INTO loanNudge (loanID, at) VALUES (?, ?)
                    ON CONFLICT(loanID) DO UPDATE SET at = excluded.at
                    """, arguments: [id, now])
                claimed.insert(id)
            }
            return claimed
        }
    }
}

extension LibraryService {
    /// When the borrower of each of `loanIDs` was last reminded of it, by the daily reminder
    /// (on its local day; given as that day's noon) or at someone's request (`remind Ben about
    /// Dune`), whichever is later. Loans never reminded are absent.
    public func lastReminders(of loanIDs: [Int64]) async throws -> [Int64: Date] {
        guard !loanIDs.isEmpty else { return [:] }
        let zone = rules.timeZone
        return try readHere { db in
            var last: [Int64: Date] = [:]
            let marks = databaseQuestionMarks(count: loanIDs.count)
            let arguments = StatementArguments(loanIDs)
            for row in try Row.fetchAll(db, sql: "SELECT loanID, MAX(day) FROM loanReminder WHERE loanID IN (\(marks)) GROUP BY loanID", arguments: arguments) {
                guard let day = (row[1] as String?).flatMap(StoredDate.parse) else { continue }
                last[row[0]] = day.addingTimeInterval(12 * 3600 - Double(zone.secondsFromGMT(for: day)))
            }
            for row in try Row.fetchAll(db, sql: "SELECT loanID, at FROM loanNudge WHERE loanID IN (\(marks))", arguments: arguments) {
                let at = try row.storedDate(1)
                let id: Int64 = row[0]
                if last[id].map({ $0 < at }) ?? true { last[id] = at }
            }
            return last
        }
    }
}
