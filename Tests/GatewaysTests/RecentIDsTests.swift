@testable import Gateways
import Testing

/// Redeliveries: an event the bot has seen among its most recent ones never runs twice; one
/// old enough to be forgotten runs as new.
@Suite("RecentIDs: the events already handled")
struct RecentIDsTests {
    @Test("an id is new once while among the last `capacity`; the oldest is forgotten first")
    func forgetsTheOldest() {
        let seen = RecentIDs(capacity: 3)
        #expect(["a", "b", "c"].map(seen.firstTime) == [true, true, true])
        #expect(seen.firstTime("a") == false)
        #expect(seen.firstTime("d"))
        // "a" was the oldest: forgotten, so new again (and "b" now goes).
        #expect(seen.firstTime("a"))
        #expect(seen.firstTime("c") == false)
        #expect(seen.firstTime("b"))
        #expect(["d", "a", "b"].map(seen.firstTime) == [false, false, false])
        #expect(seen.firstTime("c"))
    }

    @Test("long after it filled: the last 10,000 ids are each still known, the ones before are not")
    func manyEvents() {
        let seen = RecentIDs()
        for number in 0..<25_000 { #expect(seen.firstTime("message:\(number)")) }
        #expect((15_000..<25_000).allSatisfy { !seen.firstTime("message:\($0)") })
        #expect(seen.firstTime("message:14999"))
    }
}
