import Foundation
import TestSupport

/// A peer from `Resources/servers.py` (see PythonPeer).
final class TestServer: Sendable {
    let peer: PythonPeer
    var port: Int { peer.port }
    var child: ChildProcess { peer.child }

    init(_ mode: String, environment: [String: String] = [:]) async throws {
        guard let script = Bundle.module.url(forResource: "servers", withExtension: "py") else {
            throw CocoaError(.fileNoSuchFile)
        }
        peer = try await PythonPeer(script: script.path, arguments: [mode], environment: environment)
    }

    func stop() { peer.stop() }

    /// One server of each kind for the whole test run, started by the first test that asks.
    private static let sharedWebSocket = Task { try await TestServer("ws") }
    private static let sharedHTTP = Task { try await TestServer("http") }

    static func webSocket() async throws -> TestServer { try await sharedWebSocket.value }
    static func http() async throws -> TestServer { try await sharedHTTP.value }
}

/// Open file descriptors of this process.
func openFileDescriptors() -> Int {
    (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? -1
}

/// This process's TCP connections to `port` on loopback (from /proc/net/tcp and our fds).
func openConnections(toPort port: Int) -> Int {
    let ourSockets = Set(((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []).compactMap { fd -> String? in
        guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(fd)"),
              target.hasPrefix("socket:[") else { return nil }
        return String(target.dropFirst(8).dropLast())
    })
    let portHex = String(format: ":%04X", port)
    var count = 0
    for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
        // /proc files have no size: read to the end, not st_size bytes.
        guard let handle = FileHandle(forReadingAtPath: table) else { continue }
        let text = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
        try? handle.close()
        for line in text.split(separator: "\n").dropFirst() {
            let columns = line.split(separator: " ")
            guard columns.count > 9, columns[2].hasSuffix(portHex), ourSockets.contains(String(columns[9])) else { continue }
            count += 1
        }
    }
    return count
}

/// A throwaway certificate authority and a server certificate for 127.0.0.1 and localhost,
/// made with the openssl command line in a temporary folder.
struct TestCertificates {
    let folder: URL
    var caFile: String { folder.appendingPathComponent("ca.pem").path }
    var certificateFile: String { folder.appendingPathComponent("server.pem").path }
    var keyFile: String { folder.appendingPathComponent("server.key").path }

    init() async throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("librarybot-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let extensions = folder.appendingPathComponent("san.ext")
        try "subjectAltName=IP:127.0.0.1,DNS:localhost\n".write(to: extensions, atomically: true, encoding: .utf8)
        for arguments in [
            ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=librarybot test CA",
             "-keyout", "ca.key", "-out", "ca.pem"],
            ["req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=127.0.0.1", "-keyout", "server.key", "-out", "server.csr"],
            ["x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-days", "2",
             "-extfile", "san.ext", "-out", "server.pem"],
        ] {
            let openssl = try ChildProcess("/usr/bin/env", ["openssl"] + arguments, directory: folder.path, stderr: .nullDevice)
            guard await openssl.waitForExit() == .exited(0) else { throw CocoaError(.fileWriteUnknown) }
        }
    }

    var environment: [String: String] { ["TLS_CERT": certificateFile, "TLS_KEY": keyFile] }

    /// A folder holding the authority as /etc/ssl/certs holds the system's, under the hash of
    /// its name (`openssl rehash`); its path.
    func hashedDirectory() async throws -> String {
        let directory = folder.appendingPathComponent("authorities")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: caFile, toPath: directory.appendingPathComponent("ca.pem").path)
        let rehash = try ChildProcess("/usr/bin/env", ["openssl", "rehash", directory.path], stderr: .nullDevice)
        guard await rehash.waitForExit() == .exited(0) else { throw CocoaError(.fileWriteUnknown) }
        return directory.path
    }
}
