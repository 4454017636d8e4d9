import Foundation
import Transport

/// Socket Mode messages, as in https://api.slack.com/apis/socket-mode: a `hello`, a
/// `disconnect`, or an envelope to acknowledge by `envelope_id`. Unknown fields are ignored.
/// Read with `JSONValue`, not `JSONDecoder`, which cost several times as much a message.
struct SlackSocketMessage: Sendable {
    var type: String
    var envelope_id: String?
    var reason: String?
    var retry_attempt: Int?
    var payload: SlackEnvelopePayload?

    /// The message `text` holds, or nil when it is not JSON or has no `type`.
    init?(text: String) {
        guard let json = try? JSONValue(parsing: text), let type = json["type"]?.string else { return nil }
        self.type = type
        envelope_id = json["envelope_id"]?.string
        reason = json["reason"]?.string
        retry_attempt = json["retry_attempt"]?.int
        payload = json["payload"].flatMap { $0.isObject ? SlackEnvelopePayload(json: $0) : nil }
    }

    /// The acknowledgement of an envelope, `{"envelope_id":"…"}`
    /// (https://api.slack.com/apis/socket-mode#acknowledge), or nil for a message that is not
    /// one (hello, disconnect). Sent from the socket's I/O thread as the envelope arrives, so
    /// Slack's 3-second deadline holds however busy the commands keep the bot. That thread
    /// serves every message in turn, so the id is found by one scan of the bytes rather than by
    /// decoding the whole envelope (0.4 µs instead of 8-13 µs for a 260-byte slash command, on
    /// this project's 2-core machine); the id is copied as written,
    /// escapes and all, which keeps it a valid JSON string.
    static func acknowledgement(of text: String) -> String? {
        var text = text
        return text.withUTF8 { bytes in
            topLevelString("envelope_id", in: bytes).map { #"{"envelope_id":""# + String(decoding: bytes[$0], as: UTF8.self) + #""}"# }
        }
    }

    /// Where the value of `key` in the top-level JSON object of `json` is, between its quotes
    /// (escapes not undone), when that value is a string; nil otherwise. Keys of nested objects
    /// and text inside strings never match.
    static func topLevelString(_ key: StaticString, in json: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        let wanted = UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount)
        var depth = 0, index = 0
        var expectingKey = false, keyMatched = false, expectingValue = false
        while index < json.count {
            let byte = json[index]
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
                break
            case UInt8(ascii: "\""):
                let start = index + 1
                var end = start
                while end < json.count, json[end] != UInt8(ascii: "\"") {
                    end += json[end] == UInt8(ascii: "\\") ? 2 : 1
                }
                guard end < json.count else { return nil }
                if depth == 1 {
                    if expectingKey {
                        keyMatched = end - start == wanted.count && zip(json[start..<end], wanted).allSatisfy { $0 == $1 }
                        expectingKey = false
                    } else if expectingValue {
                        if keyMatched { return start..<end }
                        expectingValue = false
                    }
                }
                index = end
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if depth == 0 && byte != UInt8(ascii: "{") { return nil }
                if depth == 1 { expectingValue = false; keyMatched = false }
                depth += 1
                if depth == 1 { expectingKey = true }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth <= 0 { return nil }
            case UInt8(ascii: ":"):
                if depth == 1 { expectingValue = true }
            case UInt8(ascii: ","):
                if depth == 1 { expectingKey = true; keyMatched = false; expectingValue = false }
            default:
                // A number, true, false or null: a value that is not a string.
                if depth == 0 { return nil }
                if depth == 1 { expectingValue = false; keyMatched = false }
            }
            index += 1
        }
        return nil
    }
}

/// The payload of an envelope: a slash command, an Events API callback or an interaction.
/// Only the fields the gateway reads are kept.
struct SlackEnvelopePayload: Sendable {
    // slash_commands
    var command: String?
    var text: String?
    var user_id: String?
    var user_name: String?
    var channel_id: String?
    var response_url: String?
    // events_api
    var event_id: String?
    var event: SlackEvent?
    // interactive (block_actions)
    var type: String?
    var user: SlackInteractionUser?
    var actions: [SlackAction]?
    /// A button pressed in a view (the Home tab) comes with the view.
    var view: SlackView?

    init(json: JSONValue) {
        command = json["command"]?.string
        text = json["text"]?.string
        user_id = json["user_id"]?.string
        user_name = json["user_name"]?.string
        channel_id = json["channel_id"]?.string
        response_url = json["response_url"]?.string
        event_id = json["event_id"]?.string
        event = json["event"].flatMap(SlackEvent.init(json:))
        type = json["type"]?.string
        user = json["user"].flatMap(SlackInteractionUser.init(json:))
        actions = json["actions"]?.array?.compactMap(SlackAction.init(json:))
        view = json["view"].flatMap { $0.isObject ? SlackView(type: $0["type"]?.string) : nil }
    }
}

struct SlackView: Sendable {
    var type: String?
}

struct SlackEvent: Sendable {
    var type: String
    var subtype: String?
    var user: String?
    var bot_id: String?
    var text: String?
    var channel: String?
    var channel_type: String?
    var ts: String?
    var thread_ts: String?
    /// `app_home_opened`: which tab ("home" or "messages").
    var tab: String?

    init?(json: JSONValue) {
        guard let type = json["type"]?.string else { return nil }
        self.type = type
        subtype = json["subtype"]?.string
        user = json["user"]?.string
        bot_id = json["bot_id"]?.string
        text = json["text"]?.string
        channel = json["channel"]?.string
        channel_type = json["channel_type"]?.string
        ts = json["ts"]?.string
        thread_ts = json["thread_ts"]?.string
        tab = json["tab"]?.string
    }
}

struct SlackInteractionUser: Sendable {
    var id: String
    var name: String?

    init?(json: JSONValue) {
        guard let id = json["id"]?.string else { return nil }
        self.id = id
        name = json["name"]?.string
    }
}

struct SlackAction: Sendable {
    var action_id: String
    var value: String?

    init?(json: JSONValue) {
        guard let id = json["action_id"]?.string else { return nil }
        action_id = id
        value = json["value"]?.string
    }
}
