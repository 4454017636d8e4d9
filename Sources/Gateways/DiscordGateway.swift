import Commands
import Foundation
import LibraryCore
import Synchronization
import Transport

/// Why the Discord gateway stopped for good: Discord closed the connection with a code that
/// no retry can fix (https://discord.com/developers/docs/topics/opcodes-and-status-codes).
public struct DiscordGatewayError: Error, Sendable, Hashable, CustomStringConvertible {
    public var code: UInt16
    public var reason: String

    public init(code: UInt16, reason: String) {
        self.code = code
        self.reason = reason
    }

    /// The close codes after which reconnecting cannot help.
    static let fatalCodes: Set<UInt16> = [4004, 4010, 4011, 4012, 4013, 4014]

    public var description: String {
        let advice: String
        switch code {
        case 4004: advice = "the token was rejected: check DISCORD_TOKEN (the bot token from the Developer Portal's Bot page)"
        case 4010: advice = "the shard sent was invalid"
        case 4011: advice = "the bot is in too many servers for one connection and needs sharding"
        case 4012: advice = "the gateway API version is not supported"
        case 4013: advice = "the intents sent are invalid"
        case 4014: advice = "the bot asked for the Message Content intent, which is privileged and not enabled: turn on \"Message Content Intent\" on the Developer Portal's Bot page, then start again"
        default: advice = "Discord refused the connection"
        }
        return "Discord closed the gateway with \(code)\(reason.isEmpty ? "" : " (\(reason))"): \(advice)."
    }
}

/// The Discord gateway bot: the websocket gateway in, REST out. Keeps its session alive with
/// heartbeats, resumes after a drop (the events sent meanwhile are replayed by Discord and
/// answered once), and answers commands where they were asked: a message that mentions the
/// bot or starts with the prefix (or any direct message) with a reply to it, the `/library`
/// command through its interaction callback.
public final class DiscordGateway: Sendable {
    public let api: DiscordREST
    public let handler: CommandHandler
    /// `discord.prefix`, `!library` by default.
    public let prefix: String
    /// How long to wait before identifying again after an INVALID SESSION that cannot be
    /// resumed: Discord asks for a random 1-5 s.
    let invalidSessionDelay: ClosedRange<Double>
    /// How long the members a `/library` text mentions may take to look up.
    let mentionLookupTime: Duration
    /// How long a `/library` command may run before its interaction is deferred: Discord drops
    /// an interaction not answered within 3 s.
    let deferAfter: Duration
    private let log: @Sendable (String) -> Void

    private struct Session {
        var id: String
        var resumeURL: String
    }

    private let session = Mutex<Session?>(nil)
    private let sequence = Mutex<Int?>(nil)
    private let botUserID = Mutex<String?>(nil)
    /// Failed connections in a row; a READY or RESUMED sets it back to 0.
    private let failures = Mutex(0)
    private let seen = RecentIDs()
    private let inProgress = CommandsInProgress()
    /// The language each member's Discord is set to, as their interactions tell (the `locale` of
    /// `/library`, its suggestions and buttons): a message (`!library …`, a mention, a direct
    /// message) carries none, and is answered in it when its words say no language. For this
    /// run only; their next interaction tells it again.
    private let appLanguages = Mutex<[String: Language]>([:])

    /// Where messages for other members go (Discord's own direct messages, unless told more).
    private let directMessages: DirectMessages
    /// Told of each command answered (who, what, how it went), for the operator's log.
    private let tracer: CommandTracer
    /// Suggestions while `/library` is typed.
    private let completer: CommandCompleter

    public init(api: DiscordREST, handler: CommandHandler, prefix: String = "!library",
                invalidSessionDelay: ClosedRange<Double> = 1...5, mentionLookupTime: Duration = .milliseconds(1500),
                deferAfter: Duration = .seconds(2),
                directMessages: DirectMessages? = nil, log: @escaping @Sendable (String) -> Void = { _ in },
                trace: @escaping @Sendable (CommandTrace) -> Void = { _ in }) {
        self.api = api
        self.handler = handler
        self.completer = CommandCompleter(library: handler.library, settings: handler.settings)
        self.directMessages = directMessages ?? DirectMessages(discord: api)
        self.prefix = prefix
        self.invalidSessionDelay = invalidSessionDelay
        self.mentionLookupTime = mentionLookupTime
        self.deferAfter = deferAfter
        self.log = log
        self.tracer = CommandTracer(platform: "Discord", report: trace)
    }

    /// Connects and serves until the task is cancelled. A rejected token (HTTP 401, close
    /// 4004) or another close code that no retry can fix ends it with `DiscordAPIError` or
    /// `DiscordGatewayError`; anything else is resumed or reconnected, with capped backoff.
    public func run() async throws {
        try await serveUntilCancelled()
        // A shutdown gives the commands still being answered its grace period.
        await inProgress.finish()
    }

    /// How a connection ended, when it did not fail.
    enum ConnectionEnd: Sendable {
        /// Resume the session on a new connection at once (op 7, a zombie, op 9 with `true`).
        case resume
        /// Shut down (the task was cancelled).
        case shutdown
    }

    private func serveUntilCancelled() async throws {
        while !Task.isCancelled {
            do {
                let current = session.withLock { $0 }
                let url: String
                if let current {
                    url = current.resumeURL
                } else {
                    url = try await gatewayURLForNewSession()
                }
                let socket = try await WebSocketClient.connect(to: Self.versioned(url))
                switch try await serve(socket) {
                case .resume:
                    continue
                case .shutdown:
                    await socket.close(code: 1000, reason: "shutting down")
                    return
                }
            } catch is CancellationError {
                return
            } catch let error as DiscordAPIError where error.isAuthenticationFailure {
                throw error
            } catch WebSocketError.closedByPeer(let code, let reason) where DiscordGatewayError.fatalCodes.contains(code) {
                throw DiscordGatewayError(code: code, reason: reason)
            } catch {
                if case WebSocketError.closedByPeer(let code, _) = error, code == 4007 || code == 4009 {
                    // Invalid sequence or session timed out: the session cannot be resumed.
                    forgetSession()
                }
                let count = failures.withLock { $0 += 1; return $0 }
                if count >= 3, session.withLock({ $0 }) != nil {
                    // The resume URL keeps failing: start a new session on the main gateway.
                    forgetSession()
                }
                let delay = Backoff.delay(afterFailures: count)
                log("Discord: connection lost (\(error)); \(session.withLock { $0 } == nil ? "reconnecting" : "resuming") in \(String(format: "%.1f", delay)) s.")
                do {
                    try await Backoff.sleep(seconds: delay)
                } catch {
                    return
                }
            }
        }
    }

    /// `GET /gateway/bot` before a new session: its URL, after waiting out the session start
    /// limit when no start is left.
    private func gatewayURLForNewSession() async throws -> String {
        let info = try await api.gatewayBot()
        if let limit = info.session_start_limit, limit.remaining <= 0 {
            log("Discord: no session starts left today; waiting \(limit.reset_after / 1000) s for the limit to reset.")
            try await Task.sleep(for: .milliseconds(limit.reset_after))
        }
        return info.url
    }

    /// The gateway URL with the API version and encoding this bot speaks.
    static func versioned(_ url: String) -> String {
        guard var components = URLComponents(string: url) else { return url }
        var items = (components.queryItems ?? []).filter { $0.name != "v" && $0.name != "encoding" }
        items += [URLQueryItem(name: "v", value: "10"), URLQueryItem(name: "encoding", value: "json")]
        components.queryItems = items
        if components.path.isEmpty { components.path = "/" }
        return components.string ?? url
    }

    private func forgetSession() {
        session.withLock { $0 = nil }
        sequence.withLock { $0 = nil }
    }

    /// Serves one connection: the reader and, once HELLO tells the interval, the heartbeat.
    /// The reader says how the connection ended (the peer's close code, in an error), unless the
    /// heartbeat finds a zombie first (a missed ACK).
    private func serve(_ socket: WebSocketClient) async throws -> ConnectionEnd {
        let (intervals, helloSeen) = AsyncStream<Int>.makeStream()
        let acknowledged = HeartbeatACK()
        let end = try await withThrowingTaskGroup(of: ConnectionEnd?.self) { group in
            group.addTask { try await self.read(socket, heartbeatInterval: helloSeen, acknowledged: acknowledged) }
            group.addTask {
                // HELLO comes once; the heartbeat runs until it finds a zombie or is cancelled.
                for await interval in intervals {
                    do {
                        return try await self.heartbeat(socket, every: interval, acknowledged: acknowledged)
                    } catch is CancellationError {
                        throw CancellationError()
                    } catch {
                        // A heartbeat the closing socket refused: the reader has the reason.
                        return nil
                    }
                }
                return nil
            }
            defer { group.cancelAll() }
            while let finished = try await group.next() {
                if let end = finished { return end }
            }
            return .shutdown
        }
        if end == .resume {
            // Not 1000 or 1001, which would end the session; not awaited, as a zombie may never
            // answer the close.
            Task { await socket.close(code: 4000, reason: "resuming") }
        }
        return Task.isCancelled ? .shutdown : end
    }

    /// Sends a heartbeat after `interval × jitter`, then every `interval` ms; returns
    /// `.resume` when the previous one was never acknowledged (a zombie connection).
    private func heartbeat(_ socket: WebSocketClient, every interval: Int, acknowledged: HeartbeatACK) async throws -> ConnectionEnd {
        try await Task.sleep(for: .milliseconds(Int64(Double(interval) * Double.random(in: 0..<1))))
        while true {
            guard acknowledged.take() else {
                log("Discord: no heartbeat ACK; the connection is a zombie, resuming.")
                return .resume
            }
            try socket.send(text: DiscordCommand.heartbeat(sequence.withLock { $0 }))
            try await Task.sleep(for: .milliseconds(interval))
        }
    }

    /// Reads the gateway until it asks for a new connection, or fails.
    private func read(_ socket: WebSocketClient, heartbeatInterval: AsyncStream<Int>.Continuation, acknowledged: HeartbeatACK) async throws -> ConnectionEnd {
        defer { heartbeatInterval.finish() }
        for try await message in socket.messages {
            guard case .text(let text) = message,
                  let frame = DiscordFrame(text: text),
                  let op = DiscordOpcode(rawValue: frame.op) else { continue }
            switch op {
            case .hello:
                guard case .hello(let hello) = frame.d else { continue }
                // Never faster than 10 a second, whatever the server says.
                heartbeatInterval.yield(max(hello.heartbeat_interval, 100))
                if let current = session.withLock({ $0 }) {
                    try socket.send(text: DiscordCommand.resume(token: api.token, sessionID: current.id, sequence: sequence.withLock { $0 }))
                } else {
                    try socket.send(text: DiscordCommand.identify(token: api.token))
                }
            case .heartbeat:
                try socket.send(text: DiscordCommand.heartbeat(sequence.withLock { $0 }))
            case .heartbeatACK:
                acknowledged.received()
            case .reconnect:
                log("Discord: asked to reconnect; resuming.")
                return .resume
            case .invalidSession:
                if case .invalidSession(resumable: true) = frame.d {
                    log("Discord: session invalidated but resumable; resuming.")
                    return .resume
                }
                forgetSession()
                let delay = Double.random(in: invalidSessionDelay)
                log("Discord: session invalidated; identifying again in \(String(format: "%.1f", delay)) s.")
                try await Backoff.sleep(seconds: delay)
                try socket.send(text: DiscordCommand.identify(token: api.token))
            case .dispatch:
                if let number = frame.s { sequence.withLock { $0 = number } }
                dispatch(frame)
            case .identify, .resume:
                continue
            }
        }
        if Task.isCancelled { return .shutdown }
        // Ended without an error: only our own close does that.
        return .resume
    }

    private func dispatch(_ frame: DiscordFrame) {
        switch frame.d {
        case .ready(let ready):
            session.withLock { $0 = Session(id: ready.session_id, resumeURL: ready.resume_gateway_url) }
            botUserID.withLock { $0 = ready.user.id }
            failures.withLock { $0 = 0 }
            log("Discord: connected as \(ready.user.username) (\(ready.user.id)).")
        case .message(let message):
            guard let bot = botUserID.withLock({ $0 }), let text = commandText(of: message, botUserID: bot),
                  seen.firstTime("message:\(message.id)") else { return }
            inProgress.start(from: message.author.id) { turn in await self.answer(message, text: text, turn: turn) }
        case .interaction(let interaction):
            guard seen.firstTime("interaction:\(interaction.id)") else { return }
            if interaction.type == 4 {
                // Not in the member's turn: a suggestion changes nothing, and is due within 3 s.
                inProgress.start(from: nil) { _ in await self.suggest(interaction) }
            } else {
                inProgress.start(from: interaction.member?.user?.id ?? interaction.user?.id) { turn in await self.answer(interaction, turn: turn) }
            }
        default:
            if frame.t == "RESUMED" {
                failures.withLock { $0 = 0 }
                log("Discord: session resumed.")
            }
        }
    }

    /// The command in a message, without its leading mention or prefix, the bot's mention
    /// elsewhere written as `CommandParser.botHandle`; nil when the message is not addressed to
    /// the bot (or comes from a bot, a webhook, or is a system message). In a server, a message
    /// is addressed by the mention or the prefix first, or by the mention after a greeting or
    /// last ("hey @librarybot, who has Dune?", "who has Dune, @librarybot?"), as a member
    /// calls someone by name; a mention in passing is not ("I asked @librarybot"). A reply to
    /// one of the bot's messages is addressed to it too ("yes" to "Did you mean …?").
    func commandText(of message: DiscordMessage, botUserID: String) -> String? {
        guard message.author.bot != true, message.webhook_id == nil, message.author.id != botUserID,
              [0, 19].contains(message.type ?? 0) else { return nil }
        let content = message.content.drop { $0.isWhitespace }
        func command(_ text: Substring) -> String { withBotHandle(String(text), botUserID: botUserID).trimmingWhitespace(newlines: true) }
        for mention in ["<@\(botUserID)>", "<@!\(botUserID)>"] where content.hasPrefix(mention) {
            return command(content.dropFirst(mention.count))
        }
        if content.lowercased().hasPrefix(prefix.lowercased()) {
            let rest = content.dropFirst(prefix.count)
            if rest.isEmpty || rest.first?.isWhitespace == true { return command(rest) }
        }
        if message.guild_id == nil || message.referenced_message?.author.id == botUserID { return command(content) }
        // Most of a server's messages are not for the bot: passed over without being read further.
        guard content.contains("<@\(botUserID)>") || content.contains("<@!\(botUserID)>") else { return nil }
        let text = command(content)
        return CommandParser.addressesBot(text) ? text : nil
    }

    private func answer(_ message: DiscordMessage, text: String, turn: Turn) async {
        let sender = Sender(name: message.author.displayName(nick: message.member?.nick), userID: message.author.id,
                            mentions: message.mentionedPeople, appLanguage: appLanguages.withLock { $0[message.author.id] })
        let reply = await tracer.handle(CommandParser.parse(text), from: sender, by: handler, in: turn)
        do {
            // A long reply takes several messages; the first answers the command.
            for (index, part) in DiscordRenderer.messages(reply).enumerated() {
                try await api.createMessage(channel: message.channel_id, part, replyTo: index == 0 ? message.id : nil)
            }
        } catch {
            log("Discord: a reply could not be sent (\(error)).")
        }
        await deliver(reply.notices)
    }

    /// The language `interaction` says its member's Discord is set to, kept for their messages.
    private func noteAppLanguage(of interaction: DiscordInteraction, _ user: DiscordUser) -> Language? {
        guard let language = interaction.language else { return nil }
        appLanguages.withLock { $0[user.id] = language }
        return language
    }

    /// Tells the members a reply concerns (the first in line for a book that came back).
    private func deliver(_ notices: [Notice]) async {
        guard !notices.isEmpty else { return }
        await directMessages.send(notices) { [log] line in log("Discord: " + line) }
    }

    /// An autocomplete request while `/library` is typed: suggestions for the command so far,
    /// from the library as it is now.
    private func suggest(_ interaction: DiscordInteraction) async {
        guard let user = interaction.member?.user ?? interaction.user, interaction.data?.name == "library" else { return }
        let options = interaction.data?.options ?? []
        let typed = (options.first { $0.focused == true } ?? options.first { $0.name == "command" })?.value ?? ""
        let sender = Sender(name: user.displayName(nick: interaction.member?.nick), userID: user.id, appLanguage: noteAppLanguage(of: interaction, user))
        let suggestions = await completer.suggestions(for: typed, from: sender, at: Date(), language: await handler.preferredLanguage(of: sender))
        do {
            try await api.suggest(toInteraction: interaction.id, token: interaction.token, suggestions)
        } catch {
            log("Discord: suggestions could not be sent (\(error)).")
        }
    }

    private func answer(_ interaction: DiscordInteraction, turn: Turn) async {
        guard let user = interaction.member?.user ?? interaction.user else { return }
        let sender = Sender(name: user.displayName(nick: interaction.member?.nick), userID: user.id, appLanguage: noteAppLanguage(of: interaction, user))
        // Told once the answer went out, or failed to: what it reports happened all the same.
        var notices: [Notice] = []
        do {
            switch (interaction.type, interaction.data?.name, interaction.data?.custom_id) {
            case (2, "library", _):
                let text = interaction.data?.options?.first { $0.name == "command" }?.value ?? ""
                var sender = sender
                sender.mentions = await people(mentionedIn: text, guild: interaction.guild_id)
                // Discord waits 3 s for the callback: a command still running after
                // `deferAfter` (an ISBN looked up in Open Library) is answered "thinking…"
                // first, and its reply put in place of that once it is ready.
                let deferral = Deferral()
                let application = interaction.application_id
                let deferring = application == nil ? nil : Task { [api, deferAfter] in
                    try await Task.sleep(for: deferAfter)
                    guard deferral.start() else { return }
                    try await api.deferResponse(toInteraction: interaction.id, token: interaction.token)
                }
                let (reply, onlyToAsker) = await answerSlashCommand(text, from: sender, handler: handler, turn: turn, tracer: tracer)
                notices = reply.notices
                let parts = DiscordRenderer.messages(reply, atMost: application == nil ? 1 : DiscordRenderer.maxMessages)
                if let application, let deferring, !deferral.finishInTime() {
                    try await deferring.value
                    if onlyToAsker {
                        // The "thinking" message is seen by all: the answer for the asker alone
                        // replaces it as ephemeral follow-ups.
                        try await api.deleteOriginalResponse(application: application, token: interaction.token)
                        for part in parts {
                            try await api.followUp(application: application, token: interaction.token, part, ephemeral: true)
                        }
                    } else {
                        try await api.editOriginalResponse(application: application, token: interaction.token, parts[0])
                        for part in parts.dropFirst() {
                            try await api.followUp(application: application, token: interaction.token, part)
                        }
                    }
                } else {
                    deferring?.cancel()
                    try await api.respond(toInteraction: interaction.id, token: interaction.token, parts[0], ephemeral: onlyToAsker)
                    if let application {
                        for part in parts.dropFirst() {
                            try await api.followUp(application: application, token: interaction.token, part, ephemeral: onlyToAsker)
                        }
                    }
                }
            case (3, _, let id?) where id.hasPrefix(DiscordRenderer.commandPrefix):
                // A reply's button (Renew on a reminder): its command, run as typed by whoever
                // pressed it, answered in a message of its own (the one with the button stays).
                let reply = await tracer.handle(CommandParser.parse(String(id.dropFirst(DiscordRenderer.commandPrefix.count))),
                                                from: sender, by: handler, in: turn)
                notices = reply.notices
                try await api.respond(toInteraction: interaction.id, token: interaction.token, DiscordRenderer.render(reply),
                                      ephemeral: reply.kind == .error)
            case (3, _, let id?) where id == DiscordRenderer.confirmID || id == DiscordRenderer.cancelID:
                // The Yes / Cancel buttons, as the typed `yes` / `cancel`. The confirmation
                // becomes the outcome (its buttons gone); a refusal goes only to the presser.
                let reply = await tracer.handle(ParsedCommand(intent: id == DiscordRenderer.confirmID ? .confirm : .cancel, language: nil),
                                                from: sender, by: handler, in: turn)
                if reply.kind == .error {
                    try await api.respond(toInteraction: interaction.id, token: interaction.token, DiscordRenderer.render(reply), ephemeral: true)
                } else {
                    try await api.respond(toInteraction: interaction.id, token: interaction.token, DiscordRenderer.render(reply), as: .updateMessage)
                }
            default:
                return
            }
        } catch {
            log("Discord: an interaction could not be answered (\(error)).")
        }
        await deliver(notices)
    }
}

extension DiscordGateway {
    /// The members a `/library` text mentions. There Discord sends a mention as its bare token
    /// (`<@ID>`), without the `mentions` of a message, so each is looked up: at most five, and
    /// all within `mentionLookupTime` of the 3 s Discord gives an interaction's answer. One not
    /// found, or not in time, is left out: the handler then refuses a command that names it,
    /// rather than record a loan to a token.
    func people(mentionedIn text: String, guild: String?) async -> [String: Borrower] {
        let mentioned = mentionTokens(in: text).prefix(5)
        guard !mentioned.isEmpty else { return [:] }
        enum Found: Sendable { case person(tokens: [String], Borrower), nobody, outOfTime }
        return await withTaskGroup(of: Found.self) { group in
            for (id, tokens) in mentioned {
                group.addTask { [api] in
                    guard let person = try? await api.person(id, in: guild) else { return .nobody }
                    return .person(tokens: tokens, person)
                }
            }
            group.addTask { [mentionLookupTime] in
                try? await Task.sleep(for: mentionLookupTime)
                return .outOfTime
            }
            var people: [String: Borrower] = [:], answered = 0
            for await found in group {
                switch found {
                case .person(let tokens, let person):
                    for token in tokens { people[token] = person }
                    answered += 1
                case .nobody:
                    answered += 1
                case .outOfTime:
                    group.cancelAll()
                    return people
                }
                if answered == mentioned.count { group.cancelAll() }
            }
            return people
        }
    }
}

/// Whether the last heartbeat of a connection was acknowledged (op 11).
final class HeartbeatACK: Sendable {
    private let acknowledged = Mutex(true)

    func received() {
        acknowledged.withLock { $0 = true }
    }

    /// Whether the previous heartbeat was acknowledged; the next one is not, until its ACK.
    func take() -> Bool {
        acknowledged.withLock { value in
            defer { value = false }
            return value
        }
    }
}

/// Whether an interaction's answer came in time or was deferred: whichever of the answer and
/// the deferral's timer comes first wins, once.
final class Deferral: Sendable {
    private enum State { case waiting, answered, deferred }
    private let state = Mutex(State.waiting)

    /// The timer's turn: true when the answer is not there yet, and the deferral must be sent.
    func start() -> Bool {
        state.withLock { state in
            guard case .waiting = state else { return false }
            state = .deferred
            return true
        }
    }

    /// The answer's turn: true when it came before the deferral, and goes as the callback.
    func finishInTime() -> Bool {
        state.withLock { state in
            guard case .waiting = state else { return false }
            state = .answered
            return true
        }
    }
}
