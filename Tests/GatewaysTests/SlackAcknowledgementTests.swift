import Foundation
@testable import Gateways
import Testing

/// The ack Slack needs for every envelope, found by a scan of the bytes on the socket's thread:
/// checked against Foundation's JSON parser.
@Suite("Socket Mode acknowledgements")
struct SlackAcknowledgementTests {
    /// The envelope id Foundation reads in `ack`, which must itself be valid JSON.
    func acknowledgedID(_ ack: String?) throws -> String? {
        guard let ack else { return nil }
        let object = try #require(try JSONSerialization.jsonObject(with: Data(ack.utf8)) as? [String: Any])
        #expect(object.count == 1)
        return object["envelope_id"] as? String
    }

    @Test("envelopes as Slack sends them, and messages that are not envelopes")
    func examples() throws {
        let slash = #"{"envelope_id":"57d6a792-4d35-4d0f-b8d0-78d9b6a5e4a0","payload":{"token":"t","team_id":"T1","command":"/library","text":"who has \"Dune\" \\ {x}","response_url":"https://hooks.slack.com/commands/1/2/3"},"type":"slash_commands","accepts_response_payload":true}"#
        #expect(SlackSocketMessage.acknowledgement(of: slash) == #"{"envelope_id":"57d6a792-4d35-4d0f-b8d0-78d9b6a5e4a0"}"#)
        // The key last, after a payload holding a look-alike key and look-alike text.
        let late = #"{"type":"events_api","payload":{"envelope_id":"inner","event":{"text":"\"envelope_id\":\"fake\""}},"retry_attempt":0, "envelope_id" : "outer"}"#
        #expect(try acknowledgedID(SlackSocketMessage.acknowledgement(of: late)) == "outer")
        // Escapes in the id are kept as written, so the ack carries the same id.
        #expect(try acknowledgedID(SlackSocketMessage.acknowledgement(of: #"{"envelope_id":"a\"b\\c\u00e9"}"#)) == "a\"b\\cé")
        for notAnEnvelope in [#"{"type":"hello","num_connections":1}"#, #"{"type":"disconnect","reason":"warning"}"#,
                              #"{"envelope_id":42}"#, #"{"envelope_id":null,"x":"y"}"#, #"{"payload":{"envelope_id":"inner"}}"#,
                              #"["envelope_id","x"]"#, #""envelope_id""#, #"{"envelope_id":"unterminated"#, "", "{"] {
            #expect(SlackSocketMessage.acknowledgement(of: notAnEnvelope) == nil, "\(notAnEnvelope)")
        }
    }

    @Test("random envelopes: the ack names the same id as Foundation's parser finds")
    func agreesWithFoundation() throws {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["a", "é", "\"", "\\", "/", "{", "}", "[", "]", ":", ",", " ", "\n", "envelope_id", "\u{1F4DA}", "\u{0007}"]
        func text() -> String { (0..<Int.random(in: 0...6, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined() }
        func value(depth: Int) -> Any {
            switch Int.random(in: 0..<(depth > 2 ? 4 : 6), using: &generator) {
            case 0: return text()
            case 1: return Int.random(in: -1000...1000, using: &generator)
            case 2: return Bool.random(using: &generator)
            case 3: return NSNull()
            case 4: return (0..<Int.random(in: 0...3, using: &generator)).map { _ in value(depth: depth + 1) }
            default: return object(depth: depth + 1)
            }
        }
        func object(depth: Int) -> [String: Any] {
            var object: [String: Any] = [:]
            for _ in 0..<Int.random(in: 0...4, using: &generator) { object[Bool.random() ? "envelope_id" : text()] = value(depth: depth) }
            return object
        }
        for _ in 0..<2_000 {
            let envelope = object(depth: 0)
            let json = String(decoding: try JSONSerialization.data(withJSONObject: envelope), as: UTF8.self)
            let expected = envelope["envelope_id"] as? String
            #expect(try acknowledgedID(SlackSocketMessage.acknowledgement(of: json)) == expected, "\(json)")
        }
    }
}
