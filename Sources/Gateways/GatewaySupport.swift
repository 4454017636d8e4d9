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
    /// The ids kept, in a ring: once it is full, each new id takes the place of the oldest
    /// (`oldest` is where that is). An array shifted by `removeFirst` moved all 10,000 ids on
    /// every event once the bot had seen that many.
    private struct Kept {
        var ring: [String] = []
        var oldest = 0
        var set: Set<String> = []
    }

    private let seen = Mutex(Kept())
    private let capacity: Int

    init(capacity: Int = 10_000) {
        self.capacity = max(1, capacity)
    }

    /// True the first time `id` is offered, false for every later time while it is among the
    /// `capacity` most recent ids.
    func firstTime(_ id: String) -> Bool {
        seen.withLock { seen in
            guard seen.set.insert(id).inserted else { return false }
            if seen.ring.count < capacity {
                seen.ring.append(id)
            } else {
                seen.set.remove(seen.ring[seen.oldest])
                seen.ring[seen.oldest] = id
                seen.oldest = (seen.oldest + 1) % capacity
            }
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

/// A command's place in its sender's line: its handling runs once the sender's previous command
/// was handled (or given up), so that one person's commands act on the library in the order sent.
///
/// A command whose predecessor is still being handled parks its handling on its turn; whoever
/// finishes the predecessor runs it next, and the one after it, in one task, while each
/// command's own task goes on to post its reply. A burst from one member is thus handled in a
/// row, rather than each command waking its successor through the scheduler's queue, where it
/// would wait behind every other command's parsing and posting.
final class Turn: Sendable {
    private struct State {
        /// The previous command is done with (or there was none): this one may be handled.
        var ready: Bool
        /// This command's handling has begun, or it was given up: `close` has nothing to do.
        var claimed = false
        /// This command is done with: the next one may be handled.
        var done = false
        /// The next command's turn, while this one is not done.
        var next: Turn?
        /// This command's handling, waiting for the previous one to be done.
        var parked: (@Sendable () async -> Void)?
    }

    private let state: Mutex<State>

    init(after previous: Turn?) {
        state = Mutex(State(ready: previous == nil))
        guard let previous else { return }
        // Ready now if the previous command is done with; otherwise its finisher makes this
        // turn ready (it learns of it as `next`, under the same lock as `done`).
        previous.state.withLock { previousState in
            if previousState.done {
                state.withLock { $0.ready = true }
            } else {
                previousState.next = self
            }
        }
    }

    /// Runs `body` (handling the command) in turn, then lets the next command go.
    func handle<Result: Sendable>(_ body: @escaping @Sendable () async -> Result) async -> Result {
        let handledElsewhere: Result? = await withCheckedContinuation { continuation in
            let parked = state.withLock { state -> Bool in
                if state.claimed || state.ready {
                    state.claimed = true
                    return false
                }
                state.claimed = true
                state.parked = { continuation.resume(returning: Optional.some(await body())) }
                return true
            }
            if !parked { continuation.resume(returning: .none) }
        }
        if let result = handledElsewhere { return result }
        let result = await body()
        finished()
        return result
    }

    /// Ends the turn of a command that did not handle anything (or already did), still in order.
    func close() async {
        let parked: Bool? = await withCheckedContinuation { continuation in
            let now = state.withLock { state -> Bool? in
                guard !state.claimed else { return nil }
                state.claimed = true
                if state.ready { return false }
                state.parked = { continuation.resume(returning: true) }
                return true
            }
            if now != true { continuation.resume(returning: now) }
        }
        if parked == false { finished() }
    }

    /// Marks this command done with; if the next one's handling is parked, runs it, and the
    /// parked ones after it, in a task of their own, at the commands' priority. (Measured on
    /// bursts of 1,000 `who has` from one member, the median over runs of each run's median
    /// burst p99, runs interleaved with the previous code: Slack 80 ms against 106, Discord 73
    /// against 61. At the socket readers' priority, Slack 53 ms but Discord 114.)
    private func finished() {
        guard let next = markDoneTakingNext() else { return }
        Task {
            var turn = next
            while true {
                await turn.handling()
                guard let following = turn.markDoneTakingNext() else { return }
                turn = following
            }
        }
    }

    private func handling() async {
        let parked = state.withLock { state in
            defer { state.parked = nil }
            return state.parked
        }
        await parked?()
    }

    /// Marks this command done with and returns the next one when its handling is parked (for
    /// the caller to run); otherwise lets the next one run its own when it comes to it.
    private func markDoneTakingNext() -> Turn? {
        let next = state.withLock { state -> Turn? in
            state.done = true
            defer { state.next = nil }
            return state.next
        }
        guard let next else { return nil }
        let parked = next.state.withLock { state -> Bool in
            state.ready = true
            return state.parked != nil
        }
        return parked ? next : nil
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

/// `text` with the bot's own mention (`<@ID>`, or Discord's `<@!ID>`) written as
/// `CommandParser.botHandle`, which the parser reads as an address where a member puts one:
/// "hey <@U0BOT> who has Dune?", "who has Dune, <@U0BOT>?".
func withBotHandle(_ text: String, botUserID: String) -> String {
    guard text.contains("<@") else { return text }
    return text.replacingOccurrences(of: "<@\(botUserID)>", with: CommandParser.botHandle)
        .replacingOccurrences(of: "<@!\(botUserID)>", with: CommandParser.botHandle)
}

/// Runs a slash command's text once, in its turn: the reply, and whether only the asker should
/// see it (errors, confirmation questions and help), the same rule on every platform.
func answerSlashCommand(_ text: String, from sender: Sender, handler: CommandHandler, turn: Turn,
                        tracer: CommandTracer) async -> (reply: Reply, onlyToAsker: Bool) {
    let command = CommandParser.parse(text)
    let reply = await tracer.handle(command, from: sender, by: handler, in: turn)
    func isHelp(_ intent: Intent) -> Bool {
        switch intent {
        case .help, .thanks, .speak, .reminders, .rules(book: nil): true
        case .several(let parts): parts.allSatisfy { isHelp($0.command.intent) }
        default: false
        }
    }
    return (reply, reply.kind == .error || reply.kind == .confirmation || isHelp(command.intent))
}
