@testable import Commands
import Foundation
import LibraryCore
import TestSupport
import Testing

/// A library in Paris holding Dune (two copies), Emma, Les Misérables, The Hobbit and a title
/// too long for a choice; Ana has Dune and The Hobbit, Ben waits for The Hobbit, Cy has Emma.
private func makeCompleter() async throws -> CommandCompleter {
    let handler = try await makeHandler()
    try await handler.library.add([
        NewBook(title: "Dune", author: "Frank Herbert"), NewBook(title: "The Hobbit", author: "J.R.R. Tolkien"),
        NewBook(title: String(repeating: "A very long title indeed ", count: 4) + "the end", author: "Someone"),
    ], at: utc("2026-11-02 10:00:00"))
    for (text, sender) in [("checkout Dune", ana), ("checkout The Hobbit", ana), ("hold The Hobbit", ben), ("checkout Emma as Cy", ben)] {
        #expect(await handler.handle(text: text, from: sender, at: tuesday).kind == .success, "\(text)")
    }
    return CommandCompleter(library: handler.library, settings: handler.settings)
}

@Suite("Suggestions while a command is typed (Discord's autocomplete)")
struct CompletionTests {
    @Test("before a verb: the commands whose verb starts with what is typed, each with what it does")
    func verbs() async throws {
        let completer = try await makeCompleter()
        let everything = await completer.suggestions(for: "", from: ana, at: tuesday)
        #expect(everything.map(\.command).starts(with: ["checkout", "return", "renew", "hold"]))
        #expect(everything.contains { $0.command == "who has what" })
        #expect(everything.count <= 25 && everything.allSatisfy { $0.label.utf16.count <= 100 && $0.command.utf16.count <= 100 })
        let returning = await completer.suggestions(for: "ret", from: ana, at: tuesday)
        #expect(returning.map(\.command) == ["return"])
        #expect(returning.first?.label.hasPrefix("return · Bring a book back") == true)
        // A French verb gets its French explanation.
        let french = await completer.suggestions(for: "ren", from: ana, at: tuesday)
        #expect(french.map(\.command) == ["rendre", "renew"])
        #expect(french.first?.label.hasPrefix("rendre · Rendre un livre") == true)
        #expect(await completer.suggestions(for: "xyz", from: ana, at: tuesday).isEmpty)
        // A member who writes in French: where an English and a French verb both fit, the French.
        let inFrench = await completer.suggestions(for: "", from: ana, at: tuesday, language: .fr)
        #expect(inFrench.map(\.command).starts(with: ["emprunter", "rendre", "prolonger", "réserver"]), "\(inFrench.map(\.command))")
        #expect(await completer.suggestions(for: "re", from: ana, at: tuesday, language: .fr).map(\.command).starts(with: ["rendre", "renew", "réserver"]))
        // The start of a longer command is that command, though it also reads as a verb and a title.
        #expect(await completer.suggestions(for: "who has what", from: ana, at: tuesday).map(\.command) == ["who has what"])
        #expect(await completer.suggestions(for: "who has wh", from: ana, at: tuesday).map(\.command) == ["who has what"])
        #expect(await completer.suggestions(for: "qui a qu", from: ana, at: tuesday).map(\.command) == ["qui a quoi"])
        #expect(await completer.suggestions(for: "who has what ", from: ana, at: tuesday).isEmpty, "typed whole, then a space")
    }

    @Test("recommend offers the library's categories, the most used first, each with how many books carry it")
    func recommendCategories() async throws {
        let completer = try await makeCompleter()
        let handler = CommandHandler(library: completer.library, settings: completer.settings)
        for text in ["edit Dune set categories to Science fiction", "edit Emma set categories to Classic", "edit Les Misérables set categories to Classic, Historical fiction"] {
            #expect(await handler.handle(text: text, from: ana, at: tuesday).kind == .success, "\(text)")
        }
        #expect(await completer.suggestions(for: "recommend ", from: ana, at: tuesday) == [
            CommandSuggestion(label: "recommend Classic · 2 books", command: "recommend Classic"),
            CommandSuggestion(label: "recommend Science fiction · 2 books", command: "recommend Science fiction"),
            CommandSuggestion(label: "recommend Historical fiction · 1 book", command: "recommend Historical fiction"),
        ], "both copies of Dune are Science fiction")
        // A word of the name: both fictions.
        #expect(await completer.suggestions(for: "recommend fic", from: ana, at: tuesday).map(\.command) == ["recommend Science fiction", "recommend Historical fiction"])
        #expect(await completer.suggestions(for: "conseille-moi cl", from: ana, at: tuesday, language: .fr) == [
            CommandSuggestion(label: "conseille-moi Classic · 2 livres", command: "conseille-moi Classic"),
        ])
        #expect(await completer.suggestions(for: "recommend zz", from: ana, at: tuesday).isEmpty)
    }

    @Test("return and renew offer the member's own books, with their due day")
    func ownBooks() async throws {
        let completer = try await makeCompleter()
        let returning = await completer.suggestions(for: "return ", from: ana, at: tuesday)
        #expect(returning == [
            CommandSuggestion(label: "return Dune · due Tue 15 Dec", command: "return Dune"),
            CommandSuggestion(label: "return The Hobbit · due Tue 15 Dec", command: "return The Hobbit"),
        ])
        #expect(await completer.suggestions(for: "renew hob", from: ana, at: tuesday).map(\.command) == ["renew The Hobbit"])
        #expect(await completer.suggestions(for: "  renew   hob", from: ana, at: tuesday).map(\.command) == ["renew The Hobbit"], "spaces are spaces")
        #expect(await completer.suggestions(for: "cancel  hold\tthe", from: ben, at: tuesday).map(\.command) == ["cancel hold The Hobbit"])
        #expect(await completer.suggestions(for: "return ", from: ben, at: tuesday).isEmpty, "Ben has nothing to return")
        // Several at once: the last one is completed, and the ones listed are not offered again.
        #expect(await completer.suggestions(for: "return Dune, ", from: ana, at: tuesday).map(\.command) == ["return Dune, The Hobbit"])
        #expect(await completer.suggestions(for: "return dune,the h", from: ana, at: tuesday).map(\.command) == ["return dune, The Hobbit"])
        try await completer.library.add(NewBook(title: "Eats, Shoots & Leaves", author: "Lynne Truss"), at: tuesday)
        #expect(await completer.suggestions(for: "who has eats, sh", from: ana, at: tuesday).map(\.command) == ["who has Eats, Shoots & Leaves"],
                "a comma in a title")
        let french = await completer.suggestions(for: "rendre d", from: ana, at: tuesday)
        #expect(french == [CommandSuggestion(label: "rendre Dune · à rendre mar. 15 déc.", command: "rendre Dune")])
    }

    @Test("checkout offers the books on the shelf first, one choice for copies of a title, and says who has the others")
    func checkout() async throws {
        let completer = try await makeCompleter()
        let all = await completer.suggestions(for: "checkout ", from: ben, at: tuesday)
        #expect(all.map(\.label).prefix(2) == ["checkout Les Misérables · on the shelf", "checkout Dune · on the shelf"])
        // A title too long for a choice's 100 characters: shown cut, sent by its number.
        #expect(all.dropFirst(2).first?.command == "checkout #6")
        #expect(all.dropFirst(2).first?.label.hasPrefix("checkout A very long title indeed A very long title indeed") == true)
        #expect(all.map(\.command).filter { $0 == "checkout Dune" }.count == 1, "two copies of Dune, one choice")
        #expect(all.contains(CommandSuggestion(label: "checkout Emma · Cy has it, due Tue 15 Dec", command: "checkout Emma")))
        #expect(all.contains(CommandSuggestion(label: "checkout The Hobbit · Ana has it, due Tue 15 Dec", command: "checkout The Hobbit")))
        // Case, accents and articles aside; a word of the title; the verb as typed.
        #expect(await completer.suggestions(for: "Borrow les mis", from: ben, at: tuesday).map(\.command) == ["Borrow Les Misérables"])
        #expect(await completer.suggestions(for: "check out hobb", from: ben, at: tuesday).map(\.command) == ["check out The Hobbit"])
        #expect(await completer.suggestions(for: "emprunter mise", from: ben, at: tuesday).map(\.label) == ["emprunter Les Misérables · sur l'étagère"])
        // Past the title, nothing matches.
        #expect(await completer.suggestions(for: "checkout Dune as B", from: ben, at: tuesday).isEmpty)
    }

    @Test("books of one title by different authors are a choice each, named with their author, which works as sent")
    func titleOfSeveralAuthors() async throws {
        let handler = try await makeHandler()
        try await handler.library.add(NewBook(title: "Emma", author: "Someone Else"), at: utc("2026-11-02 10:00:00"))
        let completer = CommandCompleter(library: handler.library, settings: handler.settings)
        let choices = await completer.suggestions(for: "checkout em", from: ben, at: tuesday)
        #expect(choices.map(\.command) == ["checkout Emma by Jane Austen", "checkout Emma by Someone Else"])
        let other = try #require(choices.last)
        let sent = await handler.handle(text: other.command, from: ben, at: tuesday)
        #expect(sent.text.hasPrefix("Emma is checked out to Ben."), "\(sent.text)")
        #expect(await completer.suggestions(for: "return ", from: ben, at: tuesday).map(\.label)
                == ["return Emma by Someone Else · due Tue 15 Dec"])
    }

    @Test("a number typed in digits offers the titles that write it in words, after the titles that hold the digits")
    func numbers() async throws {
        let completer = try await makeCompleter()
        try await completer.library.add([
            NewBook(title: "Nineteen Eighty-Four", author: "George Orwell"), NewBook(title: "1984 Revisited", author: "Someone"),
            NewBook(title: "Catch-22", author: "Joseph Heller"),
        ], at: tuesday)
        #expect(await completer.suggestions(for: "checkout 1984", from: ben, at: tuesday).map(\.command)
            == ["checkout 1984 Revisited", "checkout Nineteen Eighty-Four"])
        #expect(await completer.suggestions(for: "checkout 19", from: ben, at: tuesday).map(\.command)
            == ["checkout 1984 Revisited", "checkout Nineteen Eighty-Four"])
        #expect(await completer.suggestions(for: "who has catch twenty-two", from: ben, at: tuesday).map(\.command) == ["who has Catch-22"])
        #expect(await completer.suggestions(for: "checkout 1985", from: ben, at: tuesday).isEmpty)
    }

    @Test("a title's initials offer it, after the titles that hold the letters; three letters offer nothing by initials")
    func initials() async throws {
        let completer = try await makeCompleter()
        try await completer.library.add([
            NewBook(title: "The Lord of the Rings", author: "J.R.R. Tolkien"), NewBook(title: "Brave New World", author: "Aldous Huxley"),
        ], at: tuesday)
        #expect(await completer.suggestions(for: "checkout lotr", from: ben, at: tuesday).map(\.command) == ["checkout The Lord of the Rings"])
        #expect(await completer.suggestions(for: "checkout tlotr", from: ben, at: tuesday).map(\.command) == ["checkout The Lord of the Rings"])
        #expect(await completer.suggestions(for: "checkout bnw", from: ben, at: tuesday).isEmpty)
    }

    @Test("hold offers the books out that others have; cancel hold the lines the member is in")
    func holds() async throws {
        let completer = try await makeCompleter()
        #expect(await completer.suggestions(for: "hold ", from: ana, at: tuesday).map(\.label) == ["hold Emma · Cy has it, due Tue 15 Dec"])
        #expect(await completer.suggestions(for: "hold ", from: ben, at: tuesday).map(\.command) == ["hold Dune", "hold Emma", "hold The Hobbit"])
        #expect(await completer.suggestions(for: "cancel hold ", from: ben, at: tuesday)
            == [CommandSuggestion(label: "cancel hold The Hobbit · you are number 1 in line", command: "cancel hold The Hobbit")])
        #expect(await completer.suggestions(for: "who has the h", from: ben, at: tuesday).map(\.command) == ["who has The Hobbit"])
    }

    @Test("report lost offers the member's books first; found and repaired the copies so reported, a missing one said so")
    func reports() async throws {
        let completer = try await makeCompleter()
        let lost = await completer.suggestions(for: "report lost ", from: ana, at: tuesday).map(\.command)
        #expect(lost.prefix(2) == ["report lost Dune", "report lost The Hobbit"], "\(lost)")
        #expect(await completer.suggestions(for: "report found ", from: ana, at: tuesday).isEmpty)
        let handler = CommandHandler(library: completer.library, settings: completer.settings)
        #expect(await handler.handle(text: "Les Misérables is lost", from: ben, at: tuesday).kind == .info)
        #expect(await handler.handle(text: "Emma is damaged", from: ben, at: tuesday).kind == .info)
        #expect(await completer.suggestions(for: "report found ", from: ana, at: tuesday)
            == [CommandSuggestion(label: "report found Les Misérables · missing", command: "report found Les Misérables")])
        #expect(await completer.suggestions(for: "report repaired e", from: ana, at: tuesday).map(\.command) == ["report repaired Emma"])
    }

    @Test("books like offers the books by title")
    func booksLike() async throws {
        let completer = try await makeCompleter()
        #expect(await completer.suggestions(for: "books like hob", from: ana, at: tuesday).map(\.command) == ["books like The Hobbit"])
        #expect(await completer.suggestions(for: "des livres comme les", from: ana, at: tuesday).map(\.command) == ["des livres comme Les Misérables"])
    }

    @Test("verbs that take no book, and text that is no command, get no book suggestions")
    func noBooks() async throws {
        let completer = try await makeCompleter()
        #expect(await completer.suggestions(for: "my books ", from: ana, at: tuesday).isEmpty)
        #expect(await completer.suggestions(for: "list available", from: ana, at: tuesday).isEmpty)
        #expect(await completer.suggestions(for: "stats ", from: ana, at: tuesday).isEmpty)
        #expect(await completer.suggestions(for: String(repeating: "checkout ", count: 100), from: ana, at: tuesday).isEmpty)
    }
}

@Suite("Slack's Home tab view")
struct SlackHomeViewTests {
    @Test("a member with many books gets a view Slack accepts: at most 100 blocks, 25 buttons a row, button texts of 75 characters")
    func limits() throws {
        let titles = (1...70).map { "Book number \($0) with a title long enough to be cut on its button, surely" }
        let buttons = titles.enumerated().flatMap { index, title in
            [Reply.Action(label: "Return \(title)", command: "return #\(index + 1)"),
             Reply.Action(label: "Renew \(title)", command: "renew #\(index + 1)")]
        }
        let books = Reply(.info, "You have 70 books:", lines: titles.map { "\($0)" }, language: .en)
        // What the last button did, long enough to fill a message of its own (50 blocks).
        let outcome = Reply(.success, "Returned 60 books:", lines: (1...60).map { "\(String(repeating: "x", count: 2_900)) \($0)" }, language: .en)
        let view = SlackRenderer.home(outcome: outcome, books: books, buttons: buttons, footer: "70 of 70 books.")
        #expect(view.type == "home")
        #expect(view.blocks.count <= 100)
        let rows = view.blocks.filter { $0.type == "actions" }
        #expect(rows.count == 4, "100 buttons, 25 a row, whatever came before them")
        #expect(rows.allSatisfy { ($0.elements?.count ?? 0) <= 25 })
        var pressable: [String] = []
        for row in rows {
            for element in row.elements ?? [] {
                guard case .button(let text, let actionID, let value, _) = element else { continue }
                #expect(text.utf16.count <= 75)
                #expect(actionID == SlackRenderer.homeActionPrefix + value)
                pressable.append(value)
            }
        }
        #expect(pressable.prefix(2) == ["return #1", "renew #1"])
        #expect(Set(pressable).count == pressable.count, "each button's action id is its own")
        // The footer closes the view.
        #expect(view.blocks.last?.type == "context")
    }
}
