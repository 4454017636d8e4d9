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
