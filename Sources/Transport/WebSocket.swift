import Foundation

/// A whole websocket message.
public enum WebSocketMessage: Sendable, Hashable {
    case text(String)
    case binary(Data)
}

/// Why a websocket failed or ended. Each case says what a caller can do.
public enum WebSocketError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The URL is not a `ws://` or `wss://` URL with a host. Fix the URL. Carries the URL
    /// without its query, which may hold a ticket or a token.
    case invalidURL(String)
    /// The connection or the opening handshake failed (refused, DNS, TLS, not a 101);
    /// `reason` is libwebsockets' text. Retry later, with backoff.
    case connectFailed(reason: String)
    /// The peer closed the connection with `code` and `reason` (the Discord gateway acts on
    /// 4000-4014). Reconnect or stop, depending on the code.
    case closedByPeer(code: UInt16, reason: String)
    /// The connection dropped without a closing handshake, or the peer stopped answering
    /// pings. Reconnect.
    case connectionLost(reason: String)
    /// The peer sent a message larger than `maxMessageSize`; the connection was closed with 1009.
    case messageTooBig(limit: Int)
    /// The peer sent a text message that is not UTF-8; the connection was closed with 1007.
    case invalidUTF8
    /// The connection is closed; nothing can be sent on it.
    case notConnected

    public var description: String {
        switch self {
        case .invalidURL(let url): "invalid websocket URL \(url)"
        case .connectFailed(let reason): "websocket connection failed: \(reason)"
        case .closedByPeer(let code, let reason): "websocket closed by the peer with \(code)\(reason.isEmpty ? "" : " (\(reason))")"
        case .connectionLost(let reason): "websocket connection lost: \(reason)"
        case .messageTooBig(let limit): "websocket message larger than \(limit) bytes"
        case .invalidUTF8: "websocket text message that is not UTF-8"
        case .notConnected: "websocket not connected"
        }
    }
}

/// How a websocket connection behaves.
public struct WebSocketConfiguration: Sendable {
    /// Extra request headers for the opening handshake (`Authorization`, …).
    public var headers: [(name: String, value: String)]
    /// The largest message accepted, once reassembled; larger closes with 1009. Default 16 MiB.
    public var maxMessageSize: Int
    /// Seconds without traffic before a ping is sent (libwebsockets counts whole seconds).
    public var pingInterval: UInt16
    /// Seconds after the ping without any answer before the connection is dropped as dead.
    public var pingTimeout: UInt16
    /// Called with each text message as it arrives, on the I/O thread, before the message is
    /// handed to `messages`; the text it returns is sent at once. For protocol acknowledgements
    /// that must not wait behind the application's work, such as Slack's envelope acks. It runs
    /// on the thread that serves every connection: keep it short, and never block.
    public var acknowledge: (@Sendable (String) -> String?)?

    public init(headers: [(name: String, value: String)] = [], maxMessageSize: Int = 16 << 20,
                pingInterval: UInt16 = 20, pingTimeout: UInt16 = 10, acknowledge: (@Sendable (String) -> String?)? = nil) {
        self.headers = headers
        self.maxMessageSize = maxMessageSize
        self.pingInterval = max(1, pingInterval)
        self.pingTimeout = max(1, pingTimeout)
        self.acknowledge = acknowledge
    }
}

/// Where to connect, parsed from a `ws://` or `wss://` URL.
struct WebSocketEndpoint: Sendable {
    var secure: Bool
    var host: String
    var port: Int32
    var path: String

    /// The host is read as the URL writes it (`encodedHost`), an international name in its
    /// punycode form, the name DNS and the TLS server name want. `host` would decode it to
    /// Unicode, and it loads ICU's IDNA tables to do so (about 1 MiB resident for the process's
    /// life) even for an ASCII name.
    init(_ url: String) throws(WebSocketError) {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
              scheme == "ws" || scheme == "wss", let host = components.encodedHost, !host.isEmpty else {
            throw .invalidURL(String(url.prefix { $0 != "?" }))
        }
        secure = scheme == "wss"
        self.host = host
        port = Int32(components.port ?? (secure ? 443 : 80))
        let query = components.percentEncodedQuery.map { "?\($0)" } ?? ""
        path = (components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath) + query
    }
}
