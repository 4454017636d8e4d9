import Foundation
import TestSupport
import Testing
import Transport

/// The Discord emulator of the gateway tests (see PythonPeer and discord_emulator.py).
final class EmulatedDiscord {
    static let token = "discord-test-token"
    private let peer: PythonPeer
    var port: Int { peer.port }

    init(arguments: [String] = []) async throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("GatewaysTests/Resources/discord_emulator.py")
        peer = try await PythonPeer(script: script.path, arguments: arguments)
    }

    /// The REST requests received so far, as raw JSON objects.
    func requests() async throws -> [[String: Any]] {
        let data = try await HTTPClient.shared.get("http://127.0.0.1:\(port)/_requests").body
        return (try JSONSerialization.jsonObject(with: data) as? [[String: Any]]) ?? []
    }

    func waitForRequest(_ matches: ([String: Any]) -> Bool) async throws -> [String: Any]? {
        let deadline = ContinuousClock.now + .seconds(15)
        while ContinuousClock.now < deadline {
            if let found = try await requests().first(where: matches) { return found }
            try await Task.sleep(for: .milliseconds(100))
        }
        return nil
    }

    /// Sends a MESSAGE_CREATE once the bot has a session.
    func dispatchMessage(id: String, content: String, authorID: String = "700000000000000001", name: String = "Ana Ruiz") async throws {
        let event = #"{"t":"MESSAGE_CREATE","d":{"id":"\#(id)","channel_id":"500000000000000001","guild_id":"600000000000000001","type":0,"content":"\#(content)","author":{"id":"\#(authorID)","username":"member","global_name":"\#(name)","discriminator":"0"},"member":{"nick":null,"roles":[]}}}"#
        try await postUntilAccepted(port: port, path: "/_dispatch", json: event, seconds: 15)
    }

    var environment: [String: String] {
        ["DISCORD_ENABLED": "true", "DISCORD_TOKEN": Self.token, "DISCORD_APPLICATION_ID": "100000000000000001",
         "DISCORD_API_URL": "http://127.0.0.1:\(port)/api/v10"]
    }
}

private func path(_ request: [String: Any]) -> String { request["path"] as? String ?? "" }
private func body(_ request: [String: Any]?) -> [String: Any] { request?["body"] as? [String: Any] ?? [:] }

@Suite("librarybot run with Discord enabled (and Slack), against emulated platforms")
struct DiscordRunTests {
    @Test("the digest of a busy shelf fits both platforms' limits: every loan shown, in Block Kit sections on Slack, in several messages on Discord")
    func busyShelf() async throws {
        let slack = try await EmulatedSlack()
        let discord = try await EmulatedDiscord()
        let library = try await ScratchLibrary()
        let database = library.path
        // 120 loans of long titles: some 12,000 characters, four times what one section holds.
        let title = { (number: Int) in "The Pragmatic Programmer Volume \(number): Your Journey to Mastery, 20th Anniversary Edition" }
        let commands = (1...120).map { "add \(title($0)) by David Thomas\ncheckout \(title($0)) as Member \($0)" }
        let setup = try await BinaryRunner.run(["console", "--database", database, "--as", "Ana"], stdin: commands.joined(separator: "\n") + "\n")
        #expect(setup.status == 0)

        let environment = slack.environment.merging(discord.environment) { $1 }
            .merging(["DIGEST_CHANNEL": "C-LIB", "DISCORD_DIGEST_CHANNEL": "500000000000000001"]) { $1 }
        let digest = try await BinaryRunner.run(["digest", "--post", "--database", database], environment: environment)
        #expect(digest.status == 0, "\(digest.stderr)")
        let posted = try await slack.requests().filter { ($0["path"] as? String) == "/api/chat.postMessage" }
        let blocks = (posted.first?["body"] as? [String: Any])?["blocks"] as? [[String: Any]] ?? []
        let texts = blocks.compactMap { ($0["text"] as? [String: Any])?["text"] as? String }
        #expect(texts.count > 4, "the loans are spread over several sections")
        let all = texts.joined(separator: "\n")
        let missing = (1...120).filter { !all.contains("Volume \($0):") }
        #expect(missing.isEmpty, "\(missing)")

        // The emulated Discord refuses a message past its limits, as Discord does (400): the
        // digest takes several messages, the first with the headline.
        let messages = try await discord.requests().filter { path($0) == "/channels/500000000000000001/messages" }.map { body($0) }
        #expect(messages.count == 4, "some 15,000 characters in embeds of at most 4,096")
        #expect((messages.first?["content"] as? String)?.hasPrefix("Who has what\\: 120 books out") == true)
        let descriptions = messages.compactMap { ($0["embeds"] as? [[String: Any]])?.first?["description"] as? String }.joined(separator: "\n")
        // Discord's markdown escapes the colon (emoji shortcodes).
        let missingOnDiscord = (1...120).filter { !descriptions.contains("Volume \($0)\\:") }
        #expect(missingOnDiscord.isEmpty, "\(missingOnDiscord)")
    }

    @Test("Discord and Slack together: the digest goes to both channels, a Discord command is answered, SIGTERM ends with 0; remind --post DMs the Discord borrower")
    func bothGateways() async throws {
        let discord = try await EmulatedDiscord()
        let slack = try await EmulatedSlack()
        let library = try await ScratchLibrary("add Dune by Frank Herbert\nadd Emma by Jane Austen\nadd Ulysses by James Joyce\ncheckout Emma\n", as: "Ben")
        let database = library.path
        let bot = try RunningBinary(["run", "--database", database], environment: discord.environment.merging(slack.environment) { $1 }.merging([
            "DIGEST_TIME": utcText(Date().addingTimeInterval(3), "HH:mm:ss"), "DIGEST_CHANNEL": "C-LIB",
            "DISCORD_DIGEST_CHANNEL": "500000000000000009",
        ]) { $1 })

        try await discord.dispatchMessage(id: "800000000000000001", content: "!library checkout Dune")
        let reply = try await discord.waitForRequest { body($0)["message_reference"] != nil }
        #expect(path(try #require(reply)) == "/channels/500000000000000001/messages")
        #expect((body(reply)["content"] as? String)?.hasPrefix("**Dune** is checked out to Ana Ruiz") == true)
        // Zed does not take direct messages (the emulator refuses them with 50007).
        try await discord.dispatchMessage(id: "800000000000000002", content: "!library checkout Ulysses", authorID: "799999999999999999", name: "Zed")
        _ = try await discord.waitForRequest { (body($0)["message_reference"] as? [String: Any])?["message_id"] as? String == "800000000000000002" }

        let discordDigest = try await discord.waitForRequest { path($0) == "/channels/500000000000000009/messages" }
        #expect((body(discordDigest)["content"] as? String)?.contains("Who has what") == true)
        #expect(body(discordDigest)["allowed_mentions"] != nil)
        let slackDigest = try await slack.requests().first { path($0) == "/api/chat.postMessage" }
        #expect(body(slackDigest)["channel"] as? String == "C-LIB")

        let (_, log) = try await bot.terminate()
        #expect(bot.child.exit == .exited(0))
        #expect(log.contains("Discord gateway starting.") && log.contains("Slack gateway starting."))
        #expect(!log.contains(EmulatedDiscord.token), "no token in the logs")

        // Ana borrowed on Discord: her reminder is a direct message there; Ben's (console) goes to
        // the channel, and so does Zed's, whose direct messages are closed.
        let later = utcText(Date().addingTimeInterval(20 * 86_400), "yyyy-MM-dd HH:mm")
        let remind = try await BinaryRunner.run(["remind", "--post", "--at", later, "--database", database],
                                          environment: discord.environment.merging(["DISCORD_DIGEST_CHANNEL": "500000000000000009"]) { $1 })
        #expect(remind.stdout == "Sent 3 reminders (0 already sent today).\n", "\(remind.stderr)")
        let requests = try await discord.requests()
        let opened = try #require(requests.first { path($0) == "/users/@me/channels" })
        #expect(body(opened)["recipient_id"] as? String == "700000000000000001")
        #expect(requests.contains { path($0) == "/channels/200000000000000001/messages" })
        #expect(requests.contains { path($0) == "/channels/299999999999999999/messages" }, "Zed's DM was tried first")
        // The digest, Ben's reminder and Zed's.
        #expect(requests.filter { path($0) == "/channels/500000000000000009/messages" }.count == 3)
    }

    @Test("a restart (SIGTERM, then run again) in the middle of a conversation: 'it' still names the book said before it")
    func itAcrossARestart() async throws {
        let library = try await ScratchLibrary("add Dune by Frank Herbert\nadd Emma by Jane Austen\n")
        let discord = try await EmulatedDiscord()
        let first = try RunningBinary(["run", "--database", library.path], environment: discord.environment)
        try await discord.dispatchMessage(id: "800000000000000011", content: "!library who has Dune")
        let told = try await discord.waitForRequest { (body($0)["message_reference"] as? [String: Any])?["message_id"] as? String == "800000000000000011" }
        #expect((body(told)["content"] as? String)?.hasPrefix("**Dune** is on the shelf") == true, "\(body(told))")
        _ = try await first.terminate()
        #expect(first.child.exit == .exited(0))

        let again = try await EmulatedDiscord()
        let second = try RunningBinary(["run", "--database", library.path], environment: again.environment)
        try await again.dispatchMessage(id: "800000000000000012", content: "!library checkout it")
        let lent = try await again.waitForRequest { (body($0)["message_reference"] as? [String: Any])?["message_id"] as? String == "800000000000000012" }
        #expect((body(lent)["content"] as? String)?.hasPrefix("**Dune** is checked out to Ana Ruiz") == true, "\(body(lent))")
        _ = try await second.terminate()
    }

    @Test("Slack and Discord together: a book returned on Discord tells the member waiting for it on Slack, in a Slack direct message")
    func holdNoticeAcrossPlatforms() async throws {
        let discord = try await EmulatedDiscord()
        let slack = try await EmulatedSlack()
        let library = try await ScratchLibrary("add Dune by Frank Herbert\ncheckout Dune\n", as: "Ana")
        let bot = try RunningBinary(["run", "--database", library.path], environment: discord.environment.merging(slack.environment) { $1 })
        // Ben waits for Dune, from a direct message on Slack.
        try await slack.push(#"{"envelope_id":"x-1","type":"events_api","payload":{"event_id":"EvX1","event":{"type":"message","channel_type":"im","user":"U-BEN","text":"hold dune","ts":"3.1","channel":"D-BEN"}}}"#)
        let deadline = ContinuousClock.now + .seconds(patience)
        while try await !slack.requests().contains(where: { body($0)["channel"] as? String == "D-BEN" }), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
        // Ana brings it back on Discord.
        try await discord.dispatchMessage(id: "800000000000000061", content: "!library return Dune")
        _ = try await discord.waitForRequest { (body($0)["message_reference"] as? [String: Any])?["message_id"] as? String == "800000000000000061" }
        var notice: [String: Any]?
        while notice == nil, ContinuousClock.now < deadline + .seconds(patience) {
            notice = try await slack.requests().first { path($0) == "/api/chat.postMessage" && body($0)["channel"] as? String == "U-BEN" }
            if notice == nil { try await Task.sleep(for: .milliseconds(50)) }
        }
        let text = body(notice)["text"] as? String
        let seen = try await slack.requests().map { body($0) }
        #expect(text?.hasPrefix("Dune is on the shelf, kept for you until ") == true, "Slack got: \(seen)")
        _ = try await bot.terminate()
    }

    @Test("discord register-commands --guild registers /library; a missing application id or token is named")
    func registerCommands() async throws {
        let discord = try await EmulatedDiscord()
        let library = try await ScratchLibrary()
        let database = library.path
        let result = try await BinaryRunner.run(["discord", "register-commands", "--guild", "600000000000000001", "--database", database],
                                          environment: discord.environment)
        #expect(result.status == 0)
        #expect(result.stdout == "Registered /library in server 600000000000000001.\n")
        let put = try #require(try await discord.requests().first { ($0["method"] as? String) == "PUT" })
        #expect(path(put) == "/applications/100000000000000001/guilds/600000000000000001/commands")

        let missing = try await BinaryRunner.run(["discord", "register-commands", "--database", database],
                                           environment: discord.environment.merging(["DISCORD_APPLICATION_ID": ""]) { $1 })
        #expect(missing.status != 0 && missing.stderr.contains("discord.application_id is missing"))
        let rejected = try await BinaryRunner.run(["discord", "register-commands", "--database", database],
                                            environment: discord.environment.merging(["DISCORD_TOKEN": "revoked-secret"]) { $1 })
        #expect(rejected.status != 0 && rejected.stderr.contains("HTTP 401"))
        #expect(!rejected.stderr.contains("revoked-secret"))
    }

    @Test("run with a token Discord rejects stops with one clear line and status 1 (no restart under systemd); a missing one names the key (2)")
    func rejectedToken() async throws {
        let discord = try await EmulatedDiscord()
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await BinaryRunner.run(["run", "--database", folder.appendingPathComponent("t.sqlite").path],
                                          environment: discord.environment.merging(["DISCORD_TOKEN": "revoked-secret"]) { $1 })
        #expect(result.status == 1)
        #expect(result.stderr.contains("Discord rejected the token (HTTP 401 on GET /gateway/bot): check DISCORD_TOKEN."))
        #expect(!result.stderr.contains("revoked-secret"))
        let absent = try await BinaryRunner.run(["run", "--database", folder.appendingPathComponent("t.sqlite").path],
                                          environment: discord.environment.merging(["DISCORD_TOKEN": ""]) { $1 })
        #expect(absent.status == 2)
        #expect(absent.stderr.contains("Configuration error: discord.token is missing"))
    }

    @Test("Discord closing with 4014 (Message Content intent not enabled) stops run (status 1) with a line saying what to turn on")
    func disallowedIntent() async throws {
        let discord = try await EmulatedDiscord(arguments: ["--close-on-identify", "4014"])
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await BinaryRunner.run(["run", "--database", folder.appendingPathComponent("i.sqlite").path], environment: discord.environment)
        #expect(result.status == 1)
        #expect(result.stderr.contains("Discord closed the gateway with 4014"))
        #expect(result.stderr.contains("Message Content Intent"))
    }
}
