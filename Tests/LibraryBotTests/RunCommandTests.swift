import Foundation
import LibraryCore
import TestSupport
import Testing

@Suite("librarybot run: the console and the scheduler in one service group")
struct RunCommandTests {
    @Test("piped input is answered, and the end of input ends the process with status 0")
    func pipedRun() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try await BinaryRunner.run(["run", "--database", folder.appendingPathComponent("r.sqlite").path],
                                           stdin: "add Dune by Frank Herbert\nwho has Dune\n")
        #expect(outcome.status == 0)
        #expect(outcome.stdout.contains("Added Dune by Frank Herbert as #1."))
        #expect(outcome.stdout.contains("Dune is on the shelf."))
        #expect(outcome.stderr.contains("Scheduler started: reminders at 10:00, digest off, backup off, in UTC."), "\(outcome.stderr)")
    }

    @Test("librarybot run starts itself once more, as the same process, with GnuTLS's implicit initialization off; an operator's own value is kept")
    func gnuTLSLeftUninitialized() async throws {
        let library = try await ScratchLibrary()
        for (given, seen) in [(nil, "1"), ("0", "0")] as [(String?, String)] {
            let bot = try RunningBinary(["run", "--database", library.path], environment: given.map { ["GNUTLS_NO_IMPLICIT_INIT": $0] } ?? [:],
                                        pipes: true, unset: ["GNUTLS_NO_IMPLICIT_INIT"])
            #expect(try await bot.waitForLog("Console started on the terminal."), "\((try? bot.log()) ?? "")")
            // The environment the process started with: the pid spawned ran the bot anew with it.
            let environment = try String(contentsOfFile: "/proc/\(bot.child.pid)/environ", encoding: .utf8).split(separator: "\0")
            #expect(environment.filter { $0.hasPrefix("GNUTLS_NO_IMPLICIT_INIT=") } == ["GNUTLS_NO_IMPLICIT_INIT=\(seen)"])
            bot.child.closeInput()
            #expect(await bot.child.waitForExit(timeout: .seconds(20)) == .exited(0))
        }
    }

    @Test("run under a new library.timezone keeps the due day members were told, and says so once")
    func timeZoneChange() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let arguments = ["run", "--database", folder.appendingPathComponent("z.sqlite").path]
        let lent = try await BinaryRunner.run(arguments, stdin: "add Dune by Frank Herbert\ncheckout Dune\n", environment: ["LIBRARY_TIMEZONE": "UTC"])
        let told = try #require(lent.stdout.split(separator: "\n").first { $0.contains("Due ") }, "\(lent.stdout)")
        // Fourteen hours ahead of UTC: the end of a UTC day is the next afternoon there.
        let moved = try await BinaryRunner.run(arguments, stdin: "my books\n", environment: ["LIBRARY_TIMEZONE": "Pacific/Kiritimati"])
        #expect(moved.stderr.contains("to Pacific/Kiritimati: 1 open loan keeps its due day."), "\(moved.stderr)")
        let day = told.trimmingCharacters(in: .whitespaces).dropFirst("Due ".count).dropLast()  // "Mon 7 Dec"
        #expect(moved.stdout.contains("Dune, due \(day)"), "told \(told); now \(moved.stdout)")
        let again = try await BinaryRunner.run(arguments, stdin: "my books\n", environment: ["LIBRARY_TIMEZONE": "Pacific/Kiritimati"])
        #expect(!again.stderr.contains("library.timezone changed"))
        #expect(again.stdout.contains("Dune, due \(day)"))
    }

    @Test("the digest is printed at its configured time; SIGTERM then ends the process with 0 (4 s grace period, no hang)")
    func digestThenSigterm() async throws {
        let library = try await ScratchLibrary("add Dune by Frank Herbert\ncheckout Dune\n")
        let database = library.path
        let bot = try RunningBinary(["run", "--database", database],
                                    environment: ["DIGEST_TIME": utcText(Date().addingTimeInterval(3), "HH:mm:ss"), "DIGEST_CHANNEL": "C123"],
                                    pipes: true)
        defer { bot.child.closeInput() }

        var seen = Data()
        let deadline = Date().addingTimeInterval(30)
        let descriptor = try #require(bot.child.output)
        _ = fcntl(descriptor, F_SETFL, O_NONBLOCK)
        while Date() < deadline, !String(decoding: seen, as: UTF8.self).contains("Who has what: 1 book out") {
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(descriptor, &buffer, buffer.count)
            if count > 0 { seen.append(contentsOf: buffer[..<count]) } else { try await Task.sleep(for: .milliseconds(50)) }
        }
        let text = String(decoding: seen, as: UTF8.self)
        #expect(text.contains("Who has what: 1 book out"), "\(text)")
        #expect(text.contains("Ana: Dune, due"))

        let (elapsed, _) = try await bot.terminate()
        // The grace period is 4 s; the rest is room for a loaded machine (a full `swift build`
        // beside it once took 8 s). A shutdown that waits on a peer would take the whole timeout.
        #expect(elapsed < .seconds(10))
        #expect(bot.child.exit == .exited(0))
    }

    @Test("with backup.folder, the library is copied at backup.time, named by the day, and the log says so")
    func dailyBackup() async throws {
        let library = try await ScratchLibrary("add Dune by Frank Herbert\ncheckout Dune\n")
        let folder = library.folder.appendingPathComponent("backups")
        // On a second other than :00, which the log leaves out ("backup at 11:01").
        let soon = Date().addingTimeInterval(3)
        let at = utcText(soon, "ss") == "00" ? soon.addingTimeInterval(1) : soon
        // Input left open: the console keeps the process running, as a gateway would.
        let bot = try RunningBinary(["run", "--database", library.path],
                                    environment: ["BACKUP_FOLDER": folder.path, "BACKUP_TIME": utcText(at, "HH:mm:ss"), "BACKUP_KEEP": "5"],
                                    pipes: true)
        defer { bot.child.closeInput() }
        let file = folder.appendingPathComponent("library-\(utcText(at, "yyyy-MM-dd")).sqlite")
        // The log line follows the copy; waiting for it rather than for the file leaves no race.
        #expect(try await bot.waitForLog("Backed up the library"), "\((try? bot.log()) ?? "")")
        #expect(FileManager.default.fileExists(atPath: file.path), "no backup at \(file.path)")
        let (_, log) = try await bot.terminate()
        #expect(log.contains("backup at \(utcText(at, "HH:mm:ss")) to \(folder.path), keeping 5"), "\(log)")
        #expect(log.contains("Backed up the library: 1 book, 1 out."), "\(log)")
        let copy = try await BinaryRunner.run(["books", "list", "--database", file.path])
        #expect(copy.stdout.contains("#1 Dune, by Frank Herbert (out: Ana, due "), "\(copy.stdout)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [file.lastPathComponent])
    }

    @Test("the daily run lapses the holds kept past their last day and tells both members")
    func dailyRunLapsesHolds() async throws {
        let library = try await ScratchLibrary()
        // Twenty days ago Dune came back, and was kept for Ben for the default 7 days.
        let service = LibraryService(database: try LibraryDatabase.file(at: library.path))
        let then = Date().addingTimeInterval(-20 * 86_400)
        try await service.add(NewBook(title: "Dune", author: "Frank Herbert"), at: then)
        try await service.checkout("Dune", to: Borrower(name: "Ana"), at: then)
        try await service.hold("Dune", for: Borrower(name: "Ben"), at: then)
        try await service.hold("Dune", for: Borrower(name: "Chloé"), at: then)
        _ = try await service.returnBook("Dune", at: then)

        // A reminder time already passed today: the run catches the job up at start.
        let bot = try RunningBinary(["run", "--database", library.path], environment: ["REMINDERS_TIME": "00:00:00"], pipes: true)
        defer { bot.child.closeInput() }
        var seen = Data()
        let deadline = Date().addingTimeInterval(30)
        let descriptor = try #require(bot.child.output)
        _ = fcntl(descriptor, F_SETFL, O_NONBLOCK)
        while Date() < deadline, !String(decoding: seen, as: UTF8.self).contains("To Chloé:") {
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(descriptor, &buffer, buffer.count)
            if count > 0 { seen.append(contentsOf: buffer[..<count]) } else { try await Task.sleep(for: .milliseconds(50)) }
        }
        _ = try await bot.terminate()
        let text = String(decoding: seen, as: UTF8.self)
        #expect(text.contains("To Ben:\nYour hold on Dune has lapsed: it was kept for you until "), "\(text)")
        #expect(text.contains("To Chloé:\nDune is on the shelf, kept for you until "), "\(text)")
        #expect(try await service.whoHas("Dune").first?.keptFor?.name == "Chloé")
    }
}
