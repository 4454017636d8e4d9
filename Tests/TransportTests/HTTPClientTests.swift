import Foundation
import Testing
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

    @Test("a closed port and a bad URL are typed errors")
    func failures() async throws {
        let server = try await TestServer("http")
        let port = server.port
        await server.stopAndWait()
        do {
            _ = try await HTTPClient.shared.get("http://127.0.0.1:\(port)/")
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

    @Test("100 concurrent requests all complete, each with its own answer")
    func concurrent() async throws {
        let base = try await url("/slow?ms=200&n=")
        let paths = try await withThrowingTaskGroup(of: String.self) { group in
            for index in 0..<100 {
                group.addTask { try await HTTPClient.shared.get(base + String(index)).json(as: Echo.self).path }
            }
            var paths = Set<String>()
            for try await path in group { paths.insert(path) }
            return paths
        }
        #expect(paths.count == 100)
        #expect(paths.contains("/slow?ms=200&n=99"))
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
        try await Task.sleep(for: .milliseconds(300))
        #expect(openConnections(toPort: server.port) == 0)
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
