import Commands
import Foundation
import LibraryCore
import Synchronization
import Transport

/// The Slack gateway: Socket Mode in, Web API out. Acks every envelope as it arrives, runs the
/// command, and answers where it came from: a slash command on its `response_url`, a mention
/// in its thread, a direct message in the conversation.
public final class SlackGateway: Sendable {
    public let api: SlackWebAPI
    public let handler: CommandHandler
    /// Display names and the language of their Slack by user id, with when they were looked up.
    private let names = Mutex<[String: (name: String, language: Language?, at: ContinuousClock.Instant)]>([:])
    /// How long a looked-up display name is used before it is asked again (a member may rename).
    private let nameLifetime: Duration
    /// The time, for the age of a looked-up name (a test moves it on instead of waiting).
    private let now: @Sendable () -> ContinuousClock.Instant
    private let seenEvents = RecentIDs()
    /// The events handled, across restarts (`seenEvents` answers first, without a write).
    private let handledEvents: HandledEvents
    private let inProgress = CommandsInProgress()
    /// Called with one sentence per notable event (connected, reconnecting); never a token.
    private let log: @Sendable (String) -> Void
    /// Where messages for other members go (Slack's own direct messages, unless told more).
    private let directMessages: DirectMessages
    /// Told of each command answered (who, what, how it went), for the operator's log.
    private let tracer: CommandTracer

    public init(api: SlackWebAPI, handler: CommandHandler, nameLifetime: Duration = .seconds(3600),
                directMessages: DirectMessages? = nil,
                now: @escaping @Sendable () -> ContinuousClock.Instant = { .now },
                log: @escaping @Sendable (String) -> Void = { _ in },
                trace: @escaping @Sendable (CommandTrace) -> Void = { _ in }) {
        self.api = api
        self.handler = handler
        self.directMessages = directMessages ?? DirectMessages(slack: api)
        self.nameLifetime = nameLifetime
        self.now = now
        self.log = log
        self.tracer = CommandTracer(platform: "Slack", report: trace)
        handledEvents = HandledEvents(database: handler.library.database)
    }

    /// Connects and serves until the task is cancelled. A rejected token ends it with the
    /// `SlackAPIError`; a dropped connection is reopened with capped, jittered backoff; when
    /// Slack asks for a refresh, the new connection is opened before the old one is closed, so
    /// no event is lost.
    public func run() async throws {
        try await serveUntilCancelled()
        // A shutdown gives the commands still being answered its grace period.
        await inProgress.finish()
    }

    private func serveUntilCancelled() async throws {
        let identity = try await api.authTest()
        log("Slack: signed in as \(identity.userID).")
        var failures = 0
        var socket: WebSocketClient? = nil
        while !Task.isCancelled {
            do {
                let current: WebSocketClient
                if let socket { current = socket } else { current = try await connect() }
                socket = nil
                failures = 0
                switch try await serve(current, botUserID: identity.userID) {
                case .refreshRequested:
                    socket = try await connect()
                    // The old connection may still deliver what was in flight: read it to its end.
                    Task {
                        _ = try? await self.serve(current, botUserID: identity.userID, draining: true)
                        await current.close()
                    }
                case .closed:
                    // Closed with 1000; on shutdown that is all, otherwise reconnect.
                    await current.close()
                    if Task.isCancelled { return }
                    throw WebSocketError.connectionLost(reason: "Slack closed the connection")
                }
            } catch let error as SlackAPIError where error.isAuthenticationFailure {
                throw error
            } catch is CancellationError {
                return
            } catch {
                failures += 1
                let delay = Backoff.delay(afterFailures: failures)
                log("Slack: connection lost (\(error)); reconnecting in \(String(format: "%.1f", delay)) s.")
                try await Backoff.sleep(seconds: delay)
            }
        }
    }

    private func connect() async throws -> WebSocketClient {
        let url = try await api.openConnection()
        return try await WebSocketClient.connect(to: url, configuration: WebSocketConfiguration(acknowledge: SlackSocketMessage.acknowledgement))
    }

    enum ConnectionEnd { case refreshRequested, closed }

    /// Reads one connection until Slack asks for a refresh (`disconnect`) or it ends. While
    /// draining an old connection, a second `disconnect` is ignored.
    private func serve(_ socket: WebSocketClient, botUserID: String, draining: Bool = false) async throws -> ConnectionEnd {
        for try await message in socket.messages {
            guard case .text(let text) = message,
                  let parsed = SlackSocketMessage(text: text) else { continue }
            switch parsed.type {
            case "hello":
                log("Slack: Socket Mode connected.")
            case "disconnect":
                log("Slack: asked to reconnect (\(parsed.reason ?? "no reason")).")
                if !draining { return .refreshRequested }
            default:
                // The envelope was acked as it arrived (`SlackSocketMessage.acknowledgement`).
                guard parsed.envelope_id != nil, let payload = parsed.payload else { continue }
                let type = parsed.type
                inProgress.start(from: payload.user_id ?? payload.event?.user ?? payload.user?.id) { turn in
                    await self.dispatch(type: type, payload: payload, botUserID: botUserID, turn: turn)
                }
            }
        }
        return .closed
    }

    private func dispatch(type: String, payload: SlackEnvelopePayload, botUserID: String, turn: Turn) async {
        do {
            switch type {
            case "slash_commands":
                try await slashCommand(payload, turn: turn)
            case "events_api":
                try await event(payload, botUserID: botUserID, turn: turn)
            case "interactive":
                try await interaction(payload, turn: turn)
            default:
                break
            }
        } catch {
            log("Slack: a reply could not be sent (\(error)).")
        }
    }

    private func slashCommand(_ payload: SlackEnvelopePayload, turn: Turn) async throws {
        guard let userID = payload.user_id, let responseURL = payload.response_url else { return }
        let text = SlackText(payload.text ?? "")
        let sender = await sender(userID, fallback: payload.user_name, mentions: await people(mentionedIn: text))
        let (reply, onlyToAsker) = await answerSlashCommand(text.plain, from: sender, handler: handler, turn: turn, tracer: tracer)
        try await postThenTell(reply.notices) { try await api.respond(to: responseURL, SlackRenderer.render(reply), ephemeral: onlyToAsker) }
    }

    private func event(_ payload: SlackEnvelopePayload, botUserID: String, turn: Turn) async throws {
        guard let event = payload.event, let channel = event.channel, let userID = event.user,
              event.bot_id == nil, event.subtype == nil, userID != botUserID else { return }
        // Redeliveries carry the same event id: never run a command twice.
        if let eventID = payload.event_id, !(await firstDelivery(of: eventID)) { return }
        let inThread: Bool
        switch (event.type, event.channel_type) {
        case ("app_mention", _): inThread = true
        case ("message", "im"): inThread = false
        case ("app_home_opened", _):
            if event.tab == "home" { try await publishHome(for: userID, outcome: nil) }
            return
        default: return
        }
        let text = SlackText(event.text ?? "")
        let sender = await sender(userID, fallback: nil, mentions: await people(mentionedIn: text, except: botUserID))
        let reply = await tracer.handle(CommandParser.parse(withBotHandle(text.plain, botUserID: botUserID)), from: sender, by: handler, in: turn)
        try await postThenTell(reply.notices) {
            _ = try await api.postMessage(channel: channel, SlackRenderer.render(reply), threadTS: inThread ? event.thread_ts ?? event.ts : nil)
        }
    }

    /// Whether event `id` comes for the first time: neither this process nor an earlier one
    /// (before a restart) handled it. Should the database fail, this process's memory decides.
    private func firstDelivery(of id: String) async -> Bool {
        guard seenEvents.firstTime(id) else { return false }
        do {
            return try await handledEvents.claim(id, at: Date())
        } catch {
            log("Slack: event \(id) could not be recorded as handled (\(error)).")
            return true
        }
    }

    /// A button pressed: one of the Home tab (its command runs, and the tab is published again
    /// with the outcome), one of a reply (its command runs, answered on the interaction's
    /// `response_url`), or Yes / Cancel of a confirmation request, answered there as the typed
    /// `yes` / `cancel` would be.
    private func interaction(_ payload: SlackEnvelopePayload, turn: Turn) async throws {
        guard payload.type == "block_actions", let user = payload.user, let action = payload.actions?.first else { return }
        func run(_ command: ParsedCommand) async -> Reply {
            await tracer.handle(command, from: await sender(user.id, fallback: user.name), by: handler, in: turn)
        }
        if action.action_id.hasPrefix(SlackRenderer.homeActionPrefix), let command = action.value {
            // A button of the Home tab: its command, run as typed; the tab then shows how it went.
            let reply = await run(CommandParser.parse(command))
            try await postThenTell(reply.notices) { try await publishHome(for: user.id, outcome: reply) }
            return
        }
        guard let responseURL = payload.response_url else { return }
        if action.action_id.hasPrefix(SlackRenderer.commandActionPrefix), let command = action.value {
            // A reply's button (Renew on a reminder): its command, run as typed by whoever pressed it.
            let reply = await run(CommandParser.parse(command))
            try await postThenTell(reply.notices) {
                try await api.respond(to: responseURL, SlackRenderer.render(reply), ephemeral: reply.kind == .error, keepingOriginal: true)
            }
            return
        }
        let intent: Intent
        switch action.action_id {
        case SlackRenderer.confirmActionID: intent = .confirm
        case SlackRenderer.cancelActionID: intent = .cancel
        default: return
        }
        let reply = await run(ParsedCommand(intent: intent, language: nil))
        try await api.respond(to: responseURL, SlackRenderer.render(reply), ephemeral: reply.kind == .error)
    }

    /// Publishes `userID`'s Home tab: `outcome` (what the button they pressed did) first, then
    /// their books and lines with a button for each thing they can do, and how the shelf stands.
    private func publishHome(for userID: String, outcome: Reply?) async throws {
        let sender = await sender(userID, fallback: nil)
        let now = Date()
        // In the language they last wrote in, as are the buttons' commands: pressing one does
        // not change it.
        let l = await handler.preferredLanguage(of: sender)
        var books = await handler.handle(ParsedCommand(intent: .loansOf(borrower: nil), language: l), from: sender, at: now)
        // The buttons say what the suggestion would.
        books.suggestion = nil
        let library = handler.library
        var buttons: [Reply.Action] = []
        for loaned in try await library.loans(of: sender.borrower) {
            let title = loaned.book.title, id = "#\(loaned.book.id)"
            buttons.append(.init(label: l.pick("Return \(title)", "Rendre \(title)"), command: l.pick("return ", "rendre ") + id))
            buttons.append(.init(label: l.pick("Renew \(title)", "Prolonger \(title)"), command: l.pick("renew ", "prolonger ") + id))
        }
        let lines = try await library.lines(of: sender.borrower)
        for kept in lines.kept {
            buttons.append(.init(label: l.pick("Check out \(kept.book.title)", "Emprunter \(kept.book.title)"), command: l.pick("checkout #", "emprunter #") + "\(kept.book.id)"))
        }
        for awaited in lines.awaited {
            buttons.append(.init(label: l.pick("Leave the line for \(awaited.status.book.title)", "Quitter la file \(Language.frenchDe(before: awaited.status.book.title))\(awaited.status.book.title)"),
                                 command: l.pick("cancel hold #", "annuler la réservation de #") + "\(awaited.status.book.id)"))
        }
        // Reminders before a due day turned off (`stop reminding me`): a button turns them back on.
        if try await library.isQuiet(sender.borrower) {
            buttons.append(.init(label: l.pick("Resume reminders before due days", "Réactiver les rappels avant l'échéance"),
                                 command: l.pick("resume reminders", "réactive les rappels")))
        }
        let counts = try await library.counts()
        let footer: RichText = l == .en
            ? "\(counts.available) of \(counts.books) \(counts.books == 1 ? "book" : "books") on the shelf. Anything else: \(code: "/library help"), or write to me in Messages."
            : "Sur l'étagère : \(counts.available) sur \(counts.books) \(counts.books <= 1 ? "livre" : "livres"). Pour le reste : \(code: "/library aide"), ou écrivez-moi dans Messages."
        try await api.publishHome(userID: userID, SlackRenderer.home(outcome: outcome, books: books, buttons: buttons, footer: footer))
    }

    /// Posts a reply with `post`, then tells the members it concerns, even when the reply
    /// could not be posted (what it reports happened all the same).
    private func postThenTell(_ notices: [Notice], _ post: () async throws -> Void) async throws {
        do {
            try await post()
        } catch {
            await deliver(notices)
            throw error
        }
        await deliver(notices)
    }

    /// Tells the members a reply concerns (the first in line for a book that came back).
    private func deliver(_ notices: [Notice]) async {
        guard !notices.isEmpty else { return }
        await directMessages.send(notices) { [log] line in log("Slack: " + line) }
    }

    /// The members `text` mentions (the bot aside), by their `<@ID>` token, named as
    /// `displayName` says.
    private func people(mentionedIn text: SlackText, except botUserID: String? = nil) async -> [String: Borrower] {
        var people: [String: Borrower] = [:]
        for (id, label) in text.users where id != botUserID && people["<@\(id)>"] == nil {
            people["<@\(id)>"] = Borrower(name: await displayName(id, fallback: label), userID: id)
        }
        return people
    }

    /// The member's display name from `users.info`, kept for `nameLifetime`; when the lookup
    /// fails, the name known before, else the handle Slack sent, else the id.
    private func displayName(_ userID: String, fallback: String?) async -> String {
        await person(userID, fallback: fallback).name
    }

    /// The member as `users.info` tells (`displayName`), with the language their Slack is set to.
    private func person(_ userID: String, fallback: String?) async -> (name: String, language: Language?) {
        let cached = names.withLock { $0[userID] }
        if let cached, now() - cached.at < nameLifetime { return (cached.name, cached.language) }
        guard let person = try? await api.person(userID) else { return (cached?.name ?? fallback ?? userID, cached?.language) }
        names.withLock { $0[userID] = (person.name, person.language, now()) }
        return person
    }

    /// Who sent a command: their display name, their id, and the language their Slack is set
    /// to, which answers a command whose words say no language until they write in one.
    private func sender(_ userID: String, fallback: String?, mentions: [String: Borrower] = [:]) async -> Sender {
        let person = await person(userID, fallback: fallback)
        return Sender(name: person.name, userID: userID, mentions: mentions, appLanguage: person.language)
    }
}
