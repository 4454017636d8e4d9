import Foundation
import Synchronization

/// When an I/O thread (libwebsockets' or libcurl's) may sleep in `poll`.
///
/// On the machines we run on, a thread asleep in `poll` takes 60-90 µs to run again once its
/// socket is readable (measured: a blocking echo client in plain Python waits 140-150 µs p50 for
/// an answer that a client polling without sleeping gets in 50 µs). A task that prefers the I/O
/// thread as its executor (`withTaskExecutorPreference`) usually waits for an answer to what it
/// just sent, so after running such a task's job the thread polls without sleeping for
/// `window`: an answer that comes back within it is read at once. Otherwise (the gateways, which
/// read on Swift's pool) and when idle, the thread sleeps in `poll` as before, and costs nothing.
struct SpinBeforeSleep {
    /// How long after the last job the thread polls without sleeping.
    static let window: UInt64 = 200_000  // ns

    private var lastJob: UInt64 = 0

    /// Notes that jobs ran if `ranJobs`; returns whether the next poll should return at once
    /// instead of sleeping.
    mutating func shouldSpin(afterJobs ranJobs: Bool) -> Bool {
        let now = DispatchTime.now().uptimeNanoseconds
        if ranJobs { lastJob = now; return true }
        return now &- lastJob < Self.window
    }
}

/// The jobs of the tasks that prefer an I/O thread as their executor (`withTaskExecutorPreference`),
/// run by that thread between two polls: a task that awaits an answer on that thread is resumed
/// there, without waking a thread of Swift's pool.
final class ThreadJobs: Sendable {
    private let queue = Mutex<(jobs: [UnownedJob], closed: Bool)>(([], false))
    private let thread = Mutex<pthread_t?>(nil)
    /// The I/O thread's buffer for `run`, swapped with the queue's so that running allocates
    /// nothing; touched by that thread only.
    nonisolated(unsafe) private var spare: [UnownedJob] = []

    /// On the I/O thread, once, before it runs anything.
    func bindToCurrentThread() {
        thread.withLock { $0 = pthread_self() }
    }

    /// Whether the caller is on the I/O thread (which then needs no wake-up to see new work).
    var isCurrentThread: Bool {
        guard let owner = thread.withLock({ $0 }) else { return false }
        return pthread_equal(owner, pthread_self()) != 0
    }

    /// Queues `job`; returns whether the queue was empty, that is, whether the thread needs a
    /// wake-up (unless the caller is that thread). Once the thread has ended, the job goes to
    /// Swift's global executor instead, so that no task waits forever.
    func append(_ job: UnownedJob) -> Bool {
        let queued = queue.withLock { queue -> Bool? in
            if queue.closed { return nil }
            queue.jobs.append(job)
            return queue.jobs.count == 1
        }
        guard let queued else {
            globalConcurrentExecutor.enqueue(job)
            return false
        }
        return queued
    }

    var isEmpty: Bool { queue.withLock { $0.jobs.isEmpty } }

    /// Runs the queued jobs on `executor`; returns whether there were any.
    func run(on executor: UnownedTaskExecutor) -> Bool {
        var jobs = spare
        spare = []
        queue.withLock { swap(&$0.jobs, &jobs) }
        for job in jobs { job.runSynchronously(on: executor) }
        let ran = !jobs.isEmpty
        jobs.removeAll(keepingCapacity: true)
        spare = jobs
        return ran
    }

    /// When the thread ends: the jobs still queued, and any later one, go to Swift's global
    /// executor.
    func close() {
        let left = queue.withLock { queue in
            queue.closed = true
            defer { queue.jobs = [] }
            return queue.jobs
        }
        for job in left { globalConcurrentExecutor.enqueue(job) }
    }
}

/// Names the calling thread for the system (top -H, perf, a debugger), as Linux lets a thread
/// do by writing its own comm file (15 bytes at most). Done by the thread itself, first thing:
/// Foundation's `Thread.name`, set from the creating thread, may not reach the system.
func nameCurrentThread(_ name: String) {
    let file = open("/proc/thread-self/comm", O_WRONLY)
    guard file >= 0 else { return }
    defer { close(file) }
    let bytes = Array(name.utf8.prefix(15))
    _ = bytes.withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
}
