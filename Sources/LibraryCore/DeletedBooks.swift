import GRDB

/// Books `LibraryService.delete` took away, with everything that went with them, as it was:
/// their loans (the open one and the history), holds, report, and the reminders sent of them.
/// What `LibraryService.restore` puts back (`undo` after a deletion).
public struct DeletedBooks: Sendable {
    public let books: [Book]
    let rows: [Rows]
    /// The places in line that moved to another copy of a deleted book's title, rather than go
    /// with it; `restore` moves back those still waiting there.
    public let moved: [MovedHold]

    /// The rows of one table, in its columns.
    struct Rows: Sendable {
        let table: String
        let columns: [String]
        let values: [[DatabaseValue]]
    }

    /// The tables whose rows go with a book, each with the condition on the book's id, in an
    /// order that inserts a row after the rows it refers to. A table that refers to one of
    /// these belongs here too (a test checks the schema for it).
    public static let tables: [(table: String, condition: String)] = [
        ("book", "id = ?"),
        ("loan", "bookID = ?"),
        ("loanReminder", "loanID IN (SELECT id FROM loan WHERE bookID = ?)"),
        ("loanNudge", "loanID IN (SELECT id FROM loan WHERE bookID = ?)"),
        ("hold", "bookID = ?"),
        ("holdReminder", "holdID IN (SELECT id FROM hold WHERE bookID = ?)"),
        ("report", "bookID = ?"),
    ]
}

/// A place in the line of a deleted book, moved to another copy of its title.
public struct MovedHold: Sendable, Hashable {
    /// The hold as it was, on the deleted book.
    public var hold: Hold
    /// The copy it moved to.
    public var to: Book
    /// Whether the deleted book was on the shelf, kept for this holder.
    public var wasKept: Bool
    /// When the copy it moved to is on the shelf and now kept for them: the hold, kept.
    public var keptNow: Hold?
}
