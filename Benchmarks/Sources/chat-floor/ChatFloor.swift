// The floor of the chat burst benchmarks: a responder that does only what no bot can skip. It
// connects to the test suite's Slack or Discord emulator the way `librarybot run` does and
// answers each command with a fixed reply, through the same Transport (libwebsockets,
// libcurl), with no command parsing, library, rendering or ordering work. `slack_burst.py` and
// `discord_burst.py` run the same burst against it, so that their figures show how much of the
// latency is the emulator, the transport and the two shared cores, and how much is the bot.
//
// Usage: chat-floor slack|discord API_URL TOKEN [SPEND_US] (API_URL as SLACK_API_URL /
// DISCORD_API_URL, TOKEN the app token / bot token). Prints "ready" once connected (Slack:
// after hello; Discord: after READY); runs until its standard input closes. It sends no Discord
// heartbeat: a burst is over long before the emulator's 45 s interval.
//
// SPEND_US keeps the thread busy for that many microseconds of its own CPU time on each
// command before the reply, as a bot's own work would: the bursts run it with 100 and 200 to
// show how the latency grows with the CPU a bot spends on a command, on this machine.
import Foundation
import Transport

@main
enum ChatFloor {
    static func main() async throws {
        let arguments = CommandLine.arguments
        guard arguments.count == 4 || arguments.count == 5, ["slack", "discord"].contains(arguments[1]),
              let spend = arguments.count == 5 ? Int(arguments[4]) : 0 else {
            FileHandle.standardError.write(Data("usage: chat-floor slack|discord API_URL TOKEN [SPEND_US]\n".utf8))
            exit(2)
        }
        microsecondsPerCommand = spend
        Thread.detachNewThread {
            while readLine() != nil {}
            exit(0)
        }
        if arguments[1] == "slack" {
            try await slack(api: arguments[2], appToken: arguments[3])
        } else {
            try await discord(api: arguments[2], token: arguments[3])
        }
    }

    /// SPEND_US, set once before anything runs.
    nonisolated(unsafe) static var microsecondsPerCommand = 0

    /// Keeps the current thread busy for `microsecondsPerCommand` of its own CPU time.
    static func spend() {
        guard microsecondsPerCommand > 0 else { return }
        func cpuMicroseconds() -> Int {
            var now = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
            return now.tv_sec * 1_000_000 + now.tv_nsec / 1_000
        }
        let end = cpuMicroseconds() + microsecondsPerCommand
        while cpuMicroseconds() < end {}
    }

    static func ready() {
        FileHandle.standardOutput.write(Data("ready\n".utf8))
    }

    // MARK: Slack: ack each envelope on the socket's thread, reply on its response_url.

    struct Envelope: Decodable {
        var type: String
        var envelope_id: String?
        var payload: Payload?
        struct Payload: Decodable { var response_url: String? }
    }
    struct SlackReply: Encodable {
        var response_type = "in_channel"
        var text = "Dune is on the shelf."
    }

    static func slack(api: String, appToken: String) async throws {
        struct Opened: Decodable { var url: String }
        let http = HTTPClient()
        let opened = try await http.send("POST", "\(api)apps.connections.open", json: [String: String](),
                                         headers: [(name: "Authorization", value: "Bearer \(appToken)")]).json(as: Opened.self)
        let acknowledge: @Sendable (String) -> String? = { text in
            guard let id = try? JSONDecoder().decode(Envelope.self, from: Data(text.utf8)).envelope_id else { return nil }
            return #"{"envelope_id":"\#(id)"}"#
        }
        let socket = try await WebSocketClient.connect(to: opened.url, configuration: WebSocketConfiguration(acknowledge: acknowledge))
        try await withThrowingDiscardingTaskGroup { group in
            for try await message in socket.messages {
                guard case .text(let text) = message else { continue }
                let envelope = try JSONDecoder().decode(Envelope.self, from: Data(text.utf8))
                if envelope.type == "hello" { ready() }
                guard envelope.type == "slash_commands", let url = envelope.payload?.response_url else { continue }
                group.addTask {
                    spend()
                    _ = try await http.send("POST", url, json: SlackReply())
                }
            }
        }
    }

    // MARK: Discord: IDENTIFY, then a reply referencing each MESSAGE_CREATE.

    struct Frame: Decodable {
        var op: Int
        var t: String?
        var d: Message?
        struct Message: Decodable { var id: String?; var channel_id: String? }
    }
    struct DiscordReply: Encodable {
        var content = "Dune is on the shelf."
        var message_reference: Reference
        var allowed_mentions = Mentions()
        struct Reference: Encodable { var message_id: String }
        struct Mentions: Encodable { var parse: [String] = [] }
    }

    static func discord(api: String, token: String) async throws {
        struct Gateway: Decodable { var url: String }
        let http = HTTPClient()
        let authorization = [(name: "Authorization", value: "Bot \(token)")]
        let gateway = try await http.get("\(api)/gateway/bot", headers: authorization).json(as: Gateway.self)
        let socket = try await WebSocketClient.connect(to: "\(gateway.url)?v=10&encoding=json")
        // GUILDS, GUILD_MESSAGES, DIRECT_MESSAGES and MESSAGE_CONTENT, as the bot asks.
        let identify = #"{"op":2,"d":{"token":"\#(token)","intents":37377,"properties":{"os":"linux","browser":"chat-floor","device":"chat-floor"}}}"#
        try await withThrowingDiscardingTaskGroup { group in
            for try await message in socket.messages {
                guard case .text(let text) = message else { continue }
                let frame = try JSONDecoder().decode(Frame.self, from: Data(text.utf8))
                switch (frame.op, frame.t) {
                case (10, _):
                    try socket.send(text: identify)
                case (0, "READY"?):
                    ready()
                case (0, "MESSAGE_CREATE"?):
                    guard let id = frame.d?.id, let channel = frame.d?.channel_id else { continue }
                    group.addTask {
                        spend()
                        _ = try await http.send("POST", "\(api)/channels/\(channel)/messages",
                                                json: DiscordReply(message_reference: .init(message_id: id)), headers: authorization)
                    }
                default:
                    continue
                }
            }
        }
    }
}
