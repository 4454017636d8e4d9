import Foundation
import Transport

/// A test peer written in Python (a websocket or HTTP server, the Slack emulator), run as a
/// child process. It prints its port on its first line of output and exits when its standard
/// input closes, so it never outlives the tests.
public final class PythonPeer: Sendable {
    public let port: Int
    public let process: Process
    private let input: Pipe

    /// Starts the peer and waits (off the cooperative pool) for the port it prints.
    public init(script: String, arguments: [String] = [], environment: [String: String] = [:]) async throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe(), input = Pipe()
        process.standardOutput = output
        process.standardInput = input
        try process.run()
        let descriptor = output.fileHandleForReading.fileDescriptor
        guard let port = Int(try await offThePool { firstLine(of: descriptor) }) else {
            process.terminate()
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey:
                "\(URL(fileURLWithPath: script).lastPathComponent) \(arguments.joined(separator: " ")) did not start (are the Python packages installed? make test installs them)"])
        }
        self.port = port
        self.process = process
        self.input = input
    }

    /// Ends the peer and waits for it.
    public func stop() {
        try? input.fileHandleForWriting.close()
        process.terminate()
        process.waitUntilExit()
    }

    deinit {
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
    }
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

/// POSTs `json` to a test peer's control `path` on loopback until it answers 200 (the app it
/// drives is not connected yet, or has no session), for up to `seconds`.
public func postUntilAccepted(port: Int, path: String, json: String, seconds: Int = 5) async throws {
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
