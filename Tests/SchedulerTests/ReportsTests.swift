import Commands
import Foundation
import TestSupport
import LibraryCore
import Scheduler
import Testing

/// A fixture library in Paris: Ana has Dune (overdue) and Emma (due soon), Ben has Persuasion
/// (due in ten days), Chloé waits for Dune; Les Misérables is on the shelf.
func fixtureLibrary() async throws -> LibraryService {
    let library = LibraryService(database: try LibraryDatabase.inMemory(),
                                 rules: LibraryRules(loanDays: 14, timeZone: try zone("Europe/Paris")))
    try await library.add([
        NewBook(title: "Dune", author: "Frank Herbert"), NewBook(title: "Emma", author: "Jane Austen"),
        NewBook(title: "Persuasion", author: "Jane Austen"), NewBook(title: "Les Misérables", author: "Victor Hugo"),
    ], at: utc("2026-11-01 10:00:00"))
    let ana = Borrower(name: "Ana", userID: "U-ANA")
    try await library.checkout("Dune", to: ana, at: utc("2026-11-10 10:00:00"))       // due Tue 24 Nov
    try await library.checkout("Emma", to: ana, at: utc("2026-11-19 10:00:00"))       // due Thu 3 Dec
    try await library.checkout("Persuasion", to: Borrower(name: "Ben"), at: utc("2026-11-28 10:00:00")) // due Sat 12 Dec
    try await library.hold("Dune", for: Borrower(name: "Chloé"), at: utc("2026-11-20 10:00:00"))
    return library
}

let december2 = utc("2026-12-02 08:00:00")

@Suite("The digest and the reminders")
struct ReportsTests {
    @Test("the digest in English: books out by borrower, overdue marked, holds, count on the shelf")
    func digestEnglish() async throws {
        let reports = LibraryReports(library: try await fixtureLibrary(), language: .en, timeZone: try zone("Europe/Paris"))
        let text = PlainRenderer.render(try await reports.digest(at: december2))
        #expect(text == """
            Who has what: 3 books out
              Ana: Dune, due Tue 24 Nov (8 days overdue); Emma, due Thu 3 Dec (tomorrow)
              Ben: Persuasion, due Sat 12 Dec
              Holds:
              Dune: Chloé waiting
              1 book on the shelf.
            """)
    }

    @Test("the digest in French")
    func digestFrench() async throws {
        let reports = LibraryReports(library: try await fixtureLibrary(), language: .fr, timeZone: try zone("Europe/Paris"))
        let text = PlainRenderer.render(try await reports.digest(at: december2))
        #expect(text == """
            Qui a quoi : 3 livres empruntés
              Ana : Dune, à rendre mar. 24 nov. (en retard de 8 jours) ; Emma, à rendre jeu. 3 déc. (demain)
              Ben : Persuasion, à rendre sam. 12 déc.
              Réservations :
              Dune : Chloé en attente
              1 livre sur l'étagère.
            """)
    }

    @Test("a book back on the shelf with a line is named as kept for the first in it, in English and French")
    func digestKeptBooks() async throws {
        let library = try await fixtureLibrary()
        // Dune comes back: it is kept for Chloé, and Dan queues behind her.
        _ = try await library.returnBook("Dune", at: utc("2026-12-01 10:00:00"))
        try await library.hold("Dune", for: Borrower(name: "Dan"), at: utc("2026-12-01 11:00:00"))
        let english = LibraryReports(library: library, language: .en, timeZone: try zone("Europe/Paris"))
        #expect(PlainRenderer.render(try await english.digest(at: december2)) == """
            Who has what: 2 books out
              Ana: Emma, due Thu 3 Dec (tomorrow)
              Ben: Persuasion, due Sat 12 Dec
              Holds:
              Dune: on the shelf, kept for Chloé until Tue 8 Dec, then Dan waiting
              2 books on the shelf.
            """)
        let french = LibraryReports(library: library, language: .fr, timeZone: try zone("Europe/Paris"))
        #expect(PlainRenderer.render(try await french.digest(at: december2)).contains("Dune : sur l'étagère, réservé pour Chloé jusqu'au mar. 8 déc., puis Dan en attente"))

        // Everything back: the kept book is still named.
        _ = try await library.returnBook("Emma", at: december2)
        _ = try await library.returnBook("Persuasion", at: december2)
        _ = try await library.cancelHold("Dune", for: Borrower(name: "Dan"), at: december2)
        #expect(PlainRenderer.render(try await english.digest(at: december2)) == """
            Nobody has a book right now.
              Holds:
              Dune: on the shelf, kept for Chloé until Tue 8 Dec
              4 books on the shelf.
            """)
    }

    @Test("copies reported lost: marked where they are out, listed as missing where nobody has them, and reminded of no more")
    func digestMissing() async throws {
        let library = try await fixtureLibrary()
        let chloe = Borrower(name: "Chloé")
        try await library.setReport(of: 1, to: CopyReport(.lost, by: Borrower(name: "Ana", userID: "U-ANA"), at: utc("2026-11-30 10:00:00")), at: december2)
        try await library.setReport(of: 4, to: CopyReport(.lost, by: chloe, at: utc("2026-12-01 10:00:00")), at: december2)
        try await library.setReport(of: 3, to: CopyReport(.damaged, by: chloe, at: utc("2026-12-01 10:00:00")), at: december2)
        // Waited for while missing: not kept for anyone, its line is with it.
        try await library.hold("#4", for: Borrower(name: "Zoé"), at: december2)
        let english = LibraryReports(library: library, language: .en, timeZone: try zone("Europe/Paris"))
        let digest = PlainRenderer.render(try await english.digest(at: december2))
        #expect(digest == """
            Who has what: 3 books out
              Ana: Dune, due Tue 24 Nov (8 days overdue; reported lost by Ana, Mon 30 Nov); Emma, due Thu 3 Dec (tomorrow)
              Ben: Persuasion, due Sat 12 Dec (reported damaged by Chloé, Tue 1 Dec)
              Holds:
              Dune: Chloé waiting
              Missing:
              Les Misérables (#4), reported lost by Chloé, Tue 1 Dec; Zoé waits for it
              0 books on the shelf.
            """, "\(digest)")
        let french = LibraryReports(library: library, language: .fr, timeZone: try zone("Europe/Paris"))
        #expect(PlainRenderer.render(try await french.digest(at: december2)).contains("\n  Introuvables :\n  Les Misérables (#4), signalé perdu par Chloé, mar. 1 déc. ; Zoé l'attend\n"))
        // Ana is reminded of Emma, not of Dune.
        let reminders = try await english.reminders(at: december2, dueSoonDays: 2)
        #expect(reminders.map(\.borrower.name) == ["Ana"])
        #expect(reminders.first?.loans.map(\.book.title) == ["Emma"])
    }

    @Test("nothing out: a short line, still a digest")
    func emptyDigest() async throws {
        let library = LibraryService(database: try LibraryDatabase.inMemory())
        try await library.add(NewBook(title: "Dune", author: "Frank Herbert"), at: december2)
        let reports = LibraryReports(library: library, language: .en, timeZone: try zone("UTC"))
        #expect(PlainRenderer.render(try await reports.digest(at: december2)) == "Nobody has a book right now. 1 book on the shelf.")
    }

    @Test("reminders: one per borrower with something due soon or overdue, with the commands to use")
    func reminders() async throws {
        let reports = LibraryReports(library: try await fixtureLibrary(), language: .en, timeZone: try zone("Europe/Paris"))
        let reminders = try await reports.reminders(at: december2, dueSoonDays: 2)
        #expect(reminders.map(\.borrower.name) == ["Ana"])
        #expect(reminders.first?.borrower.userID == "U-ANA")
        #expect(PlainRenderer.render(try #require(reminders.first).reply) == """
            Library reminder for Ana: 2 books to bring back
              Dune, due Tue 24 Nov (8 days overdue) — Chloé is waiting for it
              Emma, due Thu 3 Dec (tomorrow)
              Type `return Dune` once it is back: someone is waiting for it, so it cannot be renewed.
              Or `return all` once they are all back.
              Try: `return Dune`
            """)
        let later = try await reports.reminders(at: utc("2026-12-11 08:00:00"), dueSoonDays: 2)
        #expect(later.map(\.borrower.name) == ["Ana", "Ben"])
        // Ben's Persuasion has nobody waiting: renewing is offered, with a button.
        #expect(PlainRenderer.render(later[1].reply).contains("Type `return Persuasion` once it is back, or `renew Persuasion` for more time."))
        let persuasion = try #require(try await reports.library.whoHas("Persuasion").first?.book.id)
        #expect(later[1].reply.actions == [Reply.Action(label: "Renew Persuasion", command: "renew #\(persuasion)")])
        // Ana's Dune has a line: a button only for Emma.
        let emma = try #require(try await reports.library.whoHas("Emma").first?.book.id)
        #expect(reminders.first?.reply.actions == [Reply.Action(label: "Renew Emma", command: "renew #\(emma)")])
    }

    @Test("a member who asked for quiet is reminded of a late book only, not of one due soon; back on, of both")
    func quietMember() async throws {
        let library = try await fixtureLibrary()
        let reports = LibraryReports(library: library, language: .en, timeZone: try zone("Europe/Paris"))
        let ana = Borrower(name: "Ana", userID: "U-ANA")
        #expect(try await library.setQuiet(true, of: ana, at: december2))
        #expect(try await library.setQuiet(true, of: ana, at: december2) == false, "already quiet: nothing changed")
        #expect(try await library.isQuiet(ana))
        let quiet = try #require(try await reports.reminders(at: december2, dueSoonDays: 2).first)
        #expect(quiet.loans.map(\.book.title) == ["Dune"], "Emma, due tomorrow, is left out")
        #expect(PlainRenderer.render(quiet.reply).hasPrefix("Library reminder for Ana: 1 book to bring back\n  Dune, due Tue 24 Nov (8 days overdue)"), "\(PlainRenderer.render(quiet.reply))")
        // Ben, quiet too, has only a book due soon: no reminder at all.
        try await library.setQuiet(true, of: Borrower(name: "Ben"), at: december2)
        #expect(try await reports.reminders(at: utc("2026-12-11 08:00:00"), dueSoonDays: 2).map(\.borrower.name) == ["Ana"])
        #expect(try await library.setQuiet(false, of: ana, at: december2))
        #expect(try await reports.reminders(at: december2, dueSoonDays: 2).first?.loans.map(\.book.title) == ["Dune", "Emma"])
    }

    @Test("a reminder offers renewing only when it would work: not with a line, nor past the renewals allowed")
    func remindersRenewHint() async throws {
        let library = try await fixtureLibrary()
        try await library.hold("Dune", for: Borrower(name: "Dan"), at: utc("2026-11-21 10:00:00"))
        let reports = LibraryReports(library: library, language: .fr, timeZone: try zone("Europe/Paris"))
        let french = PlainRenderer.render(try #require(try await reports.reminders(at: december2, dueSoonDays: 2).first).reply)
        #expect(french.contains("Dune, à rendre mar. 24 nov. (en retard de 8 jours) — 2 personnes l'attendent"), "\(french)")
        #expect(french.contains("Tapez `rendre Dune` une fois rendu : quelqu'un l'attend, il ne peut donc pas être prolongé.\n  Ou `rendre tout` une fois tous rendus."), "\(french)")
        // Ben renews Persuasion to the limit (2): his reminder no longer suggests it.
        for day in ["2026-12-05 10:00:00", "2026-12-10 10:00:00"] {
            _ = try await library.renew("Persuasion", at: utc(day))
        }
        let english = LibraryReports(library: library, language: .en, timeZone: try zone("Europe/Paris"))
        let bens = try #require(try await english.reminders(at: utc("2026-12-23 08:00:00"), dueSoonDays: 2).first { $0.borrower.name == "Ben" })
        #expect(PlainRenderer.render(bens.reply).contains("Type `return Persuasion` once it is back: it was renewed 2 times, the most allowed."), "\(PlainRenderer.render(bens.reply))")
        #expect(bens.reply.actions.isEmpty, "no Renew button past the renewals allowed")
    }

    @Test("reminders in French")
    func remindersFrench() async throws {
        let reports = LibraryReports(library: try await fixtureLibrary(), language: .fr, timeZone: try zone("Europe/Paris"))
        let reminder = try #require(try await reports.reminders(at: december2, dueSoonDays: 2).first)
        #expect(PlainRenderer.render(reminder.reply).hasPrefix("""
            Rappel de la bibliothèque pour Ana : 2 livres à rendre
              Dune, à rendre mar. 24 nov. (en retard de 8 jours)
            """))
    }

    @Test("a hold that lapses: its holder is told, and so is the next in line the book is now kept for, in English and French")
    func lapseNotices() async throws {
        let library = try await fixtureLibrary()
        // Dune comes back on Tue 1 Dec: kept for Chloé until Tue 8 Dec, Dan behind her.
        _ = try await library.returnBook("Dune", at: utc("2026-12-01 10:00:00"))
        try await library.hold("Dune", for: Borrower(name: "Dan", userID: "U-DAN"), at: utc("2026-12-01 11:00:00"))
        let wednesday = utc("2026-12-09 09:00:00")
        let french = LibraryReports(library: library, language: .fr, timeZone: try zone("Europe/Paris"))
        let preview = try await french.lapseKeptHolds(at: wednesday, apply: false)
        #expect(preview.notices.map { PlainRenderer.render($0.reply) } == [
            """
            Votre réservation de Dune a expiré : le livre vous était réservé jusqu'au mar. 8 déc.
              Il est maintenant réservé pour Dan, suivant dans la file. Réservez-le à nouveau pour reprendre une place.
              Essayez : `réserver Dune`
            """,
            """
            Dune est sur l'étagère, réservé pour vous jusqu'au mer. 16 déc. : vous êtes le premier de la file.
              Essayez : `emprunter Dune`
            """,
        ])

        let english = LibraryReports(library: library, language: .en, timeZone: try zone("Europe/Paris"))
        let (lapses, notices) = try await english.lapseKeptHolds(at: wednesday)
        #expect(lapses.map(\.hold.holder.name) == ["Chloé"])
        #expect(notices.map(\.to.name) == ["Chloé", "Dan"])
        #expect(notices.map { PlainRenderer.render($0.reply) } == [
            """
            Your hold on Dune has lapsed: it was kept for you until Tue 8 Dec.
              It is now kept for Dan, next in line. Hold it again to get back in line.
              Try: `hold Dune`
            """,
            """
            Dune is on the shelf, kept for you until Wed 16 Dec: you are first in line.
              Try: `checkout Dune`
            """,
        ])
        // The digest shows Dan's day.
        #expect(PlainRenderer.render(try await english.digest(at: wednesday)).contains("Dune: on the shelf, kept for Dan until Wed 16 Dec"))
        // Dan's hold lapses with nobody behind him: Dune is free, and he is told he can still take it.
        let free = try await english.lapseKeptHolds(at: utc("2026-12-17 09:00:00")).notices
        #expect(free.map { PlainRenderer.render($0.reply) } == [
            """
            Your hold on Dune has lapsed: it was kept for you until Wed 16 Dec.
              It is on the shelf, free for anyone.
              Try: `checkout Dune`
            """,
        ])
    }

    @Test("a book kept for a member is reminded near its last day, alone or with their loans, once a day")
    func keptReminders() async throws {
        let library = try await fixtureLibrary()
        // Dune comes back on Tue 1 Dec: kept for Chloé until Tue 8 Dec.
        _ = try await library.returnBook("Dune", at: utc("2026-12-01 10:00:00"))
        let english = LibraryReports(library: library, language: .en, timeZone: try zone("Europe/Paris"))
        #expect(try await english.reminders(at: december2, dueSoonDays: 2).map(\.borrower.name) == ["Ana"], "Chloé has a week")
        let sunday = utc("2026-12-06 09:00:00")
        let reminders = try await english.reminders(at: sunday, dueSoonDays: 2)
        let chloe = try #require(reminders.first { $0.borrower.name == "Chloé" })
        #expect(chloe.loans.isEmpty && chloe.kept.map(\.book.title) == ["Dune"])
        #expect(PlainRenderer.render(chloe.reply) == """
            Library reminder for Chloé: 1 book kept for you
              Dune, kept for you until Tue 8 Dec
              Type `checkout Dune` to take it before then: after that, your place in line lapses.
              Try: `checkout Dune`
            """)
        #expect(chloe.reply.actions == [Reply.Action(label: "Check out Dune", command: "checkout #\(chloe.kept[0].book.id)")])
        let french = LibraryReports(library: library, language: .fr, timeZone: try zone("Europe/Paris"))
        let enFrançais = try #require(try await french.reminders(at: sunday, dueSoonDays: 2).first { $0.borrower.name == "Chloé" })
        #expect(enFrançais.reply.actions == [Reply.Action(label: "Emprunter Dune", command: "emprunter #\(chloe.kept[0].book.id)")])
        #expect(PlainRenderer.render(enFrançais.reply).hasPrefix("""
            Rappel de la bibliothèque pour Chloé : 1 livre réservé pour vous
              Dune, réservé pour vous jusqu'au mar. 8 déc.
              Tapez `emprunter Dune` pour le prendre d'ici là : après, votre place dans la file expire.
            """))

        // With a loan due too: one reminder with both.
        try await library.checkout("Les Misérables", to: Borrower(name: "Chloé"), at: utc("2026-11-24 10:00:00"))
        let both = try #require(try await english.reminders(at: sunday, dueSoonDays: 2).first { $0.borrower.name == "Chloé" })
        #expect(both.loans.map(\.book.title) == ["Les Misérables"] && both.kept.map(\.book.title) == ["Dune"])
        #expect(PlainRenderer.render(both.reply).contains("Les Misérables, due Tue 8 Dec\n  Type `return Les Misérables`"))
        #expect(PlainRenderer.render(both.reply).contains("Dune, kept for you until Tue 8 Dec\n  Type `checkout Dune` to take it"))

        // Once a day for each kept book.
        let store = ScheduleStore(database: library.database)
        #expect(try await store.claimKeptReminders(for: [chloe.kept[0].hold.id], on: "2026-12-06") == [chloe.kept[0].hold.id])
        #expect(try await store.claimKeptReminders(for: [chloe.kept[0].hold.id], on: "2026-12-06").isEmpty)
        // Once it lapsed, nothing is reminded.
        _ = try await library.lapseKeptHolds(at: utc("2026-12-09 09:00:00"))
        #expect(try await english.reminders(at: utc("2026-12-09 09:00:00"), dueSoonDays: 2).allSatisfy { $0.kept.isEmpty })
    }

    @Test("an overdue loan is reminded at most once a day")
    func oncePerDay() async throws {
        let library = try await fixtureLibrary()
        let store = ScheduleStore(database: library.database)
        let loans = try await library.overdue(at: december2).map(\.loan.id)
        #expect(try await store.claimReminders(for: loans, on: "2026-12-02") == Set(loans))
        #expect(try await store.claimReminders(for: loans, on: "2026-12-02").isEmpty)
        #expect(try await store.claimReminders(for: loans, on: "2026-12-03") == Set(loans))
    }
}
