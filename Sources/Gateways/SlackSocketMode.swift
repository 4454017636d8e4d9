import Foundation

/// Socket Mode messages, as in https://api.slack.com/apis/socket-mode: a `hello`, a
/// `disconnect`, or an envelope to acknowledge by `envelope_id`. Unknown fields are ignored.
struct SlackSocketMessage: Decodable, Sendable {
    var type: String
    var envelope_id: String?
    var reason: String?
    var retry_attempt: Int?
    var payload: SlackEnvelopePayload?
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
