/// A catalog outside the library that knows books by their ISBN (Open Library), so that
/// `add isbn N` needs nothing more than the number on the back cover.
public protocol ISBNCatalog: Sendable {
    /// The catalog's name, as replies say where a title came from ("Open Library").
    var name: String { get }

    /// What the catalog knows of the book whose ISBN is `isbn` (as `ISBN.normalize` gives it),
    /// or nil when it does not know that ISBN.
    /// - Throws: `ISBNCatalogError` when the catalog could not be asked, or did not answer with
    ///   a record.
    func book(isbn: String) async throws -> CatalogEntry?
}

/// What a catalog knows of a book: its title, its authors (possibly none), its publisher and
/// the subjects it files it under ("Science fiction", "Life on other planets").
public struct CatalogEntry: Sendable, Hashable {
    public var title: String
    public var authors: [String]
    public var publisher: String?
    public var subjects: [String]

    public init(title: String, authors: [String], publisher: String? = nil, subjects: [String] = []) {
        self.title = title
        self.authors = authors
        self.publisher = publisher
        self.subjects = subjects
    }
}

/// Why a catalog gave no answer. Nothing to do but try later, or give the title and author.
public struct ISBNCatalogError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        /// No answer within the lookup's time limit.
        case timeout(seconds: Int)
        /// The catalog could not be reached (no network, no such host, connection refused).
        case unreachable
        /// The TLS handshake or the certificate check failed.
        case insecure
        /// The catalog answered with this HTTP status instead of a record.
        case status(Int)
        /// The catalog answered with something that is not a record (a maintenance page).
        case notARecord
    }

    public var kind: Kind

    public init(_ kind: Kind) {
        self.kind = kind
    }

    /// As a phrase that follows the catalog's name: "Open Library did not answer within 10 s".
    public var description: String {
        switch kind {
        case .timeout(let seconds): "did not answer within \(seconds) s"
        case .unreachable: "could not be reached"
        case .insecure: "could not be reached securely (TLS)"
        case .status(let status): "answered with HTTP \(status)"
        case .notARecord: "answered with something other than a book record"
        }
    }
}
