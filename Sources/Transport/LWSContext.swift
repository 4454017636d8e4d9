import CWebSockets
import Foundation
import Synchronization

/// The process's one libwebsockets context and the thread that services it.
///
/// The C context is touched only on that service thread, except `lws_cancel_service`, the one
/// thread-safe libwebsockets call, which other threads use to wake it after queueing work.
/// The thread is also a `TaskExecutor`: a task that prefers it reads its messages there.
final class LWSContext: TaskExecutor, @unchecked Sendable {
    // @unchecked Sendable: `context` and `protocols` are set once before the service thread
    // starts and never change; `pending` and `jobs` are behind Mutexes; `spare` is the service
    // thread's own.
    private(set) var context: OpaquePointer?
    private let protocols: UnsafeMutablePointer<lws_protocols>
    private let protocolName: UnsafeMutablePointer<CChar>
    /// Connections with work for the service thread, and whether a wake-up is already on its
    /// way (so that a burst of sends costs one `lws_cancel_service`, not one each).
    private let pending = Mutex<(connections: [LWSConnection], wakeRequested: Bool)>(([], false))
    private let jobs = ThreadJobs()
    /// The service thread's buffers for `drain`, kept between calls.
    nonisolated(unsafe) private var spare: (connections: [LWSConnection], seen: Set<ObjectIdentifier>) = ([], [])

    private static let instance = Mutex<LWSContext?>(nil)

    /// The context, created with its thread on first use.
    static func shared() throws(WebSocketError) -> LWSContext {
        try instance.withLock { (instance: inout LWSContext?) throws(WebSocketError) -> LWSContext in
            if let existing = instance { return existing }
            let created = LWSContext()
            try created.start()
            instance = created
            return created
        }
    }

    private init() {
        protocolName = strdup("librarybot") ?? UnsafeMutablePointer<CChar>.allocate(capacity: 1)
        protocols = .allocate(capacity: 2)
        protocols.initialize(repeating: lws_protocols(), count: 2)
        protocols[0].name = UnsafePointer(protocolName)
        protocols[0].callback = lwsCallback
        protocols[0].per_session_data_size = 0
        protocols[0].rx_buffer_size = 0
    }

    private func start() throws(WebSocketError) {
        lws_set_log_level(0, nil)
        var info = lws_context_creation_info()
        info.port = CONTEXT_PORT_NO_LISTEN
        info.protocols = UnsafePointer(protocols)
        info.gid = -1
        info.uid = -1
        // Needed even for client-only TLS (without it: "SSL_new failed").
        info.options = UInt64(LWS_SERVER_OPTION_DO_SSL_GLOBAL_INIT)
        // Connecting and the opening handshake give up after this many seconds.
        info.timeout_secs = 10
        // Unmanaged, unretained: the shared context lives as long as the process.
        info.user = Unmanaged.passUnretained(self).toOpaque()
        info.provided_client_ssl_ctx = try Self.clientTLS(authorities: ProcessInfo.processInfo.environment["LIBRARYBOT_CA_FILE"])
        guard let created = lws_create_context(&info) else {
            throw .connectFailed(reason: "libwebsockets could not create its context")
        }
        context = created
        // The thread captures self (Sendable) and reads the handle set just above, never changed.
        let thread = Thread { [self] in
            nameCurrentThread("libwebsockets")
            guard let context = self.context else { return }
            self.jobs.bindToCurrentThread()
            var spin = SpinBeforeSleep()
            while true {
                // Work queued by this thread itself (a callback that resumed a task, a job that
                // sent) asked for no wake-up: it is done here, before the next poll; jobs first,
                // so that what they send is written by that poll.
                let ran = self.jobs.run(on: self.asUnownedTaskExecutor())
                self.drain()
                // A negative timeout polls without sleeping.
                lws_service(context, spin.shouldSpin(afterJobs: ran) ? -1 : 0)
            }
        }
        thread.start()
    }

    /// The TLS context of every `wss://` connection, ours rather than libwebsockets' own: that
    /// one parses the whole system bundle as it is created (Debian's 140 authorities, twice:
    /// OpenSSL's default paths, then the file), whatever the process connects to, and keeps
    /// them in memory for the process's life, 2.4 MiB. This one verifies a server against
    /// `authorities`, a PEM file (LIBRARYBOT_CA_FILE, for a private authority), when given;
    /// else against the system's, each read from OpenSSL's hashed directory (/etc/ssl/certs, or
    /// SSL_CERT_DIR) when a server's chain names it. libwebsockets still sets, on each
    /// connection, the peer verification, the host name it must match and SNI.
    static func clientTLS(authorities: String?) throws(WebSocketError) -> OpaquePointer {
        guard let context = SSL_CTX_new(TLS_client_method()) else {
            throw .connectFailed(reason: "OpenSSL could not create a TLS context")
        }
        librarybot_tls_client_defaults(context)
        let loaded = authorities.map { SSL_CTX_load_verify_file(context, $0) } ?? SSL_CTX_set_default_verify_dir(context)
        guard loaded == 1 else {
            SSL_CTX_free(context)
            ERR_clear_error()
            throw .connectFailed(reason: authorities.map { "LIBRARYBOT_CA_FILE: no certificate could be read from \($0)" }
                                         ?? "OpenSSL could not use the system's certificate authorities")
        }
        return context
    }

    /// Asks the service thread to look at `connection` (connect, write or close).
    func schedule(_ connection: LWSConnection) {
        let wake = pending.withLock { pending -> Bool in
            // A burst of sends on one connection needs it listed once.
            if pending.connections.last !== connection { pending.connections.append(connection) }
            defer { pending.wakeRequested = true }
            return !pending.wakeRequested
        }
        if wake { wakeUp() }
    }

    /// Runs `job` on the service thread, between two polls.
    func enqueue(_ job: consuming ExecutorJob) {
        if jobs.append(UnownedJob(job)) { wakeUp() }
    }

    /// Interrupts the service thread's poll, unless this is that thread (which looks at its
    /// queues before it polls again).
    private func wakeUp() {
        if !jobs.isCurrentThread, let context { lws_cancel_service(context) }
    }

    /// On the service thread: the work queued since the last wake-up. Cancels are coalesced,
    /// so everything queued is drained each time.
    fileprivate func drain() {
        // The queue's buffer and the spare one swap places, so that draining allocates nothing.
        var connections = spare.connections, seen = spare.seen
        spare = ([], [])
        pending.withLock { pending in
            swap(&pending.connections, &connections)
            pending.wakeRequested = false
        }
        for connection in connections where seen.insert(ObjectIdentifier(connection)).inserted {
            connection.service()
        }
        connections.removeAll(keepingCapacity: true)
        seen.removeAll(keepingCapacity: true)
        spare = (connections, seen)
    }
}

/// The protocol callback: back from C to the Swift owner of the context or of the connection.
private func lwsCallback(_ wsi: OpaquePointer?, _ reason: lws_callback_reasons, _ user: UnsafeMutableRawPointer?,
                         _ input: UnsafeMutableRawPointer?, _ length: Int) -> Int32 {
    guard let wsi else { return 0 }
    if reason == LWS_CALLBACK_EVENT_WAIT_CANCELLED {
        guard let context = lws_get_context(wsi), let owner = lws_context_user(context) else { return 0 }
        Unmanaged<LWSContext>.fromOpaque(owner).takeUnretainedValue().drain()
        return 0
    }
    guard let owner = lws_get_opaque_user_data(wsi) else { return 0 }
    return Unmanaged<LWSConnection>.fromOpaque(owner).takeUnretainedValue().handle(wsi, reason, input, length)
}
