import GRDB

/// Books `LibraryService.delete` took away, with everything that went with them, as it was:
/// their loans (the open one and the history), holds, report, and the reminders sent of them.
/// What `LibraryService.restore` puts back (`undo` after a deletion).
public struct DeletedBooks: Sendable {
    public let books: [Book]
    let rows: [Rows]

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
        ("hold", "bookID = ?"),
        ("holdReminder", "holdID IN (SELECT id FROM hold WHERE bookID = ?)"),
        ("report", "bookID = ?"),
    ]
}
