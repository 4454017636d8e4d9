@testable import Commands
import Foundation
import LibraryCore
import Testing

@Suite("'it', 'that one', 'ça': the book the member last named")
struct LastNamedBookTests {
    @Test("who has Dune, then checkout it, hold that one, pass it on: that book; each member's own; in French too")
    func itIsTheBookLastNamed() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "who has Dune", from: ana, at: tuesday)
        let lent = await handler.handle(text: "checkout it", from: ana, at: tuesday)
        #expect(lent.text.hasPrefix("Dune is checked out to Ana."), "\(lent.text)")
        // Ben named nothing yet: his "it" is asked about, and nothing is done.
        let bens = await handler.handle(text: "hold it", from: ben, at: tuesday)
        #expect(bens.kind == .error)
        #expect(bens.text.hasPrefix("Which book do you mean by “it”? Name it by its title or its number (`#3`)."), "\(bens.text)")
        #expect(bens.suggestion == "hold Dune")
        _ = await handler.handle(text: "show Dune", from: ben, at: tuesday)
        let held = await handler.handle(text: "hold that one", from: ben, at: tuesday)
        #expect(held.text.hasPrefix("You are number 1 in line for Dune."), "\(held.text)")
        // Chloé asks to be told when it is back: she is put in line after Ben.
        let chloe = Sender(name: "Chloé", userID: "U-CHLOE")
        _ = await handler.handle(text: "who has Dune", from: chloe, at: tuesday)
        let told = await handler.handle(text: "let me know when it's back", from: chloe, at: tuesday)
        #expect(told.text.hasPrefix("You are number 2 in line for Dune."), "\(told.text)")
        // "is it available?" and "pass it to Ben" from Ana: still Dune.
        let available = await handler.handle(text: "is it available?", from: ana, at: tuesday)
        #expect(available.text.hasPrefix("You have Dune since Tue 1 Dec"), "\(available.text)")
        let passed = await handler.handle(text: "pass it to Chloé", from: ana, at: tuesday)
        #expect(passed.text.contains("Dune"), "\(passed.text)")
        #expect(!passed.text.contains("No book matches"), "\(passed.text)")
        // In French: the pronoun before the verb, or after an imperative.
        _ = await handler.handle(text: "qui a Emma ?", from: ben, at: tuesday)
        let taken = await handler.handle(text: "je le prends", from: ben, at: tuesday)
        #expect(taken.text.hasPrefix("Emma est emprunté par Ben."), "\(taken.text)")
        let back = await handler.handle(text: "rends-le", from: ben, at: tuesday)
        #expect(back.text.hasPrefix("Merci ! Emma est de retour sur l'étagère"), "\(back.text)")
        let french = await handler.handle(text: "réserve-le", from: Sender(name: "Dan", userID: "U-DAN"), at: tuesday)
        #expect(french.text.hasPrefix("Quel livre, « ça » ?"), "\(french.text)")
    }

    @Test("half an hour on, or after naming no book or several, 'it' is asked about, not guessed")
    func forgotten() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "who has Dune", from: ana, at: tuesday)
        let later = await handler.handle(text: "checkout it", from: ana, at: tuesday.addingTimeInterval(31 * 60))
        #expect(later.text.hasPrefix("Which book do you mean by “it”?"), "\(later.text)")
        for naming in ["who has Dnuex Zzz", "who has Dune, Emma"] {
            _ = await handler.handle(text: "who has Dune", from: ana, at: tuesday)
            _ = await handler.handle(text: naming, from: ana, at: tuesday)
            let it = await handler.handle(text: "checkout it", from: ana, at: tuesday)
            #expect(it.text.hasPrefix("Which book do you mean by “it”?"), "after \(naming): \(it.text)")
        }
        #expect(await handler.handle(text: "my books", from: ana, at: tuesday).text.hasPrefix("You have no books."))
    }

    @Test("my books: with one book, it is that one; with several, return it asks which")
    func ownBooksListed() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "checkout Emma", from: ana, at: tuesday)
        _ = await handler.handle(text: "who has Dune", from: ana, at: tuesday)
        _ = await handler.handle(text: "my books", from: ana, at: tuesday)
        let one = await handler.handle(text: "return it", from: ana, at: tuesday)
        #expect(one.text.hasPrefix("Thanks! Emma is back on the shelf"), "\(one.text)")
        _ = await handler.handle(text: "checkout Emma, Dune", from: ana, at: tuesday)
        _ = await handler.handle(text: "show Dune", from: ana, at: tuesday)
        _ = await handler.handle(text: "my books", from: ana, at: tuesday)
        let which = await handler.handle(text: "return it", from: ana, at: tuesday)
        #expect(which.text.hasPrefix("Which one? You have 2 books:"), "\(which.text)")
    }

    @Test("a suggestion that points back names the book: I'll take it → checkout Dune")
    func suggestionPointingBack() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "who has Dune", from: ana, at: tuesday)
        let offered = await handler.handle(text: "I'll take it", from: ana, at: tuesday)
        #expect(offered.text.hasPrefix("I did not understand 'I'll take it'. Did you mean `checkout Dune`?"), "\(offered.text)")
        #expect(offered.suggestion == "checkout Dune")
    }

    @Test("a book renamed goes by its new title: edit Dune set title to Arrakis, then show it")
    func renamed() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "edit Dune set title to Arrakis", from: ana, at: tuesday)
        let shown = await handler.handle(text: "show it", from: ana, at: tuesday)
        #expect(shown.text.hasPrefix("#1 Arrakis"), "\(shown.text)")
    }

    @Test("help says so, in English and French")
    func helpSaysSo() async throws {
        let handler = try await makeHandler()
        #expect(await handler.handle(text: "help", from: ana, at: tuesday).text.contains("`it` is the book you last named: `who has Dune`, then `checkout it`"))
        #expect(await handler.handle(text: "aide", from: ana, at: tuesday).text.contains("`ça` est le dernier livre nommé : `qui a Dune`, puis `emprunter ça`"))
    }

    @Test("the commands of one message: who has Dune, then checkout it")
    func withinOneMessage() async throws {
        let handler = try await makeHandler()
        let reply = await handler.handle(text: "who has Dune\ncheckout it", from: ana, at: tuesday)
        #expect(reply.text.contains("Dune is checked out to Ana."), "\(reply.text)")
    }

    @Test("a book titled It: typed as a title, that book; 'it' after naming another book: which one is asked")
    func bookTitledIt() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "add It by Stephen King", from: ana, at: tuesday)
        _ = await handler.handle(text: "who has Dune", from: ana, at: tuesday)
        let which = await handler.handle(text: "checkout it", from: ana, at: tuesday)
        #expect(which.kind == .error)
        #expect(which.text.hasPrefix("'it' matches several books; which one?\n  `#1` Dune, Frank Herbert\n  `#4` It, Stephen King"), "\(which.text)")
        let titled = await handler.handle(text: "checkout It", from: ana, at: tuesday)
        #expect(titled.text.hasPrefix("It is checked out to Ana."), "\(titled.text)")
        let back = await handler.handle(text: "return it", from: ana, at: tuesday)
        #expect(back.text.contains("It is back on the shelf"), "\(back.text)")
    }
}

@Suite("yes to 'Did you mean …?': the command offered")
struct OfferedCommandTests {
    @Test("a title misspelt, a verb misspelt, a phrasing not sure enough: yes (yep, sure, oui) does it")
    func yesRunsTheOffer() async throws {
        let handler = try await makeHandler()
        let misspelt = await handler.handle(text: "checkout Dnuee", from: ana, at: tuesday)
        #expect(misspelt.text.hasPrefix("No book matches 'Dnuee'. Did you mean Dune?"), "\(misspelt.text)")
        let yes = await handler.handle(text: "yes", from: ana, at: tuesday)
        #expect(yes.text.hasPrefix("Dune is checked out to Ana."), "\(yes.text)")
        _ = await handler.handle(text: "retrun Dune", from: ana, at: tuesday)
        let yep = await handler.handle(text: "yep", from: ana, at: tuesday)
        #expect(yep.text.hasPrefix("Thanks! Dune is back on the shelf"), "\(yep.text)")
        _ = await handler.handle(text: "I'll take Emma", from: ana, at: tuesday)
        // "ok" is not quite a yes: how to answer is said, and the offer stays.
        let ok = await handler.handle(text: "ok", from: ana, at: tuesday)
        #expect(ok.text.hasPrefix("Answer `yes` to do it, or `no`."), "\(ok.text)")
        let sure = await handler.handle(text: "sure", from: ana, at: tuesday)
        #expect(sure.text.hasPrefix("Emma is checked out to Ana."), "\(sure.text)")
        _ = await handler.handle(text: "emprunteer Les Misérables", from: ben, at: tuesday)
        let oui = await handler.handle(text: "oui", from: ben, at: tuesday)
        #expect(oui.text.hasPrefix("Les Misérables est emprunté par Ben."), "\(oui.text)")
    }

    @Test("the offer is answered by the next message or not at all, within the confirmation window, by the member it was made to")
    func offerLapses() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "checkout Dnuee", from: ana, at: tuesday)
        let bens = await handler.handle(text: "yes", from: ben, at: tuesday)
        #expect(bens.text == "There is nothing to confirm.", "\(bens.text)")
        _ = await handler.handle(text: "who has Emma", from: ana, at: tuesday)
        #expect(await handler.handle(text: "yes", from: ana, at: tuesday).text == "There is nothing to confirm.")
        _ = await handler.handle(text: "checkout Dnuee", from: ana, at: tuesday)
        #expect(await handler.handle(text: "yes", from: ana, at: tuesday.addingTimeInterval(301)).text == "There is nothing to confirm.")
        _ = await handler.handle(text: "checkout Dnuee", from: ana, at: tuesday)
        #expect(await handler.handle(text: "no", from: ana, at: tuesday).text == "OK: nothing was done.")
        #expect(await handler.handle(text: "yes", from: ana, at: tuesday).text == "There is nothing to confirm.")
        #expect(await handler.handle(text: "my books", from: ana, at: tuesday).text.hasPrefix("You have no books."))
    }

    @Test("a title that starts like a yes (Yes Man, Sure Thing) alone asks who has it; other such words are not offered `yes`")
    func titlesLikeYes() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "add Yes Man by Danny Wallace", from: ana, at: tuesday)
        _ = await handler.handle(text: "add Sure Thing by Ann Author", from: ana, at: tuesday)
        for title in ["Yes Man", "Sure Thing"] {
            let reply = await handler.handle(text: title, from: ben, at: tuesday)
            #expect(reply.text.hasPrefix("\(title) is on the shelf."), "\(reply.text)")
        }
        let other = await handler.handle(text: "Yeah Yeah Yeah", from: ben, at: tuesday)
        #expect(other.text.hasPrefix("I did not understand 'Yeah Yeah Yeah'.\n"), "\(other.text)")
    }

    @Test("a deletion of a misspelt title is not offered: yes does nothing")
    func noDeletionOffered() async throws {
        let handler = try await makeHandler()
        let misspelt = await handler.handle(text: "delete Dnuee", from: ana, at: tuesday)
        #expect(misspelt.text.hasPrefix("No book matches 'Dnuee'. Did you mean Dune?"), "\(misspelt.text)")
        #expect(await handler.handle(text: "yes", from: ana, at: tuesday).text == "There is nothing to confirm.")
        #expect(await handler.handle(text: "who has Dune", from: ana, at: tuesday).text.hasPrefix("Dune is on the shelf."))
    }
}

@Suite("Genres: a catalog's subjects as a book's categories")
struct GenresTests {
    @Test("the genres the subjects name, in order, at most three, in the library's language; places and themes give none")
    func genres() {
        let dune = ["Dune (Imaginary place)", "Fiction", "Science Fiction", "Life on other planets", "Fiction, science fiction, general",
                    "Large type books", "Children's fiction", "Dystopias", "Fantasy fiction"]
        #expect(Genres.categories(fromSubjects: dune, language: .en) == ["Science fiction", "Children", "Dystopia"])
        #expect(Genres.categories(fromSubjects: dune, language: .fr) == ["Science-fiction", "Jeunesse", "Dystopie"])
        #expect(Genres.categories(fromSubjects: ["Romans policiers", "Bandes dessinées"], language: .fr) == ["Policier", "Bande dessinée"])
        #expect(Genres.categories(fromSubjects: ["Foxes", "Fiction", "Mississippi River Valley", "History"], language: .en).isEmpty)
        // Whole words: "Programmingless" or "Travelers" is no genre.
        #expect(Genres.categories(fromSubjects: ["Travelers", "Cookbooks"], language: .en).isEmpty)
    }
}
