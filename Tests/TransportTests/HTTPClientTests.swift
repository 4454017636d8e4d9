import Foundation
import Synchronization
import Testing
import TestSupport
import Transport

/// What the test server says it received.
struct Echo: Decodable {
    var method: String
    var path: String
    var body: String
    var headers: [String: String]
    var client_port: Int
}

@Suite("HTTPClient against an HTTP/1.1 server on loopback")
struct HTTPClientTests {
    func url(_ path: String) async throws -> String { "http://127.0.0.1:\(try await TestServer.http().port)\(path)" }

    @Test("GET, POST, PUT and DELETE with JSON", arguments: ["GET", "POST", "PUT", "DELETE", "PATCH"])
    func methods(method: String) async throws {
        struct Payload: Codable { var title: String; var copies: Int }
        let request = method == "GET"
            ? HTTPRequest(url: try await url("/echo?x=1"), headers: [("Authorization", "Bot token")])
            : try HTTPRequest.json(method, try await url("/echo?x=1"), Payload(title: "Les Misérables", copies: 2), headers: [("Authorization", "Bot token")])
        let response = try await HTTPClient.shared.execute(request)
        #expect(response.status == 200)
        #expect(response.header("content-type") == "application/json")
        let echo: Echo = try response.json()
        #expect(echo.method == method)
        #expect(echo.path == "/echo?x=1")
        #expect(echo.headers["authorization"] == "Bot token")
        if method != "GET" {
            let payload = try JSONDecoder().decode(Payload.self, from: Data(echo.body.utf8))
            #expect(payload.title == "Les Misérables")
            #expect(echo.headers["content-type"] == "application/json; charset=utf-8")
        }
    }

    @Test("an empty POST body and the convenience methods")
    func conveniences() async throws {
        let empty = try await HTTPClient.shared.execute(HTTPRequest(method: "POST", url: try await url("/echo"), body: Data()))
        #expect(try empty.json(as: Echo.self).method == "POST")
        #expect(try await HTTPClient.shared.delete(try await url("/echo")).json(as: Echo.self).method == "DELETE")
        let sent = try await HTTPClient.shared.send("PUT", try await url("/echo"), json: ["a": 1])
        #expect(try sent.json(as: Echo.self).body == #"{"a":1}"#)
    }

    @Test("error statuses are responses, not errors")
    func statuses() async throws {
        let response = try await HTTPClient.shared.get(try await url("/status/503"))
        #expect(response.status == 503)
        #expect(!response.isSuccess)
    }

    @Test("429 exposes Retry-After and the rate-limit headers")
    func rateLimited() async throws {
        let response = try await HTTPClient.shared.get(try await url("/status/429"))
        #expect(response.status == 429)
        #expect(response.retryAfter == 2)
        #expect(response.header("X-RateLimit-Remaining") == "0")
    }

    @Test("a slow server hits the timeout, as a typed error")
    func timeout() async throws {
        let request = HTTPRequest(url: try await url("/slow?ms=3000"), timeout: .milliseconds(300))
        do {
            _ = try await HTTPClient.shared.execute(request)
            Issue.record("the request should time out")
        } catch let error as HTTPError {
            #expect(error.kind == .timeout)
        }
    }

    @Test("a body past maxResponseSize stops the transfer with responseTooLarge, with or without a length; up to it, all of it comes")
    func responseSizeCap() async throws {
        let client = HTTPClient.shared
        let exact = try await client.execute(HTTPRequest(url: try await url("/bytes?n=100000"), maxResponseSize: 100_000))
        #expect(exact.body.count == 100_000)
        for chunked in ["0", "1"] {
            do {
                _ = try await client.execute(HTTPRequest(url: try await url("/bytes?n=50000000&chunked=\(chunked)"), maxResponseSize: 1 << 20))
                Issue.record("a 50 MB body should be refused (chunked=\(chunked))")
            } catch let error as HTTPError {
                #expect(error.kind == .responseTooLarge)
                #expect(error.reason == "the response is larger than 1048576 bytes")
            }
        }
        // The default is far above what the platforms send, and the client goes on.
        #expect(HTTPRequest(url: "http://x").maxResponseSize == 16 << 20)
        #expect(try await client.get(try await url("/bytes?n=2000000")).body.count == 2_000_000)
    }

    @Test("a closed port and a bad URL are typed errors")
    func failures() async throws {
        let closed = try RefusedPort()
        do {
            _ = try await HTTPClient.shared.get("http://127.0.0.1:\(closed.port)/")
            Issue.record("a closed port should fail")
        } catch let error as HTTPError {
            #expect(error.kind == .connectFailed)
        }
        for url in ["ftp://example.com/", "example.com/", "http:/x", "http://exa mple.com/", "https://[::1/", ""] {
            do {
                _ = try await HTTPClient.shared.get(url)
                Issue.record("\(url) should be refused")
            } catch let error as HTTPError {
                #expect(error.kind == .invalidRequest, "\(url)")
                #expect(!error.description.contains("example"), "the URL stays out of the error: it may carry a secret")
            }
        }
        // The scheme in any case, as URLs allow.
        let server2 = try await TestServer("http")
        defer { server2.stop() }
        #expect(try await HTTPClient.shared.get("HTTP://127.0.0.1:\(server2.port)/anything").status == 200)
    }

    @Test("a cancelled task ends its request with CancellationError")
    func cancellation() async throws {
        let slow = try await url("/slow?ms=3000")
        let task = Task { try await HTTPClient.shared.get(slow) }
        try await Task.sleep(for: .milliseconds(100))
        task.cancel()
        await #expect(throws: CancellationError.self) { _ = try await task.value }
    }

    @Test("sequential requests reuse one kept-alive connection")
    func keepAlive() async throws {
        let client = HTTPClient()
        defer { client.shutdown() }
        var ports = Set<Int>()
        for _ in 0..<20 { ports.insert(try await client.get(try await url("/echo")).json(as: Echo.self).client_port) }
        #expect(ports.count == 1)
    }

    @Test("a task that prefers the client's executor gets its answers on the client's thread", .timeLimit(.minutes(1)))
    func onTheClientsThread() async throws {
        let client = HTTPClient()
        defer { client.shutdown() }
        let base = try await url("/echo?n=")
        let (paths, threads) = try await withTaskExecutorPreference(client.executor) {
            try await getEach((0..<50).map { base + String($0) }, with: client)
        }
        #expect(paths == (0..<50).map { "/echo?n=\($0)" })
        #expect(threads == ["libcurl"])
    }

    @Test("after shutdown a request fails at once, also from a task that prefers the client's thread", .timeLimit(.minutes(1)))
    func afterShutdown() async throws {
        let client = HTTPClient()
        let echo = try await url("/echo")
        _ = try await client.get(echo)
        client.shutdown()
        try await Task.sleep(for: .milliseconds(200))
        await #expect(throws: HTTPError.self) { _ = try await client.get(echo) }
        let outcome = await withTaskExecutorPreference(client.executor) { await describeGet(echo, with: client) }
        #expect(outcome == "the HTTP client was shut down")
    }

    @Test("300 concurrent requests all complete, each with its own answer, more than may hold a handle at once")
    func concurrent() async throws {
        let base = try await url("/slow?ms=100&n=")
        let paths = try await withThrowingTaskGroup(of: String.self) { group in
            for index in 0..<300 {
                group.addTask { try await HTTPClient.shared.get(base + String(index)).json(as: Echo.self).path }
            }
            var paths = Set<String>()
            for try await path in group { paths.insert(path) }
            return paths
        }
        #expect(paths.count == 300)
        #expect(paths.contains("/slow?ms=100&n=299"))
    }

    @Test("a burst to one slow host holds no more places than its connections, and a request to another host passes it", .timeLimit(.minutes(1)))
    func slowHostLetsOthersPass() async throws {
        // Servers of their own: the shared one counts every test's slow requests.
        let slow = try await TestServer("http")
        defer { slow.stop() }
        let other = try await TestServer("http")
        defer { other.stop() }
        // Three places, two of them at most for one host: of six requests to the slow server,
        // two are at work and four wait; the third place is free for the other server.
        let client = HTTPClient(maxTransfers: 3, maxPerHost: 2)
        defer { client.shutdown() }
        let begun = { try await HTTPClient.shared.get("http://127.0.0.1:\(slow.port)/slow/begun").json(as: [String: Int].self)["begun"] }
        final class Count: Sendable { let value = Mutex(0) }
        let answered = Count()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<6 {
                group.addTask {
                    _ = try? await client.get("http://127.0.0.1:\(slow.port)/slow?ms=20000")
                    answered.value.withLock { $0 += 1 }
                }
            }
            let deadline = ContinuousClock.now + .seconds(patience)
            while try await begun() != 2, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
            // Time for the rest of the burst to reach the line (and, were there no limit for one
            // host, to take the third place).
            try await Task.sleep(for: .milliseconds(500))
            let echo = try await client.get("http://127.0.0.1:\(other.port)/echo")
            #expect(echo.status == 200)
            #expect(answered.value.withLock { $0 } == 0)
            #expect(try await begun() == 2)
            group.cancelAll()
        }
    }

    @Test("requests beyond maxTransfers wait in line, their timeout counting from the call", .timeLimit(.minutes(1)))
    func timeoutWhileWaiting() async throws {
        // Two requests hold the client's two places for 1.5 s; a third, with 2 s to live, waits
        // for a place, then has 0.5 s left: it fails about 2 s after the call, not 3.5 s.
        // (Had the places been held longer, it would fail at 2 s all the same, still waiting.)
        // A server of its own: the shared one may be slow to accept while other tests crowd it.
        let server = try await TestServer("http")
        defer { server.stop() }
        let client = HTTPClient(maxTransfers: 2)
        defer { client.shutdown() }
        let answered = "http://127.0.0.1:\(server.port)/slow?ms=1500", never = "http://127.0.0.1:\(server.port)/slow?ms=20000"
        // On the client's thread, so that no wait for Swift's pool (busy with other tests) is timed.
        let (statuses, third, failedAfter) = try await withTaskExecutorPreference(client.executor) {
            async let first = client.get(answered)
            async let second = client.get(answered)
            try await Task.sleep(for: .milliseconds(100))
            let (third, failedAfter) = await timedFailure(of: HTTPRequest(url: never, timeout: .seconds(2)), with: client)
            return (try await [first.status, second.status], third, failedAfter)
        }
        #expect(statuses == [200, 200])
        #expect(third?.kind == .timeout)
        #expect(failedAfter >= .milliseconds(1900) && failedAfter < .milliseconds(3000), "failed after \(failedAfter)")
    }

    @Test("a request still waiting in line when its time is up fails then, not when a place frees", .timeLimit(.minutes(1)))
    func expiresWhileWaiting() async throws {
        let server = try await TestServer("http")
        defer { server.stop() }
        let client = HTTPClient(maxTransfers: 1)
        defer { client.shutdown() }
        let holder = Task { try await client.get("http://127.0.0.1:\(server.port)/slow?ms=6000") }
        defer { holder.cancel() }
        try await Task.sleep(for: .milliseconds(100))
        let (failure, failedAfter) = await withTaskExecutorPreference(client.executor) {
            await timedFailure(of: HTTPRequest(url: "http://127.0.0.1:\(server.port)/echo", timeout: .seconds(1)), with: client)
        }
        #expect(failure?.kind == .timeout)
        #expect(failure?.reason == "timed out waiting for a free connection")
        #expect(failedAfter >= .milliseconds(900) && failedAfter < .milliseconds(3000), "failed after \(failedAfter)")
    }

    @Test("1,000 requests leave no file descriptor behind")
    func noLeak() async throws {
        let server = try await TestServer("http")
        defer { server.stop() }
        let client = HTTPClient()
        let echo = "http://127.0.0.1:\(server.port)/echo"
        _ = try await client.get(echo)
        let before = openFileDescriptors()
        for _ in 0..<1_000 { _ = try await client.get(echo) }
        #expect(openConnections(toPort: server.port) == 1, "one kept-alive connection")
        client.shutdown()
        #expect(try await eventually { openConnections(toPort: server.port) == 0 })
        // Other tests open sockets in parallel (up to 32 connections for the concurrent one),
        // hence a margin; a leak would be one descriptor per request, ~1,000.
        #expect(openFileDescriptors() <= before + 200, "before \(before), after \(openFileDescriptors())")
    }
}

/// GETs each URL in turn; returns the paths the server saw and the names of the threads the
/// caller ran on after each answer. Nonisolated, so that it runs where the caller prefers.
nonisolated func getEach(_ urls: [String], with client: HTTPClient) async throws -> ([String], Set<String>) {
    var paths: [String] = []
    var threads = Set<String>()
    for url in urls {
        paths.append(try await client.get(url).json(as: Echo.self).path)
        threads.insert(currentThreadName())
    }
    return (paths, threads)
}

/// The reason a GET failed, or "answered".
/// Sends `request`; returns its error (nil if answered) and the time from the call to the end.
nonisolated func timedFailure(of request: HTTPRequest, with client: HTTPClient) async -> (HTTPError?, Duration) {
    let clock = ContinuousClock()
    let started = clock.now
    do {
        _ = try await client.execute(request)
        return (nil, clock.now - started)
    } catch {
        return (error as? HTTPError, clock.now - started)
    }
}

nonisolated func describeGet(_ url: String, with client: HTTPClient) async -> String {
    do {
        _ = try await client.get(url)
        return "answered"
    } catch let error as HTTPError {
        return error.reason
    } catch {
        return "\(error)"
    }
}
