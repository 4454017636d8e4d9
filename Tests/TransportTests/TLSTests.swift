import Foundation
import Testing
import Transport

@Suite("TLS: certificates are verified")
struct TLSTests {
    @Test("HTTPS to a server whose authority we trust works; with the system's authorities it is refused")
    func https() async throws {
        let certificates = try await TestCertificates()
        defer { try? FileManager.default.removeItem(at: certificates.folder) }
        let server = try await TestServer("http", environment: certificates.environment)
        defer { server.stop() }
        let url = "https://127.0.0.1:\(server.port)/echo"
        let trusted = try await HTTPClient.shared.execute(HTTPRequest(url: url, certificateAuthorities: certificates.caFile))
        #expect(trusted.status == 200)
        do {
            _ = try await HTTPClient.shared.get(url)
            Issue.record("an unknown authority must be refused")
        } catch let error as HTTPError {
            #expect(error.kind == .tls)
        }
    }

    @Test("wss to a server whose authority is in the hashed directory of the system's (SSL_CERT_DIR), or in LIBRARYBOT_CA_FILE, connects and echoes")
    func wssTrusted() async throws {
        let certificates = try await TestCertificates()
        defer { try? FileManager.default.removeItem(at: certificates.folder) }
        let directory = try await certificates.hashedDirectory()
        let server = try await TestServer("ws", environment: certificates.environment)
        defer { server.stop() }
        let (url, file) = ("wss://127.0.0.1:\(server.port)/echo", certificates.caFile)
        // Each in a process of its own: the websocket context, made at the first connection,
        // reads the authorities once for the process's life.
        await #expect(processExitsWith: .success) { [url = url as String, directory = directory as String] in
            setenv("SSL_CERT_DIR", directory, 1)
            try await echoOnce(url)
        }
        await #expect(processExitsWith: .success) { [url = url as String, file = file as String] in
            setenv("LIBRARYBOT_CA_FILE", file, 1)
            try await echoOnce(url)
        }
        await #expect(processExitsWith: .failure) { [url = url as String] in
            setenv("LIBRARYBOT_CA_FILE", "/nonexistent/ca.pem", 1)
            try await echoOnce(url)
        }
    }

    @Test("wss to a server with a certificate from an unknown authority fails the connection")
    func wssRefused() async throws {
        let certificates = try await TestCertificates()
        defer { try? FileManager.default.removeItem(at: certificates.folder) }
        let server = try await TestServer("ws", environment: certificates.environment)
        defer { server.stop() }
        do {
            _ = try await WebSocketClient.connect(to: "wss://127.0.0.1:\(server.port)/echo")
            Issue.record("an unknown authority must be refused")
        } catch let error as WebSocketError {
            guard case .connectFailed(let reason) = error else { Issue.record("\(error)"); return }
            #expect(!reason.isEmpty)
        }
    }
}

/// Connects to `url`, has a message echoed and closes; throws if any of it fails.
private func echoOnce(_ url: String) async throws {
    let socket = try await WebSocketClient.connect(to: url)
    var messages = socket.messages.makeAsyncIterator()
    try socket.send(text: "over TLS")
    guard try await messages.next() == .text("over TLS") else { throw WebSocketError.connectFailed(reason: "no echo") }
    await socket.close()
}
