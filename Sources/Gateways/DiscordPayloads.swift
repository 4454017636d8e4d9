import Foundation
import Commands
import LibraryCore
import Transport

/// Gateway opcodes (https://discord.com/developers/docs/topics/opcodes-and-status-codes).
enum DiscordOpcode: Int, Sendable {
    case dispatch = 0, heartbeat = 1, identify = 2, resume = 6, reconnect = 7, invalidSession = 9, hello = 10, heartbeatACK = 11
}

/// A gateway payload: `op`, `s`, `t`, and `d` as what `op` and `t` say it is. A `d` of an
/// unexpected shape is `.other`, never a failure of the frame. Read with `JSONValue`, not
/// `JSONDecoder`: a burst of messages is read one after the other on one task.
struct DiscordFrame: Sendable {
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

    /// The frame `text` holds, or nil when it is not JSON or has no `op`.
    init?(text: String) {
        guard let json = try? JSONValue(parsing: text), let op = json["op"]?.int else { return nil }
        self.op = op
        s = json["s"]?.int
        t = json["t"]?.string
        let d = json["d"] ?? .null
        switch (DiscordOpcode(rawValue: op), t) {
        case (.hello, _): self.d = DiscordHello(json: d).map(Payload.hello) ?? .other
        case (.invalidSession, _): self.d = .invalidSession(resumable: d.bool ?? false)
        case (.dispatch, "READY"): self.d = DiscordReady(json: d).map(Payload.ready) ?? .other
        case (.dispatch, "MESSAGE_CREATE"): self.d = DiscordMessage(json: d).map(Payload.message) ?? .other
        case (.dispatch, "INTERACTION_CREATE"): self.d = DiscordInteraction(json: d).map(Payload.interaction) ?? .other
        default: self.d = .other
        }
    }
}

struct DiscordHello: Sendable {
    /// Milliseconds between heartbeats.
    var heartbeat_interval: Int

    init?(json: JSONValue) {
        guard let interval = json["heartbeat_interval"]?.int else { return nil }
        heartbeat_interval = interval
    }
}

struct DiscordReady: Sendable {
    var session_id: String
    var resume_gateway_url: String
    var user: DiscordUser

    init?(json: JSONValue) {
        guard let session = json["session_id"]?.string, let url = json["resume_gateway_url"]?.string,
              let user = json["user"].flatMap(DiscordUser.init(json:)) else { return nil }
        (session_id, resume_gateway_url, self.user) = (session, url, user)
    }
}

/// The message a reply answers: who wrote it is all a reply needs of it.
struct DiscordRepliedMessage: Sendable {
    var author: DiscordUser

    init?(json: JSONValue) {
        guard let author = json["author"].flatMap(DiscordUser.init(json:)) else { return nil }
        self.author = author
    }
}

/// A user, as the gateway sends it and as `GET /users/{id}` answers (decoded there).
struct DiscordUser: Decodable, Sendable {
    var id: String
    var username: String
    var global_name: String?
    var bot: Bool?

    init(id: String, username: String, global_name: String? = nil, bot: Bool? = nil) {
        (self.id, self.username, self.global_name, self.bot) = (id, username, global_name, bot)
    }

    init?(json: JSONValue) {
        guard let id = json["id"]?.string, let username = json["username"]?.string else { return nil }
        self.init(id: id, username: username, global_name: json["global_name"]?.string, bot: json["bot"]?.bool)
    }
}

/// A guild member, as attached to a message (without `user`) or an interaction (with it).
struct DiscordMember: Decodable, Sendable {
    var nick: String?
    var user: DiscordUser?

    init(json: JSONValue) {
        nick = json["nick"]?.string
        user = json["user"].flatMap(DiscordUser.init(json:))
    }
}

/// `MESSAGE_CREATE` (https://discord.com/developers/docs/resources/message#message-object).
struct DiscordMessage: Sendable {
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

    init?(json: JSONValue) {
        guard let id = json["id"]?.string, let channel = json["channel_id"]?.string,
              let author = json["author"].flatMap(DiscordUser.init(json:)), let content = json["content"]?.string else { return nil }
        (self.id, channel_id, self.author, self.content) = (id, channel, author, content)
        guild_id = json["guild_id"]?.string
        member = json["member"].flatMap { $0.isObject ? DiscordMember(json: $0) : nil }
        webhook_id = json["webhook_id"]?.string
        type = json["type"]?.int
        mentions = json["mentions"]?.array?.compactMap(DiscordMention.init(json:))
        referenced_message = json["referenced_message"].flatMap(DiscordRepliedMessage.init(json:))
    }

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
struct DiscordMention: Sendable {
    var user: DiscordUser
    var member: DiscordMember?

    init?(json: JSONValue) {
        guard let user = DiscordUser(json: json) else { return nil }
        self.user = user
        member = json["member"].flatMap { $0.isObject ? DiscordMember(json: $0) : nil }
    }
}

/// `INTERACTION_CREATE` (https://discord.com/developers/docs/interactions/receiving-and-responding).
struct DiscordInteraction: Sendable {
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

    init?(json: JSONValue) {
        guard let id = json["id"]?.string, let type = json["type"]?.int, let token = json["token"]?.string else { return nil }
        (self.id, self.type, self.token) = (id, type, token)
        application_id = json["application_id"]?.string
        data = json["data"].flatMap { $0.isObject ? InteractionData(json: $0) : nil }
        guild_id = json["guild_id"]?.string
        channel_id = json["channel_id"]?.string
        member = json["member"].flatMap { $0.isObject ? DiscordMember(json: $0) : nil }
        user = json["user"].flatMap(DiscordUser.init(json:))
        locale = json["locale"]?.string
    }

    /// `locale` as a language the library speaks, if it is one.
    var language: Language? { locale.flatMap(Language.init(locale:)) }

    struct InteractionData: Sendable {
        var name: String?
        var options: [Option]?
        var custom_id: String?

        init(json: JSONValue) {
            name = json["name"]?.string
            options = json["options"]?.array?.compactMap(Option.init(json:))
            custom_id = json["custom_id"]?.string
        }
    }

    struct Option: Sendable {
        var name: String
        var type: Int
        /// Only string options (type 3) have one here; numbers and booleans are left out.
        var value: String?
        /// In an autocomplete interaction: the option being typed.
        var focused: Bool?

        init?(json: JSONValue) {
            guard let name = json["name"]?.string, let type = json["type"]?.int else { return nil }
            (self.name, self.type) = (name, type)
            value = json["value"]?.string
            focused = json["focused"]?.bool
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
