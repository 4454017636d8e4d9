import Foundation
import Commands
import LibraryCore

/// Gateway opcodes (https://discord.com/developers/docs/topics/opcodes-and-status-codes).
enum DiscordOpcode: Int, Sendable {
    case dispatch = 0, heartbeat = 1, identify = 2, resume = 6, reconnect = 7, invalidSession = 9, hello = 10, heartbeatACK = 11
}

/// A gateway payload, decoded in one pass: `op`, `s`, `t`, and `d` as what `op` and `t` say
/// it is. A `d` of an unexpected shape is `.other`, never a failure of the frame.
struct DiscordFrame: Decodable, Sendable {
    var op: Int
    var s: Int?
    var t: String?
    var d: Payload

    enum Payload: Sendable {
        case hello(DiscordHello)
        case ready(DiscordReady)
        case message(DiscordMessage)
        case interaction(DiscordInteraction)
        case invalidSession(resumable: Bool)
        case other
    }

    enum CodingKeys: String, CodingKey { case op, s, t, d }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        op = try container.decode(Int.self, forKey: .op)
        s = try container.decodeIfPresent(Int.self, forKey: .s)
        t = try container.decodeIfPresent(String.self, forKey: .t)
        switch (DiscordOpcode(rawValue: op), t) {
        case (.hello, _): d = (try? container.decode(DiscordHello.self, forKey: .d)).map(Payload.hello) ?? .other
        case (.invalidSession, _): d = .invalidSession(resumable: (try? container.decode(Bool.self, forKey: .d)) ?? false)
        case (.dispatch, "READY"): d = (try? container.decode(DiscordReady.self, forKey: .d)).map(Payload.ready) ?? .other
        case (.dispatch, "MESSAGE_CREATE"): d = (try? container.decode(DiscordMessage.self, forKey: .d)).map(Payload.message) ?? .other
        case (.dispatch, "INTERACTION_CREATE"): d = (try? container.decode(DiscordInteraction.self, forKey: .d)).map(Payload.interaction) ?? .other
        default: d = .other
        }
    }
}

struct DiscordHello: Decodable, Sendable {
    /// Milliseconds between heartbeats.
    var heartbeat_interval: Int
}

struct DiscordReady: Decodable, Sendable {
    var session_id: String
    var resume_gateway_url: String
    var user: DiscordUser
}

/// The message a reply answers: who wrote it is all a reply needs of it.
struct DiscordRepliedMessage: Decodable, Sendable {
    var author: DiscordUser
}

struct DiscordUser: Decodable, Sendable {
    var id: String
    var username: String
    var global_name: String?
    var bot: Bool?
}

/// A guild member, as attached to a message (without `user`) or an interaction (with it).
struct DiscordMember: Decodable, Sendable {
    var nick: String?
    var user: DiscordUser?
}

/// `MESSAGE_CREATE` (https://discord.com/developers/docs/resources/message#message-object).
struct DiscordMessage: Decodable, Sendable {
    var id: String
    var channel_id: String
    var guild_id: String?
    var author: DiscordUser
    var member: DiscordMember?
    var content: String
    var webhook_id: String?
    /// 0 a message, 19 a reply; the others (joins, pins, …) are not commands.
    var type: Int?
    /// The users the message mentions, each with a partial member in a server.
    var mentions: [DiscordMention]?
    /// For a reply (type 19), the message it answers; null when that was deleted.
    var referenced_message: DiscordRepliedMessage?

    /// The members mentioned, by the tokens they appear as in `content` (`<@ID>`, `<@!ID>`).
    var mentionedPeople: [String: Borrower] {
        var people: [String: Borrower] = [:]
        for mention in mentions ?? [] {
            let person = Borrower(name: mention.user.displayName(nick: mention.member?.nick), userID: mention.user.id)
            people["<@\(mention.user.id)>"] = person
            people["<@!\(mention.user.id)>"] = person
        }
        return people
    }
}

/// The user ids `text` mentions (`<@ID>`, `<@!ID>`), each once, in order, with the tokens
/// they appear as.
func mentionTokens(in text: String) -> [(id: String, tokens: [String])] {
    var found: [(id: String, tokens: [String])] = []
    for match in text.matches(of: /<@(!?)([0-9]{1,20})>/) {
        let id = String(match.output.2), token = String(match.output.0)
        if let index = found.firstIndex(where: { $0.id == id }) {
            if !found[index].tokens.contains(token) { found[index].tokens.append(token) }
        } else {
            found.append((id, [token]))
        }
    }
    return found
}

/// An entry of a message's `mentions`: a user object with an extra `member` field.
struct DiscordMention: Decodable, Sendable {
    var user: DiscordUser
    var member: DiscordMember?

    enum CodingKeys: CodingKey { case member }

    init(from decoder: any Decoder) throws {
        user = try DiscordUser(from: decoder)
        member = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(DiscordMember.self, forKey: .member)
    }
}

/// `INTERACTION_CREATE` (https://discord.com/developers/docs/interactions/receiving-and-responding).
struct DiscordInteraction: Decodable, Sendable {
    var id: String
    var application_id: String?
    /// 2 an application command, 3 a message component (a button), 4 an autocomplete request.
    var type: Int
    var token: String
    var data: InteractionData?
    var guild_id: String?
    var channel_id: String?
    /// In a server: the member, with its user.
    var member: DiscordMember?
    /// In a direct message: the user.
    var user: DiscordUser?
    /// The language the user's Discord is set to (`fr`, `en-US`, `en-GB`…).
    var locale: String?

    /// `locale` as a language the library speaks, if it is one.
    var language: Language? { locale.flatMap(Language.init(locale:)) }

    struct InteractionData: Decodable, Sendable {
        var name: String?
        var options: [Option]?
        var custom_id: String?
    }

    struct Option: Decodable, Sendable {
        var name: String
        var type: Int
        var value: String?
        /// In an autocomplete interaction: the option being typed.
        var focused: Bool?

        enum CodingKeys: String, CodingKey { case name, type, value, focused }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            type = try container.decode(Int.self, forKey: .type)
            // Only string options (type 3) matter; numbers and booleans are left out.
            value = try? container.decodeIfPresent(String.self, forKey: .value)
            focused = try? container.decodeIfPresent(Bool.self, forKey: .focused)
        }
    }
}

extension DiscordUser {
    /// The name a person is shown under: the server nickname, then the global display name,
    /// then the username.
    func displayName(nick: String?) -> String {
        // The first that shows something: a nick of zero-width spaces names nobody.
        [nick, global_name, username].compactMap { $0 }.first { !TextKey.tidy($0).isEmpty } ?? id
    }
}

/// What the bot sends on the gateway.
enum DiscordCommand {
    /// GUILDS (1 << 0), GUILD_MESSAGES (1 << 9), DIRECT_MESSAGES (1 << 12), MESSAGE_CONTENT (1 << 15).
    static let intents = 1 << 0 | 1 << 9 | 1 << 12 | 1 << 15

    static func heartbeat(_ sequence: Int?) -> String {
        "{\"op\":1,\"d\":\(sequence.map(String.init) ?? "null")}"
    }

    static func identify(token: String) throws -> String {
        struct Properties: Encodable { var os = "linux"; var browser = "librarybot"; var device = "librarybot" }
        struct Identify: Encodable { var token: String; var intents: Int; var properties = Properties() }
        struct Payload: Encodable { var op = 2; var d: Identify }
        return String(decoding: try JSONEncoder().encode(Payload(d: Identify(token: token, intents: intents))), as: UTF8.self)
    }

    static func resume(token: String, sessionID: String, sequence: Int?) throws -> String {
        struct Resume: Encodable { var token: String; var session_id: String; var seq: Int? }
        struct Payload: Encodable { var op = 6; var d: Resume }
        return String(decoding: try JSONEncoder().encode(Payload(d: Resume(token: token, session_id: sessionID, seq: sequence))), as: UTF8.self)
    }
}
