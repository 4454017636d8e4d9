import Foundation
import TestSupport
import LibraryCore
import Testing

@Suite("librarybot books: import, export, demo")
struct BooksCommandTests {
    @Test("--help documents every books command")
    func help() async throws {
        let top = try await BinaryRunner.run(["--help"])
        #expect(top.status == 0)
        #expect(top.stdout.contains("books"))
        let books = try await BinaryRunner.run(["books", "--help"])
        for command in ["import", "export", "demo", "list"] { #expect(books.stdout.contains(command)) }
        let importHelp = try await BinaryRunner.run(["books", "import", "--help"])
        #expect(importHelp.stdout.contains("--skip-bad"))
        #expect(importHelp.stdout.contains("--copies"))
        #expect(importHelp.stdout.contains("--database"))
    }

    @Test("demo adds a dozen classics once; a second run adds none")
    func demo() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = folder.appendingPathComponent("data/library.sqlite").path
        let first = try await BinaryRunner.run(["books", "demo", "--database", database])
        #expect(first.status == 0)
        #expect(first.stdout.contains("Added \(DemoBooks.all.count) demo books"))
        let second = try await BinaryRunner.run(["books", "demo", "--database", database])
        #expect(second.stdout.contains("Added 0 demo books (\(DemoBooks.all.count) already on the shelf)"))
        let list = try await BinaryRunner.run(["books", "list", "--database", database])
        #expect(list.stdout.contains("#1 Dune, by Frank Herbert"))
        #expect(list.stdout.split(separator: "\n").count == DemoBooks.all.count)
    }

    @Test("books list shows due days in library.timezone, and whom a book on the shelf is kept for")
    func listDaysAndKeepers() async throws {
        let library = try await ScratchLibrary()
        let zone = ["LIBRARY_TIMEZONE": "Pacific/Pago_Pago"]  // UTC-11: its days end at 10:59 UTC the next day
        let lent = try await BinaryRunner.run(["console", "--database", library.path, "--as", "Ana"],
                                              stdin: "add Dune by Frank Herbert\nadd Emma by Jane Austen\ncheckout Dune\ncheckout Emma\n", environment: zone)
        let told = try #require(lent.stdout.split(separator: "\n").first { $0.contains("Due ") })  // "  Due Mon 7 Dec."
        let dueDay = try #require(Int(told.split(separator: " ")[2]))
        _ = try await BinaryRunner.run(["console", "--database", library.path, "--as", "Ben"], stdin: "hold Emma\n", environment: zone)
        _ = try await BinaryRunner.run(["console", "--database", library.path, "--as", "Ana"], stdin: "return Emma\n", environment: zone)
        let list = try await BinaryRunner.run(["books", "list", "--database", library.path], environment: zone).stdout
        let due = try #require(list.firstMatch(of: /\(out: Ana, due \d{4}-\d{2}-(\d{2})\)/), "\(list)")
        #expect(Int(due.output.1) == dueDay, "\(list) vs \(told)")
        #expect(list.contains("#2 Emma, by Jane Austen (kept for Ben until "), "\(list)")
        // A report shows, and --filter reported lists the copies reported.
        _ = try await BinaryRunner.run(["console", "--database", library.path, "--as", "Ana"], stdin: "I lost Dune\n", environment: zone)
        let reported = try await BinaryRunner.run(["books", "list", "--filter", "reported", "--database", library.path], environment: zone).stdout
        #expect(reported.firstMatch(of: /^#1 Dune, by Frank Herbert \(out: Ana, due [-\d]+\) REPORTED LOST by Ana on \d{4}-\d{2}-\d{2}\n$/) != nil, "\(reported)")
        // Both books were lent; a third, never.
        _ = try await BinaryRunner.run(["console", "--database", library.path, "--as", "Ana"], stdin: "add Middlemarch by George Eliot\n", environment: zone)
        let never = try await BinaryRunner.run(["books", "list", "--filter", "never_borrowed", "--database", library.path], environment: zone).stdout
        #expect(never == "#3 Middlemarch, by George Eliot\n", "\(never)")
        // Missing and waited for: not kept for anyone.
        _ = try await BinaryRunner.run(["console", "--database", library.path, "--as", "Ana"], stdin: "Middlemarch is lost\n", environment: zone)
        _ = try await BinaryRunner.run(["console", "--database", library.path, "--as", "Ben"], stdin: "hold Middlemarch\n", environment: zone)
        let waited = try await BinaryRunner.run(["books", "list", "--filter", "reported", "--database", library.path], environment: zone).stdout
        #expect(waited.contains("\n#3 Middlemarch, by George Eliot (Ben waits for it) REPORTED LOST by Ana on "), "\(waited)")
    }

    @Test("backup copies the whole library while the bot runs; the copy answers as the original; an existing file is never overwritten")
    func backup() async throws {
        let library = try await ScratchLibrary("add Dune by Frank Herbert\nadd Emma by Jane Austen\ncheckout Dune\n")
        _ = try await BinaryRunner.run(["console", "--database", library.path, "--as", "Ben"], stdin: "hold Dune\n")
        // The bot runs (its console waiting on a pipe) while the backup is taken.
        let bot = try RunningBinary(["run", "--database", library.path], environment: [:], pipes: true)
        defer { bot.child.closeInput() }
        let copy = library.folder.appendingPathComponent("backups/monday.sqlite").path
        let made = try await BinaryRunner.run(["backup", copy, "--database", library.path])
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stdout == "Backed up \(library.path) to \(copy): 2 books, 1 out.\n")
        let asked = try await BinaryRunner.run(["console", "--database", copy, "--as", "Ben"], stdin: "who has Dune\nmy books\n")
        #expect(asked.stdout.hasPrefix("Ana has Dune since "), "\(asked.stdout)")
        #expect(asked.stdout.contains("In line for Dune: number 1 (Ana has it, due "), "\(asked.stdout)")
        let again = try await BinaryRunner.run(["backup", copy, "--database", library.path])
        #expect(again.status == 1)
        #expect(again.stderr.contains("exists already"))
        let unnamed = try await BinaryRunner.run(["backup", "", "--database", library.path])
        #expect(unnamed.status != 0 && unnamed.stderr.contains("Give the file to write the backup to"))
        _ = try await bot.terminate()
    }

    @Test("an import that adds a copy of a title someone waits for keeps it for them and says so")
    func importKeepsCopies() async throws {
        let library = try await ScratchLibrary("add Dune by Frank Herbert\ncheckout Dune\n")
        _ = try await BinaryRunner.run(["console", "--database", library.path, "--as", "Ben"], stdin: "hold Dune\n")
        let csv = library.folder.appendingPathComponent("more.csv")
        try "title,author\nDune,Frank Herbert\nEmma,Jane Austen\n".write(to: csv, atomically: true, encoding: .utf8)
        let imported = try await BinaryRunner.run(["books", "import", csv.path, "--copies", "--database", library.path])
        #expect(imported.stdout == "Added 2 books from \(csv.path).\nKept for members who were waiting for these titles: Dune (#2) for Ben.\n", "\(imported.stdout)")
        let asked = try await BinaryRunner.run(["console", "--database", library.path, "--as", "Ben"], stdin: "my books\n")
        #expect(asked.stdout.contains("Dune is on the shelf, kept for you until "), "\(asked.stdout)")
    }

    @Test("import reads standard input ('-') and pipes such as <(curl …); a file it cannot read is named with the reason")
    func importFromPipes() async throws {
        let library = try await ScratchLibrary()
        let fromStdin = try await BinaryRunner.run(["books", "import", "-", "--database", library.path], stdin: "title,author\nEmma,Jane Austen\n")
        #expect(fromStdin.stdout == "Added 1 book from standard input.\n", "\(fromStdin.stderr)")
        // JSON without a name to tell it: its bad rows are records, not lines.
        let badJSON = try await BinaryRunner.run(["books", "import", "-", "--database", library.path], stdin: #"[{"title": "", "author": "X"}]"#)
        #expect(badJSON.stdout.contains("record 1: The title is missing."), "\(badJSON.stdout)")
        // A named pipe, as a shell's <(…) gives: written while the import reads it.
        let fifo = library.folder.appendingPathComponent("books.pipe").path
        try #require(mkfifo(fifo, 0o600) == 0)
        Thread {
            guard let pipe = FileHandle(forWritingAtPath: fifo) else { return }
            pipe.write(Data(#"[{"title": "Dune", "author": "Frank Herbert"}]"#.utf8))
            try? pipe.close()
        }.start()
        let fromPipe = try await BinaryRunner.run(["books", "import", fifo, "--database", library.path])
        #expect(fromPipe.stdout == "Added 1 book from \(fifo).\n", "\(fromPipe.stderr)")
        let listed = try await BinaryRunner.run(["books", "list", "--database", library.path]).stdout
        #expect(listed.contains("Dune, by Frank Herbert") && listed.contains("Emma, by Jane Austen"), "\(listed)")

        let nowhere = library.folder.appendingPathComponent("nowhere.csv").path
        let missing = try await BinaryRunner.run(["books", "import", nowhere, "--database", library.path])
        #expect(missing.status != 0)
        #expect(missing.stderr.contains("Cannot read \(nowhere): No such file or directory."), "\(missing.stderr)")
        let folder = try await BinaryRunner.run(["books", "import", library.folder.path, "--database", library.path])
        #expect(folder.stderr.contains("Cannot read \(library.folder.path): it is a folder"), "\(folder.stderr)")
    }

    @Test("the database defaults to data/library.sqlite, created with its folder")
    func defaultDatabase() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try await BinaryRunner.run(["books", "demo"], in: folder)
        #expect(outcome.status == 0)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("data/library.sqlite").path))
    }

    @Test("a file with a bad row changes nothing, reports each bad line, and exits non-zero")
    func failedImportChangesNothing() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = folder.appendingPathComponent("library.sqlite").path
        _ = try await BinaryRunner.run(["books", "demo", "--database", database])
        let exportBefore = try await BinaryRunner.run(["books", "export", "--format", "json", "--database", database]).stdout
        let before = try Data(contentsOf: URL(fileURLWithPath: database))

        let csv = folder.appendingPathComponent("books.csv")
        try """
            title,author,publisher,categories,isbn
            Emma,Jane Austen,Penguin,Classic,
            ,Nobody,,,
            Persuasion,Jane Austen,,,978-0-00-000000-1
            Middlemarch,George Eliot,,,
            """.write(to: csv, atomically: true, encoding: .utf8)
        let refused = try await BinaryRunner.run(["books", "import", csv.path, "--database", database])
        #expect(refused.status != 0)
        #expect(refused.stdout.contains("line 3: The title is missing."))
        #expect(refused.stdout.contains("line 4: '978-0-00-000000-1' is not a valid ISBN-10 or ISBN-13."))
        #expect(refused.stderr.contains("Nothing was imported"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == before)
        #expect(try await BinaryRunner.run(["books", "export", "--format", "json", "--database", database]).stdout == exportBefore)

        let skipping = try await BinaryRunner.run(["books", "import", csv.path, "--skip-bad", "--database", database])
        #expect(skipping.status == 0)
        #expect(skipping.stdout.contains("Added 2 books"))
        let titles = try await BinaryRunner.run(["books", "list", "--database", database]).stdout
        #expect(titles.contains("Emma, by Jane Austen"))
        #expect(titles.contains("Middlemarch, by George Eliot"))
        #expect(!titles.contains("Persuasion"))
    }

    @Test("importing a file twice adds its books once; --copies adds them again as copies")
    func importTwice() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = folder.appendingPathComponent("library.sqlite").path
        let csv = folder.appendingPathComponent("new.csv")
        try "title,author\nEmma,Jane Austen\nEmma,Jane Austen\nMiddlemarch,George Eliot\n".write(to: csv, atomically: true, encoding: .utf8)
        let count = { try await BinaryRunner.run(["books", "list", "--database", database]).stdout.split(separator: "\n").count }

        let first = try await BinaryRunner.run(["books", "import", csv.path, "--database", database])
        #expect(first.status == 0)
        #expect(first.stdout.contains("Added 3 books"))
        #expect(!first.stdout.contains("already on the shelf"))

        let second = try await BinaryRunner.run(["books", "import", csv.path, "--database", database])
        #expect(second.status == 0)
        #expect(second.stdout.contains("Added 0 books"))
        #expect(second.stdout.contains("3 already on the shelf, not added again: Emma by Jane Austen; Emma by Jane Austen; Middlemarch by George Eliot."))
        #expect(second.stdout.contains("--copies"))
        #expect(try await count() == 3)

        let copies = try await BinaryRunner.run(["books", "import", csv.path, "--copies", "--database", database])
        #expect(copies.stdout.contains("Added 3 books"))
        #expect(try await count() == 6)
    }

    @Test("an empty library exports as an empty JSON array")
    func emptyExport() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = folder.appendingPathComponent("l.sqlite").path
        #expect(try await BinaryRunner.run(["console", "--database", database], stdin: "").status == 0)
        let exported = try await BinaryRunner.run(["books", "export", "--format", "json", "--database", database])
        #expect(exported.status == 0)
        #expect(exported.stdout == "[]\n")
    }

    @Test("the commands that only read refuse a path with no library, and create nothing there")
    func missingLibrary() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let mistyped = folder.appendingPathComponent("libary.sqlite").path
        let commands = [["books", "list"], ["books", "export"], ["digest"], ["remind"], ["backup", folder.appendingPathComponent("copy.sqlite").path]]
        for command in commands {
            let outcome = try await BinaryRunner.run(command + ["--database", mistyped])
            #expect(outcome.status == 1, "\(command)")
            #expect(outcome.stderr.contains("There is no library at \(mistyped): check --database or library.database."), "\(command): \(outcome.stderr)")
            #expect(outcome.stdout.isEmpty, "\(command)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test("a database path that cannot hold a library stops the bot with a sentence, not a Foundation dump")
    func unusableDatabasePath() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let notes = folder.appendingPathComponent("notes.txt")
        try "not a library".write(to: notes, atomically: true, encoding: .utf8)
        let cases = [
            (folder.path, "Cannot open the database \(folder.path): \(folder.path) is a folder: give the path of a file"),
            (notes.appendingPathComponent("library.sqlite").path,
             "Cannot open the database \(notes.path)/library.sqlite: \(notes.path) is a file, not a folder."),
            (notes.path, "Cannot open the database \(notes.path): it is not a SQLite database."),
        ]
        for (path, message) in cases {
            let outcome = try await BinaryRunner.run(["console", "--database", path], stdin: "list\n")
            #expect(outcome.status == 1, "\(path)")
            #expect(outcome.stderr.contains(message), "\(path): \(outcome.stderr)")
            #expect(!outcome.stderr.contains("Domain="), "\(path): \(outcome.stderr)")
        }
        #expect(try String(contentsOf: notes, encoding: .utf8) == "not a library")
    }

    @Test("add isbn in the console looks the book up at isbn.lookup_url; an empty isbn.lookup_url turns lookups off")
    func addByISBN() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let openLibrary = try await PythonPeer(script: openLibraryEmulator)
        defer { openLibrary.stop() }
        let arguments = ["console", "--as", "Ana", "--database", folder.appendingPathComponent("l.sqlite").path]
        let added = try await BinaryRunner.run(arguments, stdin: "add isbn 9780451526533\nshow #1\n",
                                               environment: ["ISBN_LOOKUP_URL": "http://127.0.0.1:\(openLibrary.port)"])
        #expect(added.status == 0)
        #expect(added.stdout.hasPrefix("Added The adventures of Tom Sawyer by Mark Twain as #1.\n"), "\(added.stdout)")
        #expect(added.stdout.contains("Publisher: Signet Classic"), "\(added.stdout)")
        #expect(added.stdout.contains("ISBN: 9780451526533"), "\(added.stdout)")
        let off = try await BinaryRunner.run(arguments, stdin: "add isbn 9780140328721\n", environment: ["ISBN_LOOKUP_URL": ""])
        #expect(off.stdout.hasPrefix("I cannot look up ISBN 9780140328721 by myself"), "\(off.stdout)")
        let bad = try await BinaryRunner.run(arguments, stdin: "", environment: ["ISBN_LOOKUP_URL": "openlibrary.org"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("isbn.lookup_url must be an http:// or https:// URL (found 'openlibrary.org')."), "\(bad.stderr)")
    }

    @Test("books import of a list of ISBNs (scanned barcodes) looks each up; one Open Library does not know stops the import, unless --skip-bad")
    func importISBNs() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let openLibrary = try await PythonPeer(script: openLibraryEmulator)
        defer { openLibrary.stop() }
        let environment = ["ISBN_LOOKUP_URL": "http://127.0.0.1:\(openLibrary.port)"]
        let csv = folder.appendingPathComponent("scanned.csv")
        try "isbn\n9780140328721\n9782070612758\n9780306406157\n9780262033848\n9780451526533\n9780000000026\n".write(to: csv, atomically: true, encoding: .utf8)
        let database = folder.appendingPathComponent("l.sqlite").path
        let refused = try await BinaryRunner.run(["books", "import", csv.path, "--database", database], environment: environment)
        #expect(refused.status == 1)
        #expect(refused.stdout.hasPrefix("Looking up 6 ISBNs in Open Library…\nOpen Library knew 4 of 6.\nRejected 2 rows:\n"), "\(refused.stdout)")
        #expect(refused.stdout.contains("  line 4: Open Library does not know ISBN 9780306406157: give the title and the author"), "\(refused.stdout)")
        #expect(refused.stdout.contains("  line 7: Open Library knows ISBN 9780000000026 as 'A Book by Nobody', with no author: give the author"), "\(refused.stdout)")
        let skipped = try await BinaryRunner.run(["books", "import", csv.path, "--skip-bad", "--database", database], environment: environment)
        #expect(skipped.status == 0)
        #expect(skipped.stdout.contains("Added 4 books from \(csv.path)."), "\(skipped.stdout)")
        let exported = try await BinaryRunner.run(["books", "export", "--database", database])
        #expect(exported.stdout == """
            title,author,publisher,categories,isbn
            Fantastic Mr Fox,Roald Dahl,Puffin,,9780140328721
            Le Petit Prince,Antoine de Saint-Exupéry,Gallimard,,9782070612758
            Introduction to Algorithms,"Thomas H. Cormen, Charles E. Leiserson, Ronald L. Rivest, Clifford Stein",MIT Press,,9780262033848
            The adventures of Tom Sawyer,Mark Twain,Signet Classic,,9780451526533

            """, "\(exported.stdout)")
        // With lookups off, such rows say so.
        let off = try await BinaryRunner.run(["books", "import", csv.path, "--database", database], environment: ["ISBN_LOOKUP_URL": ""])
        #expect(off.status == 1)
        #expect(off.stdout.contains("  line 2: has an ISBN but no title or author, and ISBN lookups are off (isbn.lookup_url): give the title and the author"), "\(off.stdout)")
    }

    @Test("a file that is not a catalog is refused with a clear message")
    func badFile() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let csv = folder.appendingPathComponent("weird.csv")
        try "name,writer\nDune,Herbert\n".write(to: csv, atomically: true, encoding: .utf8)
        let outcome = try await BinaryRunner.run(["books", "import", csv.path, "--database", folder.appendingPathComponent("l.sqlite").path])
        #expect(outcome.status != 0)
        #expect(outcome.stderr.contains("Unknown column(s) 'name', 'writer'"))
        let missing = try await BinaryRunner.run(["books", "import", folder.appendingPathComponent("nope.csv").path])
        #expect(missing.status != 0)
        #expect(missing.stderr.contains("Cannot read"))
    }

    @Test("export then import into an empty database gives the same books", arguments: ["csv", "json"])
    func roundTrip(format: String) async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("source.sqlite").path
        let target = folder.appendingPathComponent("target.sqlite").path
        _ = try await BinaryRunner.run(["books", "demo", "--database", source])
        let extra = folder.appendingPathComponent("extra.csv")
        try "title,author,publisher,categories,isbn\n\"Moby-Dick; or, \"\"The Whale\"\"\",Herman Melville,\"Harper, & Brothers\",Sea;Classic,\n"
            .write(to: extra, atomically: true, encoding: .utf8)
        #expect(try await BinaryRunner.run(["books", "import", extra.path, "--database", source]).status == 0)

        let exported = try await BinaryRunner.run(["books", "export", "--format", format, "--database", source]).stdout
        let file = folder.appendingPathComponent("export.\(format)")
        try exported.write(to: file, atomically: true, encoding: .utf8)
        let imported = try await BinaryRunner.run(["books", "import", file.path, "--database", target])
        #expect(imported.status == 0)
        #expect(imported.stdout.contains("Added \(DemoBooks.all.count + 1) books"))

        let csvOf = { (path: String) in try await BinaryRunner.run(["books", "export", "--database", path]).stdout }
        let targetCSV = try await csvOf(target)
        #expect(try await targetCSV == csvOf(source))
        #expect(targetCSV.contains("\"Moby-Dick; or, \"\"The Whale\"\"\""))
    }
}

/// The Open Library emulator of the catalog tests (see PythonPeer).
let openLibraryEmulator = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("CatalogsTests/Resources/openlibrary_emulator.py").path
