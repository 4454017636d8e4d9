import Testing
@testable import Transport

@Suite("Where a websocket URL connects")
struct WebSocketEndpointTests {
    @Test("host, port, path and query, as Slack and Discord give them")
    func parts() throws {
        let slack = try WebSocketEndpoint("wss://wss-primary.slack.com/link/?ticket=abc-123&app_id=A1")
        #expect(slack.secure && slack.host == "wss-primary.slack.com" && slack.port == 443)
        #expect(slack.path == "/link/?ticket=abc-123&app_id=A1")
        let discord = try WebSocketEndpoint("wss://gateway.discord.gg/?v=10&encoding=json")
        #expect(discord.host == "gateway.discord.gg" && discord.path == "/?v=10&encoding=json")
        let local = try WebSocketEndpoint("WS://127.0.0.1:8765")
        #expect(!local.secure && local.host == "127.0.0.1" && local.port == 8765 && local.path == "/")
        let fragment = try WebSocketEndpoint("ws://example.com/socket#part")
        #expect(fragment.port == 80 && fragment.path == "/socket")
    }

    @Test("an international host name is connected to by its punycode name, the one DNS knows")
    func internationalHost() throws {
        #expect(try WebSocketEndpoint("wss://bücher.example/ws").host == "xn--bcher-kva.example")
        #expect(try WebSocketEndpoint("wss://xn--bcher-kva.example/ws").host == "xn--bcher-kva.example")
    }

    @Test("anything but a ws or wss URL with a host is an invalid URL, named without its query")
    func invalid() {
        #expect(throws: WebSocketError.invalidURL("https://example.com/")) { try WebSocketEndpoint("https://example.com/?token=secret") }
        #expect(throws: WebSocketError.invalidURL("ws:///path")) { try WebSocketEndpoint("ws:///path") }
        #expect(throws: WebSocketError.invalidURL("not a url")) { try WebSocketEndpoint("not a url") }
    }
}
