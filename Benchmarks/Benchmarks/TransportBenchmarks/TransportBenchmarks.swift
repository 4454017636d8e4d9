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

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .throughput], warmupIterations: 100,
                                           maxDuration: .seconds(5), maxIterations: 20_000)

    Benchmark("websocket echo round trip (32 bytes)") { benchmark in
        let socket = try await WebSocketClient.connect(to: "ws://127.0.0.1:\(try peers().webSocketPort)/echo")
        var iterator = socket.messages.makeAsyncIterator()
        let message = String(repeating: "x", count: 32)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            try socket.send(text: message)
            blackHole(try await iterator.next())
        }
        benchmark.stopMeasurement()
        await socket.close()
    }

    Benchmark("websocket one-way messages (10,000 per iteration)",
              configuration: .init(metrics: [.wallClock, .throughput], warmupIterations: 1, maxDuration: .seconds(10), maxIterations: 20)) { benchmark in
        let socket = try await WebSocketClient.connect(to: "ws://127.0.0.1:\(try peers().webSocketPort)/sink")
        var iterator = socket.messages.makeAsyncIterator()
        let message = String(repeating: "x", count: 32)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            for _ in 0..<10_000 { try socket.send(text: message) }
            try socket.send(text: "done")
            guard try await iterator.next() == .text("10000") else { throw CocoaError(.fileReadCorruptFile) }
        }
        benchmark.stopMeasurement()
        await socket.close()
    }

    Benchmark("HTTP GET with keep-alive") { benchmark in
        let client = HTTPClient()
        let url = "http://127.0.0.1:\(try peers().httpPort)/anything"
        _ = try await client.get(url)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try await client.get(url).status)
        }
        benchmark.stopMeasurement()
        client.shutdown()
    }

    Benchmark("HTTP GETs with keep-alive, 16 in flight (1,600 per iteration)",
              configuration: .init(metrics: [.wallClock, .throughput], warmupIterations: 1, maxDuration: .seconds(10), maxIterations: 30)) { benchmark in
        let client = HTTPClient()
        let url = "http://127.0.0.1:\(try peers().httpPort)/anything"
        _ = try await client.get(url)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<16 {
                    group.addTask { for _ in 0..<100 { blackHole(try await client.get(url).status) } }
                }
                try await group.waitForAll()
            }
        }
        benchmark.stopMeasurement()
        client.shutdown()
    }
}
