import Foundation

/// An HTTP request: method, URL, headers, body and timeout.
public struct HTTPRequest: Sendable {
    public var method: String
    public var url: String
    public var headers: [(name: String, value: String)]
    public var body: Data?
    /// The whole exchange, connection included, must finish within this.
    public var timeout: Duration
    /// A PEM file of certificate authorities to trust instead of the system's (tests, private
    /// deployments). Verification stays on either way.
    public var certificateAuthorities: String?
    /// The largest response body accepted, in bytes: a server sending more (by mistake, or
    /// without end) gets the transfer stopped with `HTTPError.Kind.responseTooLarge`, instead of
    /// the bot holding it all in memory.
    public var maxResponseSize: Int

    /// 16 MiB: far more than any answer of Slack, Discord or Open Library that librarybot asks for.
    public static let defaultMaxResponseSize = 16 << 20

    public init(method: String = "GET", url: String, headers: [(name: String, value: String)] = [],
                body: Data? = nil, timeout: Duration = .seconds(30), certificateAuthorities: String? = nil,
                maxResponseSize: Int = HTTPRequest.defaultMaxResponseSize) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.certificateAuthorities = certificateAuthorities
        self.maxResponseSize = maxResponseSize
    }

    /// A request whose body is `value` as JSON, with `Content-Type: application/json`.
    public static func json<Body: Encodable>(_ method: String, _ url: String, _ value: Body,
                                             headers: [(name: String, value: String)] = [],
                                             timeout: Duration = .seconds(30)) throws -> HTTPRequest {
        HTTPRequest(method: method, url: url, headers: headers + [("Content-Type", "application/json; charset=utf-8")],
                    body: try StreamingJSONEncoder().encode(value), timeout: timeout)
    }
}

/// An HTTP response, headers in the order received.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: Data

    /// The first header named `name`, case-insensitively.
    public func header(_ name: String) -> String? {
        headers.first { Self.equalIgnoringASCIICase($0.name, name) }?.value
    }

    /// Header names are ASCII: compared byte by byte, without Foundation's locale-aware compare.
    static func equalIgnoringASCIICase(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count && zip(a.utf8, b.utf8).allSatisfy { x, y in
            x == y || (x | 0x20 == y | 0x20 && (x | 0x20) >= UInt8(ascii: "a") && (x | 0x20) <= UInt8(ascii: "z"))
        }
    }

    /// `Retry-After` in seconds (a number or an HTTP date), as sent with 429 and 503.
    public var retryAfter: TimeInterval? {
        guard let value = header("Retry-After")?.trimmingCharacters(in: .whitespaces) else { return nil }
        if let seconds = TimeInterval(value) { return max(0, seconds) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: value).map { max(0, $0.timeIntervalSinceNow) }
    }

    public var isSuccess: Bool { (200..<300).contains(status) }

    /// The body decoded from JSON.
    public func json<Value: Decodable>(as type: Value.Type = Value.self) throws -> Value {
        try JSONDecoder().decode(Value.self, from: body)
    }
}

/// Why a request got no response. The server's own errors (4xx, 5xx) are responses, not this.
public struct HTTPError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        /// The URL could not be used; fix it.
        case invalidRequest
        /// No answer within the request's timeout; retry later.
        case timeout
        /// The host could not be resolved or reached; retry with backoff.
        case connectFailed
        /// The TLS handshake or the certificate check failed; check the host and its certificate.
        case tls
        /// The connection failed in another way; retry with backoff.
        case transport
        /// The response body was larger than the request's `maxResponseSize`; the transfer was
        /// stopped. Retrying will not help.
        case responseTooLarge
    }

    public var kind: Kind
    /// libcurl's explanation. Never contains the request's headers, so no token can leak.
    public var reason: String

    public var description: String { "HTTP request failed (\(kind)): \(reason)" }
}
