import Foundation
import LibraryCore
import TestSupport
import Testing

@Suite("Daily backups")
struct DailyBackupsTests {
    @Test("one whole copy a day, named by the day; the newest kept, only backups ever removed; a day's copy never overwritten")
    func rotation() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = try LibraryDatabase.file(at: folder.appendingPathComponent("library.sqlite").path)
        let library = LibraryService(database: source)
        try await library.add(NewBook(title: "Dune", author: "Frank Herbert"), at: monday)
        try await library.checkout("Dune", to: ana, at: monday)
        let backupsFolder = folder.appendingPathComponent("backups")
        let backups = DailyBackups(folder: backupsFolder.path, keep: 3)
        // Files that only look like backups, and the operator's own: never touched.
        try FileManager.default.createDirectory(at: backupsFolder, withIntermediateDirectories: true)
        let others = ["notes.txt", "library-2026-11-2.sqlite", "library-backup.sqlite", "library-2026-11-01.sqlite.old"]
        for name in others { try Data("keep me".utf8).write(to: backupsFolder.appendingPathComponent(name)) }

        let first = try backups.run(source, day: "2026-11-20")
        #expect(first.written && first.books == 1 && first.openLoans == 1 && first.removed.isEmpty)
        #expect(first.file == backupsFolder.appendingPathComponent("library-2026-11-20.sqlite").path)
        // The copy is a library of its own, answering as the original.
        let copy = LibraryService(database: try LibraryDatabase.file(at: first.file))
        #expect(try await copy.loans(of: ana).map(\.book.title) == ["Dune"])

        try await library.add(NewBook(title: "Emma", author: "Jane Austen"), at: monday)
        let again = try backups.run(source, day: "2026-11-20")
        #expect(!again.written, "the day's copy exists: kept as it was")
        for day in ["2026-11-21", "2026-11-22", "2026-11-23"] { _ = try backups.run(source, day: day) }
        let last = try backups.run(source, day: "2026-11-24")
        #expect(last.books == 2)
        #expect(last.removed == [backupsFolder.appendingPathComponent("library-2026-11-21.sqlite").path])
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: backupsFolder.path))
        #expect(names == Set(others + ["library-2026-11-22.sqlite", "library-2026-11-23.sqlite", "library-2026-11-24.sqlite"]))
    }

    @Test("a copy that cannot be written throws, and leaves no file behind that looks like a backup")
    func failure() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = try LibraryDatabase.file(at: folder.appendingPathComponent("library.sqlite").path)
        // The folder's place is taken by a file.
        let blocked = folder.appendingPathComponent("backups")
        try Data().write(to: blocked)
        #expect(throws: (any Error).self) { try DailyBackups(folder: blocked.path, keep: 3).run(source, day: "2026-11-20") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("library-") || $0.hasPrefix(".library-") }.isEmpty)
    }
}
