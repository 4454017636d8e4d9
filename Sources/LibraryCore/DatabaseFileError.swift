import Foundation
import GRDB

/// Why a database file (the library, or a backup copy) cannot be opened or written, in words
/// an operator can act on: the path is a folder, a file is where a folder should be, the file
/// is not a SQLite database, it is read-only or locked, the disk is full.
public struct DatabaseFileError: Error, CustomStringConvertible, Sendable {
    /// The file, or the folder that could not be made for it.
    public let path: String
    /// What is wrong, as a sentence without the path of the file.
    public let reason: String

    public var description: String { reason }

    init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// SQLite's refusal of the file at `path`, read for an operator.
    init(path: String, _ error: DatabaseError) {
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
        let reason: String = switch error.resultCode {
        case .SQLITE_CANTOPEN where exists && isFolder.boolValue:
            "\(path) is a folder: give the path of a file, such as \(URL(fileURLWithPath: path).appendingPathComponent("library.sqlite").path)."
        case .SQLITE_CANTOPEN:
            "SQLite cannot open it: check that the file and its folder may be written to by this user."
        case .SQLITE_NOTADB:
            "it is not a SQLite database. Check the path: it was left as it is."
        case .SQLITE_READONLY, .SQLITE_PERM, .SQLITE_AUTH:
            "it is read-only for this user: librarybot writes to the file and to its folder."
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            "another process holds it locked; try again once it is done."
        case .SQLITE_FULL:
            "the disk is full."
        case .SQLITE_CORRUPT:
            "the file is damaged (SQLite: \(error.message ?? "malformed")): restore a backup (librarybot backup makes them)."
        default:
            "SQLite error \(error.resultCode.rawValue): \(error.message ?? "unknown")."
        }
        self.init(path: path, reason: reason)
    }

    /// Creates the folder that `file` goes in (and the folders above it), or throws why it
    /// cannot be: a file stands where a folder is needed, or the system refused.
    static func createFolder(of file: URL) throws {
        let folder = file.deletingLastPathComponent()
        // The nearest part of the path that exists must be a folder.
        var existing = folder
        var isFolder: ObjCBool = false
        while !FileManager.default.fileExists(atPath: existing.path, isDirectory: &isFolder) {
            let parent = existing.deletingLastPathComponent()
            if parent.path == existing.path { break }
            existing = parent
        }
        if FileManager.default.fileExists(atPath: existing.path), !isFolder.boolValue {
            throw DatabaseFileError(path: existing.path, reason: "\(existing.path) is a file, not a folder.")
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            let underlying = ((error as NSError).userInfo[NSUnderlyingErrorKey] as? any Error).map { $0 as NSError }
            let cause = underlying.flatMap { $0.domain == NSPOSIXErrorDomain ? String(cString: strerror(Int32($0.code))) : nil }
                ?? (error as NSError).localizedDescription
            throw DatabaseFileError(path: folder.path, reason: "cannot create the folder \(folder.path) (\(cause)).")
        }
    }
}
