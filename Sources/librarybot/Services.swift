import Commands
import Foundation
import Gateways
import LibraryCore
import Logging
import Scheduler
import ServiceLifecycle
import Synchronization

/// The console as a service: lines from the terminal (or a pipe) to replies on stdout. The end
/// of input ends the service, and with it `librarybot run`.
struct ConsoleService: Service {
    let console: Console
    let library: LibraryService

    func run() async throws {
        let handler = CommandHandler(library: library, settings: console.settings.handler)
        let input = Console.input(complete: console.completion(by: handler))
        try await console.serve(input.lines.cancelOnGracefulShutdown(), answered: input.answered, handler: handler)
    }
}

/// A zone as the operator writes it: Foundation on Linux names UTC "GMT".
func zoneName(_ identifier: String) -> String {
    identifier == "GMT" ? "UTC" : identifier
}

/// Where scheduled messages go: every enabled gateway (Slack, Discord), or the console.
struct ScheduledOutput: Sendable {
    enum Target: Sendable {
        case console
        /// Slack, with `digest.channel`.
        case slack(SlackWebAPI, channel: String?)
        /// Discord, with `discord.digest_channel`.
        case discord(DiscordREST, channel: String?)

        /// Whether this target can write to the user with `userID` directly: Discord user ids
        /// are decimal snowflakes, Slack's start with a letter (U…, W…).
        func reaches(_ userID: String?) -> Bool {
            switch self {
            case .console: true
            case .slack: userID.map { !ChatUserID.isDiscord($0) } ?? false
            case .discord: userID.map(ChatUserID.isDiscord) ?? false
            }
        }
    }

    var targets: [Target]

    /// The digest to each target's channel, except the messages `deliveries` says went out
    /// already on `day` (a retry after a failure posts only the rest). A target that fails does
    /// not stop the others; the first failure is thrown once all were tried.
    func post(digest reply: Reply, on day: String, deliveries: Deliveries = Deliveries(store: nil)) async throws {
        var failure: (any Error)?
        for (index, target) in targets.enumerated() {
            do {
                switch target {
                case .console:
                    try await deliveries.once("digest/\(index)", on: day) { emit(PlainRenderer.render(reply)) }
                case .slack(let api, let channel):
                    let channel = try Self.required(channel, key: "digest.channel")
                    try await deliveries.once("digest/\(index)", on: day) { _ = try await api.postMessage(channel: channel, SlackRenderer.render(reply)) }
                case .discord(let api, let channel):
                    let channel = try Self.required(channel, key: "discord.digest_channel")
                    // A long digest takes several messages, each posted once.
                    for (part, message) in DiscordRenderer.messages(reply).enumerated() {
                        try await deliveries.once("digest/\(index)/\(part)", on: day) { try await api.createMessage(channel: channel, message) }
                    }
                }
            } catch {
                failure = failure ?? error
            }
        }
        if let failure { throw failure }
    }

    /// The channels the digest goes to, for `librarybot digest --post` to tell.
    var digestChannels: [String] {
        targets.compactMap { target in
            switch target {
            case .console: nil
            case .slack(_, let channel), .discord(_, let channel): channel
            }
        }
    }

    private static func required(_ channel: String?, key: String) throws -> String {
        guard let channel else { throw CLIFailure("\(key) is missing: the digest needs a channel id to be posted to.") }
        return channel
    }

    /// Sends the reminders whose loans or kept books were not reminded yet on `day` (at most one
    /// a day for each, whether the scheduler or `remind --post` sends it); returns how many went out. One
    /// that cannot be sent does not stop the others, and is not counted as sent that day, so a
    /// retry or `remind --post` sends it: `RemindersNotSent` names them once all were tried.
    func send(_ reminders: [Reminder], on day: String, store: ScheduleStore, deliveries: Deliveries = Deliveries(store: nil)) async throws -> Int {
        let freshLoans = try await store.claimReminders(for: reminders.flatMap { $0.loans.map(\.loan.id) }, on: day)
        let freshHolds = try await store.claimKeptReminders(for: reminders.flatMap { $0.kept.map(\.hold.id) }, on: day)
        var sent = 0
        var failures: [(borrower: String, error: any Error)] = []
        for reminder in reminders {
            let loans = reminder.loans.map(\.loan.id).filter(freshLoans.contains)
            let holds = reminder.kept.map(\.hold.id).filter(freshHolds.contains)
            guard !loans.isEmpty || !holds.isEmpty else { continue }
            do {
                try await post(reminder: reminder, on: day, deliveries: deliveries)
                sent += 1
            } catch {
                try await store.releaseReminders(for: loans, on: day)
                try await store.releaseKeptReminders(for: holds, on: day)
                failures.append((reminder.borrower.name, error))
            }
        }
        if let first = failures.first {
            throw RemindersNotSent(sent: sent, unsent: failures.map(\.borrower), reason: "\(first.error)")
        }
        return sent
    }

    /// Sends each notice (a hold that lapsed, a book now kept for someone) as a direct message
    /// on the platform the member's user id belongs to (`DirectMessages`, as the gateways do),
    /// never in a channel, where "your hold" would name nobody; on the console, printed. A
    /// member known by name only cannot be written to: the digest and `who has` show the
    /// change. Returns how many were sent, and a line for each that could not be, for the log.
    func send(_ notices: [Notice]) async -> (sent: Int, failures: [String]) {
        var failures: [String] = []
        var slack: SlackWebAPI?, discord: DiscordREST?
        for target in targets {
            switch target {
            case .console:
                for notice in notices { emit("To \(notice.to.name):\n" + PlainRenderer.render(notice.reply)) }
                return (notices.count, [])
            case .slack(let api, _): slack = api
            case .discord(let api, _): discord = api
            }
        }
        let sent = await DirectMessages(slack: slack, discord: discord).send(notices) { failures.append($0) }
        return (sent, failures)
    }

    /// A reminder: a direct message on the platform the borrower's user id belongs to, else
    /// a line in each digest channel naming them (a name alone cannot be pinged). When the
    /// platform refuses the direct message (the member turned them off), the digest channel
    /// gets the reminder instead. A target `deliveries` says was reached on `day` is skipped,
    /// so that a retry after another target failed does not remind twice.
    func post(reminder: Reminder, on day: String, deliveries: Deliveries = Deliveries(store: nil)) async throws {
        let userID = reminder.borrower.userID
        let direct = targets.contains { $0.reaches(userID) }
        let loans = (reminder.loans.map { String($0.loan.id) } + reminder.kept.map { "h\($0.hold.id)" }).joined(separator: ",")
        var failure: (any Error)?
        for (index, target) in targets.enumerated() where !direct || target.reaches(userID) {
            do {
                try await deliveries.once("reminder/\(loans)/\(index)", on: day) {
                    try await post(reminder.reply, to: target, directly: direct ? userID : nil)
                }
            } catch {
                failure = failure ?? error
            }
        }
        if let failure { throw failure }
    }

    /// `reply` as a direct message to `userID` (or, when the member refused direct messages,
    /// in the target's channel), or without a user id in the target's channel.
    private func post(_ reply: Reply, to target: Target, directly userID: String?) async throws {
        switch target {
        case .console:
            emit(PlainRenderer.render(reply))
        case .slack(let api, let channel):
            let message = SlackRenderer.render(reply)
            if let userID {
                do {
                    try await api.postMessage(channel: userID, message)
                } catch let error as SlackAPIError where error.isDirectMessageRefused {
                    guard let channel else { throw error }
                    try await api.postMessage(channel: channel, message)
                }
            } else if let channel {
                try await api.postMessage(channel: channel, message)
            }
        case .discord(let api, let channel):
            let message = DiscordRenderer.render(reply)
            if let userID {
                do {
                    try await api.createMessage(channel: try await api.directMessageChannel(with: userID), message)
                } catch let error as DiscordAPIError where error.isDirectMessageRefused {
                    guard let channel else { throw error }
                    try await api.createMessage(channel: channel, message)
                }
            } else if let channel {
                try await api.createMessage(channel: channel, message)
            }
        }
    }
}

/// Some reminders could not be sent; they are not marked as sent, so they go out on a retry.
struct RemindersNotSent: Error, CustomStringConvertible {
    var sent: Int
    var unsent: [String]
    var reason: String

    var description: String {
        "\(unsent.count) reminder\(unsent.count == 1 ? "" : "s") could not be sent (to \(unsent.joined(separator: ", ")): \(reason))"
    }
}

/// The scheduled messages that went out on a day (the digest to each target, each part of it;
/// a reminder to each target), so that a retry after a failure sends only what did not. Kept
/// in the database: a restart that catches the job up the same day does not send them again.
/// Without a store nothing is remembered (`digest --post` and `remind --post` post once).
struct Deliveries: Sendable {
    var store: ScheduleStore?

    /// Runs `send` unless `key` went out on `day` already; records it when `send` succeeds.
    func once(_ key: String, on day: String, _ send: () async throws -> Void) async throws {
        guard let store else { return try await send() }
        guard try await !store.wasDelivered(key, on: day) else { return }
        try await send()
        try await store.recordDelivery(key, on: day)
    }
}

/// The scheduler as a service: the daily digest and reminders, posted through the enabled
/// gateway or printed on the console.
struct SchedulerService: Service {
    let settings: BotSettings
    let library: LibraryService
    let output: ScheduledOutput
    let logger: Logger

    func run() async throws {
        let reports = LibraryReports(library: library, language: settings.handler.defaultLanguage, timeZone: settings.rules.timeZone)
        let store = ScheduleStore(database: library.database)
        let zone = settings.rules.timeZone
        let deliveries = Deliveries(store: store)
        var jobs = [DailyJob(name: "reminders", schedule: DailySchedule(time: settings.reminderTime, timeZone: zone)) { [settings, logger] now in
            // Holds kept past their last day lapse first: the next in line is told today.
            let (lapses, notices) = try await reports.lapseKeptHolds(at: now)
            for lapse in lapses {
                logger.info("A hold lapsed: the book was kept for its holder past the last day.",
                            metadata: ["book": "\(lapse.book.id)", "next": "\(lapse.nextInLine == nil ? "none" : "kept for the next in line")"])
            }
            for failure in await output.send(notices).failures { logger.warning("\(failure)") }
            let reminders = try await reports.reminders(at: now, dueSoonDays: settings.dueSoonDays)
            let day = DailySchedule(time: settings.reminderTime, timeZone: zone).day(of: now)
            _ = try await output.send(reminders, on: day, store: store, deliveries: deliveries)
        }]
        if let digestTime = settings.digestTime {
            let schedule = DailySchedule(time: digestTime, timeZone: zone)
            jobs.append(DailyJob(name: "digest", schedule: schedule) { now in
                try await output.post(digest: try await reports.digest(at: now), on: schedule.day(of: now), deliveries: deliveries)
            })
        }
        if let backups = settings.backups {
            let schedule = DailySchedule(time: settings.backupTime, timeZone: zone)
            let database = library.database
            jobs.append(DailyJob(name: "backup", schedule: schedule) { [logger] now in
                let outcome = try backups.run(database, day: schedule.day(of: now))
                if outcome.written {
                    logger.info("Backed up the library: \(outcome.books) \(outcome.books == 1 ? "book" : "books"), \(outcome.openLoans) out.",
                                metadata: ["file": "\(outcome.file)", "removed": "\(outcome.removed.count)"])
                }
            })
        }
        logger.info("Scheduler started: reminders at \(settings.reminderTime), digest \(settings.digestTime.map { "at \($0)" } ?? "off"), backup \(settings.backups.map { "at \(settings.backupTime) to \($0.folder), keeping \($0.keep)" } ?? "off"), in \(zoneName(zone.identifier)).")
        let clockFace = DailySchedule(time: settings.reminderTime, timeZone: zone)
        let scheduler = Scheduler(jobs: jobs, store: store) { [logger] job, error, retryAt in
            let when = retryAt.map { "it is tried again at \(clockFace.localTime(of: $0))" } ?? "it runs again tomorrow"
            logger.error("A scheduled job failed; \(when).", metadata: ["job": "\(job)", "error": "\(error)"])
        }
        do {
            try await cancelWhenGracefulShutdown {
                try await scheduler.run()
            }
        } catch is CancellationError {
            // Shutting down: a job in progress has finished or been cancelled.
        }
    }
}

/// The Slack gateway as a service. A rejected token stops `librarybot run` with one clear line.
struct SlackService: Service {
    let gateway: SlackGateway

    func run() async throws {
        do {
            try await cancelWhenGracefulShutdown { try await gateway.run() }
        } catch is CancellationError {
            return
        } catch let error as SlackAPIError where error.isAuthenticationFailure {
            throw CLIFailure("Slack rejected the token (\(error.code) on \(error.method)): check SLACK_BOT_TOKEN and SLACK_APP_TOKEN.")
        }
    }
}

/// The Discord gateway as a service. A rejected token or a close code that no retry can fix
/// stops `librarybot run` with one clear line.
struct DiscordService: Service {
    let gateway: DiscordGateway

    func run() async throws {
        do {
            try await cancelWhenGracefulShutdown { try await gateway.run() }
        } catch is CancellationError {
            return
        } catch let error as DiscordAPIError where error.isAuthenticationFailure {
            throw CLIFailure("Discord rejected the token (HTTP 401 on \(error.route)): check DISCORD_TOKEN.")
        } catch let error as DiscordGatewayError {
            throw CLIFailure(error.description)
        }
    }
}
