import Commands
import Foundation
import Gateways
import LibraryCore
import TestSupport
import Synchronization
import Testing
import Transport

/// A gateway on a real in-memory library holding Dune, against the emulator.
/// Given a `database`, the gateway works on it as it is (a restart).
func startGateway(_ slack: SlackEmulator, botToken: String = "xoxb-test", settings: HandlerSettings = HandlerSettings(),
                  database: LibraryDatabase? = nil,
                  now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }) async throws -> (SlackGateway, Task<Void, any Error>) {
    let library = LibraryService(database: try database ?? LibraryDatabase.inMemory())
    if database == nil { try await library.add(NewBook(title: "Dune", author: "Frank Herbert"), at: Date()) }
    let gateway = SlackGateway(api: slack.api(botToken: botToken), handler: CommandHandler(library: library, settings: settings), now: now)
    let task = Task { try await gateway.run() }
    return (gateway, task)
}

extension SlackEmulator {
    struct Ack: Decodable { var envelope_id: String }

    /// Pushes a Socket Mode message to the app, once it is connected.
    func push(_ json: String) async throws {
        try await postUntilAccepted(port: port, path: "/_send", json: json)
    }

    func acks() async throws -> [Ack] { try await HTTPClient.shared.get("http://127.0.0.1:\(port)/_acks").json() }

    /// Waits until the received requests satisfy `condition`, or `seconds` (for a condition
    /// that must not come true, how long to watch).
    func wait(seconds: Int = patience, until condition: ([Received]) -> Bool) async throws -> [Received] {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while true {
            let requests = try await received()
            if condition(requests) || ContinuousClock.now > deadline { return requests }
            try await Task.sleep(for: .milliseconds(50))
        }
    }
}

@Suite("SlackGateway: Socket Mode against an emulated Slack")
struct SlackGatewayTests {
    @Test("hello, then a slash command: acked by envelope id, answered in the channel on its response_url")
    func slashCommand() async throws {
        let slack = try await SlackEmulator(socketMode: true)
        let (_, task) = try await startGateway(slack)
        defer { task.cancel() }
        try await slack.push("""
            {"envelope_id":"env-1","type":"slash_commands","accepts_response_payload":true,"payload":{
              "token":"x","team_id":"T1","channel_id":"C-LIB","user_id":"U-ANA","user_name":"ana.r","command":"/library",
              "text":"checkout Dune","response_url":"http://127.0.0.1:\(slack.port)/response/1","trigger_id":"t"}}
            """)
        let requests = try await slack.wait { $0.contains { $0.path == "/response/1" } }
        let response = try #require(requests.first { $0.path == "/response/1" })
        #expect(response.body["response_type"]?.string == "in_channel")
        #expect(response.body["text"]?.string?.hasPrefix("Dune is checked out to Ana.") == true)
        #expect(try await slack.acks().map(\.envelope_id) == ["env-1"])
    }

    @Test("one member's slash commands in a burst act on the library in the order sent")
    func orderPerMember() async throws {
        let slack = try await SlackEmulator(socketMode: true)
        let (_, task) = try await startGateway(slack)
        defer { task.cancel() }
        try await slack.push(#"{"type":"ping"}"#)  // returns once the app is connected
        let envelopes = (0..<10).map { number in
            #"{"envelope_id":"o\#(number)","type":"slash_commands","payload":{"channel_id":"C-LIB","user_id":"U-ANA","command":"/library","#
                + #""text":"\#(number % 2 == 0 ? "checkout" : "return") Dune","response_url":"http://127.0.0.1:\#(slack.port)/response/o\#(number)"}}"#
        }
        _ = try await HTTPClient.shared.execute(HTTPRequest(method: "POST", url: "http://127.0.0.1:\(slack.port)/_send_many",
                                                            headers: [("Content-Type", "application/json")],
                                                            body: Data("{\"messages\":[\(envelopes.joined(separator: ","))]}".utf8)))
        let requests = try await slack.wait { $0.filter { $0.path.hasPrefix("/response/o") }.count >= 10 }
        // Handled in the order sent: every checkout found Dune on the shelf and every return found
        // it lent (the replies themselves may be posted in any order).
        let answers = requests.filter { $0.path.hasPrefix("/response/o") }
        #expect(answers.count == 10)
        for answer in answers {
            let number = Int(answer.path.dropFirst("/response/o".count)) ?? -1
            let text = answer.body["text"]?.string ?? ""
            #expect(text.contains(number % 2 == 0 ? "Dune is checked out to Ana" : "Dune is back on the shelf"), "\(number): \(text)")
        }
    }

    @Test("a member whose Slack is in French is answered in French when their words say no language, until they write in English")
    func slackLocale() async throws {
        let slack = try await SlackEmulator(socketMode: true)
        let (_, task) = try await startGateway(slack)
        defer { task.cancel() }
        func answer(_ id: String, _ text: String) async throws -> String? {
            try await slack.push("""
                {"envelope_id":"\(id)","type":"slash_commands","payload":{"channel_id":"C-LIB","user_id":"U-ZOE","command":"/library",
                  "text":"\(text)","response_url":"http://127.0.0.1:\(slack.port)/response/\(id)"}}
                """)
            return try await slack.wait { $0.contains { $0.path == "/response/\(id)" } }.first { $0.path == "/response/\(id)" }?.body["text"]?.string
        }
        let first = try await answer("z1", "Dune")
        #expect(first?.hasPrefix("Dune est sur l'étagère.") == true, "\(first ?? "")")
        #expect(try await answer("z2", "who has Dune")?.hasPrefix("Dune is on the shelf.") == true)
        #expect(try await answer("z3", "Dune")?.hasPrefix("Dune is on the shelf.") == true)
    }

    @Test("an error, help or the lending rules are answered only to the user")
    func ephemeral() async throws {
        let slack = try await SlackEmulator(socketMode: true)
        let (_, task) = try await startGateway(slack)
        defer { task.cancel() }
        try await slack.push("""
            {"envelope_id":"env-2","type":"slash_commands","payload":{"channel_id":"C-LIB","user_id":"U-ANA","command":"/library",
              "text":"return Dune","response_url":"http://127.0.0.1:\(slack.port)/response/2"}}
            """)
        let requests = try await slack.wait { $0.contains { $0.path == "/response/2" } }
        #expect(requests.first { $0.path == "/response/2" }?.body["response_type"]?.string == "ephemeral")
        // The lending rules are help too; about a book, they say where it stands, for the channel.
        for (id, text) in [("3", "rules"), ("4", "how long can I keep Dune")] {
            try await slack.push("""
                {"envelope_id":"env-\(id)","type":"slash_commands","payload":{"channel_id":"C-LIB","user_id":"U-ANA","command":"/library",
                  "text":"\(text)","response_url":"http://127.0.0.1:\(slack.port)/response/\(id)"}}
                """)
        }
        let more = try await slack.wait { requests in ["/response/3", "/response/4"].allSatisfy { path in requests.contains { $0.path == path } } }
        #expect(more.first { $0.path == "/response/3" }?.body["response_type"]?.string == "ephemeral")
        #expect(more.first { $0.path == "/response/4" }?.body["response_type"]?.string == "in_channel")
    }

    @Test("an app mention is answered in its thread with chat.postMessage")
    func mention() async throws {
        let slack = try await SlackEmulator(socketMode: true)
        let (_, task) = try await startGateway(slack)
        defer { task.cancel() }
        try await slack.push("""
            {"envelope_id":"env-3","type":"events_api","retry_attempt":0,"payload":{"type":"event_callback","event_id":"Ev1",
              "event":{"type":"app_mention","user":"U-BEN","text":"<@U-BOT> who has Dune","ts":"1700000001.000100","channel":"C-LIB"}}}
            """)
        let requests = try await slack.wait { $0.contains { $0.path == "/api/chat.postMessage" } }
        let post = try #require(requests.first { $0.path == "/api/chat.postMessage" })
        #expect(post.body["channel"]?.string == "C-LIB")
        #expect(post.body["thread_ts"]?.string == "1700000001.000100")
        #expect(post.body["text"]?.string?.contains("Dune is on the shelf.") == true)
    }

    @Test("the bot mentioned after a greeting or at the end is no part of the command: 'hey @librarybot, who has Dune?' is answered as 'who has Dune'")
    func mentionAnywhere() async throws {
        let slack = try await SlackEmulator(socketMode: true)
        let (_, task) = try await startGateway(slack)
        defer { task.cancel() }
        try await slack.push(#"{"envelope_id":"a-1","type":"events_api","payload":{"event_id":"EvA1","event":{"type":"app_mention","user":"U-ANA","text":"hey <@U-BOT>, checkout Dune as <@U-BEN>","ts":"4.1","channel":"C-LIB"}}}"#)
        var requests = try await slack.wait { $0.contains { $0.path == "/api/chat.postMessage" && $0.body["thread_ts"]?.string == "4.1" } }
        let lent = try #require(requests.first { $0.path == "/api/chat.postMessage" && $0.body["thread_ts"]?.string == "4.1" })
        #expect(lent.body["text"]?.string?.hasPrefix("Dune is checked out to Ben Okafor.") == true, "\(lent.body)")
        try await slack.push(#"{"envelope_id":"a-2","type":"events_api","payload":{"event_id":"EvA2","event":{"type":"app_mention","user":"U-ANA","text":"who has Dune, <@U-BOT>?","ts":"4.2","channel":"C-LIB"}}}"#)
        requests = try await slack.wait { $0.contains { $0.path == "/api/chat.postMessage" && $0.body["thread_ts"]?.string == "4.2" } }
        let asked = try #require(requests.first { $0.path == "/api/chat.postMessage" && $0.body["thread_ts"]?.string == "4.2" })
        #expect(asked.body["text"]?.string?.hasPrefix("Ben Okafor has Dune") == true, "\(asked.body)")
    }

    @Test("checkout as a mentioned member lends to them (named by users.info, with their id); & < > arrive escaped and are read as typed")
    func mentionAndEntities() async throws {
        let slack = try await SlackEmulator(socketMode: true)
        let (_, task) = try await startGateway(slack)
        defer { task.cancel() }
        // As Slack sends them: a user mention as <@ID>, and the member's & < > as entities.
        try await slack.push(#"{"envelope_id":"m-1","type":"events_api","payload":{"event_id":"EvM1","event":{"type":"app_mention","user":"U-ANA","text":"<@U-BOT> checkout Dune as <@U-BEN>","ts":"1.1","channel":"C-LIB"}}}"#)
        try await slack.push(#"{"envelope_id":"m-2","type":"events_api","payload":{"event_id":"EvM2","event":{"type":"message","channel_type":"im","user":"U-ANA","text":"add Pride &amp; Prejudice &lt;2nd ed.&gt; by Jane Austen","ts":"1.2","channel":"D-ANA"}}}"#)
        let requests = try await slack.wait { requests in
            Set(requests.filter { $0.path == "/api/chat.postMessage" }.compactMap { $0.body["channel"]?.string }).isSuperset(of: ["C-LIB", "D-ANA", "U-BEN"])
        }
        let posts = requests.filter { $0.path == "/api/chat.postMessage" }
        let lent = try #require(posts.first { $0.body["channel"]?.string == "C-LIB" })
        #expect(lent.body["text"]?.string?.hasPrefix("Dune is checked out to Ben Okafor.") == true, "\(lent.body)")
        // Ben is told, in a direct message, that the book is now his to bring back.
        let told = try #require(posts.first { $0.body["channel"]?.string == "U-BEN" })
        #expect(told.body["text"]?.string?.contains("checked out Dune to you: it is due") == true, "\(told.body)")
        let added = try #require(posts.first { $0.body["channel"]?.string == "D-ANA" })
        // Shown escaped again for Slack: the title itself is "Pride & Prejudice <2nd ed.>".
        #expect(added.body["text"]?.string?.hasPrefix("Added Pride &amp; Prejudice &lt;2nd ed.&gt; by Jane Austen as #2.") == true, "\(added.body)")
        // users.info was asked for Ben, never for the bot itself.
        let lookups = requests.filter { $0.path == "/api/users.info" }.compactMap { $0.body["user"]?.string }
        #expect(lookups.contains("U-BEN") && !lookups.contains("U-BOT"))
    }

    @Test("when a held book comes back, the member first in line gets a direct message")
    func holdNotice() async throws {
        let slack = try await SlackEmulator(socketMode: true)
        let (_, task) = try await startGateway(slack)
        defer { task.cancel() }
        for (index, (user, text)) in [("U-ANA", "borrow dune"), ("U-BEN", "hold dune"), ("U-ANA", "return dune")].enumerated() {
            try await slack.push(#"{"envelope_id":"h-\#(index)","type":"events_api","payload":{"event_id":"EvH\#(index)","event":{"type":"message","channel_type":"im","user":"\#(user)","text":"\#(text)","ts":"2.\#(index)","channel":"D-\#(user)"}}}"#)
            _ = try await slack.wait { $0.filter { $0.path == "/api/chat.postMessage" }.count > index }
        }
        let posts = try await slack.wait { $0.filter { $0.path == "/api/chat.postMessage" }.count >= 4 }.filter { $0.path == "/api/chat.postMessage" }
        let returned = try #require(posts.first { $0.body["text"]?.string?.hasPrefix("Thanks! Dune is back on the shelf") == true })
        #expect(returned.body["channel"]?.string == "D-U-ANA")
        let notice = try #require(posts.first { $0.body["channel"]?.string == "U-BEN" }, "no direct message to Ben: \(posts.map(\.body))")
        #expect(notice.body["text"]?.string?.hasPrefix("Dune is on the shelf, kept for you until ") == true)
    }

    @Test("remind @Ben about Dune, from the member waiting for it: Ben gets a direct message saying who asks")
    func remindByMention() async throws {
        let slack = try await SlackEmulator(socketMode: true)
        let (_, task) = try await startGateway(slack, settings: HandlerSettings(admins: ["U-ADMIN"]))
        defer { task.cancel() }
        for (index, (user, text)) in [("U-BEN", "borrow dune"), ("U-ANA", "hold dune"), ("U-ANA", "remind <@U-BEN> about Dune")].enumerated() {
            try await slack.push(#"{"envelope_id":"r-\#(index)","type":"events_api","payload":{"event_id":"EvR\#(index)","event":{"type":"message","channel_type":"im","user":"\#(user)","text":"\#(text)","ts":"4.\#(index)","channel":"D-\#(user)"}}}"#)
            _ = try await slack.wait { $0.filter { $0.path == "/api/chat.postMessage" }.count > index }
        }
        let posts = try await slack.wait { $0.filter { $0.path == "/api/chat.postMessage" }.count >= 4 }.filter { $0.path == "/api/chat.postMessage" }
        let sent = try #require(posts.first { $0.body["text"]?.string?.hasPrefix("Sent Ben Okafor a reminder of Dune, due ") == true }, "\(posts.map(\.body))")
        #expect(sent.body["channel"]?.string == "D-U-ANA")
        let told = try #require(posts.first { $0.body["channel"]?.string == "U-BEN" }, "no direct message to Ben: \(posts.map(\.body))")
        #expect(told.body["text"]?.string?.hasPrefix("Ana is waiting for Dune, which you have until ") == true, "\(told.body)")
    }

    @Test("a book reported lost: the member is answered, and the admin gets a direct message saying what to type")
    func lostBookTellsTheAdmins() async throws {
        let slack = try await SlackEmulator(socketMode: true)
        let (_, task) = try await startGateway(slack, settings: HandlerSettings(admins: ["U-ADMIN"]))
        defer { task.cancel() }
        try await slack.push(#"{"envelope_id":"l-1","type":"events_api","payload":{"event_id":"EvL1","event":{"type":"message","channel_type":"im","user":"U-ANA","text":"I lost Dune","ts":"3.1","channel":"D-ANA"}}}"#)
        let posts = try await slack.wait {
            Set($0.filter { $0.path == "/api/chat.postMessage" }.compactMap { $0.body["channel"]?.string }).isSuperset(of: ["D-ANA", "U-ADMIN"])
        }.filter { $0.path == "/api/chat.postMessage" }
        let answer = try #require(posts.first { $0.body["channel"]?.string == "D-ANA" })
        #expect(answer.body["text"]?.string?.hasPrefix("Thanks for telling: Dune (#1) is reported lost.") == true, "\(answer.body)")
        let told = try #require(posts.first { $0.body["channel"]?.string == "U-ADMIN" }, "no direct message to the admin: \(posts.map(\.body))")
        #expect(told.body["text"]?.string?.hasPrefix("Ana reports Dune (#1) lost.") == true, "\(told.body)")
        #expect(told.body["text"]?.string?.contains("`delete #1` takes it off the shelf") == true, "\(told.body)")
    }

    @Test("a direct message is answered in the conversation; the borrower is the display name")
    func directMessage() async throws {
        let slack = try await SlackEmulator(socketMode: true)
        let (_, task) = try await startGateway(slack)
        defer { task.cancel() }
        try await slack.push("""
            {"envelope_id":"env-4","type":"events_api","payload":{"type":"event_callback","event_id":"Ev2",
              "event":{"type":"message","channel_type":"im","user":"U-ANA","text":"borrow dune","ts":"1700000002.000100","channel":"D-ANA"}}}
            """)
        let requests = try await slack.wait { $0.contains { $0.path == "/api/chat.postMessage" } }
        let post = try #require(requests.first { $0.path == "/api/chat.postMessage" })
        #expect(post.body["channel"]?.string == "D-ANA")
        #expect(post.body["thread_ts"] == nil)
        #expect(post.body["text"]?.string?.hasPrefix("Dune is checked out to Ana.") == true)
    }

    @Test("a conversation across messages: 'it' after a slash command, and yes to 'Did you mean …?' in a direct message, are the member's own")
    func conversation() async throws {
        let slack = try await SlackEmulator(socketMode: true)
        let (_, task) = try await startGateway(slack)
        defer { task.cancel() }
        func slash(_ id: Int, _ user: String, _ text: String) async throws -> String? {
            try await slack.push("""
                {"envelope_id":"env-c\(id)","type":"slash_commands","accepts_response_payload":true,"payload":{
                  "token":"x","team_id":"T1","channel_id":"C-LIB","user_id":"\(user)","user_name":"x","command":"/library",
                  "text":"\(text)","response_url":"http://127.0.0.1:\(slack.port)/response/c\(id)","trigger_id":"t"}}
                """)
            let requests = try await slack.wait { $0.contains { $0.path == "/response/c\(id)" } }
            return requests.first { $0.path == "/response/c\(id)" }?.body["text"]?.string
        }
        _ = try await slash(1, "U-ANA", "who has Dune")
        // Another member's "it" is not Ana's book.
        #expect(try await slash(2, "U-BEN", "hold it")?.hasPrefix("Which book do you mean by “it”?") == true)
        #expect(try await slash(3, "U-ANA", "checkout it")?.hasPrefix("Dune is checked out to Ana.") == true)
        func direct(_ id: Int, _ text: String) async throws -> String? {
            try await slack.push("""
                {"envelope_id":"env-d\(id)","type":"events_api","payload":{"type":"event_callback","event_id":"Ev-d\(id)",
                  "event":{"type":"message","channel_type":"im","user":"U-ANA","text":"\(text)","ts":"170000000\(id).000100","channel":"D-ANA"}}}
                """)
            let requests = try await slack.wait { $0.filter { $0.path == "/api/chat.postMessage" }.count >= id }
            return requests.filter { $0.path == "/api/chat.postMessage" }.last?.body["text"]?.string
        }
        #expect(try await direct(1, "retrun Dune")?.contains("Did you mean `return`?") == true)
        #expect(try await direct(2, "yes")?.hasPrefix("Thanks! Dune is back on the shelf") == true)
    }

    @Test("a member who renames is known by the new name once the cached one is old")
    func rename() async throws {
        let slack = try await SlackEmulator(socketMode: true)
        // A clock the test moves on, instead of waiting an hour.
        let clock = Mutex(ContinuousClock.now)
        let (_, task) = try await startGateway(slack, now: { clock.withLock { $0 } })
        defer { task.cancel() }
        var number = 0
        /// Sends `text` as Ana's direct message and returns the bot's answer.
        func say(_ text: String) async throws -> String {
            number += 1
            try await slack.push("""
                {"envelope_id":"env-r\(number)","type":"events_api","payload":{"type":"event_callback","event_id":"Evr\(number)",
                  "event":{"type":"message","channel_type":"im","user":"U-ANA","text":"\(text)","ts":"1700000003.00\(number)","channel":"D-ANA"}}}
                """)
            let posts = try await slack.wait { $0.filter { $0.path == "/api/chat.postMessage" }.count >= number }
                .filter { $0.path == "/api/chat.postMessage" }
            return posts.count >= number ? posts[number - 1].body["text"]?.string ?? "" : ""
        }
        #expect(try await say("checkout Dune").hasPrefix("Dune is checked out to Ana."))
        _ = try await say("return Dune")
        try await postUntilAccepted(port: slack.port, path: "/_rename", json: #"{"user":"U-ANA","display_name":"Ana R."}"#)
        #expect(try await say("checkout Dune").hasPrefix("Dune is checked out to Ana."), "the name looked up a moment ago")
        _ = try await say("return Dune")
        clock.withLock { $0 += .seconds(3599) }
        #expect(try await say("checkout Dune").hasPrefix("Dune is checked out to Ana."), "59 min 59 s later, still the name looked up")
        _ = try await say("return Dune")
        clock.withLock { $0 += .seconds(2) }
        #expect(try await say("checkout Dune").hasPrefix("Dune is checked out to Ana R."), "an hour later, looked up again")
    }

    @Test("messages from bots, our own included, and edits are ignored; a redelivery runs once")
    func ignoredAndDeduplicated() async throws {
        let slack = try await SlackEmulator(socketMode: true)
        let (_, task) = try await startGateway(slack)
        defer { task.cancel() }
        for (index, event) in [
            #"{"type":"message","channel_type":"im","user":"U-BOT","text":"list","ts":"1.1","channel":"D-1"}"#,
            #"{"type":"message","channel_type":"im","user":"U-X","bot_id":"B-OTHER","text":"list","ts":"1.2","channel":"D-1"}"#,
            #"{"type":"message","subtype":"message_changed","channel_type":"im","user":"U-ANA","text":"list","ts":"1.3","channel":"D-1"}"#,
        ].enumerated() {
            try await slack.push(#"{"envelope_id":"skip-\#(index)","type":"events_api","payload":{"event_id":"Skip\#(index)","event":\#(event)}}"#)
        }
        let mention = #"{"type":"app_mention","user":"U-BEN","text":"<@U-BOT> checkout Dune","ts":"1.4","channel":"C-LIB"}"#
        try await slack.push(#"{"envelope_id":"env-5","type":"events_api","retry_attempt":0,"payload":{"event_id":"EvSame","event":\#(mention)}}"#)
        try await slack.push(#"{"envelope_id":"env-6","type":"events_api","retry_attempt":1,"retry_reason":"timeout","payload":{"event_id":"EvSame","event":\#(mention)}}"#)
        _ = try await slack.wait { $0.contains { $0.path == "/api/chat.postMessage" } }
        // Then 5 s for a second answer, which must not come.
        let requests = try await slack.wait(seconds: 5) { $0.filter { $0.path == "/api/chat.postMessage" }.count >= 2 }
        let posts = requests.filter { $0.path == "/api/chat.postMessage" }
        #expect(posts.count == 1)
        #expect(posts.first?.body["text"]?.string?.hasPrefix("Dune is checked out to Ben Okafor.") == true)
        #expect(try await slack.acks().count == 5, "every envelope is acked, ignored ones too")
    }

    @Test("an event delivered again after a restart runs once: the next process knows it was handled")
    func redeliveryAfterRestart() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("library.sqlite").path
        let library = LibraryService(database: try LibraryDatabase.file(at: path))
        try await library.add(NewBook(title: "Dune", author: "Frank Herbert"), at: Date())
        let mention = #"{"type":"app_mention","user":"U-BEN","text":"<@U-BOT> checkout Dune","ts":"1.4","channel":"C-LIB"}"#
        let slack = try await SlackEmulator(socketMode: true)
        let (_, first) = try await startGateway(slack, database: try LibraryDatabase.file(at: path))
        try await slack.push(#"{"envelope_id":"env-1","type":"events_api","retry_attempt":0,"payload":{"event_id":"EvOnce","event":\#(mention)}}"#)
        _ = try await slack.wait { $0.contains { $0.path == "/api/chat.postMessage" } }
        first.cancel()
        _ = await first.result
        // Slack did not get that ack (the connection dropped): it delivers the event again, a
        // minute later, to the bot started anew. Then a new event, which is answered.
        let (_, second) = try await startGateway(slack, database: try LibraryDatabase.file(at: path))
        defer { second.cancel() }
        _ = try await slack.waitForConnections(2)
        try await slack.push(#"{"envelope_id":"env-2","type":"events_api","retry_attempt":1,"retry_reason":"timeout","payload":{"event_id":"EvOnce","event":\#(mention)}}"#)
        let who = #"{"type":"app_mention","user":"U-BEN","text":"<@U-BOT> who has Dune","ts":"1.5","channel":"C-LIB"}"#
        try await slack.push(#"{"envelope_id":"env-3","type":"events_api","retry_attempt":0,"payload":{"event_id":"EvNext","event":\#(who)}}"#)
        let posts = try await slack.wait { $0.filter { $0.path == "/api/chat.postMessage" }.count >= 2 }
            .filter { $0.path == "/api/chat.postMessage" }.compactMap { $0.body["text"]?.string }
        #expect(posts.count == 2)
        #expect(posts.first?.hasPrefix("Dune is checked out to Ben Okafor.") == true)
        #expect(posts.last?.hasPrefix("You have Dune since") == true, "the answer to the new event: \(posts)")
        #expect(!posts.contains { $0.contains("already") }, "the checkout was not run again")
        #expect(try await library.loans(of: Borrower(name: "Ben Okafor", userID: "U-BEN")).count == 1)
    }

    @Test("an invalid token stops the gateway with invalid_auth")
    func invalidToken() async throws {
        let slack = try await SlackEmulator(socketMode: true)
        let (_, task) = try await startGateway(slack, botToken: "xoxb-revoked")
        let ended = try #require(await ending(of: task), "the gateway did not stop")
        #expect(throws: SlackAPIError(method: "auth.test", code: "invalid_auth")) { try ended.get() }
    }
}

extension SlackEmulator {
    func connections() async throws -> [String] { try await HTTPClient.shared.get("http://127.0.0.1:\(port)/_connections").json() }

    func control(_ path: String, _ body: String = "{}") async throws {
        _ = try await HTTPClient.shared.execute(HTTPRequest(method: "POST", url: "http://127.0.0.1:\(port)\(path)",
                                                            headers: [("Content-Type", "application/json")], body: Data(body.utf8)))
    }

    func waitForConnections(_ count: Int) async throws -> [String] {
        let deadline = ContinuousClock.now + .seconds(patience)
        while true {
            let log = try await connections()
            if log.filter({ $0.hasPrefix("open") }).count >= count || ContinuousClock.now > deadline { return log }
            try await Task.sleep(for: .milliseconds(50))
        }
    }
}

@Suite("SlackGateway: staying connected")
struct SlackGatewayResilienceTests {
    @Test("refresh_requested: the new connection opens before the old one closes, and no event is lost")
    func refresh() async throws {
        let slack = try await SlackEmulator(socketMode: true)
        let (_, task) = try await startGateway(slack)
        defer { task.cancel() }
        _ = try await slack.waitForConnections(1)
        try await slack.push(#"{"type":"disconnect","reason":"refresh_requested","debug_info":{"host":"emulator"}}"#)
        let log = try await slack.waitForConnections(2)
        #expect(log.prefix(2) == ["open 1", "open 2"], "the new one first: \(log)")
        // An event still in flight on the old connection is answered too.
        try await slack.control("/_send_to_first", #"{"envelope_id":"late","type":"events_api","payload":{"event_id":"EvLate","event":{"type":"app_mention","user":"U-ANA","text":"<@U-BOT> who has Dune","ts":"2.1","channel":"C-LIB"}}}"#)
        try await slack.push(#"{"envelope_id":"new","type":"events_api","payload":{"event_id":"EvNew","event":{"type":"app_mention","user":"U-ANA","text":"<@U-BOT> list","ts":"2.2","channel":"C-LIB"}}}"#)
        let posts = try await slack.wait { $0.filter { $0.path == "/api/chat.postMessage" }.count >= 2 }.filter { $0.path == "/api/chat.postMessage" }
        #expect(Set(posts.compactMap { $0.body["thread_ts"]?.string }) == ["2.1", "2.2"])
    }

    @Test("a dropped socket is reconnected, and the next event is answered")
    func dropped() async throws {
        let slack = try await SlackEmulator(socketMode: true)
        let (_, task) = try await startGateway(slack)
        defer { task.cancel() }
        _ = try await slack.waitForConnections(1)
        try await slack.control("/_drop")
        let log = try await slack.waitForConnections(2)
        #expect(log.filter { $0.hasPrefix("open") }.count == 2, "\(log)")
        try await slack.push(#"{"envelope_id":"after","type":"events_api","payload":{"event_id":"EvAfter","event":{"type":"app_mention","user":"U-ANA","text":"<@U-BOT> who has Dune","ts":"3.1","channel":"C-LIB"}}}"#)
        let posts = try await slack.wait { $0.contains { $0.path == "/api/chat.postMessage" } }.filter { $0.path == "/api/chat.postMessage" }
        #expect(posts.first?.body["thread_ts"]?.string == "3.1")
    }
}

@Suite("SlackGateway: confirmation buttons")
struct SlackConfirmationTests {
    @Test("clean asks with Yes / Cancel buttons; pressing Yes empties the library")
    func buttons() async throws {
        let slack = try await SlackEmulator(socketMode: true)
        let (_, task) = try await startGateway(slack)
        defer { task.cancel() }
        try await slack.push("""
            {"envelope_id":"c1","type":"slash_commands","payload":{"channel_id":"C-LIB","user_id":"U-ANA","command":"/library",
              "text":"clean","response_url":"http://127.0.0.1:\(slack.port)/response/ask"}}
            """)
        let asked = try await slack.wait { $0.contains { $0.path == "/response/ask" } }.first { $0.path == "/response/ask" }
        guard case .array(let blocks)? = asked?.body["blocks"], case .object(let actions)? = blocks.last,
              case .array(let buttons)? = actions["elements"] else {
            Issue.record("no buttons")
            return
        }
        #expect(actions["type"]?.string == "actions")
        #expect(buttons.count == 2)
        try await slack.push("""
            {"envelope_id":"c2","type":"interactive","payload":{"type":"block_actions","user":{"id":"U-ANA","name":"ana.r"},
              "actions":[{"action_id":"librarybot_confirm","value":"yes","type":"button"}],
              "response_url":"http://127.0.0.1:\(slack.port)/response/yes"}}
            """)
        let done = try await slack.wait { $0.contains { $0.path == "/response/yes" } }.first { $0.path == "/response/yes" }
        #expect(done?.body["text"]?.string?.hasPrefix("Deleted 1 book: the library is empty.") == true)
    }

    @Test("a reply's button (Check out on a book kept for you) runs its command as the member who pressed it; the answer is a new message")
    func commandButton() async throws {
        let slack = try await SlackEmulator(socketMode: true)
        let (_, task) = try await startGateway(slack)
        defer { task.cancel() }
        try await slack.push("""
            {"envelope_id":"b1","type":"interactive","payload":{"type":"block_actions","user":{"id":"U-ANA","name":"ana.r"},
              "container":{"type":"message","channel_id":"D-ANA"},
              "actions":[{"action_id":"librarybot_command:0","value":"checkout #1","type":"button"}],
              "response_url":"http://127.0.0.1:\(slack.port)/response/b1"}}
            """)
        let answer = try #require(try await slack.wait { $0.contains { $0.path == "/response/b1" } }.first { $0.path == "/response/b1" })
        #expect(answer.body["text"]?.string?.hasPrefix("Dune is checked out to Ana.") == true, "\(answer.body)")
        #expect(answer.body["replace_original"] == .bool(false), "the message with the button stays")
    }
}

@Suite("SlackGateway: the Home tab")
struct SlackHomeTests {
    /// The Home views published for `user`, in order.
    func homes(_ requests: [SlackEmulator.Received], of user: String = "U-ANA") -> [[String: JSONValue]] {
        requests.filter { $0.path == "/api/views.publish" && $0.body["user_id"]?.string == user }.compactMap { request in
            guard case .object(let view)? = request.body["view"] else { return nil }
            return view
        }
    }

    func texts(_ view: [String: JSONValue]) -> [String] {
        guard case .array(let blocks)? = view["blocks"] else { return [] }
        return blocks.compactMap { block -> [String]? in
            guard case .object(let fields) = block else { return nil }
            if let text = fields["text"]?["text"]?.string { return [text] }
            guard case .array(let elements)? = fields["elements"] else { return [] }
            return elements.compactMap { $0["text"]?.string ?? $0["text"]?["text"]?.string }
        }.flatMap { $0 }
    }

    func buttons(_ view: [String: JSONValue]) -> [(text: String, actionID: String, value: String)] {
        guard case .array(let blocks)? = view["blocks"] else { return [] }
        return blocks.flatMap { block -> [(text: String, actionID: String, value: String)] in
            guard block["type"]?.string == "actions", case .array(let elements)? = block["elements"] else { return [] }
            return elements.compactMap { element in
                guard let text = element["text"]?["text"]?.string, let id = element["action_id"]?.string,
                      let value = element["value"]?.string else { return nil }
                return (text, id, value)
            }
        }
    }

    @Test("opening the Home tab shows the member's books with Return and Renew buttons; a button runs its command and the tab says how it went")
    func home() async throws {
        let slack = try await SlackEmulator(socketMode: true)
        let (_, task) = try await startGateway(slack)
        defer { task.cancel() }
        try await slack.push("""
            {"envelope_id":"h0","type":"slash_commands","payload":{"channel_id":"C-LIB","user_id":"U-ANA","command":"/library",
              "text":"checkout Dune","response_url":"http://127.0.0.1:\(slack.port)/response/h0"}}
            """)
        _ = try await slack.wait { $0.contains { $0.path == "/response/h0" } }
        try await slack.push("""
            {"envelope_id":"h1","type":"events_api","payload":{"type":"event_callback","event_id":"Ev-home-1",
              "event":{"type":"app_home_opened","user":"U-ANA","channel":"D-ANA","tab":"home","event_ts":"1700000003.000100"}}}
            """)
        let opened = try #require(homes(try await slack.wait { homes($0).count == 1 }).first)
        #expect(opened["type"]?.string == "home")
        #expect(texts(opened).contains { $0.hasPrefix("You have 1 book") }, "\(texts(opened))")
        #expect(texts(opened).contains { $0.contains("*Dune*") })
        #expect(texts(opened).last?.hasPrefix("0 of 1 book on the shelf.") == true, "\(texts(opened))")
        let offered = buttons(opened)
        #expect(offered.map(\.text) == ["Return Dune", "Renew Dune"])
        let returnButton = try #require(offered.first)
        #expect(returnButton.value == "return #1")
        try await slack.push("""
            {"envelope_id":"h2","type":"interactive","payload":{"type":"block_actions","user":{"id":"U-ANA","name":"ana.r"},
              "container":{"type":"view","view_id":"V-HOME"},"view":{"id":"V-HOME","type":"home"},
              "actions":[{"action_id":"\(returnButton.actionID)","value":"\(returnButton.value)","type":"button","block_id":"b1"}]}}
            """)
        let after = try #require(homes(try await slack.wait { homes($0).count == 2 }).last)
        #expect(texts(after).first?.hasPrefix("Thanks! *Dune* is back on the shelf") == true, "\(texts(after))")
        #expect(buttons(after).isEmpty, "nothing left to return")
        #expect(texts(after).last?.hasPrefix("1 of 1 book on the shelf.") == true)
        // The Messages tab opening publishes nothing.
        try await slack.push("""
            {"envelope_id":"h3","type":"events_api","payload":{"type":"event_callback","event_id":"Ev-home-2",
              "event":{"type":"app_home_opened","user":"U-ANA","channel":"D-ANA","tab":"messages","event_ts":"1700000004.000100"}}}
            """)
        #expect(homes(try await slack.wait(seconds: 1) { homes($0).count > 2 }).count == 2)
    }

    @Test("the Home tab of a member who turned off their reminders before a due day offers to turn them back on, which its button does")
    func quietHome() async throws {
        let slack = try await SlackEmulator(socketMode: true)
        let (_, task) = try await startGateway(slack)
        defer { task.cancel() }
        try await slack.push("""
            {"envelope_id":"q0","type":"slash_commands","payload":{"channel_id":"C-LIB","user_id":"U-ANA","command":"/library",
              "text":"stop reminding me","response_url":"http://127.0.0.1:\(slack.port)/response/q0"}}
            """)
        let answered = try await slack.wait { $0.contains { $0.path == "/response/q0" } }
        let answer = try #require(answered.first { $0.path == "/response/q0" })
        // A member's own setting: only they see the answer.
        #expect(answer.body["response_type"]?.string == "ephemeral")
        #expect(answer.body["text"]?.string?.hasPrefix("OK: no more reminders before your books are due.") == true, "\(answer.body)")
        try await slack.push("""
            {"envelope_id":"q1","type":"events_api","payload":{"type":"event_callback","event_id":"Ev-quiet-1",
              "event":{"type":"app_home_opened","user":"U-ANA","channel":"D-ANA","tab":"home","event_ts":"1700000003.000100"}}}
            """)
        let opened = try #require(homes(try await slack.wait { homes($0).count == 1 }).first)
        let resume = try #require(buttons(opened).first { $0.value == "resume reminders" }, "\(buttons(opened))")
        #expect(resume.text == "Resume reminders before due days")
        try await slack.push("""
            {"envelope_id":"q2","type":"interactive","payload":{"type":"block_actions","user":{"id":"U-ANA","name":"ana.r"},
              "container":{"type":"view","view_id":"V-HOME"},"view":{"id":"V-HOME","type":"home"},
              "actions":[{"action_id":"\(resume.actionID)","value":"\(resume.value)","type":"button","block_id":"b1"}]}}
            """)
        let after = try #require(homes(try await slack.wait { homes($0).count == 2 }).last)
        #expect(texts(after).first?.hasPrefix("OK: you are reminded again before your books are due") == true, "\(texts(after))")
        #expect(buttons(after).isEmpty, "\(buttons(after))")
    }

    @Test("the Home tab of a member in line offers to leave it; once the book is kept for them, to check it out; all in the language they write in")
    func lines() async throws {
        let slack = try await SlackEmulator(socketMode: true)
        let (_, task) = try await startGateway(slack)
        defer { task.cancel() }
        func command(_ id: String, _ user: String, _ text: String) async throws {
            try await slack.push("""
                {"envelope_id":"\(id)","type":"slash_commands","payload":{"channel_id":"C-LIB","user_id":"\(user)","command":"/library",
                  "text":"\(text)","response_url":"http://127.0.0.1:\(slack.port)/response/\(id)"}}
                """)
            _ = try await slack.wait { $0.contains { $0.path == "/response/\(id)" } }
        }
        func open(_ id: String) async throws -> [String: JSONValue] {
            let before = homes(try await slack.received(), of: "U-BEN").count
            try await slack.push("""
                {"envelope_id":"\(id)","type":"events_api","payload":{"type":"event_callback","event_id":"Ev-\(id)",
                  "event":{"type":"app_home_opened","user":"U-BEN","channel":"D-BEN","tab":"home","event_ts":"1700000005.000100"}}}
                """)
            return try #require(homes(try await slack.wait { homes($0, of: "U-BEN").count > before }, of: "U-BEN").last)
        }
        try await command("l1", "U-ANA", "checkout Dune")
        // Ben writes in French: his tab, its buttons and what they answer are in French.
        try await command("l2", "U-BEN", "réserver Dune")
        let line = buttons(try await open("l3"))
        #expect(line.map(\.text) == ["Quitter la file de Dune"])
        #expect(line.map(\.value) == ["annuler la réservation de #1"])
        try await command("l4", "U-ANA", "return Dune")
        let kept = buttons(try await open("l5"))
        #expect(kept.map(\.text) == ["Emprunter Dune"])
        let checkout = try #require(kept.first)
        try await slack.push("""
            {"envelope_id":"l6","type":"interactive","payload":{"type":"block_actions","user":{"id":"U-BEN","name":"ben"},
              "view":{"id":"V-HOME","type":"home"},"actions":[{"action_id":"\(checkout.actionID)","value":"\(checkout.value)","type":"button"}]}}
            """)
        let after = try #require(homes(try await slack.wait { homes($0, of: "U-BEN").count == 3 }, of: "U-BEN").last)
        #expect(texts(after).first?.hasPrefix("*Dune* est emprunté par Ben Okafor.") == true, "\(texts(after))")
        #expect(buttons(after).map(\.text) == ["Rendre Dune", "Prolonger Dune"])
        #expect(texts(after).last?.hasPrefix("Sur l'étagère : 0 sur 1 livre.") == true, "\(texts(after))")
    }
}
