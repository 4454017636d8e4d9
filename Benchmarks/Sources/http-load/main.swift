// The same measures as `http-floor` (libcurl from C), through HTTPClient: one request at a time
// on a kept-alive connection, from the client's own thread as the `make bench` benchmark sends
// them (p50 and p99 of 5,000, after 100 to warm up), then 16 in flight on that thread (the
// median of ROUNDS rounds of 1,600). Long enough to profile from outside (perf, callgrind),
// which the benchmark's two seconds are not. Run by `python3 Benchmarks/python/http_floor.py`.
//
// Usage: http-load URL ROUNDS.
import Foundation
import Transport

nonisolated func oneAtATime(_ client: HTTPClient, _ url: String) async throws -> [Double] {
    var times: [Double] = []
    for index in 0..<5_100 {
        let start = ContinuousClock.now
        _ = try await client.get(url).status
        if index >= 100 { times.append(microseconds(ContinuousClock.now - start)) }
    }
    return times.sorted()
}

func microseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1e6 + Double(duration.components.attoseconds) / 1e12
}

let arguments = CommandLine.arguments
guard arguments.count == 3, let rounds = Int(arguments[2]), rounds >= 1 else {
    FileHandle.standardError.write(Data("usage: http-load URL ROUNDS\n".utf8))
    exit(2)
}
let url = arguments[1]
let client = HTTPClient()
let times = try await withTaskExecutorPreference(client.executor) { try await oneAtATime(client, url) }
print(String(format: "HTTPClient, one at a time: p50 %.0f us, p99 %.0f us", times[times.count / 2], times[times.count * 99 / 100]))
var rates: [Double] = []
for _ in 0..<rounds {
    let start = ContinuousClock.now
    try await withThrowingTaskGroup(of: Void.self) { group in
        for _ in 0..<16 {
            group.addTask(executorPreference: client.executor) {
                for _ in 0..<100 { _ = try await client.get(url).status }
            }
        }
        try await group.waitForAll()
    }
    rates.append(1_600 / (microseconds(ContinuousClock.now - start) / 1e6))
}
rates.sort()
print(String(format: "HTTPClient, 16 in flight: %.0f requests/s (median of %d rounds)", rates[rates.count / 2], rounds))
