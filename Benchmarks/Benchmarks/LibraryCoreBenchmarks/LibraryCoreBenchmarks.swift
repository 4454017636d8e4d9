import Benchmark
import Foundation
import GRDB
import LibraryCore
import Synchronization

/// A library of 10,000 books and 100,000 past loans in a WAL file database, with 400 books
/// out (100 of them overdue), built once before the benchmarks run.
struct Fixture: Sendable {
    let library: LibraryService
    let availableBooks: [Int64]
    /// A title with two letters swapped, which still designates exactly one book.
    let typo: String
    let now: Date

    static let shared = Mutex<Fixture?>(nil)

    static func build() async throws -> Fixture {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("librarybot-bench-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        let library = LibraryService(database: try LibraryDatabase.file(at: folder.appendingPathComponent("library.sqlite").path))
        var random = SplitMix64(seed: 42)
        let words = Fixture.words
        var titles = Set<String>()
        while titles.count < 10_000 {
            let count = 2 + Int(random.next() % 4)
            titles.insert((0..<count).map { _ in words[Int(random.next() % UInt64(words.count))] }.joined(separator: " ").capitalized)
        }
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        let books = try await library.add(titles.sorted().map {
            NewBook(title: $0, author: "\(words[Int(random.next() % UInt64(words.count))].capitalized) Writer",
                    categories: [words[Int(random.next() % UInt64(words.count))]])
        }, at: start)
        let ids = books.map(\.id)

        // 100,000 past loans, written straight to the table: this is setup, not the measure.
        try await library.database.writer.write { db in
            let statement = try db.makeStatement(sql: """
                INSERT INTO loan (bookID, borrowerName, borrowerKey, checkedOutAt, dueAt, returnedAt, renewals)
                VALUES (?, ?, ?, ?, ?, ?, 0)
                """)
            for index in 0..<100_000 {
                let out = start.addingTimeInterval(Double(index) * 600)
                let name = "Reader \(index % 300)"
                try statement.execute(arguments: [ids[index % ids.count], name, TextKey.fold(name), out,
                                                  out.addingTimeInterval(14 * 86_400), out.addingTimeInterval(7 * 86_400)])
            }
        }
        let now = start.addingTimeInterval(100_000 * 600 + 86_400)
        for (index, id) in ids.prefix(400).enumerated() {
            let checkedOut = now.addingTimeInterval(index < 100 ? -20 * 86_400 : -Double(index % 10) * 86_400)
            try await library.checkout("#\(id)", to: Borrower(name: "Member \(index % 40)"), at: checkedOut)
        }

        // A typo of a long-enough title that still resolves to that one book.
        var typo = ""
        for book in books.dropFirst(500) where book.title.count >= 12 {
            var characters = Array(book.title)
            characters.swapAt(2, 3)
            let candidate = String(characters)
            if candidate != book.title, (try? await library.resolve(candidate))?.id == book.id {
                typo = candidate
                break
            }
        }
        return Fixture(library: library, availableBooks: Array(ids.dropFirst(400)), typo: typo, now: now)
    }

    static let words = """
        amber river silent garden winter shadow crown glass iron letter harbor lantern orchard \
        mountain whisper journey forest paper empire ocean thunder velvet marble kingdom island \
        mirror compass feather candle valley desert storm silver golden hidden broken distant \
        forgotten burning frozen wandering secret ancient bright quiet scarlet hollow northern \
        southern eastern western midnight morning evening summer autumn spring city tower bridge \
        road house castle library map clock engine song dance fire stone bone salt honey wolf fox \
        raven owl lion bear horse whale sparrow rose lily thorn oak willow pine moss cloud rain \
        snow star moon sun comet planet voyage return promise memory dream question answer
        """.split(whereSeparator: \.isWhitespace).map(String.init)
}

/// A small deterministic generator, so every run measures the same library.
struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

func fixture() throws -> Fixture {
    guard let fixture = Fixture.shared.withLock({ $0 }) else { throw CocoaError(.featureUnsupported) }
    return fixture
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        warmupIterations: 20,
        maxDuration: .seconds(5),
        maxIterations: 5_000
    )
    Benchmark.setup = {
        if Fixture.shared.withLock({ $0 }) == nil {
            let built = try await Fixture.build()
            Fixture.shared.withLock { $0 = built }
        }
    }

    Benchmark("checkout + return") { benchmark in
        let fixture = try fixture()
        let reader = Borrower(name: "Bench Reader", userID: "U-BENCH")
        var index = 0
        for _ in benchmark.scaledIterations {
            let reference = "#\(fixture.availableBooks[index % fixture.availableBooks.count])"
            index += 1
            try await fixture.library.checkout(reference, to: reader, at: fixture.now)
            try await fixture.library.returnBook(reference, at: fixture.now)
        }
    }

    Benchmark("title resolution with a typo") { benchmark in
        let fixture = try fixture()
        for _ in benchmark.scaledIterations {
            blackHole(try await fixture.library.resolve(fixture.typo))
        }
    }

    Benchmark("search (two words)") { benchmark in
        let fixture = try fixture()
        for _ in benchmark.scaledIterations {
            blackHole(try await fixture.library.search("silent river"))
        }
    }

    Benchmark("overdue list") { benchmark in
        let fixture = try fixture()
        for _ in benchmark.scaledIterations {
            blackHole(try await fixture.library.overdue(at: fixture.now))
        }
    }
}
