import Commands
import Foundation
import LibraryCore
import Synchronization
import Transport

/// A Discord REST call that failed: the route (`POST /channels/{id}/messages`), the HTTP status
/// and Discord's own error code and message. Never contains the token.
public struct DiscordAPIError: Error, Sendable, Hashable, CustomStringConvertible {
    public var route: String
    public var status: Int
    public var code: Int?
    public var message: String

    public init(route: String, status: Int, code: Int? = nil, message: String) {
        self.route = route
        self.status = status
        self.code = code
        self.message = message
    }

    public var description: String {
        "Discord \(route) failed with HTTP \(status)" + (code.map { " (code \($0))" } ?? "") + (message.isEmpty ? "" : ": \(message)")
    }

    /// The token is wrong or revoked: retrying cannot help.
    public var isAuthenticationFailure: Bool { status == 401 }

    /// The user does not take direct messages from the bot (JSON error code 50007, "Cannot send
    /// messages to this user"): retrying cannot help, another channel can.
    public var isDirectMessageRefused: Bool { code == 50007 }
}

/// What `GET /gateway/bot` answers (https://discord.com/developers/docs/events/gateway#get-gateway-bot).
public struct DiscordGatewayInfo: Sendable, Hashable, Decodable {
    public var url: String
    public var shards: Int?
    public var session_start_limit: SessionStartLimit?

    public struct SessionStartLimit: Sendable, Hashable, Decodable {
        public var total: Int
        public var remaining: Int
        /// Milliseconds until `remaining` is reset.
        public var reset_after: Int
        public var max_concurrency: Int?
    }
}

/// The Discord REST calls the gateway makes, over `HTTPClient`, with `Authorization: Bot TOKEN`.
/// Rate limits are honoured as Discord documents them
/// (https://discord.com/developers/docs/topics/rate-limits): a bucket whose
/// `X-RateLimit-Remaining` reached 0 is not called again before `X-RateLimit-Reset-After`; a 429
/// waits its `retry_after` (for every route when `global` is true) and tries again, up to
/// `maxRetries` times.
public struct DiscordREST: Sendable {
    /// `discord.api_url`, such as `https://discord.com/api/v10`, without a trailing `/`.
    public var baseURL: String
    /// `DISCORD_TOKEN`.
    public var token: String
    public var http: HTTPClient
    public var maxRetries: Int
    let limits: DiscordRateLimits

    public init(baseURL: String = "https://discord.com/api/v10", token: String, http: HTTPClient = .shared, maxRetries: Int = 3) {
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.token = token
        self.http = http
        self.maxRetries = maxRetries
        limits = DiscordRateLimits()
    }

    /// `GET /gateway/bot`: the websocket URL and how many sessions may still be started.
    public func gatewayBot() async throws -> DiscordGatewayInfo {
        try await call("GET", "/gateway/bot").decode(DiscordGatewayInfo.self)
    }

    /// Posts `message` in `channel`, as a reply to `replyTo` when given (without pinging its
    /// author). Mentions are never parsed: no title or name can ping anyone.
    public func createMessage(channel: String, _ message: DiscordRenderer.Message, replyTo: String? = nil) async throws {
        struct Reference: Encodable {
            var message_id: String
            var fail_if_not_exists = false
        }
        struct Body: Encodable {
            var content: String
            var embeds: [DiscordRenderer.Embed]
            var components: [DiscordRenderer.ActionRow]?
            var allowed_mentions = AllowedMentions()
            var message_reference: Reference?
        }
        let body = Body(content: message.content, embeds: message.embeds, components: message.components,
                        message_reference: replyTo.map { Reference(message_id: $0) })
        // The created message comes back whole; nothing here needs it.
        _ = try await call("POST", "/channels/\(channel)/messages", json: body)
    }

    /// How an interaction is answered (https://discord.com/developers/docs/interactions/receiving-and-responding).
    public enum InteractionResponse: Int, Sendable {
        /// A new message (type 4).
        case message = 4
        /// Replaces the message whose button was pressed (type 7).
        case updateMessage = 7
    }

    /// Answers an interaction through its callback: a message, ephemeral (flag 64) when asked,
    /// or an update of the message carrying the pressed button.
    public func respond(toInteraction id: String, token interactionToken: String, _ message: DiscordRenderer.Message,
                        as type: InteractionResponse = .message, ephemeral: Bool = false) async throws {
        struct Body: Encodable {
            struct DataPart: Encodable {
                var content: String
                var embeds: [DiscordRenderer.Embed]
                var components: [DiscordRenderer.ActionRow]
                var allowed_mentions = AllowedMentions()
                var flags: Int?
            }
            var type: Int
            var data: DataPart
        }
        let body = Body(type: type.rawValue, data: .init(content: message.content, embeds: message.embeds,
                                                         components: message.components ?? [], flags: ephemeral ? 64 : nil))
        // The interaction's token authorizes the callback; the bot token is not sent.
        _ = try await call("POST", "/interactions/\(id)/\(interactionToken)/callback", json: body, authorized: false,
                           route: "POST /interactions/{id}/{token}/callback")
    }

    /// Tells Discord the answer to an interaction is coming (callback type 5, "deferred channel
    /// message with source"): the member sees that the bot is thinking, and the answer, edited
    /// in with `editOriginalResponse`, may come within 15 minutes instead of 3 seconds
    /// (https://discord.com/developers/docs/interactions/receiving-and-responding#responding-to-an-interaction).
    public func deferResponse(toInteraction id: String, token interactionToken: String) async throws {
        struct Body: Encodable { var type = 5 }
        _ = try await call("POST", "/interactions/\(id)/\(interactionToken)/callback", json: Body(), authorized: false,
                           route: "POST /interactions/{id}/{token}/callback")
    }

    /// Puts `message` in place of a deferred answer's "thinking" message
    /// (https://discord.com/developers/docs/interactions/receiving-and-responding#edit-original-interaction-response).
    public func editOriginalResponse(application applicationID: String, token interactionToken: String,
                                     _ message: DiscordRenderer.Message) async throws {
        struct Body: Encodable {
            var content: String
            var embeds: [DiscordRenderer.Embed]
            var components: [DiscordRenderer.ActionRow]
            var allowed_mentions = AllowedMentions()
        }
        let body = Body(content: message.content, embeds: message.embeds, components: message.components ?? [])
        _ = try await call("PATCH", "/webhooks/\(applicationID)/\(interactionToken)/messages/@original", json: body, authorized: false,
                           route: "PATCH /webhooks/{application.id}/{token}/messages/@original")
    }

    /// Removes a deferred answer's "thinking" message, when the answer is for the asker alone
    /// and goes as an ephemeral follow-up instead
    /// (https://discord.com/developers/docs/interactions/receiving-and-responding#delete-original-interaction-response).
    public func deleteOriginalResponse(application applicationID: String, token interactionToken: String) async throws {
        _ = try await call("DELETE", "/webhooks/\(applicationID)/\(interactionToken)/messages/@original", authorized: false,
                           route: "DELETE /webhooks/{application.id}/{token}/messages/@original")
    }

    /// Answers an autocomplete interaction (type 4) with up to 25 choices (callback type 8,
    /// https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-response-object-autocomplete):
    /// each shown as its label, and filling the option with its command when picked.
    public func suggest(toInteraction id: String, token interactionToken: String, _ suggestions: [CommandSuggestion]) async throws {
        struct Body: Encodable {
            struct Choice: Encodable { var name: String; var value: String }
            struct DataPart: Encodable { var choices: [Choice] }
            var type = 8
            var data: DataPart
        }
        let choices = suggestions.prefix(CommandCompleter.maxSuggestions).map { Body.Choice(name: $0.label, value: $0.command) }
        _ = try await call("POST", "/interactions/\(id)/\(interactionToken)/callback", json: Body(data: .init(choices: choices)),
                           authorized: false, route: "POST /interactions/{id}/{token}/callback")
    }

    /// Another message after an interaction's answer, for a reply longer than one message
    /// (https://discord.com/developers/docs/interactions/receiving-and-responding#create-followup-message);
    /// authorized by the interaction's token, within 15 minutes of it.
    public func followUp(application applicationID: String, token interactionToken: String, _ message: DiscordRenderer.Message,
                         ephemeral: Bool = false) async throws {
        struct Body: Encodable {
            var content: String
            var embeds: [DiscordRenderer.Embed]
            var allowed_mentions = AllowedMentions()
            var flags: Int?
        }
        let body = Body(content: message.content, embeds: message.embeds, flags: ephemeral ? 64 : nil)
        _ = try await call("POST", "/webhooks/\(applicationID)/\(interactionToken)", json: body, authorized: false,
                           route: "POST /webhooks/{application.id}/{token}")
    }

    /// Opens (or finds) the direct-message channel with a user; returns its id.
    public func directMessageChannel(with userID: String) async throws -> String {
        struct Body: Encodable { var recipient_id: String }
        struct Channel: Decodable { var id: String }
        return try await call("POST", "/users/@me/channels", json: Body(recipient_id: userID)).decode(Channel.self).id
    }

    /// A member as the library names them, with their user id: the name they go by in server
    /// `guild` (`GET /guilds/{guild.id}/members/{user.id}`, which needs no privileged intent),
    /// or their display name where there is no server (`GET /users/{user.id}`).
    func person(_ userID: String, in guild: String?) async throws -> Borrower {
        guard let guild else {
            let user = try await call("GET", "/users/\(userID)", route: "GET /users/{user.id}").decode(DiscordUser.self)
            return Borrower(name: user.displayName(nick: nil), userID: user.id)
        }
        let member = try await call("GET", "/guilds/\(guild)/members/\(userID)", route: "GET /guilds/\(guild)/members/{user.id}")
            .decode(DiscordMember.self)
        return Borrower(name: member.user?.displayName(nick: member.nick) ?? member.nick ?? userID, userID: userID)
    }

    /// The `/library` command with its one string option, `command`; described in French to
    /// members whose Discord is in French (Discord's `fr` locale).
    public static let libraryCommand = ApplicationCommand(
        name: "library", description: "Borrow, return and find the committee's books",
        description_localizations: ["fr": "Emprunter, rendre et trouver les livres du comité"],
        options: [.init(type: 3, name: "command", description: "What to do, such as: checkout Dune, who has Dune, my books, help",
                        description_localizations: ["fr": "Que faire, par exemple : emprunter Dune, qui a Dune, mes livres, aide"],
                        required: true, autocomplete: true)])

    public struct ApplicationCommand: Codable, Sendable, Hashable {
        public struct Option: Codable, Sendable, Hashable {
            /// 3: a string.
            public var type: Int
            public var name: String
            public var description: String
            /// The description by Discord locale (`fr`), for members who use Discord in it.
            public var description_localizations: [String: String]?
            public var required: Bool
            /// Suggestions while the member types (autocomplete interactions).
            public var autocomplete: Bool?
        }
        public var name: String
        /// 1: a slash command.
        public var type = 1
        public var description: String
        /// The description by Discord locale (`fr`).
        public var description_localizations: [String: String]?
        public var options: [Option]
        /// Usable in servers (0) and in the bot's direct messages (1).
        public var contexts = [0, 1]
        /// Installed to a server (0).
        public var integration_types = [0]
    }

    /// Registers `/library` for the application, everywhere or in one server (`guildID`, where
    /// it shows at once): `PUT` overwrites the application's commands. Returns the command names
    /// Discord now has.
    public func registerCommands(applicationID: String, guildID: String? = nil) async throws -> [String] {
        let path = guildID.map { "/applications/\(applicationID)/guilds/\($0)/commands" } ?? "/applications/\(applicationID)/commands"
        struct Registered: Decodable { var name: String }
        return try await call("PUT", path, json: [Self.libraryCommand]).decode([Registered].self).map(\.name)
    }

    // MARK: - Calls

    /// `{"parse": []}`: no mention in the text pings anyone; `replied_user: false`: a reply
    /// does not ping the author of the message it answers.
    struct AllowedMentions: Encodable, Hashable {
        var parse: [String] = []
        var replied_user = false
    }

    struct Answer {
        var route: String
        var status: Int
        var body: Data
        func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
            do {
                return try JSONDecoder().decode(Value.self, from: body)
            } catch {
                throw DiscordAPIError(route: route, status: status, message: "unexpected response")
            }
        }
    }

    private func call(_ method: String, _ path: String, authorized: Bool = true, route: String? = nil) async throws -> Answer {
        try await send(HTTPRequest(method: method, url: baseURL + path, headers: authorized ? authorization : []), route: route ?? "\(method) \(path)")
    }

    private func call<Body: Encodable>(_ method: String, _ path: String, json body: Body, authorized: Bool = true, route: String? = nil) async throws -> Answer {
        let request = try HTTPRequest.json(method, baseURL + path, body, headers: authorized ? authorization : [])
        return try await send(request, route: route ?? "\(method) \(path)")
    }

    private var authorization: [(name: String, value: String)] {
        [("Authorization", "Bot \(token)"), ("User-Agent", "DiscordBot (librarybot, 1.0)")]
    }

    /// Sends `request` within its bucket's limits, waiting out 429s as Discord asks.
    /// `route` names the call in errors and keys its rate-limit bucket; it never holds a token.
    private func send(_ request: HTTPRequest, route: String) async throws -> Answer {
        var attempt = 0
        while true {
            try await limits.waitForTurn(route)
            let response = try await http.execute(request)
            let retry = limits.update(route, with: response)
            if response.status == 429, attempt < maxRetries {
                attempt += 1
                try await Backoff.sleep(seconds: min(retry ?? 1, 60))
                continue
            }
            guard response.isSuccess else {
                struct Failure: Decodable { var code: Int?; var message: String? }
                let failure = try? JSONDecoder().decode(Failure.self, from: response.body)
                throw DiscordAPIError(route: route, status: response.status, code: failure?.code, message: failure?.message ?? "")
            }
            return Answer(route: route, status: response.status, body: response.body)
        }
    }
}

/// Discord's rate-limit buckets, learned from response headers: which bucket a route belongs
/// to (`X-RateLimit-Bucket`), how many calls it has left (`X-RateLimit-Remaining`) and when it
/// refills (`X-RateLimit-Reset-After`), plus a global pause after a global 429. Calls that
/// would overdraw a bucket wait for its reset instead of drawing a 429.
final class DiscordRateLimits: Sendable {
    struct Bucket {
        var remaining: Int
        var resetAt: ContinuousClock.Instant
    }

    private struct State {
        /// Route → bucket hash (several routes can share one bucket).
        var bucketOfRoute: [String: String] = [:]
        /// Bucket key (hash and the route's major parameter) → what is left of it.
        var buckets: [String: Bucket] = [:]
        var globalUntil: ContinuousClock.Instant?
    }

    private let state = Mutex(State())

    /// The bucket key: the bucket's hash when known, with the route's path (its major
    /// parameter, a channel or an application) so that two channels never share a count.
    private static func key(_ route: String, _ state: State) -> String {
        let path = route.split(separator: " ", maxSplits: 1).last.map(String.init) ?? route
        return (state.bucketOfRoute[route] ?? route) + "|" + path
    }

    /// Waits until `route` may be called, and takes one call from its bucket.
    func waitForTurn(_ route: String) async throws {
        while true {
            let wait: Duration? = state.withLock { state in
                let now = ContinuousClock.now
                if let until = state.globalUntil, until > now { return until - now }
                let key = Self.key(route, state)
                guard var bucket = state.buckets[key], bucket.resetAt > now else { return nil }
                if bucket.remaining <= 0 { return bucket.resetAt - now }
                bucket.remaining -= 1
                state.buckets[key] = bucket
                return nil
            }
            guard let wait else { return }
            try await Task.sleep(for: wait)
        }
    }

    /// Records what a response says about its bucket; returns the seconds to wait before a
    /// retry when it is a 429.
    func update(_ route: String, with response: HTTPResponse) -> Double? {
        let now = ContinuousClock.now
        var retryAfter: Double?
        var global = false
        if response.status == 429 {
            struct Limited: Decodable { var retry_after: Double?; var global: Bool? }
            let body = try? JSONDecoder().decode(Limited.self, from: response.body)
            retryAfter = body?.retry_after ?? response.retryAfter
            global = body?.global == true || response.header("X-RateLimit-Global")?.lowercased() == "true"
        }
        state.withLock { state in
            if let hash = response.header("X-RateLimit-Bucket") { state.bucketOfRoute[route] = hash }
            let key = Self.key(route, state)
            if let remaining = response.header("X-RateLimit-Remaining").flatMap(Int.init),
               let resetAfter = response.header("X-RateLimit-Reset-After").flatMap(Double.init) {
                state.buckets[key] = Bucket(remaining: remaining, resetAt: now + .milliseconds(Int64(resetAfter * 1000)))
            }
            if let retryAfter {
                let until = now + .milliseconds(Int64(retryAfter * 1000))
                if global {
                    state.globalUntil = until
                } else {
                    state.buckets[key] = Bucket(remaining: 0, resetAt: until)
                }
            }
        }
        return retryAfter
    }
}
