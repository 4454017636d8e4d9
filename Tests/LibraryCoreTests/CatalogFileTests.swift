import Foundation
@testable import LibraryCore
import Testing

@Suite("Catalog files: CSV and JSON")
struct CatalogFileTests {
    @Test("CSV rows: quotes, doubled quotes, commas and line breaks in fields, line numbers")
    func csvRows() throws {
        let text = """
            title,author,publisher,categories,isbn\r
            "Moby-Dick; or, The Whale",Herman Melville,,Adventure;Classic,978-0-14-243724-7\r

            "The ""Quoted"" Book","Someone",Pub,,\r
            "Two
            Lines",Author,,,
            No Author,,,,
            Bad ISBN,Someone,,,12345
            Short,Row
            """
        let rows = try CatalogFile.rows(csv: text)
        #expect(rows.map(\.line) == [2, 4, 5, 7, 8, 9])
        #expect(rows[0].book == NewBook(title: "Moby-Dick; or, The Whale", author: "Herman Melville",
                                        categories: ["Adventure", "Classic"], isbn: "9780142437247"))
        #expect(rows[1].book?.title == "The \"Quoted\" Book")
        #expect(rows[2].book?.title == "Two Lines")
        #expect(rows[3].problem == "The author is missing.")
        #expect(rows[4].problem == "'12345' is not a valid ISBN-10 or ISBN-13.")
        #expect(rows[5].problem == "has 2 fields, the header has 5")
    }

    @Test("a CSV header with an unknown column, or without a title, is refused as a whole")
    func badHeader() {
        #expect(throws: CatalogFile.FormatError.self) { try CatalogFile.rows(csv: "title,writer\nDune,Herbert\n") }
        #expect(throws: CatalogFile.FormatError.self) { try CatalogFile.rows(csv: "author\nHerbert\n") }
        #expect(throws: CatalogFile.FormatError.self) { try CatalogFile.rows(csv: "") }
        #expect(throws: CatalogFile.FormatError.self) { try CatalogFile.rows(csv: "title,author\n\"Dune,Herbert\n") }
    }

    @Test("a row with an ISBN and neither title nor author is a book to look up, with what else it gives; a header of isbn alone will do")
    func isbnOnlyRows() throws {
        let rows = try CatalogFile.rows(csv: "isbn,categories\n978-0-14-032872-1,Children\n12345,\n\n0-8044-2957-X,\n")
        #expect(rows.map(\.line) == [2, 3, 5])
        #expect(rows[0].lookUp == NewBook(title: "", author: "", categories: ["Children"], isbn: "9780140328721"))
        #expect(rows[0].book == nil && rows[0].problem == nil)
        #expect(rows[1].problem == "'12345' is not a valid ISBN-10 or ISBN-13.")
        #expect(rows[2].lookUp?.isbn == "080442957X")
        // A title without its author is still an error, not a lookup.
        let half = try CatalogFile.rows(csv: "title,author,isbn\nDune,,9780441172719\n")
        #expect(half.first?.problem == "The author is missing.")
        #expect(half.first?.lookUp == nil)
        let json = try CatalogFile.rows(json: Data(#"[{"isbn": "9780140328721", "publisher": "Puffin"}]"#.utf8))
        #expect(json.first?.lookUp == NewBook(title: "", author: "", publisher: "Puffin", isbn: "9780140328721"))
        #expect(throws: CatalogFile.FormatError.self) { try CatalogFile.rows(csv: "categories\nChildren\n") }
    }

    @Test("columns may come in any order, and optional ones may be missing")
    func columnOrder() throws {
        let rows = try CatalogFile.rows(csv: "\u{FEFF}Author,Title\nFrank Herbert,Dune\n")
        #expect(rows.map(\.book) == [NewBook(title: "Dune", author: "Frank Herbert")])
    }

    @Test("CSV and JSON exports read back as the same books")
    func roundTrip() async throws {
        let library = try await makeLibrary(books: DemoBooks.all + [
            NewBook(title: "Moby-Dick; or, \"The Whale\"", author: "Herman Melville", publisher: "Harper, & Brothers", categories: ["Sea", "Classic"]),
        ])
        let books = try await library.allBooks()
        let expected = books.map { NewBook(title: $0.title, author: $0.author, publisher: $0.publisher, categories: $0.categories, isbn: $0.isbn) }
        #expect(try CatalogFile.rows(csv: CatalogFile.csv(books)).map(\.book) == expected)
        #expect(try CatalogFile.rows(json: CatalogFile.json(books)).map(\.book) == expected)
        #expect(try String(decoding: CatalogFile.json([]), as: UTF8.self) == "[]")
        #expect(try CatalogFile.rows(json: CatalogFile.json([])).isEmpty)
    }

    @Test("a JSON catalog that is not an array of books says where and what is wrong", arguments: [
        (#"[{"title": "Dune", "author": 5}]"#, "Book 1: author must be text."),
        (#"[{"title": "Dune", "author": "F"}, {"title": "Emma", "author": "J", "categories": ["a", 3]}]"#, "Book 2: categories must be a list of text."),
        (#"[{"title": "Dune", "author": "F"}, 7]"#, "Book 2 is not an object with a title and an author."),
        (#"{"title": "Dune"}"#, #"Not a JSON array of books, such as [{"title": "Dune", "author": "Frank Herbert"}]."#),
        (#"[{"title": "Dune", "author": "F""#, "Not valid JSON (look for a missing or extra bracket, brace, comma or quote)."),
    ])
    func jsonProblems(json: String, problem: String) {
        #expect(throws: CatalogFile.FormatError(description: problem)) { try CatalogFile.rows(json: Data(json.utf8)) }
    }

    @Test("every demo book is valid, with a checksummed ISBN")
    func demoBooks() throws {
        #expect(DemoBooks.all.count >= 12)
        for demo in DemoBooks.all {
            let valid = try demo.validated()
            #expect(valid.isbn != nil)
            #expect(valid == demo)
        }
    }
}
