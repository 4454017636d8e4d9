import CWebSockets
import Foundation
import Synchronization

/// A websocket client connection on libwebsockets: send text and binary from any task (in
/// order), receive whole messages as an `AsyncSequence`, close with a code.
///
/// ```swift
/// let socket = try await WebSocketClient.connect(to: "wss://gateway.discord.gg/?v=10&encoding=json")
/// try socket.send(text: "hello")
/// for try await message in socket.messages { … }
/// ```
public final class WebSocketClient: Sendable {
    /// Every message the peer sends, whole. The sequence ends without error after `close()`,
    /// and throws `WebSocketError` when the peer closes (`closedByPeer`) or the link dies.
    public let messages: AsyncThrowingStream<WebSocketMessage, any Error>

    let connection: LWSConnection

    private init(connection: LWSConnection, messages: AsyncThrowingStream<WebSocketMessage, any Error>) {
        self.connection = connection
        self.messages = messages
    }

    /// Opens a connection and completes once the handshake succeeded.
    /// - Throws: `WebSocketError.invalidURL` or `.connectFailed`.
    public static func connect(to url: String, configuration: WebSocketConfiguration = WebSocketConfiguration()) async throws -> WebSocketClient {
        let endpoint = try WebSocketEndpoint(url)
        let context = try LWSContext.shared()
        let (messages, continuation) = AsyncThrowingStream<WebSocketMessage, any Error>.makeStream()
        let connection = LWSConnection(endpoint: endpoint, configuration: configuration, messages: continuation, context: context)
        try await connection.open()
        return WebSocketClient(connection: connection, messages: messages)
    }

    /// Queues a text message; messages from one task go out in the order they were sent.
    public func send(text: String) throws {
        try connection.enqueue(.text(Data(text.utf8)))
    }

    /// Queues a binary message.
    public func send(binary: Data) throws {
        try connection.enqueue(.binary(binary))
    }

    /// Sends a ping now (pings are also sent by themselves when the link is idle).
    public func ping() throws {
        try connection.enqueue(.ping)
    }

    /// Closes with `code` (1000 by default) and `reason`, after the queued messages, and waits
    /// until the connection is gone (at most a few seconds: libwebsockets' close timeout).
    public func close(code: UInt16 = 1000, reason: String = "") async {
        await connection.close(code: code, reason: reason)
    }

    deinit {
        connection.requestClose()
    }

    /// The thread that services every websocket of the process, as a task executor. A task
    /// that reads and answers messages with the least delay runs there:
    /// `withTaskExecutorPreference(socket.executor) { for try await message in socket.messages { … } }`.
    /// Its work must stay short, since that thread carries the I/O of every connection.
    public var executor: any TaskExecutor { connection.context }

    /// The peer's close code and reason, once it closed.
    public var peerClose: (code: UInt16, reason: String)? { connection.peerCloseFrame }
}
