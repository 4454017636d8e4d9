import Commands
import Foundation
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

/// The scheduler as a service: the daily digest and reminders, printed on the console while no
/// chat gateway exists.
struct SchedulerService: Service {
    let settings: BotSettings
    let library: LibraryService
    let logger: Logger

    func run() async throws {
        let reports = LibraryReports(library: library, language: settings.handler.defaultLanguage, timeZone: settings.rules.timeZone)
        let store = ScheduleStore(database: library.database)
        let zone = settings.rules.timeZone
        var jobs = [DailyJob(name: "reminders", schedule: DailySchedule(time: settings.reminderTime, timeZone: zone)) { [settings] now in
            let reminders = try await reports.reminders(at: now, dueSoonDays: settings.dueSoonDays)
            let day = DailySchedule(time: settings.reminderTime, timeZone: zone).day(of: now)
            // At most one reminder a day for a loan, even if `remind --post` ran too.
            let fresh = try await store.claimReminders(for: reminders.flatMap { $0.loans.map(\.loan.id) }, on: day)
            for reminder in reminders where reminder.loans.contains(where: { fresh.contains($0.loan.id) }) {
                emit(PlainRenderer.render(reminder.reply))
            }
        }]
        if let digestTime = settings.digestTime {
            jobs.append(DailyJob(name: "digest", schedule: DailySchedule(time: digestTime, timeZone: zone)) { now in
                emit(PlainRenderer.render(try await reports.digest(at: now)))
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
