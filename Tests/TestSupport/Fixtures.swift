import Foundation

/// An instant written in UTC, `YYYY-MM-DD HH:MM:SS`, so tests read like a calendar.
public func utc(_ text: String) -> Date {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withSpaceBetweenDateAndTime]
    formatter.timeZone = TimeZone(identifier: "UTC")
    guard let date = formatter.date(from: text) else { preconditionFailure("bad fixture date \(text)") }
    return date
}

/// A new empty folder under the system's temporary folder; the caller removes it.
public func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("librarybot-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
