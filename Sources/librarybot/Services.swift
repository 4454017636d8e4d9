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
        try await console.serve(Console.inputLines().cancelOnGracefulShutdown(), library: library)
    }
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
            case .slack: userID.map { !ScheduledOutput.isDiscordID($0) } ?? false
            case .discord: userID.map(ScheduledOutput.isDiscordID) ?? false
            }
        }
    }

    var targets: [Target]

    static func isDiscordID(_ id: String) -> Bool {
        id.count >= 15 && id.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// The digest to each target's channel. A target that fails does not stop the others;
    /// the first failure is thrown once all were tried.
    func post(digest reply: Reply) async throws {
        var posted = Set<Int>()
        try await post(digest: reply, alreadyPosted: &posted)
    }

    /// The digest to the targets whose index is not in `posted` yet, adding those it reaches, so
    /// that a retry after a failure does not post twice where it went through.
    func post(digest reply: Reply, alreadyPosted posted: inout Set<Int>) async throws {
        var failure: (any Error)?
        for (index, target) in targets.enumerated() where !posted.contains(index) {
            do {
                switch target {
                case .console: emit(PlainRenderer.render(reply))
                case .slack(let api, let channel):
                    try await api.postMessage(channel: try Self.required(channel, key: "digest.channel"), SlackRenderer.render(reply))
                case .discord(let api, let channel):
                    let channel = try Self.required(channel, key: "discord.digest_channel")
                    for part in DiscordRenderer.messages(reply) { try await api.createMessage(channel: channel, part) }
                }
                posted.insert(index)
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

    /// Sends the reminders whose loans were not reminded yet on `day` (at most one a day for a
    /// loan, whether the scheduler or `remind --post` sends it); returns how many went out. One
    /// that cannot be sent does not stop the others, and is not counted as sent that day, so a
    /// retry or `remind --post` sends it: `RemindersNotSent` names them once all were tried.
    func send(_ reminders: [Reminder], on day: String, store: ScheduleStore) async throws -> Int {
        let fresh = try await store.claimReminders(for: reminders.flatMap { $0.loans.map(\.loan.id) }, on: day)
        var sent = 0
        var failures: [(borrower: String, error: any Error)] = []
        for reminder in reminders {
            let claimed = reminder.loans.map(\.loan.id).filter(fresh.contains)
            guard !claimed.isEmpty else { continue }
            do {
                try await post(reminder: reminder)
                sent += 1
            } catch {
                try await store.releaseReminders(for: claimed, on: day)
                failures.append((reminder.borrower.name, error))
            }
        }
        if let first = failures.first {
            throw RemindersNotSent(sent: sent, unsent: failures.map(\.borrower), reason: "\(first.error)")
        }
        return sent
    }

    /// A reminder: a direct message on the platform the borrower's user id belongs to, else
    /// a line in each digest channel naming them (a name alone cannot be pinged). When the
    /// platform refuses the direct message (the member turned them off), the digest channel
    /// gets the reminder instead.
    func post(reminder: Reminder) async throws {
        let userID = reminder.borrower.userID
        let direct = targets.contains { $0.reaches(userID) }
        for target in targets where !direct || target.reaches(userID) {
            switch target {
            case .console:
                emit(PlainRenderer.render(reminder.reply))
            case .slack(let api, let channel):
                let message = SlackRenderer.render(reminder.reply)
                if direct, let userID {
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
                let message = DiscordRenderer.render(reminder.reply)
                if direct, let userID {
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

/// The digest's targets already posted to on a day, so that a retry skips them.
final class DigestProgress: Sendable {
    private let state = Mutex<(day: String, posted: Set<Int>)>(("", []))

    func posted(on day: String) -> Set<Int> { state.withLock { $0.day == day ? $0.posted : [] } }
    func record(_ posted: Set<Int>, on day: String) { state.withLock { $0 = (day, posted) } }
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
        var jobs = [DailyJob(name: "reminders", schedule: DailySchedule(time: settings.reminderTime, timeZone: zone)) { [settings] now in
            let reminders = try await reports.reminders(at: now, dueSoonDays: settings.dueSoonDays)
            let day = DailySchedule(time: settings.reminderTime, timeZone: zone).day(of: now)
            _ = try await output.send(reminders, on: day, store: store)
        }]
        if let digestTime = settings.digestTime {
            let schedule = DailySchedule(time: digestTime, timeZone: zone)
            let progress = DigestProgress()
            jobs.append(DailyJob(name: "digest", schedule: schedule) { now in
                let day = schedule.day(of: now)
                var posted = progress.posted(on: day)
                defer { progress.record(posted, on: day) }
                try await output.post(digest: try await reports.digest(at: now), alreadyPosted: &posted)
            })
        }
        logger.info("Scheduler started: reminders at \(settings.reminderTime), digest \(settings.digestTime.map { "at \($0)" } ?? "off"), in \(zone.identifier).")
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
