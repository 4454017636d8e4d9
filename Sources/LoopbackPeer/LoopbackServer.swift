import CWebSockets
import Foundation
import Synchronization

/// A fast native peer on loopback for benchmarks: libwebsockets in server mode, on its own
/// context and thread. Websocket `/echo` sends every message back; `/sink` counts messages and
/// answers the count when it receives `done`. Any HTTP request gets a small JSON 200, keep-alive.
/// Python peers are the strict reference in the tests; this one is here so that a benchmark
/// measures the client, not a slow server.
public final class LoopbackServer: @unchecked Sendable {
    // @unchecked Sendable: `context` and `protocols` are set in init before the thread starts;
    // `sessions` is touched only on the service thread (inside callbacks).
    public private(set) var port = 0
    private var context: OpaquePointer?
    private let protocols: UnsafeMutablePointer<lws_protocols>
    private let protocolName: UnsafeMutablePointer<CChar>
    private var sessions: [OpaquePointer: Session] = [:]
    private let stopping = Mutex(false)

    final class Session {
        var path = ""
        var inbound: [UInt8] = []
        var inboundIsBinary = false
        var outbox: [(Data, Bool)] = []
        var sunk = 0
    }

    static let httpBody = Data(#"{"ok":true}"#.utf8)

    public init() throws {
        protocolName = strdup("loopback") ?? UnsafeMutablePointer<CChar>.allocate(capacity: 1)
        protocols = .allocate(capacity: 2)
        protocols.initialize(repeating: lws_protocols(), count: 2)
        protocols[0].name = UnsafePointer(protocolName)
        protocols[0].callback = loopbackCallback
        protocols[0].rx_buffer_size = 65_536
        var info = lws_context_creation_info()
        info.port = 0
        info.iface = UnsafePointer(strdup("127.0.0.1"))
        info.protocols = UnsafePointer(protocols)
        info.gid = -1
        info.uid = -1
        // Unretained: the server outlives its context, which `stop()` destroys on its thread.
        info.user = Unmanaged.passUnretained(self).toOpaque()
        lws_set_log_level(0, nil)
        guard let context = lws_create_context(&info), let vhost = lws_get_vhost_by_name(context, "default") else {
            throw CocoaError(.featureUnsupported, userInfo: [NSLocalizedDescriptionKey: "libwebsockets could not listen"])
        }
        self.context = context
        port = Int(lws_get_vhost_listen_port(vhost))
        let thread = Thread { [self] in
            guard let context = self.context else { return }
            while !self.stopping.withLock({ $0 }) { lws_service(context, 0) }
            lws_context_destroy(context)
        }
        thread.start()
    }

    /// Stops serving; the context is destroyed on the service thread.
    public func stop() {
        stopping.withLock { $0 = true }
        if let context { lws_cancel_service(context) }
    }

    fileprivate func handle(_ wsi: OpaquePointer, _ reason: lws_callback_reasons, _ user: UnsafeMutableRawPointer?,
                            _ input: UnsafeMutableRawPointer?, _ length: Int) -> Int32 {
        switch reason {
        case LWS_CALLBACK_ESTABLISHED:
            let session = Session()
            var buffer = [CChar](repeating: 0, count: 256)
            let copied = lws_hdr_copy(wsi, &buffer, Int32(buffer.count), WSI_TOKEN_GET_URI)
            if copied > 0 {
                session.path = String(decoding: buffer.prefix(Int(copied)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
            sessions[wsi] = session
            return 0
        case LWS_CALLBACK_RECEIVE:
            guard let session = sessions[wsi] else { return -1 }
            if lws_is_first_fragment(wsi) != 0 {
                session.inbound.removeAll(keepingCapacity: true)
                session.inboundIsBinary = lws_frame_is_binary(wsi) != 0
            }
            if let input, length > 0 { session.inbound.append(contentsOf: UnsafeRawBufferPointer(start: input, count: length)) }
            guard lws_is_final_fragment(wsi) != 0, lws_remaining_packet_payload(wsi) == 0 else { return 0 }
            if session.path.hasPrefix("/sink") {
                if !session.inboundIsBinary, session.inbound.count == 4, session.inbound.elementsEqual("done".utf8) {
                    session.outbox.append((Data(String(session.sunk).utf8), false))
                    session.sunk = 0
                } else {
                    session.sunk += 1
                    return 0
                }
            } else {
                session.outbox.append((Data(session.inbound), session.inboundIsBinary))
            }
            lws_callback_on_writable(wsi)
            return 0
        case LWS_CALLBACK_SERVER_WRITEABLE:
            guard let session = sessions[wsi], !session.outbox.isEmpty else { return 0 }
            let (payload, binary) = session.outbox.removeFirst()
            let written = write(wsi, payload, binary ? LWS_WRITE_BINARY : LWS_WRITE_TEXT)
            if written < payload.count { return -1 }
            if !session.outbox.isEmpty { lws_callback_on_writable(wsi) }
            return 0
        case LWS_CALLBACK_CLOSED:
            sessions[wsi] = nil
            return 0
        case LWS_CALLBACK_HTTP:
            // The headers and the small body in one write, as a real server sends a small
            // answer: one segment, and no wait for a writable callback in between, so that the
            // clients measured against this peer wait for it as little as possible.
            let headroom = librarybot_lws_pre()
            var buffer = [UInt8](repeating: 0, count: headroom + 512)
            let written = buffer.withUnsafeMutableBufferPointer { storage -> Bool in
                guard let base = storage.baseAddress else { return false }
                let start = base + headroom
                var cursor: UnsafeMutablePointer<UInt8>? = start
                let end = base + storage.count
                guard lws_add_http_common_headers(wsi, UInt32(HTTP_STATUS_OK.rawValue), "application/json",
                                                  lws_filepos_t(Self.httpBody.count), &cursor, end) == 0,
                      lws_finalize_http_header(wsi, &cursor, end) == 0, let body = cursor,
                      end - body >= Self.httpBody.count else { return false }
                Self.httpBody.copyBytes(to: body, count: Self.httpBody.count)
                let length = body - start + Self.httpBody.count
                return Int(lws_write(wsi, start, length, LWS_WRITE_HTTP_HEADERS)) == length
            }
            if !written { return 1 }
            return lws_http_transaction_completed(wsi) != 0 ? -1 : 0
        default:
            return lws_callback_http_dummy(wsi, reason, user, input, length)
        }
    }

    private func write(_ wsi: OpaquePointer, _ payload: Data, _ kind: lws_write_protocol) -> Int {
        let headroom = librarybot_lws_pre()
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: headroom + payload.count)
        defer { buffer.deallocate() }
        payload.copyBytes(to: buffer + headroom, count: payload.count)
        return Int(lws_write(wsi, buffer + headroom, payload.count, kind))
    }
}

private func loopbackCallback(_ wsi: OpaquePointer?, _ reason: lws_callback_reasons, _ user: UnsafeMutableRawPointer?,
                              _ input: UnsafeMutableRawPointer?, _ length: Int) -> Int32 {
    guard let wsi, let context = lws_get_context(wsi), let owner = lws_context_user(context) else {
        return lws_callback_http_dummy(wsi, reason, user, input, length)
    }
    return Unmanaged<LoopbackServer>.fromOpaque(owner).takeUnretainedValue().handle(wsi, reason, user, input, length)
}
