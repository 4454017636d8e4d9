import Foundation
import TestSupport
import Testing

@Suite("librarybot console, parse and configuration")
struct ConsoleTests {
    @Test("the rules say when reminders come once a chat gateway sends them, and nothing of them in the console alone; when the digest is posted, or in chat that none is")
    func remindersOnlyWithAGateway() async throws {
        let library = try await ScratchLibrary()
        let alone = try await BinaryRunner.run(["console", "--database", library.path, "--as", "Ana"], stdin: "rules\n")
        #expect(alone.status == 0)
        #expect(!alone.stdout.contains("reminder"), "\(alone.stdout)")
        let slack = ["SLACK_ENABLED": "true", "SLACK_APP_TOKEN": "xapp-test", "SLACK_BOT_TOKEN": "xoxb-test", "REMINDERS_TIME": "08:15",
                     "REMINDERS_DUE_SOON_DAYS": "3"]
        let withSlack = try await BinaryRunner.run(["console", "--database", library.path, "--as", "Ana"], stdin: "rules\n", environment: slack)
        #expect(withSlack.stdout.contains("A reminder comes in chat each day at 08:15, from 3 days before a book is due, and each day it is late."),
                "\(withSlack.stdout) \(withSlack.stderr)")
        // The digest: posted where scheduled messages go (the console alone included); none, said in chat.
        #expect(!alone.stdout.contains("digest"), "\(alone.stdout)")
        #expect(withSlack.stdout.contains("No digest is posted each day: `who has what` shows who has what at any time."), "\(withSlack.stdout)")
        let daily = try await BinaryRunner.run(["console", "--database", library.path, "--as", "Ana"], stdin: "when is the digest?\n",
                                               environment: ["DIGEST_TIME": "07:45"])
        #expect(daily.stdout.contains("The who-has-what digest is posted each day at 07:45."), "\(daily.stdout) \(daily.stderr)")
    }

    @Test("piped console: four replies in English, exit 0")
    func englishSession() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = folder.appendingPathComponent("x.sqlite").path
        let outcome = try await BinaryRunner.run(["console", "--database", database, "--as", "Zoé"],
                                           stdin: "add Dune by Frank Herbert\ncheckout Dune as Ana\nwho has Dune\nreturn Dune\n")
        #expect(outcome.status == 0)
        let blocks = outcome.stdout.components(separatedBy: "\n\n")
        #expect(blocks.count == 4)
        #expect(blocks[0].hasPrefix("Added Dune by Frank Herbert as #1."))
        #expect(blocks[1].hasPrefix("Dune is checked out to Ana."))
        #expect(blocks[2].hasPrefix("Ana has Dune since"))
        #expect(blocks[3].hasPrefix("Thanks! Dune is back on the shelf (borrowed by Ana)."))
    }

    @Test("piped console: a line too long to be a command is skipped with a message, the rest answered; CRLF is a line end")
    func longLines() async throws {
        let library = try await ScratchLibrary()
        let input = "add Dune by Frank Herbert\r\n" + String(repeating: "x", count: 5_000_000) + "\nwho has Dune\n"
            + String(repeating: "y", count: 100_000)
        let outcome = try await BinaryRunner.run(["console", "--database", library.path, "--as", "Ana"], stdin: input)
        #expect(outcome.status == 0)
        let blocks = outcome.stdout.components(separatedBy: "\n\n")
        #expect(blocks.count == 4)
        #expect(blocks.first?.hasPrefix("Added Dune by Frank Herbert as #1.") == true)
        #expect(blocks.dropFirst().first == "A line of 5000000 bytes was skipped: a command is at most 65536 bytes.")
        #expect(blocks.dropFirst(2).first?.hasPrefix("Dune is on the shelf") == true)
        #expect(blocks.last == "A line of 100000 bytes was skipped: a command is at most 65536 bytes.\n")
    }

    @Test("piped console in French, the sender from --as")
    func frenchSession() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = folder.appendingPathComponent("x.sqlite").path
        let outcome = try await BinaryRunner.run(["console", "--database", database, "--as", "Léa"],
                                           stdin: "ajouter Dune par Frank Herbert\nemprunter Dune\nqui a Dune\nmes livres\nrendre Dune\n")
        #expect(outcome.status == 0)
        let blocks = outcome.stdout.components(separatedBy: "\n\n")
        #expect(blocks.count == 5)
        #expect(blocks[1].hasPrefix("Dune est emprunté par Léa."))
        #expect(blocks[2].hasPrefix("Vous avez Dune depuis"))
        #expect(blocks[3].hasPrefix("Vous avez 1 livre :"))
        #expect(blocks[4].hasPrefix("Merci ! Dune est de retour"))
        // A name that shows nothing is no name: the sender is "console".
        let hidden = try await BinaryRunner.run(["console", "--database", database, "--as", "\u{200B}"], stdin: "emprunter Dune\n")
        #expect(hidden.stdout.hasPrefix("Dune est emprunté par console."), "\(hidden.stdout)")
    }

    @Test("parse prints one JSON line per input line, in order")
    func parse() async throws {
        let single = try await BinaryRunner.run(["parse", "checkout", "Dune", "as", "Ana"])
        #expect(single.stdout == #"{"intent":"checkout","book":"Dune","borrower":"Ana","language":"en"}"# + "\n")
        // A command that starts with a dash (a bullet pasted from a list) is parsed, not refused as an option.
        let bullet = try await BinaryRunner.run(["parse", "- checkout Dune"])
        #expect(bullet.status == 0)
        #expect(bullet.stdout == #"{"intent":"checkout","book":"Dune","borrower":null,"language":"en"}"# + "\n", "\(bullet.stderr)")
        let piped = try await BinaryRunner.run(["parse"], stdin: "who has Dune\nqui a quoi\nchekout Dune\n")
        let lines = piped.stdout.split(separator: "\n").map(String.init)
        #expect(lines == [
            #"{"intent":"who_has","book":"Dune","language":"en"}"#,
            #"{"intent":"digest","language":"fr"}"#,
            #"{"intent":"unknown","text":"chekout Dune","suggestion":"checkout","language":"en"}"#,
        ])
    }

    @Test("configuration: the YAML file, then the environment; a bad key is named")
    func configuration() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("bot.yaml")
        try """
            library:
              database: \(folder.appendingPathComponent("from-yaml.sqlite").path)
              loan_days: 7
              locale: fr
              timezone: Europe/Paris
            """.write(to: config, atomically: true, encoding: .utf8)
        let added = try await BinaryRunner.run(["console", "--config", config.path, "--as", "Ben"], stdin: "add Dune by Frank Herbert\n")
        #expect(added.status == 0)
        // `info` is the same word in both languages: Ana, who has said nothing yet, is answered
        // in the committee's.
        let outcome = try await BinaryRunner.run(["console", "--config", config.path, "--as", "Ana"], stdin: "info Dune\n")
        #expect(outcome.status == 0)
        #expect(outcome.stdout.contains("Auteur : Frank Herbert"), "locale fr from the file: \(outcome.stdout)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("from-yaml.sqlite").path))

        let bad = try await BinaryRunner.run(["console", "--config", config.path], stdin: "list\n",
                                       environment: ["LIBRARY_TIMEZONE": "Mars/Olympus"])
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("library.timezone"))
    }
}

@Suite("librarybot console on a terminal")
struct TerminalConsoleTests {
    /// `librarybot console --as Ana` (or `command`) on a new library in a pseudo-terminal, sent
    /// `keys` one chunk at a time: everything it wrote, then "EXIT status".
    func typedAtTerminal(_ keys: [Any], command: [String] = ["console", "--as", "Ana"], environment: [String: String] = [:]) async throws -> String {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = try #require(Bundle.module.url(forResource: "pty_session", withExtension: "py"))
        let keysJSON = String(decoding: try JSONSerialization.data(withJSONObject: keys), as: UTF8.self)
        let streams = try StreamFiles()
        defer { streams.remove() }
        let session = try ChildProcess("/usr/bin/env", ["python3", script.path, keysJSON, "--", try BinaryRunner.executable.path,
                                                        ] + command + ["--database", folder.appendingPathComponent("t.sqlite").path],
                                       environment: ProcessInfo.processInfo.environment.merging(environment) { $1 },
                                       stdout: .file(streams.output.path))
        _ = await session.waitForExit()
        return try streams.outputText()
    }

    @Test("a prompt, Backspace, the Up arrow recalling the last line, Ctrl-D to quit")
    func lineEditing() async throws {
        let output = try await typedAtTerminal(["add Dune by Frank Herbert\r", "who has Dunx", "\u{7F}e\r", "\u{1B}[A\r",
                                                "checkout Dune as Bxn", "\u{1B}[D\u{7F}e\r", "\u{04}"])
        #expect(output.contains("library> "))
        #expect(output.contains("Added Dune by Frank Herbert as #1."))
        #expect(output.components(separatedBy: "Dune is on the shelf.").count == 3, "typed once, recalled once: \(output)")
        #expect(output.contains("Dune is checked out to Ben."))
        // Each answer comes before the next prompt, never after it.
        #expect(!output.contains("library> Added") && !output.contains("library> Dune is"), "\(output)")
        #expect(output.hasSuffix("EXIT 0\n"))
    }

    @Test("lines pasted at once are each answered, in order; none is lost while the one before is answered")
    func pastedLines() async throws {
        let output = try await typedAtTerminal(["add Dune by Frank Herbert\rcheckout Dune as Ben\rwho has Dune\r", "\u{04}"])
        let added = try #require(output.range(of: "Added Dune by Frank Herbert as #1."), "\(output)")
        let lent = try #require(output.range(of: "Dune is checked out to Ben."), "\(output)")
        let who = try #require(output.range(of: "Ben has Dune since"), "\(output)")
        #expect(added.upperBound <= lent.lowerBound && lent.upperBound <= who.lowerBound)
        #expect(output.hasSuffix("EXIT 0\n"))
    }

    @Test("Tab completes a verb, then the member's book; of several books it lists each with its status")
    func tabCompletion() async throws {
        let output = try await typedAtTerminal(["add Dune by Frank Herbert\r", "add The Hobbit by J.R.R. Tolkien\r", "checkout Dune\r",
                                                "ret\t", "\t", "\r", "who has \t", "\u{15}", "\u{04}"])
        #expect(output.contains("library> return Dune "), "ret, Tab, Tab: \(output)")
        #expect(output.contains("Thanks! Dune is back on the shelf"), "\(output)")
        let listed = output.components(separatedBy: .newlines).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        #expect(listed.contains("who has Dune · on the shelf") && listed.contains("who has The Hobbit · on the shelf"), "\(output)")
        #expect(output.hasSuffix("EXIT 0\n"))
    }

    @Test("Tab offers the verbs in the language the operator writes in: return where English was written, rendre once French was")
    func tabCompletionLanguage() async throws {
        func offered(_ output: String) -> [String] {
            output.components(separatedBy: .newlines).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
                .filter { $0.hasPrefix("return ·") || $0.hasPrefix("rendre ·") }
        }
        let english = try await typedAtTerminal(["who has Dune\r", "re\t", "\u{15}", "\u{04}"])
        #expect(offered(english).map { String($0.prefix(6)) } == ["return"], "\(english)")
        let french = try await typedAtTerminal(["qui a Dune\r", "re\t", "\u{15}", "\u{04}"])
        #expect(offered(french).map { String($0.prefix(6)) } == ["rendre"], "\(french)")
        #expect(french.hasSuffix("EXIT 0\n"))
    }

    @Test("librarybot run with no gateway (make run) is the same console: a prompt, Tab completion, Ctrl-D to quit")
    func runWithoutGateway() async throws {
        let output = try await typedAtTerminal(["add Dune by Frank Herbert\r", "who has D\t", "\r", "\u{04}"], command: ["run"])
        #expect(output.contains("library> who has Dune "), "\(output)")
        #expect(output.contains("Dune is on the shelf."), "\(output)")
        #expect(output.hasSuffix("EXIT 0\n"))
    }

    @Test("the digest and a log line printed by librarybot run while a line is typed go above it; the line is drawn again as it was, and finished")
    func scheduledOutputAboveTheLine() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Typed at the first prompt; the digest and the backup (which logs a line on standard
        // error) come a few seconds later, whatever the machine's load.
        let at = utcText(Date().addingTimeInterval(15), "HH:mm:ss")
        let environment = ["DIGEST_TIME": at, "BACKUP_TIME": at, "BACKUP_FOLDER": folder.appendingPathComponent("backups").path]
        let output = try await typedAtTerminal(["who has Du", ["wait": "Nobody has a book right now."], ["wait": "Backed up the library"], "ne\r", "\u{04}"],
                                               command: ["run"], environment: environment)
        let digest = try #require(output.range(of: "Nobody has a book right now."), "\(output)")
        #expect(output[..<digest.lowerBound].hasSuffix("\r\u{1B}[K"), "the digest starts a clean row: \(output)")
        #expect(output[digest.upperBound...].contains("library> who has Du\u{1B}[K"), "the line drawn again under it: \(output)")
        let logged = try #require(output.range(of: "Backed up the library"), "\(output)")
        let row = try #require(output[..<logged.lowerBound].range(of: "\r\u{1B}[K", options: .backwards), "the log line starts a clean row: \(output)")
        #expect(!output[row.upperBound..<logged.lowerBound].contains("library>") && output[row.upperBound..<logged.lowerBound].contains(" info librarybot:"),
                "\(output)")
        #expect(output[logged.upperBound...].contains("library> who has Du\u{1B}[K"), "the line drawn again under it: \(output)")
        #expect(output.contains("No book matches 'Dune'."), "the line finished and answered: \(output)")
        #expect(output.hasSuffix("EXIT 0\n"))
    }

    @Test("shut down (SIGTERM) while a line is typed, librarybot run exits 0 and console 143, each leaving the terminal as it found it")
    func shutdownWhileTyping() async throws {
        let output = try await typedAtTerminal(["who has Du", ["signal": 15]], command: ["run"])
        #expect(output.hasSuffix("TERMINAL echo=1 icanon=1\nEXIT 0\n"), "\(output)")
        // librarybot console ends at once, with the signal's status, the terminal put back too.
        let console = try await typedAtTerminal(["who has Du", ["signal": 15]])
        #expect(console.hasSuffix("TERMINAL echo=1 icanon=1\nEXIT 143\n"), "\(console)")
    }
}
