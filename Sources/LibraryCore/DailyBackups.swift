import Foundation

/// The daily copies of the library that `librarybot run` keeps (`backup.folder`): one file a
/// day, `library-YYYY-MM-DD.sqlite`, each a consistent snapshot (as `librarybot backup` makes),
/// the newest `keep` kept. A copy is written under a temporary name and renamed once whole, so
/// a file with a backup's name is always a whole backup. Only files named as backups are ever
/// removed.
public struct DailyBackups: Sendable {
    public let folder: String
    public let keep: Int

    public init(folder: String, keep: Int) {
        self.folder = folder
        self.keep = max(1, keep)
    }

    /// What one run did.
    public struct Outcome: Sendable, Equatable {
        /// The day's backup.
        public var file: String
        /// Whether it was written now (false: it existed already, from an earlier run that day).
        public var written: Bool
        public var books: Int
        public var openLoans: Int
        /// The older backups removed, beyond `keep`.
        public var removed: [String]
    }

    /// The file of `day` (`YYYY-MM-DD`).
    public func file(for day: String) -> String {
        URL(fileURLWithPath: folder).appendingPathComponent("library-\(day).sqlite").path
    }

    /// Copies `database` to the file of `day` (unless that exists already), then removes the
    /// backups beyond the newest `keep`.
    public func run(_ database: LibraryDatabase, day: String) throws -> Outcome {
        let target = file(for: day)
        let files = FileManager.default
        var outcome = Outcome(file: target, written: false, books: 0, openLoans: 0, removed: [])
        if !files.fileExists(atPath: target) {
            let partial = URL(fileURLWithPath: folder).appendingPathComponent(".library-\(day).sqlite.partial").path
            try? files.removeItem(atPath: partial)
            do {
                (outcome.books, outcome.openLoans) = try database.backup(to: partial)
                try files.moveItem(atPath: partial, toPath: target)
            } catch {
                try? files.removeItem(atPath: partial)
                throw error
            }
            outcome.written = true
        }
        let backups = try files.contentsOfDirectory(atPath: folder).filter(Self.isBackupName).sorted()
        for name in backups.dropLast(keep) {
            let path = URL(fileURLWithPath: folder).appendingPathComponent(name).path
            try files.removeItem(atPath: path)
            // With what SQLite leaves beside a file someone opened (`sqlite3 library-….sqlite`).
            for side in ["-wal", "-shm", "-journal"] where files.fileExists(atPath: path + side) {
                try? files.removeItem(atPath: path + side)
            }
            outcome.removed.append(path)
        }
        return outcome
    }

    /// `library-YYYY-MM-DD.sqlite`, and nothing else.
    static func isBackupName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        let prefix = Array("library-".utf8), suffix = Array(".sqlite".utf8)
        guard bytes.count == prefix.count + 10 + suffix.count, bytes.starts(with: prefix), bytes.suffix(suffix.count).elementsEqual(suffix) else {
            return false
        }
        let date = bytes[prefix.count..<(prefix.count + 10)]
        return date.enumerated().allSatisfy { index, byte in
            index == 4 || index == 7 ? byte == UInt8(ascii: "-") : (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }
    }
}
