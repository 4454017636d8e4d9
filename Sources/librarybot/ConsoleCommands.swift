import ArgumentParser
import Commands
import Foundation
import Gateways
import LibraryCore
import Synchronization

/// Writes straight to standard output, unbuffered, so piped readers see each answer at once;
/// on the console, above the line being typed.
func emit(_ text: String) {
    Screen.standardOutput.print(text)
}

/// `librarybot parse [TEXT]`: the intent of a line, as one line of JSON.
struct ParseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parse",
        abstract: "Print the intent of a command as one line of JSON.",
        discussion: """
            With TEXT, parses it; without, reads standard input and prints one JSON line per input line, \
            in order, as each line arrives. Example: librarybot parse checkout Dune as Ana
            """)

    // Words that start with a dash ("- Dune", a bullet) are the command's too.
    @Argument(parsing: .allUnrecognized, help: "The command to parse (the words are joined by spaces).")
    var text: [String] = []

    func run() throws {
        if !text.isEmpty {
            emit(CommandParser.parse(text.joined(separator: " ")).jsonLine)
            return
        }
        var lines = InputLines()
        while let line = lines.next() {
            switch line {
            case .text(let text): emit(CommandParser.parse(text).jsonLine)
            case .tooLong(let bytes): FileHandle.standardError.write(Data((InputLines.skipped(bytes: bytes) + "\n").utf8))
            }
        }
    }
}

/// `librarybot console`: the library in the terminal.
struct ConsoleCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "console",
        abstract: "Type commands to the library in the terminal, one per line.",
        discussion: """
            On a terminal, shows a prompt; piped, prints one reply block per input line and exits at the end \
            of input. The console's user is the operator: admin commands are allowed.
            """)

    @OptionGroup var options: CommonOptions

    @Option(name: .customLong("as"), help: ArgumentHelp("Who is typing (the default borrower).", valueName: "name"))
    var sender: String?

    func run() async throws {
        let settings = try await options.loadSettings()
        try await Console(settings: settings, senderName: sender).run()
    }
}

/// The console loop, shared by `console` and by `run` when no gateway is enabled.
struct Console: Sendable {
    let settings: BotSettings
    let senderName: String?

    /// Reads lines from the terminal or a pipe until the end of input. On a terminal, SIGTERM
    /// and SIGHUP end the process through `exit` (status 128 + the signal), which puts the
    /// terminal's modes back even in the middle of a line.
    func run() async throws {
        let signals = isatty(STDIN_FILENO) == 1 ? Self.exitOnSignals([SIGTERM, SIGHUP]) : []
        defer { signals.forEach { $0.cancel() } }
        let handler = CommandHandler(library: try settings.openLibrary(), settings: settings.handler)
        let input = Self.input(complete: completion(by: handler))
        try await serve(input.lines, answered: input.answered, handler: handler)
    }

    /// Tab's suggestions for a line being typed, in the language the operator last wrote in to
    /// `handler` (where an English and a French verb both fit what is typed).
    func completion(by handler: CommandHandler) -> @Sendable (String) async -> [CommandSuggestion] {
        let completer = CommandCompleter(library: handler.library, settings: handler.settings)
        let sender = self.sender
        return { text in
            await completer.suggestions(for: text, from: sender, at: Date(), language: await handler.preferredLanguage(of: sender))
        }
    }

    private static func exitOnSignals(_ numbers: [Int32]) -> [any DispatchSourceSignal] {
        numbers.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { exit(128 + number) }
            source.resume()
            return source
        }
    }

    /// Who types at the console: `--as`, else the login name; the operator, with admin rights.
    var sender: Sender {
        let name = senderName ?? ProcessInfo.processInfo.environment["USER"] ?? ProcessInfo.processInfo.userName
        // A name that shows nothing (empty, or zero-width spaces) is no name: "console".
        return Sender(name: TextKey.tidy(name).isEmpty ? "console" : name, isOperator: true)
    }

    /// Standard input's lines, read on a thread of their own because reading blocks; with line
    /// editing, a prompt and Tab completion (`complete`) on a terminal. A line
    /// too long to be a command is skipped, not kept. On a terminal, each prompt waits for
    /// `answered` (the banner, then the answer to the line before), so that an answer never
    /// lands after the prompt that follows it.
    static func input(complete: (@Sendable (String) async -> [CommandSuggestion])? = nil)
        -> (lines: AsyncStream<InputLine>, answered: @Sendable () -> Void) {
        let (lines, continuation) = AsyncStream<InputLine>.makeStream()
        let interactive = isatty(STDIN_FILENO) == 1
        let turn = DispatchSemaphore(value: 0)
        let reader = Thread {
            if interactive {
                var editor = LineEditor()
                if let complete {
                    editor.complete = { text in
                        // The reader's own thread (not one of Swift's) waits for the library.
                        let found = Mutex<[CommandSuggestion]>([])
                        let done = DispatchSemaphore(value: 0)
                        Task {
                            let suggestions = await complete(text)
                            found.withLock { $0 = suggestions }
                            done.signal()
                        }
                        done.wait()
                        return found.withLock { $0 }
                    }
                }
                while true {
                    turn.wait()
                    guard let line = editor.readLine(prompt: "library> ") else { break }
                    continuation.yield(line.utf8.count > InputLines.maximum ? .tooLong(bytes: line.utf8.count) : .text(line))
                }
            } else {
                var piped = InputLines()
                while let line = piped.next() { continuation.yield(line) }
            }
            continuation.finish()
        }
        reader.start()
        return (lines, { turn.signal() })
    }

    /// Answers each line with one reply block, then calls `answered`.
    func serve<Lines: AsyncSequence & Sendable>(_ lines: Lines, answered: @Sendable () -> Void, handler: CommandHandler) async throws
    where Lines.Element == InputLine {
        let sender = self.sender
        let interactive = isatty(STDIN_FILENO) == 1
        if interactive {
            emit("librarybot: the library at \(settings.databasePath). Type help for the commands; arrows edit and recall lines, Tab completes; Ctrl-D quits.")
        }
        answered()
        let directMessages = settings.directMessages
        var first = true
        for try await input in lines {
            defer { answered() }
            let answer: String
            var notices: [Notice] = []
            switch input {
            case .text(let line):
                if line.trimmingWhitespace().isEmpty { continue }
                let reply = await handler.handle(text: line, from: sender, at: Date())
                answer = PlainRenderer.render(reply)
                notices = reply.notices
            case .tooLong(let bytes):
                answer = InputLines.skipped(bytes: bytes, in: settings.handler.defaultLanguage)
            }
            if !first && !interactive { emit("") }
            first = false
            emit(answer)
            // With Slack or Discord enabled, the members a reply concerns are told, as in chat.
            if let directMessages, !notices.isEmpty {
                await directMessages.send(notices) { line in FileHandle.standardError.write(Data((line + "\n").utf8)) }
            }
        }
    }
}
