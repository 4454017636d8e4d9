import Benchmark
import Foundation
import Transport

/// The native loopback peer, started by `make bench` (Benchmarks/python/with_peers.py), which
/// runs the Python clients against the same server afterwards.
struct Peers {
    let webSocketPort: Int
    let httpPort: Int
}

func peers() throws -> Peers {
    let environment = ProcessInfo.processInfo.environment
    guard let ws = environment["LIBRARYBOT_BENCH_WS_PORT"].flatMap(Int.init),
          let http = environment["LIBRARYBOT_BENCH_HTTP_PORT"].flatMap(Int.init) else {
        throw CocoaError(.featureUnsupported, userInfo: [NSLocalizedDescriptionKey: "run through make bench, which starts the peers"])
    }
    return Peers(webSocketPort: ws, httpPort: http)
}

/// One connection for every sample of a benchmark, opened by its setup, as the Python clients
/// measure on one connection (the process ends with the benchmark, and the connection with it).
func connectedSocket(_ path: String) async throws -> WebSocketClient {
    try await WebSocketClient.connect(to: "ws://127.0.0.1:\(try peers().webSocketPort)/\(path)")
}

/// One client for every sample, its connection opened by a first request.
func warmClient() async throws -> (client: HTTPClient, url: String) {
    let client = HTTPClient()
    let url = "http://127.0.0.1:\(try peers().httpPort)/anything"
    _ = try await client.get(url)
    return (client, url)
}

/// Sends a message and waits for its echo, `benchmark.scaledIterations` times. Nonisolated, so
/// that it runs on the executor the caller prefers.
nonisolated func echoRoundTrips(_ socket: WebSocketClient, _ benchmark: Benchmark) async throws {
    var iterator = socket.messages.makeAsyncIterator()
    let message = String(repeating: "x", count: 32)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
        try socket.send(text: message)
        blackHole(try await iterator.next())
    }
    benchmark.stopMeasurement()
}

/// Sends GETs one after the other, `benchmark.scaledIterations` times.
nonisolated func sequentialGets(_ client: HTTPClient, _ url: String, _ benchmark: Benchmark) async throws {
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
        blackHole(try await client.get(url).status)
    }
    benchmark.stopMeasurement()
}

let benchmarks: @Sendable () -> Void = {
    /// One request or message and its answer a sample, with the allocations each costs (which,
    /// unlike the times, do not depend on how busy the machine is).
    let roundTrips = Benchmark.Configuration(metrics: [.wallClock, .throughput, .mallocCountTotal], warmupIterations: 100,
                                             maxDuration: .seconds(5), maxIterations: 20_000)
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .throughput], warmupIterations: 100,
                                           maxDuration: .seconds(5), maxIterations: 20_000)

    // A sample is one round trip on a connection that stays open, read on the socket's own
    // thread (its executor).
    Benchmark("websocket echo round trip (32 bytes)", configuration: roundTrips) { benchmark, socket in
        try await withTaskExecutorPreference(socket.executor) { try await echoRoundTrips(socket, benchmark) }
    } setup: {
        try await connectedSocket("echo")
    }

    Benchmark("websocket one-way messages (10,000 per iteration)",
              configuration: .init(metrics: [.wallClock, .throughput], warmupIterations: 1, maxDuration: .seconds(10), maxIterations: 20)) { benchmark, socket in
        var iterator = socket.messages.makeAsyncIterator()
        let message = String(repeating: "x", count: 32)
        benchmark.startMeasurement()
        for _ in 0..<10_000 { try socket.send(text: message) }
        try socket.send(text: "done")
        guard try await iterator.next() == .text("10000") else { throw CocoaError(.fileReadCorruptFile) }
        benchmark.stopMeasurement()
    } setup: {
        try await connectedSocket("sink")
    }

    // A sample is one request on a kept-alive connection, sent from the client's own thread.
    Benchmark("HTTP GET with keep-alive", configuration: roundTrips) { benchmark, warm in
        try await withTaskExecutorPreference(warm.client.executor) { try await sequentialGets(warm.client, warm.url, benchmark) }
    } setup: {
        try await warmClient()
    }

    Benchmark("HTTP GETs with keep-alive, 16 in flight (1,600 per iteration)",
              configuration: .init(metrics: [.wallClock, .throughput], warmupIterations: 1, maxDuration: .seconds(10), maxIterations: 30)) { benchmark, warm in
        benchmark.startMeasurement()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<16 {
                group.addTask { for _ in 0..<100 { blackHole(try await warm.client.get(warm.url).status) } }
            }
            try await group.waitForAll()
        }
        benchmark.stopMeasurement()
    } setup: {
        try await warmClient()
    }

    // The same 16 tasks on the client's own thread (its executor), as aiohttp's run on its one
    // event loop: each answer resumes its task where it was read, with no hop to Swift's pool.
    Benchmark("HTTP GETs with keep-alive, 16 in flight on the client's thread (1,600 per iteration)",
              configuration: .init(metrics: [.wallClock, .throughput], warmupIterations: 1, maxDuration: .seconds(10), maxIterations: 30)) { benchmark, warm in
        benchmark.startMeasurement()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<16 {
                group.addTask(executorPreference: warm.client.executor) {
                    for _ in 0..<100 { blackHole(try await warm.client.get(warm.url).status) }
                }
            }
            try await group.waitForAll()
        }
        benchmark.stopMeasurement()
    } setup: {
        try await warmClient()
    }
}
