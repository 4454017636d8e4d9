@testable import Commands
import Foundation
import TestSupport
import LibraryCore
import Testing

/// A handler over a real in-memory library holding Dune, Emma and Les Misérables, in Paris.
func makeHandler(admins: Set<String> = []) async throws -> CommandHandler {
    let paris = try #require(TimeZone(identifier: "Europe/Paris"))
    let library = LibraryService(database: try LibraryDatabase.inMemory(), rules: LibraryRules(loanDays: 14, timeZone: paris))
    try await library.add([
        NewBook(title: "Dune", author: "Frank Herbert"), NewBook(title: "Emma", author: "Jane Austen"),
        NewBook(title: "Les Misérables", author: "Victor Hugo"),
    ], at: utc("2026-11-01 10:00:00"))
    return CommandHandler(library: library, settings: HandlerSettings(admins: admins, timeZone: paris))
}

let ana = Sender(name: "Ana", userID: "U-ANA")
let ben = Sender(name: "Ben", userID: "U-BEN")
let tuesday = utc("2026-12-01 09:00:00")
/// `n` minutes after `tuesday`: each message of a test at its own minute, as undo and the
/// recent memory of a member tell commands apart by their time.
func minute(_ n: Int) -> Date { tuesday.addingTimeInterval(Double(n) * 60) }

@Suite("CommandHandler: intents to replies, in English and French")
struct CommandHandlerTests {
    @Test("a checkout for 'my colleague Ben' or 'on behalf of Ben' lends to Ben, not to the asker; a title with those words stays one")
    func onBehalfOf() async throws {
        let handler = try await makeHandler()
        try await handler.library.add(NewBook(title: "A Walk on Behalf of Nobody", author: "Ann Writer"), at: utc("2026-11-02 10:00:00"))
        let colleague = await handler.handle(text: "checkout Dune for my colleague Ben", from: ana, at: minute(0))
        #expect(colleague.text.hasPrefix("Dune is checked out to Ben."), "\(colleague.text)")
        let behalf = await handler.handle(text: "borrow Emma on behalf of Ben", from: ana, at: minute(1))
        #expect(behalf.text.hasPrefix("Emma is checked out to Ben."), "\(behalf.text)")
        let french = await handler.handle(text: "emprunter Les Misérables pour ma collègue Chloé", from: ana, at: minute(2))
        #expect(french.text.hasPrefix("Les Misérables est emprunté par Chloé."), "\(french.text)")
        let title = await handler.handle(text: "checkout A Walk on Behalf of Nobody", from: ana, at: minute(3))
        #expect(title.text.hasPrefix("A Walk on Behalf of Nobody is checked out to Ana."), "\(title.text)")
        let trip = await handler.handle(text: "return Dune", from: ana, at: minute(4))
        #expect(trip.kind == .success, "\(trip.text)")
        let mine = await handler.handle(text: "checkout Dune for my trip", from: ana, at: minute(5))
        #expect(mine.text.hasPrefix("Dune is checked out to Ana."), "\(mine.text)")
    }

    @Test("more by the same author: the author of the book last named, or of the book named; asked for when none was")
    func sameAuthor() async throws {
        let handler = try await makeHandler()
        try await handler.library.add([NewBook(title: "Persuasion", author: "Jane Austen"), NewBook(title: "Children of Dune", author: "Frank Herbert")],
                                      at: utc("2026-11-02 10:00:00"))
        let none = await handler.handle(text: "more by the same author", from: ana, at: minute(0))
        #expect(none.kind == .error)
        #expect(none.text.hasPrefix("Which author? Name a book first"), "\(none.text)")
        _ = await handler.handle(text: "who has Emma", from: ana, at: minute(1))
        let austen = await handler.handle(text: "anything else by the same author?", from: ana, at: minute(2))
        #expect(austen.text.hasPrefix("2 found for 'Jane Austen':"), "\(austen.text)")
        #expect(austen.text.contains("Persuasion") && !austen.text.contains("Dune"), "\(austen.text)")
        let herbert = await handler.handle(text: "other books by the author of Dune", from: ana, at: minute(3))
        #expect(herbert.text.hasPrefix("2 found for 'Frank Herbert':"), "\(herbert.text)")
        #expect(herbert.text.contains("Children of Dune"), "\(herbert.text)")
        let french = await handler.handle(text: "cherche l'auteur d'Emma", from: ana, at: minute(4))
        #expect(french.text.hasPrefix("2 trouvés pour « Jane Austen » :"), "\(french.text)")
        _ = await handler.handle(text: "qui a Les Misérables ?", from: ana, at: minute(5))
        let hugo = await handler.handle(text: "d'autres livres du même auteur ?", from: ana, at: minute(6))
        #expect(hugo.text.hasPrefix("1 trouvé pour « Victor Hugo » :"), "\(hugo.text)")
        let unknown = await handler.handle(text: "search the author of Nothing Here", from: ana, at: minute(7))
        #expect(unknown.text.hasPrefix("No book matches 'Nothing Here'."), "\(unknown.text)")
    }

    @Test("checkout for someone, then who has, then return: English")
    func lendingEnglish() async throws {
        let handler = try await makeHandler()
        let lent = await handler.handle(text: "checkout Dune as Ben", from: ana, at: tuesday)
        #expect(lent.kind == .success)
        #expect(lent.text.contains("Dune is checked out to Ben."))
        #expect(lent.text.contains("Due Tue 15 Dec."))
        let who = await handler.handle(text: "who has dune?", from: ana, at: tuesday)
        #expect(who.text.contains("Ben has Dune since Tue 1 Dec, due Tue 15 Dec."))
        let again = await handler.handle(text: "borrow Dune", from: ana, at: tuesday.addingTimeInterval(3600))
        #expect(again.kind == .error)
        #expect(again.text.contains("Dune is already checked out by Ben since Tue 1 Dec."))
        #expect(again.suggestion == "hold Dune")
        let back = await handler.handle(text: "return Dune", from: ben, at: tuesday.addingTimeInterval(7200))
        #expect(back.text.contains("Dune is back on the shelf"))
        let notOut = await handler.handle(text: "return Dune", from: ben, at: tuesday.addingTimeInterval(7200))
        #expect(notOut.kind == .error)
        #expect(notOut.text.contains("is not checked out"))
    }

    @Test("checkout as a mentioned member lends to that member, by name and user id")
    func checkoutForMention() async throws {
        let handler = try await makeHandler()
        let anaMentioningBen = Sender(name: "Ana", userID: "U-ANA", mentions: ["<@U-BEN>": Borrower(name: "Ben Okafor", userID: "U-BEN")])
        let lent = await handler.handle(text: "checkout Dune as <@U-BEN>", from: anaMentioningBen, at: tuesday)
        #expect(lent.text.contains("Dune is checked out to Ben Okafor."))
        // Ben's own `my books`, whatever name he goes by now: the loan has his user id.
        let renamedBen = Sender(name: "Benjamin", userID: "U-BEN")
        let his = await handler.handle(text: "my books", from: renamedBen, at: tuesday)
        #expect(his.text.contains("You have 1 book:"))
        let asked = await handler.handle(text: "what does <@U-BEN> have", from: anaMentioningBen, at: tuesday)
        #expect(asked.text.contains("Ben Okafor has 1 book:"))
        // "@Ben Okafor" typed as plain text is Ben Okafor.
        let typedAt = await handler.handle(text: "what does @Ben Okafor have", from: ana, at: tuesday)
        #expect(typedAt.text.contains("Ben Okafor has 1 book:"))
        // A mention the platform could not resolve names nobody: nothing is recorded for a token.
        let unknown = await handler.handle(text: "what does <@U-ZED> have", from: anaMentioningBen, at: tuesday)
        #expect(unknown.kind == .error)
        #expect(unknown.text.hasPrefix("I could not tell who that mention is, so nothing was done."))
        let lentToNobody = await handler.handle(text: "checkout Emma as <@!42>", from: anaMentioningBen, at: tuesday)
        #expect(lentToNobody.text.hasPrefix("I could not tell who that mention is"))
        let french = await handler.handle(text: "emprunter Emma pour <@42>", from: anaMentioningBen, at: tuesday)
        #expect(french.text.hasPrefix("Je n'ai pas pu savoir qui est la personne mentionnée"))
        #expect(await handler.handle(text: "who has Emma", from: ana, at: tuesday).text.contains("on the shelf"))
    }

    @Test("a suggested command quotes a title that holds a separator, so that typing it works")
    func suggestionsQuoteTitles() async throws {
        let handler = try await makeHandler()
        for title in ["A Prayer for Owen Meany", "Eats, Shoots and Leaves", "Me as \"Well\""] {
            let added = await handler.handle(text: "add «\(title)» by Some One", from: ana, at: tuesday)
            let suggestion = try #require(added.suggestion)
            #expect(suggestion.hasPrefix("checkout "), "\(added.text)")
            // Typing the suggestion as it is lends that very book, to the one who types it.
            let typed = await handler.handle(text: suggestion, from: ana, at: tuesday)
            #expect(typed.text.contains("\(title) is checked out to Ana."), "\(suggestion): \(typed.text)")
        }
        let plain = await handler.handle(text: "who has Dune", from: ana, at: tuesday)
        #expect(plain.suggestion == "checkout Dune")
        // Error replies too: a hold on a book on the shelf suggests a checkout that works as typed.
        _ = await handler.handle(text: "add «A Prayer for Owen Meany, 2» by John Irving", from: ana, at: tuesday)
        let onShelf = await handler.handle(text: "hold A Prayer for Owen Meany, 2", from: ana, at: tuesday)
        #expect(onShelf.kind == .error)
        let typed = await handler.handle(text: try #require(onShelf.suggestion), from: ana, at: tuesday)
        #expect(typed.text.contains("A Prayer for Owen Meany, 2 is checked out to Ana."), "\(onShelf.suggestion ?? "")")
    }

    @Test("a whole title with 'for', 'as' or 'pour' in it, typed without quotes, is the book, not a title and a borrower")
    func separatorInsideTitle() async throws {
        let handler = try await makeHandler()
        for text in ["add A Prayer for Owen Meany by John Irving", "add Love as Passion by Niklas Luhmann",
                     "ajouter Un livre pour Noël de Anne Dupont"] {
            #expect(await handler.handle(text: text, from: ana, at: tuesday).kind == .success, "\(text)")
        }
        let prayer = await handler.handle(text: "checkout A Prayer for Owen Meany", from: ana, at: tuesday)
        #expect(prayer.text.hasPrefix("A Prayer for Owen Meany is checked out to Ana."), "\(prayer.text)")
        let love = await handler.handle(text: "borrow love as passion", from: ben, at: tuesday)
        #expect(love.text.hasPrefix("Love as Passion is checked out to Ben."), "\(love.text)")
        let noel = await handler.handle(text: "emprunter Un livre pour Noël", from: ana, at: tuesday)
        #expect(noel.text.hasPrefix("Un livre pour Noël est emprunté par Ana."), "\(noel.text)")
        // The last of a list, too.
        let listed = await handler.handle(text: "return Love as Passion", from: ben, at: tuesday)
        #expect(listed.kind == .success)
        let both = await handler.handle(text: "checkout Dune and Love as Passion", from: ben, at: tuesday)
        #expect(both.text.hasPrefix("Checked out 2 books:\n  Dune is checked out to Ben. Due Tue 15 Dec."), "\(both.text)")
        #expect(both.text.contains("Love as Passion is checked out to Ben."), "\(both.text)")
        // A name after the whole title still lends it; a title that is only the start of one still
        // takes the words after " for " as the borrower.
        _ = await handler.handle(text: "return A Prayer for Owen Meany", from: ana, at: tuesday)
        let lent = await handler.handle(text: "checkout A Prayer for Owen Meany for Cy", from: ana, at: tuesday)
        #expect(lent.text.hasPrefix("A Prayer for Owen Meany is checked out to Cy."), "\(lent.text)")
        let emma = await handler.handle(text: "checkout Emma for Owen Meany", from: ana, at: tuesday)
        #expect(emma.text.hasPrefix("Emma is checked out to Owen Meany."), "\(emma.text)")
        // Cancelling one's own place in the line of such a book.
        _ = await handler.handle(text: "hold A Prayer for Owen Meany", from: ana, at: tuesday)
        let cancelled = await handler.handle(text: "cancel hold A Prayer for Owen Meany", from: ana, at: tuesday)
        #expect(cancelled.kind == .success, "\(cancelled.text)")
        #expect(cancelled.text.contains("A Prayer for Owen Meany"), "\(cancelled.text)")
    }

    @Test("'then', 'again', 'too', 'instead', 'once more' after a book are no part of its title, unless the library has a title so ending")
    func remarksAfterTheBook() async throws {
        let handler = try await makeHandler()
        let then = await handler.handle(text: "ok, checkout Dune then", from: ana, at: minute(1))
        #expect(then.text.hasPrefix("Dune is checked out to Ana."), "\(then.text)")
        let home = await handler.handle(text: "who has Dune at home", from: ana, at: minute(1))
        #expect(home.text.hasPrefix("You have Dune since"), "\(home.text)")
        let too = await handler.handle(text: "borrow Emma too", from: ana, at: minute(2))
        #expect(too.text.hasPrefix("Emma is checked out to Ana."), "\(too.text)")
        let instead = await handler.handle(text: "hold Dune instead", from: ben, at: minute(3))
        #expect(instead.kind == .success, "\(instead.text)")
        #expect(instead.text.contains("Dune"), "\(instead.text)")
        let onceMore = await handler.handle(text: "who has Emma once more", from: ben, at: minute(3))
        #expect(onceMore.text.hasPrefix("Ana has Emma since"), "\(onceMore.text)")
        _ = await handler.handle(text: "add You Can't Go Home Again by Thomas Wolfe", from: ana, at: minute(4))
        let again = await handler.handle(text: "checkout You Can't Go Home Again", from: ben, at: minute(5))
        #expect(again.text.hasPrefix("You Can't Go Home Again is checked out to Ben."), "\(again.text)")
    }

    @Test("words after 'for' that are no one's name (a reason, a time, 'my son') leave the book with the sender; a title holding such words stays whole")
    func forNoName() async throws {
        let handler = try await makeHandler()
        for (text, title) in [("checkout Dune for the trip", "Dune"), ("borrow Emma as well", "Emma"),
                              ("emprunter Les Misérables pour ce soir", "Les Misérables")] {
            let lent = await handler.handle(text: text, from: ana, at: tuesday)
            #expect(lent.kind == .success, "\(text): \(lent.text)")
            #expect(lent.text.hasPrefix("\(title) is checked out to Ana.") || lent.text.hasPrefix("\(title) est emprunté par Ana."), "\(lent.text)")
        }
        let mine = await handler.handle(text: "my books", from: ana, at: tuesday)
        #expect(mine.text.hasPrefix("You have 3 books:"), "\(mine.text)")
        _ = await handler.handle(text: "return all", from: ana, at: tuesday)
        let son = await handler.handle(text: "borrow Emma for my son", from: ana, at: tuesday)
        #expect(son.text.hasPrefix("Emma is checked out to Ana."), "\(son.text)")
        _ = await handler.handle(text: "return Emma", from: ana, at: tuesday)
        // A name still lends it, even one that starts like an article; a title with "for the"
        // in it is the book.
        let minh = await handler.handle(text: "checkout Emma for Le Minh", from: ana, at: tuesday)
        #expect(minh.text.hasPrefix("Emma is checked out to Le Minh."), "\(minh.text)")
        let voyage = await handler.handle(text: "emprunter Les Misérables pour le voyage", from: ana, at: tuesday)
        #expect(voyage.text.hasPrefix("Les Misérables est emprunté par Ana."), "\(voyage.text)")
        let ben = await handler.handle(text: "checkout Dune for Ben", from: ana, at: tuesday)
        #expect(ben.text.hasPrefix("Dune is checked out to Ben."), "\(ben.text)")
        _ = await handler.handle(text: "add Looking for the Light by Jo Sun", from: ana, at: tuesday)
        let title = await handler.handle(text: "checkout Looking for the Light", from: ana, at: tuesday)
        #expect(title.text.hasPrefix("Looking for the Light is checked out to Ana."), "\(title.text)")
        let held = await handler.handle(text: "hold Dune for a friend", from: ana, at: tuesday)
        #expect(held.text.hasPrefix("You are number 1 in line for Dune."), "\(held.text)")
    }

    @Test("hidden characters in a command (NUL, a right-to-left override, a zero-width space) do not reach the shelf")
    func hiddenCharacters() async throws {
        let handler = try await makeHandler()
        let added = await handler.handle(text: "add Mid\u{0}dle\u{200B}march by \u{202E}George Eliot", from: ana, at: tuesday)
        #expect(added.text.hasPrefix("Added Middlemarch by George Eliot as #4."), "\(added.text)")
        let lent = await handler.handle(text: "checkout Middlemarch as Ben\u{202E}nimda", from: ana, at: tuesday)
        #expect(lent.text.hasPrefix("Middlemarch is checked out to Bennimda."), "\(lent.text)")
        #expect(await handler.handle(text: "list", from: ana, at: tuesday).text.contains("#4 Middlemarch, George Eliot (out: Bennimda"))
    }

    @Test("return all is every book one has, unless a book is titled so")
    func returnAllOrTitle() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "add Everything by Someone", from: ana, at: tuesday)
        _ = await handler.handle(text: "checkout Dune, Emma and Everything", from: ana, at: tuesday)
        let one = await handler.handle(text: "return Everything", from: ana, at: tuesday)
        #expect(one.text.hasPrefix("Thanks! Everything is back on the shelf"), "\(one.text)")
        let all = await handler.handle(text: "return all", from: ana, at: tuesday)
        #expect(all.text.hasPrefix("Returned 2 books:"), "\(all.text)")
    }

    @Test("return it, renew my book: the asker's one book; with several, which one, each with its number; both: their two")
    func ownBookInWords() async throws {
        let handler = try await makeHandler()
        let none = await handler.handle(text: "return it", from: ana, at: tuesday)
        #expect(none.text.hasPrefix("You have no books."), "\(none.text)")
        _ = await handler.handle(text: "checkout Dune", from: ana, at: tuesday)
        let renewed = await handler.handle(text: "renew my book", from: ana, at: tuesday.addingTimeInterval(10 * 86_400))
        #expect(renewed.text.hasPrefix("Dune is renewed: due"), "\(renewed.text)")
        _ = await handler.handle(text: "checkout Emma", from: ana, at: tuesday)
        _ = await handler.handle(text: "checkout Les Misérables", from: ana, at: tuesday)
        // An hour on: "it" is no longer the book named last (LastNamedBookTests).
        let which = await handler.handle(text: "return it", from: ana, at: tuesday.addingTimeInterval(3600))
        #expect(which.kind == .error)
        // Soonest due first: the renewed Dune last.
        #expect(which.text.hasPrefix("Which one? You have 3 books:\n  `#2` Emma, due Tue 15 Dec\n  `#3` Les Misérables, due Tue 15 Dec\n  `#1` Dune, due"), "\(which.text)")
        #expect(which.suggestion == "return #2")
        let french = await handler.handle(text: "rendre le livre", from: ana, at: tuesday.addingTimeInterval(3600))
        #expect(french.text.hasPrefix("Lequel ? Vous avez 3 livres :"), "\(french.text)")
        // The next message answers it: the second of the three, returned.
        let second = await handler.handle(text: "le deuxième", from: ana, at: tuesday.addingTimeInterval(3600))
        #expect(second.text.hasPrefix("Merci ! Les Misérables est de retour"), "\(second.text)")
        _ = await handler.handle(text: "checkout Les Misérables", from: ana, at: tuesday)
        // "both" names two books: with three, which ones is asked.
        let three = await handler.handle(text: "return both", from: ana, at: tuesday)
        #expect(three.text.hasPrefix("Which one?"), "\(three.text)")
        _ = await handler.handle(text: "return Dune", from: ana, at: tuesday)
        let both = await handler.handle(text: "return both", from: ana, at: tuesday)
        #expect(both.text.hasPrefix("Returned 2 books:"), "\(both.text)")
        // A book titled "It" is that book (with no other book named lately: LastNamedBookTests).
        _ = await handler.handle(text: "add It by Stephen King", from: ana, at: tuesday)
        _ = await handler.handle(text: "checkout Dune", from: ana, at: tuesday)
        let it = await handler.handle(text: "checkout it", from: ana, at: tuesday.addingTimeInterval(3600))
        #expect(it.text.hasPrefix("It is checked out to Ana."), "\(it.text)")
        let back = await handler.handle(text: "return it", from: ana, at: tuesday)
        #expect(back.text.contains("It is back on the shelf"), "\(back.text)")
    }

    @Test("where a book goes back (to the library, on the shelf) is not part of its title, unless it is; given to the library is a return")
    func returnedToPlace() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "add The Elf on the Shelf by Carol Aebersold", from: ana, at: tuesday)
        for (lend, back) in [("checkout Dune", "return Dune to the library"), ("checkout Dune", "give Dune to the library"),
                             ("emprunter Dune", "rendre Dune à la bibliothèque"), ("checkout Dune", "put Dune back on the shelf"),
                             ("checkout The Elf on the Shelf", "return The Elf on the Shelf")] {
            _ = await handler.handle(text: lend, from: ana, at: tuesday)
            let returned = await handler.handle(text: back, from: ana, at: tuesday)
            #expect(returned.kind == .success, "\(back): \(returned.text)")
            #expect(returned.text.contains("back on the shelf") || returned.text.contains("de retour sur l'étagère"), "\(back): \(returned.text)")
        }
        #expect(await handler.handle(text: "my books", from: ana, at: tuesday).text.hasPrefix("You have no books."))
    }

    @Test("hand Dune over to Ben passes it on; 'over' ends a title only when the whole names nothing (Game Over)")
    func handedOver() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "add Game Over by Ann Writer", from: ana, at: tuesday)
        _ = await handler.handle(text: "checkout Dune", from: ana, at: tuesday)
        let passed = await handler.handle(text: "hand Dune over to Ben", from: ana, at: tuesday)
        #expect(passed.text.hasPrefix("Dune passes from you to Ben."), "\(passed.text)")
        let game = await handler.handle(text: "checkout Game Over", from: ana, at: tuesday)
        #expect(game.text.hasPrefix("Game Over is checked out to Ana."), "\(game.text)")
    }

    @Test("where a book is deleted from (the catalog, the library) is not part of its title, unless it is")
    func deletedFromPlace() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "add Escape from the Library by Ann Writer", from: ana, at: tuesday)
        let deleted = await handler.handle(text: "remove Dune from the catalog", from: ana, at: tuesday)
        #expect(deleted.text.hasPrefix("Deleted Dune (#1)."), "\(deleted.text)")
        let french = await handler.handle(text: "supprimer Emma de la bibliothèque", from: ana, at: tuesday)
        #expect(french.text.hasPrefix("Emma (#2) est supprimé."), "\(french.text)")
        let title = await handler.handle(text: "delete Escape from the Library", from: ana, at: tuesday)
        #expect(title.text.hasPrefix("Deleted Escape from the Library (#4)."), "\(title.text)")
        #expect(try await handler.library.allBooks().map(\.title) == ["Les Misérables"])
    }

    @Test("cancel my hold alone: the one line the member is in; in several, which one, each with its place; in none, said so")
    func cancelHoldAlone() async throws {
        let handler = try await makeHandler()
        let none = await handler.handle(text: "cancel my hold", from: ana, at: tuesday)
        #expect(none.text.hasPrefix("You are not in line for any book."), "\(none.text)")
        _ = await handler.handle(text: "checkout Dune", from: ben, at: tuesday)
        _ = await handler.handle(text: "checkout Emma", from: ben, at: tuesday)
        _ = await handler.handle(text: "hold Dune", from: ana, at: tuesday)
        _ = await handler.handle(text: "hold Emma", from: ana, at: tuesday)
        let which = await handler.handle(text: "cancel hold", from: ana, at: tuesday)
        #expect(which.kind == .error)
        #expect(which.text.hasPrefix("Which one? You are in line for 2 books:\n  In line for Dune: number 1 (Ben has it"), "\(which.text)")
        #expect(which.suggestion == "cancel hold Dune")
        _ = await handler.handle(text: try #require(which.suggestion), from: ana, at: tuesday)
        let one = await handler.handle(text: "annuler ma réservation", from: ana, at: tuesday)
        #expect(one.text.hasPrefix("Vous n'êtes plus dans la file pour Emma."), "\(one.text)")
    }

    @Test("a title with no letter (added before they were refused) is named by its number in suggestions")
    func titleWithoutLetters() async throws {
        let handler = try await makeHandler()
        try await handler.library.database.writer.write { db in
            try db.execute(sql: "INSERT INTO book (title, titleKey, author, categories, addedAt) VALUES ('!!!', '', 'X', '', '2026-11-01 10:00:00.000')")
        }
        let who = await handler.handle(text: "who has #4", from: ana, at: tuesday)
        #expect(who.text.hasPrefix("!!! is on the shelf."), "\(who.text)")
        #expect(who.suggestion == "checkout #4")
        let lent = await handler.handle(text: try #require(who.suggestion), from: ana, at: tuesday)
        #expect(lent.text.hasPrefix("!!! is checked out to Ana."), "\(lent.text)")
        #expect(lent.suggestion == "return #4")
    }

    @Test("a book kept for someone: the checkout suggests a hold, the hold works, and who has, list and search say so")
    func holdOnKeptBook() async throws {
        let handler = try await makeHandler()
        let ben = Sender(name: "Ben", userID: "U-BEN"), cy = Sender(name: "Cy", userID: "U-CY")
        _ = await handler.handle(text: "checkout Dune", from: ana, at: tuesday)
        _ = await handler.handle(text: "hold Dune", from: ben, at: tuesday)
        _ = await handler.handle(text: "return Dune", from: ana, at: tuesday)
        let refused = await handler.handle(text: "checkout Dune", from: cy, at: tuesday)
        #expect(refused.text.hasPrefix("Dune is kept for Ben until Tue 8 Dec, first in line."))
        let held = await handler.handle(text: try #require(refused.suggestion), from: cy, at: tuesday)
        #expect(held.kind == .success)
        #expect(held.text == "You are number 2 in line for Dune.\n  It is on the shelf, kept for Ben until Tue 8 Dec. You will be told when it is kept for you.", "\(held.text)")
        let french = await handler.handle(text: "réserver Dune", from: Sender(name: "Dee", userID: "U-DEE"), at: tuesday)
        #expect(french.text.contains("Il est sur l'étagère, réservé pour Ben jusqu'au mar. 8 déc. Vous serez prévenu quand il vous sera réservé."), "\(french.text)")

        // Who has it, the list and a search say it is kept, and for whom.
        let asked = await handler.handle(text: "who has Dune", from: cy, at: tuesday)
        #expect(asked.text.hasPrefix("Dune is on the shelf, kept for Ben until Tue 8 Dec, first in line.\n"))
        // Cy is in line already: told so, rather than to hold it again.
        #expect(asked.text.contains("You are number 2 in line for it."), "\(asked.text)")
        #expect(asked.suggestion == nil)
        #expect(await handler.handle(text: "who has Dune", from: Sender(name: "Eve", userID: "U-EVE"), at: tuesday).suggestion == "hold Dune")
        // Returning or renewing it says whom it is kept for, not to check it out.
        let returned = await handler.handle(text: "return Dune", from: Sender(name: "Eve", userID: "U-EVE"), at: tuesday)
        #expect(returned.kind == .error)
        #expect(returned.text == "Dune is not checked out: it is on the shelf, kept for Ben until Tue 8 Dec.\n  Try: `hold Dune`", "\(returned.text)")
        #expect(await handler.handle(text: "renew Dune", from: ben, at: tuesday).text == "Dune is not checked out: it is on the shelf, kept for you until Tue 8 Dec.\n  Try: `checkout Dune`")
        #expect(await handler.handle(text: "rendre Dune", from: cy, at: tuesday).text == "Dune n'est pas emprunté : il est sur l'étagère, réservé pour Ben jusqu'au mar. 8 déc.\n  Vous êtes numéro 2 dans la file.")
        #expect(await handler.handle(text: "who has Dune", from: ben, at: tuesday).suggestion == "checkout Dune")
        #expect(await handler.handle(text: "qui a Dune", from: cy, at: tuesday).text.hasPrefix("Dune est sur l'étagère, réservé pour Ben jusqu'au mar. 8 déc., premier de la file.\n"))
        #expect(await handler.handle(text: "list available", from: cy, at: tuesday).text.contains("Dune, Frank Herbert (kept for Ben until Tue 8 Dec)"))
        #expect(await handler.handle(text: "search herbert", from: cy, at: tuesday).text.contains("Dune, Frank Herbert (kept for Ben until Tue 8 Dec)"))
        #expect(await handler.handle(text: "who has Emma", from: cy, at: tuesday).text.hasPrefix("Emma is on the shelf.\n"))
        #expect(await handler.handle(text: "show Dune", from: cy, at: tuesday).text.contains("Status: Dune is on the shelf, kept for Ben until Tue 8 Dec, first in line."))
        // Ben's own books say it is waiting for him.
        let bens = await handler.handle(text: "my books", from: ben, at: tuesday)
        #expect(bens.text.hasPrefix("You have no books.\n  Dune is on the shelf, kept for you until Tue 8 Dec."), "\(bens.text)")
        #expect(bens.suggestion == "checkout Dune")
        let asked2 = await handler.handle(text: "what does Ben have", from: cy, at: tuesday)
        #expect(asked2.text.hasPrefix("Ben has no books.\n  Dune is on the shelf, kept for Ben until Tue 8 Dec."), "\(asked2.text)")
        #expect(asked2.suggestion == "checkout Dune as Ben")
        _ = await handler.handle(text: "checkout Emma", from: ben, at: tuesday)
        let withLoan = await handler.handle(text: "mes livres", from: ben, at: tuesday)
        #expect(withLoan.text.contains("Dune est sur l'étagère, réservé pour vous jusqu'au mar. 8 déc."), "\(withLoan.text)")
        #expect(withLoan.text.hasPrefix("Vous avez 1 livre :"))
    }

    @Test("books to add in one message, in a sentence or one a line: each added, each answered")
    func addSeveral() async throws {
        let handler = try await makeHandler()
        let sentence = await handler.handle(text: "add Frankenstein by Mary Shelley and Pride and Prejudice by Jane Austen", from: ana, at: tuesday)
        #expect(sentence.text.hasPrefix("Added Frankenstein by Mary Shelley as #4."), "\(sentence.text)")
        #expect(sentence.text.contains("Added Pride and Prejudice by Jane Austen as #5."), "\(sentence.text)")
        let lines = await handler.handle(text: "add:\n- Beloved by Toni Morrison\n- Ulysses by James Joyce", from: ana, at: tuesday)
        #expect(lines.text.hasPrefix("Added Beloved by Toni Morrison as #6."), "\(lines.text)")
        #expect(lines.text.contains("Added Ulysses by James Joyce as #7."), "\(lines.text)")
        let listed = await handler.handle(text: "list oldest", from: ana, at: tuesday)
        #expect(listed.text.contains("7 books"), "\(listed.text)")
    }

    @Test("who has a book with copies: each copy with its number, the way to name it")
    func whoHasCopies() async throws {
        let handler = try await makeHandler()
        let second = await handler.handle(text: "add Dune by Frank Herbert", from: ana, at: tuesday)
        #expect(second.text.hasPrefix("Added Dune by Frank Herbert as #4.\n  The library now has 2 copies of it (#1, #4)."), "\(second.text)")
        _ = await handler.handle(text: "checkout #4", from: Sender(name: "Ben", userID: "U-BEN"), at: tuesday)
        let copies = await handler.handle(text: "who has Dune", from: ana, at: tuesday)
        #expect(copies.text == "2 copies:\n  `#1` Dune is on the shelf.\n  `#4` Ben has Dune since Tue 1 Dec, due Tue 15 Dec.", "\(copies.text)")
        let french = await handler.handle(text: "qui a Dune", from: ana, at: tuesday)
        #expect(french.text.hasPrefix("2 exemplaires :\n  `#1` Dune est sur l'étagère."), "\(french.text)")
        // A number names one copy; a number that is no book's is answered as such.
        #expect(await handler.handle(text: "who has #4", from: ana, at: tuesday).text.hasPrefix("Ben has Dune since Tue 1 Dec"))
        let none = await handler.handle(text: "who has #99", from: ana, at: tuesday)
        #expect(none.kind == .error)
        #expect(none.text.hasPrefix("No book matches '#99'."), "\(none.text)")
        #expect(none.suggestion == "list")
        // A number without its # that is no title: the book of that number is offered, not taken.
        let bare = await handler.handle(text: "checkout 4", from: ana, at: tuesday)
        #expect(bare.kind == .error)
        #expect(bare.text.hasPrefix("No title matches '4'. Did you mean `#4`, Dune?\n"), "\(bare.text)")
        #expect(bare.suggestion == "show #4")
        #expect(await handler.handle(text: "emprunter 4", from: ana, at: tuesday).text.hasPrefix("Aucun titre ne correspond à « 4 ». Vouliez-vous dire `#4`, Dune ?\n"))
        #expect(await handler.handle(text: "who has 99", from: ana, at: tuesday).text.hasPrefix("No book matches '99'."))
        // A book of the same title by someone else is not a copy; the first is told nothing of copies.
        #expect(!(await handler.handle(text: "add Emma by Someone Else", from: ana, at: tuesday).text.contains("copies")))
        #expect(!(await handler.handle(text: "add Middlemarch by George Eliot", from: ana, at: tuesday).text.contains("copies")))
        #expect(await handler.handle(text: "ajouter Dune par Frank Herbert", from: ana, at: tuesday).text.contains("La bibliothèque en a maintenant 3 exemplaires (#1, #4, #7)."))
        // Dune typed again by the member who has a copy: not a second copy, unless asked for by number.
        _ = await handler.handle(text: "checkout Dune", from: ana, at: tuesday)
        let again = await handler.handle(text: "checkout Dune", from: ana, at: tuesday)
        #expect(again.kind == .error)
        #expect(again.text.hasPrefix("You already have Dune, due Tue 15 Dec.\n  Another copy is on the shelf: `checkout #7` takes it too."), "\(again.text)")
        #expect(await handler.handle(text: "checkout #7", from: ana, at: tuesday).kind == .success)
        // Ana brings back Ben's copy for him: his, not one of hers.
        let forBen = await handler.handle(text: "return Dune for Ben", from: ana, at: tuesday)
        #expect(forBen.text.hasPrefix("Thanks! Dune is back on the shelf (borrowed by Ben)."), "\(forBen.text)")
        #expect(await handler.handle(text: "who has #4", from: ana, at: tuesday).text.hasPrefix("Dune is on the shelf."))
        // A typo's suggestion names a title once, however many copies it has.
        #expect(await handler.handle(text: "show Dun Herbert", from: ana, at: tuesday).text.contains("Did you mean Dune?\n"))
    }

    @Test("every suggested command of a long session, typed as it is by the member it was suggested to, is not refused")
    func suggestionsWork() async throws {
        let ben = Sender(name: "Ben", userID: "U-BEN"), cy = Sender(name: "Cy", userID: "U-CY")
        let steps: [(Sender, String)] = [
            (ana, "checkout Dune"), (ben, "who has Dune"), (ben, "checkout Dune"), (ben, "hold Dune"), (ana, "who has Dune"),
            (ana, "hold Dune"), (ana, "checkout Dune"), (ana, "renew Dune"), (ana, "my books"), (ana, "checkout Dune as Cy"),
            (ana, "return Dune"), (cy, "checkout Dune"), (cy, "who has Dune"), (ben, "who has Dune"), (ben, "my books"),
            (cy, "hold Dune"), (ben, "hold Dune"), (ben, "checkout Dune"), (cy, "cancel hold Dune"), (ana, "return Emma"),
            (ana, "hold Emma"), (ana, "show Dune"), (ana, "search dnue"), (ana, "who has Dnue"), (ana, "who has zzz"),
            (ana, "chekout Emma"), (ana, "renew Emma"), (ana, "qui a Dune"), (ben, "rendre Dune"),
            (ana, "who has what"), (ana, "list"), (ana, "add Emma by Jane Austen"), (ana, "checkout Emma"),
            (cy, "emprunter Les Misérables"), (ben, "réserver les miserables"), (cy, "prolonger Les Misérables"),
            (ben, "annuler la réservation de Les Misérables"), (ben, "annuler la réservation de Les Misérables"),
            (cy, "rendre Les Misérables"), (cy, "rendre Les Misérables"), (ana, "qu'a Cy"), (ana, "what does Ben have"),
            (ana, "delete Emma, Zorro"), (ana, "edit Emma set author to Jane Austen"), (ana, "show #99"), (ana, "yes"),
            (ana, "add «A Prayer for Owen Meany» by John Irving"), (ben, "hold A Prayer for Owen Meany"),
            (ben, "checkout A Prayer for Owen Meany"), (ana, "who has A Prayer for Owen Meany"),
            // Kept books, lines, someone else's hold, ISBNs, deleting a book in use.
            (cy, "checkout Emma"), (ben, "hold Emma"), (ana, "hold Emma"), (cy, "return Emma"), (ben, "checkout Emma for Dee"),
            (ana, "my books"), (ana, "cancel hold Emma for Ben"), (ana, "checkout Emma"), (ana, "who has 978-0-306-40615-7"),
            (ben, "delete Dune"), (ana, "delete Emma"), (ana, "mes livres"),
            // A single copy kept for Ben, with Ana next: what the others are told to do with it.
            (cy, "checkout Les Misérables"), (ben, "hold Les Misérables"), (ana, "hold Les Misérables"), (cy, "return Les Misérables"),
            (ana, "who has Les Misérables"), (ana, "return Les Misérables"), (cy, "renew Les Misérables"), (cy, "who has Les Misérables"),
            (ana, "rendre Les Misérables"), (ben, "return Les Misérables"),
            // Several books at once.
            (ana, "checkout Dune, Zorro"), (ana, "return Dune and Zorro"), (ben, "renew all"), (ben, "rendre tout"),
            (ben, "hold Dune, Emma"),
            // Several commands, a book passed on, history, words that are only probably a command.
            (ana, "return Dune and checkout Zorro"), (cy, "checkout Dune as Dee"), (cy, "pass Dune to Ana"), (ana, "pass Dune to Cy"),
            (ana, "my history"), (ana, "finished Dune"), (cy, "when is Dune due?"),
        ]
        for end in steps.indices {
            // The steps so far on a fresh library, then the last reply's suggestion, by the same member.
            // (A verb alone, `checkout`, is answered with its usage example: an example, left out.)
            let handler = try await makeHandler()
            var reply: Reply?
            for (sender, text) in steps[...end] { reply = await handler.handle(text: text, from: sender, at: tuesday) }
            guard let reply, let suggestion = reply.suggestion else { continue }
            let typed = await handler.handle(text: suggestion, from: steps[end].0, at: tuesday)
            #expect(typed.kind != .error, "after \(steps[end].0.name): \(steps[end].1) → \(reply.text)\n\(suggestion) → \(typed.text)")
        }
    }

    @Test("several books in one command: a list, 'and', or all of one's books; each done as if alone, in one reply")
    func severalBooks() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "add Pride and Prejudice by Jane Austen", from: ana, at: tuesday)
        let taken = await handler.handle(text: "checkout Dune, Emma and Zorro", from: ana, at: tuesday)
        #expect(taken.kind == .success)
        #expect(taken.text == """
            Checked out 2 of 3 books:
              Dune is checked out to Ana. Due Tue 15 Dec.
              Emma is checked out to Ana. Due Tue 15 Dec.
              No book matches 'Zorro'.
              Try: `search Zorro`
            """, "\(taken.text)")
        // A title with "and" in it is one book; the last "and" of a list separates two.
        _ = await handler.handle(text: "add Pride and Prejudice by Jane Austen", from: ana, at: tuesday)
        let more = await handler.handle(text: "checkout Pride and Prejudice and Les Misérables for Ben", from: ana, at: tuesday)
        #expect(more.text.hasPrefix("Checked out 2 books:\n  Pride and Prejudice is checked out to Ben."), "\(more.text)")
        #expect(await handler.handle(text: "my books", from: ana, at: tuesday).text.hasPrefix("You have 2 books:"))
        #expect(await handler.handle(text: "what does Ben have", from: ana, at: tuesday).text.hasPrefix("Ben has 2 books:"))

        // Returning all of one's books tells the first in line of each.
        _ = await handler.handle(text: "hold Dune", from: Sender(name: "Cy", userID: "U-CY"), at: tuesday)
        let back = await handler.handle(text: "return all", from: ana, at: tuesday)
        #expect(back.text.hasPrefix("Returned 2 books:\n  Thanks! Dune is back on the shelf (borrowed by Ana). Cy is first in line for it: it is kept for them until Tue 8 Dec.\n  Thanks! Emma is back"), "\(back.text)")
        #expect(back.notices.map(\.to.name) == ["Cy"])
        #expect(await handler.handle(text: "my books", from: ana, at: tuesday).text.hasPrefix("You have no books."))
        let nothing = await handler.handle(text: "return all", from: ana, at: tuesday)
        #expect(nothing.text.hasPrefix("You have no books."))
        // A book named twice is done once.
        let twice = await handler.handle(text: "checkout Emma, emma", from: ana, at: tuesday)
        #expect(twice.text.hasPrefix("Emma is checked out to Ana."), "\(twice.text)")
        let unknownTwice = await handler.handle(text: "hold Zorro, Zorro", from: ana, at: tuesday)
        #expect(unknownTwice.text.hasPrefix("No book matches 'Zorro'."), "\(unknownTwice.text)")
        _ = await handler.handle(text: "return Emma", from: ana, at: tuesday)
        // Books no one can return: nothing done, an error.
        let none = await handler.handle(text: "return Dune, Emma", from: ana, at: tuesday)
        #expect(none.kind == .error)
        #expect(none.text.hasPrefix("No book was returned:"), "\(none.text)")
        // What the member thinks of a book, after a comma, is no second book.
        _ = await handler.handle(text: "checkout Emma", from: ana, at: tuesday)
        let liked = await handler.handle(text: "return Emma, it was great!", from: ana, at: tuesday)
        #expect(liked.text.hasPrefix("Thanks! Emma is back on the shelf (borrowed by Ana)."), "\(liked.text)")
        let eager = await handler.handle(text: "emprunter Emma, j'ai hâte", from: ana, at: tuesday)
        #expect(eager.text.hasPrefix("Emma est emprunté par Ana."), "\(eager.text)")
        // A title after the comma is still one, found or not.
        let second = await handler.handle(text: "return Emma, Great Expectations", from: ana, at: tuesday)
        #expect(second.text.contains("Thanks! Emma is back on the shelf") && second.text.contains("No book matches 'Great Expectations'."), "\(second.text)")
        _ = await handler.handle(text: "checkout Emma", from: ana, at: tuesday)
        let it = await handler.handle(text: "return Emma, It", from: ana, at: tuesday)
        #expect(it.text.contains("Thanks! Emma is back on the shelf") && it.text.contains("No book matches 'It'."), "\(it.text)")

        // A mention the platform could not resolve is said once.
        let unknown = await handler.handle(text: "checkout Dune, Emma as <@U-NOBODY>", from: ana, at: tuesday)
        #expect(unknown.text == "I could not tell who that mention is, so nothing was done.\n  Try again in a moment, or give their name.", "\(unknown.text)")
        // A pasted list of 21 titles is refused whole, with nothing done.
        let pile = (1...21).map { "Book \($0)" }.joined(separator: ", ")
        let refusedPile = await handler.handle(text: "checkout " + pile, from: ana, at: tuesday)
        #expect(refusedPile.kind == .error)
        #expect(refusedPile.text.hasPrefix("That is 21 books: at most 20 at once."), "\(refusedPile.text)")
        // In French; one book of one's own is answered as one.
        let french = await handler.handle(text: "rendre tous mes livres", from: ben, at: tuesday)
        #expect(french.text.hasPrefix("2 livres rendus :\n  Merci ! Pride and Prejudice est de retour"), "\(french.text)")
        _ = await handler.handle(text: "emprunter Dune et Emma", from: ben, at: tuesday)
        _ = await handler.handle(text: "return Dune", from: ben, at: tuesday)
        let one = await handler.handle(text: "renew all", from: ben, at: utc("2026-12-10 09:00:00"))
        #expect(one.text.hasPrefix("Emma is renewed: due Thu 24 Dec."), "\(one.text)")

        // Holds too: Ana gets in line behind Cy for Dune, and for Ben's Emma.
        let held = await handler.handle(text: "hold Dune and Emma", from: ana, at: tuesday)
        #expect(held.text == """
            In line for 2 books:
              You are number 2 in line for Dune. It is on the shelf, kept for Cy until Tue 8 Dec. You will be told when it is kept for you.
              You are number 1 in line for Emma. Ben has it, due Thu 24 Dec. You will be told when it is back.
            """, "\(held.text)")
        #expect(await handler.handle(text: "réserver Dune, Emma", from: ana, at: tuesday).text.hasPrefix("Aucune réservation :"))
        // Who has several books: each one's answer, and the first failure's suggestion.
        let located = await handler.handle(text: "who has Dune, Emma and Zorro?", from: ben, at: tuesday)
        #expect(located.kind == .info)
        #expect(located.text.hasPrefix("2 of 3 books found:\n  Dune is on the shelf, kept for Cy until Tue 8 Dec, first in line.\n  You have Emma since"), "\(located.text)")
        #expect(located.suggestion == "search Zorro")
        #expect(await handler.handle(text: "qui a Zorro et Zorglub", from: ben, at: tuesday).kind == .error)
        // A title with "and" that the library does not have is one book it does not have,
        // not two ("War" and "Peace").
        let missing = await handler.handle(text: "who has War and Peace", from: ben, at: tuesday)
        #expect(missing.text.hasPrefix("No book matches 'War and Peace'."), "\(missing.text)")
        #expect(await handler.handle(text: "checkout War and Peace", from: ben, at: tuesday).text.hasPrefix("No book matches 'War and Peace'."))
        // A list with commas names books, each answered.
        let listed = await handler.handle(text: "checkout Zorro, Zorglub", from: ben, at: tuesday)
        #expect(listed.text.hasPrefix("No book was checked out:\n  No book matches 'Zorro'."), "\(listed.text)")
        // A title with "and" and two copies, last in a list, is still one book.
        let dee = await handler.handle(text: "checkout Les Misérables, Pride and Prejudice", from: Sender(name: "Dee", userID: "U-DEE"), at: tuesday)
        #expect(dee.text.hasPrefix("Checked out 2 books:\n  Les Misérables is checked out to Dee."), "\(dee.text)")
    }

    @Test("a remark after the title, on its own line or after a sentence end, is not taken for part of it")
    func remarkAfterTitle() async throws {
        let handler = try await makeHandler()
        #expect(await handler.handle(text: "can I borrow Dune? Heard it's great", from: ana, at: tuesday).text
                .hasPrefix("Dune is checked out to Ana."))
        #expect(await handler.handle(text: "return Dune\nI loved it!", from: ana, at: tuesday).text
                == "Thanks! Dune is back on the shelf (borrowed by Ana).")
        // Without a break, the words are the title's: nothing is lent in their name.
        let unbroken = await handler.handle(text: "checkout Dune I loved it", from: ana, at: tuesday)
        #expect(unbroken.text.hasPrefix("No book matches 'Dune I loved it'."), "\(unbroken.text)")
    }

    @Test("several commands in one message: each answered in turn, in one reply; a title that starts with a verb stays a book")
    func severalCommands() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "checkout Dune", from: ana, at: tuesday)
        _ = await handler.handle(text: "hold Dune", from: ben, at: tuesday)
        let both = await handler.handle(text: "return Dune and checkout Emma", from: ana, at: tuesday)
        #expect(both.kind == .success)
        #expect(both.text == """
            Thanks! Dune is back on the shelf (borrowed by Ana).
              Ben is first in line for it: it is kept for them until Tue 8 Dec.
              Try: `checkout Dune as Ben`

            Emma is checked out to Ana.
              Due Tue 15 Dec.
              Try: `return Emma`
            """, "\(both.text)")
        #expect(both.notices.map(\.to.name) == ["Ben"])
        #expect(await handler.handle(text: "my books", from: ana, at: tuesday).text.hasPrefix("You have 1 book:\n  Emma, due Tue 15 Dec"))

        // One line each, with a greeting before and thanks after; each keeps its suggestion under it.
        let lines = await handler.handle(text: "Hi!\nwho has Les Misérables\nhold Zorro\nthanks", from: ben, at: tuesday)
        #expect(lines.text == """
            Les Misérables is on the shelf.
              Try: `checkout Les Misérables`

            No book matches 'Zorro'.
              Try: `search Zorro`
            """, "\(lines.text)")

        // A suggestion that a later command carries out is left out; the others stay.
        let thenBack = await handler.handle(text: "checkout Les Misérables then return les miserables; who has Zorro", from: ben, at: tuesday)
        #expect(thenBack.text == """
            Les Misérables is checked out to Ben.
              Due Tue 15 Dec.

            Thanks! Les Misérables is back on the shelf (borrowed by Ben).

            No book matches 'Zorro'.
              Try: `search Zorro`
            """, "\(thenBack.text)")

        // "Return of the King" is a title here: two books are lent, nothing is returned.
        _ = await handler.handle(text: "add Return of the King by J.R.R. Tolkien", from: ana, at: tuesday)
        let titles = await handler.handle(text: "checkout Les Misérables and Return of the King", from: ben, at: tuesday)
        #expect(titles.text.hasPrefix("Checked out 2 books:"), "\(titles.text)")
        #expect(await handler.handle(text: "what does Ben have", from: ana, at: tuesday).text.hasPrefix("Ben has 2 books:"))

        // A deletion asks to be confirmed, so it comes alone: nothing is done.
        let admin = try await makeHandler(admins: ["U-ANA"])
        let refused = await admin.handle(text: "delete Dune and checkout Emma", from: ana, at: tuesday)
        #expect(refused.kind == .error)
        #expect(refused.text == "Nothing was done: send `delete Dune` on its own.", "\(refused.text)")
        #expect(await admin.handle(text: "who has Emma", from: ana, at: tuesday).text.hasPrefix("Emma is on the shelf."))
        #expect(await admin.handle(text: "yes", from: ana, at: tuesday).text.hasPrefix("There is nothing to confirm"))
        // "ok" to the question is not an answer: nothing is deleted until "yes".
        _ = await admin.handle(text: "checkout Dune", from: ben, at: tuesday)
        #expect(await admin.handle(text: "delete Dune", from: ana, at: tuesday).kind == .confirmation)
        let ok = await admin.handle(text: "ok", from: ana, at: tuesday)
        #expect(ok.text == "Nothing is deleted until you answer `yes`; `cancel` keeps everything.\n  Try: `cancel`", "\(ok.text)")
        #expect(await admin.handle(text: "ok", from: ben, at: tuesday).text == "You're welcome!")
        #expect(await admin.handle(text: "cancel", from: ana, at: tuesday).text.hasPrefix("Cancelled: nothing was deleted."))
        _ = await admin.handle(text: "return Dune", from: ben, at: tuesday)
        // At most 10 commands in a message, or none is done.
        let eleven = Array(repeating: "checkout Dune", count: 10) + ["checkout Emma"]
        let tooMany = await admin.handle(text: eleven.joined(separator: "\n"), from: ana, at: tuesday)
        #expect(tooMany.text.hasPrefix("That is 11 commands: at most 10 in one message. Nothing was done."), "\(tooMany.text)")
        #expect(await admin.handle(text: "who has Dune", from: ana, at: tuesday).text.hasPrefix("Dune is on the shelf."))

        // In French.
        let french = await admin.handle(text: "emprunter Dune puis qui a Emma", from: ana, at: tuesday)
        #expect(french.text.hasPrefix("Dune est emprunté par Ana."), "\(french.text)")
        #expect(french.text.contains("\n\nEmma est sur l'étagère."), "\(french.text)")
    }

    @Test("the lending rules, and with a book where it stands for the asker: until when, and whether and from when it renews")
    func lendingRules() async throws {
        let handler = try await makeHandler()
        let rules = await handler.handle(text: "how long can I keep a book?", from: ana, at: tuesday)
        #expect(rules.kind == .info)
        #expect(rules.text.hasPrefix("""
            Lending rules:
              A loan lasts 14 days: a book checked out today is due Tue 15 Dec.
              A loan can be renewed 2 times (then due 14 days from the day of the renewal), never while someone is waiting for the book.
              A book that comes back is kept for the first in line for 7 days.
            """), "\(rules.text)")
        #expect(rules.suggestion == "list available")
        let free = await handler.handle(text: "how long can I keep Dune?", from: ana, at: tuesday)
        #expect(free.text.hasPrefix("Dune is on the shelf.\n  A loan lasts 14 days"), "\(free.text)")
        #expect(free.suggestion == "checkout Dune")

        _ = await handler.handle(text: "checkout Dune", from: ana, at: tuesday)
        let mine = await handler.handle(text: "how long can I keep Dune?", from: ana, at: tuesday)
        #expect(mine.text.hasPrefix("You have Dune, due Tue 15 Dec: you can renew it 2 more times, from Wed 2 Dec."), "\(mine.text)")
        #expect(mine.text.contains("A loan lasts 14 days"))
        #expect(mine.suggestion == nil)
        // Renewed once, a week later: once more, from today on.
        let later = tuesday.addingTimeInterval(7 * 86_400)
        _ = await handler.handle(text: "renew Dune", from: ana, at: later)
        let renewed = await handler.handle(text: "how long can I keep Dune", from: ana, at: later.addingTimeInterval(8 * 86_400))
        #expect(renewed.text.hasPrefix("You have Dune, due Tue 22 Dec: you can renew it once more."), "\(renewed.text)")
        #expect(renewed.suggestion == "renew Dune")
        let french = await handler.handle(text: "combien de temps puis-je garder Dune ?", from: ana, at: later.addingTimeInterval(8 * 86_400))
        #expect(french.text.hasPrefix("Vous avez Dune, à rendre mar. 22 déc. : vous pouvez encore le prolonger une fois."), "\(french.text)")
        #expect(french.text.contains("Un prêt dure 14 jours"))
        // Someone waiting: no renewal.
        _ = await handler.handle(text: "hold Dune", from: ben, at: later)
        let waited = await handler.handle(text: "how long can I keep Dune", from: ana, at: later)
        #expect(waited.text.hasPrefix("You have Dune, due Tue 22 Dec: it cannot be renewed while someone is waiting for it."), "\(waited.text)")
        #expect(waited.suggestion == "return Dune")
        // Asked by the one waiting: whose it is, and their place.
        let theirs = await handler.handle(text: "how long can I keep Dune", from: ben, at: later)
        #expect(theirs.text.hasPrefix("Ana has Dune since Tue 1 Dec, due Tue 22 Dec.\n  You are number 1 in line for it.\n  A loan lasts"), "\(theirs.text)")
        let unknown = await handler.handle(text: "how long can I keep Zorglub", from: ana, at: later)
        #expect(unknown.kind == .error)
        #expect(unknown.text.hasPrefix("No book matches 'Zorglub'."), "\(unknown.text)")
    }

    @Test("the lending rules say what the library's settings are: one day, no renewal, kept until taken; in French too")
    func otherLendingRules() async throws {
        let library = LibraryService(database: try LibraryDatabase.inMemory(), rules: LibraryRules(loanDays: 1, maxRenewals: 0, holdDays: 0))
        let handler = CommandHandler(library: library)
        let english = await handler.handle(text: "rules", from: ana, at: tuesday)
        #expect(english.text == """
            Lending rules:
              A loan lasts 1 day: a book checked out today is due Wed 2 Dec.
              Loans cannot be renewed.
              A book that comes back is kept for the first in line until they take it or leave the line.
              There is no limit to how many books a member may have at once.
              Anyone may add, edit and delete books (no admins are named).
              Try: `list available`
            """)
        let french = await handler.handle(text: "règles", from: ana, at: tuesday)
        #expect(french.text == """
            Règles du prêt :
              Un prêt dure 1 jour : un livre emprunté aujourd'hui est à rendre mer. 2 déc.
              Les prêts ne peuvent pas être prolongés.
              Un livre rendu est réservé au premier de la file jusqu'à ce qu'il l'emprunte ou quitte la file.
              Il n'y a pas de limite au nombre de livres empruntés à la fois.
              Tout le monde peut ajouter, modifier et supprimer des livres (aucun administrateur n'est nommé).
              Essayez : `liste disponibles`
            """)
        // "Am I an admin?": the rules say, as the asker stands.
        let named = CommandHandler(library: library, settings: HandlerSettings(admins: ["U-ADMIN"]))
        let member = await named.handle(text: "am I an admin?", from: ana, at: tuesday)
        #expect(member.text.hasPrefix("Lending rules:"), "\(member.text)")
        #expect(member.text.contains("\n  Adding, editing and deleting books is for the library's admins; anyone may check out, return, renew and hold.\n"), "\(member.text)")
        let admin = await named.handle(text: "who are the admins?", from: Sender(name: "Zoé", userID: "U-ADMIN"), at: tuesday)
        #expect(admin.text.contains("\n  You are one of the library's admins: you may add, edit and delete books.\n"), "\(admin.text)")
    }

    @Test("put Dune in classics offers tag Dune as Classic, the category as the library writes it, and yes tags it; a category or a book the library lacks is not offered")
    func categoryPlacingOffered() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "tag Emma as Classic", from: ana, at: minute(0))
        let offered = await handler.handle(text: "put Dune in classics", from: ana, at: minute(1))
        #expect(offered.text.hasPrefix("I did not understand 'put Dune in classics'. Did you mean `tag Dune as Classic`?"), "\(offered.text)")
        #expect(offered.actions.map(\.command) == ["tag Dune as Classic"], "\(offered.actions)")
        let done = await handler.handle(text: "yes", from: ana, at: minute(2))
        #expect(done.text.hasPrefix("Dune (#1): the categories are now Classic."), "\(done.text)")
        let french = await handler.handle(text: "range Les Misérables avec les classic", from: ana, at: minute(3))
        #expect(french.text.contains("Vouliez-vous dire `classer Les Misérables dans Classic` ?"), "\(french.text)")
        for text in ["put Dune in my bag", "file Dune under Poetry", "put Zzyzx in Classic"] {
            let refused = await handler.handle(text: text, from: ana, at: minute(4))
            #expect(refused.text == "I did not understand '\(text)'.\n  Try: `help`", "\(text): \(refused.text)")
        }
        // A line named by its book is a hold.
        _ = await handler.handle(text: "checkout Emma", from: ben, at: minute(5))
        let held = await handler.handle(text: "add me to Emma's waitlist", from: ana, at: minute(6))
        #expect(held.text.hasPrefix("You are number 1 in line for Emma."), "\(held.text)")
    }

    @Test("who am I: the name loans and holds go under, how many books and lines the member has, a book kept for them, and their rights")
    func whoAmI() async throws {
        let handler = try await makeHandler(admins: ["U-BEN"])
        let first = await handler.handle(text: "who am I?", from: ana, at: minute(0))
        #expect(first.text == """
            You are Ana here.
              Your loans and holds go under that name and your chat account: they stay yours if you change your display name.
              You have no books, and are in no line.
              Adding, editing and deleting books is for the library's admins; anyone may check out, return, renew and hold.
              Try: `list available`
            """, "\(first.text)")
        _ = await handler.handle(text: "checkout Dune", from: ana, at: minute(1))
        _ = await handler.handle(text: "hold Dune", from: ben, at: minute(2))
        let ben1 = await handler.handle(text: "qui suis-je ?", from: ben, at: minute(3))
        #expect(ben1.text.hasPrefix("Ici, vous êtes Ben.\n"), "\(ben1.text)")
        #expect(ben1.text.contains("\n  Vous n'avez aucun livre, et êtes dans la file pour 1 livre.\n"), "\(ben1.text)")
        #expect(ben1.text.contains("\n  Vous êtes l'un des administrateurs de la bibliothèque"), "\(ben1.text)")
        // A new display name: the same account, the same loans.
        let renamed = await handler.handle(text: "whoami", from: Sender(name: "Ana R.", userID: "U-ANA"), at: minute(4))
        #expect(renamed.text.hasPrefix("You are Ana R. here.\n"), "\(renamed.text)")
        #expect(renamed.text.contains("\n  You have 1 book.\n"), "\(renamed.text)")
        #expect(renamed.text.hasSuffix("Try: `my books`"), "\(renamed.text)")
        // Dune back, and kept for Ben: said, and offered.
        _ = await handler.handle(text: "return Dune", from: ana, at: minute(5))
        let kept = await handler.handle(text: "what's my name?", from: ben, at: minute(6))
        #expect(kept.text.contains("\n  You have no books, and are in no line.\n  Dune is on the shelf, kept for you until "), "\(kept.text)")
        #expect(kept.text.hasSuffix("Try: `checkout Dune`"), "\(kept.text)")
        // In the console, a name alone, with no account.
        let console = await handler.handle(text: "who am I", from: Sender(name: "Cleo"), at: minute(7))
        #expect(console.text.contains("\n  Your loans and holds go under that name.\n"), "\(console.text)")
        // A book of that title is who has it.
        let library = LibraryService(database: try LibraryDatabase.inMemory())
        try await library.add(NewBook(title: "Who Am I?", author: "Richard David Precht"), at: tuesday)
        let titled = await CommandHandler(library: library).handle(text: "who am I?", from: ana, at: tuesday)
        #expect(titled.text.hasPrefix("Who Am I? is on the shelf"), "\(titled.text)")
    }

    @Test("'add me to the list', 'mets-moi sur la liste': a place in the line of the book last named, or which book is asked")
    func lineOfBookLastNamed() async throws {
        let handler = try await makeHandler()
        let cleo = Sender(name: "Cleo", userID: "U-CLEO")
        let unnamed = await handler.handle(text: "add me to the list", from: ben, at: minute(0))
        #expect(unnamed.text.hasPrefix("Which book do you mean by “it”?"), "\(unnamed.text)")
        _ = await handler.handle(text: "checkout Dune", from: ana, at: minute(1))
        _ = await handler.handle(text: "who has Dune?", from: ben, at: minute(2))
        let held = await handler.handle(text: "add me to the list", from: ben, at: minute(3))
        #expect(held.text.hasPrefix("You are number 1 in line for Dune."), "\(held.text)")
        _ = await handler.handle(text: "qui a Dune ?", from: cleo, at: minute(4))
        let réservé = await handler.handle(text: "mets-moi sur la liste", from: cleo, at: minute(5))
        #expect(réservé.text.hasPrefix("Vous êtes numéro 2 dans la file pour Dune."), "\(réservé.text)")
    }

    @Test("the rules say when the digest is posted, or that none is, where a member can ask; when is the digest? asks them")
    func digestInRules() async throws {
        let library = LibraryService(database: try LibraryDatabase.inMemory())
        var settings = HandlerSettings()
        settings.digest = .daily(time: "08:00")
        let daily = CommandHandler(library: library, settings: settings)
        let asked = await daily.handle(text: "when is the digest?", from: ana, at: tuesday)
        #expect(asked.text.hasPrefix("Lending rules:"), "\(asked.text)")
        #expect(asked.text.contains("\n  The who-has-what digest is posted each day at 08:00.\n"), "\(asked.text)")
        let demandé = await daily.handle(text: "à quelle heure est le résumé ?", from: ana, at: tuesday)
        #expect(demandé.text.contains("\n  Le résumé « qui a quoi » est publié chaque jour à 08:00.\n"), "\(demandé.text)")
        settings.digest = .off
        let off = await CommandHandler(library: library, settings: settings).handle(text: "is there a daily digest?", from: ana, at: tuesday)
        #expect(off.text.contains("\n  No digest is posted each day: `who has what` shows who has what at any time.\n"), "\(off.text)")
        // Nothing said of it: the console alone, with no digest.
        let unsaid = await CommandHandler(library: library).handle(text: "rules", from: ana, at: tuesday)
        #expect(!unsaid.text.contains("digest"), "\(unsaid.text)")
    }

    @Test("with reminders sent, the rules say when; remind me to return Dune (tomorrow, on Friday) says its due day and when the reminder comes")
    func remindersInRules() async throws {
        let paris = try #require(TimeZone(identifier: "Europe/Paris"))
        let library = LibraryService(database: try LibraryDatabase.inMemory(), rules: LibraryRules(loanDays: 14, timeZone: paris))
        try await library.add([NewBook(title: "Dune", author: "Frank Herbert")], at: utc("2026-11-01 10:00:00"))
        let handler = CommandHandler(library: library, settings: HandlerSettings(timeZone: paris, reminders: .init(time: "09:30", dueSoonDays: 2)))
        let rules = await handler.handle(text: "do you send reminders?", from: ana, at: tuesday)
        #expect(rules.text.contains("\n  A reminder comes in chat each day at 09:30, from 2 days before a book is due, and each day it is late.\n"), "\(rules.text)")
        _ = await handler.handle(text: "checkout Dune", from: ana, at: tuesday)
        let remind = await handler.handle(text: "can you remind me to return Dune?", from: ana, at: tuesday)
        #expect(remind.text.hasPrefix("You have Dune, due Tue 15 Dec: you can renew it 2 more times, from Wed 2 Dec."), "\(remind.text)")
        #expect(remind.text.contains("A reminder comes in chat each day at 09:30"), "\(remind.text)")
        let rappel = await handler.handle(text: "rappelle-moi de rendre Dune", from: ana, at: tuesday)
        #expect(rappel.text.contains("Un rappel arrive dans le chat chaque jour à 09:30, à partir de 2 jours avant le jour où un livre est à rendre, et chaque jour de retard."), "\(rappel.text)")
        // When to be reminded, after the book, is no part of its title: reminders come on their own.
        for text in ["remind me about Dune tomorrow", "remind me to return Dune on Friday", "can you remind me to return Dune next week?"] {
            let timed = await handler.handle(text: text, from: ana, at: tuesday)
            #expect(timed.text == remind.text, "\(text): \(timed.text)")
        }
        let rappelDemain = await handler.handle(text: "rappelle-moi de rendre Dune demain", from: ana, at: tuesday)
        #expect(rappelDemain.text == rappel.text, "\(rappelDemain.text)")
        // Someone else, later: a reminder goes now or not at all, so it is a plan (who has it).
        let later = await handler.handle(text: "remind Ana about Dune tomorrow", from: ben, at: tuesday)
        #expect(later.text.hasPrefix("Ana has Dune since Tue 1 Dec, due Tue 15 Dec."), "\(later.text)")
        #expect(later.notices.isEmpty)
        // Reminded on the due day only; and with no reminders sent, the rules say nothing of them.
        let dueDay = CommandHandler(library: library, settings: HandlerSettings(timeZone: paris, reminders: .init(time: "10:00", dueSoonDays: 0)))
        #expect(await dueDay.handle(text: "rules", from: ana, at: tuesday).text.contains("each day at 10:00, on the day a book is due, and each day it is late."))
        let none = CommandHandler(library: library, settings: HandlerSettings(timeZone: paris))
        #expect(!(await none.handle(text: "rules", from: ana, at: tuesday).text.contains("reminder")))
    }

    @Test("I lost Dune: the member is told what becomes of the loan, and the admins are told what to type")
    func reportLost() async throws {
        let handler = try await makeHandler(admins: ["U-ADMIN", "U-BOSS", "112233445566778899"])
        _ = await handler.handle(text: "checkout Dune", from: ana, at: tuesday)
        let lost = await handler.handle(text: "I lost my copy of Dune", from: ana, at: tuesday)
        #expect(lost.kind == .info)
        #expect(lost.text == """
            Sorry to hear it: Dune (#1) is reported lost. It stays checked out to you, without reminders.
              The admins are told: they can take it off the shelf, which ends its loan, or add a replacement.
              If it turns up, `return Dune`.
            """, "\(lost.text)")
        // Every admin, each reached on their own platform.
        #expect(lost.notices.map(\.to.userID) == ["112233445566778899", "U-ADMIN", "U-BOSS"])
        #expect(lost.notices.last.map { PlainRenderer.render($0.reply) } == """
            Ana reports Dune (#1) lost.
              Ana has Dune since Tue 1 Dec, due Tue 15 Dec.
              `delete #1` takes it off the shelf; `add another copy of Dune` adds a replacement.
              Try: `show #1`
            """)
        // Damaged, reported by someone without it: where it is.
        let damaged = await handler.handle(text: "Dune is damaged", from: ben, at: tuesday)
        #expect(damaged.text.hasPrefix("Thanks for telling: Dune (#1) is reported damaged.\n  Ana has Dune since Tue 1 Dec, due Tue 15 Dec.\n"), "\(damaged.text)")
        #expect(damaged.text.hasSuffix("Once repaired, `Dune is repaired`."), "\(damaged.text)")
        #expect(damaged.notices.count == 3)
        // An admin is told what to type, and nobody else is.
        let admin = Sender(name: "Ada", userID: "U-ADMIN")
        let byAdmin = await handler.handle(text: "report Emma as lost", from: admin, at: tuesday)
        #expect(byAdmin.text == """
            Thanks for telling: Emma (#2) is reported lost.
              Nobody has it checked out.
              `delete #2` takes it off the shelf; `add another copy of Emma` adds a replacement.
              If it turns up, `found Emma`.
            """, "\(byAdmin.text)")
        #expect(byAdmin.notices.isEmpty)
        // In French.
        let french = await handler.handle(text: "j'ai perdu Les Misérables", from: ben, at: tuesday)
        #expect(french.text == """
            Merci de l'avoir dit : Les Misérables (#3) est signalé perdu.
              Personne ne l'a emprunté.
              Les administrateurs sont prévenus : ils peuvent le retirer de l'étagère, ou en ajouter un autre.
              S'il réapparaît, `j'ai retrouvé Les Misérables`.
            """, "\(french.text)")
        #expect(french.notices.count == 3)
        // With only Slack running, a Discord admin cannot be reached: the member is to tell one.
        var slackOnly = HandlerSettings(admins: ["112233445566778899"])
        slackOnly.canMessage = { !$0.allSatisfy(\.isNumber) }
        let unreachable = await CommandHandler(library: handler.library, settings: slackOnly).handle(text: "Emma is damaged", from: ben, at: tuesday)
        #expect(unreachable.text.contains("\n  Tell an admin: they can take it off the shelf, or add a replacement.\n"), "\(unreachable.text)")
        #expect(unreachable.notices.isEmpty)
        // Reported twice: said so, and nobody is told again.
        let again = await handler.handle(text: "Les Misérables is lost", from: ana, at: tuesday)
        #expect(again.text.hasPrefix("Les Misérables (#3) is already reported lost.\n  Les Misérables is missing (reported lost by Ben, Tue 1 Dec)."), "\(again.text)")
        #expect(again.notices.isEmpty)
        // The loan is still Ana's, with the last report.
        let whoHas = await handler.handle(text: "who has Dune", from: ben, at: tuesday).text
        #expect(whoHas.hasPrefix("Ana has Dune since Tue 1 Dec, due Tue 15 Dec (reported damaged by you, Tue 1 Dec).\n"), "\(whoHas)")
        #expect(await handler.handle(text: "I lost Zorglub", from: ana, at: tuesday).text.hasPrefix("No book matches 'Zorglub'."))
    }

    @Test("a report is kept: shown where the book is, no reminders for a lost book, taken back when it turns up, by found or repaired, and undone")
    func reportKept() async throws {
        let handler = try await makeHandler(admins: ["U-ADMIN"])
        let library = handler.library
        let paris = try #require(TimeZone(identifier: "Europe/Paris"))
        let reports = LibraryReports(library: library, language: .en, timeZone: paris)
        _ = await handler.handle(text: "checkout Dune", from: ana, at: minute(1))
        _ = await handler.handle(text: "checkout Emma", from: ana, at: minute(2))
        let late = utc("2026-12-20 09:00:00")
        // Each message at its own minute: `undo` takes back one message's changes.
        #expect(try await reports.reminders(at: late, dueSoonDays: 2).first?.loans.map(\.book.title).sorted() == ["Dune", "Emma"])
        // Lost: no more reminders of it; the digest, who has and show say it.
        _ = await handler.handle(text: "I lost Dune", from: ana, at: minute(3))
        #expect(try await reports.reminders(at: late, dueSoonDays: 2).first?.loans.map(\.book.title) == ["Emma"])
        let digest = PlainRenderer.render(try await reports.digest(at: late))
        #expect(digest.contains("Dune, due Tue 15 Dec (5 days overdue; reported lost by Ana, Tue 1 Dec)"), "\(digest)")
        let shown = await handler.handle(text: "show Dune", from: ana, at: minute(4))
        #expect(shown.text.contains("You have Dune since Tue 1 Dec, due Tue 15 Dec (reported lost by you, Tue 1 Dec)."), "\(shown.text)")
        let mine = await handler.handle(text: "my books", from: ana, at: minute(4))
        #expect(mine.text.hasPrefix("You have 2 books:\n  Dune, due Tue 15 Dec (reported lost by you, Tue 1 Dec)\n"), "\(mine.text)")
        let hers = await handler.handle(text: "what does Ana have", from: ben, at: minute(4))
        #expect(hers.text.hasPrefix("Ana has 2 books:\n  Dune, due Tue 15 Dec (reported lost by Ana, Tue 1 Dec)\n"), "\(hers.text)")
        // It turns up: its return takes the report back, and the admin, who was told, is told.
        let back = await handler.handle(text: "return Dune", from: ana, at: minute(5))
        #expect(back.text.contains("\n  It was reported lost by you on Tue 1 Dec: glad it turned up."), "\(back.text)")
        #expect(back.notices.map { PlainRenderer.render($0.reply) } == ["Ana has Dune (#1) in hand: it is no longer reported lost."])
        #expect(await handler.handle(text: "who has Dune", from: ben, at: minute(6)).text.hasPrefix("Dune is on the shelf.\n"))
        // Undone: on loan again, and reported lost again.
        let undone = await handler.handle(text: "undo", from: ana, at: minute(7))
        #expect(undone.text.contains("Dune (#1) is reported lost again."), "\(undone.text)")
        #expect(await handler.handle(text: "who has Dune", from: ben, at: minute(8)).text
            .hasPrefix("Ana has Dune since Tue 1 Dec, due Tue 15 Dec (reported lost by Ana, Tue 1 Dec)."))
        // Found by someone else (where says nothing more): the report goes, the loan stays,
        // reminders come back.
        let found = await handler.handle(text: "I found Dune under my desk", from: ben, at: minute(9))
        #expect(found.text.hasPrefix("Good news: Dune (#1) is no longer reported lost.\n  Ana has Dune since Tue 1 Dec, due Tue 15 Dec."), "\(found.text)")
        #expect(found.notices.map(\.to.userID) == ["U-ADMIN"])
        #expect(try await reports.reminders(at: late, dueSoonDays: 2).first?.loans.map(\.book.title).sorted() == ["Dune", "Emma"])
        let notLost = await handler.handle(text: "Dune turned up", from: ben, at: minute(10))
        #expect(notLost.text.hasPrefix("Dune (#1) was not reported lost."), "\(notLost.text)")
        #expect(notLost.notices.isEmpty)
        // A copy on the shelf reported lost is missing: not available, waited for, and a
        // checkout of the title takes another copy.
        _ = try await library.add(NewBook(title: "Les Misérables", author: "Victor Hugo"), at: tuesday)
        let missing = await handler.handle(text: "Les Misérables is missing for good", from: ben, at: minute(11))
        #expect(missing.text.hasPrefix("Thanks for telling: Les Misérables (#3) is reported lost."), "\(missing.text)")
        #expect(try await library.counts().available == 1)
        let available = await handler.handle(text: "list available", from: ben, at: minute(12)).text
        #expect(available.contains("Les Misérables (#4)") || available.contains("#4 Les Misérables"), "\(available)")
        #expect(!available.contains("#3 "), "\(available)")
        let lent = await handler.handle(text: "checkout Les Misérables", from: ben, at: minute(13))
        #expect(lent.kind == .success)
        #expect(try await library.whoHas("#4").first?.loan?.borrower.name == "Ben")
        let held = await handler.handle(text: "hold Les Misérables", from: ana, at: minute(14))
        #expect(held.kind == .success, "\(held.text)")
        // A missing copy is not lent until someone says it turned up; its line waits for it,
        // and once found, it is kept for the first in line, who is told.
        _ = await handler.handle(text: "cancel hold Les Misérables", from: ana, at: minute(15))
        let taken = await handler.handle(text: "checkout #3", from: ana, at: minute(16))
        #expect(taken.kind == .error)
        #expect(taken.text.hasPrefix("Les Misérables is missing (reported lost by Ben, Tue 1 Dec).\n  If you have it in hand, say `found "), "\(taken.text)")
        #expect(await handler.handle(text: "hold #3", from: ana, at: minute(17)).kind == .success)
        #expect(await handler.handle(text: "who has #3", from: ben, at: minute(18)).text
            .hasPrefix("Les Misérables is missing (reported lost by you, Tue 1 Dec); Ana waits for it."))
        // Waiting for a missing copy is no place kept on the shelf: it never lapses.
        #expect(try await library.lapseKeptHolds(at: late).isEmpty)
        #expect(try await library.lapseKeptHolds(at: late.addingTimeInterval(30 * 86_400)).isEmpty)
        #expect(try await library.show("#3").holds.map(\.holder.name) == ["Ana"])
        let foundAgain = await handler.handle(text: "found #3", from: ben, at: minute(19))
        #expect(foundAgain.text.hasPrefix("Good news: Les Misérables (#3) is no longer reported lost.\n  Les Misérables is on the shelf, kept for Ana until "), "\(foundAgain.text)")
        #expect(foundAgain.notices.map(\.to.name).sorted() == ["Ana", "U-ADMIN"])
        #expect(await handler.handle(text: "checkout #3", from: ana, at: minute(20)).kind == .success)
        // Damaged and repaired, in French, and the report undone.
        let abime = await handler.handle(text: "Emma est abîmé", from: ana, at: minute(27))
        #expect(abime.text.hasPrefix("Merci de l'avoir dit : Emma (#2) est signalé abîmé, et toujours emprunté par vous."), "\(abime.text)")
        #expect(try await reports.reminders(at: late, dueSoonDays: 2).first?.loans.map(\.book.title).sorted() == ["Dune", "Emma", "Les Misérables"])
        let repare = await handler.handle(text: "Emma est réparé", from: ana, at: minute(28))
        #expect(repare.text.hasPrefix("Emma (#2) n'est plus signalé abîmé."), "\(repare.text)")
        _ = await handler.handle(text: "défaire", from: ana, at: minute(29))
        #expect(try await library.whoHas("Emma").first?.book.report?.kind == .damaged)
        let retracted = await handler.handle(text: "undo", from: ana, at: minute(30))
        #expect(retracted.text.contains("Emma (#2) is no longer reported damaged."), "\(retracted.text)")
        #expect(try await library.whoHas("Emma").first?.book.report == nil)
        // A title that reads as a report is asked about.
        _ = try await library.add(NewBook(title: "Everything Is Broken", author: "Emma Larkin"), at: tuesday)
        let title = await handler.handle(text: "Everything is broken", from: ben, at: minute(29))
        #expect(title.text.hasPrefix("Everything Is Broken is on the shelf."), "\(title.text)")
        #expect(try await library.whoHas("Everything Is Broken").first?.book.report == nil)
        let askedTitle = await handler.handle(text: "Everything Is Broken?", from: ben, at: minute(29))
        #expect(askedTitle.text.hasPrefix("Everything Is Broken is on the shelf."), "\(askedTitle.text)")
        // Asked, a report's words ask about the book: its page, and nothing is reported.
        let asked = await handler.handle(text: "Dune is lost?", from: ana, at: minute(29))
        #expect(asked.text.hasPrefix("#1 Dune\n"), "\(asked.text)")
        #expect(try await library.counts().reported == 0)
        // The admins' list of what is reported.
        _ = await handler.handle(text: "Dune is lost", from: ana, at: minute(30))
        #expect(try await library.counts().reported == 1)
        let reported = await handler.handle(text: "lost books", from: ben, at: minute(31)).text
        #expect(reported.hasPrefix("1 reported lost or damaged:\n  #1 Dune, Frank Herbert (out: Ana, due Tue 15 Dec; reported lost by Ana, Tue 1 Dec)"), "\(reported)")
        let none = await handler.handle(text: "livres perdus", from: ben, at: minute(32)).text
        #expect(none.hasPrefix("1 signalé perdu ou abîmé :"), "\(none)")
        // Taking the copy off the shelf takes its report.
        _ = try await library.delete(["#1"], at: minute(32))
        let rows = try await library.database.writer.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM report") }
        #expect(rows == 0)
        #expect(await handler.handle(text: "list lost", from: ben, at: minute(33)).text.hasPrefix("No book is reported lost or damaged."))
    }

    @Test("recommend: books like those the member read, with why; like one book; in French; nothing left says so")
    func recommend() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "edit Dune set categories to SF", from: ana, at: tuesday)
        _ = await handler.handle(text: "edit Emma set categories to Classic", from: ana, at: tuesday + 60)
        _ = await handler.handle(text: "edit Les Misérables set categories to Classic", from: ana, at: tuesday + 120)
        _ = await handler.handle(text: "add Dune Messiah by Frank Herbert", from: ana, at: tuesday + 180)
        _ = await handler.handle(text: "checkout Dune", from: ana, at: tuesday + 240)
        let offered = await handler.handle(text: "what should I read next?", from: ana, at: tuesday + 300)
        #expect(offered.text == """
            You might like:
              #4 Dune Messiah, Frank Herbert — like Dune, by the same author
              #3 Les Misérables, Victor Hugo
              #2 Emma, Jane Austen
              Try: `checkout Dune Messiah`
            """, "\(offered.text)")
        let french = await handler.handle(text: "des livres comme Emma", from: ana, at: tuesday + 360)
        #expect(french.text == """
            Dans le genre de Emma :
              #3 Les Misérables, Victor Hugo — Classic, comme Emma
              Essayez : `emprunter Les Misérables`
            """, "\(french.text)")
        let none = await handler.handle(text: "something like Dune Messiah", from: ben, at: tuesday + 420)
        #expect(none.text.hasPrefix("Like Dune Messiah:\n  #1 Dune, Frank Herbert (out: Ana, due Tue 15 Dec) — like Dune Messiah, by the same author"), "\(none.text)")
        #expect(await handler.handle(text: "books like Zorglub", from: ben, at: tuesday + 480).text.hasPrefix("No book matches 'Zorglub'."))
        _ = await handler.handle(text: "checkout Dune Messiah, Emma, Les Misérables", from: ana, at: tuesday + 540)
        let read = await handler.handle(text: "recommend", from: ana, at: tuesday + 600)
        #expect(read.text.hasPrefix("I have nothing new for you: you have borrowed every book here."), "\(read.text)")
    }

    @Test("recommend a classic: books of that category only, named as the library names it; a book's title is books like it; no such category lists those there are")
    func recommendCategory() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "edit Dune set categories to Science fiction", from: ana, at: minute(0))
        _ = await handler.handle(text: "edit Emma set categories to Classic", from: ana, at: minute(1))
        _ = await handler.handle(text: "edit Les Misérables set categories to Classic, Dystopia", from: ana, at: minute(2))
        _ = await handler.handle(text: "add Dune Messiah by Frank Herbert categories: Science fiction", from: ana, at: minute(3))
        _ = await handler.handle(text: "checkout Dune", from: ana, at: minute(4))
        // Dune is Ana's already: only Dune Messiah is new to her in science fiction.
        let scifi = await handler.handle(text: "recommend me some sci-fi books", from: ana, at: minute(5))
        #expect(scifi.text == """
            You might like, in Science fiction:
              #4 Dune Messiah, Frank Herbert — like Dune, by the same author
              Try: `checkout Dune Messiah`
            """, "\(scifi.text)")
        let classic = await handler.handle(text: "suggest a classic", from: ben, at: minute(6))
        #expect(classic.text.hasPrefix("You might like, in Classic:\n  #3 Les Misérables, Victor Hugo\n  #2 Emma, Jane Austen\n"), "\(classic.text)")
        #expect(!classic.text.contains("Dune"), "\(classic.text)")
        // "the second one" is from that list.
        #expect(await handler.handle(text: "checkout the second one", from: ben, at: minute(7)).text.hasPrefix("Emma is checked out to Ben."))
        let adjective = await handler.handle(text: "random dystopian novel", from: ben, at: minute(8))
        #expect(adjective.text.hasPrefix("You might like, in Dystopia:\n  #3 Les Misérables, Victor Hugo"), "\(adjective.text)")
        let french = await handler.handle(text: "conseille-moi de la science-fiction", from: ben, at: minute(9))
        #expect(french.text.hasPrefix("Vous pourriez aimer, dans Science fiction :\n  #4 Dune Messiah, Frank Herbert"), "\(french.text)")
        // Words that name a book, not a category: books like it.
        #expect(await handler.handle(text: "recommend Emma", from: ben, at: minute(10)).text.hasPrefix("Like Emma:"))
        let unknown = await handler.handle(text: "recommend a <!channel> thriller", from: ben, at: minute(11))
        #expect(unknown.text == """
            No category is called '<!channel> thriller'.
              The categories: Classic, Science fiction, Dystopia.
              Try: `recommend Classic`
            """, "\(unknown.text)")
        #expect(SlackRenderer.render(unknown).jsonString().contains("&lt;!channel&gt; thriller"), "escaped for Slack")
        // Every Science fiction book borrowed: said so, not the whole shelf instead.
        _ = await handler.handle(text: "checkout Dune Messiah", from: ana, at: minute(12))
        let read = await handler.handle(text: "recommend science fiction", from: ana, at: minute(13))
        #expect(read.text.hasPrefix("I have nothing new for you in Science fiction: you have borrowed every book of it here."), "\(read.text)")
    }

    @Test("a genre named in the other language, or as members call it: 'un classique' is Classic, 'a mystery' and 'polars' Policier, 'SF' Science fiction")
    func categoryInOtherWords() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "edit Dune set categories to Science fiction", from: ana, at: minute(0))
        _ = await handler.handle(text: "edit Emma set categories to Classic", from: ana, at: minute(1))
        _ = await handler.handle(text: "edit Les Misérables set categories to Policier", from: ana, at: minute(2))
        let classique = await handler.handle(text: "conseille-moi un classique", from: ben, at: minute(3))
        #expect(classique.text.hasPrefix("Vous pourriez aimer, dans Classic :\n  #2 Emma, Jane Austen"), "\(classique.text)")
        let mystery = await handler.handle(text: "recommend a mystery", from: ben, at: minute(4))
        #expect(mystery.text.hasPrefix("You might like, in Policier:\n  #3 Les Misérables, Victor Hugo"), "\(mystery.text)")
        let polars = await handler.handle(text: "polars", from: ben, at: minute(5))
        #expect(polars.text.hasPrefix("1 found for 'Policier':\n  #3 Les Misérables"), "\(polars.text)")
        #expect(await handler.handle(text: "SF", from: ana, at: minute(6)).text.hasPrefix("1 found for 'Science fiction':"))
        // No genre: the categories there are.
        #expect(await handler.handle(text: "recommend a cookbook", from: ben, at: minute(7)).text.hasPrefix("No category is called 'cookbook'."))
    }

    @Test("any sci-fi available? a search among the books on the shelf only: neither out nor kept for someone else")
    func searchOnShelf() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "edit Dune set categories to Science fiction", from: ana, at: minute(0))
        _ = await handler.handle(text: "add Dune Messiah by Frank Herbert categories: Science fiction", from: ana, at: minute(1))
        _ = await handler.handle(text: "edit Emma set categories to Classic", from: ana, at: minute(2))
        _ = await handler.handle(text: "edit Les Misérables set categories to Classic", from: ana, at: minute(3))
        _ = await handler.handle(text: "checkout Dune", from: ben, at: minute(4))
        let scifi = await handler.handle(text: "do you have any sci-fi available?", from: ana, at: minute(5))
        #expect(scifi.text.hasPrefix("1 on the shelf for 'sci-fi':\n  #4 Dune Messiah, Frank Herbert"), "\(scifi.text)")
        #expect(!scifi.text.contains("#1 Dune"), "\(scifi.text)")
        // Everything said is searched: Dune is out.
        #expect(await handler.handle(text: "search sci-fi", from: ana, at: minute(6)).text.contains("#1 Dune"))
        // Kept for Ana, Dune Messiah is on the shelf for her alone.
        _ = await handler.handle(text: "checkout Dune Messiah", from: ben, at: minute(7))
        _ = await handler.handle(text: "hold Dune Messiah", from: ana, at: minute(8))
        _ = await handler.handle(text: "return Dune Messiah", from: ben, at: minute(9))
        #expect(await handler.handle(text: "what's available in sci-fi?", from: ana, at: minute(10)).text.hasPrefix("1 on the shelf for 'sci-fi':\n  #4 Dune Messiah"))
        let none = await handler.handle(text: "what's available in sci-fi?", from: ben, at: minute(11))
        #expect(none.text == """
            Nothing that matches 'sci-fi' is on the shelf: 2 books are out or kept.
              Try: `search sci-fi`
            """, "\(none.text)")
        let classics = await handler.handle(text: "list available classics", from: ben, at: minute(12))
        #expect(classics.text.hasPrefix("2 on the shelf for 'classics':"), "\(classics.text)")
        // A category asked for: named as the library names it.
        let shown = await handler.handle(text: "show me the available classics", from: ben, at: minute(13))
        #expect(shown.text.hasPrefix("2 on the shelf for 'Classic':"), "\(shown.text)")
        #expect(await handler.handle(text: "checkout the first one", from: ben, at: minute(14)).kind == .success)
        #expect(await handler.handle(text: "is there any classic on the shelf?", from: ana, at: minute(15)).text.hasPrefix("1 on the shelf for 'classic':"))
    }

    @Test("Ben lost Dune, Ben a abîmé Emma: the copy reported so, whoever lost it; a name that is a title is not read so")
    func lostBySomeone() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "checkout Dune", from: ben, at: minute(0))
        let lost = await handler.handle(text: "Ben lost Dune", from: ana, at: minute(1))
        #expect(lost.text.hasPrefix("Thanks for telling: Dune (#1) is reported lost.\n  Ben has Dune since"), "\(lost.text)")
        let damaged = await handler.handle(text: "Ben a abîmé Emma", from: ana, at: minute(2))
        #expect(damaged.text.hasPrefix("Merci de l'avoir dit : Emma (#2) est signalé abîmé."), "\(damaged.text)")
        // "Emma lost Dune": Emma is a title here, not someone.
        #expect(await handler.handle(text: "Emma lost Les Misérables", from: ana, at: minute(3)).kind != .success)
        #expect(try await handler.library.show("Les Misérables").book.report == nil)
    }

    @Test("how many books does the library have: its books, not a member called 'the library'; 'my copy of Dune' is Dune")
    func libraryAsSubject() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "checkout Dune", from: ana, at: minute(0))
        let count = await handler.handle(text: "how many books does the library have?", from: ben, at: minute(1))
        #expect(count.text.hasPrefix("3 books, 2 on the shelf:"), "\(count.text)")
        let french = await handler.handle(text: "qu'est-ce que la bibliothèque a ?", from: ben, at: minute(1))
        #expect(french.text.hasPrefix("3 livres, dont 2 sur l'étagère :"), "\(french.text)")
        let where_ = await handler.handle(text: "where is my copy of Dune?", from: ana, at: minute(2))
        #expect(where_.text.hasPrefix("You have Dune since"), "\(where_.text)")
        let returned = await handler.handle(text: "return my copy of Dune", from: ana, at: minute(3))
        #expect(returned.text.hasPrefix("Thanks! Dune is back on the shelf"), "\(returned.text)")
        // "book 2", "book number 2": the book numbered so (Emma).
        let numbered = await handler.handle(text: "who has book 2", from: ana, at: minute(3))
        #expect(numbered.text.hasPrefix("Emma is on the shelf."), "\(numbered.text)")
        #expect(await handler.handle(text: "show book number 2", from: ana, at: minute(3)).text.hasPrefix("#2 Emma"))
        // "show me Dune and Emma": each page, one after the other; a title with "and" that is
        // no book is not two.
        let pages = await handler.handle(text: "show me Dune and Emma", from: ben, at: minute(3))
        #expect(pages.text.hasPrefix("#1 Dune\n") && pages.text.contains("#2 Emma\n"), "\(pages.text)")
        let missing = await handler.handle(text: "show War and Peace", from: ben, at: minute(3))
        #expect(missing.text.hasPrefix("No book matches 'War and Peace'."), "\(missing.text)")
        let reading = await handler.handle(text: "what am I reading right now?", from: ana, at: minute(4))
        #expect(reading.text.hasPrefix("You have no books."), "\(reading.text)")
    }

    @Test("'Dune will be late' offers the renewal, which yes runs; 'thanks Ana!' is thanks, not a book called Ana")
    func lateWithABook() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "checkout Dune", from: ana, at: minute(0))
        let late = await handler.handle(text: "sorry, Dune will be late", from: ana, at: minute(60 * 24 * 10))
        #expect(late.text.contains("`renew Dune`"), "\(late.text)")
        let renewed = await handler.handle(text: "yes", from: ana, at: minute(60 * 24 * 10 + 1))
        #expect(renewed.text.hasPrefix("Dune is renewed: due "), "\(renewed.text)")
        #expect(try await handler.library.show("Dune").loan?.renewals == 1)
        let thanks = await handler.handle(text: "thanks Ana!", from: ben, at: minute(60 * 24 * 10 + 2))
        #expect(thanks.text == "You're welcome!", "\(thanks.text)")
    }

    @Test("qui a Dune, then 'je voudrais l'emprunter', 'c'est quand que je dois le rendre ?': the book last named")
    func frenchPronounBeforeVerb() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "qui a Dune ?", from: ana, at: minute(0))
        let borrowed = await handler.handle(text: "je voudrais l'emprunter", from: ana, at: minute(1))
        #expect(borrowed.text.hasPrefix("Dune est emprunté par Ana."), "\(borrowed.text)")
        let due = await handler.handle(text: "c'est quand que je dois le rendre ?", from: ana, at: minute(2))
        #expect(due.text.hasPrefix("Vous avez Dune depuis"), "\(due.text)")
        // Finishing it this weekend: a plan, where it stands for the member.
        let finishing = await handler.handle(text: "I'll finish Dune this weekend", from: ana, at: minute(3))
        #expect(finishing.text.hasPrefix("You have Dune since"), "\(finishing.text)")
        // A return in some days is a plan: nothing is done yet.
        let planned = await handler.handle(text: "I'll return Dune in two weeks", from: ana, at: minute(3))
        #expect(planned.text.hasPrefix("You have Dune since"), "\(planned.text)")
        #expect(try await handler.library.show("Dune").loan != nil)
    }

    @Test("a copy reported lost on the shelf is not offered as another copy to take, and is the copy 'delete a copy' takes off")
    func lostCopyNotOffered() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "add another copy of Dune", from: ana, at: minute(0))
        _ = await handler.handle(text: "add another copy of Dune", from: ana, at: minute(0))
        _ = await handler.handle(text: "checkout #1", from: ana, at: minute(1))
        let reported = await handler.handle(text: "report #4 as lost", from: ana, at: minute(2))
        #expect(reported.text.hasPrefix("Thanks for telling: Dune (#4) is reported lost."), "\(reported.text)")
        let again = await handler.handle(text: "checkout Dune", from: ana, at: minute(3))
        #expect(again.text.contains("`checkout #5`") && !again.text.contains("#4"), "\(again.text)")
        let deleted = await handler.handle(text: "delete a copy of Dune", from: ana, at: minute(4))
        #expect(deleted.text.hasPrefix("Deleted Dune (#4)."), "\(deleted.text)")
    }

    @Test("a message not understood is answered in its language, but the next title alone in the member's last understood one")
    func languageOfMessagesNotUnderstood() async throws {
        let handler = try await makeHandler()
        let unknown = await handler.handle(text: "les trucs bizarres", from: ana, at: minute(0))
        #expect(unknown.text.hasPrefix("Je n'ai pas compris"), "\(unknown.text)")
        let title = await handler.handle(text: "Dune", from: ana, at: minute(1))
        #expect(title.text.hasPrefix("Dune is on the shelf."), "\(title.text)")
        _ = await handler.handle(text: "qui a Dune ?", from: ana, at: minute(2))
        let french = await handler.handle(text: "Emma", from: ana, at: minute(3))
        #expect(french.text.hasPrefix("Emma est sur l'étagère."), "\(french.text)")
    }

    @Test("rename category SF to Science fiction, delete category SF: every book that carries it, admins only, undone and redone by undo")
    func renameCategoryEverywhere() async throws {
        let handler = try await makeHandler(admins: ["U-ANA"])
        _ = await handler.handle(text: "tag Dune with SF, Classic", from: ana, at: minute(0))
        _ = await handler.handle(text: "tag Emma as Classic", from: ana, at: minute(0))
        _ = await handler.handle(text: "tag Les Misérables as sf", from: ana, at: minute(0))
        // Not an admin: nothing changes.
        let refused = await handler.handle(text: "rename category SF to Science fiction", from: ben, at: minute(1))
        #expect(refused.kind == .error)
        #expect(try await handler.library.show("Dune").book.categories == ["SF", "Classic"])
        let renamed = await handler.handle(text: "rename the SF category to Science fiction", from: ana, at: minute(2))
        #expect(renamed.text.hasPrefix("Category SF is now Science fiction, on 2 books:\n  #1 Dune\n  #3 Les Misérables"), "\(renamed.text)")
        #expect(try await handler.library.show("Dune").book.categories == ["Science fiction", "Classic"])
        #expect(try await handler.library.show("Les Misérables").book.categories == ["Science fiction"])
        // Undone: each book as it was, the name as each had it written.
        let undone = await handler.handle(text: "undo", from: ana, at: minute(3))
        #expect(undone.text.hasPrefix("Categories set back on 2 books:\n  #1 Dune: SF, Classic\n  #3 Les Misérables: sf"), "\(undone.text)")
        #expect(try await handler.library.show("Les Misérables").book.categories == ["sf"])
        // Merged into a category the library has: each book keeps it once.
        let merged = await handler.handle(text: "rename category Classic to SF", from: ana, at: minute(4))
        #expect(merged.text.hasPrefix("Category Classic is now SF (merged: each keeps it once), on 2 books:"), "\(merged.text)")
        #expect(try await handler.library.show("Dune").book.categories == ["SF"])
        #expect(try await handler.library.show("Emma").book.categories == ["SF"])
        let deleted = await handler.handle(text: "supprimer la catégorie SF", from: ana, at: minute(5))
        #expect(deleted.text.hasPrefix("La catégorie SF est retirée de 3 livres :"), "\(deleted.text)")
        #expect(try await handler.library.categories().isEmpty)
        let unknown = await handler.handle(text: "delete category <!channel>", from: ana, at: minute(6))
        #expect(unknown.kind == .error && unknown.text.hasPrefix("No category is called '<!channel>'"), "\(unknown.text)")
    }

    @Test("delete category, rename category SF: the name missing is asked for, with the library's categories, and nothing changes")
    func categoryNameMissing() async throws {
        let handler = try await makeHandler(admins: ["U-ANA"])
        let none = await handler.handle(text: "delete category", from: ana, at: minute(0))
        #expect(none.text == "No book has a category yet.", "\(none.text)")
        _ = await handler.handle(text: "tag Dune with SF, Classic", from: ana, at: minute(1))
        let which = await handler.handle(text: "delete category", from: ana, at: minute(2))
        #expect(which.kind == .error)
        #expect(which.text == "Which category? For example `delete category Classic`.\n  The categories: Classic, SF.\n  Try: `categories`", "\(which.text)")
        let renaming = await handler.handle(text: "renommer la catégorie", from: ana, at: minute(3))
        #expect(renaming.text.hasPrefix("Quelle catégorie ? Par exemple `renommer la catégorie SF en Science-fiction`."), "\(renaming.text)")
        let to = await handler.handle(text: "rename category sf", from: ana, at: minute(4))
        #expect(to.kind == .error && to.text == "Rename SF to what? For example `rename category SF to NEW NAME`.", "\(to.text)")
        #expect(try await handler.library.show("Dune").book.categories == ["SF", "Classic"])
        // Not an admin: refused before anything is asked.
        #expect(await handler.handle(text: "delete category", from: ben, at: minute(5)).text.hasPrefix("Only"))
    }

    @Test("remind Ben about Dune: a message to Ben saying who asks, for a late book or one the asker waits for (any, for an admin), once a day, where a message reaches")
    func remind() async throws {
        let handler = try await makeHandler(admins: ["U-ADMIN"])
        let zoe = Sender(name: "Zoé", userID: "U-ADMIN")
        func told(_ reply: Reply) -> [String] { reply.notices.map { "\($0.to.userID ?? $0.to.name): \(PlainRenderer.render($0.reply))" } }
        _ = await handler.handle(text: "checkout Dune", from: ben, at: tuesday)
        // Not late, and Ana does not wait for it: nobody is nagged.
        let early = await handler.handle(text: "remind Ben about Dune", from: ana, at: tuesday + 60)
        #expect(early.kind == .error)
        #expect(early.text.hasPrefix("Ben may keep Dune until Tue 15 Dec: it is not late, so I sent no reminder."), "\(early.text)")
        #expect(early.notices.isEmpty)
        // Waiting for it, Ana may: who has suggests it.
        _ = await handler.handle(text: "hold Dune", from: ana, at: tuesday + 120)
        let who = await handler.handle(text: "who has Dune", from: ana, at: tuesday + 150)
        #expect(who.text.hasSuffix("You are number 1 in line for it.\n  Try: `remind Ben about Dune`"), "\(who.text)")
        // "I lost my place in line": where the member is in it now; nothing is reported lost.
        let place = await handler.handle(text: "I lost my place in line for Dune", from: ana, at: tuesday + 160)
        #expect(place.text.hasPrefix("Ben has Dune since Tue 1 Dec"), "\(place.text)")
        #expect(place.text.contains("You are number 1 in line for it."), "\(place.text)")
        #expect(!place.text.contains("reported"), "\(place.text)")
        let waiting = await handler.handle(text: "nudge ben about dune", from: ana, at: tuesday + 180)
        #expect(waiting.kind == .success)
        #expect(waiting.text == "Sent Ben a reminder of Dune, due Tue 15 Dec.", "\(waiting.text)")
        #expect(told(waiting) == ["U-BEN: Ana is waiting for Dune, which you have until Tue 15 Dec.\n  Try: `return Dune`"], "\(told(waiting))")
        // Once a day.
        let again = await handler.handle(text: "remind Ben", from: ana, at: tuesday + 240)
        #expect(again.text.hasPrefix("Not Dune: Ben was reminded of it less than a day ago, and once a day is enough."), "\(again.text)")
        #expect(again.notices.isEmpty)
        // The library keeps it: after a restart (a new handler on the same library), still once.
        let restarted = CommandHandler(library: handler.library, settings: handler.settings)
        let afterRestart = await restarted.handle(text: "remind Ben about Dune", from: zoe, at: tuesday + 300)
        #expect(afterRestart.text.hasPrefix("Not Dune: Ben was reminded of it less than a day ago"), "\(afterRestart.text)")
        #expect(afterRestart.notices.isEmpty)
        // Late, a day later: an admin, who waits for nothing, asks it back; in French, the reply.
        let late = tuesday + 20 * 86_400
        let asked = await handler.handle(text: "remind Ben", from: zoe, at: late)
        #expect(told(asked) == ["U-BEN: Zoé asks you to bring back Dune: it was due Tue 15 Dec (6 days overdue).\n  Try: `return Dune`"], "\(told(asked))")
        let french = await handler.handle(text: "relancer Ben pour Dune", from: ana, at: late + 25 * 3600)
        #expect(french.text == "Rappel envoyé à Ben pour Dune, à rendre mar. 15 déc. (en retard de 7 jours).", "\(french.text)")
        #expect(told(french) == ["U-BEN: Ana is waiting for Dune, which was due Tue 15 Dec (7 days overdue): please bring it back.\n  Try: `return Dune`"], "\(told(french))")
        // A book Ben does not have; someone with none.
        let notHis = await handler.handle(text: "remind Ben about Emma", from: zoe, at: late)
        #expect(notHis.text.hasPrefix("Ben does not have Emma.\n  Emma is on the shelf."), "\(notHis.text)")
        #expect(await handler.handle(text: "remind Chloé", from: zoe, at: late).text.hasPrefix("Chloé has no books to bring back."))
        // Lent by name alone (no chat account), or where no message reaches: said, nobody told.
        _ = await handler.handle(text: "checkout Emma for Chloé", from: ana, at: tuesday)
        let byName = await handler.handle(text: "remind Chloé", from: zoe, at: late)
        #expect(byName.text == "I cannot send Chloé a message (no chat account of theirs that I reach): tell them yourself.\n  Emma, due Tue 15 Dec (6 days overdue)", "\(byName.text)")
        #expect(byName.notices.isEmpty)
        var consoleOnly = HandlerSettings(admins: ["U-ADMIN"])
        consoleOnly.canMessage = { _ in false }
        let unreachable = await CommandHandler(library: handler.library, settings: consoleOnly).handle(text: "remind Ben", from: zoe, at: late + 2 * 86_400)
        #expect(unreachable.text.hasPrefix("I cannot send Ben a message"), "\(unreachable.text)")
        #expect(unreachable.notices.isEmpty)
    }

    @Test("'tell Ben Okafor Dune is due': a name of two words before the book, when the words after the first name no book and the rest does")
    func tellSomeoneOfTwoWords() async throws {
        let handler = try await makeHandler(admins: ["U-ADMIN"])
        let zoe = Sender(name: "Zoé", userID: "U-ADMIN")
        _ = await handler.handle(text: "checkout Dune as Ben Okafor", from: ana, at: tuesday)
        let told = await handler.handle(text: "tell Ben Okafor Dune is due", from: zoe, at: tuesday + 20 * 86_400)
        #expect(told.text.hasPrefix("I cannot send Ben Okafor a message (no chat account of theirs that I reach): tell them yourself.\n  Dune, due Tue 15 Dec"), "\(told.text)")
        // A title of two capitalised words stays whole.
        let whole = await handler.handle(text: "tell Ben Les Misérables is due", from: zoe, at: tuesday + 20 * 86_400)
        #expect(whole.text.hasPrefix("Ben does not have Les Misérables."), "\(whole.text)")
    }

    @Test("'Ben can have it next', 'can Ben have it?': the book last named, Ben's place in its line or the loan to him, asked about; with no book named lately, nothing is offered")
    func someoneNextForIt() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "checkout Dune", from: ana, at: tuesday)
        let next = await handler.handle(text: "Ben can have it next", from: ana, at: tuesday + 60)
        #expect(next.text.hasPrefix("I did not understand 'Ben can have it next'. Did you mean `hold Dune for Ben`?"), "\(next.text)")
        let yes = await handler.handle(text: "yes", from: ana, at: tuesday + 90)
        #expect(yes.text.hasPrefix("Ben is number 1 in line for Dune."), "\(yes.text)")
        _ = await handler.handle(text: "who has Emma", from: ana, at: tuesday + 120)
        let free = await handler.handle(text: "can Ben have it?", from: ana, at: tuesday + 150)
        #expect(free.text.contains("Did you mean `checkout Emma as Ben`?"), "\(free.text)")
        let none = await (try await makeHandler()).handle(text: "Ben can have it", from: ana, at: tuesday)
        #expect(none.text.hasPrefix("I did not understand 'Ben can have it'.") && !none.text.contains("Did you mean"), "\(none.text)")
    }

    @Test("'has Ben been reminded?': his books, each saying when he was last reminded of it, by a member's request or the daily reminder; nothing said of a loan never reminded")
    func whenReminded() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "checkout Dune", from: ben, at: tuesday)
        _ = await handler.handle(text: "checkout Emma", from: ben, at: tuesday)
        let never = await handler.handle(text: "has Ben been reminded?", from: ana, at: tuesday + 60)
        #expect(never.text == "Ben has 2 books:\n  Dune, due Tue 15 Dec\n  Emma, due Tue 15 Dec\n  Try: `return Dune`", "\(never.text)")
        // Ana waits for Dune and asks Ben for it: today.
        _ = await handler.handle(text: "hold Dune", from: ana, at: tuesday + 120)
        #expect(await handler.handle(text: "remind Ben about Dune", from: ana, at: tuesday + 180).kind == .success)
        let today = await handler.handle(text: "was Ben reminded about Dune?", from: ana, at: tuesday + 240)
        #expect(today.text.contains("Dune, due Tue 15 Dec (reminded today)"), "\(today.text)")
        #expect(today.text.contains("Emma, due Tue 15 Dec\n  Try:"), "\(today.text)")
        // The daily reminders of Sunday 13 and Monday 14 December (Paris days): the later one,
        // beside the lateness; the member's request before it counts less.
        let dune = try #require(try await handler.library.loans(of: ben.borrower).first { $0.book.title == "Dune" }?.loan.id)
        let store = ScheduleStore(database: handler.library.database)
        _ = try await store.claimReminders(for: [dune], on: "2026-12-13")
        _ = try await store.claimReminders(for: [dune], on: "2026-12-14")
        let late = utc("2026-12-17 09:00:00")
        let mine = await handler.handle(text: "have I been reminded?", from: ben, at: late)
        #expect(mine.text.contains("Dune, due Tue 15 Dec (2 days overdue; reminded Mon 14 Dec)"), "\(mine.text)")
        let yesterday = await handler.handle(text: "my books", from: ben, at: utc("2026-12-15 09:00:00"))
        #expect(yesterday.text.contains("Dune, due Tue 15 Dec (today; reminded yesterday)\n  Emma, due Tue 15 Dec (today)\n"), "\(yesterday.text)")
        let french = await handler.handle(text: "Ben a-t-il été relancé ?", from: ana, at: late)
        #expect(french.text.contains("Dune, à rendre mar. 15 déc. (en retard de 2 jours; rappel envoyé lun. 14 déc.)"), "\(french.text)")
    }

    @Test("'speak French': replies in French from then on, and what the member is sent too, until they write in English; kept across a restart")
    func speakAsked() async throws {
        let handler = try await makeHandler()
        let french = await handler.handle(text: "speak French please", from: ben, at: minute(0))
        #expect(french.kind == .success && french.text.hasPrefix("D'accord : je vous réponds en français désormais."), "\(french.text)")
        // Words in no language ("#1") are answered in French now.
        let number = await handler.handle(text: "#1", from: ben, at: minute(1))
        #expect(number.text.hasPrefix("Dune est"), "\(number.text)")
        _ = await handler.handle(text: "checkout Dune", from: ana, at: minute(2))
        // Put in line by Ana, in English: Ben's language is still the one he asked for.
        let anaMentioningBen = Sender(name: "Ana", userID: "U-ANA", mentions: ["<@U-BEN>": ben.borrower])
        let held = await handler.handle(text: "hold Dune for <@U-BEN>", from: anaMentioningBen, at: minute(3))
        #expect(held.text.hasPrefix("Ben is number 1 in line for Dune."), "\(held.text)")
        // What Ben is told of someone else's doing is in French, after a restart as well.
        let restarted = CommandHandler(library: handler.library, settings: handler.settings)
        let back = await restarted.handle(text: "return Dune", from: ana, at: minute(4))
        let told = back.notices.first { $0.to.isSamePerson(as: ben.borrower) }.map { PlainRenderer.render($0.reply) }
        #expect(told?.hasPrefix("Dune est sur l'étagère, réservé pour vous") == true, "\(String(describing: told))")
        // Written in English, answered in English, and English it stays.
        #expect(await restarted.handle(text: "my books", from: ben, at: minute(5)).text.hasPrefix("You"))
        #expect(await restarted.handle(text: "#1", from: ben, at: minute(6)).text.hasPrefix("Dune is"))
        #expect(await restarted.handle(text: "réponds en anglais", from: ana, at: minute(7)).text.hasPrefix("OK: I answer you in English from now on."))
    }

    @Test("a member's name where a book was asked about (is Ben late?, who has Ben): no book of that name, so their books; anyone else is no book")
    func memberWhereBookAsked() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "checkout Dune as Ben", from: ana, at: minute(0))
        let late = await handler.handle(text: "is Ben late?", from: ana, at: minute(1))
        #expect(late.text.hasPrefix("Ben has 1 book:\n  Dune, due"), "\(late.text)")
        #expect(await handler.handle(text: "who has Ben", from: ana, at: minute(2)).text == late.text)
        let nobody = await handler.handle(text: "who has Zorro", from: ana, at: minute(3))
        #expect(nobody.text.hasPrefix("No book matches 'Zorro'."), "\(nobody.text)")
    }

    @Test("a follow-up asks the question just asked of another book: and Emma?, what about it?, et Les Misérables ?; never a change")
    func followUpQuestion() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "checkout Emma as Ben", from: ana, at: minute(0))
        _ = await handler.handle(text: "who has Dune?", from: ana, at: minute(1))
        let and = await handler.handle(text: "and Emma?", from: ana, at: minute(2))
        #expect(and.text.hasPrefix("Ben has Emma since"), "\(and.text)")
        let about = await handler.handle(text: "what about Les Misérables", from: ana, at: minute(3))
        #expect(about.text.hasPrefix("Les Misérables is on the shelf."), "\(about.text)")
        _ = await handler.handle(text: "info Dune", from: ana, at: minute(4))
        let french = await handler.handle(text: "et Emma ?", from: ana, at: minute(5))
        #expect(french.text.hasPrefix("#2 Emma\n  Auteur : Jane Austen"), "\(french.text)")
        // After a change, "and Dune?" changes nothing.
        _ = await handler.handle(text: "checkout Les Misérables", from: ana, at: minute(6))
        let afterChange = await handler.handle(text: "and Dune?", from: ana, at: minute(7))
        #expect(!afterChange.text.contains("checked out to"), "\(afterChange.text)")
        #expect(try await handler.library.whoHas("Dune").first?.loan == nil)
        // … but offers it, and `yes` runs it.
        #expect(afterChange.text.hasPrefix("'and Dune' alone changes nothing. Did you mean `checkout Dune`?"), "\(afterChange.text)")
        #expect(await handler.handle(text: "yes", from: ana, at: minute(8)).text.hasPrefix("Dune is checked out to Ana."))
    }

    @Test("a follow-up about a member or the asker: what does Ben have, and Ana?, and me?; my history, and Ben's?; a search, and another; a list, and a book")
    func followUpAboutSomeone() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "checkout Emma as Ben", from: ana, at: minute(0))
        _ = await handler.handle(text: "checkout Dune", from: ana, at: minute(1))
        _ = await handler.handle(text: "what does Ana have?", from: ben, at: minute(2))
        let other = await handler.handle(text: "and Ben?", from: ben, at: minute(3))
        #expect(other.text.hasPrefix("Ben has 1 book:\n  Emma, due"), "\(other.text)")
        _ = await handler.handle(text: "who has Dune?", from: ben, at: minute(4))
        let mine = await handler.handle(text: "what about mine?", from: ben, at: minute(5))
        #expect(mine.text.hasPrefix("You have 1 book:\n  Emma, due"), "\(mine.text)")
        let french = await handler.handle(text: "et Ana ?", from: ben, at: minute(6))
        #expect(french.text.hasPrefix("Ana a 1 livre :\n  Dune, à rendre"), "\(french.text)")
        // After `my books`, a title asks of the book; a member who borrowed, of the member.
        _ = await handler.handle(text: "my books", from: ana, at: minute(6))
        let title = await handler.handle(text: "and Les Misérables?", from: ana, at: minute(6))
        #expect(title.text.hasPrefix("Les Misérables is on the shelf."), "\(title.text)")
        _ = await handler.handle(text: "checkout Les Misérables as Emma", from: ana, at: minute(6))
        _ = await handler.handle(text: "my books", from: ana, at: minute(6))
        let member = await handler.handle(text: "and Emma?", from: ana, at: minute(6))
        #expect(member.text.hasPrefix("Emma has 1 book:\n  Les Misérables, due"), "\(member.text)")
        _ = await handler.handle(text: "return Les Misérables", from: ana, at: minute(6))
        _ = await handler.handle(text: "my history", from: ana, at: minute(7))
        let history = await handler.handle(text: "and Ben's?", from: ana, at: minute(8))
        #expect(history.text.hasPrefix("Ben has borrowed 1 book, not yet returned:\n  Emma, since"), "\(history.text)")
        _ = await handler.handle(text: "search Austen", from: ana, at: minute(9))
        let search = await handler.handle(text: "what about Hugo?", from: ana, at: minute(10))
        #expect(search.text.hasPrefix("1 found for 'Hugo':\n  #3 Les Misérables"), "\(search.text)")
        // After a list, which takes no subject: where the book stands; a word that is no title, not understood.
        _ = await handler.handle(text: "list available", from: ana, at: minute(11))
        let book = await handler.handle(text: "and Emma?", from: ana, at: minute(12))
        #expect(book.text.hasPrefix("Ben has Emma since"), "\(book.text)")
        _ = await handler.handle(text: "list available", from: ana, at: minute(13))
        #expect(await handler.handle(text: "and more", from: ana, at: minute(14)).text.hasPrefix("I did not understand 'and more'."))
    }

    @Test("offered, not run: add with the author set apart, a field told; yes runs the offer. A request that someone return a book returns nothing")
    func offeredAddAndEdit() async throws {
        let handler = try await makeHandler()
        let add = await handler.handle(text: "add The Martian, Andy Weir", from: ana, at: minute(0))
        #expect(add.text.hasPrefix("I did not understand 'add The Martian, Andy Weir'. Did you mean `add The Martian by Andy Weir`?"), "\(add.text)")
        #expect(try await handler.library.search("Martian").isEmpty)
        #expect(await handler.handle(text: "yes", from: ana, at: minute(1)).text.hasPrefix("Added The Martian by Andy Weir as #4."))
        let told = await handler.handle(text: "The Martian's author is Andrew Weir", from: ana, at: minute(2))
        #expect(told.text.contains("Did you mean `edit The Martian set author to Andrew Weir`?"), "\(told.text)")
        #expect(try await handler.library.show("The Martian").book.author == "Andy Weir")
        _ = await handler.handle(text: "yes", from: ana, at: minute(3))
        #expect(try await handler.library.show("The Martian").book.author == "Andrew Weir")
        _ = await handler.handle(text: "checkout Dune as Ben", from: ben, at: minute(4))
        let request = await handler.handle(text: "can someone return Dune?", from: ana, at: minute(5))
        #expect(request.text.hasPrefix("Ben has Dune since"), "\(request.text)")
        #expect(try await handler.library.whoHas("Dune").first?.loan?.borrower.name == "Ben")
    }

    @Test("a question that ends asking for a language is answered in it: who has Dune in French, qui a Dune en anglais")
    func questionInLanguageAsked() async throws {
        let handler = try await makeHandler()
        let french = await handler.handle(text: "who has Dune in French?", from: ana, at: minute(0))
        #expect(french.text.hasPrefix("Dune est sur l'étagère."), "\(french.text)")
        let english = await handler.handle(text: "qui a Dune, en anglais", from: ana, at: minute(1))
        #expect(english.text.hasPrefix("Dune is on the shelf."), "\(english.text)")
    }

    @Test("stop reminding me: no reminder before a due day, said with what still comes; again, said so; resume reminders; in French; kept by the library")
    func quietReminders() async throws {
        let handler = try await makeHandler()
        let off = await handler.handle(text: "stop reminding me", from: ben, at: minute(0))
        #expect(off.kind == .success && off.text.hasPrefix("OK: no more reminders before your books are due.\n  A book late, or kept for you, is still reminded of"), "\(off.text)")
        #expect(try await handler.library.isQuiet(ben.borrower))
        #expect(try await handler.library.isQuiet(ana.borrower) == false, "Ben's alone")
        #expect(await handler.handle(text: "mute reminders", from: ben, at: minute(1)).text.hasPrefix("Your reminders before a due day are off already."))
        let on = await handler.handle(text: "réactive les rappels", from: ben, at: minute(2))
        #expect(on.text.hasPrefix("D'accord : vous êtes de nouveau prévenu avant l'échéance de vos livres"), "\(on.text)")
        #expect(try await handler.library.isQuiet(ben.borrower) == false)
        // Where reminders are sent, the rules say it to the member who turned them off.
        var settings = handler.settings
        settings.reminders = HandlerSettings.Reminders(time: "10:00", dueSoonDays: 2)
        let sending = CommandHandler(library: handler.library, settings: settings)
        _ = await sending.handle(text: "no more reminders", from: ben, at: minute(3))
        let rules = await sending.handle(text: "rules", from: ben, at: minute(4))
        #expect(rules.text.contains("You turned off the reminders before a due day (`resume reminders` turns them on): one comes in chat each day at 10:00 a book of yours is late."), "\(rules.text)")
        #expect(await sending.handle(text: "rules", from: ana, at: minute(4)).text.contains("A reminder comes in chat each day at 10:00, from 2 days before a book is due"))
        let resumed = await sending.handle(text: "turn reminders on", from: ben, at: minute(5))
        #expect(resumed.text.hasPrefix("OK: you are reminded again before your books are due (from 2 days before)."), "\(resumed.text)")
    }

    @Test("remind whoever has Dune, the borrower of Dune, celui qui a Dune; after a list, the second one or them: whoever has those books is reminded of them")
    func remindWhoeverHas() async throws {
        let handler = try await makeHandler(admins: ["U-ADMIN"])
        let zoe = Sender(name: "Zoé", userID: "U-ADMIN"), cy = Sender(name: "Cy", userID: "U-CY")
        func told(_ reply: Reply) -> [String] { reply.notices.map { "\($0.to.userID ?? $0.to.name): \(PlainRenderer.render($0.reply))" } }
        _ = await handler.handle(text: "checkout Dune", from: ben, at: minute(0))
        _ = await handler.handle(text: "checkout Emma", from: cy, at: minute(1))
        let late = tuesday + 20 * 86_400
        let dune = await handler.handle(text: "nudge whoever has Dune", from: zoe, at: late)
        #expect(dune.text.hasPrefix("Sent Ben a reminder of Dune"), "\(dune.text)")
        #expect(told(dune).count == 1 && told(dune)[0].hasPrefix("U-BEN: Zoé asks you to bring back Dune"), "\(told(dune))")
        let french = await handler.handle(text: "relancer celui qui a Emma", from: zoe, at: late)
        #expect(french.text.hasPrefix("Rappel envoyé à Cy pour Emma"), "\(french.text)")
        // Once a day still holds, however the member is named.
        #expect(await handler.handle(text: "remind the borrower of Emma", from: zoe, at: late + 60).text.hasPrefix("Not Emma: Cy was reminded of it less than a day ago"))
        // A book on the shelf: who has it says so; nobody is told.
        let shelf = await handler.handle(text: "remind whoever has Les Misérables", from: zoe, at: late)
        #expect(shelf.text.hasPrefix("Les Misérables is on the shelf."), "\(shelf.text)")
        #expect(shelf.notices.isEmpty)
        // After a list: the second one, then them (each book's borrower, of that book).
        let nextDay = late + 86_400 + 60
        _ = await handler.handle(text: "list longest", from: zoe, at: nextDay)
        let second = await handler.handle(text: "remind the second one", from: zoe, at: nextDay + 60)
        #expect(second.text.hasPrefix("Sent Cy a reminder of Emma"), "\(second.text)")
        let them = await handler.handle(text: "remind them", from: zoe, at: nextDay + 120)
        #expect(them.text.contains("Sent Ben a reminder of Dune") && them.text.contains("Not Emma: Cy was reminded of it less than a day ago"), "\(them.text)")
        #expect(told(them).map { $0.prefix(5) } == ["U-BEN"], "\(told(them))")
        // Without a list, "them" stays no one.
        let fresh = CommandHandler(library: handler.library, settings: handler.settings)
        #expect(await fresh.handle(text: "remind them", from: zoe, at: nextDay).text.contains("is not one person"))
    }

    @Test("remind everyone who is late: each member with an overdue book is sent a reminder of their late books only, once a day; nothing overdue, nothing sent")
    func remindEveryoneLate() async throws {
        let handler = try await makeHandler(admins: ["U-ADMIN"])
        let zoe = Sender(name: "Zoé", userID: "U-ADMIN"), cy = Sender(name: "Cy", userID: "U-CY")
        func told(_ reply: Reply) -> [String] { reply.notices.map { "\($0.to.userID ?? $0.to.name): \(PlainRenderer.render($0.reply))" } }
        let none = await handler.handle(text: "remind everyone", from: zoe, at: tuesday)
        #expect(none.text.hasPrefix("Nothing is overdue: no reminder to send."), "\(none.text)")
        _ = await handler.handle(text: "checkout Dune", from: ben, at: tuesday)
        _ = await handler.handle(text: "checkout Emma", from: cy, at: tuesday)
        // Les Misérables, Ben's too, is not late yet: not in his reminder.
        let late = tuesday + 20 * 86_400
        _ = await handler.handle(text: "checkout Les Misérables", from: ben, at: late - 86_400)
        let sent = await handler.handle(text: "remind everyone who is late", from: zoe, at: late)
        #expect(sent.text == "Sent Ben a reminder of Dune, due Tue 15 Dec (6 days overdue).\n\nSent Cy a reminder of Emma, due Tue 15 Dec (6 days overdue).", "\(sent.text)")
        #expect(told(sent).map { $0.prefix(40) } == ["U-BEN: Zoé asks you to bring back Dune: ", "U-CY: Zoé asks you to bring back Emma: i"], "\(told(sent))")
        // Once a day; in French, from a member.
        let again = await handler.handle(text: "relancer tout le monde", from: ana, at: late + 3600)
        #expect(again.notices.isEmpty, "\(again.text)")
        let tomorrow = await handler.handle(text: "relancer les retardataires", from: ana, at: late + 25 * 3600)
        #expect(tomorrow.notices.map(\.to.userID) == ["U-BEN", "U-CY"], "\(tomorrow.text)")
        // Ben's late books are his own to bring back: no one else to remind, he is told.
        _ = await handler.handle(text: "return Emma", from: cy, at: late + 26 * 3600)
        let own = await handler.handle(text: "remind everyone", from: ben, at: late + 27 * 3600)
        #expect(own.text.hasPrefix("Only your own books are late: no one else to remind."), "\(own.text)")
    }

    @Test("undo after a deletion puts the books back, with their loans and holds; undone in turn, they are deleted again (asked first when in use); not after 10 minutes")
    func undoDeletion() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "checkout Dune", from: ben, at: minute(1))
        _ = await handler.handle(text: "hold Dune", from: ana, at: minute(2))
        #expect(await handler.handle(text: "delete Dune", from: ana, at: minute(3)).kind == .confirmation)
        let deleted = await handler.handle(text: "yes", from: ana, at: minute(4))
        #expect(deleted.text == "Deleted 1 book.\n  #1 Dune\n  `undo` within 10 minutes puts it back.", "\(deleted.text)")
        let back = await handler.handle(text: "undo", from: ana, at: minute(5))
        #expect(back.text == "Dune (#1) is back, with its loans and holds.", "\(back.text)")
        let status = try #require(try await handler.library.whoHas("Dune").first)
        #expect(status.book.id == 1 && status.loan?.borrower.name == "Ben")
        #expect(try await handler.library.show("Dune").holds.map(\.holder.name) == ["Ana"])
        let again = await handler.handle(text: "undo", from: ana, at: minute(6))
        #expect(again.kind == .confirmation, "out and waited for: asked first, as a deletion is")
        _ = await handler.handle(text: "cancel", from: ana, at: minute(7))
        // A book nobody has goes at once, and comes back, in French too.
        let emma = await handler.handle(text: "supprimer Emma", from: ana, at: minute(8))
        #expect(emma.text == "Emma (#2) est supprimé.\n  `défaire` dans les 10 minutes le rétablit.", "\(emma.text)")
        let retabli = await handler.handle(text: "défaire", from: ana, at: minute(9))
        #expect(retabli.text == "Emma (#2) est rétabli, avec ses emprunts et réservations.", "\(retabli.text)")
        _ = await handler.handle(text: "delete Emma", from: ana, at: minute(10))
        let late = await handler.handle(text: "undo", from: ana, at: minute(21))
        #expect(late.text.hasPrefix("There is nothing to undo"), "\(late.text)")
        #expect(try await handler.library.counts().books == 2)
    }

    @Test("the first in line who brings the book back is told, as 'you', that it is kept for them, and is sent no message of it; their renewal of the loan is refused as they wait for it")
    func firstInLineBringsItBack() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "checkout Dune", from: ana, at: minute(1))
        _ = await handler.handle(text: "hold Dune", from: ben, at: minute(2))
        let renewed = await handler.handle(text: "renew Dune", from: ben, at: minute(3))
        #expect(renewed.text.hasPrefix("Dune cannot be renewed: you are waiting for it. Ana is to return it by "), "\(renewed.text)")
        let prolonge = await handler.handle(text: "prolonger Dune", from: ben, at: minute(4))
        #expect(prolonge.text.hasPrefix("Dune ne peut pas être prolongé : vous l'attendez."), "\(prolonge.text)")
        let returned = await handler.handle(text: "return Dune", from: ben, at: minute(5))
        #expect(returned.text.hasPrefix("Thanks! Dune is back on the shelf (borrowed by Ana).\n  You are first in line for it: it is kept for you until Tue 8 Dec."),
                "\(returned.text)")
        #expect(returned.suggestion == "checkout Dune")
        #expect(returned.notices.map(\.to.name) == ["Ana"], "Ana is told her loan was closed; Ben reads the reply")
    }

    @Test("a missing copy is never offered for checkout: who has suggests a place in its line (or says where the asker is in it); a return or a renewal of it says it is missing and how to say it turned up")
    func missingNotOffered() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "Dune is lost", from: ana, at: minute(1))
        let who = await handler.handle(text: "who has Dune", from: ben, at: minute(2))
        #expect(who.text == "Dune is missing (reported lost by Ana, Tue 1 Dec).\n  Try: `hold Dune`", "\(who.text)")
        let returned = await handler.handle(text: "return Dune", from: ben, at: minute(3))
        #expect(returned.kind == .error)
        #expect(returned.text == """
            Dune is not checked out: it is missing (reported lost by Ana, Tue 1 Dec).
              If you have it in hand, say `found Dune`: it goes back on the shelf.
              Try: `found Dune`
            """, "\(returned.text)")
        let renewed = await handler.handle(text: "prolonger Dune", from: ben, at: minute(4))
        #expect(renewed.kind == .error)
        #expect(renewed.text.hasPrefix("Dune n'est pas emprunté : il est introuvable (signalé perdu par Ana, "), "\(renewed.text)")
        #expect(renewed.suggestion == "j'ai retrouvé Dune")
        #expect(try await handler.library.whoHas("Dune").first?.book.report?.kind == .lost, "nothing was done")
        _ = await handler.handle(text: "hold Dune", from: ben, at: minute(5))
        let waiting = await handler.handle(text: "who has Dune", from: ben, at: minute(6))
        #expect(waiting.text == "Dune is missing (reported lost by Ana, Tue 1 Dec); you wait for it.\n  You are number 1 in line for it.", "\(waiting.text)")
        #expect(waiting.suggestion == nil)
    }

    @Test("'Ben wants Dune', 'can Ben borrow Dune?', 'Ben veut Dune': lending it to Ben when a copy is free, else his place in line, asked about, not done; a name that is a title, or words that name no book, stay not understood")
    func wantedBySomeone() async throws {
        let handler = try await makeHandler()
        let wants = await handler.handle(text: "Ben wants Dune", from: ana, at: minute(1))
        #expect(wants.text.hasPrefix("I did not understand 'Ben wants Dune'. Did you mean `checkout Dune as Ben`?"), "\(wants.text)")
        let toBorrow = await handler.handle(text: "Ben wants to borrow Dune", from: ana, at: minute(1))
        #expect(toBorrow.text.hasPrefix("I did not understand 'Ben wants to borrow Dune'. Did you mean `checkout Dune as Ben`?"), "\(toBorrow.text)")
        #expect(try await handler.library.whoHas("Dune").first?.loan == nil, "nothing was done")
        let lent = await handler.handle(text: "yes", from: ana, at: minute(2))
        #expect(lent.text.hasPrefix("Dune is checked out to Ben."), "\(lent.text)")
        let asked = await handler.handle(text: "can Cleo Dupont borrow Dune?", from: ana, at: minute(3))
        #expect(asked.suggestion == "hold Dune for Cleo Dupont", "\(asked.text)")
        let veut = await handler.handle(text: "Ben veut Emma", from: ana, at: minute(4))
        #expect(veut.suggestion == "emprunter Emma pour Ben", "\(veut.text)")
        // Let to have it, or told they may: asked about too.
        for said in ["let Ben borrow Emma", "Ben can have Emma", "Ben may borrow Emma"] {
            let allowed = await handler.handle(text: said, from: ana, at: minute(4))
            #expect(allowed.suggestion == "checkout Emma as Ben", "\(said): \(allowed.text)")
        }
        #expect(try await handler.library.whoHas("Emma").first?.loan == nil, "nothing was done")
        // "lend Ben Emma" says it is done: a loan to Ben.
        let lend = await handler.handle(text: "lend Ben Emma", from: ana, at: minute(4))
        #expect(lend.text.hasPrefix("Emma is checked out to Ben."), "\(lend.text)")
        for text in ["Dune wants Emma", "Ben wants Zorglub", "Ben wants to borrow", "Ana Ruiz Dune"] {
            let reply = await handler.handle(text: text, from: ben, at: minute(5))
            #expect(reply.text.hasPrefix("I did not understand") && reply.suggestion == "help", "\(text): \(reply.text)")
        }
    }

    @Test("a copy lost by whoever has it: a hold says so, and that the line waits for it to turn up, not for its due day")
    func holdOnLostLoan() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "checkout Dune", from: ana, at: minute(1))
        _ = await handler.handle(text: "I lost Dune", from: ana, at: minute(2))
        let held = await handler.handle(text: "hold Dune", from: ben, at: minute(3))
        #expect(held.text == "You are number 1 in line for Dune.\n  Ana has it, due Tue 15 Dec (reported lost by Ana, Tue 1 Dec). You will be told if it turns up.",
                "\(held.text)")
        let pourCleo = await handler.handle(text: "réserver Dune pour Cleo", from: ben, at: minute(4))
        #expect(pourCleo.text.hasSuffix("Ana l'a, à rendre mar. 15 déc. (signalé perdu par Ana, mar. 1 déc.). Nous préviendrons Cleo s'il est retrouvé."),
                "\(pourCleo.text)")
        // Found again: a hold is back to waiting for its return.
        _ = await handler.handle(text: "found Dune", from: ana, at: minute(5))
        let again = await handler.handle(text: "hold Dune", from: Sender(name: "Dan", userID: "U-DAN"), at: minute(6))
        #expect(again.text.hasSuffix("Ana has it, due Tue 15 Dec. You will be told when it is back."), "\(again.text)")
    }

    @Test("a missing copy: a hold says the line waits for it to turn up; seen damaged, it has turned up, and the first in line is told it is kept for them")
    func missingSeenDamaged() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "Dune is lost", from: ana, at: minute(1))
        let held = await handler.handle(text: "hold Dune", from: ben, at: minute(2))
        #expect(held.text == "You are number 1 in line for Dune.\n  Dune is missing (reported lost by Ana, Tue 1 Dec). You will be told when it turns up.", "\(held.text)")
        // Not kept for Ben: it is not there.
        let mine = await handler.handle(text: "my books", from: ben, at: minute(2))
        #expect(mine.text.hasPrefix("You have no books.\n  In line for Dune: number 1 (missing: reported lost by Ana, Tue 1 Dec)\n"), "\(mine.text)")
        let damaged = await handler.handle(text: "Dune is damaged", from: ana, at: minute(3))
        #expect(damaged.text.hasPrefix("""
            Thanks for telling: Dune (#1) is reported damaged.
              It is on the shelf.
              It was reported lost by you on Tue 1 Dec: glad it turned up.
              Ben is first in line for it: it is kept for them until Tue 8 Dec.
            """), "\(damaged.text)")
        #expect(damaged.notices.map { "\($0.to.name): \(PlainRenderer.render($0.reply))" }
            == ["Ben: Dune is on the shelf, kept for you until Tue 8 Dec: you are first in line.\n  Try: `checkout Dune`"])
        // Undone, it is missing again: Ben, told it was kept for him, is told it is not.
        let undone = await handler.handle(text: "undo", from: ana, at: minute(4))
        #expect(undone.notices.map { "\($0.to.name): \(PlainRenderer.render($0.reply))" }
            == ["Ben: Dune is missing (reported lost by Ana, Tue 1 Dec): it is no longer kept for you. You stay first in line, and will be told when it turns up."],
                "\(undone.notices)")
        // Kept on the shelf for Ben, then reported lost by someone else: Ben is told too.
        _ = await handler.handle(text: "found Dune", from: ana, at: minute(5))
        let lost = await handler.handle(text: "Dune is lost", from: Sender(name: "Cy", userID: "U-CY"), at: minute(6))
        #expect(lost.notices.map(\.to.name) == ["Ben"], "\(lost.notices)")
        #expect(await handler.handle(text: "found Dune", from: ana, at: minute(7)).notices.map(\.to.name) == ["Ben"])
        #expect(await handler.handle(text: "checkout Dune", from: ben, at: minute(8)).kind == .success)
        // Reported lost by the one it is kept for: nobody to tell.
        _ = await handler.handle(text: "hold Dune", from: ana, at: minute(9))
        _ = await handler.handle(text: "return Dune", from: ben, at: minute(10))
        let own = await handler.handle(text: "Dune is lost", from: ana, at: minute(11))
        #expect(own.text.hasPrefix("Thanks for telling: Dune (#1) is reported lost."), "\(own.text)")
        #expect(own.notices.isEmpty, "\(own.notices)")
    }

    @Test("undo of a report or of its taking back: the admins, who were told, are told; the first in line for a missing copy is told it is kept for them")
    func reportUndoneTold() async throws {
        let handler = try await makeHandler(admins: ["U-ADMIN"])
        func told(_ reply: Reply) -> [String] { reply.notices.map { "\($0.to.name): \(PlainRenderer.render($0.reply))" }.sorted() }
        // Reported lost from the shelf, waited for, then the report undone.
        _ = await handler.handle(text: "Les Misérables is lost", from: ben, at: minute(1))
        #expect(await handler.handle(text: "hold Les Misérables", from: ana, at: minute(2)).kind == .success)
        let retracted = await handler.handle(text: "undo", from: ben, at: minute(3))
        #expect(retracted.text.contains("Les Misérables (#3) is no longer reported lost.\n  Ana is first in line for it: it is kept for them until "), "\(retracted.text)")
        let notices = told(retracted)
        #expect(notices.count == 2)
        #expect(notices.first == "Ana: Les Misérables is on the shelf, kept for you until Tue 8 Dec: you are first in line.\n  Try: `checkout Les Misérables`", "\(notices)")
        #expect(notices.last == "U-ADMIN: Ben takes back their report: Les Misérables (#3) is not lost.", "\(notices)")
        // Found, then the find undone: reported lost again, and the admin is told so.
        _ = await handler.handle(text: "checkout Dune", from: ana, at: minute(4))
        _ = await handler.handle(text: "I lost Dune", from: ana, at: minute(5))
        let found = await handler.handle(text: "I found Dune", from: ben, at: minute(6))
        #expect(told(found) == ["U-ADMIN: Ben found Dune (#1): it is no longer reported lost.\n  Try: `show #1`"], "\(told(found))")
        let unfound = await handler.handle(text: "undo", from: ben, at: minute(7))
        #expect(unfound.text.contains("Dune (#1) is reported lost again."), "\(unfound.text)")
        #expect(told(unfound) == ["U-ADMIN: Ben takes back what they said: Dune (#1) is reported lost again."], "\(told(unfound))")
        // An admin's own undo tells nobody.
        _ = await handler.handle(text: "I found Dune", from: Sender(name: "Zoé", userID: "U-ADMIN"), at: minute(8))
        #expect(await handler.handle(text: "undo", from: Sender(name: "Zoé", userID: "U-ADMIN"), at: minute(9)).notices.isEmpty)
    }

    @Test("a book reported lost and passed on has turned up; undone, it is the giver's and reported lost again, unless it went to the first in line")
    func lostBookPassedOn() async throws {
        let handler = try await makeHandler(admins: ["U-ADMIN"])
        _ = await handler.handle(text: "checkout Dune", from: ana, at: minute(1))
        _ = await handler.handle(text: "I lost Dune", from: ana, at: minute(2))
        let passed = await handler.handle(text: "pass Dune to Chloé", from: ana, at: minute(3))
        #expect(passed.kind == .success, "\(passed.text)")
        #expect(passed.notices.contains { PlainRenderer.render($0.reply) == "Ana has Dune (#1) in hand: it is no longer reported lost." })
        #expect(try await handler.library.whoHas("Dune").first?.book.report == nil)
        let undone = await handler.handle(text: "undo", from: ana, at: minute(4))
        #expect(undone.text.contains("Dune (#1) is reported lost again."), "\(undone.text)")
        let status = try #require(try await handler.library.whoHas("Dune").first)
        #expect(status.loan?.borrower.name == "Ana")
        #expect(status.book.report?.kind == .lost)
        // To the first in line: the pass stands, and so does the report's end.
        _ = await handler.handle(text: "hold Dune", from: ben, at: minute(5))
        let toBen = await handler.handle(text: "pass Dune to Ben", from: ana, at: minute(6))
        #expect(toBen.kind == .success, "\(toBen.text)")
        let nothing = await handler.handle(text: "undo", from: ana, at: minute(7))
        #expect(nothing.text.hasPrefix("There is nothing to undo"), "\(nothing.text)")
        #expect(try await handler.library.whoHas("Dune").first?.book.report == nil)
    }

    @Test("Ben gave me Dune: Ben's copy is the sender's, Ben is told, undo gives it back; not past the line, nor a book Ben has not")
    func takeOver() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "checkout Dune", from: ben, at: minute(0))
        let taken = await handler.handle(text: "Ben gave me Dune", from: ana, at: minute(1))
        #expect(taken.kind == .success)
        #expect(taken.text == "Dune passes from Ben to you.\n  Due Tue 15 Dec.\n  Try: `return Dune`", "\(taken.text)")
        // Ben hears where it went (not that it was returned for him), by his id.
        #expect(taken.notices.map(\.to) == [Borrower(name: "Ben", userID: "U-BEN")])
        #expect(taken.notices.first.map { PlainRenderer.render($0.reply) } == "Ana has Dune now: you passed it on, and it is off your loans.")
        #expect(await handler.handle(text: "my books", from: ana, at: minute(2)).text.hasPrefix("You have 1 book:\n  Dune, due Tue 15 Dec"))
        #expect(await handler.handle(text: "my books", from: ben, at: minute(2)).text.hasPrefix("You have no books"))
        // Asked, nothing is done: who has it.
        let asked = await handler.handle(text: "Ben gave me Dune?", from: ana, at: minute(3))
        #expect(asked.text.hasPrefix("You have Dune since"), "\(asked.text)")
        // Said again: Ana has it already.
        #expect(await handler.handle(text: "I got Dune from Ben", from: ana, at: minute(4)).text.hasPrefix("You have Dune already."))

        // Undo: Ben's again, due as before, and he is told.
        let undone = await handler.handle(text: "undo", from: ana, at: minute(5))
        #expect(undone.text.hasPrefix("Dune is Ben's again, due Tue 15 Dec: taking it over is undone."), "\(undone.text)")
        #expect(undone.notices.map(\.to.name) == ["Ben"])
        #expect(await handler.handle(text: "who has Dune", from: ana, at: minute(6)).text.hasPrefix("Ben has Dune since Tue 1 Dec"))

        // In French, from Ben's side of the sentence.
        let french = await handler.handle(text: "Ben m'a passé Dune", from: ana, at: minute(7))
        #expect(french.text.hasPrefix("Dune passe de Ben à vous.\n  À rendre mar. 15 déc."), "\(french.text)")
        _ = await handler.handle(text: "return Dune", from: ana, at: minute(8))

        // Someone else waits for it: it goes to them, nothing is changed.
        let cy = Sender(name: "Cy", userID: "U-CY")
        _ = await handler.handle(text: "checkout Emma", from: ben, at: minute(9))
        _ = await handler.handle(text: "hold Emma", from: cy, at: minute(9))
        let jumped = await handler.handle(text: "I got Emma from Ben", from: ana, at: minute(10))
        #expect(jumped.kind == .error)
        #expect(jumped.text.hasPrefix("Cy is first in line for Emma: it goes to them. Nothing was changed.\n  Bring it back with `return #2` and they are told."),
                "\(jumped.text)")
        #expect(await handler.handle(text: "who has Emma", from: ana, at: minute(10)).text.hasPrefix("Ben has Emma"))
        // To Cy, the first in line, it passes; his place is used up, and there is nothing to undo.
        let toCy = await handler.handle(text: "Ben handed me Emma", from: cy, at: minute(11))
        #expect(toCy.text.hasPrefix("Emma passes from Ben to you."), "\(toCy.text)")
        #expect(await handler.handle(text: "undo", from: cy, at: minute(12)).text.hasPrefix("There is nothing to undo"))

        // Ben has no copy of it: nothing is done, and the reply says where it is.
        let notBens = await handler.handle(text: "Ben gave me Emma", from: ana, at: minute(13))
        #expect(notBens.kind == .error)
        #expect(notBens.text.hasPrefix("Ben does not have Emma. Nothing was changed.\n  Cy has Emma since"), "\(notBens.text)")
        // A copy on the shelf he handed over without checking it out is simply lent.
        let shelf = await handler.handle(text: "Ben gave me Les Misérables", from: ana, at: minute(14))
        #expect(shelf.text.hasPrefix("Les Misérables is checked out to Ana."), "\(shelf.text)")
        // A name that is no one's, or a title, is not read so.
        let nobody = await handler.handle(text: "Dune gave me Emma", from: ana, at: minute(15))
        #expect(nobody.kind != .success, "\(nobody.text)")
        // Given back, it is Ben's return, not a loan to the one he gave it to.
        _ = await handler.handle(text: "checkout Dune", from: ben, at: minute(16))
        let back = await handler.handle(text: "Ben gave me Dune back", from: ana, at: minute(17))
        #expect(back.text.hasPrefix("Thanks! Dune is back on the shelf (borrowed by Ben)."), "\(back.text)")
        _ = await handler.handle(text: "checkout Dune", from: ben, at: minute(18))
        #expect(await handler.handle(text: "Ben gave me back Dune", from: ana, at: minute(19)).text.hasPrefix("Thanks! Dune is back on the shelf"))
        _ = await handler.handle(text: "checkout Dune", from: ben, at: minute(20))
        let frenchBack = await handler.handle(text: "Ben m'a rendu Dune", from: ana, at: minute(21))
        #expect(frenchBack.text.hasPrefix("Merci ! Dune est de retour sur l'étagère (emprunté par Ben)."), "\(frenchBack.text)")
        _ = await handler.handle(text: "checkout Dune", from: ben, at: minute(21))
        // Taken over, said from the sender's side: the same (not a checkout of "over Dune from Ben").
        let tookOver = await handler.handle(text: "I took over Dune from Ben", from: ana, at: minute(22))
        #expect(tookOver.text.hasPrefix("Dune passes from Ben to you."), "\(tookOver.text)")
        #expect(tookOver.notices.map(\.to.name) == ["Ben"])
    }

    @Test("pass Dune to Ben: the sender's copy goes straight to Ben, who is told; not someone else's, nor past the line")
    func handOver() async throws {
        let handler = try await makeHandler()
        let benByID = Borrower(name: "Ben", userID: "U-BEN")
        let ana = Sender(name: "Ana", userID: "U-ANA", mentions: ["<@U-BEN>": benByID])
        _ = await handler.handle(text: "checkout Dune", from: ana, at: tuesday)
        let passed = await handler.handle(text: "pass Dune to <@U-BEN>", from: ana, at: tuesday)
        #expect(passed.kind == .success)
        #expect(passed.text == "Dune passes from you to Ben.\n  Due Tue 15 Dec.", "\(passed.text)")
        #expect(passed.notices.map(\.to) == [benByID])
        #expect(passed.notices.first.map { PlainRenderer.render($0.reply) } == "Ana passed Dune on to you: it is yours to bring back by Tue 15 Dec.\n  Try: `return Dune`")
        #expect(await handler.handle(text: "who has Dune", from: ana, at: tuesday).text.hasPrefix("Ben has Dune"))
        // Not Ana's any more: nothing happens, and the reply says who has it.
        let notHers = await handler.handle(text: "passer Dune à Cy", from: ana, at: tuesday)
        #expect(notHers.kind == .error)
        #expect(notHers.text == "Vous n'avez pas Dune : il est chez Ben, à rendre mar. 15 déc.\n  Rien n'a été passé.\n  Essayez : `qui a Dune`", "\(notHers.text)")
        // Someone is in line: the book goes to them, not to whom Ben picks; to them, it passes.
        let cy = Sender(name: "Cy", userID: "U-CY")
        _ = await handler.handle(text: "hold Dune", from: cy, at: tuesday)
        let jumped = await handler.handle(text: "give Dune to Ana", from: ben, at: tuesday)
        #expect(jumped.text.hasPrefix("Cy is first in line for Dune: it goes to them. Nothing was passed on."), "\(jumped.text)")
        #expect(await handler.handle(text: "who has Dune", from: ana, at: tuesday).text.hasPrefix("Ben has Dune"))
        let toCy = await handler.handle(text: "give Dune to Cy", from: ben, at: tuesday)
        #expect(await handler.handle(text: "passer Dune à Ben", from: cy, at: tuesday).text.hasPrefix("Vous avez passé Dune à Ben."))
        #expect(await handler.handle(text: "pass Dune to Cy", from: ben, at: tuesday).text.hasPrefix("Dune passes from you to Cy."))
        #expect(toCy.text.hasPrefix("Dune passes from you to Cy."), "\(toCy.text)")
        #expect(toCy.notices.map(\.to.name) == ["Cy"])
        #expect(await handler.handle(text: "my books", from: cy, at: tuesday).text.hasPrefix("You have 1 book:\n  Dune"))
        // A book on the shelf is simply lent.
        let lent = await handler.handle(text: "pass Emma to Ben", from: ana, at: tuesday)
        #expect(lent.text.hasPrefix("Emma is checked out to Ben."), "\(lent.text)")
        // Ben has a copy of it already: Ana keeps hers.
        _ = await handler.handle(text: "add Emma by Jane Austen", from: ana, at: tuesday)
        _ = await handler.handle(text: "checkout Emma", from: ana, at: tuesday)
        let second = await handler.handle(text: "pass Emma to Ben", from: ana, at: tuesday)
        #expect(second.text.hasPrefix("Ben already has Emma (#2). Nothing was passed on."), "\(second.text)")
        #expect(await handler.handle(text: "my books", from: ana, at: tuesday).text.hasPrefix("You have 1 book:\n  Emma"))
    }

    @Test("what did I borrow last week: the books checked out in that week of the library's calendar, returned or not; none; someone else's; in French")
    func historyOfAPeriod() async throws {
        let handler = try await makeHandler()
        // Tuesday 1 December (Paris): the week before runs from Monday 23 to Sunday 29 November.
        _ = await handler.handle(text: "checkout Dune", from: ana, at: utc("2026-11-22 20:00:00"))  // Sunday 22, the week before that
        _ = await handler.handle(text: "return Dune", from: ana, at: utc("2026-11-23 08:00:00"))
        _ = await handler.handle(text: "checkout Emma", from: ana, at: utc("2026-11-24 10:00:00"))
        _ = await handler.handle(text: "return Emma", from: ana, at: utc("2026-11-26 10:00:00"))
        _ = await handler.handle(text: "checkout Dune", from: ana, at: utc("2026-11-29 22:30:00"))  // Sunday 29, 23:30 in Paris
        _ = await handler.handle(text: "checkout Les Misérables", from: ana, at: utc("2026-11-30 08:00:00"))  // Monday 30: this week
        let lastWeek = await handler.handle(text: "what did I borrow last week?", from: ana, at: tuesday)
        #expect(lastWeek.text == "You borrowed 2 books last week:\n  Dune, since Sun 29 Nov, due Sun 13 Dec\n  Emma, Tue 24 Nov → Thu 26 Nov", "\(lastWeek.text)")
        let thisWeek = await handler.handle(text: "what did I read this week", from: ana, at: tuesday)
        #expect(thisWeek.text.hasPrefix("You borrowed 1 book this week:\n  Les Misérables, since Mon 30 Nov"), "\(thisWeek.text)")
        let thisMonth = await handler.handle(text: "my history this month", from: ana, at: tuesday)
        #expect(thisMonth.text == "You borrowed no book this month.\n  Try: `my history`", "\(thisMonth.text)")
        let hers = await handler.handle(text: "what did Ana borrow last month?", from: ben, at: tuesday)
        #expect(hers.text.hasPrefix("Ana borrowed 4 books last month:\n  Les Misérables, since Mon 30 Nov"), "\(hers.text)")
        let french = await handler.handle(text: "qu'ai-je emprunté la semaine dernière ?", from: ana, at: tuesday)
        #expect(french.text.hasPrefix("Vous avez emprunté 2 livres la semaine dernière :\n  Dune, depuis dim. 29 nov."), "\(french.text)")
        #expect(await handler.handle(text: "what did Ben borrow last year", from: ana, at: tuesday).text == "Ben borrowed no book last year.")
    }

    @Test("what did I borrow yesterday, today, in November: the days and months of the library's calendar; a month not yet come this year is last year's, and the reply says which; in French")
    func historyOfADayOrAMonth() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "checkout Emma", from: ana, at: utc("2025-12-10 10:00:00"))  // last December
        _ = await handler.handle(text: "return Emma", from: ana, at: utc("2025-12-12 10:00:00"))
        _ = await handler.handle(text: "checkout Dune", from: ana, at: utc("2026-11-30 22:30:00"))  // Monday 30 November, 23:30 in Paris
        _ = await handler.handle(text: "checkout Les Misérables", from: ana, at: utc("2026-11-30 23:30:00"))  // Tuesday 1 December, 00:30 in Paris
        let yesterday = await handler.handle(text: "what did I borrow yesterday?", from: ana, at: tuesday)
        #expect(yesterday.text == "You borrowed 1 book yesterday:\n  Dune, since Mon 30 Nov, due Mon 14 Dec", "\(yesterday.text)")
        let today = await handler.handle(text: "what did I read today", from: ana, at: tuesday)
        #expect(today.text.hasPrefix("You borrowed 1 book today:\n  Les Misérables, since Tue 1 Dec"), "\(today.text)")
        let november = await handler.handle(text: "my history in November", from: ana, at: tuesday)
        #expect(november.text.hasPrefix("You borrowed 1 book in November:\n  Dune"), "\(november.text)")
        // Asked on 1 December 2026, "in December" is this one; in November, it would be last year's.
        let december = await handler.handle(text: "what did I borrow in December?", from: ana, at: tuesday)
        #expect(december.text.hasPrefix("You borrowed 1 book in December:\n  Les Misérables"), "\(december.text)")
        let lastDecember = await handler.handle(text: "what did I borrow in December?", from: ana, at: utc("2026-11-20 10:00:00"))
        #expect(lastDecember.text == "You borrowed 1 book in December 2025:\n  Emma, Wed 10 Dec 2025 → Fri 12 Dec 2025", "\(lastDecember.text)")
        let named = await handler.handle(text: "what did Ana borrow in December 2025?", from: ben, at: tuesday)
        #expect(named.text.hasPrefix("Ana borrowed 1 book in December 2025:\n  Emma"), "\(named.text)")
        #expect(await handler.handle(text: "what did I borrow in March", from: ana, at: tuesday).text == "You borrowed no book in March.\n  Try: `my history`")
        let french = await handler.handle(text: "qu'a emprunté Ana hier ?", from: ben, at: tuesday)
        #expect(french.text.hasPrefix("Ana a emprunté 1 livre hier :\n  Dune, depuis lun. 30 nov."), "\(french.text)")
        let frenchMonth = await handler.handle(text: "mon historique en décembre 2025", from: ana, at: tuesday)
        #expect(frenchMonth.text.hasPrefix("Vous avez emprunté 1 livre en décembre 2025 :\n  Emma"), "\(frenchMonth.text)")
    }

    @Test("what did I borrow since Monday, since November: from the start of that day or month of the library's calendar to today; a month not yet come this year is last year's; in French")
    func historySinceADayOrAMonth() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "checkout Emma", from: ana, at: utc("2025-12-10 10:00:00"))  // last December
        _ = await handler.handle(text: "return Emma", from: ana, at: utc("2025-12-12 10:00:00"))
        _ = await handler.handle(text: "checkout Dune", from: ana, at: utc("2026-11-29 22:30:00"))  // Sunday 29 November, 23:30 in Paris
        _ = await handler.handle(text: "checkout Les Misérables", from: ana, at: utc("2026-11-30 08:00:00"))  // Monday 30
        // Asked on Tuesday 1 December: Monday is yesterday, from midnight in Paris.
        let sinceMonday = await handler.handle(text: "what did I borrow since Monday?", from: ana, at: tuesday)
        #expect(sinceMonday.text == "You borrowed 1 book since Monday:\n  Les Misérables, since Mon 30 Nov, due Mon 14 Dec", "\(sinceMonday.text)")
        let sinceSunday = await handler.handle(text: "what did Ana borrow since last Sunday", from: ben, at: tuesday)
        #expect(sinceSunday.text.hasPrefix("Ana borrowed 2 books since Sunday:\n  Les Misérables"), "\(sinceSunday.text)")
        // The day asked on is its own: since Tuesday, asked on a Tuesday, is today.
        #expect(await handler.handle(text: "what did I borrow since Tuesday", from: ana, at: tuesday).text
                == "You borrowed no book since Tuesday.\n  Try: `my history`")
        let sinceNovember = await handler.handle(text: "my history since November", from: ana, at: tuesday)
        #expect(sinceNovember.text.hasPrefix("You borrowed 2 books since November:\n  Les Misérables"), "\(sinceNovember.text)")
        // Asked on 20 November, "since December" is since last December, up to that day.
        let sinceDecember = await handler.handle(text: "what did I borrow since December?", from: ana, at: utc("2026-11-20 10:00:00"))
        #expect(sinceDecember.text == "You borrowed 1 book since December 2025:\n  Emma, Wed 10 Dec 2025 → Fri 12 Dec 2025", "\(sinceDecember.text)")
        let french = await handler.handle(text: "qu'ai-je emprunté depuis lundi ?", from: ana, at: tuesday)
        #expect(french.text.hasPrefix("Vous avez emprunté 1 livre depuis lundi :\n  Les Misérables, depuis lun. 30 nov."), "\(french.text)")
        let frenchMonth = await handler.handle(text: "mon historique depuis décembre 2025", from: ana, at: tuesday)
        #expect(frenchMonth.text.hasPrefix("Vous avez emprunté 3 livres depuis décembre 2025 :"), "\(frenchMonth.text)")
    }

    @Test("my history: the books borrowed, those not yet returned first, then the returned, the last first, the last 10 of more; someone else's; in French")
    func history() async throws {
        let handler = try await makeHandler()
        #expect(await handler.handle(text: "my history", from: ana, at: tuesday).text == "You have borrowed no book yet.\n  Try: `list available`")
        var day = tuesday
        for round in 0..<4 {
            for title in ["Dune", "Emma", "Les Misérables"] where round < 3 || title == "Dune" {
                _ = await handler.handle(text: "checkout \(title)", from: ana, at: day)
                day = day.addingTimeInterval(86_400)
                _ = await handler.handle(text: "return \(title)", from: ana, at: day)
            }
        }
        _ = await handler.handle(text: "checkout Emma", from: ana, at: day)
        let mine = await handler.handle(text: "what have I read?", from: ana, at: day)
        let lines = mine.text.split(separator: "\n")
        #expect(lines.first == "You have borrowed 11 books (1 not yet returned):", "\(mine.text)")
        #expect(lines.dropFirst().first == "  Emma, since Fri 11 Dec, due Fri 25 Dec", "\(mine.text)")
        #expect(lines.dropFirst(2).first == "  Dune, Thu 10 Dec → Fri 11 Dec", "\(mine.text)")
        #expect(lines.last == "  Dune, Tue 1 Dec → Wed 2 Dec", "\(mine.text)")
        _ = await handler.handle(text: "return Emma", from: ana, at: day.addingTimeInterval(3_600))
        let more = await handler.handle(text: "what did Ana borrow", from: ben, at: day)
        #expect(more.text.hasPrefix("Ana has borrowed 11 books, all returned; the last 10 returned:\n  Emma, Fri 11 Dec → Fri 11 Dec\n  Dune, Thu 10 Dec → Fri 11 Dec"), "\(more.text)")
        #expect(!more.text.contains("Tue 1 Dec"), "\(more.text)")
        let french = await handler.handle(text: "historique pour Ana", from: ben, at: day)
        #expect(french.text.hasPrefix("Ana a emprunté 11 livres, tous rendus ; les 10 derniers rendus :\n  Emma, ven. 11 déc. → ven. 11 déc."), "\(french.text)")
        #expect(await handler.handle(text: "my history", from: ben, at: day).text.hasPrefix("You have borrowed no book yet."))
    }

    @Test("how many books someone borrowed: their history counts the books they have too; a member named where a book was, a book where a member was")
    func borrowedHowMany() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "checkout Dune", from: ana, at: tuesday)
        _ = await handler.handle(text: "return Dune", from: ana, at: tuesday.addingTimeInterval(3_600))
        _ = await handler.handle(text: "checkout Emma", from: ana, at: tuesday.addingTimeInterval(7_200))
        let later = tuesday.addingTimeInterval(10_800)
        let count = await handler.handle(text: "how many books have I borrowed so far?", from: ana, at: later)
        #expect(count.text == "You have borrowed 2 books (1 not yet returned):\n  Emma, since Tue 1 Dec, due Tue 15 Dec\n  Dune, Tue 1 Dec → Tue 1 Dec", "\(count.text)")
        let french = await handler.handle(text: "combien de livres Ana a-t-elle empruntés ?", from: ben, at: later)
        #expect(french.text.hasPrefix("Ana a emprunté 2 livres (1 pas encore rendu) :\n  Emma, depuis mar. 1 déc., à rendre mar. 15 déc."), "\(french.text)")
        // One book, not returned yet; one book, returned.
        _ = await handler.handle(text: "checkout Dune", from: ben, at: later)
        #expect(await handler.handle(text: "Ben's history", from: ana, at: later).text.hasPrefix("Ben has borrowed 1 book, not yet returned:\n  Dune, since"))
        _ = await handler.handle(text: "return Dune", from: ben, at: later)
        #expect(await handler.handle(text: "my history", from: ben, at: later).text.hasPrefix("You have borrowed 1 book and returned it:\n  Dune, Tue 1 Dec → Tue 1 Dec"))
        // No book is called Ana: "history of Ana" and "info Ana" are hers.
        for asked in ["history of Ana", "info Ana", "history Ana"] {
            let reply = await handler.handle(text: asked, from: ben, at: later)
            #expect(reply.text.hasPrefix("Ana has borrowed 2 books (1 not yet returned):"), "\(asked): \(reply.text)")
        }
        // Nobody called Zed borrowed anything: still no book.
        #expect(await handler.handle(text: "history of Zed", from: ben, at: later).text.hasPrefix("No book matches 'Zed'."))
        // "Dune's history" and "history Dune": the book's.
        for asked in ["Dune's history", "history Dune"] {
            let reply = await handler.handle(text: asked, from: ben, at: later)
            #expect(reply.text.hasPrefix("#1 Dune\n"), "\(asked): \(reply.text)")
            #expect(reply.text.contains("Last loans:"), "\(asked): \(reply.text)")
        }
    }

    @Test("top readers: who borrowed the most this year, then in all; a name typed for a member counts as theirs; in French")
    func topReaders() async throws {
        let handler = try await makeHandler()
        #expect(await handler.handle(text: "top readers", from: ana, at: tuesday).text.hasPrefix("No book has been borrowed yet."))
        // Last year: Ben borrows two books.
        let lastYear = utc("2025-11-03 09:00:00")
        for title in ["Dune", "Emma"] {
            _ = await handler.handle(text: "checkout \(title)", from: ben, at: lastYear)
            _ = await handler.handle(text: "return \(title)", from: ben, at: lastYear.addingTimeInterval(3_600))
        }
        let january = utc("2026-01-05 09:00:00")
        let onlyLastYear = await handler.handle(text: "who borrowed the most?", from: ana, at: january)
        #expect(onlyLastYear.text.hasPrefix("No book borrowed yet this year. In all:\n  1. Ben: 2 books\n"), "\(onlyLastYear.text)")
        // This year: Cy borrows two, Ana one, and Ben lends one to "ana" by name: hers too.
        let cy = Sender(name: "Cy", userID: "U-CY")
        _ = await handler.handle(text: "checkout Emma", from: cy, at: january)
        _ = await handler.handle(text: "return Emma", from: cy, at: january.addingTimeInterval(3_600))
        _ = await handler.handle(text: "checkout Les Misérables", from: cy, at: tuesday)
        _ = await handler.handle(text: "checkout Dune", from: ana, at: tuesday)
        let ranking = await handler.handle(text: "top readers", from: ana, at: tuesday)
        #expect(ranking.text.hasPrefix("Top readers this year:\n  1. Cy: 2 books\n  2. you: 1 book\n  In all: Ben (2), Cy (2), you (1).\n"), "\(ranking.text)")
        _ = await handler.handle(text: "checkout Emma as ana", from: ben, at: tuesday)
        let french = await handler.handle(text: "qui lit le plus ?", from: ben, at: tuesday)
        #expect(french.text.hasPrefix("Les plus grands lecteurs cette année :\n  1. Cy : 2 livres\n  2. Ana : 2 livres\n  En tout : vous (2), Cy (2), Ana (2)."), "\(french.text)")
    }

    @Test("a member already in line who tries to check the book out is told their place, not to hold it again")
    func checkoutFromTheLine() async throws {
        let handler = try await makeHandler()
        let cy = Sender(name: "Cy", userID: "U-CY")
        _ = await handler.handle(text: "checkout Dune", from: ana, at: tuesday)
        _ = await handler.handle(text: "hold Dune", from: ben, at: tuesday)
        let out = await handler.handle(text: "checkout Dune", from: ben, at: tuesday)
        #expect(out.kind == .error)
        #expect(out.text == "Dune is already checked out by Ana since Tue 1 Dec.\n  It is due back Tue 15 Dec.\n  You are number 1 in line for it.", "\(out.text)")
        #expect(out.suggestion == nil)
        // Someone not in line is still offered the hold.
        #expect(await handler.handle(text: "checkout Dune", from: cy, at: tuesday).suggestion == "hold Dune")

        _ = await handler.handle(text: "hold Dune", from: cy, at: tuesday)
        _ = await handler.handle(text: "return Dune", from: ana, at: tuesday)
        let kept = await handler.handle(text: "checkout Dune", from: cy, at: tuesday)
        #expect(kept.text == "Dune is kept for Ben until Tue 8 Dec, first in line.\n  You are number 2 in line for it.", "\(kept.text)")
        #expect(kept.suggestion == nil)
        let french = await handler.handle(text: "emprunter Dune", from: cy, at: tuesday)
        #expect(french.text == "Dune est réservé pour Ben jusqu'au mar. 8 déc., premier de la file.\n  Vous êtes numéro 2 dans la file.", "\(french.text)")
    }

    @Test("hold for someone else: they are put in line and told; their loan, place or a free copy is said in their name")
    func holdForSomeoneElse() async throws {
        let handler = try await makeHandler()
        let benByID = Borrower(name: "Ben", userID: "U-BEN")
        let cy = Sender(name: "Cy", userID: "U-CY", mentions: ["<@U-BEN>": benByID])
        _ = await handler.handle(text: "checkout Dune", from: ana, at: tuesday)
        let held = await handler.handle(text: "hold Dune for <@U-BEN>", from: cy, at: tuesday)
        #expect(held.kind == .success)
        #expect(held.text == "Ben is number 1 in line for Dune.\n  Ana has it, due Tue 15 Dec. Ben will be told when it is back.", "\(held.text)")
        #expect(held.notices.map(\.to) == [benByID])
        #expect(held.notices.first.map { PlainRenderer.render($0.reply) } == """
            Cy put you in line for Dune: you are number 1. You will be told when it is kept for you.
              Try: `cancel hold Dune`
            """)
        // Ben's own commands see his place, and he leaves the line as his own.
        #expect(await handler.handle(text: "my books", from: ben, at: tuesday).text.contains("Dune"))
        let again = await handler.handle(text: "hold Dune for Ben", from: cy, at: tuesday)
        #expect(again.kind == .error)
        #expect(again.text.hasPrefix("Ben is already number 1 in line for Dune."), "\(again.text)")
        // "for me", and the sender's own name, are the sender's own line.
        let mine = await handler.handle(text: "hold Dune for me", from: cy, at: tuesday)
        #expect(mine.text.hasPrefix("You are number 2 in line for Dune."), "\(mine.text)")
        #expect(mine.notices.isEmpty)
        // The one who has the book, and a book on the shelf: said of that member, with the command for them.
        let hers = await handler.handle(text: "hold Dune for Ana", from: cy, at: tuesday)
        #expect(hers.kind == .error)
        #expect(hers.text.hasPrefix("Ana already has Dune, due Tue 15 Dec."), "\(hers.text)")
        let free = await handler.handle(text: "hold Emma for Ana", from: cy, at: tuesday)
        #expect(free.kind == .error)
        #expect(free.text.hasPrefix("Emma is on the shelf: check it out to Ana instead."), "\(free.text)")
        #expect(free.suggestion == "checkout Emma as Ana")
        // In French; and Ben, first in line, is told when Dune comes back.
        let french = await handler.handle(text: "réserver Dune pour Dee", from: cy, at: tuesday)
        #expect(french.text == "Dee est numéro 3 dans la file pour Dune.\n  Ana l'a, à rendre mar. 15 déc. Nous préviendrons Dee à son retour.", "\(french.text)")
        let back = await handler.handle(text: "return Dune", from: ana, at: tuesday)
        #expect(back.notices.map(\.to) == [benByID])
        // A mention nobody could resolve puts nobody in line.
        let nobody = await handler.handle(text: "hold Les Misérables for <@U-ZED>", from: cy, at: tuesday)
        #expect(nobody.text.hasPrefix("I could not tell who that mention is"))
    }

    @Test("a member is told when someone else checks a book out to them, or returns their book")
    func toldOfOthersActs() async throws {
        let handler = try await makeHandler()
        let benByID = Borrower(name: "Ben", userID: "U-BEN")
        let lender = Sender(name: "Ana", userID: "U-ANA", mentions: ["<@U-BEN>": benByID])
        let lent = await handler.handle(text: "checkout Dune as <@U-BEN>", from: lender, at: tuesday)
        #expect(lent.notices.map(\.to) == [benByID])
        #expect(lent.notices.first.map { PlainRenderer.render($0.reply) } == "Ana checked out Dune to you: it is due Tue 15 Dec.\n  Try: `return Dune`")
        #expect(await handler.handle(text: "checkout Emma", from: ana, at: tuesday).notices.isEmpty)
        // Several books for Ben at once: one message naming each.
        _ = await handler.handle(text: "add Middlemarch by George Eliot", from: ana, at: tuesday)
        let two = await handler.handle(text: "checkout Les Misérables and Middlemarch as <@U-BEN>", from: lender, at: tuesday)
        #expect(two.notices.map(\.to) == [benByID])
        #expect(two.notices.first.map { PlainRenderer.render($0.reply) } == """
            Ana checked out Les Misérables to you: it is due Tue 15 Dec.
              Ana checked out Middlemarch to you: it is due Tue 15 Dec.
              Try: `return Les Misérables`
            """)
        _ = await handler.handle(text: "return Les Misérables and Middlemarch", from: ben, at: tuesday)

        // "for NAME" after a return names whose book it is: their copy, among copies.
        let forBen = await handler.handle(text: "return Les Misérables for Ben", from: ana, at: tuesday)
        #expect(forBen.kind == .error)
        #expect(forBen.text.hasPrefix("Les Misérables is not checked out: it is on the shelf."), "\(forBen.text)")
        // Ben's copy brought back "for Zoe", who has none: nothing is returned, and the reply says who has it.
        let notZoes = await handler.handle(text: "return Dune for Zoe", from: ana, at: tuesday)
        #expect(notZoes.kind == .error)
        #expect(notZoes.text == "Zoe has no copy of Dune out: it is with Ben, due Tue 15 Dec.\n  Nothing was returned.\n  Try: `return Dune`", "\(notZoes.text)")
        #expect(await handler.handle(text: "who has Dune", from: ana, at: tuesday).text.hasPrefix("Ben has Dune"))
        // Cy brings Ben's book back: Ben is told his loan is closed; Ana returning her own is not news.
        let back = await handler.handle(text: "return Dune", from: Sender(name: "Cy", userID: "U-CY"), at: tuesday)
        #expect(back.notices.map(\.to) == [benByID])
        #expect(back.notices.first.map { PlainRenderer.render($0.reply) } == "Cy returned Dune for you: it is no longer on your books.")
        #expect(await handler.handle(text: "return Emma", from: ana, at: tuesday).notices.isEmpty)

        // Renewing someone else's loan says whose it is, and tells them; a refusal says who is to bring it back.
        _ = await handler.handle(text: "checkout Emma", from: ana, at: tuesday)
        let later = utc("2026-12-10 09:00:00")
        let renewed = await handler.handle(text: "renew Emma", from: ben, at: later)
        #expect(renewed.text.hasPrefix("Emma is renewed for Ana: due Thu 24 Dec."), "\(renewed.text)")
        #expect(renewed.notices.map(\.to) == [Borrower(name: "Ana", userID: "U-ANA")])
        #expect(renewed.notices.first.map { PlainRenderer.render($0.reply) } == "Ben renewed Emma for you: it is now due Thu 24 Dec.")
        #expect(await handler.handle(text: "renew Emma", from: ana, at: utc("2026-12-20 09:00:00")).notices.isEmpty)
        _ = await handler.handle(text: "hold Emma", from: Sender(name: "Cy", userID: "U-CY"), at: later)
        let refused = await handler.handle(text: "renew Emma", from: ben, at: later)
        #expect(refused.text == "Emma cannot be renewed: someone is waiting for it. Ana is to return it by Sun 3 Jan 2027.\n  Try: `who has Emma`", "\(refused.text)")
        let hers = await handler.handle(text: "renew Emma", from: ana, at: later)
        #expect(hers.text.hasPrefix("Emma cannot be renewed: someone is waiting for it. Please return it by Sun 3 Jan 2027."), "\(hers.text)")
        #expect(hers.suggestion == "return Emma")
        let french = await handler.handle(text: "prolonger Emma", from: ben, at: later)
        #expect(french.text == "Emma ne peut pas être prolongé : quelqu'un l'attend. Ana doit le rendre d'ici dim. 3 janv. 2027.\n  Essayez : `qui a Emma`", "\(french.text)")
        _ = await handler.handle(text: "checkout Dune", from: ana, at: later)
        let early = await handler.handle(text: "prolonger Dune", from: ben, at: later)
        #expect(early.text.hasPrefix("Dune est déjà à rendre jeu. 24 déc. : le prolonger aujourd'hui ne donnerait pas plus de temps à Ana, rien n'a changé."), "\(early.text)")
    }

    @Test("add another copy of Dune: one more book with the same title, author, publisher, categories and ISBN; admins only; undone like an add")
    func addCopy() async throws {
        let handler = try await makeHandler(admins: ["U-ANA"])
        _ = await handler.handle(text: "add Middlemarch by George Eliot publisher: Penguin categories: Classic isbn: 9780141439549", from: ana, at: tuesday)
        let copy = await handler.handle(text: "add another copy of Middlemarch", from: ana, at: tuesday)
        #expect(copy.text.hasPrefix("Added Middlemarch by George Eliot as #5.\n  The library now has 2 copies of it (#4, #5)."), "\(copy.text)")
        let shown = await handler.handle(text: "show #5", from: ana, at: tuesday)
        for field in ["Publisher: Penguin", "Categories: Classic", "ISBN: 9780141439549"] {
            #expect(shown.text.contains(field), "\(field): \(shown.text)")
        }
        let french = await handler.handle(text: "ajouter un autre exemplaire d'Emma", from: ana, at: tuesday)
        #expect(french.text.hasPrefix("Emma de Jane Austen est ajouté sous le numéro #6."), "\(french.text)")
        #expect(await handler.handle(text: "undo", from: ana, at: tuesday).text.hasPrefix("Deleted Emma (#6)."))
        let refused = await handler.handle(text: "add a copy of Dune", from: ben, at: tuesday)
        #expect(refused.kind == .error)
        #expect(refused.text.contains("admins"), "\(refused.text)")
        let unknown = await handler.handle(text: "add a copy of Zzzz Qqqq", from: ana, at: tuesday)
        #expect(unknown.text.hasPrefix("No book matches 'Zzzz Qqqq'."), "\(unknown.text)")
        #expect(await handler.handle(text: "who has Dune", from: ana, at: tuesday).text.hasPrefix("Dune is on the shelf."))
    }

    @Test("'which book has been out the longest?': the books out, the longest out first (a renewal keeps its start), each since when; in French; of those overdue")
    func longestOut() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "checkout Emma", from: ben, at: utc("2026-11-03 09:00:00"))
        _ = await handler.handle(text: "checkout Dune", from: ana, at: utc("2026-11-20 09:00:00"))
        _ = await handler.handle(text: "checkout Les Misérables", from: ana, at: utc("2026-11-10 09:00:00"))
        // Renewed on the 23rd, Les Misérables was still taken on the 10th.
        #expect(await handler.handle(text: "renew Les Misérables", from: ana, at: utc("2026-11-23 09:00:00")).kind == .success)
        let reply = await handler.handle(text: "which book has been out the longest?", from: ana, at: tuesday)
        #expect(reply.text == """
            3 checked out:
              #2 Emma, Jane Austen (out: Ben, due Tue 17 Nov, overdue) — out since Tue 3 Nov, 28 days
              #3 Les Misérables, Victor Hugo (out: Ana, due Mon 7 Dec) — out since Tue 10 Nov, 21 days
              #1 Dune, Frank Herbert (out: Ana, due Fri 4 Dec) — out since Fri 20 Nov, 11 days
            """, "\(reply.text)")
        // "the second one" is the second of that list.
        let second = await handler.handle(text: "the second one", from: ana, at: tuesday + 60)
        #expect(second.text.hasPrefix("You have Les Misérables since Tue 10 Nov"), "\(second.text)")
        let french = await handler.handle(text: "quel livre est emprunté depuis le plus longtemps ?", from: ana, at: tuesday)
        #expect(french.text.hasPrefix("""
            3 empruntés :
              #2 Emma, Jane Austen (emprunté : Ben, à rendre mar. 17 nov., en retard) — emprunté depuis le mar. 3 nov., 28 jours
            """), "\(french.text)")
        let overdue = await handler.handle(text: "the most overdue book", from: ana, at: tuesday)
        #expect(overdue.text.hasPrefix("1 overdue:\n  #2 Emma"), "\(overdue.text)")
        let today = await handler.handle(text: "list longest", from: ana, at: utc("2026-11-20 10:00:00"))
        #expect(today.text.contains("#1 Dune, Frank Herbert (out: Ana, due Fri 4 Dec) — out since today"), "\(today.text)")
    }

    @Test("stats: the shelf, this month's and this year's loans in the library's zone, late returns, holds, the most borrowed; an empty library says how to start")
    func stats() async throws {
        let handler = try await makeHandler()
        let none = await handler.handle(text: "stats", from: ana, at: tuesday)
        #expect(none.text == """
            Library stats, Tue 1 Dec:
              3 books: 3 on the shelf, 0 out.
              No book has been borrowed yet.
              Try: `list popular`
            """, "\(none.text)")
        // Emma, out from Tue 10 Nov, was due Tue 24 Nov and came back on the 27th.
        _ = await handler.handle(text: "checkout Emma", from: ben, at: utc("2026-11-10 09:00:00"))
        _ = await handler.handle(text: "return Emma", from: ben, at: utc("2026-11-27 09:00:00"))
        _ = await handler.handle(text: "checkout Dune", from: ana, at: tuesday)
        _ = await handler.handle(text: "hold Dune", from: ben, at: tuesday + 60)
        let figures = await handler.handle(text: "library stats", from: ana, at: tuesday + 120)
        #expect(figures.kind == .info)
        #expect(figures.text == """
            Library stats, Tue 1 Dec:
              3 books: 2 on the shelf, 1 out.
              Loans: 1 this month, 2 this year by 2 members, 2 in all.
              Returned this year: 1, 1 of them late; kept 17 days (median).
              Holds: 1, on 1 book.
              Most borrowed this year: Emma (1), Dune (1).
              Try: `list popular`
            """, "\(figures.text)")
        // Three weeks on, Dune is overdue; in French.
        let french = await handler.handle(text: "statistiques", from: ana, at: tuesday + 21 * 86_400)
        #expect(french.text.hasPrefix("""
            Statistiques de la bibliothèque, mar. 22 déc. :
              3 livres : 2 en rayon, 1 emprunté (1 en retard).
              Emprunts : 1 ce mois-ci, 2 cette année par 2 membres, 2 en tout.
              Rendus cette année : 1, dont 1 en retard ; gardés 17 jours (médiane).
            """), "\(french.text)")

        let paris = try #require(TimeZone(identifier: "Europe/Paris"))
        let empty = CommandHandler(library: LibraryService(database: try LibraryDatabase.inMemory(), rules: LibraryRules(timeZone: paris)),
                                   settings: HandlerSettings(timeZone: paris))
        let start = await empty.handle(text: "stats", from: ana, at: tuesday)
        #expect(start.text == "The library has no books yet.\n  Try: `add TITLE by AUTHOR`", "\(start.text)")
    }

    @Test("categories: each with how many books carry it, the most used first, one however it is written; none yet says how to give them")
    func categories() async throws {
        let handler = try await makeHandler()
        let none = await handler.handle(text: "categories", from: ana, at: tuesday)
        #expect(none.text.hasPrefix("No book has a category yet."), "\(none.text)")
        _ = await handler.handle(text: "edit Dune set categories to Science fiction, Classic", from: ana, at: tuesday)
        _ = await handler.handle(text: "edit Emma set categories to classic", from: ana, at: tuesday)
        _ = await handler.handle(text: "edit Les Misérables set categories to Classique; CLASSIC", from: ana, at: tuesday)
        let listed = await handler.handle(text: "what genres do you have?", from: ana, at: tuesday)
        #expect(listed.text == """
            3 categories:
              Classic — 3 books
              Classique — 1 book
              Science fiction — 1 book
              Try: `search Classic`
            """, "\(listed.text)")
        let french = await handler.handle(text: "catégories", from: ana, at: tuesday)
        #expect(french.text.hasPrefix("3 catégories :\n  Classic — 3 livres"), "\(french.text)")
    }

    @Test("add category Classic to Dune gives every copy that category, its others kept; remove takes one away; admins only; undone")
    func categorize() async throws {
        let handler = try await makeHandler(admins: ["U-ANA"])
        _ = await handler.handle(text: "edit Dune set categories to SF", from: ana, at: tuesday + 60)
        _ = await handler.handle(text: "add another copy of Dune", from: ana, at: tuesday + 120)
        let added = await handler.handle(text: "add category Classic to Dune", from: ana, at: tuesday + 180)
        #expect(added.kind == .success)
        #expect(added.text == "Dune (#1, #4): the categories are now SF, Classic.", "\(added.text)")
        #expect(await handler.handle(text: "show #4", from: ana, at: tuesday + 240).text.contains("Categories: SF, Classic"))
        // Case and accents aside, a category the book has is not given twice.
        let again = await handler.handle(text: "add the category classic to Dune", from: ana, at: tuesday + 300)
        #expect(again.kind == .info)
        #expect(again.text == "Dune (#1, #4) already has classic: its categories are SF, Classic.", "\(again.text)")
        let removed = await handler.handle(text: "remove category SF from Dune", from: ana, at: tuesday + 360)
        #expect(removed.text == "Dune (#1, #4): the categories are now Classic.", "\(removed.text)")
        #expect(await handler.handle(text: "undo", from: ana, at: tuesday + 420).text == "Dune (#1, #4): the categories are now Classic, SF.")
        let missing = await handler.handle(text: "remove category Horror from Dune", from: ana, at: tuesday + 480)
        #expect(missing.kind == .error)
        #expect(missing.text == "Dune (#1, #4) has no category Horror: its categories are Classic, SF.", "\(missing.text)")
        // In French, and the book's other categories kept; "remove" alone still deletes books.
        let french = await handler.handle(text: "ajouter la catégorie Roman à Emma", from: ana, at: tuesday + 540)
        #expect(french.text == "Emma (#2) : les catégories sont maintenant Roman.", "\(french.text)")
        let frenchRemoved = await handler.handle(text: "retirer la catégorie roman d'Emma", from: ana, at: tuesday + 600)
        #expect(frenchRemoved.text == "Emma (#2) : les catégories sont maintenant (aucun).", "\(frenchRemoved.text)")
        #expect(await handler.handle(text: "categories", from: ana, at: tuesday + 660).text.contains("Classic"))
        let refused = await handler.handle(text: "add category Classic to Emma", from: ben, at: tuesday + 720)
        #expect(refused.kind == .error)
        #expect(refused.text.contains("admins"), "\(refused.text)")
        let unknown = await handler.handle(text: "add category Classic to Zzzz Qqqq", from: ana, at: tuesday + 780)
        #expect(unknown.text.hasPrefix("No book matches 'Zzzz Qqqq'."), "\(unknown.text)")
        // Tagged and untagged, the same change in other words.
        let tagged = await handler.handle(text: "tag Dune as Horror", from: ana, at: tuesday + 840)
        #expect(tagged.text == "Dune (#1, #4): the categories are now Classic, SF, Horror.", "\(tagged.text)")
        let untagged = await handler.handle(text: "untag SF from Dune", from: ana, at: tuesday + 900)
        #expect(untagged.text == "Dune (#1, #4): the categories are now Classic, Horror.", "\(untagged.text)")
        #expect(await handler.handle(text: "tag Emma as Classic", from: ben, at: tuesday + 960).kind == .error)
    }

    @Test("undo of a category given to copies that differed takes it back only from those it was given to")
    func categorizeUndoPerCopy() async throws {
        let handler = try await makeHandler(admins: ["U-ANA"])
        _ = await handler.handle(text: "edit Dune set categories to SF", from: ana, at: tuesday + 60)
        _ = await handler.handle(text: "add another copy of Dune", from: ana, at: tuesday + 120)
        _ = await handler.handle(text: "edit #4 set categories to SF, Classic", from: ana, at: tuesday + 180)
        let added = await handler.handle(text: "add category Classic to Dune", from: ana, at: tuesday + 240)
        #expect(added.text == "Dune (#1, #4): the categories are now SF, Classic.", "\(added.text)")
        let undone = await handler.handle(text: "undo", from: ana, at: tuesday + 300)
        #expect(undone.text == "Dune (#1): the categories are now SF.", "\(undone.text)")
        #expect(await handler.handle(text: "show #1", from: ana, at: tuesday + 360).text.contains("Categories: SF\n"))
        #expect(await handler.handle(text: "show #4", from: ana, at: tuesday + 360).text.contains("Categories: SF, Classic"))
        // The same for a removal: what each copy lost comes back to it alone.
        _ = await handler.handle(text: "edit #1 set categories to SF, Horror", from: ana, at: tuesday + 420)
        let removed = await handler.handle(text: "remove categories Classic, Horror from Dune", from: ana, at: tuesday + 480)
        #expect(removed.text == "Dune (#1, #4): the categories are now SF.", "\(removed.text)")
        let back = await handler.handle(text: "undo", from: ana, at: tuesday + 540)
        #expect(back.text.contains("Dune (#4): the categories are now SF, Classic."), "\(back.text)")
        #expect(back.text.contains("Dune (#1): the categories are now SF, Horror."), "\(back.text)")
    }

    @Test("the most popular books: the most borrowed first, each with how many times; in French too")
    func popular() async throws {
        let handler = try await makeHandler()
        for _ in 0..<2 {
            _ = await handler.handle(text: "checkout Emma", from: ana, at: tuesday)
            _ = await handler.handle(text: "return Emma", from: ana, at: tuesday)
        }
        _ = await handler.handle(text: "checkout Dune", from: ben, at: tuesday)
        let popular = await handler.handle(text: "what are the most popular books?", from: ana, at: tuesday)
        #expect(popular.text.hasPrefix("""
            3 books, 2 on the shelf:
              #2 Emma, Jane Austen — borrowed 2 times
              #1 Dune, Frank Herbert (out: Ben, due Tue 15 Dec) — borrowed once
              #3 Les Misérables, Victor Hugo
            """), "\(popular.text)")
        let french = await handler.handle(text: "les livres les plus empruntés", from: ana, at: tuesday)
        #expect(french.text.contains("#2 Emma, Jane Austen — emprunté 2 fois"), "\(french.text)")
    }

    @Test("a long list shows 25 books, says how many more there are, and pages on: list page 2")
    func longList() async throws {
        let handler = try await makeHandler()
        for number in 1...57 { _ = await handler.handle(text: "add Book \(number) by Author \(number)", from: ana, at: tuesday) }
        let all = await handler.handle(text: "list", from: ana, at: tuesday)
        #expect(all.text.hasPrefix("60 books, 60 on the shelf:"), "\(all.text)")
        #expect(all.text.hasSuffix("\n  … and 35 more: narrow it down with search, or see the next ones.\n  Try: `list page 2`"), "\(all.text)")
        #expect(all.lines.count == 26)
        // The suggestion goes on where the list stopped, newest first: Book 32 then Book 31 …
        let second = await handler.handle(text: try #require(all.suggestion), from: ana, at: tuesday)
        #expect(second.text.hasPrefix("60 books, 60 on the shelf (26-50):\n  #35 Book 32, Author 32\n"), "\(second.text)")
        #expect(second.suggestion == "list page 3")
        let last = await handler.handle(text: "list page 3", from: ana, at: tuesday)
        #expect(last.text.hasPrefix("60 books, 60 on the shelf (51-60):"), "\(last.text)")
        #expect(last.lines.count == 10 && last.suggestion == nil)
        #expect(last.text.hasSuffix("\n  #1 Dune, Frank Herbert"), "\(last.text)")
        let past = await handler.handle(text: "list page 4", from: ana, at: tuesday)
        #expect(past.text.hasPrefix("There is no page 4: the list has 3 pages."), "\(past.text)")
        #expect(past.suggestion == "list")
        // The page asked for, however far (it said "page 10000" past ten thousand).
        #expect(await handler.handle(text: "list page 99999", from: ana, at: tuesday).text.hasPrefix("There is no page 99999: the list has 3 pages."))
        #expect(await handler.handle(text: "list page 99999999999999999999", from: ana, at: tuesday).text
            .hasPrefix("There is no page 1000000000: the list has 3 pages."))
        _ = await handler.handle(text: "checkout Dune", from: ana, at: tuesday)
        let french = await handler.handle(text: "liste disponibles plus anciens", from: ana, at: tuesday)
        #expect(french.text.hasSuffix("\n  … et 34 autres : affinez avec chercher, ou voyez les suivants.\n  Essayez : `liste disponibles plus anciens page 2`"), "\(french.text)")
        #expect(await handler.handle(text: "liste disponibles plus anciens page 2", from: ana, at: tuesday).text
            .hasPrefix("59 sur l'étagère (26-50) :\n  #27 Book 24, Author 24\n"))
    }

    @Test("after a long list, 'more' or 'next page' shows the next page and 'previous page' the one before, in the list's filter and order; after another question they are not understood")
    func pageTurns() async throws {
        let handler = try await makeHandler()
        for number in 1...57 { _ = await handler.handle(text: "add Book \(number) by Author \(number)", from: ana, at: minute(0)) }
        #expect(await handler.handle(text: "list oldest", from: ana, at: minute(1)).text.hasPrefix("60 books, 60 on the shelf:\n  #1 Dune"))
        let second = await handler.handle(text: "more", from: ana, at: minute(2))
        #expect(second.text.hasPrefix("60 books, 60 on the shelf (26-50):\n  #26 Book 23, Author 23\n"), "\(second.text)")
        #expect(await handler.handle(text: "next page", from: ana, at: minute(3)).text.hasPrefix("60 books, 60 on the shelf (51-60):"))
        #expect(await handler.handle(text: "show more", from: ana, at: minute(4)).text.hasPrefix("There is no page 4: the list has 3 pages."))
        #expect(await handler.handle(text: "previous page", from: ana, at: minute(5)).text.hasPrefix("60 books, 60 on the shelf (51-60):"))
        #expect(await handler.handle(text: "previous page", from: ana, at: minute(6)).text.hasPrefix("60 books, 60 on the shelf (26-50):"))
        // Only Ana's list turns: Ben asked none.
        #expect(await handler.handle(text: "more", from: ben, at: minute(7)).text.hasPrefix("I did not understand 'more'."))
        let french = await handler.handle(text: "la suite", from: ana, at: minute(8))
        #expect(french.text.hasPrefix("60 livres, dont 60 sur l'étagère (51-60) :"), "\(french.text)")
        _ = await handler.handle(text: "who has Dune", from: ana, at: minute(9))
        #expect(await handler.handle(text: "next page", from: ana, at: minute(10)).text.hasPrefix("I did not understand 'next page'."))
    }

    @Test("search shows the best ten, and says when there are more")
    func searchMore() async throws {
        let handler = try await makeHandler()
        for number in 1...11 { _ = await handler.handle(text: "add Sea Story \(number) by Someone", from: ana, at: tuesday) }
        let many = await handler.handle(text: "search sea story", from: ana, at: tuesday)
        #expect(many.text.hasPrefix("The first 10 found for 'sea story':\n"), "\(many.text)")
        #expect(many.lines.count == 11)
        #expect(many.text.hasSuffix("\n  … and more: add a word to narrow it down."), "\(many.text)")
        #expect(await handler.handle(text: "chercher sea story", from: ana, at: tuesday).text.hasPrefix("Les 10 premiers trouvés pour « sea story » :"))
        _ = await handler.handle(text: "delete Sea Story 11", from: ana, at: tuesday)
        let ten = await handler.handle(text: "search sea story", from: ana, at: tuesday)
        #expect(ten.text.hasPrefix("10 found for 'sea story':\n"), "\(ten.text)")
        #expect(!ten.text.contains("… and more"))
    }

    @Test("who has a book one has suggests returning it, not waiting in line for it")
    func whoHasOwnLoan() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "checkout Dune", from: ana, at: tuesday)
        let mine = await handler.handle(text: "who has Dune", from: ana, at: tuesday)
        #expect(mine.text.hasPrefix("You have Dune since Tue 1 Dec, due Tue 15 Dec."), "\(mine.text)")
        #expect(mine.suggestion == "return Dune")
        #expect(await handler.handle(text: "show Dune", from: ana, at: tuesday).text.contains("Status: You have Dune since Tue 1 Dec"))
        #expect(await handler.handle(text: "qui a Dune", from: ana, at: tuesday).suggestion == "rendre Dune")
        #expect(await handler.handle(text: "who has Dune", from: Sender(name: "Ben", userID: "U-BEN"), at: tuesday).suggestion == "hold Dune")
        // Kept for the asker: "you" too.
        _ = await handler.handle(text: "hold Dune", from: ben, at: tuesday)
        _ = await handler.handle(text: "return Dune", from: ana, at: tuesday)
        let kept = await handler.handle(text: "who has Dune", from: ben, at: tuesday)
        #expect(kept.text.hasPrefix("Dune is on the shelf, kept for you until Tue 8 Dec."), "\(kept.text)")
        #expect(kept.suggestion == "checkout Dune")
    }

    @Test("lending on a book one has: pass it on (or, when someone else waits, bring it back), not wait in line for it")
    func lendOnOwnBook() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "checkout Dune", from: ana, at: tuesday)
        let onward = await handler.handle(text: "checkout Dune as Ben", from: ana, at: tuesday)
        #expect(onward.kind == .error)
        #expect(onward.text.hasPrefix("You have Dune (due Tue 15 Dec): to hand it to Ben, pass it on."), "\(onward.text)")
        #expect(onward.suggestion == "pass Dune to Ben")
        // Someone else asking for Ben is told who has it, and to wait in line.
        let other = await handler.handle(text: "checkout Dune as Ben", from: Sender(name: "Cy", userID: "U-CY"), at: tuesday)
        #expect(other.text.hasPrefix("Dune is already checked out by Ana"))
        #expect(other.suggestion == "hold Dune")
        let french = await handler.handle(text: "emprunter Dune pour Ben", from: ana, at: tuesday)
        #expect(french.text.hasPrefix("Vous avez Dune (à rendre mar. 15 déc.) : pour le donner à Ben, passez-le."), "\(french.text)")
        #expect(french.suggestion == "passer Dune à Ben")
        // The suggestion, typed, does it; passed back, Ana has it again.
        #expect(await handler.handle(text: "pass Dune to Ben", from: ana, at: tuesday).text.hasPrefix("Dune passes from you to Ben."))
        #expect(await handler.handle(text: "pass Dune to Ana", from: ben, at: tuesday).text.hasPrefix("Dune passes from you to Ana."))
        // Cy waits for it: it goes to Cy once back, so bringing it back is the way.
        _ = await handler.handle(text: "hold Dune", from: Sender(name: "Cy", userID: "U-CY"), at: tuesday)
        let waited = await handler.handle(text: "checkout Dune as Ben", from: ana, at: tuesday)
        #expect(waited.text.hasPrefix("You have Dune (due Tue 15 Dec), and Cy is first in line for it: it goes to them once back."), "\(waited.text)")
        #expect(waited.suggestion == "return Dune")
    }

    @Test("the same in French, dates included")
    func lendingFrench() async throws {
        let handler = try await makeHandler()
        let lent = await handler.handle(text: "emprunter Les Miserables pour Léa", from: ana, at: tuesday)
        #expect(lent.language == .fr)
        #expect(lent.text.contains("Les Misérables est emprunté par Léa."))
        #expect(lent.text.contains("À rendre mar. 15 déc."))
        #expect(!lent.text.contains("déc.."))
        let who = await handler.handle(text: "qui a les misérables ?", from: ana, at: tuesday)
        #expect(who.text.contains("Léa a Les Misérables depuis mar. 1 déc., à rendre mar. 15 déc."))
        let taken = await handler.handle(text: "emprunter Les Misérables", from: ben, at: tuesday)
        #expect(taken.text.contains("Les Misérables est déjà emprunté par Léa depuis mar. 1 déc."))
        #expect(taken.suggestion == "réserver Les Misérables")
        let back = await handler.handle(text: "rendre Les Misérables", from: ana, at: tuesday)
        #expect(back.text.contains("Merci ! Les Misérables est de retour"))
    }

    @Test("a date in another year says the year")
    func yearShown() async throws {
        let handler = try await makeHandler()
        let lent = await handler.handle(text: "checkout Dune", from: ana, at: utc("2026-12-25 10:00:00"))
        #expect(lent.text.contains("Due Fri 8 Jan 2027."))
    }

    @Test("my books, what does X have, and mes livres")
    func loansOf() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "checkout Dune", from: ana, at: tuesday)
        _ = await handler.handle(text: "checkout Emma", from: ana, at: utc("2026-11-10 09:00:00"))
        let mine = await handler.handle(text: "my books", from: ana, at: tuesday)
        #expect(mine.text.contains("You have 2 books:"))
        #expect(mine.text.contains("Emma, due Tue 24 Nov (7 days overdue)"))
        // The day after the due day: one day late, in either language.
        let dayAfter = await handler.handle(text: "my books", from: ana, at: utc("2026-12-16 10:00:00"))
        #expect(dayAfter.text.contains("Dune, due Tue 15 Dec (1 day overdue)"), "\(dayAfter.text)")
        let lendemain = await handler.handle(text: "mes livres", from: ana, at: utc("2026-12-16 10:00:00"))
        #expect(lendemain.text.contains("Dune, à rendre mar. 15 déc. (en retard d'un jour)"), "\(lendemain.text)")
        let hers = await handler.handle(text: "what does Ana have", from: ben, at: tuesday)
        #expect(hers.text.contains("Ana has 2 books:"))
        let french = await handler.handle(text: "mes livres", from: ben, at: tuesday)
        #expect(french.text.contains("Vous n'avez aucun livre."))
    }

    @Test("hold, renew refused while held, and the notice on return")
    func holds() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "checkout Dune", from: ana, at: tuesday)
        let held = await handler.handle(text: "hold Dune", from: ben, at: tuesday)
        #expect(held.text.contains("You are number 1 in line for Dune."))
        let renew = await handler.handle(text: "renew Dune", from: ana, at: tuesday)
        #expect(renew.kind == .error)
        #expect(renew.text.contains("cannot be renewed: someone is waiting for it."))
        _ = await handler.handle(text: "hold Dune", from: Sender(name: "Cy", userID: "U-CY"), at: tuesday)
        #expect(await handler.handle(text: "renew Dune", from: ana, at: tuesday).text.contains("cannot be renewed: 2 people are waiting for it."))
        #expect(await handler.handle(text: "prolonger Dune", from: ana, at: tuesday).text.contains("ne peut pas être prolongé : 2 personnes l'attendent."))
        let back = await handler.handle(text: "return Dune", from: ana, at: tuesday)
        #expect(back.text.contains("Ben is first in line for it"))
        #expect(back.suggestion == "checkout Dune as Ben")
        // Ben is told too, by user id, in the library's language whatever the returner wrote in.
        let french = try await makeHandler()
        _ = await french.handle(text: "checkout Dune", from: ana, at: tuesday)
        _ = await french.handle(text: "hold Dune", from: ben, at: tuesday)
        let backInFrench = await french.handle(text: "rendre Dune", from: ana, at: tuesday)
        for reply in [back, backInFrench] {
            #expect(reply.notices.map(\.to) == [Borrower(name: "Ben", userID: "U-BEN")])
            #expect(reply.notices.first.map { PlainRenderer.render($0.reply) } == "Dune is on the shelf, kept for you until Tue 8 Dec: you are first in line.\n  Try: `checkout Dune`")
        }
        #expect(held.notices.isEmpty && renew.notices.isEmpty)
        let onShelf = await handler.handle(text: "réserver Emma", from: ben, at: tuesday)
        #expect(onShelf.text.contains("Emma est sur l'étagère : empruntez-le plutôt."))
    }

    @Test("the member a book is kept for lends it to someone else: told to give up their place first, which lets it go on")
    func keptForAskerLentOn() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "checkout Dune", from: ana, at: tuesday)
        _ = await handler.handle(text: "hold Dune", from: ben, at: tuesday)
        _ = await handler.handle(text: "return Dune", from: ana, at: tuesday)
        let refused = await handler.handle(text: "checkout Dune for Dee", from: ben, at: tuesday)
        #expect(refused.kind == .error)
        #expect(refused.text.hasPrefix("Dune is kept for you until Tue 8 Dec: check it out yourself, or give up your place in line first, then check it out to Dee."), "\(refused.text)")
        #expect(refused.suggestion == "cancel hold Dune")
        let french = await handler.handle(text: "emprunter Dune pour Dee", from: ben, at: tuesday)
        #expect(french.suggestion == "annuler la réservation de Dune")
        #expect(await handler.handle(text: try #require(refused.suggestion), from: ben, at: tuesday).kind == .success)
        #expect(await handler.handle(text: "checkout Dune for Dee", from: ben, at: tuesday).text.hasPrefix("Dune is checked out to Dee."))
    }

    @Test("a pasted page is quoted back shortened, and not offered as a command to type")
    func longTextShortened() async throws {
        let handler = try await makeHandler()
        let page = String(repeating: "lorem ipsum ", count: 2_000)
        for text in [page, "who has " + page, "search " + page, "chekout " + page, "help " + page] {
            let reply = await handler.handle(text: text, from: ana, at: tuesday)
            #expect(reply.text.count < 300, "\(reply.text.prefix(100))")
            #expect(reply.text.contains("…"), "\(reply.text.prefix(100))")
            #expect((reply.suggestion ?? "").count <= 200)
        }
        let name = String(repeating: "Ana", count: 40)
        for text in ["checkout Dune as \(name)", "what does \(name) have"] {
            let reply = await handler.handle(text: text, from: ana, at: tuesday)
            #expect(reply.kind == .error)
            #expect(reply.text == "A name is at most 100 characters: give a shorter one.")
        }
        // An ISBN no book has: searching it again would find nothing, the list is offered (with
        // ISBN lookups on, adding it by its ISBN: see AddByISBNTests).
        let isbn = await handler.handle(text: "who has 978-0-306-40615-7", from: ana, at: tuesday)
        #expect(isbn.text.hasPrefix("No book on the shelf has ISBN 9780306406157.") && isbn.suggestion == "list", "\(isbn.text)")
        // An ISBN alone (a barcode scanned into the chat) asks which book that is.
        let scanned = await handler.handle(text: "978-0-306-40615-7", from: ana, at: tuesday)
        #expect(scanned.text.hasPrefix("No book on the shelf has ISBN 9780306406157."), "\(scanned.text)")
        #expect(await handler.handle(text: "ISBN inconnu ? 9780306406157", from: ana, at: tuesday).kind == .error)
        // A short one is quoted whole.
        #expect(await handler.handle(text: "who has Dnue Messiah", from: ana, at: tuesday).text.hasPrefix("No book matches 'Dnue Messiah'"))
    }

    @Test("deleting one book that is out or waited for is confirmed first, naming the loan and the line that go with it")
    func deleteBookInUse() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "checkout Dune", from: ana, at: tuesday)
        _ = await handler.handle(text: "hold Dune", from: ben, at: tuesday)
        let asked = await handler.handle(text: "delete Dune", from: ana, at: tuesday)
        #expect(asked.kind == .confirmation)
        #expect(asked.text.hasPrefix("Delete this book, with its loan and holds?\n  #1 Dune, Frank Herbert — out with Ana, due Tue 15 Dec; 1 waiting\n"), "\(asked.text)")
        #expect(await handler.handle(text: "who has Dune", from: ana, at: tuesday).text.hasPrefix("You have Dune"), "nothing deleted yet")
        let done = await handler.handle(text: "yes", from: ana, at: tuesday)
        #expect(done.text.hasPrefix("Deleted 1 book.\n  #1 Dune"), "\(done.text)")
        #expect(await handler.handle(text: "who has Dune", from: ana, at: tuesday).kind == .error)
        // A book nobody has or waits for goes at once.
        #expect(await handler.handle(text: "delete Emma", from: ana, at: tuesday).text == "Deleted Emma (#2).\n  `undo` within 10 minutes puts it back.")
    }

    @Test("delete a copy of Dune deletes one nobody has; the second or last copy by its place; a place past the copies is said")
    func deleteCopy() async throws {
        let handler = try await makeHandler(admins: ["U-ANA"])
        _ = await handler.handle(text: "add another copy of Dune", from: ana, at: tuesday)
        _ = await handler.handle(text: "add another copy of Dune", from: ana, at: tuesday)
        // Copies #1, #4 and #5: Ben has #5, so "a copy" is #4, the free one with the highest number.
        _ = await handler.handle(text: "checkout #5 as Ben", from: ana, at: tuesday)
        #expect(await handler.handle(text: "delete a copy of Dune", from: ana, at: tuesday).text == "Deleted Dune (#4).\n  `undo` within 10 minutes puts it back.")
        let past = await handler.handle(text: "delete the third copy of Dune", from: ana, at: tuesday)
        #expect(past.kind == .error)
        #expect(past.text == "The library has 2 copies of Dune (#1, #5): there is no copy 3.", "\(past.text)")
        // The last one is Ben's: confirmed first, as `delete #5` is.
        let last = await handler.handle(text: "delete the last copy of Dune", from: ana, at: tuesday)
        #expect(last.kind == .confirmation)
        #expect(last.text.contains("#5 Dune, Frank Herbert — out with Ben"), "\(last.text)")
        _ = await handler.handle(text: "no", from: ana, at: tuesday)
        let french = await handler.handle(text: "supprimer le premier exemplaire de Dune", from: ana, at: tuesday)
        #expect(french.text == "Dune (#1) est supprimé.\n  `défaire` dans les 10 minutes le rétablit.", "\(french.text)")
        let refused = await handler.handle(text: "delete a copy of Emma", from: ben, at: tuesday)
        #expect(refused.kind == .error)
        #expect(refused.text.contains("admins"), "\(refused.text)")
        #expect(await handler.handle(text: "who has Dune", from: ana, at: tuesday).text.hasPrefix("Ben has Dune"))
        // "it": the book last named.
        _ = await handler.handle(text: "who has Emma", from: ana, at: tuesday)
        #expect(await handler.handle(text: "delete a copy of it", from: ana, at: tuesday).text == "Deleted Emma (#2).\n  `undo` within 10 minutes puts it back.")
    }

    @Test("delete 2 copies of Dune: those nobody has first, the highest numbers first, confirmed and undone together; more than there are: nothing deleted")
    func deleteSeveralCopies() async throws {
        let handler = try await makeHandler(admins: ["U-ANA"])
        _ = await handler.handle(text: "add 3 copies of Dune", from: ana, at: minute(0))  // #4, #5, #6
        _ = await handler.handle(text: "checkout #6 as Ben", from: ana, at: minute(1))
        // #6 is Ben's: #5 and #4 go, asked first as deleting several books is.
        let asked = await handler.handle(text: "delete 2 copies of Dune", from: ana, at: minute(2))
        #expect(asked.kind == .confirmation)
        #expect(asked.text.hasPrefix("Delete these 2 books, with their loans and holds?\n  #4 Dune, Frank Herbert\n  #5 Dune, Frank Herbert\n"), "\(asked.text)")
        let deleted = await handler.handle(text: "yes", from: ana, at: minute(2))
        #expect(deleted.text.hasPrefix("Deleted 2 books."), "\(deleted.text)")
        #expect(try await handler.library.whoHas("Dune").map(\.book.id) == [1, 6])
        // One undo puts both back.
        _ = await handler.handle(text: "undo", from: ana, at: minute(3))
        #expect(try await handler.library.whoHas("Dune").count == 4)
        // More than there are: said, nothing deleted, nothing offered for a `yes`.
        let tooMany = await handler.handle(text: "delete 5 copies of Dune", from: ana, at: minute(4))
        #expect(tooMany.kind == .error)
        #expect(tooMany.text == "The library has 4 copies of Dune (#1, #4, #5, #6), not 5. Nothing was deleted.", "\(tooMany.text)")
        #expect(tooMany.suggestion == nil)
        #expect(try await handler.library.whoHas("Dune").count == 4)
        let french = await handler.handle(text: "supprimer 5 exemplaires de Dune", from: ana, at: minute(4))
        #expect(french.text == "La bibliothèque a 4 exemplaires de Dune (#1, #4, #5, #6), pas 5. Rien n'est supprimé.", "\(french.text)")
        #expect(await handler.handle(text: "delete 2 copies of Dune", from: ben, at: minute(5)).text.contains("admins"))
    }

    @Test("my books names the lines the member waits in, their place, and what they wait on")
    func myBooksShowsLines() async throws {
        let handler = try await makeHandler()
        let chloe = Sender(name: "Chloé", userID: "U-CHLOE")
        _ = await handler.handle(text: "checkout Dune", from: ana, at: tuesday)
        _ = await handler.handle(text: "hold Dune", from: ben, at: tuesday)
        _ = await handler.handle(text: "hold Dune", from: chloe, at: tuesday)
        _ = await handler.handle(text: "checkout Emma", from: ana, at: tuesday)
        _ = await handler.handle(text: "hold Emma", from: chloe, at: tuesday)
        #expect(await handler.handle(text: "my books", from: chloe, at: tuesday).text == """
            You have no books.
              In line for Dune: number 2 (Ana has it, due Tue 15 Dec)
              In line for Emma: number 1 (Ana has it, due Tue 15 Dec)
              Try: `list available`
            """)
        // Dune comes back, kept for Ben: Chloé still waits, behind him; Ben's is kept, not awaited.
        _ = await handler.handle(text: "return Dune", from: ana, at: tuesday)
        #expect(await handler.handle(text: "mes livres", from: chloe, at: tuesday).text.contains(
            "Dans la file pour Dune : numéro 2 (sur l'étagère, réservé pour Ben jusqu'au mar. 8 déc.)"))
        let bens = await handler.handle(text: "what does Ben have", from: ana, at: tuesday)
        #expect(!bens.text.contains("In line"), "\(bens.text)")
        #expect(bens.text.contains("Dune is on the shelf, kept for Ben until Tue 8 Dec."))
        // Ana, who waits for nothing, sees her loans only.
        #expect(!(await handler.handle(text: "my books", from: ana, at: tuesday).text.contains("In line")))
    }

    @Test("an admin takes someone else out of a line (cancel hold Dune for Ben): they are told, and so is the next in line; others may not")
    func cancelSomeoneElsesHold() async throws {
        let handler = try await makeHandler(admins: ["U-ANA"])
        let chloe = Sender(name: "Chloé", userID: "U-CHLOE")
        _ = await handler.handle(text: "checkout Dune", from: ana, at: tuesday)
        _ = await handler.handle(text: "hold Dune", from: ben, at: tuesday)
        _ = await handler.handle(text: "hold Dune", from: chloe, at: tuesday)
        _ = await handler.handle(text: "return Dune", from: ana, at: tuesday)
        let refused = await handler.handle(text: "cancel hold Dune for Ben", from: chloe, at: tuesday)
        #expect(refused.kind == .error)
        #expect(refused.text.hasPrefix("Only the library's admins may take someone else out of a line."), "\(refused.text)")
        #expect(await handler.handle(text: "who has Dune", from: chloe, at: tuesday).text.contains("kept for Ben"))

        let done = await handler.handle(text: "cancel hold Dune for Ben", from: ana, at: tuesday)
        #expect(done.kind == .success)
        #expect(done.text == "Ben is no longer in line for Dune.\n  It is now kept for Chloé until Tue 8 Dec, next in line.", "\(done.text)")
        #expect(done.notices.map(\.to) == [Borrower(name: "Ben", userID: "U-BEN"), Borrower(name: "Chloé", userID: "U-CHLOE")])
        #expect(done.notices.first.map { PlainRenderer.render($0.reply) } == "Ana took you out of the line for Dune.\n  Try: `hold Dune`")
        let again = await handler.handle(text: "annuler la réservation de Dune pour Ben", from: ana, at: tuesday)
        #expect(again.text.hasPrefix("Ben n'est pas dans la file pour Dune."), "\(again.text)")
        // Naming yourself is your own hold: anyone may.
        #expect(await handler.handle(text: "cancel hold Dune for Chloé", from: chloe, at: tuesday).text.hasPrefix("You are no longer in line for Dune."))
    }

    @Test("a hold on a title whose copies are all out says so, and that the first copy back may be theirs")
    func holdOnCopies() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "add Dune by Frank Herbert", from: ana, at: tuesday)
        _ = await handler.handle(text: "checkout Dune", from: ana, at: tuesday)
        _ = await handler.handle(text: "checkout Dune", from: Sender(name: "Cy", userID: "U-CY"), at: tuesday)
        let held = await handler.handle(text: "hold Dune", from: ben, at: tuesday)
        #expect(held.text == "You are number 1 in line for Dune.\n  Both copies are out; the first due back is with Ana, due Tue 15 Dec. You will be told when one is kept for you.", "\(held.text)")
        let french = await handler.handle(text: "réserver Dune", from: Sender(name: "Léa", userID: "U-LEA"), at: tuesday)
        #expect(french.text.contains("Les 2 exemplaires sont empruntés ; le premier à revenir est chez Ana, à rendre mar. 15 déc."), "\(french.text)")
        // One copy back, kept for Ben: the next to wait is not told both are out.
        _ = await handler.handle(text: "return Dune", from: Sender(name: "Cy", userID: "U-CY"), at: tuesday + 60)
        let third = await handler.handle(text: "hold Dune", from: Sender(name: "Dan", userID: "U-DAN"), at: tuesday + 120)
        #expect(third.text.contains("None of the 2 copies is free; the first due back is with Ana, due Tue 15 Dec."), "\(third.text)")
    }

    @Test("adding a copy of a title someone waits for keeps it for them, says so, and tells them")
    func newCopyForWaitingMember() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "checkout Dune", from: ana, at: tuesday)
        _ = await handler.handle(text: "hold Dune", from: ben, at: tuesday)
        let added = await handler.handle(text: "add Dune by Frank Herbert", from: ana, at: tuesday)
        #expect(added.kind == .success)
        #expect(added.text.contains("#4.\n  The library now has 2 copies of it (#1, #4).\n  Ben was waiting for it: it is kept for them until Tue 8 Dec.\n"), "\(added.text)")
        #expect(added.suggestion?.hasSuffix(" as Ben") == true)
        #expect(added.notices.map(\.to) == [Borrower(name: "Ben", userID: "U-BEN")])
        #expect(await handler.handle(text: try #require(added.suggestion), from: ana, at: tuesday).text.contains("is checked out to Ben."))
    }

    @Test("cancel hold: out of the line; a book kept for you passes to the next in line, who is told")
    func cancelHold() async throws {
        let handler = try await makeHandler()
        let chloe = Sender(name: "Chloé", userID: "U-CHLOE")
        _ = await handler.handle(text: "checkout Dune", from: ana, at: tuesday)
        _ = await handler.handle(text: "hold Dune", from: ben, at: tuesday)
        _ = await handler.handle(text: "hold Dune", from: chloe, at: tuesday)
        _ = await handler.handle(text: "return Dune", from: ana, at: tuesday)
        let given = await handler.handle(text: "cancel hold Dune", from: ben, at: tuesday)
        #expect(given.kind == .success)
        #expect(given.text == "You are no longer in line for Dune.\n  It is now kept for Chloé until Tue 8 Dec, next in line.")
        #expect(given.notices.map(\.to) == [Borrower(name: "Chloé", userID: "U-CHLOE")])
        let refused = await handler.handle(text: "checkout Dune", from: ben, at: tuesday)
        #expect(refused.text.contains("Dune is kept for Chloé until Tue 8 Dec, first in line."))
        let last = await handler.handle(text: "annuler la réservation de Dune", from: chloe, at: tuesday)
        #expect(last.text == "Vous n'êtes plus dans la file pour Dune.\n  Il est sur l'étagère, libre pour tous.")
        #expect(last.notices.isEmpty)
        let lent = await handler.handle(text: "checkout Dune", from: ben, at: tuesday)
        #expect(lent.kind == .success)
    }

    @Test("every line at once (cancel all my holds, annule mes réservations): each book's answer; a book kept for the member goes to the next in line; undo puts the member back")
    func cancelEveryHold() async throws {
        let handler = try await makeHandler()
        let chloe = Sender(name: "Chloé", userID: "U-CHLOE")
        let none = await handler.handle(text: "cancel all my holds", from: ben, at: tuesday)
        #expect(none.text == "You are not in line for any book.", "\(none.text)")
        _ = await handler.handle(text: "checkout Dune", from: ana, at: tuesday)
        _ = await handler.handle(text: "checkout Emma", from: ana, at: tuesday)
        _ = await handler.handle(text: "checkout Les Misérables", from: ana, at: tuesday)
        _ = await handler.handle(text: "hold Dune, Emma, Les Misérables", from: ben, at: tuesday)
        _ = await handler.handle(text: "hold Dune", from: chloe, at: tuesday)
        _ = await handler.handle(text: "return Dune", from: ana, at: tuesday)
        // Two lines by name, the third left.
        let two = await handler.handle(text: "cancel my holds on Emma and Les Misérables", from: ben, at: minute(1))
        #expect(two.text == "Left the line for 2 books:\n  You are no longer in line for Emma.\n  You are no longer in line for Les Misérables.", "\(two.text)")
        #expect(await handler.handle(text: "undo", from: ben, at: minute(2)).kind == .success)

        let all = await handler.handle(text: "cancel all my holds", from: ben, at: minute(3))
        #expect(all.kind == .success)
        #expect(all.text == """
            Left the line for 3 books:
              You are no longer in line for Dune. It is now kept for Chloé until Tue 8 Dec, next in line.
              You are no longer in line for Emma.
              You are no longer in line for Les Misérables.
            """, "\(all.text)")
        #expect(all.notices.map(\.to) == [chloe.borrower])
        let mine = await handler.handle(text: "my books", from: ben, at: minute(4))
        #expect(!mine.text.contains("In line"), "\(mine.text)")
        // Back in the two lines that were no one's loss; Dune is Chloé's now.
        _ = await handler.handle(text: "undo", from: ben, at: minute(5))
        let back = await handler.handle(text: "my books", from: ben, at: minute(6))
        #expect(back.text.contains("In line for Emma: number 1") && back.text.contains("In line for Les Misérables: number 1") && !back.text.contains("Dune"),
                "\(back.text)")

        let french = await handler.handle(text: "annule mes réservations", from: ben, at: minute(7))
        #expect(french.text == "File quittée pour 2 livres :\n  Vous n'êtes plus dans la file pour Emma.\n  Vous n'êtes plus dans la file pour Les Misérables.",
                "\(french.text)")
        // One line: its own answer.
        let one = await handler.handle(text: "clear my holds", from: chloe, at: minute(8))
        #expect(one.text.hasPrefix("You are no longer in line for Dune."), "\(one.text)")
    }

    @Test("put Dune on the shelf, I dropped Dune off: returned; I forgot to return Dune: the member's loan and its due day")
    func putOnTheShelf() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "checkout Dune", from: ana, at: minute(0))
        let forgot = await handler.handle(text: "I forgot to return Dune", from: ana, at: minute(1))
        #expect(forgot.text.hasPrefix("You have Dune since Tue 1 Dec, due Tue 15 Dec."), "\(forgot.text)")
        #expect(forgot.suggestion == "return Dune")
        let put = await handler.handle(text: "put Dune on the shelf", from: ana, at: minute(2))
        #expect(put.text.hasPrefix("Thanks! Dune is back on the shelf"), "\(put.text)")
        _ = await handler.handle(text: "checkout Emma", from: ana, at: minute(3))
        let dropped = await handler.handle(text: "I dropped Emma off", from: ana, at: minute(4))
        #expect(dropped.text.hasPrefix("Thanks! Emma is back on the shelf"), "\(dropped.text)")
        _ = await handler.handle(text: "emprunter Dune", from: ben, at: minute(5))
        let remis = await handler.handle(text: "j'ai remis Dune sur l'étagère", from: ben, at: minute(6))
        #expect(remis.text.hasPrefix("Merci ! Dune est de retour sur l'étagère"), "\(remis.text)")
        _ = await handler.handle(text: "checkout Emma", from: ana, at: minute(7))
        let it = await handler.handle(text: "put it on the shelf", from: ana, at: minute(8))
        #expect(it.text.hasPrefix("Thanks! Emma is back on the shelf"), "\(it.text)")
    }

    @Test("can I have Dune after Ben? / je peux avoir Dune après Ben ?: a place in its line; a title that ends so is that book")
    func afterSomeone() async throws {
        let handler = try await makeHandler()
        let chloe = Sender(name: "Chloé", userID: "U-CHLOE")
        _ = await handler.handle(text: "checkout Dune", from: ben, at: minute(0))
        let held = await handler.handle(text: "can I have Dune after Ben?", from: ana, at: minute(1))
        #expect(held.text.hasPrefix("You are number 1 in line for Dune."), "\(held.text)")
        let french = await handler.handle(text: "je peux avoir Dune après Ben ?", from: chloe, at: minute(2))
        #expect(french.text.hasPrefix("Vous êtes numéro 2 dans la file pour Dune."), "\(french.text)")
        _ = await handler.handle(text: "checkout Emma", from: ben, at: minute(2))
        _ = await handler.handle(text: "who has Emma", from: chloe, at: minute(2))
        let it = await handler.handle(text: "can I have it after Ben?", from: chloe, at: minute(2))
        #expect(it.text.hasPrefix("You are number 1 in line for Emma."), "\(it.text)")
        _ = await handler.handle(text: "add Life After Life by Kate Atkinson", from: ana, at: minute(3))
        let title = await handler.handle(text: "checkout Life After Life", from: chloe, at: minute(4))
        #expect(title.text.hasPrefix("Life After Life is checked out to Chloé."), "\(title.text)")
    }

    @Test("corrections as sentences (the author of Dune should be …, fix the author of Dune: …) edit the book; '… is wrong' asks for the value")
    func correctionSentences() async throws {
        let handler = try await makeHandler(admins: ["U-ANA"])
        let refused = await handler.handle(text: "the author of Dune should be F. Herbert", from: ben, at: minute(0))
        #expect(refused.kind == .error && refused.text.contains("admins"), "\(refused.text)")
        let fixed = await handler.handle(text: "the author of Dune should be F. Herbert", from: ana, at: minute(1))
        #expect(fixed.text == "Dune (#1): the author is now F. Herbert.", "\(fixed.text)")
        let colon = await handler.handle(text: "fix the author of Dune: Frank Herbert", from: ana, at: minute(2))
        #expect(colon.text == "Dune (#1): the author is now Frank Herbert.", "\(colon.text)")
        let wrong = await handler.handle(text: "Dune's publisher is wrong", from: ana, at: minute(3))
        #expect(wrong.kind == .error && wrong.text.hasPrefix("edit needs more"), "\(wrong.text)")
        let shown = await handler.handle(text: "show Dune", from: ana, at: minute(4))
        #expect(!shown.text.contains("wrong"), "\(shown.text)")
        let lost = await handler.handle(text: "mark Emma as lost", from: ana, at: minute(5))
        #expect(lost.text.contains("Emma") && lost.text.contains("lost"), "\(lost.text)")
    }

    @Test("the second one, le dernier: a book of the list the member was last shown (my books, a search, list); a title that reads so is that book")
    func placeInTheLastList() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "checkout Dune, Emma and Les Misérables", from: ana, at: minute(0))
        let mine = await handler.handle(text: "my books", from: ana, at: minute(1))
        #expect(mine.text.hasPrefix("You have 3 books:\n  Dune, due Tue 15 Dec\n  Emma, due Tue 15 Dec\n  Les Misérables"), "\(mine.text)")
        let second = await handler.handle(text: "return the second one", from: ana, at: minute(2))
        #expect(second.text.hasPrefix("Thanks! Emma is back on the shelf"), "\(second.text)")
        // The list stays the one shown: "the last" is still Les Misérables.
        let last = await handler.handle(text: "rendre le dernier", from: ana, at: minute(3))
        #expect(last.text.hasPrefix("Merci ! Les Misérables est de retour sur l'étagère"), "\(last.text)")
        let beyond = await handler.handle(text: "renew the 4th", from: ana, at: minute(4))
        #expect(beyond.text == "The list you were shown has 3 books: name the book by its title or its number (`#1`).", "\(beyond.text)")
        // Another list replaces it; each member has their own.
        let found = await handler.handle(text: "search Hugo", from: ben, at: minute(5))
        #expect(found.text.contains("Les Misérables"), "\(found.text)")
        let shown = await handler.handle(text: "show the first", from: ben, at: minute(6))
        #expect(shown.text.hasPrefix("#3 Les Misérables"), "\(shown.text)")
        // A place alone asks who has that book.
        let alone = await handler.handle(text: "the first one", from: ben, at: minute(6))
        #expect(alone.text.hasPrefix("Les Misérables is on the shelf."), "\(alone.text)")
        // Several places at once.
        _ = await handler.handle(text: "list", from: ben, at: minute(6))
        let two = await handler.handle(text: "checkout the first and the second", from: ben, at: minute(6))
        #expect(two.text.hasPrefix("Checked out 2 books:\n  Les Misérables is checked out to Ben. Due Tue 15 Dec.\n  Emma is checked out to Ben."), "\(two.text)")
        _ = await handler.handle(text: "my books", from: ben, at: minute(6))
        let both = await handler.handle(text: "return the first two", from: ben, at: minute(6))
        #expect(both.text.hasPrefix("Returned 2 books:"), "\(both.text)")
        let past = await handler.handle(text: "hold the 1st, 2nd and 20th", from: ben, at: minute(6))
        #expect(past.text.hasPrefix("The list you were shown has 2 books"), "\(past.text)")
        _ = await handler.handle(text: "add The Last One by Alexandra Oliva", from: ana, at: minute(7))
        let title = await handler.handle(text: "show The Last One", from: ana, at: minute(8))
        #expect(title.text.hasPrefix("#4 The Last One"), "\(title.text)")
    }

    @Test("who has them? after a list: each book of it; with no list, or a title 'Them', as before")
    func whoHasThem() async throws {
        let handler = try await makeHandler()
        let none = await handler.handle(text: "who has them?", from: ben, at: minute(0))
        #expect(none.text.hasPrefix("No book matches 'them'."), "\(none.text)")
        _ = await handler.handle(text: "checkout Emma", from: ana, at: minute(1))
        _ = await handler.handle(text: "list", from: ben, at: minute(2))
        let them = await handler.handle(text: "who has them?", from: ben, at: minute(3))
        #expect(them.text.hasPrefix("3 books:"), "\(them.text)")
        #expect(them.text.contains("Ana has Emma since") && them.text.contains("Dune is on the shelf.") && them.text.contains("Les Misérables is on the shelf."),
                "\(them.text)")
        let eux = await handler.handle(text: "qui a ces livres ?", from: ben, at: minute(4))
        #expect(eux.text.hasPrefix("3 livres :"), "\(eux.text)")
        _ = await handler.handle(text: "add Them by Joyce Carol Oates", from: ana, at: minute(5))
        let title = await handler.handle(text: "who has them?", from: ben, at: minute(6))
        #expect(title.text.hasPrefix("Them is on the shelf."), "\(title.text)")
    }

    @Test("'I have Dune', 'Dune is at my place': theirs already, who has it; on the shelf, its checkout offered; with someone else, taking it over offered, which yes does")
    func heldBySender() async throws {
        let handler = try await makeHandler()
        let free = await handler.handle(text: "I have Dune at home", from: ana, at: minute(0))
        #expect(free.text.hasPrefix("I did not understand 'I have Dune at home'. Did you mean `checkout Dune`?"), "\(free.text)")
        #expect(try await handler.library.loans(of: ana.borrower).isEmpty, "asked, not done")
        // Asked ("I have Dune?"), who has it says (it offered the checkout too).
        let asked = await handler.handle(text: "I have Dune?", from: ana, at: minute(0))
        #expect(asked.text.hasPrefix("Dune is on the shelf."), "\(asked.text)")
        _ = await handler.handle(text: "checkout Dune", from: ana, at: minute(1))
        let mine = await handler.handle(text: "Dune is at my place", from: ana, at: minute(2))
        #expect(mine.text.hasPrefix("You have Dune since"), "\(mine.text)")
        _ = await handler.handle(text: "checkout Emma", from: ben, at: minute(3))
        let bens = await handler.handle(text: "I've got Emma", from: ana, at: minute(4))
        #expect(bens.text.hasPrefix("I did not understand 'I've got Emma'. Did you mean `take over Emma from Ben`?"), "\(bens.text)")
        #expect(try await handler.library.loans(of: ben.borrower).count == 1, "asked, not done")
        let taken = await handler.handle(text: "yes", from: ana, at: minute(5))
        #expect(taken.text.hasPrefix("Emma passes from Ben to you."), "\(taken.text)")
        #expect(try await handler.library.loans(of: ben.borrower).isEmpty)
        _ = await handler.handle(text: "checkout Les Misérables", from: ben, at: minute(6))
        let french = await handler.handle(text: "Les Misérables est chez moi", from: ana, at: minute(7))
        #expect(french.text.hasPrefix("Je n'ai pas compris « Les Misérables est chez moi ». Vouliez-vous dire `reprendre Les Misérables de Ben` ?"), "\(french.text)")
        #expect(await handler.handle(text: "oui", from: ana, at: minute(8)).text.hasPrefix("Les Misérables passe de Ben à vous."))
        // Words that name no book stay not understood.
        #expect(await handler.handle(text: "I have a question", from: ana, at: minute(9)).text == "I did not understand 'I have a question'.\n  Try: `help`")
    }

    @Test("I lost my book: the member's one book is reported; with several, which one is asked, with the command for the first; with none, said; return all books")
    func reportOwnBook() async throws {
        let handler = try await makeHandler()
        #expect(await handler.handle(text: "I lost my book", from: ana, at: minute(0)).text.hasPrefix("You have no books."))
        _ = await handler.handle(text: "checkout Dune", from: ana, at: minute(1))
        let lost = await handler.handle(text: "I lost my book", from: ana, at: minute(2))
        #expect(lost.text.hasPrefix("Sorry to hear it: Dune (#1) is reported lost."), "\(lost.text)")
        _ = await handler.handle(text: "checkout Emma", from: ana, at: minute(3))
        let which = await handler.handle(text: "mon livre est abîmé", from: ana, at: minute(4))
        #expect(which.kind == .error && which.text.hasPrefix("Lequel ? Vous avez 2 livres :"), "\(which.text)")
        #expect(which.suggestion == "signaler #1 abîmé")
        #expect(try await handler.library.whoHas("Emma").first?.book.report == nil, "nothing reported while asked")
        // The next message answers it: the second of the two.
        let picked = await handler.handle(text: "le deuxième", from: ana, at: minute(4))
        #expect(picked.text.hasPrefix("Merci de l'avoir dit : Emma (#2) est signalé abîmé"), "\(picked.text)")
        #expect(try await handler.library.whoHas("Emma").first?.book.report?.kind == .damaged)
        // "Dune status" is who has it; words that name no book stay not understood.
        #expect(await handler.handle(text: "Dune status", from: ben, at: minute(5)).text.hasPrefix("Ana has Dune since"))
        #expect(await handler.handle(text: "exit status", from: ben, at: minute(5)).text.hasPrefix("I did not understand 'exit status'."))
        // Asked where, "my book" is the member's books.
        #expect(await handler.handle(text: "where's my book?", from: ana, at: minute(5)).text.hasPrefix("You have 2 books:"))
        let back = await handler.handle(text: "return all books", from: ana, at: minute(5))
        #expect(back.text.hasPrefix("Returned 2 books:"), "\(back.text)")
    }

    @Test("checkout them, hold both after a list: each book of it; a list of more than five is asked to be named by numbers; a title 'Them' is that book")
    func checkoutThem() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "add Persuasion by Jane Austen", from: ana, at: minute(1))
        _ = await handler.handle(text: "search Austen", from: ben, at: minute(2))
        let taken = await handler.handle(text: "checkout them", from: ben, at: minute(3))
        #expect(taken.text.hasPrefix("Checked out 2 books:"), "\(taken.text)")
        #expect(try await handler.library.loans(of: ben.borrower).map(\.book.title).sorted() == ["Emma", "Persuasion"])
        _ = await handler.handle(text: "list checked out", from: ana, at: minute(4))
        let held = await handler.handle(text: "hold both", from: ana, at: minute(5))
        #expect(held.text.contains("number 1 in line for Emma") && held.text.contains("number 1 in line for Persuasion"), "\(held.text)")
        for n in 1...3 { _ = await handler.handle(text: "add Book \(n) by Someone", from: ana, at: minute(6)) }
        _ = await handler.handle(text: "list", from: ana, at: minute(7))
        let many = await handler.handle(text: "checkout all of them", from: ana, at: minute(8))
        #expect(many.kind == .error && many.text.hasPrefix("The list you were shown has 7 books: name the ones you mean by their numbers."), "\(many.text)")
        #expect(try await handler.library.loans(of: ana.borrower).isEmpty, "nothing was lent")
        _ = await handler.handle(text: "add Them by Joyce Carol Oates", from: ana, at: minute(9))
        _ = await handler.handle(text: "search Austen", from: ana, at: minute(10))
        #expect(await handler.handle(text: "checkout them", from: ana, at: minute(11)).text.hasPrefix("Them is checked out to Ana."))
    }

    @Test("no recommendation left: a place afterwards is answered, not a crash")
    func placeAfterNothingToRecommend() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "checkout Dune, Emma and Les Misérables", from: ana, at: minute(0))
        _ = await handler.handle(text: "return all", from: ana, at: minute(1))
        let none = await handler.handle(text: "recommend me a book", from: ana, at: minute(2))
        #expect(none.text.hasPrefix("I have nothing new for you"), "\(none.text)")
        let first = await handler.handle(text: "checkout the first one", from: ana, at: minute(3))
        #expect(first.kind == .error, "\(first.text)")
        let last = await handler.handle(text: "the last one", from: ana, at: minute(4))
        #expect(!last.text.isEmpty)
    }

    @Test("a loan on its last days says so: (tomorrow), (today), then how late it is")
    func dueTomorrowAndToday() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "checkout Dune", from: ana, at: tuesday)
        let before = await handler.handle(text: "my books", from: ana, at: utc("2026-12-13 12:00:00"))
        #expect(before.text.hasPrefix("You have 1 book:\n  Dune, due Tue 15 Dec\n"), "\(before.text)")
        let eve = await handler.handle(text: "who has Dune", from: ben, at: utc("2026-12-14 12:00:00"))
        #expect(eve.text.hasPrefix("Ana has Dune since Tue 1 Dec, due Tue 15 Dec (tomorrow)."), "\(eve.text)")
        let day = await handler.handle(text: "mes livres", from: ana, at: utc("2026-12-15 07:00:00"))
        #expect(day.text.hasPrefix("Vous avez 1 livre :\n  Dune, à rendre mar. 15 déc. (aujourd'hui)"), "\(day.text)")
        let late = await handler.handle(text: "my books", from: ana, at: utc("2026-12-16 12:00:00"))
        #expect(late.text.contains("Dune, due Tue 15 Dec (1 day overdue)"), "\(late.text)")
    }

    @Test("cancel that after a change offers undo; where's Dune at asks who has it; renew all my loans is every loan")
    func cancelThatOffersUndo() async throws {
        let handler = try await makeHandler()
        let nothing = await handler.handle(text: "cancel that", from: ana, at: minute(0))
        #expect(nothing.text == "There is nothing to cancel." && nothing.suggestion == nil, "\(nothing.text)")
        _ = await handler.handle(text: "checkout Dune", from: ana, at: minute(1))
        let cancelled = await handler.handle(text: "cancel that", from: ana, at: minute(2))
        #expect(cancelled.text == "There is nothing to cancel.\n  Try: `undo`", "\(cancelled.text)")
        let undone = await handler.handle(text: try #require(cancelled.suggestion), from: ana, at: minute(3))
        #expect(undone.kind == .success && undone.text.contains("Dune"), "\(undone.text)")
        let at = await handler.handle(text: "where's Dune at?", from: ben, at: minute(4))
        #expect(at.text.hasPrefix("Dune is on the shelf."), "\(at.text)")
        _ = await handler.handle(text: "checkout Dune and Emma", from: ben, at: minute(5))
        let renewed = await handler.handle(text: "renew all my loans", from: ben, at: minute(6))
        #expect(renewed.text.contains("Dune") && renewed.text.contains("Emma") && !renewed.text.contains("No book matches"), "\(renewed.text)")
    }

    @Test("I meant Emma: the last command again, of Emma, its change undone first; undo then takes back Emma's, not the mistake")
    func iMeantAnotherBook() async throws {
        let handler = try await makeHandler()
        // Nothing said before: the book, as named alone.
        let alone = await handler.handle(text: "I meant Dune", from: ana, at: minute(0))
        #expect(alone.text.hasPrefix("Dune is on the shelf."), "\(alone.text)")
        _ = await handler.handle(text: "checkout Dune", from: ana, at: minute(1))
        let meant = await handler.handle(text: "sorry, I meant Emma", from: ana, at: minute(2))
        #expect(meant.text.hasPrefix("Dune is back on the shelf: your checkout is undone."), "\(meant.text)")
        #expect(meant.text.contains("Emma is checked out to Ana."), "\(meant.text)")
        let mine = await handler.handle(text: "my books", from: ana, at: minute(3))
        #expect(mine.text.hasPrefix("You have 1 book:\n  Emma, due Tue 15 Dec"), "\(mine.text)")
        // `undo` takes Emma back, and leaves Dune on the shelf.
        _ = await handler.handle(text: "undo", from: ana, at: minute(4))
        let none = await handler.handle(text: "my books", from: ana, at: minute(5))
        #expect(none.text.hasPrefix("You have no books."), "\(none.text)")
        // A question is asked again, of the book meant; in French too.
        _ = await handler.handle(text: "who has Dune", from: ben, at: minute(6))
        let french = await handler.handle(text: "non, je voulais dire Les Misérables", from: ben, at: minute(7))
        #expect(french.text.hasPrefix("Les Misérables est sur l'étagère."), "\(french.text)")
        // A failed command is tried again with the book meant.
        _ = await handler.handle(text: "checkout Persuasion", from: ben, at: minute(8))
        let retried = await handler.handle(text: "no, Emma", from: ben, at: minute(9))
        #expect(retried.text.hasPrefix("Emma is checked out to Ben."), "\(retried.text)")
        // "I meant I meant …" is read once, not once a lead.
        let repeated = await handler.handle(text: String(repeating: "I meant ", count: 2_000) + "Emma", from: ben, at: minute(9))
        #expect(repeated.text.hasPrefix("I did not understand"), "\(repeated.text.prefix(80))")
        // A command after the words is that command; a title that starts so is that book.
        let question = await handler.handle(text: "I mean, who has Dune?", from: ben, at: minute(10))
        #expect(question.text.hasPrefix("Dune is on the shelf."), "\(question.text)")
        _ = await handler.handle(text: "add I Meant It by Someone", from: ana, at: minute(11))
        let title = await handler.handle(text: "I Meant It", from: ben, at: minute(12))
        #expect(title.text.hasPrefix("I Meant It is on the shelf."), "\(title.text)")
    }

    @Test("'I meant' a book the library does not have changes nothing; the title its reply offers, answered, is the correction")
    func iMeantNoSuchBook() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "checkout Dune", from: ana, at: minute(0))
        let unknown = await handler.handle(text: "I meant Neuromancer", from: ana, at: minute(1))
        #expect(unknown.text.hasPrefix("No book matches 'Neuromancer'.\n  Nothing was changed."), "\(unknown.text)")
        // Dune is still Ana's (asked by Ben: "my books" would be Ana's next command, not a correction).
        let kept = await handler.handle(text: "what does Ana have", from: ben, at: minute(2))
        #expect(kept.text.hasPrefix("Ana has 1 book:\n  Dune, due"), "\(kept.text)")
        // A part of a title: `yes` to the title offered undoes the checkout of Dune, then checks out that book.
        let typo = await handler.handle(text: "I meant Mis", from: ana, at: minute(3))
        #expect(typo.text.hasPrefix("No book matches 'Mis'. Did you mean Les Misérables?\n  Nothing was changed."), "\(typo.text)")
        let yes = await handler.handle(text: "yes", from: ana, at: minute(4))
        #expect(yes.text.hasPrefix("Dune is back on the shelf: your checkout is undone."), "\(yes.text)")
        #expect(yes.text.contains("Les Misérables is checked out to Ana."), "\(yes.text)")
        let corrected = await handler.handle(text: "my books", from: ana, at: minute(5))
        #expect(corrected.text.hasPrefix("You have 1 book:\n  Les Misérables, due"), "\(corrected.text)")
        // Several titles offered: the one answered is the correction.
        _ = await handler.handle(text: "add Emmy by Someone", from: ben, at: minute(6))
        _ = await handler.handle(text: "checkout Emma", from: ben, at: minute(8))
        let which = await handler.handle(text: "non, je voulais dire Em", from: ben, at: minute(9))
        #expect(which.text.contains("Rien n'a été modifié."), "\(which.text)")
        let picked = await handler.handle(text: "Emmy", from: ben, at: minute(10))
        #expect(picked.text.hasPrefix("Emma est de retour sur l'étagère : votre emprunt est défait."), "\(picked.text)")
        #expect(picked.text.contains("Emmy est emprunté par Ben."), "\(picked.text)")
    }

    @Test("undo takes back putting someone else in line (not only one's own hold), and an admin's taking Ben out of one; they are told each time")
    func undoSomeoneElsesPlaceInLine() async throws {
        let handler = try await makeHandler(admins: ["U-ANA"])
        let cy = Sender(name: "Cy", userID: "U-CY")
        _ = await handler.handle(text: "checkout Dune", from: cy, at: minute(0))
        // Ben, no admin, puts Dee in line by mistake: his undo takes her out of it.
        let placed = await handler.handle(text: "hold Dune for Dee", from: ben, at: minute(1))
        #expect(placed.text.hasPrefix("Dee is number 1 in line for Dune."), "\(placed.text)")
        let undone = await handler.handle(text: "undo", from: ben, at: minute(2))
        #expect(undone.text == "Dee is no longer in line for Dune.", "\(undone.text)")
        #expect(undone.notices.map { PlainRenderer.render($0.reply) } == ["Ben undid putting you in line for Dune: you are no longer in it.\n  Try: `hold Dune`"])
        let line = await handler.handle(text: "who's next for Dune", from: cy, at: minute(3))
        #expect(!line.text.contains("Dee"), "\(line.text)")
        // Ana, an admin, takes Ben out of a line: her undo puts him back at his place.
        _ = await handler.handle(text: "hold Dune", from: ben, at: minute(4))
        _ = await handler.handle(text: "hold Dune", from: ana, at: minute(5))
        _ = await handler.handle(text: "cancel hold Dune for Ben", from: ana, at: minute(6))
        let back = await handler.handle(text: "undo", from: ana, at: minute(7))
        #expect(back.text == "Ben is back in line for Dune: number 1.\n  Cy has it, due Tue 15 Dec.", "\(back.text)")
        #expect(back.notices.map(\.to.name) == ["Ben"])
        #expect(back.notices.first.map { PlainRenderer.render($0.reply) }?.hasPrefix("Ana put you in line for Dune: you are number 1.") == true)
        // And `undo` again takes him out once more.
        let again = await handler.handle(text: "undo", from: ana, at: minute(8))
        #expect(again.text == "Ben is no longer in line for Dune.", "\(again.text)")
    }

    @Test("a book said to be back is returned (Dune returned, Dune has been returned, it returned, Dune rendu); words that name no book stay not understood (welcome back, Ben returned)")
    func bookSaidToBeBack() async throws {
        let handler = try await makeHandler()
        for (n, said) in ["Dune returned", "Dune has been returned", "dune back in the library", "Dune checked in", "Dune back on the shelf"].enumerated() {
            _ = await handler.handle(text: "checkout Dune", from: ana, at: minute(2 * n))
            let back = await handler.handle(text: said, from: ana, at: minute(2 * n + 1))
            #expect(back.text.hasPrefix("Thanks! Dune is back on the shelf (borrowed by Ana)."), "\(said): \(back.text)")
        }
        _ = await handler.handle(text: "checkout Les Misérables", from: ben, at: minute(10))
        let french = await handler.handle(text: "Les Misérables rendu", from: ben, at: minute(11))
        #expect(french.text.hasPrefix("Merci ! Les Misérables est de retour sur l'étagère"), "\(french.text)")
        _ = await handler.handle(text: "checkout Emma", from: ben, at: minute(12))
        let it = await handler.handle(text: "it returned", from: ben, at: minute(13))
        #expect(it.text.hasPrefix("Thanks! Emma is back on the shelf"), "\(it.text)")
        // Asked, who has it: nothing is returned.
        _ = await handler.handle(text: "checkout Emma", from: ben, at: minute(14))
        let asked = await handler.handle(text: "Emma returned?", from: ana, at: minute(15))
        #expect(asked.text.hasPrefix("Ben has Emma since"), "\(asked.text)")
        let mine = await handler.handle(text: "I borrowed Emma?", from: ben, at: minute(16))
        #expect(mine.text.contains("Status: You have Emma since"), "\(mine.text)")
        for said in ["welcome back", "Ben returned", "I'm back"] {
            let nothing = await handler.handle(text: said, from: ana, at: minute(17))
            #expect(nothing.text.hasPrefix("I did not understand"), "\(said): \(nothing.text)")
        }
    }

    @Test("swap Dune for Emma: Dune back and Emma checked out in one message, undone together; the cut where both sides are titles; échanger … contre")
    func swapOneBookForAnother() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "checkout Dune", from: ana, at: minute(0))
        let swapped = await handler.handle(text: "swap Dune for Emma", from: ana, at: minute(1))
        #expect(swapped.text.hasPrefix("Thanks! Dune is back on the shelf (borrowed by Ana)."), "\(swapped.text)")
        #expect(swapped.text.contains("Emma is checked out to Ana."), "\(swapped.text)")
        let undone = await handler.handle(text: "undo", from: ana, at: minute(2))
        #expect(undone.text.contains("Emma is back on the shelf: your checkout is undone."), "\(undone.text)")
        let mine = await handler.handle(text: "my books", from: ana, at: minute(3))
        #expect(mine.text.hasPrefix("You have 1 book:\n  Dune, due"), "\(mine.text)")
        // A title with the separator in it: the cut where both sides name books.
        _ = await handler.handle(text: "add A Prayer for Owen Meany by John Irving", from: ana, at: minute(4))
        _ = await handler.handle(text: "checkout A Prayer for Owen Meany", from: ben, at: minute(5))
        let prayer = await handler.handle(text: "trade A Prayer for Owen Meany for Les Misérables", from: ben, at: minute(6))
        #expect(prayer.text.hasPrefix("Thanks! A Prayer for Owen Meany is back on the shelf (borrowed by Ben)."), "\(prayer.text)")
        #expect(prayer.text.contains("Les Misérables is checked out to Ben."), "\(prayer.text)")
        let french = await handler.handle(text: "échanger Les Misérables contre Emma", from: ben, at: minute(7))
        #expect(french.text.hasPrefix("Merci ! Les Misérables est de retour sur l'étagère"), "\(french.text)")
        #expect(french.text.contains("Emma est emprunté par Ben."), "\(french.text)")
        // Words that name no book given stay not understood.
        let nothing = await handler.handle(text: "swap places with Ben", from: ana, at: minute(8))
        #expect(nothing.text.hasPrefix("I did not understand"), "\(nothing.text)")
        // Asked, it is done as well ("it": the book last named).
        _ = await handler.handle(text: "who has Dune", from: ana, at: minute(9))
        let asked = await handler.handle(text: "can I swap it for Les Misérables?", from: ana, at: minute(10))
        #expect(asked.text.hasPrefix("Thanks! Dune is back on the shelf (borrowed by Ana)."), "\(asked.text)")
        #expect(asked.text.contains("Les Misérables is checked out to Ana."), "\(asked.text)")
    }

    @Test("a time after the book: later is a plan, nothing done and the loan said (return Dune tomorrow, I'll bring Dune back on Friday, je rends Dune demain); now is the command; a title that ends so stays whole")
    func timeAfterTheBook() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "checkout Dune", from: ana, at: minute(0))
        for (n, said) in ["return Dune tomorrow", "I'll return Dune", "I'll return Dune on Friday", "renew Dune next week",
                          "I'll bring Dune back on Friday", "I will bring back Dune tomorrow", "I'll bring it back tomorrow",
                          "can I return Dune tomorrow instead?"].enumerated() {
            let plan = await handler.handle(text: said, from: ana, at: minute(1 + n))
            #expect(plan.text.hasPrefix("You have Dune since Tue 1 Dec, due Tue 15 Dec."), "\(said): \(plan.text)")
        }
        for said in ["je rends Dune demain", "je ramènerai Dune demain", "je rends Dune demain plutôt"] {
            let french = await handler.handle(text: said, from: ana, at: minute(8))
            #expect(french.text.hasPrefix("Vous avez Dune depuis mar. 1 déc., à rendre mar. 15 déc."), "\(said): \(french.text)")
        }
        let now = await handler.handle(text: "return Dune now", from: ana, at: minute(9))
        #expect(now.text.hasPrefix("Thanks! Dune is back on the shelf (borrowed by Ana)."), "\(now.text)")
        // Told as done, yesterday or last week: done now.
        for (n, said) in ["I returned Dune last week", "I gave Dune back yesterday", "j'ai rendu Dune la semaine dernière"].enumerated() {
            _ = await handler.handle(text: "checkout Dune", from: ana, at: minute(20 + 2 * n))
            let done = await handler.handle(text: said, from: ana, at: minute(21 + 2 * n))
            #expect(done.text.hasPrefix(n == 2 ? "Merci ! Dune est de retour sur l'étagère" : "Thanks! Dune is back on the shelf"), "\(said): \(done.text)")
        }
        _ = await handler.handle(text: "add The Day After Tomorrow by Someone", from: ana, at: minute(30))
        _ = await handler.handle(text: "checkout The Day After Tomorrow", from: ana, at: minute(31))
        let title = await handler.handle(text: "return The Day After Tomorrow", from: ana, at: minute(32))
        #expect(title.text.hasPrefix("Thanks! The Day After Tomorrow is back on the shelf"), "\(title.text)")
    }

    @Test("a report says what is wrong (Dune is damaged, the cover is torn): kept with it, shown, told to the admins; more words add to it; undo; too long is refused")
    func reportWithNote() async throws {
        let handler = try await makeHandler(admins: ["U-ADMIN"])
        _ = await handler.handle(text: "checkout Dune", from: ana, at: minute(0))
        let torn = await handler.handle(text: "Dune is damaged, the cover is torn", from: ana, at: minute(1))
        #expect(torn.text.hasPrefix("Thanks for telling: Dune (#1) is reported damaged, and still checked out to you.\n  Noted: the cover is torn.\n"), "\(torn.text)")
        #expect(torn.notices.first.map { PlainRenderer.render($0.reply) }?.hasPrefix("Ana reports Dune (#1) damaged: the cover is torn.") == true)
        let asked = await handler.handle(text: "who has Dune", from: ben, at: minute(2))
        #expect(asked.text.hasPrefix("Ana has Dune since Tue 1 Dec, due Tue 15 Dec (reported damaged by Ana, Tue 1 Dec: the cover is torn)."), "\(asked.text)")
        // The same report again, with more to say: added to what was said.
        let more = await handler.handle(text: "Dune is damaged: pages 3 to 9 are missing", from: ben, at: minute(3))
        #expect(more.text.contains("Noted: the cover is torn; pages 3 to 9 are missing."), "\(more.text)")
        _ = await handler.handle(text: "undo", from: ben, at: minute(4))
        let back = await handler.handle(text: "who has Dune", from: ben, at: minute(5))
        #expect(back.text.contains("(reported damaged by Ana, Tue 1 Dec: the cover is torn)."), "\(back.text)")
        // Lost, in French, with where.
        let lost = await handler.handle(text: "j'ai perdu Emma : oubliée dans le train", from: ben, at: minute(6))
        #expect(lost.text.contains("Noté : oubliée dans le train."), "\(lost.text)")
        let long = await handler.handle(text: "Les Misérables is damaged: " + String(repeating: "torn ", count: 80), from: ben, at: minute(7))
        #expect(long.text == "Nothing was reported: say what is wrong in at most 300 characters.", "\(long.text)")
        let shelf = await handler.handle(text: "who has Les Misérables", from: ben, at: minute(8))
        #expect(shelf.text.hasPrefix("Les Misérables is on the shelf."), "\(shelf.text)")
    }

    @Test("add 3 copies of Dune: three more, undone together in one reply and back with undo; remove the duplicate of Dune: one of them")
    func severalCopiesAtOnce() async throws {
        let handler = try await makeHandler()
        let added = await handler.handle(text: "add 3 copies of Dune", from: ana, at: minute(0))
        #expect(added.text.hasPrefix("Added 3 copies of Dune by Frank Herbert: #4, #5, #6.\n  The library now has 4 copies of it (#1, #4, #5, #6).\n"), "\(added.text)")
        #expect(added.text.components(separatedBy: "Added").count == 2, "one reply for the copies: \(added.text)")
        #expect(try await handler.library.whoHas("Dune").count == 4)
        let undone = await handler.handle(text: "undo", from: ana, at: minute(1))
        #expect(undone.kind == .success)
        #expect(undone.text == "Adding 3 copies of Dune is undone: #4, #5, #6 are deleted.\n  The library has 1 copy of it (#1).\n  `undo` within 10 minutes puts them back.",
                "\(undone.text)")
        #expect(try await handler.library.whoHas("Dune").count == 1)
        let back = await handler.handle(text: "undo", from: ana, at: minute(1))
        #expect(back.text.hasPrefix("3 books are back"), "\(back.text)")
        #expect(try await handler.library.whoHas("Dune").count == 4)
        _ = await handler.handle(text: "delete 3 copies of Dune", from: ana, at: minute(1))
        _ = await handler.handle(text: "yes", from: ana, at: minute(1))
        #expect(try await handler.library.whoHas("Dune").count == 1)
        _ = await handler.handle(text: "add two more copies of Dune", from: ana, at: minute(2))
        let removed = await handler.handle(text: "remove the duplicate of Dune", from: ana, at: minute(3))
        #expect(removed.text.hasPrefix("Deleted Dune (#8)."), "\(removed.text)")
        #expect(try await handler.library.whoHas("Dune").count == 2)
    }

    @Test("copies added for a line: kept for the first in it, who are told; undone, they wait again for the copy that is out, told, nothing asked and no place lost; too many copies: nothing added")
    func copiesForALine() async throws {
        let handler = try await makeHandler()
        let cy = Sender(name: "Cy", userID: "U-CY")
        _ = await handler.handle(text: "checkout Dune", from: ben, at: minute(0))
        _ = await handler.handle(text: "hold Dune", from: cy, at: minute(1))
        _ = await handler.handle(text: "hold Dune", from: ana, at: minute(2))
        let added = await handler.handle(text: "ajouter deux exemplaires de Dune", from: ana, at: minute(3))
        #expect(added.text.hasPrefix("2 exemplaires de Dune de Frank Herbert sont ajoutés : #4, #5.\n"), "\(added.text)")
        #expect(added.text.contains("Cy l'attendait : le #4 lui est réservé"), "\(added.text)")
        #expect(added.notices.map(\.to.name) == ["Cy", "Ana"], "\(added.notices)")
        let undone = await handler.handle(text: "undo", from: ana, at: minute(4))
        #expect(undone.kind == .success, "no confirmation asked: \(undone.text)")
        #expect(undone.text.contains("Cy now waits for Dune #1."), "\(undone.text)")
        #expect(undone.notices.contains { $0.to.name == "Cy" && $0.reply.text.hasPrefix("The copy of Dune kept for you (#4) was taken out of the library: you are back in line for it (#1)") },
                "\(undone.notices)")
        #expect(try await handler.library.show("#1").holds.map(\.holder.name) == ["Cy", "Ana"])
        let tooMany = await handler.handle(text: "add 21 copies of Dune", from: ana, at: minute(5))
        #expect(tooMany.kind == .error && tooMany.text.hasPrefix("Too many copies: at most 20 at once. Nothing was added."), "\(tooMany.text)")
        #expect(try await handler.library.whoHas("Dune").count == 1)
    }

    @Test("'loved Dune, returning it': 'it' is the book the message named before its command, not the one named last before it")
    func itNamedInTheSameMessage() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "checkout Emma", from: ben, at: minute(0))
        _ = await handler.handle(text: "checkout Dune", from: ana, at: minute(1))
        _ = await handler.handle(text: "who has Emma", from: ana, at: minute(2))
        let returned = await handler.handle(text: "loved Dune, returning it", from: ana, at: minute(3))
        #expect(returned.text.hasPrefix("Thanks! Dune is back on the shelf"), "\(returned.text)")
        #expect(try await handler.library.whoHas("Emma").first?.loan?.borrower.name == "Ben")
        // A title the message does not hold: "it" is still the book last named.
        _ = await handler.handle(text: "checkout Dune", from: ana, at: minute(4))
        let renewed = await handler.handle(text: "what a great read, renew it please", from: ana, at: minute(10_000))
        #expect(renewed.text.hasPrefix("Dune is renewed"), "\(renewed.text)")
    }

    @Test("undo sets back any field edited (publisher, categories, ISBN too); a category's name asks for its books: show me science fiction, science fiction books")
    func undoEditAndCategoryBooks() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "edit Dune set categories to Science fiction, Classic", from: ana, at: minute(0))
        _ = await handler.handle(text: "edit Dune set publisher to Ace", from: ana, at: minute(1))
        let changed = await handler.handle(text: "edit Dune set categories to Space opera", from: ana, at: minute(2))
        #expect(changed.text.hasPrefix("Dune (#1): the categories are now Space opera."), "\(changed.text)")
        _ = await handler.handle(text: "undo", from: ana, at: minute(3))
        #expect(try await handler.library.resolve("#1").categories == ["Science fiction", "Classic"])
        _ = await handler.handle(text: "undo", from: ana, at: minute(4))
        #expect(try await handler.library.resolve("#1").categories == ["Space opera"], "undo again does it again")
        _ = await handler.handle(text: "edit Dune set publisher to Chilton", from: ana, at: minute(5))
        _ = await handler.handle(text: "undo", from: ana, at: minute(6))
        #expect(try await handler.library.resolve("#1").publisher == "Ace")
        _ = await handler.handle(text: "edit Emma set publisher to Penguin", from: ana, at: minute(7))
        _ = await handler.handle(text: "undo", from: ana, at: minute(8))
        #expect(try await handler.library.resolve("Emma").publisher == nil, "a publisher that was none is cleared")
        for asked in ["show me space opera", "space opera books", "any Space Opera books?"] {
            let found = await handler.handle(text: asked, from: ben, at: minute(9))
            #expect(found.text.hasPrefix("1 found for"), "\(asked): \(found.text)")
            #expect(found.text.contains("Dune"), "\(asked): \(found.text)")
        }
        #expect(await handler.handle(text: "show me Zorglub", from: ben, at: minute(10)).text.hasPrefix("No book matches 'Zorglub'."))
    }

    @Test("return Ben's books, everything Ben has, les livres de Ben: each of Ben's books back, by any member; a title so named stays that book")
    func returnSomeonesBooks() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "checkout Dune", from: ben, at: minute(0))
        _ = await handler.handle(text: "checkout Emma", from: ben, at: minute(1))
        _ = await handler.handle(text: "checkout Les Misérables", from: ana, at: minute(2))
        let back = await handler.handle(text: "return all of Ben's books", from: ana, at: minute(3))
        #expect(back.text.hasPrefix("Returned 2 books:"), "\(back.text)")
        #expect(try await handler.library.loans(of: ben.borrower).isEmpty)
        #expect(try await handler.library.loans(of: ana.borrower).count == 1, "Ana's own book stays out")
        _ = await handler.handle(text: "checkout Dune", from: ben, at: minute(4))
        #expect(await handler.handle(text: "rendre les livres de Ben", from: ana, at: minute(5)).text.hasPrefix("Merci ! Dune est de retour"))
        #expect(await handler.handle(text: "return everything Ben has", from: ana, at: minute(6)).text == "Ben has no books.")
        // Shown, not returned: what Ben has.
        _ = await handler.handle(text: "checkout Emma", from: ben, at: minute(6))
        let shown = await handler.handle(text: "show me Ben's books", from: ana, at: minute(6))
        #expect(shown.text.hasPrefix("Ben has 1 book:\n  Emma, due"), "\(shown.text)")
        #expect(try await handler.library.loans(of: ben.borrower).count == 1)
        _ = await handler.handle(text: "return Emma", from: ben, at: minute(6))
        _ = await handler.handle(text: "add Ben's Books by Someone", from: ana, at: minute(7))
        _ = await handler.handle(text: "checkout Ben's Books", from: ana, at: minute(8))
        #expect(await handler.handle(text: "return Ben's Books", from: ana, at: minute(9)).text.hasPrefix("Thanks! Ben's Books is back on the shelf"))
    }

    @Test("a group is not one person: checkout Dune as everyone, @here, <!channel>, a Discord role, tout le monde lend nothing; what does everyone have is who has what")
    func groupIsNoBorrower() async throws {
        let handler = try await makeHandler()
        for (n, said) in ["checkout Dune as everyone", "checkout Dune for @here", "checkout Dune as <!channel>", "hold Dune for <@&42>",
                          "pass Dune to everybody", "emprunter Dune pour tout le monde"].enumerated() {
            let refused = await handler.handle(text: said, from: ana, at: minute(n))
            #expect(refused.kind == .error && refused.text.contains("is not one person, so nothing was done")
                    || refused.text.contains("n'est pas une personne, rien n'a été fait"), "\(said): \(refused.text)")
        }
        let shelf = await handler.handle(text: "who has Dune", from: ben, at: minute(7))
        #expect(shelf.text.hasPrefix("Dune is on the shelf."), "\(shelf.text)")
        _ = await handler.handle(text: "checkout Emma", from: ben, at: minute(8))
        let everyone = await handler.handle(text: "what does everyone have", from: ana, at: minute(9))
        #expect(everyone.text.hasPrefix("Who has what: 1 book out"), "\(everyone.text)")
    }

    @Test("several people are not one borrower: checkout Dune for Ben and Ana, for Ben, Ana, for both of us, pour Ben et Ana lend nothing; for someone lends to the sender; what do Ben and Ana have answers for each")
    func severalPeopleAreNoBorrower() async throws {
        let handler = try await makeHandler()
        for (n, said) in ["checkout Dune for Ben and Ana", "checkout Dune for Ben, Ana", "checkout Dune as Ben & Ana", "checkout Dune for Ben or Ana",
                          "checkout Dune for both of us", "hold Dune for Ben and Ana Ruiz", "give Dune to Ben and Ana",
                          "emprunter Dune pour Ben et Ana", "emprunter Dune pour nous deux", "checkout Dune for my friends Ben and Ana",
                          "emprunter Dune pour mes collègues Ben et Chloé"].enumerated() {
            let refused = await handler.handle(text: said, from: ana, at: minute(n))
            #expect(refused.kind == .error && refused.text.contains("is not one person, so nothing was done")
                    || refused.text.contains("n'est pas une personne, rien n'a été fait"), "\(said): \(refused.text)")
        }
        let shelf = await handler.handle(text: "who has Dune", from: ben, at: minute(11))
        #expect(shelf.text.hasPrefix("Dune is on the shelf."), "\(shelf.text)")
        // One person's name may hold a hyphen, and "someone" is no one's: the sender takes it, as
        // "for a friend" does.
        let hyphen = await handler.handle(text: "checkout Dune for Mary-Jane Watson", from: ana, at: minute(12))
        #expect(hyphen.text.hasPrefix("Dune is checked out to Mary-Jane Watson."), "\(hyphen.text)")
        let someone = await handler.handle(text: "checkout Emma for someone", from: ana, at: minute(13))
        #expect(someone.text.hasPrefix("Emma is checked out to Ana."), "\(someone.text)")
        let oxford = await handler.handle(text: "checkout Les Misérables for Ben, Cy, and Dee", from: ana, at: minute(14))
        #expect(oxford.text.contains("is not one person, so nothing was done"), "\(oxford.text)")
        // Asked of several people, what each has, one after the other.
        let each = await handler.handle(text: "what do Mary-Jane Watson and Ben have", from: ben, at: minute(15))
        #expect(each.text.hasPrefix("Mary-Jane Watson has 1 book:\n  Dune, due "), "\(each.text)")
        #expect(each.text.contains("\n\nBen has no books."), "\(each.text)")
        let withMe = await handler.handle(text: "what do Ben and I have", from: ana, at: minute(15))
        #expect(withMe.text.hasPrefix("Ben has no books.\n"), "\(withMe.text)")
        #expect(withMe.text.contains("\n\nYou have 1 book:\n  Emma, due "), "\(withMe.text)")
        let french = await handler.handle(text: "qu'ont Ben et moi ?", from: ana, at: minute(15))
        #expect(french.text.hasPrefix("Ben n'a aucun livre.\n"), "\(french.text)")
        #expect(french.text.contains("\n\nVous avez 1 livre :\n  Emma, "), "\(french.text)")
        let borrowed = await handler.handle(text: "what did Ana and Mary-Jane Watson borrow", from: ben, at: minute(16))
        #expect(borrowed.text.hasPrefix("Ana has borrowed 1 book, not yet returned:\n  Emma, since "), "\(borrowed.text)")
        #expect(borrowed.text.contains("\n\nMary-Jane Watson has borrowed 1 book, not yet returned:\n  Dune, since "), "\(borrowed.text)")
    }

    @Test("someone said to have a book: 'does Ben have Dune?' asks who has it; 'Ben has Dune now' offers giving the sender's copy or lending one on the shelf, and changes nothing")
    func heldBySomeone() async throws {
        let handler = try await makeHandler()
        let asked = await handler.handle(text: "does Ben have Dune?", from: ana, at: minute(0))
        #expect(asked.text.hasPrefix("Dune is on the shelf."), "\(asked.text)")
        // On the shelf: lending it to him, offered.
        let shelf = await handler.handle(text: "Ben Okafor has Dune", from: ana, at: minute(1))
        #expect(shelf.text.hasPrefix("I did not understand 'Ben Okafor has Dune'. Did you mean `checkout Dune as Ben Okafor`?"), "\(shelf.text)")
        // The sender's own copy: giving it to him, offered, and done on `yes`.
        _ = await handler.handle(text: "checkout Dune", from: ana, at: minute(2))
        let mine = await handler.handle(text: "Ben has Dune now", from: ana, at: minute(3))
        #expect(mine.text.hasPrefix("I did not understand 'Ben has Dune now'. Did you mean `give Dune to Ben`?"), "\(mine.text)")
        #expect(await handler.handle(text: "who has Dune", from: ben, at: minute(4)).text.hasPrefix("Ana has Dune"))
        _ = await handler.handle(text: "Ben has Dune now", from: ana, at: minute(5))
        let given = await handler.handle(text: "yes", from: ana, at: minute(6))
        #expect(given.text.contains("Ben"), "\(given.text)")
        // His already: who has it, whichever way it is said.
        for (n, said) in ["Ben's got Dune", "has Ben got it?", "is Ben reading Dune", "Ben still has Dune"].enumerated() {
            let his = await handler.handle(text: said, from: ana, at: minute(7 + n))
            #expect(his.text.hasPrefix("Ben has Dune since"), "\(said): \(his.text)")
        }
        let french = await handler.handle(text: "est-ce que Ben a Dune ?", from: ana, at: minute(12))
        #expect(french.text.hasPrefix("Ben a Dune depuis"), "\(french.text)")
        // No book, or no one: not understood, and nothing lent ("Il y a Dune" is "there is Dune").
        for (n, said) in ["Ben has a question", "Il y a Emma", "Nobody has Emma"].enumerated() {
            let nothing = await handler.handle(text: said, from: ana, at: minute(13 + n))
            #expect(nothing.text.contains("understand") || nothing.text.contains("compris"), "\(said): \(nothing.text)")
            #expect(nothing.suggestion == "help" || nothing.suggestion == "aide", "\(said): \(nothing.suggestion ?? "")")
        }
        #expect(await handler.handle(text: "who has Emma", from: ana, at: minute(16)).text.hasPrefix("Emma is on the shelf."))
        // Asked by its "?" or by its form alone, who has it, not an offer ("Ana has Dune?"
        // offered to give Ana the copy Ben has).
        for (n, said) in ["Ben a-t-il Dune ?", "est-ce que Ben a Dune", "Ben has Dune?"].enumerated() {
            let asked = await handler.handle(text: said, from: ana, at: minute(17 + n))
            #expect(asked.text.hasPrefix("Ben has Dune since") || asked.text.hasPrefix("Ben a Dune depuis"), "\(said): \(asked.text)")
        }
        let askedOfAna = await handler.handle(text: "Ana has Dune?", from: ben, at: minute(20))
        #expect(askedOfAna.text.hasPrefix("You have Dune since"), "\(askedOfAna.text)")
        #expect(askedOfAna.suggestion != "give Dune to Ana")
    }

    @Test("'I don't need Dune anymore' offers the member's side of it: bringing it back when they have it, leaving its line when they wait for it")
    func noLongerNeeded() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "checkout Dune", from: ana, at: minute(0))
        _ = await handler.handle(text: "hold Dune", from: ben, at: minute(1))
        for (n, said) in ["I don't need Dune anymore", "I no longer need Dune", "I don't want Dune anymore", "I'm done with Dune"].enumerated() {
            let has = await handler.handle(text: said, from: ana, at: minute(2 + n))
            #expect(has.suggestion == "return Dune", "\(said): \(has.text)")
            let waits = await handler.handle(text: said, from: ben, at: minute(2 + n))
            #expect(waits.suggestion == "cancel hold Dune", "\(said): \(waits.text)")
        }
        let french = await handler.handle(text: "je n'ai plus besoin de Dune", from: ana, at: minute(6))
        #expect(french.suggestion == "rendre Dune", "\(french.text)")
        // "it": the book last named.
        let it = await handler.handle(text: "I don't need it anymore", from: ana, at: minute(6))
        #expect(it.suggestion == "return Dune", "\(it.text)")
        // Offered, not done: `yes` does it.
        #expect(await handler.handle(text: "who has Dune", from: ben, at: minute(7)).text.hasPrefix("Ana has Dune"))
        _ = await handler.handle(text: "I don't need Dune anymore", from: ana, at: minute(8))
        let back = await handler.handle(text: "yes", from: ana, at: minute(9))
        #expect(back.text.hasPrefix("Thanks! Dune is back on the shelf"), "\(back.text)")
    }

    @Test("'it' with a remark after it is still the book last named: return it to the library, checkout it for me, rendre ça à la bibliothèque")
    func itWithARemark() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "who has Dune", from: ana, at: minute(0))
        let lent = await handler.handle(text: "checkout it for me", from: ana, at: minute(1))
        #expect(lent.text.hasPrefix("Dune is checked out to Ana."), "\(lent.text)")
        let back = await handler.handle(text: "return it to the library", from: ana, at: minute(2))
        #expect(back.text.hasPrefix("Thanks! Dune is back on the shelf (borrowed by Ana)."), "\(back.text)")
        _ = await handler.handle(text: "checkout it", from: ana, at: minute(3))
        let rendu = await handler.handle(text: "rendre ça à la bibliothèque", from: ana, at: minute(4))
        #expect(rendu.text.hasPrefix("Merci ! Dune est de retour sur l'étagère"), "\(rendu.text)")
        // "je l'ai fini": the book last named, its return asked about; `oui` does it.
        _ = await handler.handle(text: "emprunter Dune", from: ana, at: minute(5))
        let fini = await handler.handle(text: "je l'ai fini", from: ana, at: minute(6))
        #expect(fini.text.hasPrefix("Je n'ai pas compris « je l'ai fini ». Vouliez-vous dire `rendre Dune` ?"), "\(fini.text)")
        let oui = await handler.handle(text: "oui", from: ana, at: minute(7))
        #expect(oui.text.hasPrefix("Merci ! Dune est de retour sur l'étagère"), "\(oui.text)")
    }

    @Test("a category alone (sci-fi, mysteries) lists its books; words that name none stay not understood; tag Dune Classic without 'as'")
    func categoryAlone() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "tag Dune as Science fiction", from: ana, at: minute(0))
        _ = await handler.handle(text: "tag Emma as Mystery", from: ana, at: minute(1))
        let scifi = await handler.handle(text: "sci-fi", from: ben, at: minute(2))
        #expect(scifi.text.hasPrefix("1 found for 'Science fiction':\n  #1 Dune"), "\(scifi.text)")
        let mysteries = await handler.handle(text: "mysteries?", from: ben, at: minute(3))
        #expect(mysteries.text.hasPrefix("1 found for 'Mystery':\n  #2 Emma"), "\(mysteries.text)")
        let poetry = await handler.handle(text: "poetry", from: ben, at: minute(4))
        #expect(poetry.text.hasPrefix("I did not understand 'poetry'."), "\(poetry.text)")
        // "tag" without "as": the longest start that is a title is the book.
        let tagged = await handler.handle(text: "tag Les Misérables Classic, Historical fiction", from: ana, at: minute(5))
        #expect(tagged.text == "Les Misérables (#3): the categories are now Classic, Historical fiction.", "\(tagged.text)")
        let untagged = await handler.handle(text: "untag Les Misérables Classic", from: ana, at: minute(6))
        #expect(untagged.text == "Les Misérables (#3): the categories are now Historical fiction.", "\(untagged.text)")
        _ = await handler.handle(text: "who has Dune", from: ana, at: minute(7))
        let it = await handler.handle(text: "tag it Classic", from: ana, at: minute(7))
        #expect(it.text == "Dune (#1): the categories are now Science fiction, Classic.", "\(it.text)")
        let nothing = await handler.handle(text: "tag Persuasion Classic", from: ana, at: minute(7))
        #expect(nothing.text.hasPrefix("tag needs more"), "\(nothing.text)")
    }

    @Test("what someone else did, recorded: Ben borrowed Dune, Ben returned Dune, give Ben Emma, Ben a emprunté Dune, Ben a rendu Dune; a title first is no name (Dune has been returned)")
    func doneBySomeoneElse() async throws {
        let handler = try await makeHandler()
        let asked = await handler.handle(text: "Ben borrowed Dune?", from: ana, at: minute(0))
        #expect(asked.text.hasPrefix("Dune is on the shelf."), "\(asked.text)")
        let borrowed = await handler.handle(text: "Ben borrowed Dune", from: ana, at: minute(0))
        #expect(borrowed.text.hasPrefix("Dune is checked out to Ben."), "\(borrowed.text)")
        // A question lends nothing.
        let has = await handler.handle(text: "Ana has Emma?", from: ben, at: minute(1))
        #expect(!has.text.contains("checked out to"), "\(has.text)")
        let reading = await handler.handle(text: "what is Ben reading?", from: ana, at: minute(1))
        #expect(reading.text.hasPrefix("Ben has 1 book:\n  Dune"), "\(reading.text)")
        // A title first is no one's name: a return, no loan to "Dune".
        let title = await handler.handle(text: "Dune has been returned", from: ana, at: minute(2))
        #expect(title.text.hasPrefix("Thanks! Dune is back on the shelf (borrowed by Ben)."), "\(title.text)")
        _ = await handler.handle(text: "Ben took it", from: ana, at: minute(3))
        let itBack = await handler.handle(text: "Ben returned it", from: ana, at: minute(3))
        #expect(itBack.text.hasPrefix("Thanks! Dune is back on the shelf (borrowed by Ben)."), "\(itBack.text)")
        _ = await handler.handle(text: "Ben took it", from: ana, at: minute(3))
        let returned = await handler.handle(text: "Ben returned Dune", from: ana, at: minute(3))
        #expect(returned.text.hasPrefix("Thanks! Dune is back on the shelf (borrowed by Ben)."), "\(returned.text)")
        for said in ["Ben brought Dune back", "Ben has returned Dune"] {
            _ = await handler.handle(text: "Ben took Dune", from: ana, at: minute(3))
            let back = await handler.handle(text: said, from: ana, at: minute(3))
            #expect(back.text.hasPrefix("Thanks! Dune is back on the shelf (borrowed by Ben)."), "\(said): \(back.text)")
        }
        // Nobody is no one's name: Dune stays with Ben, and the reply says so.
        _ = await handler.handle(text: "Ben took Dune", from: ana, at: minute(3))
        let nobody = await handler.handle(text: "Nobody returned Dune", from: ana, at: minute(3))
        #expect(nobody.text.hasPrefix("Ben has Dune since"), "\(nobody.text)")
        let french = await handler.handle(text: "Ben n'a toujours pas rendu Dune", from: ana, at: minute(3))
        #expect(french.text.hasPrefix("Ben a Dune depuis"), "\(french.text)")
        #expect(try await handler.library.whoHas("Dune").first?.loan?.borrower.name == "Ben")
        _ = await handler.handle(text: "Ben returned Dune", from: ana, at: minute(3))
        // Nor is Someone, He or They: no loan to a member of that name.
        for said in ["Someone took Dune", "He borrowed Dune", "They took Dune"] {
            let pronoun = await handler.handle(text: said, from: ana, at: minute(3))
            #expect(!pronoun.text.contains("checked out to"), "\(said): \(pronoun.text)")
        }
        #expect(try await handler.library.whoHas("Dune").first?.loan == nil)
        // Their return, though, is the book's, whoever says it.
        _ = await handler.handle(text: "Ben took Dune", from: ana, at: minute(3))
        let she = await handler.handle(text: "She returned Dune", from: ana, at: minute(3))
        #expect(she.text.hasPrefix("Thanks! Dune is back on the shelf (borrowed by Ben)."), "\(she.text)")
        _ = await handler.handle(text: "checkout Emma", from: ana, at: minute(4))
        let given = await handler.handle(text: "give Ben Emma", from: ana, at: minute(5))
        #expect(given.text.hasPrefix("Emma passes from you to Ben."), "\(given.text)")
        let transfer = await handler.handle(text: "transfer Emma to Ana", from: ben, at: minute(6))
        #expect(transfer.text.hasPrefix("Emma passes from you to Ana."), "\(transfer.text)")
        let tryIt = await handler.handle(text: "give Dune a try", from: ben, at: minute(7))
        #expect(!tryIt.text.contains("passed") && !tryIt.text.contains("checked out to"), "\(tryIt.text)")
        // A name of two words: the loan is to the whole name, and so is the return.
        let fullName = await handler.handle(text: "Ben Okafor borrowed Dune", from: ana, at: minute(8))
        #expect(fullName.text.hasPrefix("Dune is checked out to Ben Okafor."), "\(fullName.text)")
        let fullReturn = await handler.handle(text: "Ben Okafor a rendu Dune", from: ana, at: minute(9))
        #expect(fullReturn.text.hasPrefix("Merci ! Dune est de retour sur l'étagère (emprunté par Ben Okafor)."), "\(fullReturn.text)")
        // In French: his loan, then his return, answered in French.
        let frenchLoan = await handler.handle(text: "Ben a emprunté Dune", from: ana, at: minute(8))
        #expect(frenchLoan.text.hasPrefix("Dune est emprunté par Ben."), "\(frenchLoan.text)")
        let frenchReturn = await handler.handle(text: "Ben a rendu Dune", from: ana, at: minute(9))
        #expect(frenchReturn.text.hasPrefix("Merci ! Dune est de retour sur l'étagère (emprunté par Ben)."), "\(frenchReturn.text)")
        // A title first is no one's name.
        let frenchTitle = await handler.handle(text: "Les Misérables a emprunté Dune", from: ana, at: minute(10))
        #expect(!frenchTitle.text.contains("emprunté par"), "\(frenchTitle.text)")
    }

    @Test("what is Dune? / c'est quoi Dune ?: everything about the book when it names one; what's up, a greeting, gets what the bot can do")
    func whatIsABook() async throws {
        let handler = try await makeHandler()
        let english = await handler.handle(text: "what is Dune?", from: ana, at: tuesday)
        #expect(english.text.hasPrefix("#1 Dune\n  Author: Frank Herbert"), "\(english.text)")
        let unspaced = await handler.handle(text: "whats emma", from: ana, at: tuesday)
        #expect(unspaced.text.hasPrefix("#2 Emma\n  Author: Jane Austen"), "\(unspaced.text)")
        let french = await handler.handle(text: "c'est quoi Les Misérables ?", from: ana, at: tuesday)
        #expect(french.text.hasPrefix("#3 Les Misérables\n  Auteur : Victor Hugo"), "\(french.text)")
        let it = await handler.handle(text: "what is it?", from: ana, at: tuesday)
        #expect(it.text.hasPrefix("#3 Les Misérables"), "\(it.text)")
        let chat = await handler.handle(text: "what's up", from: ben, at: tuesday)
        #expect(chat.text.hasPrefix("What I can do:"), "\(chat.text)")
        let rules = await handler.handle(text: "c'est quoi les règles ?", from: ben, at: tuesday)
        #expect(rules.text.contains("14 jours"), "\(rules.text)")
        // A book's number names it too; one the library lacks stays not understood.
        let number = await handler.handle(text: "what's #2?", from: ben, at: tuesday)
        #expect(number.text.hasPrefix("#2 Emma\n  Author: Jane Austen"), "\(number.text)")
        let noSuchNumber = await handler.handle(text: "what's #99?", from: ben, at: tuesday)
        #expect(noSuchNumber.text.hasPrefix("I did not understand 'what's #99'."), "\(noSuchNumber.text)")
        let borrowed = await handler.handle(text: "Ben borrowed #2", from: ana, at: tuesday)
        #expect(borrowed.text.hasPrefix("Emma is checked out to Ben."), "\(borrowed.text)")
    }

    @Test("two books of one title by different authors: named by title and author, in suggestions too, which work as typed; copies are the same author's")
    func titleOfSeveralAuthors() async throws {
        let handler = try await makeHandler()
        let added = await handler.handle(text: "add Emma by Someone Else", from: ana, at: tuesday)
        #expect(added.suggestion == "checkout Emma by Someone Else", "\(added.text)")
        #expect(!added.text.contains("copies"), "\(added.text)")
        let copy = await handler.handle(text: "add Emma by Jane Austen", from: ana, at: tuesday)
        #expect(copy.text.contains("The library now has 2 copies of it (#2, #5)."), "\(copy.text)")

        let checkout = await handler.handle(text: "checkout Emma by Someone", from: ana, at: tuesday)
        #expect(checkout.text.hasPrefix("Emma is checked out to Ana."), "\(checkout.text)")
        #expect(checkout.suggestion == "return Emma by Someone Else")
        let returned = await handler.handle(text: try #require(checkout.suggestion), from: ana, at: tuesday)
        #expect(returned.text.contains("Emma is back on the shelf"), "\(returned.text)")
        let mine = await handler.handle(text: "who has Emma by Someone Else", from: ana, at: tuesday)
        #expect(mine.text.hasPrefix("Emma is on the shelf."), "\(mine.text)")

        let french = await handler.handle(text: "emprunter Emma de Someone Else", from: ben, at: tuesday)
        #expect(french.suggestion == "rendre Emma de Someone Else", "\(french.text)")
        // Told in the library's language, the book named in it too, whatever the command's.
        _ = await handler.handle(text: "hold Emma by Someone Else", from: ana, at: tuesday)
        let back = await handler.handle(text: "rendre Emma de Someone Else", from: ben, at: tuesday)
        let kept = try #require(back.notices.first { $0.to.isSamePerson(as: ana.borrower) })
        #expect(kept.reply.suggestion == "checkout Emma by Someone Else", "\(kept.reply.text)")
        _ = await handler.handle(text: "checkout Emma by Someone Else", from: ana, at: tuesday)
        _ = await handler.handle(text: "return Emma by Someone Else", from: ana, at: tuesday)

        let nobody = await handler.handle(text: "who has Emma by Victor Hugo", from: ana, at: tuesday)
        #expect(nobody.text.hasPrefix("No book matches 'Emma by Victor Hugo'. Did you mean Emma by Jane Austen or Emma by Someone Else?"),
                "\(nobody.text)")
        // Her two copies, not the other author's book.
        let shown = await handler.handle(text: try #require(nobody.suggestion), from: ana, at: tuesday)
        #expect(shown.text.contains("#2") && shown.text.contains("#5") && !shown.text.contains("Someone Else"), "\(shown.text)")
    }

    @Test("an edit of a title reaches every copy; copies that differ in that field are asked about, with the same edit of the first by its number offered, which works as typed")
    func editOfCopies() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "add Dune by Frank Herbert", from: ana, at: tuesday)
        let both = await handler.handle(text: "edit dune set publisher to Ace", from: ana, at: tuesday)
        #expect(both.text == "Dune (#1, #4): the publisher is now Ace.", "\(both.text)")
        let tous = await handler.handle(text: "modifier dune catégories = SF, Classique", from: ana, at: tuesday)
        #expect(tous.text == "Dune (#1, #4) : les catégories sont maintenant SF, Classique.", "\(tous.text)")
        // Another edition: its publisher is its own.
        _ = await handler.handle(text: "edit #4 set publisher to Chilton", from: ana, at: tuesday)
        let english = await handler.handle(text: "edit dune set publisher to Ace Books", from: ana, at: tuesday)
        #expect(english.text.hasPrefix("'dune' matches several books; which one?"), "\(english.text)")
        #expect(english.suggestion == "edit #1 set publisher to Ace Books")
        let done = await handler.handle(text: try #require(english.suggestion), from: ana, at: tuesday)
        #expect(done.text == "Dune (#1): the publisher is now Ace Books.")
        let french = await handler.handle(text: "modifier dune éditeur = Pocket", from: ana, at: tuesday)
        #expect(french.suggestion == "modifier #1 éditeur = Pocket", "\(french.text)")
        let fait = await handler.handle(text: try #require(french.suggestion), from: ana, at: tuesday)
        #expect(fait.text == "Dune (#1) : l'éditeur est maintenant Pocket.", "\(fait.text)")
    }

    @Test("typos and ambiguity: did you mean, and the candidates")
    func references() async throws {
        let handler = try await makeHandler()
        let typo = await handler.handle(text: "checkout Dnue", from: ana, at: tuesday)
        #expect(typo.text.contains("Dune is checked out to Ana."))
        let far = await handler.handle(text: "who has Dunnnne", from: ana, at: tuesday)
        #expect(far.text.contains("No book matches 'Dunnnne'. Did you mean Dune?"))
        _ = await handler.handle(text: "add Emma by Someone Else", from: ana, at: tuesday)
        let ambiguous = await handler.handle(text: "show Emma", from: ana, at: tuesday)
        #expect(ambiguous.text.contains("'Emma' matches several books; which one?"))
        #expect(ambiguous.text.contains("#2"))
        #expect(ambiguous.text.contains("#4"))
    }

    @Test("a title alone asks who has it: whole words of a title or its number written the other way; misspelled, it is offered; a verb alone still needs its book")
    func titleAlone() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "add Nineteen Eighty-Four by George Orwell", from: ana, at: tuesday)
        _ = await handler.handle(text: "add The Return of the King by J. R. R. Tolkien", from: ana, at: tuesday)
        let numbered = await handler.handle(text: "1984", from: ana, at: tuesday)
        #expect(numbered.kind == .info)
        #expect(numbered.text.hasPrefix("Nineteen Eighty-Four is on the shelf."), "\(numbered.text)")
        let words = await handler.handle(text: "the king", from: ben, at: tuesday)
        #expect(words.text.hasPrefix("The Return of the King is on the shelf."), "\(words.text)")
        // "return" is also a word of that title: alone, it is still the verb missing its book.
        let verb = await handler.handle(text: "return", from: ana, at: tuesday)
        #expect(verb.kind == .error)
        #expect(verb.text.contains("return needs more"), "\(verb.text)")
        let typo = await handler.handle(text: "Ninteen Eighty-Four", from: ana, at: tuesday)
        #expect(typo.kind == .error)
        #expect(typo.suggestion == "who has Nineteen Eighty-Four", "\(typo.text)")
        // Chat that names no book is not understood, and changes nothing.
        let chat = await handler.handle(text: "lol", from: ana, at: tuesday)
        #expect(chat.text.hasPrefix("I did not understand 'lol'."), "\(chat.text)")
        let shelf = await handler.handle(text: "list", from: ana, at: tuesday)
        #expect(shelf.text.hasPrefix("5 books, 5 on the shelf:"), "\(shelf.text)")
        #expect(!shelf.text.contains("(out:"), "\(shelf.text)")
    }

    @Test("a whole title that starts with a verb, typed alone, asks who has that book: it is not returned, lent, searched for or deleted")
    func titleStartingWithVerb() async throws {
        let handler = try await makeHandler()
        for title in ["Return of the King by J. R. R. Tolkien", "Take Me Home by Ann Writer", "Find Me by André Aciman",
                      "Books Like Us by Bea Writer", "Remove Me by Cy Writer", "Help by Kathryn Stockett", "Looking for Alaska by John Green"] {
            #expect(await handler.handle(text: "add \(title)", from: ana, at: tuesday).kind == .success, "\(title)")
        }
        _ = await handler.handle(text: "checkout Return of the King", from: ben, at: minute(1))
        // Before: returned by Ana (for Ben), lent to Ana, a search missing its query, books
        // like "Us", and Remove Me deleted by its last word.
        let cases = [("Return of the King", "Ben has Return of the King since Tue 1 Dec, due Tue 15 Dec."),
                     ("take me home!", "Take Me Home is on the shelf."), ("Find Me", "Find Me is on the shelf."),
                     ("Books Like Us", "Books Like Us is on the shelf."), ("remove me", "Remove Me is on the shelf."),
                     ("<@U-BOT> Take Me Home please", "Take Me Home is on the shelf."), ("looking for alaska", "Looking for Alaska is on the shelf.")]
        for (text, answer) in cases {
            let reply = await handler.handle(text: text, from: ana, at: minute(2))
            #expect(reply.kind == .info, "\(text): \(reply.text)")
            #expect(reply.text.hasPrefix(answer), "\(text): \(reply.text)")
        }
        let shelf = await handler.handle(text: "list checked out", from: ana, at: minute(3))
        #expect(shelf.text.hasPrefix("1 checked out:\n  #4 Return of the King, J. R. R. Tolkien (out: Ben"), "\(shelf.text)")
        // With the verb before the whole title, or more words than the title, it is the command.
        #expect(await handler.handle(text: "checkout Take Me Home", from: ana, at: minute(4)).text.hasPrefix("Take Me Home is checked out to Ana."))
        #expect(await handler.handle(text: "return Return of the King", from: ben, at: minute(5)).text.hasPrefix("Thanks! Return of the King is back"))
        #expect(await handler.handle(text: "take me home as Cy", from: ana, at: minute(6)).text.hasPrefix("You have Take Me Home (due Tue 15 Dec): to hand it to Cy, pass it on."))
        // A command without a book or a query stays that command, whatever the library holds.
        #expect(await handler.handle(text: "help", from: ana, at: minute(7)).text.hasPrefix("What I can do:"))
        // One a line, among other commands: the same.
        let lines = await handler.handle(text: "checkout Emma\nFind Me\nRemove Me", from: ben, at: minute(8))
        #expect(lines.text == """
            Emma is checked out to Ben.
              Due Tue 15 Dec.
              Try: `return Emma`

            Find Me is on the shelf.
              Try: `checkout Find Me`

            Remove Me is on the shelf.
              Try: `checkout Remove Me`
            """, "\(lines.text)")
    }

    @Test("a command whose words say no language, and what a member is told (reminders, notices, admins' notices), are in the language they last wrote in, kept across a restart; else the committee's")
    func languageRemembered() async throws {
        let handler = try await makeHandler()
        let ben = Sender(name: "Ben", userID: "U-BEN")
        #expect(await handler.handle(text: "info Dune", from: ana, at: tuesday).text.hasPrefix("#1 Dune\n  Author: Frank Herbert"))
        _ = await handler.handle(text: "emprunter Dune", from: ana, at: tuesday)
        for text in ["info Dune", "Dune", "#2", "Les Misérables"] {
            let reply = await handler.handle(text: text, from: ana, at: tuesday.addingTimeInterval(3600))
            #expect(reply.language == .fr, "\(text): \(reply.text)")
        }
        #expect(await handler.handle(text: "Dune", from: ana, at: tuesday).text.hasPrefix("Vous avez Dune depuis mar. 1 déc."))
        // Another member is answered in the committee's language; English words switch Ana back.
        #expect(await handler.handle(text: "info Dune", from: ben, at: tuesday).language == .en)
        _ = await handler.handle(text: "who has Emma", from: ana, at: tuesday)
        #expect(await handler.handle(text: "Dune", from: ana, at: tuesday).text.hasPrefix("You have Dune since Tue 1 Dec"))
        // The library keeps it: a restart (a new handler) remembers, and reminders use it.
        _ = await handler.handle(text: "qui a Emma", from: ana, at: tuesday)
        let restarted = CommandHandler(library: handler.library, settings: handler.settings)
        #expect(await restarted.handle(text: "Dune", from: ana, at: tuesday.addingTimeInterval(8 * 86_400)).language == .fr)
        #expect(await restarted.handle(text: "Dune", from: Sender(name: "Cy"), at: tuesday).language == .en)
        _ = await restarted.handle(text: "borrow Les Misérables", from: Sender(name: "Cy"), at: tuesday)
        let paris = try #require(TimeZone(identifier: "Europe/Paris"))
        let reminders = try await LibraryReports(library: handler.library, language: .en, timeZone: paris)
            .reminders(at: utc("2026-12-20 09:00:00"), dueSoonDays: 2)
        #expect(reminders.map { "\($0.borrower.name): \(PlainRenderer.render($0.reply).split(separator: "\n")[0])" }
            == ["Ana: Rappel de la bibliothèque pour Ana : 1 livre à rendre", "Cy: Library reminder for Cy: 1 book to bring back"], "\(reminders)")
        // What Ben is told of someone else's doing is in his language too.
        _ = await handler.handle(text: "mes livres", from: ben, at: tuesday)
        let lent = await handler.handle(text: "checkout Emma as <@U-BEN>", from: Sender(name: "Cy", mentions: ["<@U-BEN>": ben.borrower]), at: tuesday)
        #expect(lent.language == .en)
        #expect(lent.notices.map { PlainRenderer.render($0.reply) } == ["Cy a emprunté Emma pour vous : à rendre mar. 15 déc.\n  Essayez : `rendre Emma`"], "\(lent.notices)")
        let held = await handler.handle(text: "réserver Emma", from: Sender(name: "Zoé", userID: "U-ZOE"), at: tuesday)
        #expect(held.kind == .success)
        let back = await handler.handle(text: "return Emma", from: ben, at: tuesday.addingTimeInterval(60))
        #expect(back.language == .en)
        #expect(back.notices.map(\.to.name) == ["Zoé"])
        #expect(back.notices.map(\.reply.language) == [.fr], "Zoé wrote in French: \(back.notices)")
        // Each admin is told of a report in their own language.
        let admins = try await makeHandler(admins: ["U-ADMIN", "U-BOSS"])
        _ = await admins.handle(text: "qui a quoi", from: Sender(name: "Boss", userID: "U-BOSS"), at: tuesday)
        let lost = await admins.handle(text: "I lost Dune", from: ana, at: tuesday)
        #expect(lost.notices.map { "\($0.to.userID ?? ""): \($0.reply.language)" } == ["U-ADMIN: en", "U-BOSS: fr"])
        #expect(lost.notices.last.map { PlainRenderer.render($0.reply) }?.hasPrefix("Ana signale Dune (#1) perdu.") == true, "\(lost.notices)")
    }

    @Test("unknown commands suggest the closest verb, with the line corrected or an example")
    func unknown() async throws {
        let handler = try await makeHandler()
        let typo = await handler.handle(text: "chekout Dune", from: ana, at: tuesday)
        #expect(typo.text.contains("Did you mean `checkout`?"))
        #expect(typo.suggestion == "checkout Dune")
        let typoAlone = await handler.handle(text: "chekout", from: ana, at: tuesday)
        #expect(typoAlone.suggestion == "checkout Dune as Ana")
        let bare = await handler.handle(text: "emprunter", from: ana, at: tuesday)
        #expect(bare.text.contains("Il manque quelque chose à emprunter : par exemple `emprunter Dune pour Ana`."))
        let nonsense = await handler.handle(text: "xyzzy", from: ben, at: tuesday)
        #expect(nonsense.suggestion == "help")
        // Ana's last words were French: so is her answer.
        #expect(await handler.handle(text: "xyzzy", from: ana, at: tuesday).suggestion == "aide")
    }

    @Test("only admins may add, edit, delete and clean; anyone may when the list is empty")
    func admins() async throws {
        let handler = try await makeHandler(admins: ["U-ANA"])
        for command in ["add Sula by Toni Morrison", "edit Dune set author to F. Herbert", "delete Emma", "clean", "ajouter Sula par Toni Morrison"] {
            let refused = await handler.handle(text: command, from: ben, at: tuesday)
            #expect(refused.kind == .error, "\(command)")
            #expect(refused.text.contains("Only the library's admins") || refused.text.contains("Seuls les administrateurs"), "\(command)")
        }
        #expect(await handler.handle(text: "list", from: ben, at: tuesday).text.contains("3 books"))
        let added = await handler.handle(text: "add Sula by Toni Morrison", from: ana, at: tuesday)
        #expect(added.text.contains("Added Sula by Toni Morrison as #4."))
        let edited = await handler.handle(text: "edit Dune set author to F. Herbert", from: ana, at: tuesday)
        #expect(edited.text.contains("the author is now F. Herbert"))
        let console = Sender(name: "operator", isOperator: true)
        #expect(await handler.handle(text: "delete Sula", from: console, at: tuesday).text.contains("Deleted Sula (#4)."))
        let open = try await makeHandler()
        #expect(await open.handle(text: "add Sula by Toni Morrison", from: ben, at: tuesday).kind == .success)
    }

    @Test("clean asks first, and acts on yes from the same sender within 5 minutes")
    func confirmYes() async throws {
        let handler = try await makeHandler()
        let asked = await handler.handle(text: "clean", from: ana, at: tuesday)
        #expect(asked.kind == .confirmation)
        #expect(asked.text.contains("Delete all 3 books"))
        #expect(await handler.handle(text: "list", from: ana, at: tuesday).text.contains("3 books"))
        let other = await handler.handle(text: "yes", from: ben, at: tuesday.addingTimeInterval(10))
        #expect(other.text.contains("nothing to confirm"))
        let unrelated = await handler.handle(text: "who has Dune", from: ana, at: tuesday.addingTimeInterval(20))
        #expect(unrelated.kind == .info)
        let done = await handler.handle(text: "yes", from: ana, at: tuesday.addingTimeInterval(299))
        #expect(done.text.contains("Deleted 3 books: the library is empty."))
        #expect(await handler.handle(text: "list", from: ana, at: tuesday).text.contains("no books yet"))

        _ = await handler.handle(text: "add Sula by Toni Morrison", from: ana, at: tuesday)
        #expect(await handler.handle(text: "clean", from: ana, at: tuesday).text.contains("Delete the only book, with every loan"))
        #expect(await handler.handle(text: "vider la bibliothèque", from: ana, at: tuesday).text.contains("Supprimer le seul livre"))
    }

    @Test("no cancels; a late yes does nothing; deleting several books asks too")
    func confirmNoAndExpiry() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "vider la bibliothèque", from: ana, at: tuesday)
        let cancelled = await handler.handle(text: "annuler", from: ana, at: tuesday.addingTimeInterval(5))
        #expect(cancelled.text.contains("Annulé : rien n'a été supprimé."))
        #expect(await handler.handle(text: "oui", from: ana, at: tuesday.addingTimeInterval(6)).text.contains("rien à confirmer"))

        let asked = await handler.handle(text: "delete Dune, Emma, #1, dune", from: ana, at: tuesday)
        #expect(asked.kind == .confirmation)
        // Dune named three ways is one book.
        #expect(asked.text.hasPrefix("Delete these 2 books, with their loans and holds?\n  #1 Dune, Frank Herbert\n  #2 Emma, Jane Austen\n"), "\(asked.text)")
        let late = await handler.handle(text: "yes", from: ana, at: tuesday.addingTimeInterval(301))
        #expect(late.text.contains("nothing to confirm"))
        #expect(await handler.handle(text: "list", from: ana, at: tuesday).text.contains("3 books"))

        _ = await handler.handle(text: "delete Dune, Emma", from: ana, at: tuesday)
        let confirmed = await handler.handle(text: "confirm", from: ana, at: tuesday.addingTimeInterval(30))
        #expect(confirmed.text.contains("Deleted 2 books."))
        let left = await handler.handle(text: "list", from: ana, at: tuesday)
        #expect(left.text.contains("1 book"))
        #expect(left.text.contains("Les Misérables"))

        let unknownOne = await handler.handle(text: "delete Les Misérables, Zorglub", from: ana, at: tuesday)
        #expect(unknownOne.kind == .error)
        #expect(unknownOne.text.contains("No book matches 'Zorglub'"))
    }

    @Test("a book's details say who borrowed it the most, when one member did so more than anyone else: 'who borrowed Emma the most?'")
    func borrowedMostBy() async throws {
        let handler = try await makeHandler()
        func lend(_ title: String, to sender: Sender, on day: Int) async {
            _ = await handler.handle(text: "checkout \(title)", from: sender, at: utc("2026-11-\(10 + day) 09:00:00"))
            _ = await handler.handle(text: "return \(title)", from: sender, at: utc("2026-11-\(11 + day) 09:00:00"))
        }
        await lend("Emma", to: ben, on: 0)
        await lend("Emma", to: ana, on: 2)
        await lend("Emma", to: ben, on: 4)
        let most = await handler.handle(text: "who borrowed Emma the most?", from: ana, at: tuesday)
        #expect(most.text.contains("Borrowed: 3 times, 2 of them by Ben\n"), "\(most.text)")
        #expect(await handler.handle(text: "show Emma", from: ben, at: tuesday).text.contains("Borrowed: 3 times, 2 of them by you\n"))
        let french = await handler.handle(text: "qui a le plus emprunté Emma ?", from: ana, at: tuesday)
        #expect(french.text.contains("Emprunté : 3 fois, dont 2 par Ben\n"), "\(french.text)")
        // Ana as often: nobody is named.
        await lend("Emma", to: ana, on: 6)
        #expect(await handler.handle(text: "show Emma", from: ana, at: tuesday).text.contains("Borrowed: 4 times\n"))
        // One member only, more than once.
        await lend("Dune", to: ana, on: 0)
        await lend("Dune", to: ana, on: 2)
        #expect(await handler.handle(text: "show Dune", from: ben, at: tuesday).text.contains("Borrowed: 2 times, all by Ana\n"))
    }

    @Test("list, search, show, digest and help answer in the member's language")
    func informational() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "checkout Dune", from: ana, at: utc("2026-11-10 09:00:00"))
        _ = await handler.handle(text: "hold Dune", from: ben, at: tuesday)
        let list = await handler.handle(text: "list checked out", from: ana, at: tuesday)
        #expect(list.text.contains("1 checked out:"))
        #expect(list.text.contains("#1 Dune, Frank Herbert (out: Ana, due Tue 24 Nov, overdue)"))
        let french = await handler.handle(text: "liste disponibles", from: ana, at: tuesday)
        #expect(french.text.contains("2 sur l'étagère :"))
        let search = await handler.handle(text: "search austen", from: ana, at: tuesday)
        #expect(search.text.contains("Emma, Jane Austen"))
        let show = await handler.handle(text: "show Dune", from: ana, at: tuesday)
        #expect(show.text.contains("Waiting: Ben"))
        // Lent once, the loan still open: how many times counts it, the last loans do not.
        #expect(show.text.hasSuffix("Borrowed: once"), "\(show.text)")
        let times = await handler.handle(text: "combien de fois Dune a été emprunté ?", from: ana, at: tuesday)
        #expect(times.text.contains("Emprunté : 1 fois"), "\(times.text)")
        // Emma's past loans, newest first, come after what the book is and where it is.
        _ = await handler.handle(text: "checkout Emma", from: ben, at: utc("2026-11-02 09:00:00"))
        _ = await handler.handle(text: "return Emma", from: ben, at: utc("2026-11-05 09:00:00"))
        _ = await handler.handle(text: "checkout Emma", from: ana, at: utc("2026-11-06 09:00:00"))
        _ = await handler.handle(text: "return Emma", from: ana, at: utc("2026-11-09 09:00:00"))
        let emma = await handler.handle(text: "show Emma", from: ana, at: tuesday)
        #expect(emma.text == """
            #2 Emma
              Author: Jane Austen
              Added: Sun 1 Nov
              Status: Emma is on the shelf.
              Borrowed: 2 times
              Last loans:
                Ana: Fri 6 Nov → Mon 9 Nov
                Ben: Mon 2 Nov → Thu 5 Nov
            """)
        let emmaInSlack = SlackRenderer.render(emma).blocks.compactMap(\.fields).flatMap { $0 }.map(\.text)
        #expect(emmaInSlack.last == "*Last loans*\nAna: Fri 6 Nov → Mon 9 Nov\nBen: Mon 2 Nov → Thu 5 Nov")
        let digest = await handler.handle(text: "who has what", from: ana, at: tuesday)
        #expect(digest.text.contains("Who has what: 1 book out"))
        #expect(digest.text.contains("Ana: Dune, due Tue 24 Nov (7 days overdue)"))
        #expect(digest.text.contains("Dune: Ben waiting"))
        #expect(digest.text.contains("2 books on the shelf."))
        let résumé = await handler.handle(text: "qui a quoi", from: ana, at: tuesday)
        #expect(résumé.text.contains("Qui a quoi : 1 livre emprunté"))
        #expect(résumé.text.contains("Ana : Dune, à rendre mar. 24 nov. (en retard de 7 jours)"))
        #expect(résumé.text.contains("Dune : Ben en attente"))
        let help = await handler.handle(text: "help", from: ana, at: tuesday)
        #expect(help.text.contains("checkout: `checkout Dune as Ana`"))
        let aide = await handler.handle(text: "aide emprunter", from: ana, at: tuesday)
        #expect(aide.text.contains("Exemple : `emprunter Dune pour Ana`"))
    }
}

@Suite("Renderers: user text cannot ping or break formatting")
struct RendererTests {
    let hostile = Reply(.success, "\(bold: "<!channel> *boom* @everyone")", lines: ["\("<@U123> `x` _y_ ~z~ & <#C1> @here")"],
                        fields: [Reply.Field("Author", "\("<@&42>")")], suggestion: "return <!channel>", language: .en)

    @Test("Slack: &, < and > are entities; formatting characters cannot pair")
    func slack() throws {
        let message = SlackRenderer.render(hostile)
        let json = message.jsonString()
        #expect(!json.contains("<!channel>"))
        #expect(!json.contains("<@U123>"))
        #expect(json.contains("&lt;!channel&gt;"))
        #expect(SlackRenderer.mrkdwn("\("*boom*")") == "*\u{200B}boom*\u{200B}")
        #expect(message.blocks.first?.text?.text.hasPrefix("*") == true)
        #expect(message.text.contains("&lt;!channel&gt; *boom*"), "the fallback keeps the words, escaped")
    }

    @Test("Discord: markdown escaped, @everyone and <@…> neutralized, in content and embed")
    func discord() throws {
        let message = DiscordRenderer.render(hostile)
        let json = message.jsonString()
        for dangerous in ["@everyone", "@here", "<@U123>", "<@&42>", "<#C1>"] {
            #expect(!message.content.contains(dangerous), "\(dangerous)")
            #expect(!json.contains(dangerous), "\(dangerous)")
        }
        #expect(message.content.contains("\\*boom\\*"))
        #expect(message.embeds.first?.fields?.first?.name == "Author")
    }

    @Test("Discord: the headline is the content, the rest is the embed, so nothing shows twice")
    func discordShape() {
        let checkout = Reply(.success, "\(bold: "Dune") is checked out to Ana.", lines: ["Due Fri 5 Dec."],
                             suggestion: "return Dune", language: .en)
        let message = DiscordRenderer.render(checkout)
        #expect(message.content == "**Dune** is checked out to Ana.")
        #expect(message.embeds == [DiscordRenderer.Embed(description: "Due Fri 5 Dec.", color: 0x2E_A0_43, fields: nil,
                                                         footer: DiscordRenderer.Footer(text: "Try: return Dune"))])
        #expect(!message.jsonString().contains("checked out to Ana.\\n"), "the headline is not repeated")
        // A reply that is only a headline has no embed at all.
        #expect(DiscordRenderer.render(Reply(.info, "Cancelled.", language: .en)).embeds.isEmpty)
    }

    @Test("a combining mark after < or @ does not hide it from the escaping")
    func combiningMarks() {
        // "<\u{0301}" and "@\u{0301}" are one Character each, but the platforms parse scalars.
        let title = "<\u{0301}!channel> *\u{0301}x* @\u{0301}everyone"
        let slack = SlackRenderer.render(Reply(.success, "\(title)", language: .en))
        #expect(slack.blocks.first?.text?.text == "&lt;\u{0301}!channel&gt; *\u{200B}\u{0301}x*\u{200B} @\u{0301}everyone")
        #expect(slack.text == "&lt;\u{0301}!channel&gt; *\u{0301}x* @\u{0301}everyone")
        let discord = DiscordRenderer.render(Reply(.success, "\(title)", language: .en))
        #expect(discord.content == "\\<\u{0301}!channel\\> \\*\u{0301}x\\* @\u{200B}\u{0301}everyone")
        #expect(DiscordRenderer.markdown("\(code: "a`b @here")") == "`a\u{02CB}b @\u{200B}here`")
    }

    /// A long digest: `count` lines of about 120 characters, each naming its number.
    func longReply(lines count: Int) -> Reply {
        Reply(.info, "\(String(repeating: "Who has what ", count: 400))", lines: (1...count).map { number in
            "\(bold: "Line \(number): The Pragmatic Programmer, 20th Anniversary Edition") with Ana Ruiz, due Friday 28 November"
        }, fields: [Reply.Field("Author", "\(String(repeating: "x", count: 3000))")], suggestion: "return Dune", language: .en)
    }

    /// The line numbers a rendered text shows, and the N of its "… (+N)", if any.
    func shown(_ texts: [String]) -> (numbers: [Int], more: Int?) {
        let all = texts.joined(separator: "\n")
        let numbers = all.split(separator: "\n").compactMap { line -> Int? in
            guard let range = line.range(of: "Line ") else { return nil }
            return Int(line[range.upperBound...].prefix { $0.isNumber })
        }
        let more = all.range(of: "… (+").map { Int(all[$0.upperBound...].prefix { $0.isNumber }) } ?? nil
        return (numbers, more)
    }

    @Test("Slack: a long reply stays inside Block Kit's limits, every line shown or counted")
    func slackLimits() {
        for count in [1, 30, 200, 3_000] {
            let message = SlackRenderer.render(longReply(lines: count))
            #expect(message.blocks.count <= 50)
            let texts = message.blocks.compactMap(\.text?.text)
            #expect(texts.allSatisfy { $0.utf16.count <= 3000 })
            #expect(message.blocks.compactMap(\.fields).joined().allSatisfy { $0.text.utf16.count <= 2000 })
            #expect(texts[0].hasSuffix("…"), "the 5,200-character title is cut")
            let (numbers, more) = shown(Array(texts.dropFirst()))
            #expect(numbers == Array(1...numbers.count), "lines in order, none skipped")
            #expect(numbers.count + (more ?? 0) == count)
            #expect((more == nil) == (count <= 200), "200 lines fit in 49 sections; 3,000 do not")
            #expect(message.blocks.last?.type == "context", "the suggestion stays, after the lines")
        }
    }

    @Test("Discord: a long reply stays inside the content and embed limits, cut between lines")
    func discordLimits() {
        for count in [1, 30, 200] {
            let message = DiscordRenderer.render(longReply(lines: count))
            #expect(message.content.utf16.count <= 2000 && message.content.hasSuffix("…"), "the 5,200-character headline is cut")
            #expect(message.embeds.count == 1)
            let embed = message.embeds[0]
            let description = embed.description ?? ""
            let fields = embed.fields ?? []
            #expect(description.utf16.count <= 4096)
            #expect(fields.allSatisfy { $0.value.utf16.count <= 1024 })
            let total = description.utf16.count + (embed.footer?.text.utf16.count ?? 0)
                + fields.reduce(0) { $0 + $1.name.utf16.count + $1.value.utf16.count }
            #expect(total <= 6000)
            let (numbers, more) = shown([description])
            #expect(numbers == Array(1..<(numbers.count + 1)), "lines in order, none skipped")
            #expect(numbers.count + (more ?? 0) == count)
            #expect((more == nil) == (count == 30 || count == 1), "about 33 lines fit in the description")
        }
    }

    @Test("Discord: a reply too long for one embed continues in the next messages, up to five")
    func discordMessages() {
        for count in [30, 200, 3_000] {
            let messages = DiscordRenderer.messages(longReply(lines: count))
            #expect(messages.count == (count == 30 ? 1 : 5), "about 33 lines an embed, five messages at most")
            #expect(messages[0].content.hasPrefix("Who has what"))
            #expect(messages.dropFirst().allSatisfy { $0.content.isEmpty }, "the headline once")
            #expect(messages[0].embeds.first?.fields?.first?.name == "Author", "the fields open the reply")
            #expect(messages.last?.embeds.first?.footer?.text == "Try: return Dune", "the suggestion closes it")
            #expect(messages.dropLast().allSatisfy { $0.embeds.first?.footer == nil })
            for message in messages {
                let embed = message.embeds.first
                let total = (embed?.description?.utf16.count ?? 0) + (embed?.footer?.text.utf16.count ?? 0)
                    + (embed?.fields ?? []).reduce(0) { $0 + $1.name.utf16.count + $1.value.utf16.count }
                #expect(total <= 6000 && (embed?.description?.utf16.count ?? 0) <= 4096)
            }
            let (numbers, more) = shown(messages.compactMap { $0.embeds.first?.description })
            #expect(numbers == Array(1..<(numbers.count + 1)), "lines in order across the messages")
            #expect(numbers.count + (more ?? 0) == count)
            #expect((more == nil) == (count == 30))
        }
        #expect(DiscordRenderer.render(longReply(lines: 200)) == DiscordRenderer.messages(longReply(lines: 200), atMost: 1)[0])
    }

    @Test("a cut never splits a character, and counts UTF-16 as the platforms do")
    func limitedText() {
        #expect("👍👍👍".limited(to: 6) == "👍👍👍")
        #expect("👍👍👍".limited(to: 5) == "👍👍…")
        #expect("👍👍👍".limited(to: 4) == "👍…")
        #expect("abc".limited(to: 0) == "")
        #expect(packLines(["aaaa", "bbbb", "cccc"], limit: 9, pieces: 2) == ["aaaa\nbbbb", "cccc"])
        #expect(packLines(["aaaa", "bbbb", "cccc", "dddd"], limit: 11, pieces: 1) == ["aaaa\n… (+3)"])
        #expect(packLines(["aaaa", "bbbb", "cccc", "dddd"], limit: 10, pieces: 1) == ["… (+4)"], "a line gives way to the count")
    }

    @Test("plain text shows the words as typed")
    func plain() {
        #expect(PlainRenderer.render(hostile).hasPrefix("<!channel> *boom* @everyone"))
    }
}

@Suite("CommandHandler: the remaining intents, in both languages")
struct CommandHandlerMoreTests {
    @Test("renew: success and limit, English and French")
    func renew() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "checkout Dune", from: ana, at: tuesday)
        let first = await handler.handle(text: "renew Dune", from: ana, at: utc("2026-12-10 09:00:00"))
        #expect(first.text.contains("Dune is renewed: due Thu 24 Dec."))
        #expect(first.text.contains("Renewal 1 of 2."))
        let second = await handler.handle(text: "prolonger Dune", from: ana, at: utc("2026-12-20 09:00:00"))
        #expect(second.text.contains("Dune est prolongé : à rendre dim. 3 janv. 2027."))
        let third = await handler.handle(text: "prolonger Dune", from: ana, at: utc("2026-12-21 09:00:00"))
        #expect(third.kind == .error)
        #expect(third.text.contains("a déjà été prolongé 2 fois, le maximum"))
        #expect(third.suggestion == "rendre Dune")
    }

    @Test("a verb without what it needs, or with what it cannot use, says what the command takes")
    func verbNeedsMore() async throws {
        let handler = try await makeHandler()
        let edit = await handler.handle(text: "edit Emma set colour to red", from: ana, at: tuesday)
        #expect(edit.kind == .error)
        #expect(edit.text.contains("edit needs more: for example `edit Dune set author to Frank Herbert`."))
        #expect(edit.text.contains("Change the title, author, publisher, categories or isbn of a book"))
        let french = await handler.handle(text: "modifier Emma couleur = rouge", from: ana, at: tuesday)
        #expect(french.text.contains("Changer le titre, l'auteur, l'éditeur, les catégories ou l'isbn d'un livre"))
        // The commands in the explanation are code on Slack, not escaped backticks.
        let checkout = await handler.handle(text: "checkout", from: ana, at: tuesday)
        let slack = SlackRenderer.render(checkout).blocks.compactMap(\.text?.text).joined(separator: "\n")
        #expect(slack.contains("for someone (`as NAME`, or `as @member` in chat)"), "\(slack)")
        let helpReply = await handler.handle(text: "help add", from: ana, at: tuesday)
        let help = SlackRenderer.render(helpReply).blocks.compactMap(\.text?.text).joined(separator: "\n")
        #expect(help.contains("Quote a title that contains ` by `."), "\(help)")
    }

    @Test("renew on the day of the checkout says when it would help, and uses no renewal")
    func renewTooEarly() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "checkout Dune", from: ana, at: tuesday)
        let early = await handler.handle(text: "renew Dune", from: ana, at: tuesday.addingTimeInterval(3600))
        #expect(early.kind == .info)
        #expect(early.text.contains("Dune is already due Tue 15 Dec: renewing it today would not give you more time, so nothing changed."))
        #expect(early.text.contains("Renew it from Wed 2 Dec to get more days."))
        let french = await handler.handle(text: "prolonger Dune", from: ana, at: tuesday.addingTimeInterval(7200))
        #expect(french.text.contains("Dune est déjà à rendre mar. 15 déc. : le prolonger aujourd'hui ne donnerait pas plus de temps"))
        #expect(french.text.contains("Prolongez-le à partir du mer. 2 déc. pour avoir plus de jours."))
        let renewed = await handler.handle(text: "renew Dune", from: ana, at: utc("2026-12-02 09:00:00"))
        #expect(renewed.text.contains("Dune is renewed: due Wed 16 Dec."))
        #expect(renewed.text.contains("Renewal 1 of 2."))
    }

    @Test("add, edit, search, show and delete in French; bad input explained")
    func catalogFrench() async throws {
        let handler = try await makeHandler()
        let added = await handler.handle(text: "ajouter Le Petit Prince par Antoine de Saint-Exupéry", from: ana, at: tuesday)
        #expect(added.text.contains("Le Petit Prince d'Antoine de Saint-Exupéry est ajouté sous le numéro #4."), "de elided before a vowel")
        let edited = await handler.handle(text: "modifier Le Petit Prince éditeur = Gallimard", from: ana, at: tuesday)
        #expect(edited.text.contains("l'éditeur est maintenant Gallimard"))
        let found = await handler.handle(text: "chercher gallimard", from: ana, at: tuesday)
        #expect(found.text.contains("1 trouvé pour « gallimard » :"))
        let shown = await handler.handle(text: "détails le petit prince", from: ana, at: tuesday)
        #expect(shown.text.contains("Éditeur : Gallimard"))
        #expect(shown.language == .fr)
        let badISBN = await handler.handle(text: "modifier Le Petit Prince isbn = 123", from: ana, at: tuesday)
        #expect(badISBN.kind == .error)
        #expect(badISBN.text.contains("« 123 » n'est pas un ISBN-10 ou ISBN-13 valide"))
        let deleted = await handler.handle(text: "supprimer Le Petit Prince", from: ana, at: tuesday)
        #expect(deleted.text.contains("Le Petit Prince (#4) est supprimé."))
        let nothing = await handler.handle(text: "chercher zorglub", from: ana, at: tuesday)
        #expect(nothing.text.contains("Rien ne correspond à « zorglub »."))
    }

    @Test("add isbn: a known ISBN is found, an unknown one asks for the title and author")
    func addISBN() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "add Nineteen Eighty-Four by George Orwell isbn: 978-0-451-52493-5", from: ana, at: tuesday)
        let known = await handler.handle(text: "add isbn 9780451524935", from: ana, at: tuesday)
        #expect(known.text.contains("ISBN 9780451524935 is already on the shelf: Nineteen Eighty-Four (#4)."))
        let unknown = await handler.handle(text: "add isbn 9780441172719", from: ana, at: tuesday)
        #expect(unknown.kind == .error)
        #expect(unknown.suggestion == "add TITLE by AUTHOR isbn: 9780441172719")
        let invalid = await handler.handle(text: "add isbn 9780441172718", from: ana, at: tuesday)
        #expect(invalid.text.contains("is not a valid ISBN-10 or ISBN-13"))
    }
}
