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

