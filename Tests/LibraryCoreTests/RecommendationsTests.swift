import Foundation
import TestSupport
import LibraryCore
import Testing

@Suite("Recommendations: books like those read, or like one book")
struct RecommendationsTests {
    let shelf = [
        book("Dune", "Frank Herbert", categories: ["SF"]), book("Dune Messiah", "Frank Herbert", categories: ["SF"]),
        book("Foundation", "Isaac Asimov", categories: ["SF", "Classic"]), book("Foundation", "Isaac Asimov", categories: ["SF", "Classic"]),
        book("Emma", "Jane Austen", categories: ["Classic"]), book("Persuasion", "Jane Austen", categories: ["Classic"]),
        book("The Cookbook", "Someone"),
    ]

    @Test("like what the reader borrowed: the same author, then a shared category, then the most borrowed, then the newest; on the shelf first; never what they read")
    func likeWhatWasRead() async throws {
        let library = try await makeLibrary(books: shelf)
        _ = try await library.checkout("Dune", to: ana, at: monday)
        _ = try await library.returnBook("Dune", at: monday + 3600)
        _ = try await library.checkout("Persuasion", to: ben, at: monday)
        _ = try await library.returnBook("Persuasion", at: monday + 3600)
        let offered = try await library.recommendations(for: ana, like: nil, at: monday + 7200)
        #expect(offered.map(\.status.book.title) == ["Dune Messiah", "Foundation", "Persuasion", "The Cookbook", "Emma"])
        #expect(offered.map(\.reason) == [.sameAuthor(like: "Dune"), .category("SF", like: "Dune"), .popular(times: 1), .onShelf, .onShelf])

        // Out, a title comes after those on the shelf; of two copies, the one on the shelf is offered.
        _ = try await library.checkout("Dune Messiah", to: ben, at: monday + 7200)
        _ = try await library.checkout("#3", to: ben, at: monday + 7200)
        let later = try await library.recommendations(for: ana, like: nil, at: monday + 9000)
        #expect(later.map(\.status.book.title) == ["Foundation", "Persuasion", "The Cookbook", "Emma", "Dune Messiah"])
        #expect(later.first?.status.book.id == 4)
        #expect(later.last?.status.loan?.borrower == ben)

        // A reader with no history: the most borrowed (copies together), then the newest.
        let newcomer = try await library.recommendations(for: chloe, like: nil, at: monday + 9000)
        #expect(newcomer.map(\.status.book.title) == ["Persuasion", "Foundation", "Dune", "The Cookbook", "Emma"])
    }

    @Test("like one book: only its author's and those sharing a category, never itself nor what the reader read; a missing copy is not offered")
    func likeOneBook() async throws {
        let library = try await makeLibrary(books: shelf)
        let likeEmma = try await library.recommendations(for: ana, like: "Emma", at: monday)
        #expect(likeEmma.map(\.status.book.title) == ["Persuasion", "Foundation"])
        #expect(likeEmma.map(\.reason) == [.sameAuthor(like: "Emma"), .category("Classic", like: "Emma")])

        _ = try await library.checkout("Persuasion", to: ana, at: monday)
        _ = try await library.setReport(of: 3, to: CopyReport(.lost, by: ben, at: monday), at: monday)
        _ = try await library.setReport(of: 4, to: CopyReport(.lost, by: ben, at: monday), at: monday)
        #expect(try await library.recommendations(for: ana, like: "Emma", at: monday).isEmpty)
        let unknown = await libraryError { _ = try await library.recommendations(for: ana, like: "Zorglub", at: monday) }
        guard case .notFound? = unknown else {
            Issue.record("expected notFound, got \(String(describing: unknown))")
            return
        }
    }
}
