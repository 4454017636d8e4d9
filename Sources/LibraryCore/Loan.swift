import Foundation

/// Who borrows or waits: a display name, and the chat user id when the platform gave one.
public struct Borrower: Sendable, Hashable, Codable {
    public var name: String
    public var userID: String?

    /// The longest name a loan or a hold records (chat display names are shorter: 80
    /// characters on Slack, 32 on Discord).
    public static let maximumNameLength = 100

    public init(name: String, userID: String? = nil) {
        self.name = TextKey.tidy(name)
        self.userID = userID.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// A borrower as stored: already tidy, so not tidied again.
    init(storedName: String, userID: String?) {
        self.name = storedName
        self.userID = userID
    }

    /// The name as compared: "ana", "Ana" and "Àna" are one person.
    public var nameKey: String { TextKey.fold(name) }

    /// Who the person is, as remembered between messages: their user id, else their name.
    public var memberKey: String { userID.map { "id:\($0)" } ?? "name:\(nameKey)" }

    /// Two borrowers are one person when their user ids agree, or, lacking an id on either
    /// side, when their names do.
    public func isSamePerson(as other: Borrower) -> Bool {
        if let userID, let otherID = other.userID { return userID == otherID }
        return nameKey == other.nameKey
    }
}

/// A book lent to a borrower; it stays as history once returned.
public struct Loan: Sendable, Hashable, Identifiable, Codable {
    public var id: Int64
    public var bookID: Int64
    public var borrower: Borrower
    public var checkedOutAt: Date
    public var dueAt: Date
    public var returnedAt: Date?
    public var renewals: Int

    public init(
        id: Int64, bookID: Int64, borrower: Borrower, checkedOutAt: Date, dueAt: Date,
        returnedAt: Date? = nil, renewals: Int = 0
    ) {
        self.id = id
        self.bookID = bookID
        self.borrower = borrower
        self.checkedOutAt = checkedOutAt
        self.dueAt = dueAt
        self.returnedAt = returnedAt
        self.renewals = renewals
    }

    public var isOpen: Bool { returnedAt == nil }

    /// Overdue once its due instant has passed and it is still out.
    public func isOverdue(at now: Date) -> Bool { isOpen && dueAt < now }
}

/// A member waiting in line for a book that is out, or first in line for a book back on the
/// shelf, which is then kept for them.
public struct Hold: Sendable, Hashable, Identifiable, Codable {
    public var id: Int64
    public var bookID: Int64
    public var holder: Borrower
    public var placedAt: Date
    /// For the first in line of a book on the shelf: the end of the last day it is kept for
    /// them (`library.hold_days`), after which the hold lapses. Nil while the book is out, or
    /// when a book is kept without a limit.
    public var keptUntil: Date?

    public init(id: Int64, bookID: Int64, holder: Borrower, placedAt: Date, keptUntil: Date? = nil) {
        self.id = id
        self.bookID = bookID
        self.holder = holder
        self.placedAt = placedAt
        self.keptUntil = keptUntil
    }
}

/// A book with its open loan, if it is out.
public struct BookStatus: Sendable, Hashable {
    public var book: Book
    public var loan: Loan?
    /// For a book on the shelf with a line: the first in it, whom the book is kept for.
    public var keptFor: Borrower?
    /// Until when it is kept for them (nil: no limit).
    public var keptUntil: Date?

    public init(book: Book, loan: Loan?, keptFor: Borrower? = nil, keptUntil: Date? = nil) {
        self.book = book
        self.loan = loan
        self.keptFor = keptFor
        self.keptUntil = keptUntil
    }

    /// The status of a book whose open loan is `loan` and whose line is `queue`.
    public init(book: Book, loan: Loan?, queue: [Hold]) {
        self.init(book: book, loan: loan, keptFor: loan == nil ? queue.first?.holder : nil,
                  keptUntil: loan == nil ? queue.first?.keptUntil : nil)
    }

    public var isAvailable: Bool { loan == nil }

    /// Whether `reader` could take this copy from the shelf now: not out, not reported lost,
    /// and kept for nobody else.
    public func isOnShelf(for reader: Borrower) -> Bool {
        loan == nil && book.report?.kind != .lost && keptFor.map { $0.isSamePerson(as: reader) } ?? true
    }
}

/// An open (or just closed) loan with its book.
public struct LoanedBook: Sendable, Hashable {
    public var book: Book
    public var loan: Loan

    public init(book: Book, loan: Loan) {
        self.book = book
        self.loan = loan
    }
}

/// What a return did: the closed loan, and who is first in line now that the book is back.
public struct ReturnReceipt: Sendable, Hashable {
    public var book: Book
    public var loan: Loan
    public var nextInLine: Hold?
    /// For a copy reported lost: the report its return took back (it turned up).
    public var turnedUp: CopyReport?
}

/// A hold just placed, with its place in the queue (1 is next) and what it waits on: a loan, or
/// the first in line, for whom the book on the shelf is kept.
public struct HoldPlacement: Sendable, Hashable {
    public var book: Book
    public var hold: Hold
    public var position: Int
    /// The loan the holder waits for; nil when the book is on the shelf, kept for `keptFor`.
    public var currentLoan: Loan?
    /// The first in line, who the book on the shelf is kept for; nil when it is out.
    public var keptFor: Hold?
    /// How many copies of the title there are (1 for a single book): with several, the first
    /// copy back that nobody queued for goes to the one who waited longest.
    public var copies: Int = 1
    /// How many of the copies are out (the others are kept for someone else, or missing).
    public var copiesOut: Int = 1
}

/// A hold given up. `wasKept`: the book was on the shelf, kept for that holder; it is now
/// kept for `nextInLine`, or free for anyone when nobody else waits.
public struct HoldCancellation: Sendable, Hashable {
    public var book: Book
    public var hold: Hold
    public var wasKept: Bool
    public var nextInLine: Hold?
}

/// A book a member waits for: its status (out, or on the shelf kept for someone ahead of
/// them), and their place in its line (1 is next).
public struct AwaitedBook: Sendable, Hashable {
    public var status: BookStatus
    public var position: Int
}

/// A book on the shelf kept for the first in its line, and that member's hold.
public struct KeptBook: Sendable, Hashable {
    public var book: Book
    public var hold: Hold

    public init(book: Book, hold: Hold) {
        self.book = book
        self.hold = hold
    }
}

/// A hold whose book was kept for its holder past `keptUntil` without being checked out: it
/// was removed, and the book is now kept for `nextInLine`, or free for anyone.
public struct HoldLapse: Sendable, Hashable {
    public var book: Book
    public var hold: Hold
    public var nextInLine: Hold?
}

/// Everything about one book: its open loan, its hold queue and its last past loans.
public struct BookDetails: Sendable, Hashable {
    public var book: Book
    public var loan: Loan?
    public var holds: [Hold]
    /// Returned loans, most recent first, at most five.
    public var pastLoans: [Loan]
    /// How many times the book was lent in all: its past loans and its open one.
    public var timesLent: Int
    /// Who borrowed it the most, when one member did so more than once and more than anyone
    /// else (under the name of their latest loan).
    public var mostOften: Reader? = nil

    public struct Reader: Sendable, Hashable {
        /// As their latest loan of it names them.
        public var borrower: Borrower
        public var times: Int
    }
}

/// Which books `list` shows.
public enum BookFilter: String, Sendable, Hashable, Codable, CaseIterable {
    case all, available, checkedOut = "checked_out", overdue
    /// Copies reported lost or damaged.
    case reported
    /// Copies never lent (no loan, past or open).
    case neverBorrowed = "never_borrowed"
}

/// How many books the library has, and where they are.
public struct ShelfCounts: Sendable, Hashable {
    public var books: Int
    /// On the shelf: neither out nor reported lost.
    public var available: Int
    public var checkedOut: Int
    /// Reported lost or damaged, out or not.
    public var reported: Int

    public init(books: Int, available: Int, checkedOut: Int, reported: Int = 0) {
        self.books = books
        self.available = available
        self.checkedOut = checkedOut
        self.reported = reported
    }
}

/// The order of `list`.
public enum BookOrder: String, Sendable, Hashable, Codable, CaseIterable {
    /// By the date a book was added.
    case newest, oldest
    /// By title, a leading article aside (The Hobbit under H), then author.
    case title
    /// By the author's surname (Frank Herbert under H, Ursula K. Le Guin under L), then title.
    case author
    /// The most borrowed first (every loan, past and open, counts), then the newest.
    case popular
    /// The books out the longest first (by the day their open loan began), then those not out,
    /// the newest first: who has had a book the longest.
    case longestOut = "longest_out"
}

/// The library's zone changed since it last ran (`LibraryService.adoptTimeZone`): the open
/// loans kept their due days.
public struct TimeZoneChange: Sendable, Hashable {
    /// The zone identifiers before and now.
    public var previous: String
    public var current: String
    /// The open loans whose due instant moved to keep their due day.
    public var openLoans: Int
}
