import Foundation
import TestSupport
import Testing
import Transport

/// The Discord emulator of the gateway tests (see PythonPeer and discord_emulator.py).
final class EmulatedDiscord {
    static let token = "discord-test-token"
    private let peer: PythonPeer
    var port: Int { peer.port }

    init(arguments: [String] = []) throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("GatewaysTests/Resources/discord_emulator.py")
        peer = try PythonPeer(script: script.path, arguments: arguments)
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
    func dispatchMessage(id: String, content: String, authorID: String = "700000000000000001") async throws {
        let event = #"{"t":"MESSAGE_CREATE","d":{"id":"\#(id)","channel_id":"500000000000000001","guild_id":"600000000000000001","type":0,"content":"\#(content)","author":{"id":"\#(authorID)","username":"ana.r","global_name":"Ana Ruiz","discriminator":"0"},"member":{"nick":null,"roles":[]}}}"#
        let deadline = ContinuousClock.now + .seconds(15)
        while true {
            let response = try await HTTPClient.shared.execute(HTTPRequest(method: "POST", url: "http://127.0.0.1:\(port)/_dispatch",
                                                                           headers: [("Content-Type", "application/json")], body: Data(event.utf8)))
            if response.status == 200 { return }
            guard ContinuousClock.now < deadline else { throw CocoaError(.fileReadUnknown) }
            try await Task.sleep(for: .milliseconds(100))
        }
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
    @Test("Discord and Slack together: the digest goes to both channels, a Discord command is answered, SIGTERM ends with 0; remind --post DMs the Discord borrower")
    func bothGateways() async throws {
        let discord = try EmulatedDiscord()
        let slack = try EmulatedSlack()
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = folder.appendingPathComponent("d.sqlite").path
        _ = try BinaryRunner.run(["console", "--database", database, "--as", "Ben"], stdin: "add Dune by Frank Herbert\nadd Emma by Jane Austen\ncheckout Emma\n")
        let bot = try RunningBinary(["run", "--database", database], environment: discord.environment.merging(slack.environment) { $1 }.merging([
            "DIGEST_TIME": utcText(Date().addingTimeInterval(3), "HH:mm:ss"), "DIGEST_CHANNEL": "C-LIB",
            "DISCORD_DIGEST_CHANNEL": "500000000000000009",
        ]) { $1 })

        try await discord.dispatchMessage(id: "800000000000000001", content: "!library checkout Dune")
        let reply = try await discord.waitForRequest { body($0)["message_reference"] != nil }
        #expect(path(try #require(reply)) == "/channels/500000000000000001/messages")
        #expect((body(reply)["content"] as? String)?.hasPrefix("**Dune** is checked out to Ana Ruiz") == true)

        let discordDigest = try await discord.waitForRequest { path($0) == "/channels/500000000000000009/messages" }
        #expect((body(discordDigest)["content"] as? String)?.contains("Who has what") == true)
        #expect(body(discordDigest)["allowed_mentions"] != nil)
        let slackDigest = try await slack.requests().first { path($0) == "/api/chat.postMessage" }
        #expect(body(slackDigest)["channel"] as? String == "C-LIB")

        let (_, log) = try await bot.terminate()
        #expect(bot.process.terminationStatus == 0)
        #expect(log.contains("Discord gateway starting.") && log.contains("Slack gateway starting."))
        #expect(!log.contains(EmulatedDiscord.token), "no token in the logs")

        // Ana borrowed on Discord: her reminder is a direct message there; Ben's (console) goes to the channel.
        let later = utcText(Date().addingTimeInterval(20 * 86_400), "yyyy-MM-dd HH:mm")
        let remind = try BinaryRunner.run(["remind", "--post", "--at", later, "--database", database],
                                          environment: discord.environment.merging(["DISCORD_DIGEST_CHANNEL": "500000000000000009"]) { $1 })
        #expect(remind.stdout == "Sent 2 reminders (0 already sent today).\n")
        let requests = try await discord.requests()
        let opened = try #require(requests.first { path($0) == "/users/@me/channels" })
        #expect(body(opened)["recipient_id"] as? String == "700000000000000001")
        #expect(requests.contains { path($0) == "/channels/200000000000000001/messages" })
        #expect(requests.filter { path($0) == "/channels/500000000000000009/messages" }.count == 2)
    }

    @Test("discord register-commands --guild registers /library; a missing application id or token is named")
    func registerCommands() async throws {
        let discord = try EmulatedDiscord()
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = folder.appendingPathComponent("r.sqlite").path
        let result = try BinaryRunner.run(["discord", "register-commands", "--guild", "600000000000000001", "--database", database],
                                          environment: discord.environment)
        #expect(result.status == 0)
        #expect(result.stdout == "Registered /library in server 600000000000000001.\n")
        let put = try #require(try await discord.requests().first { ($0["method"] as? String) == "PUT" })
        #expect(path(put) == "/applications/100000000000000001/guilds/600000000000000001/commands")

        let missing = try BinaryRunner.run(["discord", "register-commands", "--database", database],
                                           environment: discord.environment.merging(["DISCORD_APPLICATION_ID": ""]) { $1 })
        #expect(missing.status != 0 && missing.stderr.contains("discord.application_id is missing"))
        let rejected = try BinaryRunner.run(["discord", "register-commands", "--database", database],
                                            environment: discord.environment.merging(["DISCORD_TOKEN": "revoked-secret"]) { $1 })
        #expect(rejected.status != 0 && rejected.stderr.contains("HTTP 401"))
        #expect(!rejected.stderr.contains("revoked-secret"))
    }

    @Test("run with a token Discord rejects stops with one clear line and a non-zero status; a missing one names the key (2)")
    func rejectedToken() throws {
        let discord = try EmulatedDiscord()
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try BinaryRunner.run(["run", "--database", folder.appendingPathComponent("t.sqlite").path],
                                          environment: discord.environment.merging(["DISCORD_TOKEN": "revoked-secret"]) { $1 })
        #expect(result.status != 0)
        #expect(result.stderr.contains("Discord rejected the token (HTTP 401 on GET /gateway/bot): check DISCORD_TOKEN."))
        #expect(!result.stderr.contains("revoked-secret"))
        let absent = try BinaryRunner.run(["run", "--database", folder.appendingPathComponent("t.sqlite").path],
                                          environment: discord.environment.merging(["DISCORD_TOKEN": ""]) { $1 })
        #expect(absent.status == 2)
        #expect(absent.stderr.contains("Configuration error: discord.token is missing"))
    }

    @Test("Discord closing with 4014 (Message Content intent not enabled) stops run with a line saying what to turn on")
    func disallowedIntent() throws {
        let discord = try EmulatedDiscord(arguments: ["--close-on-identify", "4014"])
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try BinaryRunner.run(["run", "--database", folder.appendingPathComponent("i.sqlite").path], environment: discord.environment)
        #expect(result.status != 0)
        #expect(result.stderr.contains("Discord closed the gateway with 4014"))
        #expect(result.stderr.contains("Message Content Intent"))
    }
}
