import Commands
import Foundation
import TestSupport
import LibraryCore
import Scheduler
import Synchronization
import Testing

func zone(_ name: String) throws -> TimeZone { try #require(TimeZone(identifier: name)) }

/// A clock that jumps straight to each instant the scheduler sleeps until, and stops the
/// scheduler (by cancelling) once past `end`.
final class JumpingClock: SchedulerClock {
    private let current: Mutex<Date>
    let end: Date

    init(start: Date, end: Date) {
        current = Mutex(start)
        self.end = end
    }

    func now() -> Date { current.withLock { $0 } }

    func sleep(until instant: Date) async throws {
        guard instant <= end else { throw CancellationError() }
        current.withLock { $0 = max($0, instant) }
    }
}

/// Records when a job ran.
final class RunLog: Sendable {
    private let runs = Mutex<[Date]>([])
    var all: [Date] { runs.withLock { $0 } }
    func record(_ date: Date) { runs.withLock { $0.append(date) } }
}

func runScheduler(time: String, zone: TimeZone, from start: Date, to end: Date,
                  store: ScheduleStore? = nil) async throws -> [Date] {
    let log = RunLog()
    let schedule = DailySchedule(time: try #require(DailyTime(time)), timeZone: zone)
    let scheduler = Scheduler(jobs: [DailyJob(name: "digest", schedule: schedule) { log.record($0) }],
                              clock: JumpingClock(start: start, end: end),
                              store: try store ?? ScheduleStore(database: LibraryDatabase.inMemory()))
    do { try await scheduler.run() } catch is CancellationError {}
    return log.all
}

@Suite("Scheduler: daily jobs at a local time")
struct SchedulerTests {
    @Test("times parse as HH:MM or HH:MM:SS, and nothing else")
    func parsing() {
        #expect(DailyTime("09:30") == DailyTime("09:30:00"))
        #expect(DailyTime("23:59:59")?.second == 59)
        for bad in ["9:30", "24:00", "12:60", "12:00:60", "noon", "", "12-00", "12:00:00:00"] { #expect(DailyTime(bad) == nil, "\(bad)") }
    }

    @Test("--at local times: a day with a time or without, daylight-saving changes, and no day that does not exist")
    func localTimes() throws {
        let paris = try zone("Europe/Paris"), newYork = try zone("America/New_York")
        #expect(DailySchedule.instant(ofLocalTime: "2026-12-03 09:00", in: paris) == utc("2026-12-03 08:00:00"))
        #expect(DailySchedule.instant(ofLocalTime: " 2026-07-01 23:30:15 ", in: newYork) == utc("2026-07-02 03:30:15"))
        #expect(DailySchedule.instant(ofLocalTime: "2026-12-03", in: paris) == utc("2026-12-02 23:00:00"))
        // 02:30 does not exist on the spring-forward day: the end of the gap; on the fall-back
        // day it happens twice: the first.
        #expect(DailySchedule.instant(ofLocalTime: "2026-03-29 02:30", in: paris) == utc("2026-03-29 01:00:00"))
        #expect(DailySchedule.instant(ofLocalTime: "2026-10-25 02:30", in: paris) == utc("2026-10-25 00:30:00"))
        #expect(DailySchedule.instant(ofLocalTime: "2028-02-29 12:00", in: paris) == utc("2028-02-29 11:00:00"))
        for bad in ["2026-02-29 12:00", "2026-02-30", "2026-13-01", "2026-00-10", "2026-12-32", "26-12-03 09:00", "2026-12-03 9:00",
                    "2026-12-03 24:00", "2026-12-03T09:00", "tomorrow", "", "2026-12-03 09:00 extra", "２０２６-12-03"] {
            #expect(DailySchedule.instant(ofLocalTime: bad, in: paris) == nil, "\(bad)")
        }
    }

    @Test("runs once a day at the local time")
    func daily() async throws {
        let runs = try await runScheduler(time: "09:00", zone: try zone("Europe/Paris"),
                                          from: utc("2026-12-01 06:00:00"), to: utc("2026-12-04 06:00:00"))
        #expect(runs == [utc("2026-12-01 08:00:00"), utc("2026-12-02 08:00:00"), utc("2026-12-03 08:00:00")])
    }

    @Test("spring forward in Paris: 02:30 does not exist, the job runs once at 03:00")
    func springForwardParis() async throws {
        let runs = try await runScheduler(time: "02:30", zone: try zone("Europe/Paris"),
                                          from: utc("2026-03-27 00:00:00"), to: utc("2026-03-30 12:00:00"))
        #expect(runs == [utc("2026-03-27 01:30:00"), utc("2026-03-28 01:30:00"), utc("2026-03-29 01:00:00"), utc("2026-03-30 00:30:00")])
    }

    @Test("fall back in Paris: 02:30 happens twice, the job runs once")
    func fallBackParis() async throws {
        let runs = try await runScheduler(time: "02:30", zone: try zone("Europe/Paris"),
                                          from: utc("2026-10-23 00:00:00"), to: utc("2026-10-26 12:00:00"))
        #expect(runs == [utc("2026-10-23 00:30:00"), utc("2026-10-24 00:30:00"), utc("2026-10-25 00:30:00"), utc("2026-10-26 01:30:00")])
    }

    @Test("spring forward and fall back in New York")
    func newYork() async throws {
        let spring = try await runScheduler(time: "02:30", zone: try zone("America/New_York"),
                                            from: utc("2026-03-07 05:00:00"), to: utc("2026-03-09 12:00:00"))
        #expect(spring == [utc("2026-03-07 07:30:00"), utc("2026-03-08 07:00:00"), utc("2026-03-09 06:30:00")])
        let fall = try await runScheduler(time: "01:30", zone: try zone("America/New_York"),
                                          from: utc("2026-10-31 04:00:00"), to: utc("2026-11-02 12:00:00"))
        #expect(fall == [utc("2026-10-31 05:30:00"), utc("2026-11-01 05:30:00"), utc("2026-11-02 06:30:00")])
    }

    @Test("a restart on a day the job already ran does not run it again")
    func restartSameDay() async throws {
        let store = ScheduleStore(database: try LibraryDatabase.inMemory())
        let first = try await runScheduler(time: "09:00", zone: try zone("UTC"), from: utc("2026-12-01 08:00:00"),
                                           to: utc("2026-12-01 12:00:00"), store: store)
        #expect(first == [utc("2026-12-01 09:00:00")])
        let restarted = try await runScheduler(time: "09:00", zone: try zone("UTC"), from: utc("2026-12-01 12:30:00"),
                                               to: utc("2026-12-02 12:00:00"), store: store)
        #expect(restarted == [utc("2026-12-02 09:00:00")])
    }

    @Test("started after the time on a day it has not run, it catches up once, at start")
    func catchUp() async throws {
        let store = ScheduleStore(database: try LibraryDatabase.inMemory())
        _ = try await store.claimRun(of: "digest", on: "2026-11-30", at: utc("2026-11-30 09:00:00"))
        let runs = try await runScheduler(time: "09:00", zone: try zone("UTC"), from: utc("2026-12-01 15:00:00"),
                                          to: utc("2026-12-02 12:00:00"), store: store)
        #expect(runs == [utc("2026-12-01 15:00:00"), utc("2026-12-02 09:00:00")])
    }

    /// A scheduler with one job at 09:00 UTC that fails while `fails(attempt)` says so.
    func flaky(from start: Date, to end: Date, store: ScheduleStore, fails: @escaping @Sendable (Int) -> Bool)
        async throws -> (attempts: [Date], retries: [Date?]) {
        let attempts = RunLog()
        let retries = Mutex<[Date?]>([])
        let schedule = DailySchedule(time: try #require(DailyTime("09:00")), timeZone: try zone("UTC"))
        let scheduler = Scheduler(
            jobs: [DailyJob(name: "remind", schedule: schedule) { date in
                attempts.record(date)
                if fails(attempts.all.count) { throw CocoaError(.fileNoSuchFile) }
            }],
            clock: JumpingClock(start: start, end: end), store: store,
            onFailure: { _, _, retryAt in retries.withLock { $0.append(retryAt) } })
        do { try await scheduler.run() } catch is CancellationError {}
        return (attempts.all, retries.withLock { $0 })
    }

    @Test("a failing job is tried again the same day after 1, 5, 15, 30, then every 60 minutes; the next day starts afresh")
    func failure() async throws {
        let store = ScheduleStore(database: try LibraryDatabase.inMemory())
        let (attempts, retries) = try await flaky(from: utc("2026-12-01 08:00:00"), to: utc("2026-12-02 09:30:00"), store: store) { _ in true }
        let firstDay = ["09:00", "09:01", "09:06", "09:21", "09:51"] + (10...23).map { "\($0):51" }
        #expect(attempts == firstDay.map { utc("2026-12-01 \($0):00") } + ["09:00", "09:01", "09:06", "09:21"].map { utc("2026-12-02 \($0):00") })
        #expect(retries.count == attempts.count)
        #expect(retries[firstDay.count - 1] == nil, "23:51 + 60 minutes is tomorrow: tomorrow's run takes over")
        #expect(retries[0] == utc("2026-12-01 09:01:00"))
        #expect(try await store.lastRunDay(of: "remind") == nil, "a run that failed does not count")
    }

    @Test("a job that fails once runs again a minute later, then only the next day")
    func failsOnce() async throws {
        let store = ScheduleStore(database: try LibraryDatabase.inMemory())
        let (attempts, retries) = try await flaky(from: utc("2026-12-01 08:00:00"), to: utc("2026-12-02 12:00:00"), store: store) { $0 == 1 }
        #expect(attempts == [utc("2026-12-01 09:00:00"), utc("2026-12-01 09:01:00"), utc("2026-12-02 09:00:00")])
        #expect(retries == [utc("2026-12-01 09:01:00")])
        #expect(try await store.lastRunDay(of: "remind") == "2026-12-02")
    }

    @Test("stopped after a failure, a restart the same day catches the job up")
    func failureThenRestart() async throws {
        let store = ScheduleStore(database: try LibraryDatabase.inMemory())
        let first = try await flaky(from: utc("2026-12-01 08:00:00"), to: utc("2026-12-01 09:00:30"), store: store) { _ in true }
        #expect(first.attempts == [utc("2026-12-01 09:00:00")])
        let restarted = try await flaky(from: utc("2026-12-01 12:00:00"), to: utc("2026-12-01 18:00:00"), store: store) { _ in false }
        #expect(restarted.attempts == [utc("2026-12-01 12:00:00")])
    }

    @Test("the messages delivered are remembered for their day only: the next day's first delivery forgets the days before")
    func deliveriesKeepOneDay() async throws {
        let store = ScheduleStore(database: try LibraryDatabase.inMemory())
        try await store.recordDelivery("digest/0", on: "2026-11-23")
        try await store.recordDelivery("reminder/7/0", on: "2026-11-23")
        #expect(try await store.wasDelivered("digest/0", on: "2026-11-23"))
        #expect(try await !store.wasDelivered("digest/1", on: "2026-11-23"))
        #expect(try await !store.wasDelivered("digest/0", on: "2026-11-24"), "another day starts afresh")
        try await store.recordDelivery("digest/0", on: "2026-11-24")
        let kept = try await store.database.writer.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM scheduledDelivery") }
        #expect(kept == 1)
    }
}
