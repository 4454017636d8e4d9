import Catalogs
import Commands
import Foundation
import LibraryCore
import TestSupport
import Testing
import Transport

/// The Open Library emulator, one per test (see PythonPeer and the script's docstring).
final class OpenLibraryEmulator: Sendable {
    private let peer: PythonPeer
    var baseURL: String { "http://127.0.0.1:\(peer.port)" }

    init() async throws {
        let script = try #require(Bundle.module.url(forResource: "openlibrary_emulator", withExtension: "py"))
        peer = try await PythonPeer(script: script.path)
    }

    struct Received: Decodable, Equatable {
        var path: String
        var user_agent: String
    }

    /// Every lookup the emulator received, in order.
    func received() async throws -> [Received] {
        try await HTTPClient.shared.get("\(baseURL)/_requests").json()
    }

    func catalog(timeout: Duration = .seconds(10)) -> OpenLibraryCatalog {
        OpenLibraryCatalog(baseURL: baseURL, timeout: timeout)
    }
}

/// Runs `body` and returns the `ISBNCatalogError` it threw, or nil.
func catalogError(_ body: () async throws -> Void) async -> ISBNCatalogError? {
    do {
        try await body()
        return nil
    } catch {
        return error as? ISBNCatalogError
    }
}

@Suite("OpenLibraryCatalog against an emulated Open Library")
struct OpenLibraryCatalogTests {
    @Test("a known ISBN gives its title, authors and first publisher, asked as the Books API documents, with a User-Agent")
    func known() async throws {
        let openLibrary = try await OpenLibraryEmulator()
        let catalog = openLibrary.catalog()
        #expect(try await catalog.book(isbn: "9780140328721")
                == CatalogEntry(title: "Fantastic Mr Fox", authors: ["Roald Dahl"], publisher: "Puffin", subjects: ["Animals", "Foxes", "Fiction"]))
        #expect(try await catalog.book(isbn: "0140328726")?.title == "Fantastic Mr Fox", "an ISBN-10")
        #expect(try await catalog.book(isbn: "9780262033848")?.authors
            == ["Thomas H. Cormen", "Charles E. Leiserson", "Ronald L. Rivest", "Clifford Stein"])
        #expect(try await catalog.book(isbn: "9780451526533")?.publisher == "Signet Classic")
        #expect(try await catalog.book(isbn: "9780000000026") == CatalogEntry(title: "A Book by Nobody", authors: [], publisher: nil))
        let asked = try await openLibrary.received()
        #expect(asked.first?.path == "/api/books?bibkeys=ISBN:9780140328721&format=json&jscmd=data")
        #expect(asked.allSatisfy { $0.user_agent.hasPrefix("librarybot ") })
        // A base URL with a trailing slash asks the same path.
        _ = try await OpenLibraryCatalog(baseURL: openLibrary.baseURL + "/").book(isbn: "9782070612758")
        #expect(try await openLibrary.received().last?.path == "/api/books?bibkeys=ISBN:9782070612758&format=json&jscmd=data")
    }

    @Test("an ISBN Open Library does not know is nil; what is not an ISBN is never sent")
    func unknown() async throws {
        let openLibrary = try await OpenLibraryEmulator()
        let catalog = openLibrary.catalog()
        #expect(try await catalog.book(isbn: "9780306406157") == nil)
        #expect(try await catalog.book(isbn: "978&jscmd=x") == nil)
        #expect(try await catalog.book(isbn: "") == nil)
        #expect(try await openLibrary.received().map(\.path) == ["/api/books?bibkeys=ISBN:9780306406157&format=json&jscmd=data"])
    }

    @Test("429 with a short Retry-After is waited out once; a long one is an error at once")
    func rateLimited() async throws {
        let openLibrary = try await OpenLibraryEmulator()
        let catalog = openLibrary.catalog()
        let started = ContinuousClock.now
        #expect(try await catalog.book(isbn: "9780000000064")?.title == "The Patient Book")
        #expect(ContinuousClock.now - started >= .milliseconds(900), "it waited for Retry-After: 1")
        #expect(try await openLibrary.received().filter { $0.path.contains("9780000000064") }.count == 2)
        #expect(await catalogError { _ = try await catalog.book(isbn: "9780000000071") }?.kind == .status(429))
        #expect(try await openLibrary.received().filter { $0.path.contains("9780000000071") }.count == 1)
    }

    @Test("an error status, a page that is not JSON, a slow answer and no server at all are errors that say which")
    func failures() async throws {
        let openLibrary = try await OpenLibraryEmulator()
        let catalog = openLibrary.catalog(timeout: .seconds(1))
        #expect(await catalogError { _ = try await catalog.book(isbn: "9780000000002") }?.kind == .status(503))
        #expect(await catalogError { _ = try await catalog.book(isbn: "9780000000033") }?.kind == .notARecord)
        #expect(await catalogError { _ = try await catalog.book(isbn: "9780000000019") }?.kind == .timeout(seconds: 1))
        let closed = try RefusedPort()
        #expect(await catalogError { _ = try await OpenLibraryCatalog(baseURL: "http://127.0.0.1:\(closed.port)").book(isbn: "9780140328721") }?.kind == .unreachable)
    }
}
