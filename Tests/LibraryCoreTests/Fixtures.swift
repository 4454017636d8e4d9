import Foundation
import TestSupport
import LibraryCore

let monday = utc("2026-11-30 09:00:00")
let ana = Borrower(name: "Ana", userID: "U-ANA")
let ben = Borrower(name: "Ben", userID: "U-BEN")
let chloe = Borrower(name: "Chloé")

/// A real library on an in-memory SQLite database.
func makeLibrary(rules: LibraryRules = LibraryRules(), books: [NewBook] = []) async throws -> LibraryService {
    let service = LibraryService(database: try LibraryDatabase.inMemory(), rules: rules)
    try await service.add(books, at: utc("2026-11-01 12:00:00"))
    return service
}

func book(_ title: String, _ author: String = "Someone", categories: [String] = [], publisher: String? = nil) -> NewBook {
    NewBook(title: title, author: author, publisher: publisher, categories: categories)
}

/// Runs `body` and returns the `LibraryError` it threw, or nil.
func libraryError(_ body: () async throws -> Void) async -> LibraryError? {
    do {
        try await body()
        return nil
    } catch let error as LibraryError {
        return error
    } catch {
        return nil
    }
}
