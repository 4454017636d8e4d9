import Foundation
import GRDB

/// How the library is used: the shelf now, the loans of this month and year (in the library's
/// calendar), how they came back, the lines, and the titles borrowed most this year.
public struct LibraryStatistics: Sendable, Hashable {
    /// A title and how many times its copies were lent.
    public struct Title: Sendable, Hashable {
        public var title: String
        public var author: String
        public var loans: Int
    }

    public var shelf: ShelfCounts
    /// Open loans past their due instant.
    public var overdue: Int
    /// Copies reported lost that nobody has.
    public var missing: Int
    /// Loans begun this month, this year (local calendar) and in all (of the books still on the
    /// shelf's list: a deleted book takes its history with it).
    public var loansThisMonth: Int
    public var loansThisYear: Int
    public var loansInAll: Int
    /// Different people who borrowed a book this year.
    public var borrowersThisYear: Int
    /// Loans returned this year, and how many of them after their due instant.
    public var returnedThisYear: Int
    public var returnedLateThisYear: Int
    /// The median number of local days a loan returned this year was kept, nil when none was.
    public var medianDaysKept: Int?
    /// Members in a line, and the books they wait for.
    public var holds: Int
    public var booksWaitedFor: Int
    /// The titles lent most this year (copies together), most first, at most `mostBorrowedShown`.
    public var mostBorrowedThisYear: [Title]

    public static let mostBorrowedShown = 3
}

extension LibraryService {
    /// The library's figures at `now`: "this month" and "this year" begin at local midnight of
    /// their first day, in `library.timezone`.
    public func statistics(at now: Date) async throws -> LibraryStatistics {
        let calendar = rules.calendar
        let month = calendar.dateInterval(of: .month, for: now)?.start ?? now
        let year = calendar.dateInterval(of: .year, for: now)?.start ?? now
        return try readHere { db in
            let shelf = try Self.counts(db)
            let overdue = try db.first("SELECT COUNT(*) FROM loan WHERE returnedAt IS NULL AND dueAt < ?", [now]) { row -> Int in row[0] } ?? 0
            let (inAll, thisYear, thisMonth, borrowers) = try db.first("""
                SELECT COUNT(*), COUNT(*) FILTER (WHERE checkedOutAt >= :year), COUNT(*) FILTER (WHERE checkedOutAt >= :month),
                       COUNT(DISTINCT CASE WHEN checkedOutAt >= :year THEN COALESCE(borrowerID, borrowerKey) END)
                FROM loan
                """, ["year": year, "month": month]) { row -> (Int, Int, Int, Int) in (row[0], row[1], row[2], row[3]) } ?? (0, 0, 0, 0)
            let returned = try db.all("SELECT checkedOutAt, returnedAt, dueAt FROM loan WHERE returnedAt >= ?", [year]) { row in
                (out: row[0] as Date, back: row[1] as Date, due: row[2] as Date)
            }
            let daysKept = returned.map { loan in
                calendar.dateComponents([.day], from: calendar.startOfDay(for: loan.out), to: calendar.startOfDay(for: loan.back)).day ?? 0
            }.sorted()
            let (holds, waitedFor) = try db.first("SELECT COUNT(*), COUNT(DISTINCT bookID) FROM hold") { row -> (Int, Int) in (row[0], row[1]) } ?? (0, 0)
            // Copies of one title (the same title key and author, case aside) count together.
            let most = try db.all("""
                SELECT MIN(book.title), MIN(book.author), COUNT(*) AS loans FROM loan JOIN book ON book.id = loan.bookID
                WHERE loan.checkedOutAt >= ?
                GROUP BY book.titleKey, lower(book.author)
                ORDER BY loans DESC, MIN(loan.checkedOutAt)
                LIMIT ?
                """, [year, LibraryStatistics.mostBorrowedShown]) { row in
                LibraryStatistics.Title(title: row[0], author: row[1], loans: row[2])
            }
            return LibraryStatistics(
                shelf: shelf, overdue: overdue, missing: shelf.books - shelf.available - shelf.checkedOut,
                loansThisMonth: thisMonth, loansThisYear: thisYear, loansInAll: inAll, borrowersThisYear: borrowers,
                returnedThisYear: returned.count, returnedLateThisYear: returned.filter { $0.back > $0.due }.count,
                medianDaysKept: daysKept.isEmpty ? nil : daysKept[daysKept.count / 2],
                holds: holds, booksWaitedFor: waitedFor, mostBorrowedThisYear: most)
        }
    }
}

/// A member and how many books they borrowed.
public struct Reader: Sendable, Hashable {
    public var borrower: Borrower
    public var loans: Int
}

extension LibraryService {
    /// The members who borrowed the most books this year (from local midnight of its first day,
    /// in `library.timezone`) and in all, most first, at most `limit` of each; a tie goes to who
    /// borrowed first. One person is their chat user id, with the loans recorded under their
    /// name alone (as `loans(of:)` counts them, when one user has that name), else the name
    /// they borrowed under; each is shown by the name of their last loan. A deleted book takes
    /// its loans with it.
    public func readers(at now: Date, limit: Int) async throws -> (thisYear: [Reader], inAll: [Reader]) {
        let year = rules.calendar.dateInterval(of: .year, for: now)?.start ?? now
        return try readHere { db in
            func readers(since: Date) throws -> [Reader] {
                struct Group { var name: String, key: String, userID: String?, loans: Int, first: Date }
                var groups = try db.all("""
                    SELECT last.borrowerName, last.borrowerKey, reader.userID, reader.loans, reader.first
                    FROM (SELECT COALESCE('id:' || borrowerID, 'name:' || borrowerKey) AS who, MAX(borrowerID) AS userID,
                                 COUNT(*) AS loans, MIN(checkedOutAt) AS first, MAX(id) AS lastID
                          FROM loan WHERE checkedOutAt >= ? GROUP BY who) AS reader
                    JOIN loan AS last ON last.id = reader.lastID
                    """, [since]) { row in Group(name: row[0], key: row[1], userID: row[2], loans: row[3], first: row[4]) }
                // Loans under a name alone go to the one user who has that name.
                let users = Dictionary(grouping: groups.indices.filter { groups[$0].userID != nil }) { groups[$0].key }
                for index in groups.indices where groups[index].userID == nil {
                    guard let owners = users[groups[index].key], owners.count == 1, let owner = owners.first else { continue }
                    groups[owner].loans += groups[index].loans
                    groups[owner].first = min(groups[owner].first, groups[index].first)
                    groups[index].loans = 0
                }
                return groups.filter { $0.loans > 0 }
                    .sorted { ($0.loans, $1.first) > ($1.loans, $0.first) }
                    .prefix(limit)
                    .map { Reader(borrower: Borrower(storedName: $0.name, userID: $0.userID), loans: $0.loans) }
            }
            return (try readers(since: year), try readers(since: .distantPast))
        }
    }
}
