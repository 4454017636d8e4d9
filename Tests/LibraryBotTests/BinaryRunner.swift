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

    /// Runs `librarybot arguments` to its end. The child's standard streams are temporary
    /// files, not pipes: a child that exits before reading its input cannot break the writer,
    /// and a full pipe cannot stall either side.
    static func run(_ arguments: [String], stdin: String? = nil, in directory: URL? = nil,
                    environment: [String: String] = [:]) async throws -> Outcome {
        let streams = try StreamFiles(input: stdin ?? "")
        defer { streams.remove() }
        let child = try ChildProcess(try executable.path, arguments,
                                     environment: ProcessInfo.processInfo.environment.merging(environment) { $1 },
                                     directory: directory?.path, stdin: .file(streams.input.path),
                                     stdout: .file(streams.output.path), stderr: .file(streams.errors.path))
        let status: Int32
        switch await child.waitForExit() {
        case .exited(let code): status = code
        case .signalled(let signal): status = 128 + signal
        }
        return Outcome(status: status, stdout: try streams.outputText(), stderr: try streams.errorText())
    }
}

/// Three temporary files standing for a child's standard input, output and error.
struct StreamFiles {
    let folder: URL
    var input: URL { folder.appendingPathComponent("stdin") }
    var output: URL { folder.appendingPathComponent("stdout") }
    var errors: URL { folder.appendingPathComponent("stderr") }

    init(input text: String = "") throws {
        folder = try temporaryDirectory()
        try Data(text.utf8).write(to: input)
        try Data().write(to: output)
        try Data().write(to: errors)
    }

    func outputText() throws -> String { String(decoding: try Data(contentsOf: output), as: UTF8.self) }
    func errorText() throws -> String { String(decoding: try Data(contentsOf: errors), as: UTF8.self) }
    func remove() { try? FileManager.default.removeItem(at: folder) }
}

/// A library database in a temporary folder of its own, removed with the value; set up, when
/// `commands` are given, by typing them at `librarybot console` as `name`.
final class ScratchLibrary {
    let folder: URL
    let path: String

    init(_ commands: String? = nil, as name: String = "Ana") async throws {
        folder = try temporaryDirectory()
        path = folder.appendingPathComponent("library.sqlite").path
        if let commands {
            let setup = try await BinaryRunner.run(["console", "--database", path, "--as", name], stdin: commands)
            guard setup.status == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: setup.stderr]) }
        }
    }

    deinit { try? FileManager.default.removeItem(at: folder) }
}

/// `librarybot` running in the background (`run` with a gateway or the scheduler), stopped
/// with SIGTERM as a service manager would.
final class RunningBinary {
    let child: ChildProcess
    private let streams: StreamFiles

    /// Starts `librarybot arguments` with `environment` added to the test's own; standard
    /// output goes to a pipe (`child.output`) or nowhere, standard input comes from a pipe
    /// (`child.input`) or nowhere. The variables named in `unset` are left out.
    init(_ arguments: [String], environment: [String: String], pipes: Bool = false, unset: [String] = []) throws {
        streams = try StreamFiles()
        child = try ChildProcess(try BinaryRunner.executable.path, arguments,
                                 environment: ProcessInfo.processInfo.environment.filter { !unset.contains($0.key) }.merging(environment) { $1 },
                                 stdin: pipes ? .pipe : .nullDevice, stdout: pipes ? .pipe : .nullDevice,
                                 stderr: .file(streams.errors.path))
    }

    /// What it has logged so far.
    func log() throws -> String { try streams.errorText() }

    /// Waits, 30 s at most, until its log holds `text`; returns whether it does.
    func waitForLog(_ text: String) async throws -> Bool {
        try await eventually(within: .seconds(30)) { try log().contains(text) }
    }

    /// Sends SIGTERM and waits for the exit, 6 s at most: how long it took and what it logged.
    func terminate() async throws -> (elapsed: Duration, stderr: String) {
        let start = ContinuousClock.now
        child.terminate()
        guard await child.waitForExit(timeout: .seconds(12)) != nil else { return (ContinuousClock.now - start, "") }
        return (ContinuousClock.now - start, try streams.errorText())
    }

    deinit {
        child.terminate()
        streams.remove()
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
