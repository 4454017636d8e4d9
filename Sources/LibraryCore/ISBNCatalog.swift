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

/// What a catalog knows of a book: its title, its authors (possibly none) and its publisher.
public struct CatalogEntry: Sendable, Hashable {
    public var title: String
    public var authors: [String]
    public var publisher: String?

    public init(title: String, authors: [String], publisher: String? = nil) {
        self.title = title
        self.authors = authors
        self.publisher = publisher
    }
}

/// Why a catalog gave no answer, as a phrase that follows its name: "did not answer within
/// 10 s", "answered with HTTP 503". Nothing to do but try later, or give the title and author.
public struct ISBNCatalogError: Error, Sendable, Hashable, CustomStringConvertible {
    public var reason: String

    public init(reason: String) {
        self.reason = reason
    }

    public var description: String { reason }
}
