/// Whether `condition` holds within `timeout`, asked every 50 ms: for what settles in its own
/// time (a socket closing, a file written) on a machine whose load makes any fixed wait a race.
public func eventually(within timeout: Duration = .seconds(10), _ condition: () throws -> Bool) async throws -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if try condition() { return true }
        try await Task.sleep(for: .milliseconds(50))
    }
    return try condition()
}
