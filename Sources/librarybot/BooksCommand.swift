import ArgumentParser
import Foundation
import LibraryCore

/// `librarybot books …`: the catalog from the command line.
struct BooksCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "books",
        abstract: "Import, export, list and seed the catalog.",
        subcommands: [Import.self, Export.self, Demo.self, List.self]
    )

    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add the books of a CSV or JSON file.",
            discussion: """
                CSV needs a header line naming its columns, among title,author,publisher,categories,isbn \
                (title and author, or isbn, required); categories are separated by ';'. A JSON file is an array of \
                objects with the same keys, as written by 'books export --format json'. A row with an ISBN and \
                neither title nor author (a list of scanned barcodes) is looked up in Open Library \
                (isbn.lookup_url), four at a time. A file with any bad \
                row changes nothing unless --skip-bad is given; every rejected row is reported with its line. \
                Books already on the shelf (same title and author, counting copies) are not added again, so \
                importing a file twice adds its books once; --copies adds every row as a new copy.
                """
        )

        @Argument(help: ArgumentHelp("The file to import (.csv or .json; a pipe such as <(curl …) works too, and - reads standard input).", valueName: "file"))
        var file: String

        @Flag(name: .long, help: "Import the good rows even when some are bad.")
        var skipBad = false

        @Flag(name: .long, help: "Add every row, even a book already on the shelf (as one more copy).")
        var copies = false

        @OptionGroup var options: CommonOptions

        func run() async throws {
            let data = try BooksCommand.contents(of: file)
            let source = file == "-" ? "standard input" : file
            // JSON by its name, or by its first character when it has no name (a pipe).
            let isJSON = file.lowercased().hasSuffix(".json") || data.first(where: { !$0.isWhitespace }) == UInt8(ascii: "[")
            var rows: [CatalogFile.Row]
            do {
                if isJSON {
                    rows = try CatalogFile.rows(json: data)
                } else {
                    guard let text = String(data: data, encoding: .utf8) else {
                        throw CLIFailure("\(source) is not UTF-8 text.")
                    }
                    rows = try CatalogFile.rows(csv: text)
                }
            } catch let error as CatalogFile.FormatError {
                throw CLIFailure("\(source): \(error.description) Nothing was imported.")
            }
            let settings = try await options.loadSettings()
            let toLookUp = rows.filter { $0.lookUp != nil }.count
            if toLookUp > 0 {
                if let catalog = settings.handler.isbnCatalog {
                    print("Looking up \(toLookUp) \(toLookUp == 1 ? "ISBN" : "ISBNs") in \(catalog.name)…")
                    rows = await BooksCommand.lookUp(rows, in: catalog)
                    let found = rows.filter { $0.book != nil && $0.lookUp != nil }.count
                    print("\(catalog.name) knew \(found) of \(toLookUp).")
                } else {
                    rows = rows.map { row in
                        guard row.lookUp != nil else { return row }
                        return CatalogFile.Row(line: row.line, problem: "has an ISBN but no title or author, and ISBN lookups are off (isbn.lookup_url): give the title and the author")
                    }
                }
            }
            let good = rows.compactMap(\.book)
            let bad = rows.filter { $0.book == nil }
            let unit = isJSON ? "record" : "line"
            if !bad.isEmpty {
                print("Rejected \(bad.count) \(bad.count == 1 ? "row" : "rows"):")
                for row in bad { print("  \(unit) \(row.line): \(row.problem ?? "invalid")") }
                guard skipBad else {
                    throw CLIFailure("Nothing was imported. Fix the rows above, or run again with --skip-bad to import the \(good.count) good \(good.count == 1 ? "row" : "rows").")
                }
            }
            let service = try settings.openLibrary()
            if copies {
                let added = try await service.add(good, at: Date())
                print("Added \(added.count) \(added.count == 1 ? "book" : "books") from \(source).")
                try await reportKept(added, service)
                return
            }
            let (added, present) = try await service.addMissing(good, at: Date())
            print("Added \(added.count) \(added.count == 1 ? "book" : "books") from \(source).")
            try await reportKept(added, service)
            if !present.isEmpty {
                let named = present.prefix(5).map { "\($0.title) by \($0.author)" }.joined(separator: "; ")
                let more = present.count > 5 ? "; and \(present.count - 5) more" : ""
                print("\(present.count) already on the shelf, not added again: \(named)\(more).")
                print("To add \(present.count == 1 ? "it as another copy" : "them as more copies"), run again with --copies.")
            }
        }
    }

    /// The bytes of the file at `path`, a pipe (`/dev/stdin`, `<(curl …)`) as well as a regular
    /// file, or of standard input for "-"; what stops it being read is said in the system's words
    /// ("No such file or directory", "Permission denied", a folder).
    static func contents(of path: String) throws -> Data {
        if path == "-" { return FileHandle.standardInput.readDataToEndOfFile() }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw CLIFailure("Cannot read \(path): \(String(cString: strerror(errno))).") }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            throw CLIFailure("Cannot read \(path): it is a folder; give the file to import.")
        }
        do {
            return try handle.readToEnd() ?? Data()
        } catch {
            throw CLIFailure("Cannot read \(path): \(error.localizedDescription)")
        }
    }

    /// The rows that hold only an ISBN with their title, author and publisher looked up in
    /// `catalog` (four at a time: Open Library asks its users to go easy), or the reason they
    /// could not be; the other rows as they are.
    static func lookUp(_ rows: [CatalogFile.Row], in catalog: any ISBNCatalog) async -> [CatalogFile.Row] {
        var result = rows
        let pending = rows.indices.filter { rows[$0].lookUp != nil }
        await withTaskGroup(of: (Int, CatalogFile.Row).self) { group in
            var waiting = pending.makeIterator()
            for _ in 0..<4 {
                guard let index = waiting.next() else { break }
                let row = rows[index]
                group.addTask { (index, await Self.lookUp(row, in: catalog)) }
            }
            while let (index, row) = await group.next() {
                result[index] = row
                if let next = waiting.next() {
                    let row = rows[next]
                    group.addTask { (next, await Self.lookUp(row, in: catalog)) }
                }
            }
        }
        return result
    }

    private static func lookUp(_ row: CatalogFile.Row, in catalog: any ISBNCatalog) async -> CatalogFile.Row {
        guard let partial = row.lookUp, let isbn = partial.isbn else { return row }
        let entry: CatalogEntry?
        do {
            entry = try await catalog.book(isbn: isbn)
        } catch {
            return CatalogFile.Row(line: row.line, problem: "ISBN \(isbn): \(catalog.name) \(error); try again later, or give the title and the author")
        }
        guard let entry else {
            return CatalogFile.Row(line: row.line, problem: "\(catalog.name) does not know ISBN \(isbn): give the title and the author")
        }
        guard !entry.authors.isEmpty else {
            return CatalogFile.Row(line: row.line, problem: "\(catalog.name) knows ISBN \(isbn) as '\(entry.title)', with no author: give the author")
        }
        var book = partial
        book.title = entry.title
        book.author = entry.authors.joined(separator: ", ")
        book.publisher = partial.publisher.flatMap { $0.trimmingWhitespace().isEmpty ? nil : $0 } ?? entry.publisher
        do {
            return CatalogFile.Row(line: row.line, book: try book.validated(), lookUp: partial)
        } catch {
            return CatalogFile.Row(line: row.line, problem: error.description)
        }
    }

    /// Names the new copies kept for members who were waiting for their title, for the
    /// operator to tell them (`who has` and `my books` show it too).
    private static func reportKept(_ added: [Book], _ service: LibraryService) async throws {
        let queues = try await service.holdQueues()
        let kept = added.compactMap { book in queues[book.id]?.first.map { "\(book.title) (#\(book.id)) for \($0.holder.name)" } }
        guard !kept.isEmpty else { return }
        print("Kept for members who were waiting for these titles: \(kept.joined(separator: "; ")).")
    }

    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write every book to standard output, in a form 'books import' reads back.")

        enum Format: String, ExpressibleByArgument, CaseIterable {
            case csv, json
        }

        @Option(help: "csv or json.")
        var format: Format = .csv

        @OptionGroup var options: CommonOptions

        func run() async throws {
            let books = try await options.loadSettings().openLibrary(existing: true).allBooks()
            switch format {
            case .csv:
                FileHandle.standardOutput.write(Data(CatalogFile.csv(books).utf8))
            case .json:
                FileHandle.standardOutput.write(try CatalogFile.json(books) + Data("\n".utf8))
            }
        }
    }

    struct Demo: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add a dozen real classics, so there is something to borrow.",
            discussion: "Books already on the shelf (same title and author) are not added twice.")

        @OptionGroup var options: CommonOptions

        func run() async throws {
            let settings = try await options.loadSettings()
            let (added, present) = try await settings.openLibrary().addMissing(DemoBooks.all, at: Date())
            print("Added \(added.count) demo books\(present.isEmpty ? "" : " (\(present.count) already on the shelf)") to \(settings.databasePath).")
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print the catalog with who has what.")

        @Option(help: "all, available, checked_out, overdue, reported (lost or damaged) or never_borrowed.")
        var filter: BookFilter = .all

        @Option(help: "newest or oldest (by the date added), title (an article aside), author (by surname), popular (the most borrowed first) or longest_out (the books out the longest first).")
        var order: BookOrder = .oldest

        @OptionGroup var options: CommonOptions

        func run() async throws {
            let now = Date()
            let settings = try await options.loadSettings()
            let books = try await settings.openLibrary(existing: true).list(filter, order: order, at: now)
            // Days as the library counts them, in library.timezone.
            let day = Date.ISO8601FormatStyle(timeZone: settings.rules.timeZone).year().month().day()
            if books.isEmpty { print("No books.") }
            for status in books {
                var line = "#\(status.book.id) \(status.book.title), by \(status.book.author)"
                if let loan = status.loan {
                    line += " (out: \(loan.borrower.name)" + (order == .longestOut ? " since \(loan.checkedOutAt.formatted(day))" : "")
                        + ", due \(loan.dueAt.formatted(day)))"
                    if loan.isOverdue(at: now) { line += " OVERDUE" }
                } else if let keeper = status.keptFor {
                    // A missing copy is not there to keep: its first in line waits for it.
                    line += status.book.report?.kind == .lost ? " (\(keeper.name) waits for it)"
                        : " (kept for \(keeper.name)" + (status.keptUntil.map { " until \($0.formatted(day))" } ?? "") + ")"
                }
                if let report = status.book.report {
                    line += " REPORTED \(report.kind.rawValue.uppercased()) by \(report.by.name) on \(report.at.formatted(day))"
                        + (report.note.map { ": \($0)" } ?? "")
                }
                print(line)
            }
        }
    }
}

/// `librarybot backup FILE`: a consistent copy of the whole library, while the bot runs.
struct BackupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Copy the whole library (books, loans and their history, holds) to a new SQLite file.",
        discussion: "Safe while the bot runs: the copy is one consistent snapshot. To restore, stop the bot and put the copy in place of library.database.")

    @Argument(help: ArgumentHelp("The file to write; it must not exist yet.", valueName: "file"))
    var file: String

    @OptionGroup var options: CommonOptions

    func validate() throws {
        guard !file.trimmingWhitespace().isEmpty else { throw ValidationError("Give the file to write the backup to, such as library-backup.sqlite.") }
    }

    func run() async throws {
        let settings = try await options.loadSettings()
        guard !FileManager.default.fileExists(atPath: file) else {
            throw CLIFailure("\(file) exists already: give the name of a new file, so that no backup is overwritten.")
        }
        let library = try settings.openLibrary(existing: true)
        let copied: (books: Int, openLoans: Int)
        do {
            copied = try library.database.backup(to: file)
        } catch {
            // The file did not exist: what was written of it is no backup.
            try? FileManager.default.removeItem(atPath: file)
            throw CLIFailure("Cannot write the backup to \(file): \(error)")
        }
        emit("Backed up \(settings.databasePath) to \(file): \(copied.books) book\(copied.books == 1 ? "" : "s"), \(copied.openLoans) out.")
    }
}

extension BookFilter: ExpressibleByArgument {}
extension BookOrder: ExpressibleByArgument {}

extension UInt8 {
    var isWhitespace: Bool { self == 0x20 || self == 0x0A || self == 0x0D || self == 0x09 }
}

/// A failure to report to the operator in one sentence, exiting with status 1.
struct CLIFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

