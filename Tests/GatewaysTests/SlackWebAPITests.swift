import Commands
import Foundation
import Gateways
import TestSupport
import Testing
import Transport

/// The Slack emulator, one per test (see PythonPeer).
final class SlackEmulator: Sendable {
    private let peer: PythonPeer
    var port: Int { peer.port }

    init(socketMode: Bool = false) async throws {
        guard let script = Bundle.module.url(forResource: "slack_emulator", withExtension: "py") else { throw CocoaError(.fileNoSuchFile) }
        peer = try await PythonPeer(script: script.path, arguments: socketMode ? ["--socket-mode"] : [])
    }

    var apiURL: String { "http://127.0.0.1:\(port)/api/" }

    struct Received: Decodable {
        var path: String
        var authorization: String?
        var content_type: String
        var body: [String: JSONValue]
    }

    /// Every request the emulator received, in order.
    func received() async throws -> [Received] {
        try await HTTPClient.shared.get("http://127.0.0.1:\(port)/_requests").json()
    }

    func api(botToken: String = "xoxb-test", appToken: String = "xapp-test") -> SlackWebAPI {
        SlackWebAPI(baseURL: apiURL, botToken: botToken, appToken: appToken)
    }
}

/// Any JSON value, to look into recorded bodies.
enum JSONValue: Decodable, Equatable {
    case string(String), number(Double), bool(Bool), array([JSONValue]), object([String: JSONValue]), null

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Double.self) { self = .number(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode([JSONValue].self) { self = .array(value) }
        else { self = .object(try container.decode([String: JSONValue].self)) }
    }

    var string: String? { if case .string(let value) = self { value } else { nil } }
}

@Suite("SlackWebAPI against an emulated Slack on loopback")
struct SlackWebAPITests {
    let reply = Reply(.success, "\(bold: "Dune") is checked out to Ana.", lines: ["Due Tue 15 Dec."], suggestion: "return Dune", language: .en)

    @Test("auth.test with the bot token tells the bot's own user id")
    func authTest() async throws {
        let slack = try await SlackEmulator()
        let identity = try await slack.api().authTest()
        #expect(identity.userID == "U-BOT")
        #expect(identity.botID == "B-BOT")
        #expect(try await slack.received().first?.authorization == "Bearer xoxb-test")
    }

    @Test("a wrong token is invalid_auth, an authentication failure, and the error never shows the token")
    func invalidAuth() async throws {
        let slack = try await SlackEmulator()
        do {
            _ = try await slack.api(botToken: "xoxb-wrong-secret").authTest()
            Issue.record("a wrong token must fail")
        } catch let error as SlackAPIError {
            #expect(error == SlackAPIError(method: "auth.test", code: "invalid_auth"))
            #expect(error.isAuthenticationFailure)
            #expect(!"\(error)".contains("secret"))
        }
    }

    @Test("apps.connections.open uses the app-level token and returns the websocket URL")
    func openConnection() async throws {
        let slack = try await SlackEmulator()
        #expect(try await slack.api().openConnection() == "wss://wss-emulated.slack.test/link/?ticket=t1&app_id=A1")
        #expect(try await slack.received().first?.authorization == "Bearer xapp-test")
    }

    @Test("chat.postMessage sends the Block Kit reply with its fallback text, in a thread")
    func postMessage() async throws {
        let slack = try await SlackEmulator()
        let ts = try await slack.api().postMessage(channel: "C-LIB", SlackRenderer.render(reply), threadTS: "1699999999.000200")
        #expect(ts == "1700000000.000100")
        let request = try #require(try await slack.received().first)
        #expect(request.path == "/api/chat.postMessage")
        #expect(request.content_type.hasPrefix("application/json"))
        #expect(request.body["channel"]?.string == "C-LIB")
        #expect(request.body["thread_ts"]?.string == "1699999999.000200")
        #expect(request.body["text"]?.string?.hasPrefix("Dune is checked out to Ana.") == true)
        guard case .array(let blocks)? = request.body["blocks"] else { Issue.record("no blocks"); return }
        #expect(blocks.count == 3)
    }

    @Test("a 429 waits Retry-After and tries again")
    func rateLimited() async throws {
        let slack = try await SlackEmulator()
        let start = ContinuousClock.now
        _ = try await slack.api().postMessage(channel: "C-LIMITED", SlackRenderer.render(reply))
        #expect(ContinuousClock.now - start >= .milliseconds(900), "waited for Retry-After")
        #expect(try await slack.received().count == 2)
    }

    @Test("ok: false comes back as the method and Slack's error code")
    func okFalse() async throws {
        let slack = try await SlackEmulator()
        await #expect(throws: SlackAPIError(method: "chat.postMessage", code: "channel_not_found")) {
            _ = try await slack.api().postMessage(channel: "C-NOWHERE", SlackRenderer.render(reply))
        }
    }

    @Test("users.info gives the display name, else (empty, or zero-width spaces) the real name")
    func displayNames() async throws {
        let slack = try await SlackEmulator()
        #expect(try await slack.api().displayName(of: "U-ANA") == "Ana")
        #expect(try await slack.api().displayName(of: "U-BEN") == "Ben Okafor")
        #expect(try await slack.api().displayName(of: "U-ZED") == "Zed Wise")
        await #expect(throws: SlackAPIError(method: "users.info", code: "user_not_found")) {
            _ = try await slack.api().displayName(of: "U-NOBODY")
        }
        // With the language each one's Slack is set to (asked with include_locale).
        #expect(try await slack.api().person("U-ZOE") == ("Zoé", .fr))
        #expect(try await slack.api().person("U-BEN") == ("Ben Okafor", .en))
        let request = try #require(try await slack.received().first)
        #expect(request.content_type == "application/x-www-form-urlencoded")
        #expect(request.body["user"]?.string == "U-ANA")
        #expect(request.body["include_locale"]?.string == "true")
    }

    @Test("a slash command is answered on its response_url, in the channel or only to the user, without a token")
    func respond() async throws {
        let slack = try await SlackEmulator()
        let url = "http://127.0.0.1:\(slack.port)/response/T1/123/abc"
        try await slack.api().respond(to: url, SlackRenderer.render(reply), ephemeral: false)
        try await slack.api().respond(to: url, SlackRenderer.render(reply), ephemeral: true)
        let requests = try await slack.received()
        #expect(requests.map { $0.body["response_type"]?.string } == ["in_channel", "ephemeral"])
        #expect(requests.allSatisfy { $0.authorization == nil })
    }
}
