import GRDB
import Synchronization

/// Read-only connections to a database file, for reads on the calling thread: each read takes
/// an idle connection (or opens one), runs in a deferred transaction, a consistent snapshot,
/// and gives the connection back.
///
/// GRDB's `DatabasePool.read` does the same, but around a `who has` of 30 µs it spent about as
/// much again: its reader pool's dispatch barrier, semaphore and lock, a key path its runtime
/// builds on each call, and the BEGIN and COMMIT it compiles anew each time (measured with perf,
/// 20% of the command's CPU). Here a mutex guards the idle connections and the two transaction
/// statements are compiled once per connection.
final class ReadConnections: Sendable {
    /// The pool the file is written through, held so that it is closed after these: the last
    /// connection to close removes the -wal and -shm files, which a read-only one cannot.
    private let pool: DatabasePool
    private let path: String
    private let configuration: Configuration
    private let idle = Mutex<[DatabaseQueue]>([])
    /// Connections kept idle at most; more reads at once open more, closed when given back.
    private let mostIdle: Int

    init(_ pool: DatabasePool, mostIdle: Int = 4) {
        var configuration = pool.configuration
        configuration.readonly = true
        configuration.label = "librarybot.read"
        self.pool = pool
        path = pool.path
        self.configuration = configuration
        self.mostIdle = mostIdle
    }

    func read<T>(_ block: (Database) throws -> T) throws -> T {
        let connection = try idle.withLock { $0.popLast() } ?? DatabaseQueue(path: path, configuration: configuration)
        defer {
            idle.withLock { idle in
                if idle.count < mostIdle { idle.append(connection) }
            }
        }
        return try connection.inDatabase { db in
            try db.cachedStatement(sql: "BEGIN DEFERRED TRANSACTION").execute()
            do {
                let value = try block(db)
                try db.cachedStatement(sql: "COMMIT TRANSACTION").execute()
                return value
            } catch {
                if db.isInsideTransaction { try db.rollback() }
                throw error
            }
        }
    }

    deinit {
        for connection in idle.withLock({ $0 }) { try? connection.close() }
    }
}
