import Foundation

/// A test peer written in Python (a websocket or HTTP server, the Slack emulator), run as a
/// child process. It prints its port on its first line of output and exits when its standard
/// input closes, so it never outlives the tests.
public final class PythonPeer: Sendable {
    public let port: Int
    public let process: Process
    private let input: Pipe

    public init(script: String, arguments: [String] = [], environment: [String: String] = [:]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe(), input = Pipe()
        process.standardOutput = output
        process.standardInput = input
        try process.run()
        guard let port = Int(firstLine(of: output.fileHandleForReading.fileDescriptor)) else {
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
