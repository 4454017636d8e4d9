import Foundation
import LibraryCore

/// What each member did lately that their next message may refer to, by `Sender.key`, for
/// `window` after: the book they last named ("checkout it"), the command a reply offered them
/// ("Did you mean `checkout Dune`?", then "yes"), the deletion they were asked to confirm, what
/// undoes their last change.
struct Recent<Value> {
    let window: TimeInterval
    private var entries: [String: (value: Value, at: Date)] = [:]
    /// The size at which the lapsed entries are dropped next; it doubles with the members kept,
    /// so a busy server sorts its entries out now and then, not on every command.
    private var pruneAt = 256

    init(window: TimeInterval) {
        self.window = window
    }

    /// The member's value, unless it was set longer than `window` before `now`.
    func value(for key: String, at now: Date) -> Value? {
        guard let entry = entries[key], now.timeIntervalSince(entry.at) <= window else { return nil }
        return entry.value
    }

    mutating func set(_ value: Value, for key: String, at now: Date) {
        if entries.count >= pruneAt {
            entries = entries.filter { now.timeIntervalSince($0.value.at) <= window }
            pruneAt = max(256, entries.count * 2)
        }
        entries[key] = (value, now)
    }

    /// Every member's value still current at `now`, with when it was set.
    func current(at now: Date) -> [(key: String, value: Value, at: Date)] {
        entries.compactMap { key, entry in now.timeIntervalSince(entry.at) <= window ? (key, entry.value, entry.at) : nil }
    }

    /// Forgets the member's value; returns it if it was still current at `now`.
    @discardableResult
    mutating func remove(_ key: String, at now: Date) -> Value? {
        let current = value(for: key, at: now)
        entries[key] = nil
        return current
    }
}

/// The words that point back at the book a member last named ("checkout it"): "it", "that
/// one", "this book", "ça", "celui-là". A member's book is remembered for `window` after they
/// last named it; a command that names no book the library has, or several, forgets it.
enum LastNamedBook {
    /// How long "it" keeps meaning the book last named: a member may go and look at the shelf.
    static let window: TimeInterval = 30 * 60

    /// Whether `reference` points back at a book rather than naming one.
    static func pointsBack(_ reference: String) -> Bool {
        // (Not folded when longer than any of them: a pasted page is not read for "it".)
        reference.utf8.count <= 24 && pointsBack(folded: TextKey.fold(reference))
    }

    /// The same, of a reference already folded (`TextKey.fold`).
    static func pointsBack(folded key: String) -> Bool {
        pronouns.contains(key)
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
             .whoHas(let book), .show(let book), .handOver(let book, _), .takeOver(let book, _), .edit(let book, _, _), .addCopy(let book, _),
             .categorize(let book, _, _), .deleteCopy(let book, _), .deleteCopies(let book, _), .report(let book, _, _):
            book
        case .rules(let book), .remind(_, let book), .recommend(let book, _): book
        case .delete(let books) where books.count == 1: books.first
        default: nil
        }
    }

    /// The same question of another subject, for a follow-up ("and Emma?", "what about Ben?",
    /// "and me?"): another book, another member, another search; "me", "mine" or "moi", the
    /// asker's own books. Nil when the question takes no subject (a list, the digest).
    func asked(of subject: String) -> Intent? {
        let own = CommandParser.meansTheSender(subject)
        switch self {
        case .loansOf: return .loansOf(borrower: own ? nil : CommandParser.withoutPossessive(subject))
        case .history(_, let period): return .history(borrower: own ? nil : CommandParser.withoutPossessive(subject), period: period)
        case .search(_, let onShelf): return own ? nil : .search(query: subject, onShelf: onShelf)
        default:
            guard bookReference != nil else { return nil }
            return own ? .loansOf(borrower: nil) : naming(subject)
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
        case .addCopy(_, let count): .addCopy(book: book, count: count)
        case .handOver(_, let to): .handOver(book: book, to: to)
        case .takeOver(_, let giver): .takeOver(book: book, from: giver)
        case .edit(_, let field, let value): .edit(book: book, field: field, value: value)
        case .categorize(_, let categories, let remove): .categorize(book: book, categories: categories, remove: remove)
        case .deleteCopy(_, let place): .deleteCopy(book: book, place: place)
        case .deleteCopies(_, let count): .deleteCopies(book: book, count: count)
        case .report(_, let kind, let note): .report(book: book, kind: kind, note: note)
        case .rules(.some): .rules(book: book)
        case .recommend(.some, _): .recommend(book: book)
        case .remind(let borrower, .some): .remind(borrower: borrower, book: book)
        case .delete(let books) where books.count == 1: .delete(books: [book])
        default: self
        }
    }
}
