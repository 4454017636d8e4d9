import Foundation

/// Why the library refused an operation. Each case carries what a reply needs to tell the
/// member what happened and what to do instead.
public enum LibraryError: Error, Sendable, Hashable {
    /// No book matches `reference`; `suggestions` are the closest titles (maybe none).
    /// Try one of the suggestions, `search`, or `#id`.
    case notFound(reference: String, suggestions: [Book])
    /// Several books match `reference`; ask again with a fuller title or one of the `#id`s.
    case ambiguous(reference: String, candidates: [Book])
    /// The book is out on `loan` (its borrower and since when); place a hold instead.
    case alreadyCheckedOut(Book, loan: Loan)
    /// The book is on the shelf, so there is nothing to return or renew.
    case notCheckedOut(Book)
    /// The book is back but kept for the first member in line; they may check it out.
    case heldForAnother(Book, hold: Hold)
    /// The loan was renewed `limit` times already; return the book.
    case renewalLimitReached(Book, loan: Loan, limit: Int)
    /// Members are waiting for the book, so it cannot be renewed; return it.
    case renewalBlockedByHolds(Book, loan: Loan, holds: [Hold])
    /// A renewal now would not move the due date (the loan already runs `loan_days` from
    /// today); nothing changed and no renewal was used. Renew from the day `from`.
    case renewalTooEarly(Book, loan: Loan, from: Date)
    /// A hold on a book on the shelf makes no sense: check it out instead.
    case holdOnAvailableBook(Book)
    /// The member already waits for this book at `position`.
    case alreadyHolding(Book, hold: Hold, position: Int)
    /// The member already has this book.
    case holdOnOwnLoan(Book, loan: Loan)
    /// A field of a book being added, edited or imported is wrong; fix it and retry.
    case invalidBook(field: BookField, problem: InvalidField)
    /// A borrower's name longer than `maximum` characters (`Borrower.maximumNameLength`).
    case nameTooLong(maximum: Int)
    /// What a report says of a copy, longer than `maximum` characters (`CopyReport.maximumNoteLength`).
    case noteTooLong(maximum: Int)
    /// The copy is reported lost and nobody has it: it is lent again once it turns up
    /// (`found`); a hold waits for it.
    case missing(Book, report: CopyReport)
    /// Deleted books put back already (`LibraryService.restore`).
    case alreadyRestored([Book])
}

/// What is wrong with a book field.
public enum InvalidField: Sendable, Hashable {
    /// A title and an author are required.
    case empty
    /// Longer than `maximum` characters.
    case tooLong(maximum: Int)
    /// A title with no letter or digit ("!!!", "📚"): no one could name the book by it.
    case noLetters
    /// Not a valid ISBN-10 or ISBN-13 (wrong length, character or checksum).
    case invalidISBN(String)
}

extension LibraryError: CustomStringConvertible {
    /// A plain English sentence, for logs and the command line; chat replies are written by the
    /// command layer, in the member's language.
    public var description: String {
        switch self {
        case .notFound(let reference, let suggestions):
            let hint = suggestions.isEmpty ? "" : " Did you mean \(suggestions.map(\.title).joined(separator: ", "))?"
            return "No book matches '\(reference)'.\(hint)"
        case .ambiguous(let reference, let candidates):
            return "'\(reference)' matches several books: \(candidates.map { "#\($0.id) \($0.title)" }.joined(separator: ", "))."
        case .alreadyCheckedOut(let book, let loan):
            return "\(book.title) is already checked out by \(loan.borrower.name)."
        case .notCheckedOut(let book):
            return "\(book.title) is not checked out."
        case .heldForAnother(let book, let hold):
            return "\(book.title) is held for \(hold.holder.name)."
        case .renewalLimitReached(let book, _, let limit):
            return "\(book.title) was already renewed \(limit) times."
        case .renewalBlockedByHolds(let book, _, let holds):
            return "\(book.title) cannot be renewed: \(holds.count) waiting."
        case .renewalTooEarly(let book, let loan, _):
            return "\(book.title) is already due as late as a renewal now would make it (\(loan.dueAt.formatted(.iso8601)))."
        case .holdOnAvailableBook(let book):
            return "\(book.title) is available: check it out instead."
        case .alreadyHolding(let book, _, let position):
            return "Already waiting for \(book.title) (place \(position))."
        case .holdOnOwnLoan(let book, _):
            return "\(book.title) is already checked out to you."
        case .invalidBook(let field, let problem):
            switch problem {
            case .empty: return "The \(field.rawValue) is missing."
            case .tooLong(let maximum): return "The \(field.rawValue) is longer than \(maximum) characters."
            case .noLetters: return "The \(field.rawValue) has no letter or digit, so it could not be typed back."
            case .invalidISBN(let text): return "'\(text)' is not a valid ISBN-10 or ISBN-13."
            }
        case .nameTooLong(let maximum):
            return "A borrower's name is at most \(maximum) characters."
        case .noteTooLong(let maximum):
            return "What a report says is at most \(maximum) characters."
        case .missing(let book, let report):
            return "\(book.title) is missing: \(report.by.name) reported it lost."
        case .alreadyRestored(let books):
            return "\(books.map { "\($0.title) (#\($0.id))" }.joined(separator: ", ")): back already."
        }
    }
}
