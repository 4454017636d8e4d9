import Catalogs
import Commands
import Foundation
@testable import Gateways
import LibraryCore
import TestSupport
import Testing
import Transport

/// The Discord emulator, one per test (see PythonPeer and discord_emulator.py).
final class DiscordEmulator: Sendable {
    static let token = "discord-test-token"
    static let botID = "100000000000000001"
    static let applicationID = "100000000000000001"
    static let limitedOnce = "429000000000000001"
    static let bucketOfTwo = "429000000000000002"

    private let peer: PythonPeer
    var port: Int { peer.port }
    var apiURL: String { "http://127.0.0.1:\(port)/api/v10" }

    init(heartbeatMilliseconds: Int = 45_000, sessionStartsLeft: (count: Int, resetAfterMilliseconds: Int)? = nil) async throws {
        guard let script = Bundle.module.url(forResource: "discord_emulator", withExtension: "py") else { throw CocoaError(.fileNoSuchFile) }
        var arguments = ["--heartbeat-ms", String(heartbeatMilliseconds)]
        if let limit = sessionStartsLeft {
            arguments += ["--session-starts-left", String(limit.count), String(limit.resetAfterMilliseconds)]
        }
        peer = try await PythonPeer(script: script.path, arguments: arguments)
    }

    func api(token: String = DiscordEmulator.token) -> DiscordREST {
        DiscordREST(baseURL: apiURL, token: token)
    }

    struct Request: Decodable {
        var method: String
        var path: String
        var authorization: String?
        var body: JSONValue?
    }

    struct GatewayPayload: Decodable {
        var connection: Int
        var path: String
        var op: Int
        var d: JSONValue?
    }

    func requests() async throws -> [Request] { try await HTTPClient.shared.get("http://127.0.0.1:\(port)/_requests").json() }
    func gatewayLog() async throws -> [GatewayPayload] { try await HTTPClient.shared.get("http://127.0.0.1:\(port)/_gateway").json() }

    /// Sends a control request, retrying while the bot has no session yet (409), for up to `patience` seconds.
    func control(_ path: String, _ json: String = "{}") async throws {
        try await postUntilAccepted(port: port, path: path, json: json)
    }

    func dispatch(_ type: String, _ data: String) async throws {
        try await control("/_dispatch", #"{"t":"\#(type)","d":\#(data)}"#)
    }

    /// Polls `fetch` until `condition` holds, or `seconds`; returns the last answer.
    func wait<Value>(seconds: Int = patience, _ fetch: () async throws -> Value, until condition: (Value) -> Bool) async throws -> Value {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while true {
            let value = try await fetch()
            if condition(value) || ContinuousClock.now > deadline { return value }
            try await Task.sleep(for: .milliseconds(30))
        }
    }

    /// The messages the bot posted, in order.
    func posted() async throws -> [Request] {
        try await requests().filter { $0.method == "POST" && $0.path.hasSuffix("/messages") }
    }

    func waitForPosts(_ count: Int) async throws -> [Request] {
        try await wait({ try await self.posted() }) { $0.count >= count }
    }
}

extension JSONValue {
    subscript(key: String) -> JSONValue? { if case .object(let object) = self { object[key] } else { nil } }
    subscript(index: Int) -> JSONValue? { if case .array(let array) = self, array.indices.contains(index) { array[index] } else { nil } }
    var int: Int? { if case .number(let value) = self { Int(value) } else { nil } }
    var bool: Bool? { if case .bool(let value) = self { value } else { nil } }
    var count: Int? { if case .array(let array) = self { array.count } else { nil } }
}

/// A MESSAGE_CREATE payload, shaped as Discord sends it (a guild message carries a partial
/// `member` without its user).
func discordMessage(id: String, content: String, channel: String = "500000000000000001", guild: String? = "600000000000000001",
                    authorID: String = "700000000000000001", username: String = "ana.r", globalName: String? = "Ana Ruiz",
                    nick: String? = nil, bot: Bool = false, mentions: [[String: Any]] = [], replyingTo repliedAuthor: String? = nil) -> String {
    var author: [String: Any] = ["id": authorID, "username": username, "discriminator": "0", "global_name": globalName.map { $0 as Any } ?? NSNull()]
    if bot { author["bot"] = true }
    var message: [String: Any] = ["id": id, "channel_id": channel, "author": author, "content": content, "type": 0,
                                  "timestamp": "2026-11-23T10:00:00.000000+00:00", "tts": false, "mention_everyone": false,
                                  "mentions": mentions, "mention_roles": [], "attachments": [], "embeds": [], "pinned": false]
    // A reply (type 19): the message it answers, by an author of that id.
    if let repliedAuthor {
        message["type"] = 19
        message["message_reference"] = ["type": 0, "message_id": "899999999999999999", "channel_id": channel]
        message["referenced_message"] = ["id": "899999999999999999", "channel_id": channel, "content": "Did you mean `who has Dune`?", "type": 0,
                                         "author": ["id": repliedAuthor, "username": "someone", "discriminator": "0", "global_name": NSNull()]]
    }
    if let guild {
        message["guild_id"] = guild
        message["member"] = ["nick": nick.map { $0 as Any } ?? NSNull(), "roles": [], "joined_at": "2025-01-01T00:00:00.000000+00:00", "deaf": false, "mute": false]
    }
    let data = (try? JSONSerialization.data(withJSONObject: message, options: [.sortedKeys])) ?? Data()
    return String(decoding: data, as: UTF8.self)
}

/// An INTERACTION_CREATE for `/library command:…` (type 2) or a button press (type 3).
func discordInteraction(id: String, command: String? = nil, customID: String? = nil, userID: String = "700000000000000001",
                        nick: String? = "Ana", locale: String = "en-US") -> String {
    let data: [String: Any] = command.map { ["id": "200000000000000000", "name": "library", "type": 1,
                                             "options": [["name": "command", "type": 3, "value": $0]]] }
        ?? ["custom_id": customID ?? "", "component_type": 2]
    let interaction: [String: Any] = [
        "id": id, "application_id": DiscordEmulator.applicationID, "type": command == nil ? 3 : 2, "token": "token-\(id)", "version": 1,
        "guild_id": "600000000000000001", "channel_id": "500000000000000001", "data": data, "locale": locale,
        "member": ["nick": nick.map { $0 as Any } ?? NSNull(), "roles": [], "permissions": "0",
                   "user": ["id": userID, "username": "ana.r", "discriminator": "0", "global_name": "Ana Ruiz"]],
    ]
    let encoded = (try? JSONSerialization.data(withJSONObject: interaction, options: [.sortedKeys])) ?? Data()
    return String(decoding: encoded, as: UTF8.self)
}

/// An INTERACTION_CREATE asking for suggestions (type 4) while `/library command:` holds `typed`.
func discordAutocomplete(id: String, typed: String, userID: String = "700000000000000001", locale: String = "en-US") -> String {
    let interaction: [String: Any] = [
        "id": id, "application_id": DiscordEmulator.applicationID, "type": 4, "token": "token-\(id)", "version": 1,
        "guild_id": "600000000000000001", "channel_id": "500000000000000001", "locale": locale,
        "data": ["id": "200000000000000000", "name": "library", "type": 1,
                 "options": [["name": "command", "type": 3, "value": typed, "focused": true]]],
        "member": ["nick": "Ana", "roles": [], "permissions": "0",
                   "user": ["id": userID, "username": "ana.r", "discriminator": "0", "global_name": "Ana Ruiz"]],
    ]
    let encoded = (try? JSONSerialization.data(withJSONObject: interaction, options: [.sortedKeys])) ?? Data()
    return String(decoding: encoded, as: UTF8.self)
}

/// A gateway on a real in-memory library holding Dune, against the emulator.
func startDiscord(_ discord: DiscordEmulator, token: String = DiscordEmulator.token,
                  invalidSessionDelay: ClosedRange<Double> = 1...5, log: LogLines = LogLines(),
                  isbnCatalog: (any ISBNCatalog)? = nil, deferAfter: Duration = .seconds(2)) async throws
    -> (DiscordGateway, LibraryService, Task<Void, any Error>) {
    let library = LibraryService(database: try LibraryDatabase.inMemory())
    try await library.add(NewBook(title: "Dune", author: "Frank Herbert"), at: Date())
    let gateway = DiscordGateway(api: discord.api(token: token),
                                 handler: CommandHandler(library: library, settings: HandlerSettings(isbnCatalog: isbnCatalog)),
                                 invalidSessionDelay: invalidSessionDelay, deferAfter: deferAfter, log: log.append)
    let task = Task { try await gateway.run() }
    return (gateway, library, task)
}

@Suite("DiscordGateway against an emulated Discord gateway and REST API")
struct DiscordGatewayTests {
    @Test("GET /gateway/bot, then HELLO, IDENTIFY with the four intents, READY")
    func identify() async throws {
        let discord = try await DiscordEmulator()
        let (_, _, task) = try await startDiscord(discord)
        defer { task.cancel() }
        let log = try await discord.wait({ try await discord.gatewayLog() }) { $0.contains { $0.op == 2 } }
        let identify = try #require(log.first { $0.op == 2 })
        #expect(identify.path == "/?v=10&encoding=json")
        #expect(identify.d?["token"]?.string == DiscordEmulator.token)
        // GUILDS | GUILD_MESSAGES | DIRECT_MESSAGES | MESSAGE_CONTENT
        #expect(identify.d?["intents"]?.int == 1 + 512 + 4096 + 32768)
        #expect(identify.d?["properties"]?["os"]?.string == "linux")
        let first = try #require(try await discord.requests().first)
        #expect(first.method == "GET" && first.path == "/gateway/bot" && first.authorization == "Bot \(DiscordEmulator.token)")
    }

    @Test("heartbeats carry the last sequence number")
    func heartbeats() async throws {
        // A second apart: an ACK that a busy test machine delays past the next beat would make
        // the connection a zombie, and the RESUMED that follows is event 4.
        let discord = try await DiscordEmulator(heartbeatMilliseconds: 1_000)
        let (_, _, task) = try await startDiscord(discord)
        defer { task.cancel() }
        // READY is event 1; two more events make the sequence 3.
        try await discord.dispatch("GUILD_CREATE", #"{"id":"600000000000000001","name":"SWAG"}"#)
        try await discord.dispatch("TYPING_START", #"{"channel_id":"500000000000000001","user_id":"700000000000000001"}"#)
        let log = try await discord.wait({ try await discord.gatewayLog() }) { $0.contains { $0.op == 1 && $0.d?.int == 3 } }
        let beats = log.filter { $0.op == 1 }.map { $0.d?.int }
        #expect(beats.contains(3))
        // Never ahead of what was sent, never going back.
        let numbers = beats.compactMap { $0 }
        #expect(numbers == numbers.sorted() && numbers.allSatisfy { $0 <= 3 })
    }

    @Test("op 1 from the gateway is answered with a heartbeat at once")
    func heartbeatRequest() async throws {
        // Ten minutes between heartbeats: any heartbeat soon after op 1 answers it.
        let discord = try await DiscordEmulator(heartbeatMilliseconds: 600_000)
        let (_, _, task) = try await startDiscord(discord)
        defer { task.cancel() }
        _ = try await discord.wait({ try await discord.gatewayLog() }) { $0.contains { $0.op == 2 } }
        let before = try await discord.gatewayLog().filter { $0.op == 1 }.count
        try await discord.control("/_op", #"{"op":1,"d":null}"#)
        let log = try await discord.wait({ try await discord.gatewayLog() }) { $0.filter { $0.op == 1 }.count > before }
        #expect(log.filter { $0.op == 1 }.count == before + 1)
        #expect(log.last { $0.op == 1 }?.d?.int == 1)
    }

    @Test("with no session start left, the gateway waits for session_start_limit.reset_after before identifying")
    func sessionStartLimit() async throws {
        let discord = try await DiscordEmulator(sessionStartsLeft: (0, 1_500))
        let started = ContinuousClock.now
        let lines = LogLines()
        let (_, _, task) = try await startDiscord(discord, log: lines)
        defer { task.cancel() }
        // Twice the usual patience: the gateway sleeps out the reset, then asks, connects and
        // answers HELLO, each a wake-up on Swift's pool, which the full suite keeps busy on two
        // cores (this test failed once in CI; in passing runs of the whole suite it ends 39–74 s
        // after the run starts).
        let log = try await discord.wait(seconds: 2 * patience, { try await discord.gatewayLog() }) { $0.contains { $0.op == 2 } }
        // On failure, what the gateway said and asked, to tell a slow machine from a fault.
        let asked = try await discord.requests().map { "\($0.method) \($0.path)" }
        #expect(log.contains { $0.op == 2 }, """
            after \(ContinuousClock.now - started); the gateway logged: \(lines.text); \
            it asked: \(asked); \
            the gateway saw ops \(log.map(\.op))
            """)
        #expect(ContinuousClock.now - started >= .milliseconds(1_500))
    }

    @Test("a member is named by nick, then global name, then username: the first that shows something")
    func memberNames() {
        let ben = DiscordUser(id: "700000000000000002", username: "ben", global_name: "Ben Okafor")
        #expect(ben.displayName(nick: "Benji") == "Benji")
        #expect(ben.displayName(nick: nil) == "Ben Okafor")
        #expect(ben.displayName(nick: "\u{200B}\u{200B}") == "Ben Okafor")
        #expect(DiscordUser(id: "700000000000000002", username: "ben", global_name: " \u{2060}").displayName(nick: nil) == "ben")
    }

    @Test("a command by mention, by prefix and in a DM is answered with a reply to it, pinging no one")
    func commands() async throws {
        let discord = try await DiscordEmulator()
        let (_, _, task) = try await startDiscord(discord)
        defer { task.cancel() }
        try await discord.dispatch("MESSAGE_CREATE", discordMessage(id: "800000000000000001", content: "<@\(DiscordEmulator.botID)> checkout Dune", nick: "Ana"))
        var posts = try await discord.waitForPosts(1)
        try #require(posts.count == 1)
        #expect(posts[0].path == "/channels/500000000000000001/messages")
        #expect(posts[0].body?["message_reference"]?["message_id"]?.string == "800000000000000001")
        #expect(posts[0].body?["allowed_mentions"]?["parse"]?.count == 0)
        #expect(posts[0].body?["allowed_mentions"]?["replied_user"]?.bool == false)
        // The server nickname comes first.
        #expect(posts[0].body?["content"]?.string?.hasPrefix("**Dune** is checked out to Ana") == true)
        // The headline is the content; the embed holds the rest, without repeating it.
        #expect(posts[0].body?["embeds"]?[0]?["title"] == nil)
        #expect(posts[0].body?["embeds"]?[0]?["description"]?.string?.hasPrefix("Due ") == true)

        try await discord.dispatch("MESSAGE_CREATE", discordMessage(id: "800000000000000002", content: "!library who has Dune", authorID: "700000000000000002", username: "ben", globalName: "Ben Okafor"))
        posts = try await discord.waitForPosts(2)
        try #require(posts.count == 2)
        #expect(posts[1].body?["message_reference"]?["message_id"]?.string == "800000000000000002")
        #expect(posts[1].body?["content"]?.string?.contains("Ana") == true)

        // In a DM no prefix is needed; without a nickname the global name is the borrower. Two
        // commands sent back to back act in order: the return, then the checkout. (Their
        // replies are two posts in flight at once, which may land in either order.)
        try await discord.dispatch("MESSAGE_CREATE", discordMessage(id: "800000000000000003", content: "return Dune", channel: "510000000000000001", guild: nil))
        try await discord.dispatch("MESSAGE_CREATE", discordMessage(id: "800000000000000004", content: "checkout Dune", channel: "510000000000000001", guild: nil))
        posts = try await discord.waitForPosts(4)
        try #require(posts.count == 4)
        let inDM = posts.dropFirst(2)
        #expect(inDM.allSatisfy { $0.path == "/channels/510000000000000001/messages" })
        let checkout = inDM.first { $0.body?["message_reference"]?["message_id"]?.string == "800000000000000004" }
        #expect(checkout?.body?["content"]?.string?.hasPrefix("**Dune** is checked out to Ana Ruiz") == true)
    }

    @Test("the bot's mention after a greeting or at the end of a message addresses it too, as in a DM, as does a reply to the bot's message; the mention is no part of the command")
    func mentionAfterGreetingOrLast() async throws {
        let discord = try await DiscordEmulator()
        let (_, _, task) = try await startDiscord(discord)
        defer { task.cancel() }
        let bot = DiscordEmulator.botID
        // As Discord sends it: every user mentioned in `mentions`, the bot among them.
        let mentioned: [[String: Any]] = [["id": bot, "username": "librarybot", "global_name": NSNull(), "discriminator": "0", "bot": true],
                                          ["id": "700000000000000002", "username": "ben", "global_name": "Ben Okafor", "discriminator": "0"]]
        try await discord.dispatch("MESSAGE_CREATE", discordMessage(id: "800000000000000021", content: "hey <@\(bot)>, checkout Dune as <@700000000000000002>",
                                                                    mentions: mentioned))
        var posts = try await discord.waitForPosts(1)
        #expect(posts.first?.body?["message_reference"]?["message_id"]?.string == "800000000000000021")
        // Lent to Ben, not to "Ben" followed by a mention, and not to the sender.
        #expect(posts.first?.body?["content"]?.string?.hasPrefix("**Dune** is checked out to Ben Okafor") == true, "\(posts)")
        try await discord.dispatch("MESSAGE_CREATE", discordMessage(id: "800000000000000022", content: "who has Dune, <@!\(bot)>?"))
        try await discord.dispatch("MESSAGE_CREATE", discordMessage(id: "800000000000000023", content: "who has Dune <@\(bot)>", channel: "510000000000000001", guild: nil))
        // A reply to one of the bot's messages, without a mention or the prefix.
        try await discord.dispatch("MESSAGE_CREATE", discordMessage(id: "800000000000000024", content: "who has Dune", replyingTo: bot))
        // Four replies, and Ben's direct message telling him Dune is his.
        posts = try await discord.waitForPosts(5)
        for id in ["800000000000000022", "800000000000000023", "800000000000000024"] {
            let post = posts.first { $0.body?["message_reference"]?["message_id"]?.string == id }
            #expect(post?.body?["content"]?.string?.contains("Ben Okafor has **Dune**") == true, "\(String(describing: post))")
        }
    }

    @Test("checkout as a mentioned member lends to that member: the name they go by in the server, their user id")
    func checkoutForMention() async throws {
        let discord = try await DiscordEmulator()
        let (_, library, task) = try await startDiscord(discord)
        defer { task.cancel() }
        // As Discord sends it: the mention in the content, the user (with their member) in `mentions`.
        let ben: [String: Any] = ["id": "700000000000000002", "username": "ben", "global_name": "Ben Okafor", "discriminator": "0",
                                  "member": ["nick": "Benji", "roles": [], "joined_at": "2025-01-01T00:00:00.000000+00:00", "deaf": false, "mute": false]]
        try await discord.dispatch("MESSAGE_CREATE", discordMessage(id: "800000000000000031", content: "!library checkout Dune as <@700000000000000002>",
                                                                    nick: "Ana", mentions: [ben]))
        let posts = try await discord.waitForPosts(1)
        #expect(posts.first?.body?["content"]?.string?.hasPrefix("**Dune** is checked out to Benji") == true)
        let loans = try await library.loans(of: Borrower(name: "someone else", userID: "700000000000000002"))
        #expect(loans.map(\.loan.borrower) == [Borrower(name: "Benji", userID: "700000000000000002")])
    }

    @Test("when a held book comes back, the member first in line gets a direct message")
    func holdNotice() async throws {
        let discord = try await DiscordEmulator()
        let (_, _, task) = try await startDiscord(discord)
        defer { task.cancel() }
        let steps = [("700000000000000001", "!library checkout Dune"), ("700000000000000002", "!library hold Dune"), ("700000000000000001", "!library return Dune")]
        for (index, (author, text)) in steps.enumerated() {
            try await discord.dispatch("MESSAGE_CREATE", discordMessage(id: "80000000000000004\(index)", content: text, authorID: author,
                                                                        username: author.hasSuffix("2") ? "ben" : "ana.r", globalName: author.hasSuffix("2") ? "Ben Okafor" : "Ana Ruiz"))
            _ = try await discord.waitForPosts(index + 1)
        }
        let posts = try await discord.waitForPosts(4)
        // Discord's way to a direct message: open the channel with the user, then post in it.
        let opened = try await discord.requests().first { $0.path == "/users/@me/channels" }
        #expect(opened?.body?["recipient_id"]?.string == "700000000000000002")
        let notice = try #require(posts.first { $0.path == "/channels/200000000000000002/messages" }, "no direct message to Ben")
        #expect(notice.body?["content"]?.string?.hasPrefix("**Dune** is on the shelf, kept for you until ") == true)
    }

    @Test("a return through /library tells the member first in line too")
    func holdNoticeFromSlashCommand() async throws {
        let discord = try await DiscordEmulator()
        let (_, library, task) = try await startDiscord(discord)
        defer { task.cancel() }
        try await library.checkout("Dune", to: Borrower(name: "Ana", userID: "700000000000000001"), at: Date())
        try await library.hold("Dune", for: Borrower(name: "Ben", userID: "700000000000000002"), at: Date())
        try await discord.dispatch("INTERACTION_CREATE", discordInteraction(id: "900000000000000051", command: "return Dune"))
        let posts = try await discord.waitForPosts(1)
        let notice = try #require(posts.first { $0.path == "/channels/200000000000000002/messages" }, "no direct message to Ben")
        #expect(notice.body?["content"]?.string?.hasPrefix("**Dune** is on the shelf, kept for you until ") == true)
    }

    @Test("one member's commands in a burst act on the library in the order sent; another member's run alongside")
    func orderPerMember() async throws {
        let discord = try await DiscordEmulator()
        let (_, library, task) = try await startDiscord(discord)
        defer { task.cancel() }
        try await library.add(NewBook(title: "Emma", author: "Jane Austen"), at: Date())
        // Ana checks Dune out and back in five times; Ben, meanwhile, asks who has Emma.
        var events: [String] = []
        for round in 0..<5 {
            events.append(discordMessage(id: "8100000000000000\(round)0", content: "!library checkout Dune", nick: "Ana"))
            events.append(discordMessage(id: "8200000000000000\(round)0", content: "!library who has Emma",
                                         authorID: "700000000000000002", username: "ben", globalName: "Ben"))
            events.append(discordMessage(id: "8100000000000000\(round)1", content: "!library return Dune", nick: "Ana"))
        }
        try await discord.control("/_dispatch_many", #"{"t":"MESSAGE_CREATE","events":[\#(events.joined(separator: ","))]}"#)
        let posts = try await discord.waitForPosts(15)
        let answers = posts.compactMap { post -> (id: String, content: String)? in
            guard let id = post.body?["message_reference"]?["message_id"]?.string, let content = post.body?["content"]?.string else { return nil }
            return (id, content)
        }
        // Handled in the order sent: every checkout found Dune on the shelf and every return found
        // it lent (the replies themselves may be posted in any order).
        let ana = Dictionary(answers.filter { $0.id.hasPrefix("81") }.map { ($0.id, $0.content) }) { first, _ in first }
        #expect(ana.count == 10)
        for round in 0..<5 {
            #expect(ana["8100000000000000\(round)0"]?.contains("is checked out to Ana") == true, "\(ana)")
            #expect(ana["8100000000000000\(round)1"]?.contains("is back on the shelf") == true, "\(ana)")
        }
        #expect(answers.filter { $0.id.hasPrefix("82") }.count == 5)
        #expect(try await library.whoHas("Dune").first?.loan == nil, "the last command, a return, came last")
    }

    @Test("bots, messages not addressed to the bot and look-alike prefixes are ignored")
    func ignored() async throws {
        let discord = try await DiscordEmulator()
        let (_, _, task) = try await startDiscord(discord)
        defer { task.cancel() }
        try await discord.dispatch("MESSAGE_CREATE", discordMessage(id: "800000000000000010", content: "!library checkout Dune", authorID: "700000000000000009", username: "otherbot", bot: true))
        try await discord.dispatch("MESSAGE_CREATE", discordMessage(id: "800000000000000011", content: "checkout Dune"))
        try await discord.dispatch("MESSAGE_CREATE", discordMessage(id: "800000000000000012", content: "!libraryx checkout Dune"))
        try await discord.dispatch("MESSAGE_CREATE", discordMessage(id: "800000000000000013", content: "<@700000000000000002> checkout Dune"))
        // The bot mentioned in passing, or its name typed without a mention.
        try await discord.dispatch("MESSAGE_CREATE", discordMessage(id: "800000000000000015", content: "I asked <@\(DiscordEmulator.botID)> to checkout Dune"))
        try await discord.dispatch("MESSAGE_CREATE", discordMessage(id: "800000000000000016", content: "hey @librarybot checkout Dune"))
        // A reply to another member's message.
        try await discord.dispatch("MESSAGE_CREATE", discordMessage(id: "800000000000000017", content: "checkout Dune", replyingTo: "700000000000000002"))
        // A last command that is answered: everything before it has been read.
        try await discord.dispatch("MESSAGE_CREATE", discordMessage(id: "800000000000000014", content: "!library who has Dune"))
        let posts = try await discord.waitForPosts(1)
        try await Task.sleep(for: .milliseconds(200))
        #expect(try await discord.posted().count == 1)
        #expect(posts.first?.body?["message_reference"]?["message_id"]?.string == "800000000000000014")
        #expect(posts.first?.body?["content"]?.string?.contains("on the shelf") == true)
    }

    @Test("a missed heartbeat ACK: the zombie is dropped, the session resumed, missed events replayed and answered once")
    func zombie() async throws {
        let discord = try await DiscordEmulator(heartbeatMilliseconds: 200)
        let (_, _, task) = try await startDiscord(discord)
        defer { task.cancel() }
        try await discord.dispatch("MESSAGE_CREATE", discordMessage(id: "800000000000000020", content: "!library checkout Dune"))
        _ = try await discord.waitForPosts(1)
        try await discord.control("/_zombie")
        try await discord.dispatch("MESSAGE_CREATE", discordMessage(id: "800000000000000021", content: "!library who has Dune"))
        try await discord.dispatch("MESSAGE_CREATE", discordMessage(id: "800000000000000022", content: "!library return Dune"))
        _ = try await discord.waitForPosts(3)
        try await Task.sleep(for: .milliseconds(300))
        let posted = try await discord.posted()
        let all = posted.compactMap { $0.body?["message_reference"]?["message_id"]?.string }
        // Each answered once, handled in the order sent (the two replies may be posted in either order).
        #expect(all.sorted() == ["800000000000000020", "800000000000000021", "800000000000000022"])
        func reply(to id: String) -> String {
            posted.first { $0.body?["message_reference"]?["message_id"]?.string == id }?.body?["content"]?.string ?? ""
        }
        #expect(reply(to: "800000000000000021").contains("You have **Dune** since"), "\(reply(to: "800000000000000021"))")
        #expect(reply(to: "800000000000000022").contains("is back on the shelf"))
        let log = try await discord.gatewayLog()
        let resume = try #require(log.first { $0.op == 6 })
        #expect(resume.connection == 2 && resume.path == "/resume?v=10&encoding=json")
        // READY was 1 and the first command 2: the resume asks for everything after 2.
        #expect(resume.d?["seq"]?.int == 2)
        #expect(resume.d?["session_id"]?.string?.isEmpty == false)
        #expect(log.filter { $0.op == 2 }.count == 1)
    }

    @Test("op 7 RECONNECT: a new connection resumes the session")
    func reconnect() async throws {
        let discord = try await DiscordEmulator()
        let (_, _, task) = try await startDiscord(discord)
        defer { task.cancel() }
        try await discord.dispatch("GUILD_CREATE", #"{"id":"600000000000000001","name":"SWAG"}"#)
        try await discord.control("/_op", #"{"op":7,"d":null}"#)
        let log = try await discord.wait({ try await discord.gatewayLog() }) { $0.contains { $0.op == 6 } }
        let resume = try #require(log.first { $0.op == 6 })
        #expect(resume.path.hasPrefix("/resume") && resume.d?["seq"]?.int == 2)
        // And the resumed session answers commands.
        try await discord.dispatch("MESSAGE_CREATE", discordMessage(id: "800000000000000030", content: "!library who has Dune"))
        #expect(try await discord.waitForPosts(1).count == 1)
    }

    @Test("op 9 INVALID SESSION with false: a fresh IDENTIFY after 1-5 s")
    func invalidSession() async throws {
        let discord = try await DiscordEmulator()
        let (_, _, task) = try await startDiscord(discord)
        defer { task.cancel() }
        _ = try await discord.wait({ try await discord.gatewayLog() }) { $0.contains { $0.op == 2 } }
        let sent = ContinuousClock.now
        try await discord.control("/_op", #"{"op":9,"d":false}"#)
        let log = try await discord.wait({ try await discord.gatewayLog() }) { $0.filter { $0.op == 2 }.count == 2 }
        #expect(log.filter { $0.op == 2 }.count == 2)
        #expect(!log.contains { $0.op == 6 })
        #expect(ContinuousClock.now - sent >= .seconds(1))
    }

    @Test("close 4004: the gateway stops with a message naming the token; 4014 explains the Message Content intent")
    func fatalClose() async throws {
        let discord = try await DiscordEmulator()
        let log = LogLines()
        let (_, _, task) = try await startDiscord(discord, log: log)
        try #require(try await discord.wait({ try await discord.gatewayLog() }) { $0.contains { $0.op == 2 } }.contains { $0.op == 2 })
        try await discord.control("/_close", #"{"code":4004,"reason":"Authentication failed."}"#)
        let ended = try #require(await ending(of: task), "the gateway did not stop; it logged: \(log.text)")
        let error = #expect(throws: DiscordGatewayError.self) { try ended.get() }
        #expect(error?.code == 4004)
        #expect(error?.description.contains("DISCORD_TOKEN") == true)
        #expect(DiscordGatewayError(code: 4014, reason: "Disallowed intent(s).").description.contains("Message Content Intent"))
    }

    @Test("a token Discord rejects (401) stops the gateway without showing the token")
    func rejectedToken() async throws {
        let discord = try await DiscordEmulator()
        let log = LogLines()
        let (_, _, task) = try await startDiscord(discord, token: "not-the-token", log: log)
        let ended = try #require(await ending(of: task), "the gateway did not stop; it logged: \(log.text)")
        let error = #expect(throws: DiscordAPIError.self) { try ended.get() }
        #expect(error?.isAuthenticationFailure == true)
        #expect(error.map { "\($0)".contains("not-the-token") } == false)
    }

    @Test("/library is answered through the interaction callback; errors only to the user")
    func slashCommand() async throws {
        let discord = try await DiscordEmulator()
        let (_, _, task) = try await startDiscord(discord)
        defer { task.cancel() }
        try await discord.dispatch("INTERACTION_CREATE", discordInteraction(id: "900000000000000001", command: "checkout Dune"))
        try await discord.dispatch("INTERACTION_CREATE", discordInteraction(id: "900000000000000002", command: "checkout Dune"))
        let requests = try await discord.wait({ try await discord.requests() }) { $0.filter { $0.path.hasSuffix("/callback") }.count == 2 }
        let callbacks = requests.filter { $0.path.hasSuffix("/callback") }
        try #require(callbacks.count == 2)
        let first = try #require(callbacks.first { $0.path == "/interactions/900000000000000001/token-900000000000000001/callback" })
        #expect(first.authorization == nil)
        #expect(first.body?["type"]?.int == 4)
        #expect(first.body?["data"]?["flags"] == nil)
        #expect(first.body?["data"]?["content"]?.string?.hasPrefix("**Dune** is checked out to Ana") == true)
        #expect(first.body?["data"]?["allowed_mentions"]?["parse"]?.count == 0)
        let second = try #require(callbacks.first { $0.path.contains("900000000000000002") })
        #expect(second.body?["data"]?["flags"]?.int == 64)
    }

    @Test("/library still running after 2 s (an ISBN looked up) is deferred, then its answer edited in; an error replaces the deferral with an ephemeral follow-up")
    func slowSlashCommand() async throws {
        let discord = try await DiscordEmulator()
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("CatalogsTests/Resources/openlibrary_emulator.py")
        let openLibrary = try await PythonPeer(script: script.path)
        defer { openLibrary.stop() }
        let catalog = OpenLibraryCatalog(baseURL: "http://127.0.0.1:\(openLibrary.port)")
        // Open Library holds these two lookups until the test lets each answer; the bot defers
        // after 0.3 s here. Each lookup is let go only once its deferral is seen, so that a
        // crowded machine cannot turn the test into a race between the timer and the answer.
        try await postUntilAccepted(port: openLibrary.port, path: "/_hold", json: "{}")
        let (_, library, task) = try await startDiscord(discord, isbnCatalog: catalog, deferAfter: .milliseconds(300))
        defer { task.cancel() }
        try await discord.dispatch("INTERACTION_CREATE", discordInteraction(id: "900000000000000091", command: "add isbn 9780000000057"))
        try await discord.dispatch("INTERACTION_CREATE", discordInteraction(id: "900000000000000092", command: "add isbn 9780000000019"))
        // Another member's quick command (one member's commands run in order, so Ana's would wait).
        try await discord.dispatch("INTERACTION_CREATE", discordInteraction(id: "900000000000000093", command: "who has Dune", userID: "700000000000000002", nick: "Ben"))
        for id in ["900000000000000091", "900000000000000092"] {
            _ = try await discord.wait({ try await discord.requests() }) { requests in
                requests.contains { $0.path.hasSuffix("/\(id)/token-\(id)/callback") }
            }
            try await postUntilAccepted(port: openLibrary.port, path: "/_release", json: "{}")
        }
        let requests = try await discord.wait({ try await discord.requests() }) { requests in
            requests.contains { $0.method == "PATCH" } && requests.contains { $0.path.hasPrefix("/webhooks/") && $0.method == "POST" }
        }
        let callbacks = requests.filter { $0.path.hasSuffix("/callback") }
        // The quick command is answered at once, as always.
        #expect(callbacks.first { $0.path.contains("900000000000000093") }?.body?["type"]?.int == 4)
        for id in ["900000000000000091", "900000000000000092"] {
            let callback = try #require(callbacks.first { $0.path.contains(id) })
            #expect(callback.body?["type"]?.int == 5, "deferred: \(id)")
        }
        let edited = try #require(requests.first { $0.method == "PATCH" })
        #expect(edited.path == "/webhooks/\(DiscordEmulator.applicationID)/token-900000000000000091/messages/@original")
        #expect(edited.body?["content"]?.string?.hasPrefix("Added **The Slow Book** by Tortoise as \\#2.") == true, "\(String(describing: edited.body))")
        #expect(edited.body?["allowed_mentions"]?["parse"]?.count == 0)
        // The error is for the asker alone: the deferral's message goes, an ephemeral follow-up comes.
        let deleted = try #require(requests.first { $0.method == "DELETE" })
        #expect(deleted.path == "/webhooks/\(DiscordEmulator.applicationID)/token-900000000000000092/messages/@original")
        let followUp = try #require(requests.first { $0.method == "POST" && $0.path == "/webhooks/\(DiscordEmulator.applicationID)/token-900000000000000092" })
        #expect(followUp.body?["flags"]?.int == 64)
        #expect(followUp.body?["content"]?.string?.hasPrefix("Open Library does not know ISBN 9780000000019") == true)
        #expect(try await library.resolve("#2").title == "The Slow Book")
    }

    @Test("a reply's button (Renew on a reminder) runs its command as the member who pressed it, answered through the callback")
    func commandButton() async throws {
        let discord = try await DiscordEmulator()
        let (_, library, task) = try await startDiscord(discord)
        defer { task.cancel() }
        try await discord.dispatch("INTERACTION_CREATE", discordInteraction(id: "900000000000000081", customID: "librarybot_command:checkout #1"))
        let callback = try #require(try await discord.wait({ try await discord.requests() }) { $0.contains { $0.path.hasSuffix("/callback") } }
            .first { $0.path.hasSuffix("/callback") })
        #expect(callback.body?["type"]?.int == 4)
        #expect(callback.body?["data"]?["content"]?.string?.hasPrefix("**Dune** is checked out to Ana") == true)
        #expect(try await library.loans(of: Borrower(name: "Ana", userID: "700000000000000001")).map(\.book.title) == ["Dune"])
    }

    @Test("while /library is typed, suggestions come back through the callback (type 8); nothing is run")
    func autocomplete() async throws {
        let discord = try await DiscordEmulator()
        let (_, library, task) = try await startDiscord(discord)
        defer { task.cancel() }
        let ana = Borrower(name: "Ana", userID: "700000000000000001")
        _ = try await library.checkout("Dune", to: ana, at: Date())
        try await discord.dispatch("INTERACTION_CREATE", discordAutocomplete(id: "900000000000000071", typed: "return d"))
        try await discord.dispatch("INTERACTION_CREATE", discordAutocomplete(id: "900000000000000072", typed: "ret"))
        // Nothing typed yet, from a Discord in French: the French verbs.
        try await discord.dispatch("INTERACTION_CREATE", discordAutocomplete(id: "900000000000000073", typed: "", locale: "fr"))
        let callbacks = try await discord.wait({ try await discord.requests() }) { $0.filter { $0.path.hasSuffix("/callback") }.count == 3 }
            .filter { $0.path.hasSuffix("/callback") }
        let french = try #require(callbacks.first { $0.path.contains("900000000000000073") })
        #expect(french.body?["data"]?["choices"]?[0]?["value"]?.string == "emprunter")
        let titles = try #require(callbacks.first { $0.path == "/interactions/900000000000000071/token-900000000000000071/callback" })
        #expect(titles.authorization == nil)
        #expect(titles.body?["type"]?.int == 8)
        #expect(titles.body?["data"]?["choices"]?.count == 1)
        #expect(titles.body?["data"]?["choices"]?[0]?["value"]?.string == "return Dune")
        #expect(titles.body?["data"]?["choices"]?[0]?["name"]?.string?.hasPrefix("return Dune · due ") == true)
        let verbs = try #require(callbacks.first { $0.path.contains("900000000000000072") })
        #expect(verbs.body?["data"]?["choices"]?[0]?["value"]?.string == "return")
        // A suggestion runs nothing: Dune is still out, and no message was posted.
        #expect(try await library.loans(of: ana).map(\.book.title) == ["Dune"])
        #expect(try await discord.requests().allSatisfy { !$0.path.contains("/messages") })
    }

    @Test("/library from a member whose Discord is in French, with words in no language, is answered in French until they write in English")
    func slashCommandLocale() async throws {
        let discord = try await DiscordEmulator()
        let (_, _, task) = try await startDiscord(discord)
        defer { task.cancel() }
        func content(_ id: String) async throws -> String? {
            let callback = try await discord.wait({ try await discord.requests() }) { $0.contains { $0.path.contains(id) } }.first { $0.path.contains(id) }
            return callback?.body?["data"]?["content"]?.string
        }
        try await discord.dispatch("INTERACTION_CREATE", discordInteraction(id: "900000000000000071", command: "Dune", locale: "fr"))
        #expect(try await content("900000000000000071")?.hasPrefix("**Dune** est sur l'étagère.") == true)
        try await discord.dispatch("INTERACTION_CREATE", discordInteraction(id: "900000000000000072", command: "who has Dune", locale: "fr"))
        #expect(try await content("900000000000000072")?.hasPrefix("**Dune** is on the shelf.") == true)
        try await discord.dispatch("INTERACTION_CREATE", discordInteraction(id: "900000000000000073", command: "Dune", locale: "fr"))
        #expect(try await content("900000000000000073")?.hasPrefix("**Dune** is on the shelf.") == true)
    }

    @Test("a message whose words say no language is answered in the language the member's Discord is set to, once an interaction of theirs told it")
    func messageLocaleFromInteractions() async throws {
        let discord = try await DiscordEmulator()
        let (_, _, task) = try await startDiscord(discord)
        defer { task.cancel() }
        // Before any interaction of hers, the library's language.
        try await discord.dispatch("MESSAGE_CREATE", discordMessage(id: "800000000000000081", content: "!library Dune"))
        var posts = try await discord.waitForPosts(1)
        #expect(posts.last?.body?["content"]?.string?.hasPrefix("**Dune** is on the shelf.") == true, "\(String(describing: posts.last?.body))")
        // Her `/library` says her Discord is in French: so are the answers to her messages.
        try await discord.dispatch("INTERACTION_CREATE", discordInteraction(id: "900000000000000081", command: "Dune", locale: "fr"))
        _ = try await discord.wait({ try await discord.requests() }) { $0.contains { $0.path.contains("900000000000000081") } }
        try await discord.dispatch("MESSAGE_CREATE", discordMessage(id: "800000000000000082", content: "!library Dune"))
        posts = try await discord.waitForPosts(2)
        #expect(posts.last?.body?["content"]?.string?.hasPrefix("**Dune** est sur l'étagère.") == true, "\(String(describing: posts.last?.body))")
        // Someone else's messages are not.
        try await discord.dispatch("MESSAGE_CREATE", discordMessage(id: "800000000000000083", content: "!library Dune", authorID: "700000000000000002",
                                                                    username: "ben", globalName: "Ben Okafor"))
        posts = try await discord.waitForPosts(3)
        #expect(posts.last?.body?["content"]?.string?.hasPrefix("**Dune** is on the shelf.") == true, "\(String(describing: posts.last?.body))")
    }

    @Test("/library checkout Dune as @Ben: the mention, a bare token there, is looked up and lends to Ben by the name he goes by")
    func slashCommandMention() async throws {
        let discord = try await DiscordEmulator()
        let (_, library, task) = try await startDiscord(discord)
        defer { task.cancel() }
        try await discord.control("/_members", #"{"guild_id": "600000000000000001", "members": [{"nick": "Benji", "roles": [], "user": {"id": "700000000000000002", "username": "ben", "global_name": "Ben Okafor", "discriminator": "0"}}]}"#)
        try await discord.dispatch("INTERACTION_CREATE", discordInteraction(id: "900000000000000061", command: "checkout Dune as <@!700000000000000002>"))
        let callback = try #require(try await discord.wait({ try await discord.requests() }) { $0.contains { $0.path.hasSuffix("/callback") } }
            .first { $0.path.hasSuffix("/callback") })
        #expect(callback.body?["data"]?["content"]?.string?.hasPrefix("**Dune** is checked out to Benji.") == true)
        #expect(try await discord.requests().contains { $0.path == "/guilds/600000000000000001/members/700000000000000002" })
        let loans = try await library.loans(of: Borrower(name: "someone else", userID: "700000000000000002"))
        #expect(loans.map(\.loan.borrower) == [Borrower(name: "Benji", userID: "700000000000000002")])
    }

    @Test("/library with a mention Discord cannot find, or cannot find in time, lends nothing and says why, only to the user")
    func slashCommandUnknownMention() async throws {
        let discord = try await DiscordEmulator()
        let library = LibraryService(database: try LibraryDatabase.inMemory())
        try await library.add([NewBook(title: "Dune", author: "Frank Herbert"), NewBook(title: "Emma", author: "Jane Austen")], at: Date())
        let gateway = DiscordGateway(api: discord.api(), handler: CommandHandler(library: library), mentionLookupTime: .milliseconds(300))
        let task = Task { try await gateway.run() }
        defer { task.cancel() }
        try await discord.control("/_members", #"{"guild_id": "600000000000000001", "members": [{"nick": null, "roles": [], "_delay": 10, "user": {"id": "700000000000000003", "username": "cy", "global_name": "Cy", "discriminator": "0"}}]}"#)
        try await discord.dispatch("INTERACTION_CREATE", discordInteraction(id: "900000000000000071", command: "checkout Dune as <@700000000000000009>"))
        try await discord.dispatch("INTERACTION_CREATE", discordInteraction(id: "900000000000000072", command: "checkout Emma as <@700000000000000003>"))
        let callbacks = try await discord.wait({ try await discord.requests() }) { $0.filter { $0.path.hasSuffix("/callback") }.count == 2 }
            .filter { $0.path.hasSuffix("/callback") }
        for id in ["900000000000000071", "900000000000000072"] {
            let callback = try #require(callbacks.first { $0.path.contains(id) })
            #expect(callback.body?["data"]?["content"]?.string?.hasPrefix("I could not tell who that mention is, so nothing was done.") == true)
            #expect(callback.body?["data"]?["flags"]?.int == 64)
        }
        #expect(try await library.whoHas("Dune").first?.loan == nil)
        #expect(try await library.whoHas("Emma").first?.loan == nil)
    }

    @Test("mention tokens: <@ID> and <@!ID>, each user once with the forms it appears in; look-alikes are not mentions")
    func mentionTokenScan() {
        let found = mentionTokens(in: "as <@123> and <@!123>, <@456>; not <@abc> <@!> <#789> <@&321> @everyone")
        #expect(found.map(\.id) == ["123", "456"])
        #expect(found.first?.tokens == ["<@123>", "<@!123>"])
        #expect(mentionTokens(in: "checkout Dune as Ben").isEmpty)
    }

    @Test("a /library answer too long for one message continues in follow-up messages, in order")
    func followUps() async throws {
        let discord = try await DiscordEmulator()
        let (_, library, task) = try await startDiscord(discord)
        defer { task.cancel() }
        for number in 1...120 {
            let title = "The Pragmatic Programmer Volume \(number): Your Journey to Mastery"
            _ = try await library.add(NewBook(title: title, author: "David Thomas"), at: Date())
            _ = try await library.checkout(title, to: Borrower(name: "Member \(number)"), at: Date())
        }
        try await discord.dispatch("INTERACTION_CREATE", discordInteraction(id: "900000000000000005", command: "who has what"))
        let requests = try await discord.wait({ try await discord.requests() }) { $0.filter { $0.path.hasPrefix("/webhooks/") }.count >= 2 }
        let callback = try #require(requests.first { $0.path.hasSuffix("/callback") })
        #expect(callback.body?["data"]?["content"]?.string?.hasPrefix("Who has what") == true)
        let followUps = requests.filter { $0.path == "/webhooks/\(DiscordEmulator.applicationID)/token-900000000000000005" }
        #expect(followUps.count == 2, "120 loans of about 95 characters: three messages")
        #expect(followUps.allSatisfy { $0.authorization == nil && $0.body?["allowed_mentions"]?["parse"]?.count == 0 })
        let descriptions = ([callback.body?["data"]] + followUps.map(\.body)).compactMap { $0?["embeds"]?[0]?["description"]?.string }
        let shown = (1...120).filter { number in descriptions.joined().contains("Volume \(number)\\:") }
        #expect(shown.count == 120)
        #expect(descriptions.last?.contains("Volume 120\\:") == true, "the follow-ups come in order")
    }

    @Test("clean asks with Yes / Cancel buttons; Yes replaces the question with the outcome")
    func buttons() async throws {
        let discord = try await DiscordEmulator()
        let (_, library, task) = try await startDiscord(discord)
        defer { task.cancel() }
        try await discord.dispatch("INTERACTION_CREATE", discordInteraction(id: "900000000000000010", command: "clean"))
        var requests = try await discord.wait({ try await discord.requests() }) { $0.contains { $0.path.hasSuffix("/callback") } }
        let question = try #require(requests.first { $0.path.hasSuffix("/callback") })
        #expect(question.body?["data"]?["flags"]?.int == 64)
        let buttons = question.body?["data"]?["components"]?[0]?["components"]
        #expect(buttons?[0]?["custom_id"]?.string == DiscordRenderer.confirmID)
        #expect(buttons?[1]?["custom_id"]?.string == DiscordRenderer.cancelID)
        #expect(try await library.allBooks().count == 1)

        try await discord.dispatch("INTERACTION_CREATE", discordInteraction(id: "900000000000000011", customID: DiscordRenderer.confirmID))
        requests = try await discord.wait({ try await discord.requests() }) { $0.filter { $0.path.hasSuffix("/callback") }.count == 2 }
        let answer = try #require(requests.last { $0.path.hasSuffix("/callback") })
        #expect(answer.body?["type"]?.int == 7)
        #expect(answer.body?["data"]?["components"]?.count == 0)
        #expect(try await library.allBooks().isEmpty)
    }
}

@Suite("DiscordREST against the emulated REST API")
struct DiscordRESTTests {
    @Test("register-commands puts /library with one required string option, with suggestions, globally or in one server")
    func registerCommands() async throws {
        let discord = try await DiscordEmulator()
        #expect(try await discord.api().registerCommands(applicationID: DiscordEmulator.applicationID) == ["library"])
        #expect(try await discord.api().registerCommands(applicationID: DiscordEmulator.applicationID, guildID: "600000000000000001") == ["library"])
        let requests = try await discord.requests()
        #expect(requests.map(\.path) == ["/applications/\(DiscordEmulator.applicationID)/commands",
                                         "/applications/\(DiscordEmulator.applicationID)/guilds/600000000000000001/commands"])
        let command = try #require(requests.first?.body?[0])
        #expect(requests.first?.method == "PUT" && requests.first?.body?.count == 1)
        #expect(command["name"]?.string == "library" && command["type"]?.int == 1)
        #expect(command["options"]?[0]?["name"]?.string == "command")
        #expect(command["options"]?[0]?["type"]?.int == 3)
        #expect(command["options"]?[0]?["required"]?.bool == true)
        #expect(command["options"]?[0]?["autocomplete"]?.bool == true)
        // Described in French to members whose Discord is in French.
        #expect(command["description_localizations"]?["fr"]?.string == "Emprunter, rendre et trouver les livres du comité")
        #expect(command["options"]?[0]?["description_localizations"]?["fr"]?.string?.hasPrefix("Que faire, par exemple : emprunter Dune") == true)
        for text in [command["description_localizations"]?["fr"]?.string, command["options"]?[0]?["description_localizations"]?["fr"]?.string] {
            #expect((1...100).contains(text?.count ?? 0), "Discord's limit: \(text ?? "")")
        }
        await #expect(throws: DiscordAPIError.self) { try await discord.api().registerCommands(applicationID: "1") }
    }

    @Test("a 429 is waited out for its retry_after, then the message goes")
    func rateLimited() async throws {
        let discord = try await DiscordEmulator()
        let message = DiscordRenderer.render(Reply(.info, "Hello", language: .en))
        let started = ContinuousClock.now
        try await discord.api().createMessage(channel: DiscordEmulator.limitedOnce, message)
        #expect(ContinuousClock.now - started >= .milliseconds(450))
        #expect(try await discord.posted().count == 2)
    }

    @Test("a bucket with nothing remaining is not called again before it resets")
    func bucket() async throws {
        let discord = try await DiscordEmulator()
        let message = DiscordRenderer.render(Reply(.info, "Hello", language: .en))
        let api = discord.api()
        let started = ContinuousClock.now
        for _ in 0..<4 { try await api.createMessage(channel: DiscordEmulator.bucketOfTwo, message) }
        // Two a second: the third waits for the reset; none draws a 429 (which would be a 5th request).
        #expect(ContinuousClock.now - started >= .milliseconds(900))
        #expect(try await discord.posted().count == 4)
    }
}
