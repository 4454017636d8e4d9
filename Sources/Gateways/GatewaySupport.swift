import Commands
import Foundation
import Synchronization

/// Reconnection delays shared by the gateways: 1 s, 2 s, 4 s… capped at 60 s, with up to 20%
/// jitter either way so that a fleet of bots does not reconnect at the same moment.
enum Backoff {
    static func delay(afterFailures failures: Int) -> Double {
        let base = min(60, pow(2, Double(max(0, failures - 1))))
        return base * Double.random(in: 0.8...1.2)
    }

    static func sleep(seconds: Double) async throws {
        try await Task.sleep(for: .milliseconds(Int64(seconds * 1000)))
    }
}

/// The ids of the most recent events (at most `capacity`), so that a redelivered event is
/// recognised and never runs a command twice.
final class RecentIDs: Sendable {
    private let seen = Mutex<(order: [String], set: Set<String>)>(([], []))
    private let capacity: Int

    init(capacity: Int = 10_000) {
        self.capacity = capacity
    }

    /// True the first time `id` is offered, false for every later time.
    func firstTime(_ id: String) -> Bool {
        seen.withLock { seen in
            guard seen.set.insert(id).inserted else { return false }
            seen.order.append(id)
            if seen.order.count > capacity { seen.set.remove(seen.order.removeFirst()) }
            return true
        }
    }
}

/// Commands being answered, each in its own task (not a child of the socket's read loop: a
/// cancelled read must not cancel a reply half sent), so that a shutdown can let them finish.
/// Each command gets a `Turn` in its sender's line: one person's commands reach the library in
/// the order they came (a `checkout` and a `return` sent back to back, or replayed together
/// after a reconnect, never swap), while the replies, and other people's commands, go side by
/// side. When a sender's commands queue up, one task handles them back to back instead of each
/// waiting to be woken by the one before.
final class CommandsInProgress: Sendable {
    fileprivate enum Step {
        case waiting
        case ready(@Sendable () async -> Void)
        case closed
    }

    /// A sender's commands not handled yet, in the order they came (ids increase), from `head`.
    fileprivate struct Line {
        var steps: [(id: UInt64, step: Step)] = []
        var head = 0
        /// Whether a task is handling this line's commands now.
        var driving = false

        var isEmpty: Bool { head == steps.count }

        /// Where the command `id` is, by binary search (ids only grow along a line).
        func index(of id: UInt64) -> Int? {
            var low = head, high = steps.count
            while low < high {
                let middle = (low + high) / 2
                if steps[middle].id < id { low = middle + 1 } else { high = middle }
            }
            return low < steps.count && steps[low].id == id ? low : nil
        }

        /// Takes the first command if it is ready to be handled, skipping the closed ones.
        mutating func takeReady() -> (@Sendable () async -> Void)? {
            while head < steps.count, case .closed = steps[head].step { head += 1 }
            guard head < steps.count, case .ready(let job) = steps[head].step else { compact(); return nil }
            head += 1
            compact()
            return job
        }

        mutating func compact() {
            if head > 32, head * 2 > steps.count {
                steps.removeFirst(head)
                head = 0
            }
        }
    }

    private struct State {
        var tasks: [UInt64: Task<Void, Never>] = [:]
        var lines: [String: Line] = [:]
        var lastID: UInt64 = 0
    }

    private let state = Mutex(State())

    /// Starts `work` for `sender` (a platform user id) with its turn. The task is registered
    /// under the lock it removes itself with, so it cannot be left behind.
    func start(from sender: String?, _ work: @escaping @Sendable (Turn) async -> Void) {
        state.withLock { state in
            state.lastID += 1
            let id = state.lastID
            if let sender { state.lines[sender, default: Line()].steps.append((id, .waiting)) }
            let turn = Turn(id: id, sender: sender, commands: self)
            // Below the socket readers, so that heartbeats never queue behind a burst of commands.
            let task = Task(priority: .low) {
                await work(turn)
                turn.close()
                self.state.withLock { _ = $0.tasks.removeValue(forKey: id) }
            }
            state.tasks[id] = task
        }
    }

    /// Waits for every command still being answered.
    func finish() async {
        for task in state.withLock({ Array($0.tasks.values) }) { await task.value }
    }

    /// Whether command `id` may be handled by its own task now: first in its line, which no
    /// task is handling. If so, the line is its until `release`.
    fileprivate func claim(_ id: UInt64, of sender: String) -> Bool {
        state.withLock { state in
            guard var line = state.lines[sender], !line.driving else { return false }
            while line.head < line.steps.count, case .closed = line.steps[line.head].step { line.head += 1 }
            guard line.head < line.steps.count, line.steps[line.head].id == id else {
                state.lines[sender] = line
                return false
            }
            line.head += 1
            line.driving = true
            line.compact()
            state.lines[sender] = line
            return true
        }
    }

    /// Hands `job` (handling command `id`) to the line, to be run when the commands before it were.
    fileprivate func submit(_ id: UInt64, of sender: String, _ job: @escaping @Sendable () async -> Void) {
        update(sender) { line in
            if let index = line.index(of: id) { line.steps[index].step = .ready(job) }
        }
    }

    /// Command `id` will not be handled (it was not a command, or it already was).
    fileprivate func close(_ id: UInt64, of sender: String) {
        update(sender) { line in
            if let index = line.index(of: id) { line.steps[index].step = .closed }
        }
    }

    /// The task that held the line (`claim`) is done with it.
    fileprivate func release(_ sender: String) {
        update(sender) { $0.driving = false }
    }

    /// Changes `sender`'s line, then, when no task is handling it and its first command is
    /// ready, starts one that handles the ready commands back to back.
    private func update(_ sender: String, _ change: (inout Line) -> Void) {
        let first: (@Sendable () async -> Void)? = state.withLock { state in
            guard var line = state.lines[sender] else { return nil }
            change(&line)
            defer { state.lines[sender] = line.isEmpty && !line.driving ? nil : line }
            guard !line.driving, let job = line.takeReady() else { return nil }
            line.driving = true
            return job
        }
        guard let first else { return }
        Task(priority: .low) {
            var next: (@Sendable () async -> Void)? = first
            while let job = next {
                await job()
                next = self.state.withLock { state in
                    guard var line = state.lines[sender] else { return nil }
                    let job = line.takeReady()
                    if job == nil { line.driving = false }
                    state.lines[sender] = line.isEmpty && !line.driving ? nil : line
                    return job
                }
            }
        }
    }
}

/// A command's place in its sender's line: `handle` runs once the sender's earlier commands were
/// handled (or given up), so that one person's commands act on the library in the order sent.
final class Turn: Sendable {
    private let id: UInt64
    private let sender: String?
    private let commands: CommandsInProgress
    private let used = Mutex(false)

    fileprivate init(id: UInt64, sender: String?, commands: CommandsInProgress) {
        self.id = id
        self.sender = sender
        self.commands = commands
    }

    /// Runs `body` (handling the command) in turn, at most once, then lets the next command go.
    func handle<Result: Sendable>(_ body: @escaping @Sendable () async -> Result) async -> Result {
        guard let sender, used.withLock({ used in defer { used = true }; return !used }) else { return await body() }
        // First in line with nobody handling: handle it here, without a hand-over.
        if commands.claim(id, of: sender) {
            let result = await body()
            commands.release(sender)
            return result
        }
        return await withCheckedContinuation { continuation in
            commands.submit(id, of: sender) { continuation.resume(returning: await body()) }
        }
    }

    /// Ends the turn of a command that did not handle anything (or already did), so that the
    /// next one does not wait for it.
    func close() {
        guard let sender, used.withLock({ used in defer { used = true }; return !used }) else { return }
        commands.close(id, of: sender)
    }
}

/// Runs a slash command's text once: the reply, and whether only the asker should see it
/// (errors, confirmation questions and help), the same rule on every platform.
func answerSlashCommand(_ text: String, from sender: Sender, handler: CommandHandler) async -> (reply: Reply, onlyToAsker: Bool) {
    let command = CommandParser.parse(text)
    let reply = await handler.handle(command, from: sender, at: Date())
    let isHelp = if case .help = command.intent { true } else { false }
    return (reply, reply.kind == .error || reply.kind == .confirmation || isHelp)
}
