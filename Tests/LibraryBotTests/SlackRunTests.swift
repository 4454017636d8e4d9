import Foundation
import LibraryCore
import TestSupport
import Testing
import Transport

/// The Slack emulator of the gateway tests, started with Socket Mode on (see PythonPeer).
final class EmulatedSlack {
    private let peer: PythonPeer
    var port: Int { peer.port }

    init() async throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("GatewaysTests/Resources/slack_emulator.py")
        peer = try await PythonPeer(script: script.path, arguments: ["--socket-mode"])
    }

    /// The Web API requests received so far, as raw JSON objects.
    func requests() async throws -> [[String: Any]] {
        let data = try await HTTPClient.shared.get("http://127.0.0.1:\(port)/_requests").body
        return (try JSONSerialization.jsonObject(with: data) as? [[String: Any]]) ?? []
    }

    /// Pushes a Socket Mode message to the connected app (retrying until it is connected).
    func push(_ json: String) async throws {
        try await postUntilAccepted(port: port, path: "/_send", json: json, seconds: 15)
    }

    var environment: [String: String] {
        ["SLACK_ENABLED": "true", "SLACK_APP_TOKEN": "xapp-test", "SLACK_BOT_TOKEN": "xoxb-test",
         "SLACK_API_URL": "http://127.0.0.1:\(port)/api/"]
    }
}

@Suite("librarybot run with Slack enabled, against an emulated Slack")
struct SlackRunTests {
    @Test("the digest arrives in its channel at the configured time; SIGTERM then ends the process with 0 (4 s grace period, no hang)")
    func digestToSlack() async throws {
        let slack = try await EmulatedSlack()
        let library = try await ScratchLibrary("add Dune by Frank Herbert\ncheckout Dune\n")
        let database = library.path
        let bot = try RunningBinary(["run", "--database", database], environment: slack.environment.merging([
            "DIGEST_TIME": utcText(Date().addingTimeInterval(3), "HH:mm:ss"), "DIGEST_CHANNEL": "C-LIB",
        ]) { $1 })

        var digest: [String: Any]? = nil
        let deadline = Date().addingTimeInterval(15)
        while digest == nil, Date() < deadline {
            digest = try await slack.requests().first { ($0["path"] as? String) == "/api/chat.postMessage" }
            if digest == nil { try await Task.sleep(for: .milliseconds(100)) }
        }
        guard let body = digest?["body"] as? [String: Any] else {
            Issue.record("no digest within 15 s; the bot logged:\n\(try await bot.terminate().stderr)")
            return
        }
        #expect(body["channel"] as? String == "C-LIB")
        #expect((body["text"] as? String)?.hasPrefix("Who has what: 1 book out") == true)
        #expect(body["blocks"] is [Any])

        let (elapsed, log) = try await bot.terminate()
        // The grace period is 4 s; the rest is room for a loaded machine (a full `swift build`
        // beside it once took 8 s). A shutdown that waits on a peer would take the whole timeout.
        #expect(elapsed < .seconds(10))
        #expect(bot.child.exit == .exited(0))
        #expect(log.contains("Slack gateway starting."))
        #expect(!log.contains("xoxb-test") && !log.contains("xapp-test"), "no token in the logs")
    }

    @Test("a rejected token stops with one clear line and status 1 (no restart under systemd); a missing one names the key (2)")
    func badTokens() async throws {
        let slack = try await EmulatedSlack()
        let library = try await ScratchLibrary()
        let database = library.path
        let rejected = try await BinaryRunner.run(["run", "--database", database],
                                            environment: slack.environment.merging(["SLACK_BOT_TOKEN": "xoxb-revoked-secret"]) { $1 })
        #expect(rejected.status == 1)
        #expect(rejected.stderr.contains("Slack rejected the token (invalid_auth on auth.test)"))
        #expect(!rejected.stderr.contains("revoked-secret"))
        var missing = slack.environment
        missing["SLACK_BOT_TOKEN"] = ""
        let absent = try await BinaryRunner.run(["run", "--database", database], environment: missing)
        #expect(absent.status == 2)
        #expect(absent.stderr.contains("Configuration error: slack.bot_token is missing"))
    }
}

@Suite("librarybot digest and remind --post, through Slack")
struct SlackPostTests {
    @Test("digest --post goes to digest.channel; remind --post sends a DM once a day")
    func post() async throws {
        let slack = try await EmulatedSlack()
        let library = try await ScratchLibrary("add Dune by Frank Herbert\n")
        let database = library.path
        let environment = slack.environment.merging(["DIGEST_CHANNEL": "C-LIB"]) { $1 }

        let digest = try await BinaryRunner.run(["digest", "--post", "--database", database], environment: environment)
        #expect(digest.status == 0)
        #expect(digest.stdout == "Posted the digest to C-LIB.\n")
        let posted = try await slack.requests().filter { ($0["path"] as? String) == "/api/chat.postMessage" }
        #expect((posted.first?["body"] as? [String: Any])?["channel"] as? String == "C-LIB")

        _ = try await BinaryRunner.run(["console", "--database", database, "--as", "Zoé"], stdin: "checkout Dune\n")
        let later = utcText(Date().addingTimeInterval(20 * 86_400), "yyyy-MM-dd HH:mm")
        let first = try await BinaryRunner.run(["remind", "--post", "--at", later, "--database", database], environment: environment)
        #expect(first.stdout == "Sent 1 reminder (0 already sent today).\n")
        let again = try await BinaryRunner.run(["remind", "--post", "--at", later, "--database", database], environment: environment)
        #expect(again.stdout == "Sent 0 reminders (1 already sent today).\n")
        let reminders = try await slack.requests().filter { ($0["path"] as? String) == "/api/chat.postMessage" }.dropFirst()
        #expect(reminders.count == 1)
        // Zoé has no Slack id (she borrowed at the console): her reminder goes to the channel.
        #expect((reminders.first?["body"] as? [String: Any])?["channel"] as? String == "C-LIB")

        // remind --post also lapses the holds kept too long, as the daily run does: Yann, who
        // waited at the console, cannot be written to, and Dune is free again.
        _ = try await BinaryRunner.run(["console", "--database", database, "--as", "Yann"], stdin: "hold Dune\n")
        _ = try await BinaryRunner.run(["console", "--database", database, "--as", "Zoé"], stdin: "return Dune\n")
        let lapsed = try await BinaryRunner.run(["remind", "--post", "--at", later, "--database", database], environment: environment)
        #expect(lapsed.stdout.hasPrefix("1 hold lapsed: Dune (Yann); 0 of 1 message sent.\n"), "\(lapsed.stdout)")
        let asked = try await BinaryRunner.run(["console", "--database", database, "--as", "Xavier"], stdin: "who has Dune\n")
        #expect(asked.stdout.hasPrefix("Dune is on the shelf.\n"), "\(asked.stdout)")
    }

    @Test("a book returned at the console, with Slack enabled, tells the member it is now kept for by direct message")
    func consoleReturnTellsTheHolder() async throws {
        let slack = try await EmulatedSlack()
        let library = try await ScratchLibrary("add Dune by Frank Herbert\ncheckout Dune\n")
        // Ben waits for Dune from Slack (his hold has his user id).
        let service = LibraryService(database: try LibraryDatabase.file(at: library.path))
        try await service.hold("Dune", for: Borrower(name: "Ben", userID: "U-BEN"), at: Date())
        let returned = try await BinaryRunner.run(["console", "--database", library.path, "--as", "Ana"], stdin: "return Dune\n",
                                                  environment: slack.environment)
        #expect(returned.stdout.contains("Ben is first in line for it"), "\(returned.stdout)")
        let posts = try await slack.requests().filter { ($0["path"] as? String) == "/api/chat.postMessage" }.map { $0["body"] as? [String: Any] ?? [:] }
        #expect(posts.map { $0["channel"] as? String } == ["U-BEN"])
        #expect((posts.first?["text"] as? String)?.hasPrefix("Dune is on the shelf, kept for you until ") == true)
        // Without a platform enabled, the console has nobody to tell (its reply names the member).
        try await service.checkout("Dune", to: Borrower(name: "Ben", userID: "U-BEN"), at: Date())
        try await service.hold("Dune", for: Borrower(name: "Chloé", userID: "U-CHLOE"), at: Date())
        let offline = try await BinaryRunner.run(["console", "--database", library.path, "--as", "Ana"], stdin: "return Dune\n")
        #expect(offline.stdout.contains("Chloé is first in line for it"), "\(offline.stdout)")
        #expect(try await slack.requests().filter { ($0["path"] as? String) == "/api/chat.postMessage" }.count == 1)
    }

    @Test("log.level debug writes a line per command answered (who, what, how it went), never the text typed; info does not")
    func commandLog() async throws {
        let library = try await ScratchLibrary("add Dune by Frank Herbert\n")
        for (level, logged) in [("debug", true), ("info", false)] {
            // A fresh Slack each time: the emulator sends to the newest socket, closed or not.
            let slack = try await EmulatedSlack()
            let bot = try RunningBinary(["run", "--database", library.path], environment: slack.environment.merging(["LOG_LEVEL": level]) { $1 })
            let id = "log-\(level)"
            try await slack.push(#"{"envelope_id":"\#(id)","type":"slash_commands","payload":{"channel_id":"C-LIB","user_id":"U-ANA","user_name":"ana","command":"/library","text":"who has Dune","response_url":"http://127.0.0.1:\#(slack.port)/response/\#(id)"}}"#)
            let deadline = Date().addingTimeInterval(10)
            while try await !slack.requests().contains(where: { ($0["path"] as? String) == "/response/\(id)" }), Date() < deadline {
                try await Task.sleep(for: .milliseconds(100))
            }
            // A message of two commands names both.
            let two = "\(id)-two"
            try await slack.push(#"{"envelope_id":"\#(two)","type":"slash_commands","payload":{"channel_id":"C-LIB","user_id":"U-ANA","user_name":"ana","command":"/library","text":"who has Dune; who has what","response_url":"http://127.0.0.1:\#(slack.port)/response/\#(two)"}}"#)
            while try await !slack.requests().contains(where: { ($0["path"] as? String) == "/response/\(two)" }), Date() < deadline {
                try await Task.sleep(for: .milliseconds(100))
            }
            let (_, log) = try await bot.terminate()
            let lines = log.split(separator: "\n").filter { $0.contains("Command answered.") }
            #expect(lines.count == (logged ? 2 : 0), "\(level): \(log)")
            if let line = lines.first {
                for field in ["platform=Slack", "user=U-ANA", "intent=who_has", "outcome=info", "ms="] {
                    #expect(line.contains(field), "\(line)")
                }
            }
            if lines.count == 2 { #expect(lines[1].contains("intent=several: who_has, digest"), "\(lines[1])") }
            #expect(!log.contains("who has Dune"), "the text typed stays out of the log")
        }
    }

    @Test("library.admins written as one id in the YAML file makes that member the only admin, not everyone")
    func oneAdminInYAML() async throws {
        let slack = try await EmulatedSlack()
        let library = try await ScratchLibrary()
        let config = URL(fileURLWithPath: library.path).deletingLastPathComponent().appendingPathComponent("librarybot.yaml")
        try "library:\n  admins: U-BOSS\n".write(to: config, atomically: true, encoding: .utf8)
        let bot = try RunningBinary(["run", "--config", config.path, "--database", library.path], environment: slack.environment)
        func ask(_ id: String, as user: String, _ text: String) async throws -> String? {
            try await slack.push(#"{"envelope_id":"\#(id)","type":"slash_commands","payload":{"channel_id":"C-LIB","user_id":"\#(user)","user_name":"x","command":"/library","text":"\#(text)","response_url":"http://127.0.0.1:\#(slack.port)/response/\#(id)"}}"#)
            let deadline = Date().addingTimeInterval(10)
            while Date() < deadline {
                if let reply = try await slack.requests().first(where: { ($0["path"] as? String) == "/response/\(id)" }) {
                    return (reply["body"] as? [String: Any])?["text"] as? String
                }
                try await Task.sleep(for: .milliseconds(100))
            }
            return nil
        }
        let refused = try await ask("a1", as: "U-ANA", "add Emma by Jane Austen")
        let added = try await ask("a2", as: "U-BOSS", "add Emma by Jane Austen")
        _ = try await bot.terminate()
        #expect(refused?.hasPrefix("Only the library's admins may add books.") == true, "\(refused ?? "no reply")")
        #expect(added?.hasPrefix("Added Emma by Jane Austen as #1.") == true, "\(added ?? "no reply")")
    }

    @Test("a reminder to a member Slack cannot reach directly goes to the digest channel instead")
    func reminderFallsBackToChannel() async throws {
        let slack = try await EmulatedSlack()
        let library = try await ScratchLibrary("add Dune by Frank Herbert\n")
        let database = library.path
        let environment = slack.environment.merging(["DIGEST_CHANNEL": "C-LIB"]) { $1 }
        let bot = try RunningBinary(["run", "--database", database], environment: environment)
        try await slack.push(#"{"envelope_id":"g1","type":"slash_commands","payload":{"channel_id":"C-LIB","user_id":"U-GONE","user_name":"gone","command":"/library","text":"checkout Dune","response_url":"http://127.0.0.1:\#(slack.port)/response/g1"}}"#)
        let deadline = Date().addingTimeInterval(10)
        while try await !slack.requests().contains(where: { ($0["path"] as? String) == "/response/g1" }), Date() < deadline {
            try await Task.sleep(for: .milliseconds(100))
        }
        _ = try await bot.terminate()

        let later = utcText(Date().addingTimeInterval(20 * 86_400), "yyyy-MM-dd HH:mm")
        let remind = try await BinaryRunner.run(["remind", "--post", "--at", later, "--database", database], environment: environment)
        #expect(remind.stdout == "Sent 1 reminder (0 already sent today).\n", "\(remind.stderr)")
        let posts = try await slack.requests().filter { ($0["path"] as? String) == "/api/chat.postMessage" }
        #expect(posts.compactMap { ($0["body"] as? [String: Any])?["channel"] as? String } == ["U-GONE", "C-LIB"],
                "the direct message first, then the channel")
    }

    @Test("a reminder Slack refuses is not counted as sent: remind --post says so, and the next try sends it")
    func reminderRetried() async throws {
        let slack = try await EmulatedSlack()
        let library = try await ScratchLibrary("add Dune by Frank Herbert\ncheckout Dune\n", as: "Zoé")
        let database = library.path
        let later = utcText(Date().addingTimeInterval(20 * 86_400), "yyyy-MM-dd HH:mm")
        // Zoé has no Slack id, so her reminder goes to the digest channel, which Slack says does not exist.
        let refused = try await BinaryRunner.run(["remind", "--post", "--at", later, "--database", database],
                                           environment: slack.environment.merging(["DIGEST_CHANNEL": "C-NOWHERE"]) { $1 })
        #expect(refused.status != 0)
        #expect(refused.stdout == "Sent 0 reminders (0 already sent today).\n")
        #expect(refused.stderr.contains("1 reminder could not be sent (to Zoé: "), "\(refused.stderr)")
        #expect(refused.stderr.contains("channel_not_found"))
        #expect(!refused.stderr.contains("xoxb-test"))
        let retried = try await BinaryRunner.run(["remind", "--post", "--at", later, "--database", database],
                                           environment: slack.environment.merging(["DIGEST_CHANNEL": "C-LIB"]) { $1 })
        #expect(retried.status == 0)
        #expect(retried.stdout == "Sent 1 reminder (0 already sent today).\n")
    }
}
