import Foundation
import TestSupport

/// Runs the built `librarybot` executable, as an operator would.
struct BinaryRunner {
    struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The executable next to the test bundle in the build folder.
    static var executable: URL {
        get throws {
            let candidates = [
                Bundle.main.bundleURL.appendingPathComponent("librarybot"),
                URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("librarybot"),
                Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("librarybot"),
            ]
            guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
                throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: candidates.map(\.path).joined(separator: ", ")])
            }
            return found
        }
    }

    static func run(_ arguments: [String], stdin: String? = nil, in directory: URL? = nil,
                    environment: [String: String] = [:]) throws -> Outcome {
        let process = Process()
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.executableURL = try executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let output = Pipe(), errors = Pipe(), input = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        // Read both pipes before waiting, so a full pipe cannot block the child.
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        let errData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus,
                       stdout: String(decoding: outData, as: UTF8.self),
                       stderr: String(decoding: errData, as: UTF8.self))
    }
}


/// `librarybot` running in the background (`run` with a gateway or the scheduler), stopped
/// with SIGTERM as a service manager would.
final class RunningBinary {
    let process = Process()
    private let errors = Pipe()

    /// Starts `librarybot arguments` with `environment` added to the test's own; standard
    /// output goes to `output` (or nowhere), standard input comes from `input` (or the test's).
    init(_ arguments: [String], environment: [String: String], output: Pipe? = nil, input: Pipe? = nil) throws {
        process.executableURL = try BinaryRunner.executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardError = errors
        process.standardOutput = output ?? FileHandle.nullDevice
        if let input { process.standardInput = input }
        try process.run()
    }

    /// Sends SIGTERM and waits for the exit, 6 s at most: how long it took and what it logged.
    func terminate() async throws -> (elapsed: Duration, stderr: String) {
        let start = ContinuousClock.now
        process.terminate()
        while process.isRunning, ContinuousClock.now - start < .seconds(6) { try await Task.sleep(for: .milliseconds(20)) }
        let elapsed = ContinuousClock.now - start
        if process.isRunning { return (elapsed, "") }
        return (elapsed, String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }

    deinit {
        if process.isRunning { process.terminate() }
    }
}

/// `date` written in UTC with a `DateFormatter` format, such as "HH:mm:ss" for a digest time.
func utcText(_ date: Date, _ format: String) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = format
    return formatter.string(from: date)
}
