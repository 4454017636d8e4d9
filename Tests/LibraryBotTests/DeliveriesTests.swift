import Commands
import Foundation
import Gateways
import LibraryCore
@testable import librarybot
import TestSupport
import Testing

private func path(_ request: [String: Any]) -> String { request["path"] as? String ?? "" }
private func body(_ request: [String: Any]) -> [String: Any] { request["body"] as? [String: Any] ?? [:] }

/// What a retry of the scheduler sends after a platform failed half-way: only what did not go
/// out, so that nobody sees the digest or a reminder twice.
@Suite("Scheduled messages retried after a failure")
struct DeliveriesTests {
    static let discordChannel = "500000000000000009"

    func output(_ slack: EmulatedSlack, _ discord: EmulatedDiscord) -> ScheduledOutput {
        ScheduledOutput(targets: [
            .slack(SlackWebAPI(baseURL: "http://127.0.0.1:\(slack.port)/api/", botToken: "xoxb-test", appToken: "xapp-test"), channel: "C-LIB"),
            .discord(DiscordREST(baseURL: "http://127.0.0.1:\(discord.port)/api/v10", token: EmulatedDiscord.token), channel: Self.discordChannel),
        ])
    }

    func refuseOnce(_ discord: EmulatedDiscord, after: Int) async throws {
        try await postUntilAccepted(port: discord.port, path: "/_fail", json: #"{"channel":"\#(Self.discordChannel)","after":\#(after)}"#)
    }

    /// What the scheduler of a process on the library at `path` remembers of the day's deliveries.
    func deliveries(_ path: String) throws -> Deliveries {
        Deliveries(store: ScheduleStore(database: try LibraryDatabase.file(at: path)))
    }

    @Test("a digest whose second Discord message failed: the retry, or a restart, posts that message only, and Slack gets the digest once",
          arguments: [false, true])
    func digestRetry(restarted: Bool) async throws {
        let slack = try await EmulatedSlack(), discord = try await EmulatedDiscord()
        let library = try await ScratchLibrary()
        let lines = (1...150).map { RichText(stringLiteral: "Member \($0): The Left Hand of Darkness, due Tue 24 Nov") }
        let digest = Reply(.info, "Who has what: 150 books out", lines: lines, language: .en)
        try #require(DiscordRenderer.messages(digest).count >= 2, "a digest long enough for two Discord messages")
        try await refuseOnce(discord, after: 1)
        let output = output(slack, discord), deliveries = try self.deliveries(library.path)

        await #expect(throws: DiscordAPIError.self) { try await output.post(digest: digest, on: "2026-11-23", deliveries: deliveries) }
        // A restart opens the library anew; the scheduler catches the digest up.
        try await output.post(digest: digest, on: "2026-11-23", deliveries: restarted ? try self.deliveries(library.path) : deliveries)

        let slackPosts = try await slack.requests().filter { path($0) == "/api/chat.postMessage" }
        #expect(slackPosts.count == 1)
        let discordPosts = try await discord.requests().filter { path($0) == "/channels/\(Self.discordChannel)/messages" }.map(body)
        let parts = DiscordRenderer.messages(digest).count
        // Every part once, plus the one refused: part 1 refused, then part 1 again, then the rest.
        #expect(discordPosts.count == parts + 1)
        #expect(discordPosts.map { $0["content"] as? String ?? "" } == ([0, 1] + Array(1..<parts)).map { DiscordRenderer.messages(digest)[$0].content })

        // Another day starts afresh.
        try await output.post(digest: digest, on: "2026-11-24", deliveries: deliveries)
        #expect(try await slack.requests().filter { path($0) == "/api/chat.postMessage" }.count == 2)
    }

    @Test("a reminder for a member with no chat account, refused by Discord: the retry, or a restart, sends it there, not to Slack again",
          arguments: [false, true])
    func reminderRetry(restarted: Bool) async throws {
        let slack = try await EmulatedSlack(), discord = try await EmulatedDiscord()
        let scratch = try await ScratchLibrary()
        let library = LibraryService(database: try LibraryDatabase.file(at: scratch.path))
        try await library.add(NewBook(title: "Dune", author: "Frank Herbert"), at: utc("2026-11-01 10:00:00"))
        try await library.checkout("Dune", to: Borrower(name: "Ana"), at: utc("2026-11-01 10:00:00"))
        let now = utc("2026-11-23 09:00:00")
        let reminders = try await LibraryReports(library: library, language: .en, timeZone: TimeZone.gmt).reminders(at: now, dueSoonDays: 2)
        try #require(reminders.count == 1)
        try await refuseOnce(discord, after: 0)
        let output = output(slack, discord), store = ScheduleStore(database: library.database)

        await #expect(throws: RemindersNotSent.self) { try await output.send(reminders, on: "2026-11-23", store: store, deliveries: Deliveries(store: store)) }
        let retry = restarted ? ScheduleStore(database: try LibraryDatabase.file(at: scratch.path)) : store
        #expect(try await output.send(reminders, on: "2026-11-23", store: retry, deliveries: Deliveries(store: retry)) == 1)
        #expect(try await output.send(reminders, on: "2026-11-23", store: retry, deliveries: Deliveries(store: retry)) == 0, "sent once a day")

        let slackPosts = try await slack.requests().filter { path($0) == "/api/chat.postMessage" }
        #expect(slackPosts.map { body($0)["channel"] as? String } == ["C-LIB"])
        let discordPosts = try await discord.requests().filter { path($0) == "/channels/\(Self.discordChannel)/messages" }
        #expect(discordPosts.count == 2, "refused once, then sent")
        #expect((body(discordPosts[1])["content"] as? String)?.contains("Ana") == true)
    }

    @Test("the messages of a hold that lapsed go as direct messages on each member's platform; a member known by name only is left out")
    func lapseNotices() async throws {
        let slack = try await EmulatedSlack(), discord = try await EmulatedDiscord()
        let library = LibraryService(database: try LibraryDatabase.inMemory(), rules: LibraryRules(holdDays: 2, timeZone: TimeZone.gmt))
        let monday = utc("2026-11-23 09:00:00")
        try await library.add([NewBook(title: "Dune", author: "Frank Herbert"), NewBook(title: "Emma", author: "Jane Austen")], at: monday)
        for title in ["Dune", "Emma"] { try await library.checkout(title, to: Borrower(name: "Ana"), at: monday) }
        try await library.hold("Dune", for: Borrower(name: "Ben", userID: "U-BEN"), at: monday)
        try await library.hold("Dune", for: Borrower(name: "Chloé", userID: "700000000000000003"), at: monday)
        try await library.hold("Emma", for: Borrower(name: "Dan"), at: monday)
        try await library.hold("Emma", for: Borrower(name: "Gone", userID: "U-GONE"), at: monday)
        for title in ["Dune", "Emma"] { try await library.returnBook(title, at: monday) }

        let reports = LibraryReports(library: library, language: .en, timeZone: TimeZone.gmt)
        let (lapses, notices) = try await reports.lapseKeptHolds(at: utc("2026-11-26 10:00:00"))
        #expect(Set(lapses.map(\.hold.holder.name)) == ["Ben", "Dan"])
        // Emma is now kept for a member Slack cannot reach: that message is not sent, and not
        // posted in the channel either, where "kept for you" would name nobody.
        let (sent, failures) = await output(slack, discord).send(notices)
        #expect(sent == 2 && failures.count == 1, "\(failures)")
        #expect(failures.first?.hasPrefix("A message to Gone could not be sent") == true)

        let slackPosts = try await slack.requests().filter { path($0) == "/api/chat.postMessage" }.map(body)
        #expect(slackPosts.map { $0["channel"] as? String } == ["U-BEN", "U-GONE"])
        #expect((slackPosts.first?["text"] as? String)?.hasPrefix("Your hold on Dune has lapsed: it was kept for you until Wed 25 Nov.") == true)
        let opened = try await discord.requests().filter { path($0) == "/users/@me/channels" }.map(body)
        #expect(opened.map { $0["recipient_id"] as? String } == ["700000000000000003"])
        let discordPosts = try await discord.requests().filter { path($0).hasSuffix("/messages") }.map(body)
        #expect(discordPosts.count == 1)
        #expect((discordPosts.first?["content"] as? String)?.hasPrefix("**Dune** is on the shelf, kept for you until Sat 28 Nov") == true)
    }

    @Test("the reminder of a book kept for a member goes out once a day, as a direct message")
    func keptReminder() async throws {
        let slack = try await EmulatedSlack(), discord = try await EmulatedDiscord()
        let library = LibraryService(database: try LibraryDatabase.inMemory(), rules: LibraryRules(holdDays: 2, timeZone: TimeZone.gmt))
        let monday = utc("2026-11-23 09:00:00")
        try await library.add(NewBook(title: "Dune", author: "Frank Herbert"), at: monday)
        try await library.checkout("Dune", to: Borrower(name: "Ana"), at: monday)
        try await library.hold("Dune", for: Borrower(name: "Ben", userID: "U-BEN"), at: monday)
        try await library.returnBook("Dune", at: monday)
        let reports = LibraryReports(library: library, language: .en, timeZone: TimeZone.gmt)
        #expect(try await reports.reminders(at: monday, dueSoonDays: 2).isEmpty, "kept today: Ben was just told")
        let reminders = try await reports.reminders(at: utc("2026-11-24 09:00:00"), dueSoonDays: 2)
        #expect(reminders.map(\.borrower.name) == ["Ben"])
        let output = output(slack, discord), store = ScheduleStore(database: library.database)
        #expect(try await output.send(reminders, on: "2026-11-23", store: store) == 1)
        #expect(try await output.send(reminders, on: "2026-11-23", store: store) == 0, "once a day")
        let posts = try await slack.requests().filter { path($0) == "/api/chat.postMessage" }.map(body)
        #expect(posts.map { $0["channel"] as? String } == ["U-BEN"])
        #expect((posts.first?["text"] as? String)?.hasPrefix("Library reminder for Ben: 1 book kept for you") == true)
    }
}
