import Foundation

/// Socket Mode messages, as in https://api.slack.com/apis/socket-mode: a `hello`, a
/// `disconnect`, or an envelope to acknowledge by `envelope_id`. Unknown fields are ignored.
struct SlackSocketMessage: Decodable, Sendable {
    var type: String
    var envelope_id: String?
    var reason: String?
    var retry_attempt: Int?
    var payload: SlackEnvelopePayload?

    /// The acknowledgement of an envelope, `{"envelope_id":"…"}`
    /// (https://api.slack.com/apis/socket-mode#acknowledge), or nil for a message that is not
    /// one (hello, disconnect). Sent from the socket's I/O thread as the envelope arrives, so
    /// Slack's 3-second deadline holds however busy the commands keep the bot.
    static func acknowledgement(of text: String) -> String? {
        struct Envelope: Decodable { var envelope_id: String? }
        guard let id = try? JSONDecoder().decode(Envelope.self, from: Data(text.utf8)).envelope_id,
              let ack = try? JSONEncoder().encode(["envelope_id": id]) else { return nil }
        return String(decoding: ack, as: UTF8.self)
    }
}

/// The payload of an envelope: a slash command, an Events API callback or an interaction.
/// Only the fields the gateway reads are declared.
struct SlackEnvelopePayload: Decodable, Sendable {
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
}

struct SlackEvent: Decodable, Sendable {
    var type: String
    var subtype: String?
    var user: String?
    var bot_id: String?
    var text: String?
    var channel: String?
    var channel_type: String?
    var ts: String?
    var thread_ts: String?
}

struct SlackInteractionUser: Decodable, Sendable {
    var id: String
    var name: String?
}

struct SlackAction: Decodable, Sendable {
    var action_id: String
}
