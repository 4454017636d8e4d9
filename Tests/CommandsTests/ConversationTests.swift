@testable import Commands
import Foundation
import LibraryCore
import Testing

@Suite("'it', 'that one', 'ça': the book the member last named")
struct LastNamedBookTests {
    @Test("kept as the bot stops and read as it starts again: 'it' and 'the second one' mean what they meant, for the rest of their half hour only")
    func acrossARestart() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "who has Dune", from: ana, at: minute(0))
        let list = await handler.handle(text: "list", from: ben, at: minute(1))
        #expect(list.text.contains("#3 Les Misérables") && list.text.contains("#2 Emma"), "\(list.text)")
        try await handler.saveContext(at: minute(2))

        let restarted = CommandHandler(library: handler.library, settings: handler.settings)
        try await restarted.restoreContext(at: minute(5))
        let lent = await restarted.handle(text: "checkout it", from: ana, at: minute(6))
        #expect(lent.text.hasPrefix("Dune is checked out to Ana."), "\(lent.text)")
        let second = await restarted.handle(text: "show the second", from: ben, at: minute(7))
        #expect(second.text.hasPrefix("#2 Emma"), "\(second.text)")

        // Ben named Emma at minute 7: within its half hour after another restart, it is still
        // Emma; past it, which book is asked.
        try await restarted.saveContext(at: minute(8))
        let soon = CommandHandler(library: handler.library, settings: handler.settings)
        try await soon.restoreContext(at: minute(30))
        let still = await soon.handle(text: "show it", from: ben, at: minute(30))
        #expect(still.text.hasPrefix("#2 Emma"), "\(still.text)")
        let late = CommandHandler(library: handler.library, settings: handler.settings)
        try await late.restoreContext(at: minute(40))
        let lapsed = await late.handle(text: "show it", from: ben, at: minute(40))
        #expect(lapsed.text.hasPrefix("Which book do you mean by “it”?"), "\(lapsed.text)")
    }

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

    @Test("how long can I keep it: the book last named, else the rules")
    func rulesOfIt() async throws {
        let handler = try await makeHandler()
        let general = await handler.handle(text: "how long can I keep it?", from: ana, at: tuesday)
        #expect(general.text.hasPrefix("Lending rules:"), "\(general.text)")
        _ = await handler.handle(text: "checkout Dune", from: ana, at: tuesday)
        let mine = await handler.handle(text: "how long can I keep it?", from: ana, at: tuesday)
        #expect(mine.text.hasPrefix("You have Dune, due Tue 15 Dec"), "\(mine.text)")
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
        // Answered like any "which one?".
        let picked = await handler.handle(text: "the second", from: ana, at: tuesday)
        #expect(picked.text.hasPrefix("It is checked out to Ana."), "\(picked.text)")
        _ = await handler.handle(text: "return #4", from: ana, at: tuesday)
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
        let offer = await handler.handle(text: "I'll take Emma", from: ana, at: tuesday)
        // Where the platform has buttons, one runs the command offered, for whoever presses it.
        #expect(offer.actions == [Reply.Action(label: "Yes: checkout Emma", command: "checkout Emma")])
        #expect(misspelt.actions.isEmpty, "the title's question has no command text in the member's words")
        #expect(SlackRenderer.render(offer).blocks.contains { $0.type == "actions" })
        #expect(DiscordRenderer.messages(offer).first?.components?.first?.components.first?.label == "Yes: checkout Emma")
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

@Suite("undo: the member's last change")
struct UndoTests {
    @Test("a checkout, several at once, a hold, a book added or renamed: undone; undone twice, done again")
    func undoes() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "checkout Dune", from: ana, at: tuesday)
        let back = await handler.handle(text: "undo", from: ana, at: tuesday.addingTimeInterval(60))
        #expect(back.text == "Dune is back on the shelf: your checkout is undone.", "\(back.text)")
        let again = await handler.handle(text: "undo", from: ana, at: tuesday.addingTimeInterval(120))
        #expect(again.text.hasPrefix("Dune is checked out to Ana."), "\(again.text)")
        _ = await handler.handle(text: "return Dune", from: ana, at: tuesday.addingTimeInterval(180))
        // Lent to Ben by mistake: undone, and Ben is told what happened.
        _ = await handler.handle(text: "checkout Dune as Ben", from: ana, at: tuesday.addingTimeInterval(190))
        let unlent = await handler.handle(text: "undo", from: ana, at: tuesday.addingTimeInterval(200))
        #expect(unlent.text == "Dune is back on the shelf: lending it to Ben is undone.", "\(unlent.text)")
        #expect(unlent.notices.map { PlainRenderer.render($0.reply) } == ["Ana undid checking out Dune to you: it is no longer on your books."])
        _ = await handler.handle(text: "checkout Emma, Les Misérables", from: ana, at: tuesday.addingTimeInterval(240))
        let both = await handler.handle(text: "undo", from: ana, at: tuesday.addingTimeInterval(300))
        #expect(both.text.contains("Les Misérables is back on the shelf") && both.text.contains("Emma is back on the shelf"), "\(both.text)")
        #expect(await handler.handle(text: "my books", from: ana, at: tuesday.addingTimeInterval(300)).text.hasPrefix("You have no books."))
        _ = await handler.handle(text: "checkout Dune", from: ben, at: tuesday.addingTimeInterval(360))
        _ = await handler.handle(text: "hold Dune", from: ana, at: tuesday.addingTimeInterval(420))
        let left = await handler.handle(text: "défaire", from: ana, at: tuesday.addingTimeInterval(480))
        #expect(left.text.hasPrefix("Vous n'êtes plus dans la file pour Dune."), "\(left.text)")
        _ = await handler.handle(text: "add Middlemarch by George Eliot", from: ana, at: tuesday.addingTimeInterval(540))
        let removed = await handler.handle(text: "undo", from: ana, at: tuesday.addingTimeInterval(600))
        #expect(removed.text.hasPrefix("Deleted Middlemarch"), "\(removed.text)")
        _ = await handler.handle(text: "rename Emma to Persuasion", from: ana, at: tuesday.addingTimeInterval(660))
        let renamed = await handler.handle(text: "undo that", from: ana, at: tuesday.addingTimeInterval(720))
        #expect(renamed.text.hasPrefix("Persuasion (#2): the title is now Emma."), "\(renamed.text)")
        // A title with two copies: both renamed, and both named back by `undo`.
        _ = await handler.handle(text: "add a copy of Dune", from: ana, at: tuesday.addingTimeInterval(780))
        let copies = await handler.handle(text: "rename Dune to Arrakis", from: ana, at: tuesday.addingTimeInterval(840))
        #expect(copies.text.hasPrefix("Dune (#1, #5): the title is now Arrakis."), "\(copies.text)")
        #expect(await handler.handle(text: "who has Arrakis", from: ana, at: tuesday.addingTimeInterval(850)).text.hasPrefix("2 copies:"))
        let namedBack = await handler.handle(text: "undo", from: ana, at: tuesday.addingTimeInterval(900))
        #expect(namedBack.text.contains("Arrakis (#5): the title is now Dune.") && namedBack.text.contains("Arrakis (#1): the title is now Dune."), "\(namedBack.text)")
        #expect(await handler.handle(text: "who has Dune", from: ana, at: tuesday.addingTimeInterval(910)).text.hasPrefix("2 copies:"))
    }

    @Test("nothing to undo: none made, another member's, after 10 minutes, or after a change that nothing undoes")
    func nothingToUndo() async throws {
        let handler = try await makeHandler()
        let nothing = "There is nothing to undo: a checkout, a return, a hold, leaving a line, passing a book on or reporting one, and a book added, edited, given a category or deleted can be undone within 10 minutes."
        #expect(await handler.handle(text: "undo", from: ana, at: tuesday).text == nothing)
        _ = await handler.handle(text: "checkout Dune", from: ana, at: tuesday)
        #expect(await handler.handle(text: "undo", from: ben, at: tuesday).text == nothing)
        #expect(await handler.handle(text: "undo", from: ana, at: tuesday.addingTimeInterval(11 * 60)).text == nothing)
        // A refused command changes nothing, and leaves the last change to undo.
        _ = await handler.handle(text: "checkout Emma", from: ana, at: tuesday.addingTimeInterval(12 * 60))
        #expect(await handler.handle(text: "checkout Dune", from: ana, at: tuesday.addingTimeInterval(13 * 60)).kind == .error)
        let undone = await handler.handle(text: "undo", from: ana, at: tuesday.addingTimeInterval(14 * 60))
        #expect(undone.text.hasPrefix("Emma is back on the shelf: your checkout is undone."), "\(undone.text)")
        // A renewal is no change to undo, and the checkout before it is not undone instead.
        let later = tuesday.addingTimeInterval(10 * 86_400)
        #expect(await handler.handle(text: "renew Dune", from: ana, at: later).kind == .success)
        #expect(await handler.handle(text: "undo", from: ana, at: later).text == nothing)
    }

    @Test("a return undone when someone is first in line: the book stays kept for them")
    func undoneReturnKeptForAnother() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "checkout Dune", from: ana, at: tuesday)
        _ = await handler.handle(text: "hold Dune", from: ben, at: tuesday)
        _ = await handler.handle(text: "return Dune", from: ana, at: tuesday.addingTimeInterval(60))
        let refused = await handler.handle(text: "undo", from: ana, at: tuesday.addingTimeInterval(120))
        #expect(refused.kind == .error)
        #expect(refused.text.hasPrefix("Dune is kept for Ben"), "\(refused.text)")
    }

    @Test("returning someone else's book undone: their loan open again, due as before, renewals kept, they are told; not once the book is out again or kept for the first in line")
    func othersReturnUndone() async throws {
        let handler = try await makeHandler()
        let benByID = Borrower(name: "Ben", userID: "U-BEN")
        _ = await handler.handle(text: "checkout Dune", from: ben, at: tuesday)
        _ = await handler.handle(text: "renew Dune", from: ben, at: tuesday.addingTimeInterval(8 * 86_400))
        let returned = await handler.handle(text: "return Dune", from: ana, at: tuesday.addingTimeInterval(9 * 86_400))
        #expect(returned.text.hasPrefix("Thanks! Dune is back on the shelf (borrowed by Ben)."), "\(returned.text)")
        let back = await handler.handle(text: "undo", from: ana, at: tuesday.addingTimeInterval(9 * 86_400 + 60))
        #expect(back.text == "Ben has Dune again, due Wed 23 Dec: your return of it is undone.", "\(back.text)")
        #expect(back.notices.map(\.to) == [benByID])
        #expect(back.notices.first?.reply.text == "Ana undid returning Dune for you: you have it again, due Wed 23 Dec.")
        // The same loan, with Ben's chat id: his own books list it.
        let his = await handler.handle(text: "my books", from: ben, at: tuesday.addingTimeInterval(9 * 86_400 + 60))
        #expect(his.text.contains("Dune"), "\(his.text)")
        // Undone again: returned again.
        let again = await handler.handle(text: "undo", from: ana, at: tuesday.addingTimeInterval(9 * 86_400 + 120))
        #expect(again.text.hasPrefix("Thanks! Dune is back on the shelf (borrowed by Ben)."), "\(again.text)")
        // Checked out by Chloé meanwhile: not reopened over her.
        let chloe = Sender(name: "Chloé", userID: "U-CHLOE")
        _ = await handler.handle(text: "checkout Dune", from: chloe, at: tuesday.addingTimeInterval(9 * 86_400 + 150))
        let out = await handler.handle(text: "undo", from: ana, at: tuesday.addingTimeInterval(9 * 86_400 + 180))
        #expect(out.kind == .error)
        #expect(out.text.hasPrefix("Dune is already checked out by Chloé"), "\(out.text)")
        // Kept for the first in line, who was told: not reopened either.
        _ = await handler.handle(text: "checkout Emma", from: ben, at: tuesday)
        _ = await handler.handle(text: "hold Emma", from: chloe, at: tuesday)
        _ = await handler.handle(text: "return Emma", from: ana, at: tuesday.addingTimeInterval(60))
        let kept = await handler.handle(text: "undo", from: ana, at: tuesday.addingTimeInterval(120))
        #expect(kept.kind == .error)
        #expect(kept.text.hasPrefix("Emma is kept for Chloé"), "\(kept.text)")
    }

    @Test("passing a book on undone: back with its giver, due as before, the other told, no loan of theirs left in its history; not once they returned it, nor when it went to the first in line")
    func passUndone() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "checkout Dune", from: ana, at: tuesday)
        _ = await handler.handle(text: "pass Dune to Ben", from: ana, at: tuesday.addingTimeInterval(3_600))
        let back = await handler.handle(text: "undo", from: ana, at: tuesday.addingTimeInterval(3_660))
        #expect(back.text == "Dune is yours again, due Tue 15 Dec: passing it to Ben is undone.", "\(back.text)")
        #expect(back.notices.map(\.to.name) == ["Ben"])
        #expect(back.notices.first?.reply.text == "Ana took Dune back: passing it on to you was undone.")
        let shown = await handler.handle(text: "show Dune", from: ana, at: tuesday.addingTimeInterval(3_660))
        #expect(shown.text.contains("Status: You have Dune since Tue 1 Dec, due Tue 15 Dec."), "\(shown.text)")
        #expect(!shown.text.contains("Ben"), "\(shown.text)")
        // Undone again: passed on again.
        let again = await handler.handle(text: "undo", from: ana, at: tuesday.addingTimeInterval(3_720))
        #expect(again.text.hasPrefix("Dune passes from you to Ben."), "\(again.text)")
        // Ben brought it back meanwhile: it is not taken from the shelf.
        _ = await handler.handle(text: "return Dune", from: ben, at: tuesday.addingTimeInterval(3_780))
        let late = await handler.handle(text: "undo", from: ana, at: tuesday.addingTimeInterval(3_840))
        #expect(late.text.hasPrefix("Dune is not checked out: it is on the shelf."), "\(late.text)")
        // To the first in line, the pass used their place: it is not undone.
        _ = await handler.handle(text: "checkout Emma", from: ana, at: tuesday)
        _ = await handler.handle(text: "hold Emma", from: ben, at: tuesday)
        #expect(await handler.handle(text: "pass Emma to Ben", from: ana, at: tuesday.addingTimeInterval(60)).kind == .success)
        let used = await handler.handle(text: "undo", from: ana, at: tuesday.addingTimeInterval(120))
        #expect(used.text.hasPrefix("There is nothing to undo"), "\(used.text)")
        #expect(await handler.handle(text: "what does Ben have", from: ana, at: tuesday.addingTimeInterval(120)).text.contains("Emma"))
    }

    @Test("leaving a line undone: back at the same place while the book is out; kept for you, it cannot be; back on the shelf, check it out")
    func leavingALineUndone() async throws {
        let handler = try await makeHandler()
        let chloe = Sender(name: "Chloé", userID: "U-CHLOE")
        _ = await handler.handle(text: "checkout Dune", from: chloe, at: tuesday)
        _ = await handler.handle(text: "hold Dune", from: ana, at: tuesday)
        _ = await handler.handle(text: "hold Dune", from: ben, at: tuesday.addingTimeInterval(60))
        _ = await handler.handle(text: "cancel hold Dune", from: ana, at: tuesday.addingTimeInterval(120))
        let back = await handler.handle(text: "undo", from: ana, at: tuesday.addingTimeInterval(180))
        #expect(back.text == "You are back in line for Dune: number 1.\n  Chloé has it, due Tue 15 Dec.", "\(back.text)")
        let line = await handler.handle(text: "show Dune", from: ana, at: tuesday.addingTimeInterval(180))
        #expect(line.text.contains("Waiting: Ana, Ben"), "\(line.text)")
        // Undone again: out of the line again.
        let left = await handler.handle(text: "undo", from: ana, at: tuesday.addingTimeInterval(240))
        #expect(left.text.hasPrefix("You are no longer in line for Dune."), "\(left.text)")
        // Returned meanwhile and kept for Ben, first in line: Ana's undo puts her after him, not before.
        _ = await handler.handle(text: "hold Dune", from: ana, at: tuesday.addingTimeInterval(300))
        _ = await handler.handle(text: "cancel hold Dune", from: ana, at: tuesday.addingTimeInterval(360))
        _ = await handler.handle(text: "return Dune", from: chloe, at: tuesday.addingTimeInterval(420))
        let after = await handler.handle(text: "undo", from: ana, at: tuesday.addingTimeInterval(480))
        #expect(after.text.hasPrefix("You are back in line for Dune: number 2."), "\(after.text)")
        // Ben, the book kept for him, leaves: the book goes to Ana, and that is not undone.
        _ = await handler.handle(text: "cancel hold Dune", from: ben, at: tuesday.addingTimeInterval(540))
        let kept = await handler.handle(text: "undo", from: ben, at: tuesday.addingTimeInterval(600))
        #expect(kept.text.hasPrefix("There is nothing to undo"), "\(kept.text)")
        // Ben leaves a line for a book that then comes back with nobody waiting: his undo says to check it out.
        _ = await handler.handle(text: "checkout Dune", from: ana, at: tuesday.addingTimeInterval(660))
        _ = await handler.handle(text: "hold Dune", from: ben, at: tuesday.addingTimeInterval(720))
        _ = await handler.handle(text: "cancel hold Dune", from: ben, at: tuesday.addingTimeInterval(780))
        _ = await handler.handle(text: "return Dune", from: ana, at: tuesday.addingTimeInterval(840))
        let free = await handler.handle(text: "undo", from: ben, at: tuesday.addingTimeInterval(900))
        #expect(free.text.hasPrefix("Dune is on the shelf: check it out instead."), "\(free.text)")
    }
}

@Suite("'which one?': the member's next message picks the book")
struct BookChoiceTests {
    /// The library of `makeHandler` with Emmy (#4) beside Emma (#2): `Emmx` could be either.
    func handlerWithEmmy() async throws -> CommandHandler {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "add Emmy by Ann Author", from: ana, at: tuesday)
        return handler
    }

    @Test("checkout Emmx: which one is asked; #4, 4, the second one, Emmy, the last or la première picks it, and the command runs")
    func answered() async throws {
        let handler = try await handlerWithEmmy()
        let which = await handler.handle(text: "checkout Emmx", from: ana, at: tuesday)
        #expect(which.text == """
            'Emmx' matches several books; which one?
              `#2` Emma, Jane Austen
              `#4` Emmy, Ann Author
              Answer with its number, such as `#2`, or its place: `the second`.
              Try: `checkout #2`
            """, "\(which.text)")
        // Where the platform has buttons, one for each book, running the command for it.
        #expect(which.actions == [Reply.Action(label: "#2 Emma", command: "checkout #2"), Reply.Action(label: "#4 Emmy", command: "checkout #4")])
        #expect(DiscordRenderer.messages(which).first?.components?.first?.components.map(\.label) == ["#2 Emma", "#4 Emmy"])
        #expect(SlackRenderer.render(which).blocks.contains { $0.type == "actions" })
        for answer in ["#4", "4", "the second one", "Emmy", "emmy!", "the last", "2nd", "number 4"] {
            _ = await handler.handle(text: "checkout Emmx", from: ana, at: tuesday)
            let picked = await handler.handle(text: answer, from: ana, at: tuesday)
            #expect(picked.text.hasPrefix("Emmy is checked out to Ana."), "\(answer): \(picked.text)")
            _ = await handler.handle(text: "return Emmy", from: ana, at: tuesday)
        }
        // In French, and for another command: the same command, for the book picked.
        _ = await handler.handle(text: "checkout Emma", from: ana, at: tuesday)
        let french = await handler.handle(text: "réserver Emmx pour Ben", from: ana, at: tuesday)
        #expect(french.text.contains("Répondez par son numéro, par exemple `#2`, ou sa place : `le deuxième`."), "\(french.text)")
        #expect(french.suggestion == "réserver #2 pour Ben")
        let first = await handler.handle(text: "la première", from: ana, at: tuesday)
        #expect(first.text.hasPrefix("Ben est numéro 1 dans la file pour Emma."), "\(first.text)")
    }

    @Test("yes and ok ask again; no, another command, another member or 5 minutes end the choice")
    func notAnswered() async throws {
        let handler = try await handlerWithEmmy()
        _ = await handler.handle(text: "checkout Emmx", from: ana, at: tuesday)
        let yes = await handler.handle(text: "yes", from: ana, at: tuesday)
        #expect(yes.text.hasPrefix("Which one?\n  `#2` Emma, Jane Austen\n  `#4` Emmy, Ann Author\n"), "\(yes.text)")
        let ok = await handler.handle(text: "ok", from: ana, at: tuesday)
        #expect(ok.text.hasPrefix("Which one?"), "\(ok.text)")
        // Ben's "2" is not Ana's answer.
        let bens = await handler.handle(text: "2", from: ben, at: tuesday)
        #expect(!bens.text.contains("checked out"), "\(bens.text)")
        #expect(await handler.handle(text: "1", from: ana, at: tuesday).text.hasPrefix("Emma is checked out to Ana."))
        for ending in ["no", "who has Dune"] {
            _ = await handler.handle(text: "checkout Emmx", from: ben, at: tuesday)
            _ = await handler.handle(text: ending, from: ben, at: tuesday)
            let late = await handler.handle(text: "Emmy", from: ben, at: tuesday)
            #expect(late.text.hasPrefix("Emmy is on the shelf."), "after \(ending): \(late.text)")
        }
        _ = await handler.handle(text: "checkout Emmx", from: ben, at: tuesday)
        let lapsed = await handler.handle(text: "Emmy", from: ben, at: tuesday.addingTimeInterval(301))
        #expect(lapsed.text.hasPrefix("Emmy is on the shelf."), "\(lapsed.text)")
        // A place or number that is none of the books: the words are read as they are.
        _ = await handler.handle(text: "checkout Emmx", from: ben, at: tuesday)
        let third = await handler.handle(text: "the third", from: ben, at: tuesday)
        #expect(third.text.hasPrefix("I did not understand"), "\(third.text)")
        #expect(await handler.handle(text: "my books", from: ben, at: tuesday).text.hasPrefix("You have no books."))
    }

    @Test("Did you mean The Hobbit or The Great Gatsby?: the title answered (or its place) picks it")
    func titlesOffered() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "add The Hobbit by J.R.R. Tolkien", from: ana, at: tuesday)
        _ = await handler.handle(text: "add The Great Gatsby by F. Scott Fitzgerald", from: ana, at: tuesday)
        let which = await handler.handle(text: "checkout the", from: ana, at: tuesday)
        #expect(which.text.hasPrefix("No book matches 'the'. Did you mean The Hobbit or The Great Gatsby?\n  Answer with the title you meant, or `no`.\n  Try: `checkout The Hobbit`"), "\(which.text)")
        #expect(which.actions.map(\.command) == ["checkout The Hobbit", "checkout The Great Gatsby"])
        let picked = await handler.handle(text: "the hobbit", from: ana, at: tuesday)
        #expect(picked.text.hasPrefix("The Hobbit is checked out to Ana."), "\(picked.text)")
        _ = await handler.handle(text: "checkout the", from: ben, at: tuesday)
        let second = await handler.handle(text: "the second one", from: ben, at: tuesday)
        #expect(second.text.hasPrefix("The Great Gatsby is checked out to Ben."), "\(second.text)")
    }

    @Test("a deletion is never finished by a choice: #2 after delete Emmx deletes nothing")
    func noDeletionChosen() async throws {
        let handler = try await handlerWithEmmy()
        let which = await handler.handle(text: "delete Emmx", from: ana, at: tuesday)
        #expect(which.text.hasPrefix("'Emmx' matches several books; which one?"), "\(which.text)")
        #expect(which.actions.isEmpty)
        _ = await handler.handle(text: "#2", from: ana, at: tuesday)
        #expect(await handler.handle(text: "who has Emma", from: ana, at: tuesday).text.hasPrefix("Emma is on the shelf."))
    }

    @Test("picking: a number shown is that book before a place; two books of one title need the author; long or empty answers pick none")
    func picking() {
        let books = [Book(id: 7, title: "Emma", author: "Jane Austen", addedAt: tuesday), Book(id: 2, title: "Emma", author: "Ann Author", addedAt: tuesday),
                     Book(id: 9, title: "Emmy", author: "Ann Author", addedAt: tuesday)]
        let choice = BookChoice(intent: .checkout(book: "Emmx", borrower: nil), language: nil,
                                candidates: books.map { .init(book: $0, reference: "#\($0.id)") }, showsNumbers: true)
        #expect(choice.pick("2")?.book.id == 2, "the book numbered 2, not the second")
        #expect(choice.pick("3")?.book.id == 9, "no book is #3: the third")
        #expect(choice.pick("#12") == nil)
        #expect(choice.pick("Emma") == nil, "two books are titled Emma")
        #expect(choice.pick("Emma by Ann Author")?.book.id == 2)
        #expect(choice.pick("« Emma », Jane Austen")?.book.id == 7)
        #expect(choice.pick("le dernier")?.book.id == 9)
        #expect(choice.pick("") == nil)
        #expect(choice.pick(String(repeating: "Emmy ", count: 20_000)) == nil)
        #expect(choice.command(choice.candidates[2]) == ParsedCommand(intent: .checkout(book: "#9", borrower: nil), language: nil))
        let titles = BookChoice(intent: .show(book: "x"), language: .fr, candidates: books.map { .init(book: $0, reference: $0.title) }, showsNumbers: false)
        #expect(titles.pick("2")?.book.id == 2, "with no numbers shown, 2 is the second")
    }

    @Test("the commands a choice types parse back to themselves, in English and French")
    func typedParsesBack() {
        let intents: [Intent] = [
            .checkout(book: "#4", borrower: nil), .checkout(book: "#4", borrower: "Ben"), .returnBook(book: "#4"), .renew(book: "#4"),
            .hold(book: "#4", holder: nil), .hold(book: "#4", holder: "Ben"), .cancelHold(book: "#4", holder: nil), .cancelHold(book: "#4", holder: "Ben"),
            .whoHas(book: "#4"), .show(book: "#4"), .handOver(book: "#4", to: "Ben"), .report(book: "#4", kind: .lost),
            .report(book: "#4", kind: .damaged, note: "the cover is torn"), .report(book: "#4", kind: .repaired),
        ]
        for language in Language.allCases {
            for intent in intents {
                let typed = intent.typed(in: language)
                #expect(typed.map { CommandParser.parse($0).intent } == intent, "\(typed ?? "nil")")
            }
        }
        #expect(Intent.delete(books: ["#4"]).typed(in: .en) == nil)
    }
}
