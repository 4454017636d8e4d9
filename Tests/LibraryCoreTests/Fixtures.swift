import Foundation
import LibraryCore

/// Instants written in UTC, so tests read like a calendar.
func utc(_ text: String) -> Date {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withSpaceBetweenDateAndTime]
    formatter.timeZone = TimeZone(identifier: "UTC")
    guard let date = formatter.date(from: text) else { preconditionFailure("bad fixture date \(text)") }
    return date
}

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

/// A temporary folder removed by the caller.
func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("librarybot-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
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
