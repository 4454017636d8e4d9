import CCurl
import Foundation
import Synchronization

/// HTTP on libcurl's multi interface: requests from any task run together on one thread of
/// its own, which never blocks Swift's cooperative pool; connections are kept alive and reused.
public final class HTTPClient: Sendable {
    private let engine: CurlMultiEngine

    /// The client most code shares.
    public static let shared = HTTPClient()

    public init() {
        engine = CurlMultiEngine()
    }

    /// Sends `request` and returns the response, whatever its status.
    /// - Throws: `HTTPError` when there is no response; `CancellationError` if the task is cancelled.
    public func execute(_ request: HTTPRequest) async throws -> HTTPResponse {
        let transfer = try CurlTransfer(request)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                transfer.start(continuation, on: engine)
            }
        } onCancel: {
            engine.cancel(transfer)
        }
    }

    public func get(_ url: String, headers: [(name: String, value: String)] = []) async throws -> HTTPResponse {
        try await execute(HTTPRequest(url: url, headers: headers))
    }

    public func delete(_ url: String, headers: [(name: String, value: String)] = []) async throws -> HTTPResponse {
        try await execute(HTTPRequest(method: "DELETE", url: url, headers: headers))
    }

    /// Sends `body` as JSON with `method` (POST, PUT, PATCH…).
    public func send<Body: Encodable>(_ method: String, _ url: String, json body: Body,
                                      headers: [(name: String, value: String)] = []) async throws -> HTTPResponse {
        try await execute(HTTPRequest.json(method, url, body, headers: headers))
    }

    /// The client's thread, as a task executor. A task that sends requests one after the other
    /// and waits for each can run there: the answer then resumes it on that thread, with no
    /// wake-up of another. Its work must stay short, since that thread carries every request
    /// of the client.
    public var executor: any TaskExecutor { engine }

    /// Stops the client's thread once its requests are done; later requests fail.
    public func shutdown() {
        engine.shutdown()
    }
}

/// The multi handle and the thread that drives it.
final class CurlMultiEngine: TaskExecutor, @unchecked Sendable {
    // @unchecked Sendable: `multi` is used only on the engine's thread, except
    // `curl_multi_wakeup`, which libcurl documents as callable from any thread; shared state
    // is in `inbox` and `jobs` (Mutexes).
    private enum Command { case add(CurlTransfer), cancel(CurlTransfer), stop }

    private let multi: UnsafeMutableRawPointer?
    /// Commands for the engine's thread, and why it no longer takes any once it has ended.
    private let inbox = Mutex<(commands: [Command], ended: HTTPError?)>(([], nil))
    private let jobs = ThreadJobs()

    private static let globalInit: Bool = {
        curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK
    }()

    init() {
        _ = Self.globalInit
        multi = curl_multi_init()
        if let multi {
            // Idle kept-alive connections beyond this many are closed.
            librarybot_curl_multi_setopt_long(multi, CURLMOPT_MAXCONNECTS, 32)
            // A burst of requests to one host queues for at most this many connections instead
            // of opening one each: a thousand sockets cost more to poll than they save.
            librarybot_curl_multi_setopt_long(multi, CURLMOPT_MAX_HOST_CONNECTIONS, 32)
        }
        let thread = Thread { [self] in
            nameCurrentThread("libcurl")
            self.loop()
        }
        thread.start()
    }

    func submit(_ transfer: CurlTransfer) { post(.add(transfer)) }
    func cancel(_ transfer: CurlTransfer) { post(.cancel(transfer)) }
    func shutdown() { post(.stop) }

    /// Queues `command` and wakes the engine's thread, but only when the inbox was empty: the
    /// thread empties the whole inbox after every wake-up, so commands posted while one is
    /// pending ride on it instead of paying a system call each.
    private func post(_ command: Command) {
        let queued = inbox.withLock { inbox -> Bool? in
            if inbox.ended != nil { return nil }
            inbox.commands.append(command)
            return inbox.commands.count == 1
        }
        switch queued {
        case true?: wakeUp()
        case false?: break
        case nil: refuse(command)
        }
    }

    /// Once the thread has ended: a request fails at once instead of waiting forever.
    private func refuse(_ command: Command) {
        switch command {
        case .add(let transfer): transfer.finish(.failure(HTTPError(kind: .transport, reason: "the HTTP client was shut down")))
        case .cancel(let transfer): transfer.finish(.failure(CancellationError()))
        case .stop: break
        }
    }

    /// The thread's last act: later commands, and those it did not get to, are refused, and the
    /// jobs of tasks that prefer it go to Swift's global executor.
    private func end(_ reason: HTTPError) {
        let left = inbox.withLock { inbox in
            inbox.ended = reason
            defer { inbox.commands = [] }
            return inbox.commands
        }
        for command in left { refuse(command) }
        jobs.close()
    }

    /// Runs `job` on the engine's thread, between two polls.
    func enqueue(_ job: consuming ExecutorJob) {
        if jobs.append(UnownedJob(job)) { wakeUp() }
    }

    /// Interrupts the engine's poll, unless this is the engine's thread (which looks at its
    /// queues before it polls again).
    private func wakeUp() {
        if !jobs.isCurrentThread, let multi { curl_multi_wakeup(multi) }
    }

    /// The engine's thread: take commands, let libcurl work, hand out finished transfers, run
    /// the jobs of the tasks that prefer this thread, poll (sleeping in `curl_multi_poll` until
    /// there is I/O or a wake-up once a quiet spell has passed).
    private func loop() {
        guard let multi else {
            end(HTTPError(kind: .transport, reason: "libcurl could not create its multi handle"))
            return
        }
        jobs.bindToCurrentThread()
        var active: [ObjectIdentifier: CurlTransfer] = [:]
        var stopping = false
        var spin = SpinBeforeSleep()
        while true {
            for command in inbox.withLock({ inbox in defer { inbox.commands.removeAll() }; return inbox.commands }) {
                switch command {
                case .add(let transfer):
                    if transfer.isFinished {
                        continue  // cancelled before it was added
                    } else if stopping {
                        transfer.finish(.failure(HTTPError(kind: .transport, reason: "the HTTP client was shut down")))
                    } else if let easy = transfer.easy, curl_multi_add_handle(multi, easy) == CURLM_OK {
                        active[ObjectIdentifier(transfer)] = transfer
                    } else {
                        transfer.finish(.failure(HTTPError(kind: .transport, reason: "libcurl refused the request")))
                    }
                case .cancel(let transfer):
                    if active.removeValue(forKey: ObjectIdentifier(transfer)) != nil, let easy = transfer.easy {
                        curl_multi_remove_handle(multi, easy)
                    }
                    transfer.finish(.failure(CancellationError()))
                case .stop:
                    stopping = true
                }
            }
            if stopping && active.isEmpty { break }
            var running: Int32 = 0
            curl_multi_perform(multi, &running)
            var left: Int32 = 0
            while let message = curl_multi_info_read(multi, &left) {
                guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle else { continue }
                let code = message.pointee.data.result
                var owner: UnsafeMutableRawPointer?
                librarybot_curl_getinfo_pointer(easy, CURLINFO_PRIVATE, &owner)
                curl_multi_remove_handle(multi, easy)
                guard let owner else { continue }
                let transfer = Unmanaged<CurlTransfer>.fromOpaque(owner).takeUnretainedValue()
                active.removeValue(forKey: ObjectIdentifier(transfer))
                transfer.complete(code)
            }
            let ran = jobs.run(on: asUnownedTaskExecutor())
            // Work queued by this thread itself (a job that sent a request) asked for no
            // wake-up: a timeout of 0 comes back for it at once.
            let quick = spin.shouldSpin(afterJobs: ran) || !jobs.isEmpty || !inbox.withLock({ $0.commands.isEmpty })
            curl_multi_poll(multi, nil, 0, quick ? 0 : 1000, nil)
        }
        end(HTTPError(kind: .transport, reason: "the HTTP client was shut down"))
        curl_multi_cleanup(multi)
    }
}

/// One request: its easy handle, the response being received, and who waits for it.
final class CurlTransfer: @unchecked Sendable {
    // @unchecked Sendable: the easy handle and the response buffers are set up on the calling
    // thread before `start`, then touched only on the engine's thread until `finish`; the
    // continuation is behind a Mutex so that completion and cancellation resolve it once.

    private(set) var easy: UnsafeMutableRawPointer?
    private var requestHeaders: UnsafeMutablePointer<curl_slist>?
    private var headers: [(name: String, value: String)] = []
    private var body = Data()
    private let waiter = Mutex<CheckedContinuation<HTTPResponse, any Error>?>(nil)
    private let finished = Mutex(false)
    /// The retain handed to libcurl as CURLOPT_PRIVATE and the callbacks' user data; released
    /// when the transfer finishes.
    private var retainedByC: Unmanaged<CurlTransfer>?

    init(_ request: HTTPRequest) throws(HTTPError) {
        guard Self.isHTTP(request.url) else {
            // The URL is not repeated: webhook and response URLs carry secrets.
            throw HTTPError(kind: .invalidRequest, reason: "not an http(s) URL")
        }
        guard let easy = CurlHandlePool.shared.take() else { throw HTTPError(kind: .transport, reason: "curl_easy_init failed") }
        self.easy = easy
        // libcurl parses the rest of the URL (a malformed one fails as CURLE_URL_MALFORMAT), and
        // neither the request nor a redirect may leave HTTP(S).
        librarybot_curl_setopt_string(easy, CURLOPT_URL, request.url)
        librarybot_curl_setopt_string(easy, CURLOPT_PROTOCOLS_STR, "http,https")
        librarybot_curl_setopt_string(easy, CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        librarybot_curl_setopt_long(easy, CURLOPT_NOSIGNAL, 1)
        librarybot_curl_setopt_long(easy, CURLOPT_TIMEOUT_MS, Int(request.timeout.components.seconds * 1000 + request.timeout.components.attoseconds / 1_000_000_000_000_000))
        librarybot_curl_setopt_long(easy, CURLOPT_SSL_VERIFYPEER, 1)
        librarybot_curl_setopt_long(easy, CURLOPT_SSL_VERIFYHOST, 2)
        if let authorities = request.certificateAuthorities {
            librarybot_curl_setopt_string(easy, CURLOPT_CAINFO, authorities)
        }
        librarybot_curl_setopt_long(easy, CURLOPT_TCP_KEEPALIVE, 1)
        librarybot_curl_setopt_string(easy, CURLOPT_ACCEPT_ENCODING, "")
        let method = request.method.uppercased()
        if let payload = request.body {
            librarybot_curl_setopt_offset(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(payload.count))
            payload.withUnsafeBytes { bytes in
                _ = librarybot_curl_setopt_pointer(easy, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: bytes.baseAddress ?? UnsafeRawPointer(("" as StaticString).utf8Start)))
            }
            if method != "POST" { librarybot_curl_setopt_string(easy, CURLOPT_CUSTOMREQUEST, method) }
        } else if method == "HEAD" {
            librarybot_curl_setopt_long(easy, CURLOPT_NOBODY, 1)
        } else if method != "GET" {
            librarybot_curl_setopt_string(easy, CURLOPT_CUSTOMREQUEST, method)
        }
        // No "Expect: 100-continue" round trip before a body.
        for line in request.headers.map({ "\($0.name): \($0.value)" }) + ["Expect:"] {
            requestHeaders = curl_slist_append(requestHeaders, line)
        }
        librarybot_curl_setopt_pointer(easy, CURLOPT_HTTPHEADER, UnsafeMutableRawPointer(requestHeaders))
        librarybot_curl_setopt_callback(easy, CURLOPT_WRITEFUNCTION, curlBodyCallback)
        librarybot_curl_setopt_callback(easy, CURLOPT_HEADERFUNCTION, curlHeaderCallback)
    }

    /// Whether `url` starts with `http://` or `https://`, in any case. Checked on bytes:
    /// Foundation's URL parser cost more than the rest of setting up a request.
    static func isHTTP(_ url: String) -> Bool {
        func hasPrefix(_ prefix: StaticString) -> Bool {
            var remaining = url.utf8.makeIterator()
            return UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount).allSatisfy { expected in
                guard let byte = remaining.next() else { return false }
                return (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 == expected : byte == expected
            }
        }
        return hasPrefix("http://") || hasPrefix("https://")
    }

    deinit {
        if let easy { CurlHandlePool.shared.give(easy) }
        if let requestHeaders { curl_slist_free_all(requestHeaders) }
    }

    var isFinished: Bool { finished.withLock { $0 } }

    func start(_ continuation: CheckedContinuation<HTTPResponse, any Error>, on engine: CurlMultiEngine) {
        waiter.withLock { $0 = continuation }
        guard let easy else { return finish(.failure(HTTPError(kind: .transport, reason: "no handle"))) }
        let retained = Unmanaged.passRetained(self)
        retainedByC = retained
        librarybot_curl_setopt_pointer(easy, CURLOPT_PRIVATE, retained.toOpaque())
        librarybot_curl_setopt_pointer(easy, CURLOPT_WRITEDATA, retained.toOpaque())
        librarybot_curl_setopt_pointer(easy, CURLOPT_HEADERDATA, retained.toOpaque())
        engine.submit(self)
    }

    /// On the engine's thread: the transfer is over with `code`.
    func complete(_ code: CURLcode) {
        guard let easy else { return }
        if code == CURLE_OK {
            var responseCode = 0
            librarybot_curl_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &responseCode)
            finish(.success(HTTPResponse(status: responseCode, headers: headers, body: body)))
            return
        }
        let reason = String(cString: curl_easy_strerror(code))
        let kind: HTTPError.Kind = switch code {
        case CURLE_OPERATION_TIMEDOUT: .timeout
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_CONNECT, CURLE_COULDNT_RESOLVE_PROXY: .connectFailed
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CACERT_BADFILE: .tls
        case CURLE_URL_MALFORMAT, CURLE_UNSUPPORTED_PROTOCOL: .invalidRequest
        default: .transport
        }
        finish(.failure(HTTPError(kind: kind, reason: reason)))
    }

    /// Resolves the waiting task once, and gives back the retain libcurl held.
    func finish(_ result: Result<HTTPResponse, any Error>) {
        let first = finished.withLock { done -> Bool in
            defer { done = true }
            return !done
        }
        guard first else { return }
        waiter.withLock { waiter in
            waiter?.resume(with: result)
            waiter = nil
        }
        let retained = retainedByC
        retainedByC = nil
        retained?.release()
    }

    fileprivate func receiveBody(_ bytes: UnsafeRawBufferPointer) {
        body.append(contentsOf: bytes)
    }

    /// One header line. Parsed on bytes: Foundation's trimming goes through UTF-16 and showed
    /// in profiles of keep-alive request loops.
    fileprivate func receiveHeader(_ bytes: UnsafeRawBufferPointer) {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A }
        func trimmed(_ slice: Slice<UnsafeRawBufferPointer>) -> String {
            var start = slice.startIndex, end = slice.endIndex
            while start < end, isSpace(slice[start]) { start += 1 }
            while end > start, isSpace(slice[end - 1]) { end -= 1 }
            return String(decoding: slice[start..<end], as: UTF8.self)
        }
        if bytes.starts(with: "HTTP/".utf8) {
            // A new response (after a 100 Continue or a redirect): start over. Its status is
            // read from CURLINFO_RESPONSE_CODE at the end.
            headers = []
        } else if let colon = bytes.firstIndex(of: UInt8(ascii: ":")) {
            headers.append((trimmed(bytes[..<colon]), trimmed(bytes[(colon + 1)...])))
        }
    }
}

/// libcurl's body callback: back to the transfer through its user data.
private func curlBodyCallback(_ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ owner: UnsafeMutableRawPointer?) -> Int {
    guard let data, let owner else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(owner).takeUnretainedValue()
    transfer.receiveBody(UnsafeRawBufferPointer(start: data, count: size * count))
    return size * count
}

private func curlHeaderCallback(_ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ owner: UnsafeMutableRawPointer?) -> Int {
    guard let data, let owner else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(owner).takeUnretainedValue()
    transfer.receiveHeader(UnsafeRawBufferPointer(start: data, count: size * count))
    return size * count
}

/// Easy handles kept for reuse: `curl_easy_reset` is cheaper than a new handle per request.
/// A handle is in the pool only while no transfer owns it.
final class CurlHandlePool: Sendable {
    /// An idle easy handle. @unchecked Sendable: while in the pool nobody uses it, and taking it
    /// out hands it to exactly one transfer.
    private struct Idle: @unchecked Sendable { let handle: UnsafeMutableRawPointer }

    static let shared = CurlHandlePool()
    private let idle = Mutex<[Idle]>([])

    func take() -> UnsafeMutableRawPointer? {
        if let reused = idle.withLock({ $0.popLast() }) {
            curl_easy_reset(reused.handle)
            return reused.handle
        }
        return curl_easy_init()
    }

    func give(_ handle: UnsafeMutableRawPointer) {
        let entry = Idle(handle: handle)
        let kept = idle.withLock { idle -> Bool in
            guard idle.count < 64 else { return false }
            idle.append(entry)
            return true
        }
        if !kept { curl_easy_cleanup(handle) }
    }
}
