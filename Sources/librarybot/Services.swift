import Commands
import Foundation
import Gateways
import LibraryCore
import Logging
import Scheduler
import ServiceLifecycle

/// The console as a service: lines from the terminal (or a pipe) to replies on stdout. The end
/// of input ends the service, and with it `librarybot run`.
struct ConsoleService: Service {
    let console: Console
    let library: LibraryService

    func run() async throws {
        try await console.serve(Console.inputLines().cancelOnGracefulShutdown(), library: library)
    }
}

/// Where scheduled messages go: the console, or Slack.
enum ScheduledOutput: Sendable {
    case console
    case slack(SlackWebAPI)

    /// The digest to `digest.channel`.
    func post(digest reply: Reply, channel: String?) async throws {
        switch self {
        case .console: emit(PlainRenderer.render(reply))
        case .slack(let api): try await api.postMessage(channel: channel ?? "", SlackRenderer.render(reply))
        }
    }

    /// Sends the reminders whose loans were not reminded yet on `day` (at most one a day for a
    /// loan, whether the scheduler or `remind --post` sends it); returns how many went out.
    func send(_ reminders: [Reminder], on day: String, store: ScheduleStore, channel: String?) async throws -> Int {
        let fresh = try await store.claimReminders(for: reminders.flatMap { $0.loans.map(\.loan.id) }, on: day)
        var sent = 0
        for reminder in reminders where reminder.loans.contains(where: { fresh.contains($0.loan.id) }) {
            try await post(reminder: reminder, channel: channel)
            sent += 1
        }
        return sent
    }

    /// A reminder: a direct message when the borrower's user id is known, else a line in
    /// `digest.channel` naming them (a name alone cannot be pinged).
    func post(reminder: Reminder, channel: String?) async throws {
        switch self {
        case .console: emit(PlainRenderer.render(reminder.reply))
        case .slack(let api):
            if let userID = reminder.borrower.userID {
                try await api.postMessage(channel: userID, SlackRenderer.render(reminder.reply))
            } else if let channel {
                try await api.postMessage(channel: channel, SlackRenderer.render(reminder.reply))
            }
        }
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
        var jobs = [DailyJob(name: "reminders", schedule: DailySchedule(time: settings.reminderTime, timeZone: zone)) { [settings] now in
            let reminders = try await reports.reminders(at: now, dueSoonDays: settings.dueSoonDays)
            let day = DailySchedule(time: settings.reminderTime, timeZone: zone).day(of: now)
            _ = try await output.send(reminders, on: day, store: store, channel: settings.digestChannel)
        }]
        if let digestTime = settings.digestTime {
            jobs.append(DailyJob(name: "digest", schedule: DailySchedule(time: digestTime, timeZone: zone)) { [settings] now in
                try await output.post(digest: try await reports.digest(at: now), channel: settings.digestChannel)
            })
        }
        logger.info("Scheduler started: reminders at \(settings.reminderTime), digest \(settings.digestTime.map { "at \($0)" } ?? "off"), in \(zone.identifier).")
        let scheduler = Scheduler(jobs: jobs, store: store) { [logger] job, error in
            logger.error("A scheduled job failed; it runs again tomorrow.", metadata: ["job": "\(job)", "error": "\(error)"])
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
