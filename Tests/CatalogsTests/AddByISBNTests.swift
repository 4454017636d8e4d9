import Catalogs
import Commands
import Foundation
import LibraryCore
import TestSupport
import Testing

private let admin = Sender(name: "Ana", userID: "U-ANA")
private let member = Sender(name: "Ben", userID: "U-BEN")
private let monday = utc("2026-11-30 09:00:00")

/// A handler on an empty in-memory library whose `add isbn` asks `openLibrary`, Ana alone admin.
private func handler(_ openLibrary: OpenLibraryEmulator, timeout: Duration = .seconds(10)) throws -> CommandHandler {
    CommandHandler(library: LibraryService(database: try LibraryDatabase.inMemory()),
                   settings: HandlerSettings(admins: ["U-ANA"], isbnCatalog: openLibrary.catalog(timeout: timeout)))
}

@Suite("add isbn N: the title and author looked up in Open Library")
struct AddByISBNTests {
    @Test("an ISBN Open Library knows adds the book with its title, authors, publisher and ISBN, and says where they came from")
    func added() async throws {
        let openLibrary = try await OpenLibraryEmulator()
        let handler = try handler(openLibrary)
        let reply = await handler.handle(text: "add isbn 978-0-14-032872-1", from: admin, at: monday)
        #expect(reply.kind == .success)
        #expect(reply.text == """
            Added Fantastic Mr Fox by Roald Dahl as #1.
              Title, author and publisher from Open Library; to change one: `edit #1 set title to …`.
              Try: `checkout Fantastic Mr Fox`
            """, "\(reply.text)")
        let book = try await handler.library.resolve("#1")
        #expect(book.isbn == "9780140328721")
        #expect(book.publisher == "Puffin")
        #expect(book.categories.isEmpty)
        // Several authors are one author line; a second scan of the same ISBN adds nothing.
        #expect(await handler.handle(text: "add isbn 9780262033848", from: admin, at: monday).text
            .hasPrefix("Added Introduction to Algorithms by Thomas H. Cormen, Charles E. Leiserson, Ronald L. Rivest, Clifford Stein as #2."))
        let again = await handler.handle(text: "add isbn 9780140328721", from: admin, at: monday)
        #expect(again.text.hasPrefix("ISBN 9780140328721 is already on the shelf: Fantastic Mr Fox (#1).\n  Another copy of it? Add it with its title and author."))
        // The suggestion adds a second copy, as typed.
        #expect(again.suggestion == "add \"Fantastic Mr Fox\" by Roald Dahl isbn: 9780140328721")
        #expect(await handler.handle(text: try #require(again.suggestion), from: admin, at: monday).text
            .hasPrefix("Added Fantastic Mr Fox by Roald Dahl as #3.\n  The library now has 2 copies of it (#1, #3)."))
        #expect(try await openLibrary.received().count == 2)
        let french = await handler.handle(text: "ajouter isbn 9782070612758", from: admin, at: monday)
        // Open Library's subjects that are genres are its categories, in the library's language.
        #expect(french.text.hasPrefix("Le Petit Prince d'Antoine de Saint-Exupéry est ajouté sous le numéro #4.\n  Titre, auteur, éditeur et catégories (Children) d'après Open Library ; pour en changer un : `modifier #4 titre = …`."), "\(french.text)")
        let sawyer = await handler.handle(text: "add isbn 9780451526533", from: admin, at: monday)
        #expect(sawyer.text.hasPrefix("Added The adventures of Tom Sawyer by Mark Twain as #5.\n  Title, author, publisher and categories (Adventure, Children, Classic) from Open Library;"), "\(sawyer.text)")
        #expect(try await handler.library.resolve("#5").categories == ["Adventure", "Children", "Classic"])
        #expect(try await handler.library.search("children", limit: 10).map(\.book.id).sorted() == [4, 5])
    }

    @Test("an ISBN scanned into the chat alone names its book, or, when no book has it, offers to add it by its ISBN")
    func scanned() async throws {
        let openLibrary = try await OpenLibraryEmulator()
        let handler = try handler(openLibrary)
        let unknown = await handler.handle(text: "978-0-14-032872-1", from: member, at: monday)
        #expect(unknown.text.hasPrefix("No book on the shelf has ISBN 9780140328721."), "\(unknown.text)")
        #expect(unknown.suggestion == "add isbn 9780140328721")
        #expect(await handler.handle(text: try #require(unknown.suggestion), from: admin, at: monday).kind == .success)
        #expect(await handler.handle(text: "9780140328721", from: member, at: monday).text.hasPrefix("Fantastic Mr Fox is on the shelf."))
        #expect(try await openLibrary.received().count == 1, "only the add looks anything up")
    }

    @Test("several ISBNs at once (a pile scanned) are each looked up and answered in turn")
    func several() async throws {
        let openLibrary = try await OpenLibraryEmulator()
        let handler = try handler(openLibrary)
        let reply = await handler.handle(text: "add isbn 9780140328721, 9782070612758 9780306406157", from: admin, at: monday)
        let text = reply.text
        let added = try #require(text.range(of: "Added Fantastic Mr Fox by Roald Dahl as #1."), "\(text)")
        let second = try #require(text.range(of: "Added Le Petit Prince by Antoine de Saint-Exupéry as #2."), "\(text)")
        let unknown = try #require(text.range(of: "Open Library does not know ISBN 9780306406157"), "\(text)")
        #expect(added.lowerBound < second.lowerBound && second.lowerBound < unknown.lowerBound)
        #expect(try await handler.library.allBooks().map(\.title) == ["Fantastic Mr Fox", "Le Petit Prince"])
    }

    @Test("an ISBN Open Library does not know, or knows with no author, asks for what is missing; the suggestion works")
    func missing() async throws {
        let openLibrary = try await OpenLibraryEmulator()
        let handler = try handler(openLibrary)
        let unknown = await handler.handle(text: "add isbn 9780306406157", from: admin, at: monday)
        #expect(unknown.kind == .error)
        #expect(unknown.text.hasPrefix("Open Library does not know ISBN 9780306406157: give the title and the author with it."))
        #expect(unknown.suggestion == "add TITLE by AUTHOR isbn: 9780306406157")
        let authorless = await handler.handle(text: "add isbn 9780000000026", from: admin, at: monday)
        #expect(authorless.text.hasPrefix("Open Library knows ISBN 9780000000026 as A Book by Nobody, with no author: give the author with it."))
        #expect(authorless.suggestion == "add \"A Book by Nobody\" by AUTHOR isbn: 9780000000026")
        let typed = try #require(authorless.suggestion).replacingOccurrences(of: "AUTHOR", with: "Jane Doe")
        #expect(await handler.handle(text: typed, from: admin, at: monday).text.hasPrefix("Added A Book by Nobody by Jane Doe as #1."))
        #expect(try await handler.library.resolve("#1").isbn == "9780000000026")
    }

    @Test("Open Library failing, slow or gone: the reply says so, nothing is added, and the title and author can still be given")
    func failures() async throws {
        let openLibrary = try await OpenLibraryEmulator()
        // 1 s for the slow answer alone: the others get time enough on a loaded machine.
        let impatient = try handler(openLibrary, timeout: .seconds(1))
        let handler = try handler(openLibrary, timeout: .seconds(30))
        let refused = await handler.handle(text: "add isbn 9780000000002", from: admin, at: monday)
        #expect(refused.kind == .error)
        #expect(refused.text.hasPrefix("I could not look up ISBN 9780000000002: Open Library answered with HTTP 503. Try again later, or give the title and the author with it."))
        #expect(refused.suggestion == "add TITLE by AUTHOR isbn: 9780000000002")
        #expect(await impatient.handle(text: "add isbn 9780000000019", from: admin, at: monday).text
            .hasPrefix("I could not look up ISBN 9780000000019: Open Library did not answer within 1 s."))
        #expect(await handler.handle(text: "ajouter isbn 9780000000002", from: admin, at: monday).text
            .hasPrefix("Je n'ai pas pu chercher l'ISBN 9780000000002 : Open Library a répondu HTTP 503. Réessayez plus tard"))
        #expect(await handler.handle(text: "ajouter isbn 9780000000033", from: admin, at: monday).text
            .hasPrefix("Je n'ai pas pu chercher l'ISBN 9780000000033 : Open Library a répondu autre chose qu'une fiche de livre."))
        #expect(try await handler.library.allBooks().isEmpty)
    }

    @Test("only admins look books up; a bad ISBN is refused before anything is asked")
    func refusals() async throws {
        let openLibrary = try await OpenLibraryEmulator()
        let handler = try handler(openLibrary)
        #expect(await handler.handle(text: "add isbn 9780140328721", from: member, at: monday).kind == .error)
        #expect(await handler.handle(text: "add isbn 9780140328722", from: admin, at: monday).text
            .hasPrefix("'9780140328722' is not a valid ISBN-10 or ISBN-13: check the digits."))
        #expect(try await openLibrary.received().isEmpty)
        #expect(try await handler.library.allBooks().isEmpty)
    }

    @Test("what Open Library says is shown as text: a title that tries to ping everyone pings nobody")
    func escaped() async throws {
        let openLibrary = try await OpenLibraryEmulator()
        let handler = try handler(openLibrary)
        let reply = await handler.handle(text: "add isbn 9780000000040", from: admin, at: monday)
        #expect(reply.kind == .success)
        let slack = SlackRenderer.render(reply)
        #expect(!slack.text.contains("<!channel>") && !slack.text.contains("<@U123>"), "\(slack.text)")
        let discord = DiscordRenderer.render(reply)
        #expect(!discord.content.contains("@everyone") && discord.content.contains("@\u{200B}everyone"), "\(discord.content)")
        #expect(try await handler.library.resolve("#1").title == "<!channel> @everyone *bold*")
    }
}
