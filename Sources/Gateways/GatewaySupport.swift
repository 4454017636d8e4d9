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
final class CommandsInProgress: Sendable {
    private let running = Mutex<[UUID: Task<Void, Never>]>([:])

    /// Starts `work`; it is registered under the lock it removes itself with, so it cannot be
    /// left behind.
    func start(_ work: @escaping @Sendable () async -> Void) {
        let id = UUID()
        running.withLock { running in
            // Below the socket readers, so that acks and heartbeats never queue behind a burst of commands.
            running[id] = Task(priority: .low) {
                await work()
                _ = self.running.withLock { $0.removeValue(forKey: id) }
            }
        }
    }

    /// Waits for every command still being answered.
    func finish() async {
        for task in running.withLock({ Array($0.values) }) { await task.value }
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
