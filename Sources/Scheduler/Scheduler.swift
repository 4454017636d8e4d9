import Foundation
import LibraryCore
import Synchronization

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
/// it has not run. A job that fails has not run: it is tried again later the same day, after
/// 1, 5, 15, 30 and then every 60 minutes, and a restart that day catches it up.
public struct Scheduler: Sendable {
    public var jobs: [DailyJob]
    public var clock: any SchedulerClock
    public var store: ScheduleStore
    /// Told when a job fails, with when it is tried again (nil: not today, tomorrow's run takes over).
    public var onFailure: @Sendable (_ job: String, _ error: any Error, _ retryAt: Date?) -> Void
    private let retries = Retries()

    public init(jobs: [DailyJob], clock: any SchedulerClock = SystemClock(), store: ScheduleStore,
                onFailure: @escaping @Sendable (_ job: String, _ error: any Error, _ retryAt: Date?) -> Void = { _, _, _ in }) {
        self.jobs = jobs
        self.clock = clock
        self.store = store
        self.onFailure = onFailure
    }

    /// The wait before another try, after `failures` failures in a row on one day.
    static func retryDelay(afterFailures failures: Int) -> TimeInterval {
        let minutes: [TimeInterval] = [1, 5, 15, 30, 60]
        return minutes[min(max(failures, 1), minutes.count) - 1] * 60
    }

    /// Runs until the task is cancelled.
    public func run() async throws {
        guard !jobs.isEmpty else { return }
        while !Task.isCancelled {
            try await runDueJobs()
            let now = clock.now()
            let next = jobs.map { $0.schedule.nextRun(after: now) } + retries.times()
            try await clock.sleep(until: next.min() ?? now.addingTimeInterval(86_400))
        }
    }

    /// Runs every job whose time today has come, that has not run today, and that is not
    /// waiting to be tried again.
    public func runDueJobs() async throws {
        let now = clock.now()
        for job in jobs {
            let due = job.schedule.instant(onDayOf: now)
            guard now >= due else { continue }
            let day = job.schedule.day(of: now)
            let retry = retries.pending(job.name, on: day)
            if let retry, now < retry.at { continue }
            guard try await store.claimRun(of: job.name, on: day, at: now) else { continue }
            do {
                try await job.action(now)
                retries.clear(job.name)
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                // Not run after all: a retry, or a restart later today, runs it.
                try await store.releaseRun(of: job.name, on: day)
                let failures = (retry?.failures ?? 0) + 1
                let at = now.addingTimeInterval(Self.retryDelay(afterFailures: failures))
                if job.schedule.day(of: at) == day {
                    retries.set(job.name, Retry(day: day, failures: failures, at: at))
                    onFailure(job.name, error, at)
                } else {
                    retries.clear(job.name)
                    onFailure(job.name, error, nil)
                }
            }
        }
    }
}

/// A job waiting to be tried again.
struct Retry: Sendable {
    var day: String
    var failures: Int
    var at: Date
}

/// The scheduler's pending retries, by job name (in memory: after a restart, catching up
/// stands in for them).
final class Retries: Sendable {
    private let byJob = Mutex<[String: Retry]>([:])

    func pending(_ job: String, on day: String) -> Retry? {
        byJob.withLock { $0[job] }.flatMap { $0.day == day ? $0 : nil }
    }

    func set(_ job: String, _ retry: Retry) { byJob.withLock { $0[job] = retry } }
    func clear(_ job: String) { _ = byJob.withLock { $0.removeValue(forKey: job) } }
    func times() -> [Date] { byJob.withLock { $0.values.map(\.at) } }
}
