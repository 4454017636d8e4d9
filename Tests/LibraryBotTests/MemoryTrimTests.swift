import Foundation
@testable import librarybot
import Testing

@Suite("Giving freed memory back after a busy spell")
struct MemoryTrimTests {
    @Test("the trim comes once commands stop for a tick, or after a minute of them; never when nothing happened")
    func policy() {
        var policy = TrimPolicy()
        let start = ContinuousClock.now
        func trims(_ count: Int, atSecond second: Int) -> Bool { policy.shouldTrim(count: count, at: start + .seconds(second)) }
        var answers: [Bool] = []
        answers.append(trims(0, atSecond: 5))     // nothing answered yet
        answers.append(trims(0, atSecond: 10))
        answers.append(trims(40, atSecond: 15))   // commands still coming
        answers.append(trims(40, atSecond: 20))   // a quiet tick after them: trim
        answers.append(trims(40, atSecond: 25))   // nothing new since the trim
        answers.append(trims(40, atSecond: 300))
        #expect(answers == [false, false, false, true, false, false])
        // Commands at every tick: a trim once a minute all the same.
        var trimmedAt: [Int] = []
        for tick in 1...30 where trims(40 + tick, atSecond: 300 + 5 * tick) { trimmedAt.append(tick) }
        #expect(trimmedAt == [13, 26], "after 60 s of commands: 12 ticks of 5 s, then the next")
    }

    @Test("memory freed in pieces between blocks still in use goes back to the system")
    func returnsFreedPages() throws {
        // 96 MiB in 2 KiB blocks, then every block freed but one in 64: glibc alone keeps the
        // freed pages, since blocks in use sit all along them. (Other tests run meanwhile in
        // this process, hence a wide margin.)
        let count = 48 * 1024
        var blocks: [UnsafeMutableRawPointer?] = (0..<count).map { _ in
            let block = malloc(2048)
            if let block { memset(block, 1, 2048) }
            return block
        }
        for index in blocks.indices where index % 64 != 0 {
            free(blocks[index])
            blocks[index] = nil
        }
        defer { for block in blocks { free(block) } }
        let resident = try #require(MemoryTrim.returnFreeMemory())
        #expect(resident.before - resident.after > 48 * 1_048_576,
                "resident \(resident.before / 1_048_576) MiB before, \(resident.after / 1_048_576) MiB after")
    }
}
