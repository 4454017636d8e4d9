import Benchmark
import Commands
import Foundation
import LibraryCore
import Synchronization
import Transport

/// What the bot itself spends on one command, without a network: parsing the text, the
/// library's transaction, the reply, and the reply rendered and encoded as the JSON a platform
/// receives. The chat bursts (Benchmarks/python) measure the same work among the transport's
/// and the emulator's; here it stands alone, so that a change to it shows. The library is the
/// demo shelf in a WAL database file, as `librarybot run` opens it.
struct Shelf: Sendable {
    let library: LibraryService
    let handler: CommandHandler
    let ana = Sender(name: "Ana Ruiz", userID: "700000000000000001")
    let now = Date()

    static let shared = Mutex<Shelf?>(nil)

    static func open() async throws -> Shelf {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("librarybot-command-bench-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        let library = LibraryService(database: try LibraryDatabase.file(at: folder.appendingPathComponent("library.sqlite").path))
        try await library.add(DemoBooks.all, at: Date())
        return Shelf(library: library, handler: CommandHandler(library: library))
    }
}

func shelf() throws -> Shelf {
    guard let shelf = Shelf.shared.withLock({ $0 }) else { throw CocoaError(.featureUnsupported) }
    return shelf
}

/// Lines members type, one per intent that only reads.
let typedLines = [
    "who has Dune", "checkout Dune as Ana", "return Dune", "my books", "list available", "search science fiction",
    "show the hobbit", "qui a les misérables ?", "who has what", "chekout Dune", "hold Dune please", "what does Ana have",
]

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .mallocCountTotal], warmupIterations: 100,
                                           maxDuration: .seconds(5), maxIterations: 20_000)
    Benchmark.setup = {
        if Shelf.shared.withLock({ $0 }) == nil {
            let opened = try await Shelf.open()
            Shelf.shared.withLock { $0 = opened }
        }
    }

    Benchmark("parse 12 typical lines") { benchmark in
        for _ in benchmark.scaledIterations {
            for line in typedLines { blackHole(CommandParser.parse(line)) }
        }
    }

    Benchmark("parse a message of three commands (lines, 'and', a new sentence)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(CommandParser.parse("Hi!\nI returned Dune. Can I borrow The Hobbit and hold Emma, please?\nThanks"))
        }
    }

    // Pasted pages: each took seconds to a minute of one core before the parser's lead-ins
    // were bounded and the library stopped trying every sentence cut and every word of them
    // (a 64 KiB "who has Dune. Dune. …" took 72 s, "can you can you …" 54 s). Now each is
    // answered in milliseconds; these keep it so.
    Benchmark("answer 64 KiB pasted messages (5 kinds)", configuration: .init(metrics: [.wallClock], maxDuration: .seconds(10), maxIterations: 50)) { benchmark in
        let shelf = try shelf()
        let pasted = [
            "who has " + String(repeating: "Dune. ", count: 10_000), String(repeating: "can you ", count: 8_000),
            "return " + Array(repeating: "Dune", count: 10_000).joined(separator: " and "),
            "search " + (0..<12_000).map(String.init).joined(separator: " "), "hold " + String(repeating: "x ", count: 30_000),
        ].map { String($0.prefix(65_000)) }
        for _ in benchmark.scaledIterations {
            for text in pasted { blackHole(await shelf.handler.handle(text: text, from: shelf.ana, at: shelf.now)) }
        }
    }

    Benchmark("who has Dune: parse, library, reply") { benchmark in
        let shelf = try shelf()
        for _ in benchmark.scaledIterations {
            blackHole(await shelf.handler.handle(text: "who has Dune", from: shelf.ana, at: shelf.now))
        }
    }

    Benchmark("who has Dune: the library's read alone") { benchmark in
        let shelf = try shelf()
        for _ in benchmark.scaledIterations {
            blackHole(try await shelf.library.whoHas("Dune"))
        }
    }

    Benchmark("checkout then return: two writes, two replies") { benchmark in
        let shelf = try shelf()
        for _ in benchmark.scaledIterations {
            blackHole(await shelf.handler.handle(text: "checkout The Hobbit", from: shelf.ana, at: shelf.now))
            blackHole(await shelf.handler.handle(text: "return The Hobbit", from: shelf.ana, at: shelf.now))
        }
    }

    // The reply as sent (StreamingJSONEncoder, as `HTTPRequest.json` writes bodies), and the
    // same with Foundation's JSONEncoder, which wrote them before.
    for encoder in [ReplyEncoder.streaming, .foundation] {
        replyJSONBenchmark("Discord", encoder) { reply, encoder in
            for message in DiscordRenderer.messages(reply) { blackHole(try encoder.encode(message)) }
        }
        replyJSONBenchmark("Slack", encoder) { reply, encoder in
            blackHole(try encoder.encode(SlackRenderer.render(reply)))
        }
    }
}

/// Which encoder writes a reply's JSON.
enum ReplyEncoder: String, Sendable {
    case streaming = "StreamingJSONEncoder"
    case foundation = "Foundation's JSONEncoder"

    func encode<Value: Encodable>(_ value: Value) throws -> Data {
        switch self {
        case .streaming: try StreamingJSONEncoder().encode(value)
        case .foundation: try JSONEncoder().encode(value)
        }
    }
}

/// `who has Dune`'s reply rendered and encoded as `platform`'s JSON by `encoder`; the reply
/// itself is made before the measure starts.
func replyJSONBenchmark(_ platform: String, _ encoder: ReplyEncoder, _ body: @escaping @Sendable (Reply, ReplyEncoder) throws -> Void) {
    Benchmark("who has Dune's reply as \(platform) JSON (\(encoder.rawValue))") { benchmark in
        let shelf = try shelf()
        let reply = await shelf.handler.handle(text: "who has Dune", from: shelf.ana, at: shelf.now)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { try body(reply, encoder) }
    }
}
