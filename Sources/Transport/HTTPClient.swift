import CCurl
import Foundation
import Synchronization

/// HTTP on libcurl's multi interface: requests from any task run together on one thread of
/// its own, which never blocks Swift's cooperative pool; connections are kept alive and reused.
public final class HTTPClient: Sendable {
    private let engine: CurlMultiEngine

    /// By default, at most this many requests hold an easy handle at once; the others wait in
    /// line, in order, without one. A handle at work holds about 27 KiB of libcurl's buffers
    /// (measured with mallinfo2), so a thousand replies queued behind a slow platform would hold
    /// 27 MB; in line they hold only their request. Twice `defaultMaxPerHost`: requests to two
    /// busy hosts still use every connection.
    public static let defaultMaxTransfers = 64

    /// By default, at most this many requests to one host (scheme, host and port) hold a handle
    /// at once, and libcurl opens at most this many connections to it
    /// (CURLMOPT_MAX_HOST_CONNECTIONS): a burst to one slow host leaves places for the others,
    /// whose requests pass the ones waiting for it.
    public static let defaultMaxPerHost = 32

    /// The client most code shares.
    public static let shared = HTTPClient()

    /// - Parameters:
    ///   - maxTransfers: how many requests may be in libcurl's hands at once; the others wait
    ///     in line (their timeout running).
    ///   - maxPerHost: how many of them may be for one host; the line is first come, first
    ///     served for each host, and a host with this many at work lets the others pass.
    public init(maxTransfers: Int = HTTPClient.defaultMaxTransfers, maxPerHost: Int = HTTPClient.defaultMaxPerHost) {
        engine = CurlMultiEngine(maxActive: max(1, maxTransfers), maxPerHost: max(1, maxPerHost))
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
    private let maxActive: Int
    private let maxPerHost: Int
    /// Commands for the engine's thread, and why it no longer takes any once it has ended.
    private let inbox = Mutex<(commands: [Command], ended: HTTPError?)>(([], nil))
    private let jobs = ThreadJobs()

    private static let globalInit: Bool = {
        curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK
    }()

    init(maxActive: Int, maxPerHost: Int) {
        self.maxActive = maxActive
        self.maxPerHost = maxPerHost
        _ = Self.globalInit
        multi = curl_multi_init()
        if let multi {
            // Idle kept-alive connections beyond this many are closed.
            librarybot_curl_multi_setopt_long(multi, CURLMOPT_MAXCONNECTS, 32)
            // A burst of requests to one host queues for at most this many connections instead
            // of opening one each: a thousand sockets cost more to poll than they save. (The
            // line gives a host no more transfers than that, so none waits inside libcurl.)
            librarybot_curl_multi_setopt_long(multi, CURLMOPT_MAX_HOST_CONNECTIONS, maxPerHost)
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
        var waiting = TransferLines()
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
                    } else {
                        waiting.append(transfer)
                    }
                case .cancel(let transfer):
                    // One still waiting for its turn is finished here and skipped when its turn comes.
                    if active.removeValue(forKey: ObjectIdentifier(transfer)) != nil {
                        waiting.ended(transfer)
                        if let easy = transfer.easy { curl_multi_remove_handle(multi, easy) }
                        transfer.releaseHandle()
                    }
                    transfer.finish(.failure(CancellationError()))
                case .stop:
                    stopping = true
                }
            }
            for transfer in waiting.nextDeadline == nil ? [] : waiting.expired(at: .now) {
                transfer.finish(.failure(HTTPError(kind: .timeout, reason: "timed out waiting for a free connection")))
            }
            // In order of arrival, as many as may hold a handle, and no more for one host than
            // it may have connections.
            while active.count < maxActive, let transfer = waiting.next(maxPerHost: maxPerHost) {
                guard let easy = transfer.prepare() else {
                    waiting.ended(transfer)
                    continue
                }
                if curl_multi_add_handle(multi, easy) == CURLM_OK {
                    active[ObjectIdentifier(transfer)] = transfer
                } else {
                    waiting.ended(transfer)
                    transfer.releaseHandle()
                    transfer.finish(.failure(HTTPError(kind: .transport, reason: "libcurl refused the request")))
                }
            }
            if stopping && active.isEmpty && waiting.isEmpty { break }
            var running: Int32 = 0
            curl_multi_perform(multi, &running)
            var left: Int32 = 0
            var freed = false
            while let message = curl_multi_info_read(multi, &left) {
                guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle else { continue }
                let code = message.pointee.data.result
                var owner: UnsafeMutableRawPointer?
                librarybot_curl_getinfo_pointer(easy, CURLINFO_PRIVATE, &owner)
                curl_multi_remove_handle(multi, easy)
                guard let owner else { continue }
                let transfer = Unmanaged<CurlTransfer>.fromOpaque(owner).takeUnretainedValue()
                if active.removeValue(forKey: ObjectIdentifier(transfer)) != nil { waiting.ended(transfer) }
                transfer.complete(code)
                transfer.releaseHandle()
                freed = true
            }
            let ran = jobs.run(on: asUnownedTaskExecutor())
            // Work queued by this thread itself (a job that sent a request) asked for no
            // wake-up, and a handle given back lets the next in line start: a timeout of 0 comes
            // back for them at once.
            let quick = spin.shouldSpin(afterJobs: ran) || !jobs.isEmpty || !inbox.withLock({ $0.commands.isEmpty })
                || (freed && !waiting.isEmpty)
            // Asleep at most until the first deadline in line.
            let sleep = waiting.nextDeadline.map { deadline -> Int64 in
                let left = deadline - .now
                return min(1000, max(0, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1))
            } ?? 1000
            curl_multi_poll(multi, nil, 0, quick ? 0 : Int32(sleep), nil)
        }
        end(HTTPError(kind: .transport, reason: "the HTTP client was shut down"))
        curl_multi_cleanup(multi)
    }
}

/// The transfers waiting for a handle, in one line per host (`CurlTransfer.host`), and how many
/// each host has at work: the first to arrive goes first, unless its host has as many at work as
/// it may, and then the first for another host passes it. One slow host (a platform answering
/// a burst of replies late) does not hold back the requests to the others.
struct TransferLines {
    private var lines: [String: TransferLine] = [:]
    private var atWork: [String: Int] = [:]
    /// The order of arrival, which decides between the lines' first transfers.
    private var arrivals: UInt64 = 0

    var isEmpty: Bool { lines.isEmpty }

    /// No deadline in the lines is earlier than this.
    var nextDeadline: ContinuousClock.Instant? { lines.values.lazy.compactMap(\.nextDeadline).min() }

    mutating func append(_ transfer: CurlTransfer) {
        arrivals += 1
        transfer.arrival = arrivals
        lines[transfer.host, default: TransferLine()].append(transfer)
    }

    /// The next to hold a handle, counted as at work for its host until `ended`: of the lines
    /// whose host has fewer than `maxPerHost` at work, the first transfer that arrived first.
    mutating func next(maxPerHost: Int) -> CurlTransfer? {
        var chosen: (host: String, arrival: UInt64)?
        for (host, line) in lines where atWork[host, default: 0] < maxPerHost {
            if let first = line.first, first.arrival < chosen?.arrival ?? .max { chosen = (host, first.arrival) }
        }
        guard let host = chosen?.host, let transfer = lines[host]?.next() else { return nil }
        if lines[host]?.isEmpty == true { lines[host] = nil }
        atWork[host, default: 0] += 1
        return transfer
    }

    /// A transfer `next` gave out no longer holds its handle.
    mutating func ended(_ transfer: CurlTransfer) {
        guard let count = atWork[transfer.host] else { return }
        atWork[transfer.host] = count > 1 ? count - 1 : nil
    }

    /// Takes out of the lines the transfers whose deadline has passed.
    mutating func expired(at now: ContinuousClock.Instant) -> [CurlTransfer] {
        var expired: [CurlTransfer] = []
        for host in Array(lines.keys) {
            guard let deadline = lines[host]?.nextDeadline, deadline <= now else { continue }
            expired += lines[host]?.expired(at: now) ?? []
            if lines[host]?.isEmpty == true { lines[host] = nil }
        }
        return expired
    }
}

/// The transfers waiting for a handle, first come first served: an array read from a moving
/// start (a burst appends a thousand, then they leave from the front), each slot emptied as it
/// is read so that the line keeps no finished transfer alive. One whose time runs out while it
/// waits leaves the line then, not when its turn comes.
struct TransferLine {
    private var transfers: [CurlTransfer?] = []
    private var start = 0
    private var count = 0
    /// No deadline in the line is earlier than this: until then there is nothing to expire.
    private(set) var nextDeadline: ContinuousClock.Instant? = nil

    var isEmpty: Bool { count == 0 }

    /// The transfer `next` would give, left in line.
    var first: CurlTransfer? {
        transfers[start...].lazy.compactMap { $0 }.first
    }

    mutating func append(_ transfer: CurlTransfer) {
        transfers.append(transfer)
        count += 1
        nextDeadline = min(nextDeadline ?? transfer.deadline, transfer.deadline)
    }

    mutating func next() -> CurlTransfer? {
        defer { compactIfRead() }
        while start < transfers.count {
            let transfer = transfers[start]
            transfers[start] = nil
            start += 1
            if let transfer {
                count -= 1
                return transfer
            }
        }
        return nil
    }

    /// Takes out of the line the transfers whose deadline has passed.
    mutating func expired(at now: ContinuousClock.Instant) -> [CurlTransfer] {
        guard let deadline = nextDeadline, deadline <= now else { return [] }
        var expired: [CurlTransfer] = []
        var earliest: ContinuousClock.Instant? = nil
        for index in start..<transfers.count {
            guard let transfer = transfers[index] else { continue }
            if transfer.deadline <= now {
                expired.append(transfer)
                transfers[index] = nil
                count -= 1
            } else {
                earliest = min(earliest ?? transfer.deadline, transfer.deadline)
            }
        }
        nextDeadline = earliest
        compactIfRead()
        return expired
    }

    private mutating func compactIfRead() {
        guard count == 0 else { return }
        transfers.removeAll(keepingCapacity: transfers.count <= 256)
        start = 0
        nextDeadline = nil
    }
}

/// One request: what to send, the easy handle it gets when its turn comes, the response being
/// received, and who waits for it.
final class CurlTransfer: @unchecked Sendable {
    // @unchecked Sendable: the request is set on the calling thread before `start`; the easy
    // handle, its header list and the response buffers are touched only on the engine's thread
    // from `prepare` to `releaseHandle`; the continuation is behind a Mutex so that completion
    // and cancellation resolve it once.

    private let request: HTTPRequest
    /// When the request times out: its timeout counts from the call, time waiting in line included.
    let deadline: ContinuousClock.Instant
    /// The line it waits in: the URL's scheme, host and port.
    let host: String
    /// Its place in the order of arrival, set on the engine's thread as it joins the line.
    var arrival: UInt64 = 0
    private(set) var easy: UnsafeMutableRawPointer?
    private var requestHeaders: UnsafeMutablePointer<curl_slist>?
    private var headers: [(name: String, value: String)] = []
    private var body = Data()
    /// The body went past `request.maxResponseSize`, and the transfer was stopped.
    private var tooLarge = false
    private let resolution = Mutex(Resolution())

    /// Who waits, and how it ended: `finish` may come first (a task cancelled before it
    /// started its request), and then `start` answers at once.
    private struct Resolution {
        var waiter: CheckedContinuation<HTTPResponse, any Error>?
        var result: Result<HTTPResponse, any Error>?
        /// The retain that keeps the transfer alive while it is queued and while libcurl may call
        /// back (CURLOPT_PRIVATE and the callbacks' user data point to it); given back when the
        /// transfer finishes.
        var retained: Unmanaged<CurlTransfer>?
    }

    init(_ request: HTTPRequest) throws(HTTPError) {
        guard Self.isHTTP(request.url) else {
            // The URL is not repeated: webhook and response URLs carry secrets.
            throw HTTPError(kind: .invalidRequest, reason: "not an http(s) URL")
        }
        self.request = request
        deadline = .now + request.timeout
        host = Self.host(of: request.url)
    }

    /// The scheme, host and port of an http(s) URL, lowercased ("http://127.0.0.1:8080"),
    /// without any user name or password: what libcurl shares connections by.
    static func host(of url: String) -> String {
        let bytes = Array(url.utf8)
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return url }
        let start = min(bytes.count, colon + 3)  // past "://"
        let end = bytes[start...].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? bytes.count
        let authority = bytes[start..<end]
        let hostStart = authority.lastIndex(of: UInt8(ascii: "@")).map { $0 + 1 } ?? start
        return String(decoding: bytes[..<start] + bytes[hostStart..<end], as: UTF8.self).lowercased()
    }

    /// On the engine's thread, when the transfer's turn comes: an easy handle set up for the
    /// request, or nil when there is nothing to send (the transfer was cancelled, its time ran
    /// out while it waited, or libcurl had no handle; the last two finish it with the error).
    func prepare() -> UnsafeMutableRawPointer? {
        guard !isFinished else { return nil }
        let left = deadline - .now
        guard left > .zero else {
            finish(.failure(HTTPError(kind: .timeout, reason: "timed out waiting for a free connection")))
            return nil
        }
        guard let easy = CurlHandlePool.shared.take() else {
            finish(.failure(HTTPError(kind: .transport, reason: "curl_easy_init failed")))
            return nil
        }
        self.easy = easy
        // libcurl parses the rest of the URL (a malformed one fails as CURLE_URL_MALFORMAT), and
        // neither the request nor a redirect may leave HTTP(S).
        librarybot_curl_setopt_string(easy, CURLOPT_URL, request.url)
        librarybot_curl_setopt_string(easy, CURLOPT_PROTOCOLS_STR, "http,https")
        librarybot_curl_setopt_string(easy, CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        librarybot_curl_setopt_long(easy, CURLOPT_NOSIGNAL, 1)
        let milliseconds = left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000
        librarybot_curl_setopt_long(easy, CURLOPT_TIMEOUT_MS, Int(max(1, milliseconds)))
        librarybot_curl_setopt_long(easy, CURLOPT_SSL_VERIFYPEER, 1)
        librarybot_curl_setopt_long(easy, CURLOPT_SSL_VERIFYHOST, 2)
        if let authorities = request.certificateAuthorities {
            librarybot_curl_setopt_string(easy, CURLOPT_CAINFO, authorities)
        } else if CurlHandlePool.systemAuthoritiesByDirectory {
            librarybot_curl_setopt_string(easy, CURLOPT_CAINFO, nil)
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
        // The retain taken in `start` keeps the transfer alive as long as libcurl may call back.
        let owner = Unmanaged.passUnretained(self).toOpaque()
        librarybot_curl_setopt_pointer(easy, CURLOPT_PRIVATE, owner)
        librarybot_curl_setopt_pointer(easy, CURLOPT_WRITEDATA, owner)
        librarybot_curl_setopt_pointer(easy, CURLOPT_HEADERDATA, owner)
        return easy
    }

    /// On the engine's thread, once the handle is out of the multi handle: back to the pool, for
    /// the next in line.
    func releaseHandle() {
        if let easy { CurlHandlePool.shared.give(easy) }
        easy = nil
        if let requestHeaders { curl_slist_free_all(requestHeaders) }
        requestHeaders = nil
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
        releaseHandle()
    }

    var isFinished: Bool { resolution.withLock { $0.result != nil } }

    func start(_ continuation: CheckedContinuation<HTTPResponse, any Error>, on engine: CurlMultiEngine) {
        let early = resolution.withLock { resolution -> Result<HTTPResponse, any Error>? in
            if let result = resolution.result { return result }
            resolution.waiter = continuation
            resolution.retained = Unmanaged.passRetained(self)
            return nil
        }
        if let early { return continuation.resume(with: early) }
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
        if tooLarge {
            finish(.failure(HTTPError(kind: .responseTooLarge, reason: "the response is larger than \(request.maxResponseSize) bytes")))
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

    /// Resolves the waiting task once, and gives back the retain that kept the transfer alive.
    func finish(_ result: Result<HTTPResponse, any Error>) {
        let first = resolution.withLock { resolution -> (waiter: CheckedContinuation<HTTPResponse, any Error>?, retained: Unmanaged<CurlTransfer>?)? in
            guard resolution.result == nil else { return nil }
            resolution.result = result
            defer { resolution.waiter = nil; resolution.retained = nil }
            return (resolution.waiter, resolution.retained)
        }
        guard let first else { return }
        first.waiter?.resume(with: result)
        first.retained?.release()
    }

    /// Keeps `bytes` of the body; false, which stops the transfer, past `maxResponseSize`.
    fileprivate func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard body.count + bytes.count <= request.maxResponseSize else {
            tooLarge = true
            return false
        }
        body.append(contentsOf: bytes)
        return true
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
    // Anything but size * count makes libcurl stop the transfer (CURLE_WRITE_ERROR).
    return transfer.receiveBody(UnsafeRawBufferPointer(start: data, count: size * count)) ? size * count : 0
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

    /// Whether libcurl has a default directory of the system's authorities (Debian's:
    /// /etc/ssl/certs, hashed as OpenSSL reads it). Then its default bundle is not used: libcurl
    /// parses that file whole for a connection's TLS context (Debian's 140 authorities) and
    /// keeps the result for a day, 2.4 MiB, where the directory has OpenSSL read the one
    /// authority a server's chain names, when it names it.
    static let systemAuthoritiesByDirectory: Bool = {
        guard let handle = curl_easy_init() else { return false }
        defer { curl_easy_cleanup(handle) }
        var path: UnsafeMutableRawPointer?
        guard librarybot_curl_getinfo_pointer(handle, CURLINFO_CAPATH, &path) == CURLE_OK, let path else { return false }
        return path.assumingMemoryBound(to: CChar.self).pointee != 0
    }()

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
