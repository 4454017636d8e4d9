import CWebSockets
import Foundation
import Synchronization

/// One client connection: its send queue and close request (any thread, behind `state`), and
/// its libwebsockets handle and inbound buffer (the service thread only).
final class LWSConnection: @unchecked Sendable {
    // @unchecked Sendable: the fields under "service thread only" are read and written only on
    // the LWSContext's service thread (from `service()` and `handle`); everything else shared
    // is in the `state` Mutex, and the rest is immutable.

    enum Outgoing { case text(Data), binary(Data), ping }

    private enum Phase { case connecting, open, closed }

    private struct State {
        var phase = Phase.connecting
        var outbox: [Outgoing] = []
        var outboxHead = 0
        var closeRequest: (code: UInt16, reason: String)?
        var connectWaiter: CheckedContinuation<Void, any Error>?
        var closeWaiters: [CheckedContinuation<Void, Never>] = []
        var peerClose: (code: UInt16, reason: String)?
    }

    private let state = Mutex(State())
    private let endpoint: WebSocketEndpoint
    private let configuration: WebSocketConfiguration
    private let messages: AsyncThrowingStream<WebSocketMessage, any Error>.Continuation
    let context: LWSContext

    // Service thread only.
    private var wsi: OpaquePointer?
    private var started = false
    private var inbound: [UInt8] = []
    private var inboundIsBinary = false
    private var localFailure: WebSocketError?
    /// The retain handed to libwebsockets as the wsi's opaque user data; released exactly once,
    /// when the connection is over, so no late callback can reach a freed object.
    private var retainedByC: Unmanaged<LWSConnection>?
    private let retryPolicy: UnsafeMutablePointer<lws_retry_bo_t>
    private var cStrings: [UnsafeMutablePointer<CChar>] = []

    init(endpoint: WebSocketEndpoint, configuration: WebSocketConfiguration,
         messages: AsyncThrowingStream<WebSocketMessage, any Error>.Continuation, context: LWSContext) {
        self.endpoint = endpoint
        self.configuration = configuration
        self.messages = messages
        self.context = context
        retryPolicy = .allocate(capacity: 1)
        retryPolicy.initialize(to: lws_retry_bo_t())
        retryPolicy.pointee.secs_since_valid_ping = configuration.pingInterval
        retryPolicy.pointee.secs_since_valid_hangup = configuration.pingInterval &+ configuration.pingTimeout
    }

    deinit {
        retryPolicy.deallocate()
        for string in cStrings { free(string) }
    }

    var peerCloseFrame: (code: UInt16, reason: String)? { state.withLock { $0.peerClose } }

    // MARK: - Any thread

    func open() async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            state.withLock { $0.connectWaiter = continuation }
            context.schedule(self)
        }
    }

    func enqueue(_ message: Outgoing) throws(WebSocketError) {
        try state.withLock { (state: inout State) throws(WebSocketError) in
            guard state.phase != .closed, state.closeRequest == nil else { throw .notConnected }
            state.outbox.append(message)
        }
        context.schedule(self)
    }

    func close(code: UInt16, reason: String) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let closed = state.withLock { state -> Bool in
                if state.phase == .closed { return true }
                if state.closeRequest == nil { state.closeRequest = (code, reason) }
                state.closeWaiters.append(continuation)
                return false
            }
            if closed { continuation.resume() } else { context.schedule(self) }
        }
    }

    /// Asks for a close without waiting for it (when the owner goes away).
    func requestClose() {
        let needed = state.withLock { state -> Bool in
            guard state.phase != .closed, state.closeRequest == nil else { return false }
            state.closeRequest = (1000, "")
            return true
        }
        if needed { context.schedule(self) }
    }

    // MARK: - Service thread

    func service() {
        if !started {
            started = true
            startConnecting()
        } else if let wsi {
            lws_callback_on_writable(wsi)
        }
    }

    private func cString(_ text: String) -> UnsafePointer<CChar>? {
        guard let copy = strdup(text) else { return nil }
        cStrings.append(copy)
        return UnsafePointer(copy)
    }

    private func startConnecting() {
        guard let contextHandle = context.context else {
            finish(.connectFailed(reason: "no libwebsockets context"))
            return
        }
        var info = lws_client_connect_info()
        info.context = contextHandle
        info.address = cString(endpoint.host)
        info.port = endpoint.port
        info.path = cString(endpoint.path)
        info.host = cString(endpoint.host)
        info.origin = cString(endpoint.host)
        info.ssl_connection = endpoint.secure ? Int32(LCCSCF_USE_SSL.rawValue) : 0
        info.retry_and_idle_policy = UnsafePointer(retryPolicy)
        let retained = Unmanaged.passRetained(self)
        retainedByC = retained
        info.opaque_user_data = retained.toOpaque()
        if lws_client_connect_via_info(&info) == nil, retainedByC != nil {
            // No callback reported it: the connection never started.
            finish(.connectFailed(reason: "could not start connecting to \(endpoint.host):\(endpoint.port)"))
            releaseFromC(nil)
        }
    }

    func handle(_ wsi: OpaquePointer, _ reason: lws_callback_reasons, _ input: UnsafeMutableRawPointer?, _ length: Int) -> Int32 {
        switch reason {
        case LWS_CALLBACK_CLIENT_APPEND_HANDSHAKE_HEADER:
            guard let input else { return 0 }
            let cursor = input.assumingMemoryBound(to: UnsafeMutablePointer<UInt8>?.self)
            guard let start = cursor.pointee else { return 0 }
            let end = start + length
            for header in configuration.headers {
                let name = header.name.hasSuffix(":") ? header.name : header.name + ":"
                let value = Array(header.value.utf8)
                let failed = value.withUnsafeBufferPointer { buffer in
                    lws_add_http_header_by_name(wsi, name, buffer.baseAddress, Int32(buffer.count), cursor, end) != 0
                }
                if failed { return -1 }
            }
            return 0

        case LWS_CALLBACK_CLIENT_ESTABLISHED:
            self.wsi = wsi
            let (waiter, pendingWrites) = state.withLock { state -> (CheckedContinuation<Void, any Error>?, Bool) in
                state.phase = .open
                defer { state.connectWaiter = nil }
                return (state.connectWaiter, state.outboxHead < state.outbox.count || state.closeRequest != nil)
            }
            waiter?.resume()
            if pendingWrites { lws_callback_on_writable(wsi) }
            return 0

        case LWS_CALLBACK_CLIENT_CONNECTION_ERROR:
            let text = input.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? "connection error"
            let connecting = state.withLock { $0.phase == .connecting }
            finish(connecting ? .connectFailed(reason: text) : .connectionLost(reason: text))
            releaseFromC(wsi)
            return 0

        case LWS_CALLBACK_CLIENT_RECEIVE:
            return receive(wsi, input, length)

        case LWS_CALLBACK_CLIENT_WRITEABLE:
            return write(wsi)

        case LWS_CALLBACK_WS_PEER_INITIATED_CLOSE:
            if let input, length >= 2 {
                let bytes = UnsafeRawBufferPointer(start: input, count: length)
                let code = UInt16(bytes[0]) << 8 | UInt16(bytes[1])
                let reason = String(decoding: bytes[2...], as: UTF8.self)
                state.withLock { $0.peerClose = (code, reason) }
            } else {
                state.withLock { $0.peerClose = (1005, "") }
            }
            return 0

        case LWS_CALLBACK_CLIENT_CLOSED:
            finishAfterClose()
            releaseFromC(wsi)
            return 0

        case LWS_CALLBACK_WSI_DESTROY:
            if retainedByC != nil {
                finishAfterClose()
                releaseFromC(wsi)
            }
            return 0

        default:
            return 0
        }
    }

    private func receive(_ wsi: OpaquePointer, _ input: UnsafeMutableRawPointer?, _ length: Int) -> Int32 {
        // After a protocol failure the rest of the input is ignored while the close goes out:
        // returning -1 in the middle of a received buffer crashes libwebsockets 4.1.
        if localFailure != nil { return 0 }
        if lws_is_first_fragment(wsi) != 0 {
            inbound.removeAll(keepingCapacity: inbound.capacity <= 1 << 20)
            inboundIsBinary = lws_frame_is_binary(wsi) != 0
        }
        if inbound.count + length > configuration.maxMessageSize {
            fail(wsi, .messageTooBig(limit: configuration.maxMessageSize), code: 1009, reason: "message too big")
            return 0
        }
        if let input, length > 0 {
            inbound.append(contentsOf: UnsafeRawBufferPointer(start: input, count: length))
        }
        guard lws_is_final_fragment(wsi) != 0, lws_remaining_packet_payload(wsi) == 0 else { return 0 }
        if inboundIsBinary {
            messages.yield(.binary(Data(inbound)))
        } else {
            guard let text = String(validating: inbound, as: UTF8.self) else {
                fail(wsi, .invalidUTF8, code: 1007, reason: "invalid UTF-8")
                return 0
            }
            if let acknowledge = configuration.acknowledge, let ack = acknowledge(text) {
                // Queued before the message is handed over, so it leaves ahead of any answer.
                let queued = state.withLock { state -> Bool in
                    guard state.phase == .open, state.closeRequest == nil else { return false }
                    state.outbox.append(.text(Data(ack.utf8)))
                    return true
                }
                if queued { lws_callback_on_writable(wsi) }
            }
            messages.yield(.text(text))
        }
        inbound.removeAll(keepingCapacity: inbound.capacity <= 1 << 20)
        return 0
    }

    /// Records why the connection must end and closes it with `code` at the next writable moment.
    private func fail(_ wsi: OpaquePointer, _ failure: WebSocketError, code: UInt16, reason: String) {
        localFailure = failure
        inbound = []
        state.withLock { state in
            state.outbox = []
            state.outboxHead = 0
            state.closeRequest = (code, reason)
        }
        lws_callback_on_writable(wsi)
    }

    /// On WRITEABLE: sends what is queued, then re-arms; a close request goes out after the queue.
    ///
    /// Small messages are framed here (RFC 6455: FIN, opcode, length, a fresh random mask per
    /// frame, masked payload) and handed to libwebsockets in one raw write, so a burst costs one
    /// send() and one getrandom() instead of one of each per message; larger ones and pings go
    /// through `lws_write`'s own framing, one per callback.
    private func write(_ wsi: OpaquePointer) -> Int32 {
        enum Next { case batch([Outgoing], more: Bool), single(Outgoing, more: Bool), close(UInt16, String), nothing }
        let next = state.withLock { state -> Next in
            guard state.outboxHead < state.outbox.count else {
                if let request = state.closeRequest { return .close(request.code, request.reason) }
                return .nothing
            }
            var batch: [Outgoing] = []
            var bytes = 0
            while state.outboxHead < state.outbox.count, batch.count < 512 {
                let message = state.outbox[state.outboxHead]
                guard let size = Self.batchableSize(message), bytes + size <= Self.batchLimit else { break }
                batch.append(message)
                bytes += size
                state.outboxHead += 1
            }
            let single: Outgoing? = batch.isEmpty ? state.outbox[state.outboxHead] : nil
            if single != nil { state.outboxHead += 1 }
            if state.outboxHead == state.outbox.count {
                state.outbox.removeAll(keepingCapacity: state.outbox.count <= 4096)
                state.outboxHead = 0
            } else if state.outboxHead > 1024 {
                state.outbox.removeFirst(state.outboxHead)
                state.outboxHead = 0
            }
            let more = !state.outbox.isEmpty || state.closeRequest != nil
            if let single { return .single(single, more: more) }
            return .batch(batch, more: more)
        }
        switch next {
        case .nothing:
            return 0
        case .close(let code, let reason):
            closeReason(wsi, code: code, reason: reason)
            return -1
        case .single(let message, let more):
            let (payload, kind): (Data, lws_write_protocol) = switch message {
            case .text(let data): (data, LWS_WRITE_TEXT)
            case .binary(let data): (data, LWS_WRITE_BINARY)
            case .ping: (Data(), LWS_WRITE_PING)
            }
            let headroom = librarybot_lws_pre()
            let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: headroom + payload.count)
            defer { buffer.deallocate() }
            payload.copyBytes(to: buffer + headroom, count: payload.count)
            if lws_write(wsi, buffer + headroom, payload.count, kind) < payload.count { return -1 }
            if more { lws_callback_on_writable(wsi) }
            return 0
        case .batch(let messages, let more):
            guard writeFrames(wsi, messages) else { return -1 }
            if more { lws_callback_on_writable(wsi) }
            return 0
        }
    }

    /// Messages up to this size are framed here and sent together.
    private static let batchLimit = 64 * 1024

    private static func batchableSize(_ message: Outgoing) -> Int? {
        switch message {
        case .text(let data), .binary(let data): data.count <= 16 * 1024 ? data.count + 14 : nil
        case .ping: nil
        }
    }

    /// Frames `messages` as client frames and writes them in one go.
    private func writeFrames(_ wsi: OpaquePointer, _ messages: [Outgoing]) -> Bool {
        var masks = [UInt8](repeating: 0, count: 4 * messages.count)
        // Masking keys must be unpredictable (RFC 6455 5.3): glibc's arc4random, one call a batch.
        masks.withUnsafeMutableBytes { bytes in
            if let base = bytes.baseAddress { arc4random_buf(base, bytes.count) }
        }
        let headroom = librarybot_lws_pre()
        var frames = [UInt8](repeating: 0, count: headroom)
        frames.reserveCapacity(headroom + messages.reduce(0) { $0 + (Self.batchableSize($1) ?? 0) })
        for (index, message) in messages.enumerated() {
            let (payload, opcode): (Data, UInt8) = switch message {
            case .text(let data): (data, 0x1)
            case .binary(let data): (data, 0x2)
            case .ping: (Data(), 0x9)
            }
            frames.append(0x80 | opcode)
            if payload.count < 126 {
                frames.append(0x80 | UInt8(payload.count))
            } else if payload.count <= 0xFFFF {
                frames += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
            } else {
                frames.append(0x80 | 127)
                for shift in stride(from: 56, through: 0, by: -8) { frames.append(UInt8((UInt64(payload.count) >> UInt64(shift)) & 0xFF)) }
            }
            let mask = masks[(4 * index)..<(4 * index + 4)]
            frames += mask
            var position = 0
            for byte in payload {
                frames.append(byte ^ mask[mask.startIndex + (position & 3)])
                position += 1
            }
        }
        let length = frames.count - headroom
        return frames.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return false }
            // LWS_WRITE_RAW: the bytes are already frames; libwebsockets buffers any part the
            // socket does not take and reports WRITEABLE again once it is out.
            return lws_write(wsi, base + headroom, length, LWS_WRITE_HTTP) >= length
        }
    }

    private func closeReason(_ wsi: OpaquePointer, code: UInt16, reason: String) {
        var bytes = Array(reason.utf8.prefix(123))
        lws_close_reason(wsi, lws_close_status(rawValue: UInt32(code)), &bytes, bytes.count)
    }

    private func finishAfterClose() {
        let (requested, peer) = state.withLock { ($0.closeRequest != nil, $0.peerClose) }
        if let localFailure {
            finish(localFailure)
        } else if let peer, !requested {
            finish(.closedByPeer(code: peer.code, reason: peer.reason))
        } else if requested {
            finish(nil)
        } else {
            finish(.connectionLost(reason: "the connection closed without a closing handshake"))
        }
    }

    /// Ends the connection once: wakes whoever waits and ends the message sequence.
    private func finish(_ error: WebSocketError?) {
        let (connectWaiter, closeWaiters, wasClosed) = state.withLock { state in
            let result = (state.connectWaiter, state.closeWaiters, state.phase == .closed)
            state.phase = .closed
            state.connectWaiter = nil
            state.closeWaiters = []
            state.outbox = []
            state.outboxHead = 0
            return result
        }
        guard !wasClosed else { return }
        if let connectWaiter { connectWaiter.resume(throwing: error ?? WebSocketError.notConnected) }
        for waiter in closeWaiters { waiter.resume() }
        if let error { messages.finish(throwing: error) } else { messages.finish() }
    }

    private func releaseFromC(_ wsi: OpaquePointer?) {
        if let wsi { lws_set_opaque_user_data(wsi, nil) }
        self.wsi = nil
        let retained = retainedByC
        retainedByC = nil
        retained?.release()
    }
}
