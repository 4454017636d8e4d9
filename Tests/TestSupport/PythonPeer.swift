import Foundation
import Synchronization
import Transport

/// A test peer written in Python (a websocket or HTTP server, the Slack emulator), run as a
/// child process. It prints its port on its first line of output and exits when its standard
/// input closes, so it never outlives the tests.
public final class PythonPeer: Sendable {
    public let port: Int
    public let child: ChildProcess

    /// Starts the peer and waits (off the cooperative pool) for the port it prints.
    public init(script: String, arguments: [String] = [], environment: [String: String] = [:]) async throws {
        let child = try ChildProcess("/usr/bin/env", ["python3", script] + arguments,
                                     environment: ProcessInfo.processInfo.environment.merging(environment) { $1 },
                                     stdin: .pipe, stdout: .pipe)
        guard let descriptor = child.output, let port = Int(try await offThePool { firstLine(of: descriptor) }) else {
            child.terminate()
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey:
                "\(URL(fileURLWithPath: script).lastPathComponent) \(arguments.joined(separator: " ")) did not start (are the Python packages installed? make test installs them)"])
        }
        self.port = port
        self.child = child
    }

    /// Ends the peer: its input closes and it gets SIGTERM. Nothing waits for it here, so a
    /// `defer { stop() }` never holds one of the cooperative threads.
    public func stop() {
        child.closeInput()
        child.terminate()
    }

    deinit { stop() }
}

/// The first line written to `descriptor`, read with POSIX reads retried on EINTR
/// (Foundation's FileHandle traps on it, and child processes signal the test runner).
public func firstLine(of descriptor: Int32) -> String {
    var line = Data()
    while true {
        var byte: UInt8 = 0
        let count = read(descriptor, &byte, 1)
        if count < 0, errno == EINTR { continue }
        if count <= 0 || byte == UInt8(ascii: "\n") { break }
        line.append(byte)
    }
    return String(decoding: line, as: UTF8.self)
}

/// Runs `body`, which blocks (waiting for a child process), on a thread of its own and waits for
/// it without holding one of Swift's cooperative threads: the tests run in parallel on that
/// pool (two threads on a 2-core machine), and a blocked pool would stall every other test.
public func offThePool<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}

/// How long a test waits for something that must happen (a connection, a reply) before it
/// fails. Generous on purpose: the whole suite runs at once on two cores, with its Python peers
/// and bots, and a watchdog task inside the suite saw the cooperative threads busy for up to
/// 10 s at the start of a run. A passing test never waits this long.
public let patience = 20

/// How `task` ended, or nil when it had not ended within `seconds`; it is then cancelled, so
/// that a test waiting for a service to stop fails, naming it, instead of hanging the run.
public func ending<T: Sendable>(of task: Task<T, any Error>, within seconds: Int = patience) async -> Result<T, any Error>? {
    await withTaskGroup(of: Result<T, any Error>?.self) { group in
        group.addTask { await task.result }
        group.addTask {
            try? await Task.sleep(for: .seconds(seconds))
            return nil
        }
        let first: Result<T, any Error>? = await group.next() ?? nil
        if first == nil { task.cancel() }
        group.cancelAll()
        return first
    }
}

/// The lines a service logged, kept to be shown when a test fails.
public final class LogLines: Sendable {
    private let lines = Mutex<[String]>([])
    public init() {}
    public func append(_ line: String) { lines.withLock { $0.append(line) } }
    public var text: String { lines.withLock { $0.joined(separator: "\n") } }
}

/// POSTs `json` to a test peer's control `path` on loopback until it answers 200 (the app it
/// drives is not connected yet, or has no session), for up to `seconds`.
public func postUntilAccepted(port: Int, path: String, json: String, seconds: Int = patience) async throws {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while true {
        let response = try await HTTPClient.shared.execute(HTTPRequest(method: "POST", url: "http://127.0.0.1:\(port)\(path)",
                                                                       headers: [("Content-Type", "application/json")], body: Data(json.utf8)))
        if response.status == 200 { return }
        guard ContinuousClock.now < deadline else {
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "\(path) not accepted within \(seconds) s (HTTP \(response.status))"])
        }
        try await Task.sleep(for: .milliseconds(50))
    }
}
