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
    private let context: LWSContext

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

    /// On WRITEABLE: sends queued messages while the socket takes them without buffering
    /// (`lws_send_pipe_choked`), then re-arms; a close request goes out after the queue.
    private func write(_ wsi: OpaquePointer) -> Int32 {
        for _ in 0..<64 {
            enum Next { case message(Outgoing, more: Bool), close(UInt16, String), nothing }
            let next = state.withLock { state -> Next in
                if state.outboxHead < state.outbox.count {
                    let message = state.outbox[state.outboxHead]
                    state.outboxHead += 1
                    if state.outboxHead == state.outbox.count {
                        state.outbox.removeAll(keepingCapacity: true)
                        state.outboxHead = 0
                    } else if state.outboxHead > 1024 {
                        state.outbox.removeFirst(state.outboxHead)
                        state.outboxHead = 0
                    }
                    return .message(message, more: !state.outbox.isEmpty || state.closeRequest != nil)
                }
                if let request = state.closeRequest { return .close(request.code, request.reason) }
                return .nothing
            }
            switch next {
            case .nothing:
                return 0
            case .close(let code, let reason):
                closeReason(wsi, code: code, reason: reason)
                return -1
            case .message(let message, let more):
                let (payload, kind): (Data, lws_write_protocol) = switch message {
                case .text(let data): (data, LWS_WRITE_TEXT)
                case .binary(let data): (data, LWS_WRITE_BINARY)
                case .ping: (Data(), LWS_WRITE_PING)
                }
                let headroom = librarybot_lws_pre()
                let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: headroom + payload.count)
                defer { buffer.deallocate() }
                payload.copyBytes(to: buffer + headroom, count: payload.count)
                let written = lws_write(wsi, buffer + headroom, payload.count, kind)
                if written < payload.count { return -1 }
                guard more else { return 0 }
                // Anything left over waits for the next WRITEABLE, which also covers a partial send
                // that libwebsockets buffered.
                if lws_send_pipe_choked(wsi) != 0 {
                    lws_callback_on_writable(wsi)
                    return 0
                }
            }
        }
        lws_callback_on_writable(wsi)
        return 0
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
