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
