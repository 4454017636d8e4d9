import Foundation
import LibraryCore

/// The book each member last named, so that "it" in their next command means it: `who has
/// Dune`, then `checkout it` (or `hold that one`, `réserve-le`, `je le prends`). A member's
/// book is remembered for `window` after they last named it. A command that names no book the
/// library has, or several books, forgets it: "it" would be a guess.
struct LastNamedBooks {
    /// How long "it" keeps meaning the book last named: a member may go and look at the shelf.
    static let window: TimeInterval = 30 * 60

    private var named: [String: (reference: String, at: Date)] = [:]
    /// The size at which the lapsed entries are dropped next; it doubles with the members kept,
    /// so a busy server sorts its entries out now and then, not on every command.
    private var pruneAt = 256

    /// The book the member of `key` last named, as they typed it, unless that was longer than
    /// `window` before `now`.
    func reference(for key: String, at now: Date) -> String? {
        guard let last = named[key], now.timeIntervalSince(last.at) <= Self.window else { return nil }
        return last.reference
    }

    mutating func remember(_ reference: String, for key: String, at now: Date) {
        if named.count >= pruneAt {
            named = named.filter { now.timeIntervalSince($0.value.at) <= Self.window }
            pruneAt = max(256, named.count * 2)
        }
        named[key] = (reference, now)
    }

    mutating func forget(_ key: String) {
        named[key] = nil
    }

    /// Whether `reference` points back at a book rather than naming one: "it", "that one",
    /// "this book", "ça", "celui-là".
    static func pointsBack(_ reference: String) -> Bool {
        pronouns.contains(TextKey.fold(reference))
    }

    private static let pronouns: Set<String> = Set([
        "it", "that", "this", "that one", "this one", "that book", "this book", "the book", "the same", "the same one", "same one",
        "ça", "cela", "celui-là", "celui-ci", "celle-là", "ce livre", "ce livre-là", "le livre", "le", "la", "le même",
    ].map(TextKey.fold))
}

extension Intent {
    /// The one book the intent is about, as typed; nil when it is about none or several.
    var bookReference: String? {
        switch self {
        case .checkout(let book, _), .returnBook(let book), .renew(let book), .hold(let book, _), .cancelHold(let book, _),
             .whoHas(let book), .show(let book), .handOver(let book, _), .edit(let book, _, _):
            book
        case .rules(let book): book
        case .delete(let books) where books.count == 1: books.first
        default: nil
        }
    }

    /// The same intent about `book` instead.
    func naming(_ book: String) -> Intent {
        switch self {
        case .checkout(_, let borrower): .checkout(book: book, borrower: borrower)
        case .returnBook: .returnBook(book: book)
        case .renew: .renew(book: book)
        case .hold(_, let holder): .hold(book: book, holder: holder)
        case .cancelHold(_, let holder): .cancelHold(book: book, holder: holder)
        case .whoHas: .whoHas(book: book)
        case .show: .show(book: book)
        case .handOver(_, let to): .handOver(book: book, to: to)
        case .edit(_, let field, let value): .edit(book: book, field: field, value: value)
        case .rules(.some): .rules(book: book)
        case .delete(let books) where books.count == 1: .delete(books: [book])
        default: self
        }
    }

    /// The `help` topic of an intent about one book, for its example.
    var helpTopic: String? {
        switch self {
        case .checkout: "checkout"
        case .returnBook: "return"
        case .renew: "renew"
        case .hold: "hold"
        case .cancelHold: "cancel hold"
        case .whoHas: "who has"
        case .show: "show"
        case .handOver: "pass"
        case .rules: "rules"
        case .edit: "edit"
        case .delete: "delete"
        default: nil
        }
    }
}
