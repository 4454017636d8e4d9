import Commands
import Foundation
import LibraryCore
import Transport

/// A Slack Web API call that answered `ok: false`: the method and Slack's error code
/// (`invalid_auth`, `channel_not_found`, …). Never contains a token.
public struct SlackAPIError: Error, Sendable, Hashable, CustomStringConvertible {
    public var method: String
    public var code: String
    public var description: String { "Slack \(method) failed: \(code)" }

    public init(method: String, code: String) {
        self.method = method
        self.code = code
    }

    /// A direct message to a user id cannot be delivered (the user was deactivated or cannot be
    /// seen, the app's Messages tab is off): retrying cannot help, another channel can.
    public var isDirectMessageRefused: Bool {
        ["channel_not_found", "user_not_found", "user_disabled", "user_not_visible", "messages_tab_disabled", "cannot_dm_bot"].contains(code)
    }

    /// The token is wrong, revoked or of the wrong kind: retrying cannot help.
    public var isAuthenticationFailure: Bool {
        ["invalid_auth", "not_authed", "account_inactive", "token_revoked", "token_expired", "not_allowed_token_type"].contains(code)
    }
}

/// Who the bot is, from `auth.test`.
public struct SlackIdentity: Sendable, Hashable, Decodable {
    public var userID: String
    public var botID: String?
    public var team: String?

    enum CodingKeys: String, CodingKey {
        case userID = "user_id", botID = "bot_id", team
    }
}

/// The Slack Web API methods the gateway uses, over `HTTPClient`. Rate limits are honoured:
/// a 429 waits `Retry-After` seconds and tries again, up to `maxRetries` times
/// (https://api.slack.com/docs/rate-limits).
public struct SlackWebAPI: Sendable {
    /// `slack.api_url`, ending with `/`.
    public var baseURL: String
    /// `SLACK_BOT_TOKEN` (xoxb-…).
    public var botToken: String
    /// `SLACK_APP_TOKEN` (xapp-…), for `apps.connections.open`.
    public var appToken: String
    public var http: HTTPClient
    public var maxRetries: Int

    public init(baseURL: String = "https://slack.com/api/", botToken: String, appToken: String,
                http: HTTPClient = .shared, maxRetries: Int = 3) {
        self.baseURL = baseURL.hasSuffix("/") ? baseURL : baseURL + "/"
        self.botToken = botToken
        self.appToken = appToken
        self.http = http
        self.maxRetries = maxRetries
    }

    /// `auth.test`: the bot's own user id, so that its own messages can be ignored.
    public func authTest() async throws -> SlackIdentity {
        try await call("auth.test", token: botToken, json: [String: String]()).decode(SlackIdentity.self)
    }

    /// `apps.connections.open`: a fresh Socket Mode websocket URL.
    public func openConnection() async throws -> String {
        struct Opened: Decodable { var url: String }
        return try await call("apps.connections.open", token: appToken, json: [String: String]()).decode(Opened.self).url
    }

    /// `chat.postMessage` with the rendered reply, in a thread when `threadTS` is given;
    /// returns the message's `ts`.
    @discardableResult
    public func postMessage(channel: String, _ message: SlackRenderer.Message, threadTS: String? = nil) async throws -> String {
        struct Body: Encodable {
            var channel: String
            var text: String
            var blocks: [SlackRenderer.Block]
            var thread_ts: String?
            var unfurl_links = false
        }
        let answer = try await call("chat.postMessage", token: botToken,
                                    json: Body(channel: channel, text: message.text, blocks: message.blocks, thread_ts: threadTS))
        guard let ts = answer.json["ts"]?.string else { throw SlackAPIError(method: answer.method, code: "unexpected_response") }
        return ts
    }

    /// `views.publish`: shows `view` as `userID`'s Home tab of the app.
    public func publishHome(userID: String, _ view: SlackRenderer.HomeView) async throws {
        struct Body: Encodable {
            var user_id: String
            var view: SlackRenderer.HomeView
        }
        _ = try await call("views.publish", token: botToken, json: Body(user_id: userID, view: view))
    }

    /// `users.info`: the name to show for a user (display name, else real name, else handle).
    public func displayName(of userID: String) async throws -> String {
        try await person(userID).name
    }

    /// `users.info` with `include_locale`: the name to show for a user (display name, else real
    /// name, else handle), and the language their Slack is set to (`locale`, such as `fr-FR`),
    /// when it is one the library speaks.
    public func person(_ userID: String) async throws -> (name: String, language: Language?) {
        struct Info: Decodable {
            struct User: Decodable {
                struct Profile: Decodable { var display_name: String?; var real_name: String? }
                var name: String?
                var real_name: String?
                var profile: Profile?
                var locale: String?
            }
            var user: User
        }
        let user = try await call("users.info", token: botToken, form: ["user": userID, "include_locale": "true"]).decode(Info.self).user
        let candidates = [user.profile?.display_name, user.profile?.real_name, user.real_name, user.name]
        // The first that shows something: a display name of zero-width spaces names nobody.
        let name = candidates.compactMap { $0 }.first { !TextKey.tidy($0).isEmpty } ?? userID
        return (name, user.locale.flatMap(Language.init(locale:)))
    }

    /// Answers a slash command through its `response_url`: in the channel, or only to the user.
    /// With `keepingOriginal`, for a button pressed on a message, the answer is a new message
    /// and the one with the button stays (`replace_original: false`).
    public func respond(to responseURL: String, _ message: SlackRenderer.Message, ephemeral: Bool, keepingOriginal: Bool = false) async throws {
        struct Body: Encodable {
            var response_type: String
            var text: String
            var blocks: [SlackRenderer.Block]
            var replace_original: Bool?
        }
        let request = try HTTPRequest.json("POST", responseURL, Body(response_type: ephemeral ? "ephemeral" : "in_channel",
                                                                    text: message.text, blocks: message.blocks,
                                                                    replace_original: keepingOriginal ? false : nil))
        let response = try await send(request)
        guard response.isSuccess else { throw SlackAPIError(method: "response_url", code: "http_\(response.status)") }
    }

    // MARK: - Calls

    /// An answer that said `ok`, read once as JSON, which is all most callers look at.
    struct Answer {
        var method: String
        var body: Data
        var json: JSONValue
        func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
            do {
                return try JSONDecoder().decode(Value.self, from: body)
            } catch {
                throw SlackAPIError(method: method, code: "unexpected_response")
            }
        }
    }

    private func call<Body: Encodable>(_ method: String, token: String, json body: Body) async throws -> Answer {
        let request = try HTTPRequest.json("POST", baseURL + method, body, headers: [("Authorization", "Bearer \(token)")])
        return try await answer(method, request)
    }

    private func call(_ method: String, token: String, form: [String: String]) async throws -> Answer {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let encoded = form.sorted { $0.key < $1.key }.map { key, value in
            "\(key)=\(value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")"
        }.joined(separator: "&")
        let request = HTTPRequest(method: "POST", url: baseURL + method,
                                  headers: [("Authorization", "Bearer \(token)"), ("Content-Type", "application/x-www-form-urlencoded")],
                                  body: Data(encoded.utf8))
        return try await answer(method, request)
    }

    private func answer(_ method: String, _ request: HTTPRequest) async throws -> Answer {
        let response = try await send(request)
        guard let json = try? JSONValue(parsing: String(decoding: response.body, as: UTF8.self)), let ok = json["ok"]?.bool else {
            throw SlackAPIError(method: method, code: "http_\(response.status)")
        }
        guard ok else { throw SlackAPIError(method: method, code: json["error"]?.string ?? "unknown_error") }
        return Answer(method: method, body: response.body, json: json)
    }

    /// Sends `request`, waiting out 429s as Slack asks.
    private func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        var attempt = 0
        while true {
            let response = try await http.execute(request)
            guard response.status == 429, attempt < maxRetries else { return response }
            attempt += 1
            let wait = min(response.retryAfter ?? 1, 60)
            try await Task.sleep(for: .milliseconds(Int64(wait * 1000)))
        }
    }
}
