import Foundation
import LibraryCore

/// Where the scheduler gets the time and waits: the system clock in production, a clock the
/// tests move by hand.
public protocol SchedulerClock: Sendable {
    func now() -> Date
    /// Returns at `instant` (or throws when the task is cancelled).
    func sleep(until instant: Date) async throws
}

/// The real clock.
public struct SystemClock: SchedulerClock {
    public init() {}
    public func now() -> Date { Date() }
    public func sleep(until instant: Date) async throws {
        let interval = instant.timeIntervalSinceNow
        if interval > 0 { try await Task.sleep(for: .milliseconds(Int64(interval * 1000) + 1)) }
    }
}

/// A job that runs once a day at a local time.
public struct DailyJob: Sendable {
    public var name: String
    public var schedule: DailySchedule
    /// Runs the job for the instant it was due (or caught up).
    public var action: @Sendable (Date) async throws -> Void

    public init(name: String, schedule: DailySchedule, action: @escaping @Sendable (Date) async throws -> Void) {
        self.name = name
        self.schedule = schedule
        self.action = action
    }
}

/// Runs daily jobs at their local time: once a day, never twice across restarts (the last run
/// day of each job is in the database), catching up once when started after the time on a day
/// it has not run.
public struct Scheduler: Sendable {
    public var jobs: [DailyJob]
    public var clock: any SchedulerClock
    public var store: ScheduleStore
    /// Told when a job fails; the scheduler goes on with the next day.
    public var onFailure: @Sendable (String, any Error) -> Void

    public init(jobs: [DailyJob], clock: any SchedulerClock = SystemClock(), store: ScheduleStore,
                onFailure: @escaping @Sendable (String, any Error) -> Void = { _, _ in }) {
        self.jobs = jobs
        self.clock = clock
        self.store = store
        self.onFailure = onFailure
    }

    /// Runs until the task is cancelled.
    public func run() async throws {
        guard !jobs.isEmpty else { return }
        while !Task.isCancelled {
            try await runDueJobs()
            let now = clock.now()
            let wake = jobs.map { $0.schedule.nextRun(after: now) }.min() ?? now.addingTimeInterval(86_400)
            try await clock.sleep(until: wake)
        }
    }

    /// Runs every job whose time today has come and that has not run today.
    public func runDueJobs() async throws {
        let now = clock.now()
        for job in jobs {
            let due = job.schedule.instant(onDayOf: now)
            guard now >= due else { continue }
            let day = job.schedule.day(of: now)
            guard try await store.claimRun(of: job.name, on: day, at: now) else { continue }
            do {
                try await job.action(now)
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                onFailure(job.name, error)
            }
        }
    }
}
