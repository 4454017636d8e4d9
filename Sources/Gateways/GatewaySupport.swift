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

/// Which platform a chat user id belongs to, for a message meant for one member.
public enum ChatUserID {
    /// Discord user ids are decimal snowflakes; Slack's start with a letter (U…, W…).
    public static func isDiscord(_ id: String) -> Bool {
        id.count >= 15 && id.allSatisfy { $0.isASCII && $0.isNumber }
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
/// Each command gets its sender's next `Turn`: one person's commands reach the library in the
/// order they came (a `checkout` and a `return` sent back to back, or replayed together after a
/// reconnect, never swap), while the replies, and other people's commands, go side by side.
final class CommandsInProgress: Sendable {
    private struct Running {
        /// Numbered in order of arrival (a counter, not a UUID: on Linux each UUID reads
        /// /dev/urandom, five system calls a command).
        var next: UInt64 = 0
        var tasks: [UInt64: Task<Void, Never>] = [:]
        /// The newest command of each sender, whose turn the next one from them follows.
        var latest: [String: (id: UInt64, turn: Turn)] = [:]
    }

    private let running = Mutex(Running())

    /// Starts `work` for `sender` (a platform user id) with its turn. The task is registered
    /// under the lock it removes itself with, so it cannot be left behind.
    func start(from sender: String?, _ work: @escaping @Sendable (Turn) async -> Void) {
        running.withLock { running in
            let id = running.next
            running.next += 1
            let turn = Turn(after: sender.flatMap { running.latest[$0]?.turn })
            // Below the socket readers, so that heartbeats never queue behind a burst of commands.
            let task = Task(priority: .low) {
                await work(turn)
                await turn.close()
                self.running.withLock { running in
                    running.tasks[id] = nil
                    if let sender, running.latest[sender]?.id == id { running.latest[sender] = nil }
                }
            }
            running.tasks[id] = task
            if let sender { running.latest[sender] = (id, turn) }
        }
    }

    /// Waits for every command still being answered.
    func finish() async {
        for task in running.withLock({ Array($0.tasks.values) }) { await task.value }
    }
}

/// A command's place in its sender's line: `handle` runs once the sender's previous command was
/// handled (or given up), so that one person's commands act on the library in the order sent.
final class Turn: Sendable {
    private struct State {
        var previous: Turn?
        var done = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state: Mutex<State>

    init(after previous: Turn?) {
        state = Mutex(State(previous: previous))
    }

    /// Runs `body` (parsing and handling the command) in turn, then lets the next command go.
    func handle<Result: Sendable>(_ body: () async -> Result) async -> Result {
        await waitForPrevious()
        let result = await body()
        markDone()
        return result
    }

    /// Ends the turn of a command that did not handle anything (or already did), still in order.
    func close() async {
        await waitForPrevious()
        markDone()
    }

    private func waitForPrevious() async {
        // Dropped once waited for, so that a long line of commands does not keep every turn alive.
        let previous = state.withLock { state in
            defer { state.previous = nil }
            return state.previous
        }
        await previous?.handled()
    }

    private func handled() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done = state.withLock { state -> Bool in
                if !state.done { state.waiters.append(continuation) }
                return state.done
            }
            if done { continuation.resume() }
        }
    }

    private func markDone() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            guard !state.done else { return [] }
            state.done = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}

/// One command a gateway answered, for the operator's log (`librarybot run` writes it at debug
/// level): who asked, what, how it went and how long the library took. Never the text typed,
/// which may hold anything.
public struct CommandTrace: Sendable {
    public var platform: String
    public var userID: String
    /// The intent's name, as `librarybot parse` prints it; for several commands, "several: "
    /// and each one's.
    public var intent: String
    public var outcome: Reply.Kind
    /// From the command's turn to its reply: the handling, with its wait for the library
    /// (parsing, and the wait for the sender's earlier commands, excluded).
    public var duration: Duration
}

/// Handles commands in their turn and reports each to the gateway's trace.
struct CommandTracer: Sendable {
    let platform: String
    let report: @Sendable (CommandTrace) -> Void

    func handle(_ command: ParsedCommand, from sender: Sender, by handler: CommandHandler, in turn: Turn) async -> Reply {
        await turn.handle {
            let start = ContinuousClock.now
            let reply = await handler.handle(command, from: sender, at: Date())
            // A message of several commands names each: "several: return, checkout".
            let intent = if case .several(let parts) = command.intent {
                "several: " + parts.map(\.command.intent.name).joined(separator: ", ")
            } else {
                command.intent.name
            }
            report(CommandTrace(platform: platform, userID: sender.userID ?? sender.name, intent: intent,
                                outcome: reply.kind, duration: .now - start))
            return reply
        }
    }
}

/// Runs a slash command's text once, in its turn: the reply, and whether only the asker should
/// see it (errors, confirmation questions and help), the same rule on every platform.
func answerSlashCommand(_ text: String, from sender: Sender, handler: CommandHandler, turn: Turn,
                        tracer: CommandTracer) async -> (reply: Reply, onlyToAsker: Bool) {
    let command = CommandParser.parse(text)
    let reply = await tracer.handle(command, from: sender, by: handler, in: turn)
    func isHelp(_ intent: Intent) -> Bool {
        switch intent {
        case .help, .thanks, .rules(book: nil): true
        case .several(let parts): parts.allSatisfy { isHelp($0.command.intent) }
        default: false
        }
    }
    return (reply, reply.kind == .error || reply.kind == .confirmation || isHelp(command.intent))
}
