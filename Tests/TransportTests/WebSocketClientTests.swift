import Foundation
import Synchronization
import Testing
import LoopbackPeer
import TestSupport
import Transport

@Suite("WebSocketClient against a strict RFC 6455 server on loopback")
struct WebSocketClientTests {
    func url(_ path: String) async throws -> String { "ws://127.0.0.1:\(try await TestServer.webSocket().port)\(path)" }

    @Test("text and binary echo, from 1 byte to 8 MiB", arguments: [1, 125, 126, 65_535, 65_536, 1 << 20, 8 << 20])
    func echo(size: Int) async throws {
        let socket = try await WebSocketClient.connect(to: try await url("/echo"))
        var iterator = socket.messages.makeAsyncIterator()
        let text = String(repeating: "é", count: size / 2) + (size % 2 == 1 ? "a" : "")
        try socket.send(text: text)
        #expect(try await iterator.next() == .text(text))
        let binary = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try socket.send(binary: binary)
        #expect(try await iterator.next() == .binary(binary))
        await socket.close()
    }

    @Test("fragmented messages arrive whole")
    func fragments() async throws {
        let socket = try await WebSocketClient.connect(to: try await url("/fragmented"))
        var iterator = socket.messages.makeAsyncIterator()
        #expect(try await iterator.next() == .text("Hello, fragmented world"))
        #expect(try await iterator.next() == .binary(Data([0, 1, 2, 3, 4])))
        await socket.close()
    }

    @Test("extra request headers reach the server")
    func headers() async throws {
        let socket = try await WebSocketClient.connect(
            to: try await url("/headers"), configuration: WebSocketConfiguration(headers: [("Authorization", "Bot secret"), ("X-Test", "yes")]))
        var iterator = socket.messages.makeAsyncIterator()
        guard case .text(let json)? = try await iterator.next() else { Issue.record("no headers"); return }
        let headers = try JSONDecoder().decode([String: String].self, from: Data(json.utf8))
        #expect(headers["authorization"] == "Bot secret")
        #expect(headers["x-test"] == "yes")
        await socket.close()
    }

    @Test("an acknowledgement goes out as the message arrives, before the application reads it", .timeLimit(.minutes(1)))
    func acknowledge() async throws {
        // The hook sees every text as it arrives, the echo of its own ack included.
        let ackEchoed = Mutex(false)
        let configuration = WebSocketConfiguration(acknowledge: { text in
            if text == "ack msg 1" { ackEchoed.withLock { $0 = true } }
            return text.hasPrefix("msg") ? "ack \(text)" : nil
        })
        let socket = try await WebSocketClient.connect(to: try await url("/echo"), configuration: configuration)
        try socket.send(text: "msg 1")
        // Nobody reads until the ack has gone to the server and come back (10 s at most); then
        // the application sends again. The echo server returns everything in the order it got
        // it, so the ack's echo before "later" shows it left without the application's help.
        for _ in 0..<500 where !ackEchoed.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(20)) }
        try socket.send(text: "later")
        var received: [WebSocketMessage] = []
        for try await message in socket.messages {
            received.append(message)
            if received.count == 3 { break }
        }
        #expect(received == [.text("msg 1"), .text("ack msg 1"), .text("later")])
        await socket.close()
    }

    @Test("a server ping is answered with a pong; our own ping goes out")
    func pingPong() async throws {
        let socket = try await WebSocketClient.connect(to: try await url("/server-ping"))
        try socket.ping()
        var iterator = socket.messages.makeAsyncIterator()
        #expect(try await iterator.next() == .text("pong received"))
        await socket.close()
    }

    @Test("a server close with 4000 or 4004 reaches the caller with its reason", arguments: [UInt16(4000), 4004])
    func serverClose(code: UInt16) async throws {
        let socket = try await WebSocketClient.connect(to: try await url("/close/\(code)"))
        do {
            for try await _ in socket.messages {}
            Issue.record("the sequence should throw")
        } catch let error as WebSocketError {
            #expect(error == .closedByPeer(code: code, reason: "closing with \(code)"))
        }
        #expect(socket.peerClose?.code == code)
    }

    @Test("our close sends its code to the server, and the sequence ends without error")
    func clientClose() async throws {
        let socket = try await WebSocketClient.connect(to: try await url("/client-close"))
        await socket.close(code: 4321, reason: "bye")
        for try await _ in socket.messages {}
        #expect(throws: WebSocketError.notConnected) { try socket.send(text: "late") }
        let report = try await WebSocketClient.connect(to: try await url("/report/client-close"))
        var iterator = report.messages.makeAsyncIterator()
        #expect(try await iterator.next() == .text("4321"))
        await report.close()
    }

    @Test("invalid UTF-8 in a text frame closes with 1007")
    func invalidUTF8() async throws {
        let socket = try await WebSocketClient.connect(to: try await url("/invalid-utf8"))
        await #expect(throws: WebSocketError.invalidUTF8) { for try await _ in socket.messages {} }
        let report = try await WebSocketClient.connect(to: try await url("/report/invalid-utf8"))
        var iterator = report.messages.makeAsyncIterator()
        #expect(try await iterator.next() == .text("1007"))
        await report.close()
    }

    @Test("a message over the limit closes with 1009")
    func tooBig() async throws {
        let socket = try await WebSocketClient.connect(to: try await url("/big"), configuration: WebSocketConfiguration(maxMessageSize: 1 << 20))
        await #expect(throws: WebSocketError.messageTooBig(limit: 1 << 20)) { for try await _ in socket.messages {} }
        let report = try await WebSocketClient.connect(to: try await url("/report/big"))
        var iterator = report.messages.makeAsyncIterator()
        #expect(try await iterator.next() == .text("1009"))
        await report.close()
    }

    @Test("a task that prefers the socket's executor sends and reads on the socket's thread, in order", .timeLimit(.minutes(1)))
    func onTheSocketsThread() async throws {
        let socket = try await WebSocketClient.connect(to: try await url("/echo"))
        let (answers, threads) = try await withTaskExecutorPreference(socket.executor) {
            try await echoEach((0..<300).map { "message \($0)" }, on: socket)
        }
        #expect(answers == (0..<300).map { .text("message \($0)") })
        #expect(threads == ["libwebsockets"])
        await socket.close()
    }

    @Test("100 tasks sending at once: every message arrives, in order per task")
    func concurrentSenders() async throws {
        let socket = try await WebSocketClient.connect(to: try await url("/order"))
        let perTask = 50
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<100 {
                group.addTask {
                    for index in 0..<perTask { try? socket.send(text: "\(task):\(index)") }
                }
            }
        }
        var next = [Int](repeating: 0, count: 100)
        var received = 0
        for try await message in socket.messages {
            guard case .text(let text) = message else { continue }
            let parts = text.split(separator: ":").compactMap { Int($0) }
            #expect(parts.count == 2)
            #expect(parts[1] == next[parts[0]], "task \(parts[0]) out of order")
            next[parts[0]] = parts[1] + 1
            received += 1
            if received == 100 * perTask { break }
        }
        #expect(received == 100 * perTask)
        await socket.close()
    }

    @Test("connect failures are typed errors, not hangs")
    func connectFailures() async throws {
        await #expect(throws: WebSocketError.invalidURL("http://example.com")) {
            _ = try await WebSocketClient.connect(to: "http://example.com")
        }
        // A port nobody listens on.
        let closed = try RefusedPort()
        do {
            _ = try await WebSocketClient.connect(to: "ws://127.0.0.1:\(closed.port)/")
            Issue.record("connecting to a closed port should fail")
        } catch let error as WebSocketError {
            guard case .connectFailed = error else { Issue.record("\(error)"); return }
        }
        // An HTTP server that does not upgrade.
        let http = try await TestServer.http()
        do {
            _ = try await WebSocketClient.connect(to: "ws://127.0.0.1:\(http.port)/echo")
            Issue.record("a non-websocket server should fail the handshake")
        } catch let error as WebSocketError {
            guard case .connectFailed = error else { Issue.record("\(error)"); return }
        }
    }

    @Test("a server that vanishes without a close is noticed within the ping timeout")
    func vanishingServer() async throws {
        let server = try await TestServer("ws")
        defer { server.child.send(SIGCONT); server.stop() }
        let socket = try await WebSocketClient.connect(
            to: "ws://127.0.0.1:\(server.port)/echo", configuration: WebSocketConfiguration(pingInterval: 1, pingTimeout: 1))
        try socket.send(text: "hi")
        var iterator = socket.messages.makeAsyncIterator()
        #expect(try await iterator.next() == .text("hi"))
        server.child.send(SIGSTOP)
        let start = ContinuousClock.now
        do {
            while try await iterator.next() != nil {}
            Issue.record("a dead peer should end the sequence with an error")
        } catch let error as WebSocketError {
            guard case .connectionLost = error else { Issue.record("\(error)"); return }
        }
        // A ping each second, answered within a second: about 2 s. The bound leaves room for a
        // loaded 2-core machine running the whole suite at once (6.7 s was seen there), and
        // still tells a ping's timeout from TCP's, which takes minutes.
        #expect(ContinuousClock.now - start < .seconds(10))
    }

    @Test("1,000 connects and closes leave no file descriptor behind")
    func noLeak() async throws {
        let server = try await TestServer("ws")
        defer { server.stop() }
        let url = "ws://127.0.0.1:\(server.port)/echo"
        let warm = try await WebSocketClient.connect(to: url)
        await warm.close()
        try await Task.sleep(for: .milliseconds(100))
        let before = openFileDescriptors()
        for _ in 0..<1_000 {
            let socket = try await WebSocketClient.connect(to: url)
            await socket.close()
        }
        #expect(try await eventually { openConnections(toPort: server.port) == 0 })
        // Other suites open sockets and pipes in parallel (a Python peer starting holds two
        // pipes, a bot a file or two), hence a margin; a leak here would be one descriptor
        // per connection, a thousand.
        #expect(openFileDescriptors() <= before + 200, "before \(before), after \(openFileDescriptors())")
    }
}

/// Sends each message and waits for its echo; returns the answers and the names of the threads
/// the caller ran on after each answer. Nonisolated, so that it runs where the caller prefers.
nonisolated func echoEach(_ messages: [String], on socket: WebSocketClient) async throws -> ([WebSocketMessage?], Set<String>) {
    var iterator = socket.messages.makeAsyncIterator()
    var answers: [WebSocketMessage?] = []
    var threads = Set<String>()
    for message in messages {
        try socket.send(text: message)
        answers.append(try await iterator.next())
        threads.insert(currentThreadName())
    }
    return (answers, threads)
}

/// The name of the thread running the caller, as the system knows it.
func currentThreadName() -> String {
    let name = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? "unknown"
    return name.trimmingCharacters(in: .whitespacesAndNewlines)
}

@Suite("The native loopback peer used by the benchmarks")
struct LoopbackPeerTests {
    @Test("it echoes, counts into the sink, and answers HTTP with keep-alive")
    func loopback() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let echo = try await WebSocketClient.connect(to: "ws://127.0.0.1:\(server.port)/echo")
        var echoes = echo.messages.makeAsyncIterator()
        try echo.send(text: "hello")
        #expect(try await echoes.next() == .text("hello"))
        try echo.send(binary: Data(repeating: 7, count: 200_000))
        #expect(try await echoes.next() == .binary(Data(repeating: 7, count: 200_000)))
        await echo.close()
        let sink = try await WebSocketClient.connect(to: "ws://127.0.0.1:\(server.port)/sink")
        var counts = sink.messages.makeAsyncIterator()
        for _ in 0..<500 { try sink.send(text: "x") }
        try sink.send(text: "done")
        #expect(try await counts.next() == .text("500"))
        await sink.close()
        // The websockets' descriptors close just after close() returns: wait for them (10 s at
        // most: the whole suite runs at once on 2 cores, and 2 s was once not enough).
        for _ in 0..<500 where openConnections(toPort: server.port) > 0 { try await Task.sleep(for: .milliseconds(20)) }
        #expect(openConnections(toPort: server.port) == 0, "the websockets closed")
        let client = HTTPClient()
        defer { client.shutdown() }
        for _ in 0..<3 {
            let response = try await client.get("http://127.0.0.1:\(server.port)/anything")
            #expect(response.status == 200)
            #expect(response.body == Data(#"{"ok":true}"#.utf8))
        }
        #expect(openConnections(toPort: server.port) == 1, "one kept-alive connection")
    }
}
