@testable import Gateways
import Synchronization
import Testing
import TestSupport

/// The order in which commands reach the library, with no network: what a member sees when
/// they send several commands at once (a `checkout` then a `return`) or during a reconnect.
@Suite("CommandsInProgress: one line per member")
struct CommandsInProgressTests {
    @Test("each member's commands are handled in the order they came, whatever their preparation takes")
    func orderPerSender() async {
        let commands = CommandsInProgress()
        let handled = Mutex<[String: [Int]]>([:])
        let senders: [String?] = ["ana", "ben", nil, "ana", "chloé"]
        for number in 0..<400 {
            let sender = senders[number % senders.count]
            commands.start(from: sender) { turn in
                // Preparation (a name lookup) finishes in any order.
                try? await Task.sleep(for: .microseconds(Int.random(in: 0...2_000)))
                // Some messages turn out not to be commands: they must not hold the line.
                if number % 7 == 3 { return }
                await turn.handle {
                    if Bool.random() { await Task.yield() }
                    handled.withLock { $0[sender ?? "nobody", default: []].append(number) }
                }
            }
        }
        await commands.finish()
        let result = handled.withLock { $0 }
        for sender in ["ana", "ben", "chloé"] {
            let expected = (0..<400).filter { senders[$0 % senders.count] == sender && $0 % 7 != 3 }
            #expect(result[sender] == expected, "\(sender)")
        }
        #expect(result["nobody"]?.sorted() == (0..<400).filter { $0 % senders.count == 2 && $0 % 7 != 3 })
    }

    @Test("a burst queued behind a slow command is handled in order once it is through, each result going back to its own command")
    func burstBehindSlowCommand() async throws {
        let commands = CommandsInProgress()
        let arrived = Mutex(0)
        let handled = Mutex<[Int]>([])
        let answers = Mutex<[Int: Int]>([:])
        let release = Mutex(false)
        for number in 0..<300 {
            commands.start(from: "ana") { turn in
                arrived.withLock { $0 += 1 }
                // One in five is not a command and gives its turn up, in the line too.
                if number % 5 == 4 { return }
                let answer = await turn.handle {
                    // The first is held until the others are all waiting behind it (at most 60 s).
                    if number == 0 {
                        for _ in 0..<6_000 where !release.withLock({ $0 }) { try? await Task.sleep(for: .milliseconds(10)) }
                    }
                    if number % 3 == 0 { await Task.yield() }
                    handled.withLock { $0.append(number) }
                    return number * 10
                }
                answers.withLock { $0[number] = answer }
            }
        }
        #expect(try await eventually(within: .seconds(60)) { arrived.withLock { $0 } == 300 })
        try? await Task.sleep(for: .milliseconds(50))
        #expect(handled.withLock { $0 }.isEmpty, "nothing overtakes the first command")
        release.withLock { $0 = true }
        await commands.finish()
        let expected = (0..<300).filter { $0 % 5 != 4 }
        #expect(handled.withLock { $0 } == expected)
        #expect(answers.withLock { $0 } == Dictionary(uniqueKeysWithValues: expected.map { ($0, $0 * 10) }))
    }

    @Test("a command still being handled holds up only its own member's next ones")
    func othersGoOn() async {
        let commands = CommandsInProgress()
        let events = Mutex<[String]>([])
        let release = Mutex(false)
        commands.start(from: "ana") { turn in
            await turn.handle {
                events.withLock { $0.append("ana 1 started") }
                // Held until Ben's command is through, for up to 10 s.
                for _ in 0..<1_000 where !release.withLock({ $0 }) { try? await Task.sleep(for: .milliseconds(10)) }
                events.withLock { $0.append("ana 1 done") }
            }
        }
        commands.start(from: "ana") { turn in
            await turn.handle { events.withLock { $0.append("ana 2") } }
        }
        commands.start(from: "ben") { turn in
            await turn.handle { events.withLock { $0.append("ben 1") } }
            release.withLock { $0 = true }
        }
        await commands.finish()
        #expect(events.withLock { $0 } == ["ana 1 started", "ben 1", "ana 1 done", "ana 2"]
                || events.withLock { $0 } == ["ben 1", "ana 1 started", "ana 1 done", "ana 2"])
    }
}
