import Commands
import Foundation
import TestSupport
import LibraryCore
import Testing

/// One command typed by Chloé on a fixed shelf, and what its reply must say.
struct ReplyCase: CustomTestStringConvertible, Sendable {
    let command: String
    let kind: Reply.Kind
    let expected: String
    var testDescription: String { command }
    init(_ command: String, _ kind: Reply.Kind, _ expected: String) {
        self.command = command
        self.kind = kind
        self.expected = expected
    }
}

/// Every intent, a success and an error, in English and in French. The shelf: Dune (out to Ana
/// since 20 Nov, Ben waiting), Emma (on the shelf), Les Misérables (out to Chloé, overdue).
let replyTable: [ReplyCase] = [
    ReplyCase("checkout Emma", .success, "Emma is checked out to Chloé."),
    ReplyCase("emprunter Emma", .success, "Emma est emprunté par Chloé."),
    ReplyCase("checkout Dune", .error, "Dune is already checked out by Ana since Fri 20 Nov."),
    ReplyCase("emprunter Dune", .error, "Dune est déjà emprunté par Ana depuis ven. 20 nov."),
    ReplyCase("checkout Les Misérables", .error, "You already have Les Misérables, overdue since Sun 15 Nov.\n  Try: `return Les Misérables`"),
    ReplyCase("emprunter les miserables", .error, "Vous avez déjà Les Misérables, en retard depuis dim. 15 nov."),
    ReplyCase("checkout Dune as Ana", .error, "Ana already has Dune, due Fri 4 Dec.\n  Try: `return Dune`"),
    ReplyCase("return Les Misérables", .success, "Thanks! Les Misérables is back on the shelf"),
    ReplyCase("rendre Les Misérables", .success, "Merci ! Les Misérables est de retour sur l'étagère"),
    ReplyCase("return Emma", .error, "Emma is not checked out: it is on the shelf."),
    ReplyCase("rendre Emma", .error, "Emma n'est pas emprunté : il est sur l'étagère."),
    ReplyCase("renew Les Misérables", .success, "Les Misérables is renewed: due Tue 15 Dec."),
    ReplyCase("prolonger Les Misérables", .success, "Les Misérables est prolongé : à rendre mar. 15 déc."),
    ReplyCase("renew Dune", .error, "Dune cannot be renewed: someone is waiting for it."),
    ReplyCase("prolonger Dune", .error, "Dune ne peut pas être prolongé : quelqu'un l'attend."),
    ReplyCase("hold Dune", .success, "You are number 2 in line for Dune."),
    ReplyCase("can I have Les Misérables for another week?", .success, "Les Misérables is renewed: due Tue 15 Dec."),
    ReplyCase("why can't I renew Dune?", .info, "Ana has Dune since Fri 20 Nov, due Fri 4 Dec."),
    ReplyCase("why can't I renew Les Misérables?", .info, "You have Les Misérables, due Sun 15 Nov (16 days overdue): you can renew it 2 more times."),
    ReplyCase("can I get Dune when Ana is done?", .success, "You are number 2 in line for Dune."),
    ReplyCase("je voudrais Dune quand Ana l'aura fini", .success, "Vous êtes numéro 2 dans la file pour Dune."),
    ReplyCase("réserver Dune", .success, "Vous êtes numéro 2 dans la file pour Dune."),
    ReplyCase("hold Emma", .error, "Emma is on the shelf: check it out instead."),
    ReplyCase("cancel hold Dune", .error, "You are not in line for Dune.\n  Try: `who has Dune`"),
    ReplyCase("annuler la réservation de Dune", .error, "Vous n'êtes pas dans la file pour Dune."),
    ReplyCase("réserver Emma", .error, "Emma est sur l'étagère : empruntez-le plutôt."),
    ReplyCase("who has Dune", .info, "Ana has Dune since Fri 20 Nov, due Fri 4 Dec."),
    ReplyCase("qui a Dune", .info, "Ana a Dune depuis ven. 20 nov., à rendre ven. 4 déc."),
    ReplyCase("who has Zorglub", .error, "No book matches 'Zorglub'."),
    ReplyCase("qui a Zorglub", .error, "Aucun livre ne correspond à « Zorglub »."),
    ReplyCase("my books", .info, "You have 1 book:"),
    ReplyCase("mes livres", .info, "Vous avez 1 livre :"),
    ReplyCase("what does Ben have", .info, "Ben has no books."),
    ReplyCase("what does ana have", .info, "Ana has 1 book:"),
    ReplyCase("qu'a ana", .info, "Ana a 1 livre :"),
    ReplyCase("qu'a Ben", .info, "Ben n'a aucun livre."),
    ReplyCase("who has what", .info, "Who has what: 2 books out"),
    ReplyCase("qui a quoi", .info, "Qui a quoi : 2 livres empruntés"),
    ReplyCase("add Sula by Toni Morrison", .success, "Added Sula by Toni Morrison as #4."),
    ReplyCase("ajouter Sula par Toni Morrison", .success, "Sula de Toni Morrison est ajouté sous le numéro #4."),
    ReplyCase("ajouter Nana par Émile Zola", .success, "Nana d'Émile Zola est ajouté sous le numéro #4."),
    ReplyCase("add Sula by Toni Morrison isbn: 123", .error, "'123' is not a valid ISBN-10 or ISBN-13: check the digits."),
    ReplyCase("ajouter Sula par Toni Morrison isbn: 123", .error, "« 123 » n'est pas un ISBN-10 ou ISBN-13 valide"),
    ReplyCase("add isbn 12345", .error, "'12345' is not a valid ISBN-10 or ISBN-13: check the digits."),
    ReplyCase("ajouter isbn 12345", .error, "« 12345 » n'est pas un ISBN-10 ou ISBN-13 valide"),
    ReplyCase("add isbn 9780441172719", .error, "I cannot look up ISBN 9780441172719 by myself"),
    ReplyCase("ajouter isbn 9780441172719", .error, "Je ne sais pas retrouver l'ISBN 9780441172719 tout seul"),
    ReplyCase("edit Emma set publisher to Penguin", .success, "Emma (#2): the publisher is now Penguin."),
    ReplyCase("modifier Emma éditeur = Penguin", .success, "Emma (#2) : l'éditeur est maintenant Penguin."),
    ReplyCase("edit Emma set categories to Classic, Romance", .success, "Emma (#2): the categories are now Classic, Romance."),
    ReplyCase("modifier Emma catégories = Classique", .success, "Emma (#2) : les catégories sont maintenant Classique."),
    // A new title: the book is named as members knew it, the new title after.
    ReplyCase("edit Emma set title to Persuasion", .success, "Emma (#2): the title is now Persuasion."),
    ReplyCase("modifier Emma titre = Persuasion", .success, "Emma (#2) : le titre est maintenant Persuasion."),
    ReplyCase("edit Emma set title to \"\"", .error, "The title is missing."),
    ReplyCase("modifier Emma titre = \"\"", .error, "Il manque le titre."),
    ReplyCase("delete Emma", .success, "Deleted Emma (#2)."),
    ReplyCase("supprimer Emma", .success, "Emma (#2) est supprimé."),
    ReplyCase("delete Zorglub", .error, "No book matches 'Zorglub'."),
    ReplyCase("supprimer Zorglub", .error, "Aucun livre ne correspond à « Zorglub »."),
    ReplyCase("delete Emma, Dune", .confirmation, "Delete these 2 books, with their loans and holds?"),
    ReplyCase("supprimer Emma, Dune", .confirmation, "Supprimer ces 2 livres, avec leurs emprunts et réservations ?"),
    ReplyCase("clean", .confirmation, "Delete all 3 books, with every loan, hold and the history?"),
    ReplyCase("vider la bibliothèque", .confirmation, "Supprimer les 3 livres"),
    ReplyCase("yes", .info, "There is nothing to confirm."),
    ReplyCase("oui", .info, "Il n'y a rien à confirmer."),
    ReplyCase("cancel", .info, "There is nothing to cancel."),
    ReplyCase("annuler", .info, "Il n'y a rien à annuler."),
    ReplyCase("list", .info, "3 books, 1 on the shelf:"),
    ReplyCase("liste", .info, "3 livres, dont 1 sur l'étagère :"),
    ReplyCase("liste empruntés", .info, "2 empruntés :"),
    ReplyCase("list overdue", .info, "1 overdue:"),
    ReplyCase("liste en retard", .info, "1 en retard :"),
    ReplyCase("search austen", .info, "1 found for 'austen':"),
    ReplyCase("chercher austen", .info, "1 trouvé pour « austen » :"),
    ReplyCase("search zzz", .info, "Nothing matches 'zzz'."),
    ReplyCase("chercher zzz", .info, "Rien ne correspond à « zzz »."),
    ReplyCase("show Dune", .info, "Waiting: Ben"),
    ReplyCase("détails Dune", .info, "En attente : Ben"),
    ReplyCase("show Zorglub", .error, "No book matches 'Zorglub'."),
    ReplyCase("show #99", .error, "No book matches '#99'.\n  Try: `list`"),
    ReplyCase("détails #99", .error, "Aucun livre ne correspond à « #99 ».\n  Essayez : `liste`"),
    ReplyCase("détails Zorglub", .error, "Aucun livre ne correspond à « Zorglub »."),
    ReplyCase("my history", .info, "You have borrowed 1 book, not yet returned:"),
    ReplyCase("I'm done with Les Misérables", .error, "I did not understand 'I'm done with Les Misérables'. Did you mean `return Les Misérables`?\n  Try: `return Les Misérables`"),
    ReplyCase("j'ai fini les misérables", .error, "Vouliez-vous dire `rendre les misérables` ?"),
    ReplyCase("finished Zorglub", .error, "I did not understand 'finished Zorglub'.\n  Try: `help`"),
    // A checkout that would be refused (Ana has Dune) is not suggested: who has it is.
    ReplyCase("I'll take Dune", .error, "Did you mean `who has Dune`?\n  Try: `who has Dune`"),
    ReplyCase("finished Emma", .error, "Did you mean `who has Emma`?"),
    ReplyCase("I have Emma now", .error, "I did not understand 'I have Emma now'. Did you mean `checkout Emma now`?"),
    ReplyCase("I have a question", .error, "I did not understand 'I have a question'.\n  Try: `help`"),
    // A book that changed hands: passing it on is offered when it is the member's to pass.
    ReplyCase("I gave Les Misérables to Ben", .error, "I did not understand 'I gave Les Misérables to Ben'. Did you mean `pass Les Misérables to Ben`?"),
    ReplyCase("I gave Dune to Ben", .error, "Did you mean `who has Dune`?"),
    ReplyCase("I gave Zorglub to Ben", .error, "I did not understand 'I gave Zorglub to Ben'.\n  Try: `help`"),
    // Lent by the member who has it: passed on, not lent again by the library (it offered `who has`).
    ReplyCase("I lent Les Misérables to Ben", .error, "I did not understand 'I lent Les Misérables to Ben'. Did you mean `pass Les Misérables to Ben`?"),
    ReplyCase("je prête Les Misérables à Ben", .error, "Vouliez-vous dire `passer Les Misérables à Ben` ?"),
    ReplyCase("I'm giving Les Misérables to Ben", .error, "Did you mean `pass Les Misérables to Ben`?"),
    ReplyCase("I lent Dune to Ben", .error, "Did you mean `who has Dune`?"),
    ReplyCase("I lent Emma to Ben", .error, "Did you mean `lend Emma to Ben`?"),
    // Someone else next for a book: a place in its line, or the loan when it is on the shelf (the
    // words after the title made it no book).
    ReplyCase("Ana can have Les Misérables after me", .error, "Did you mean `hold Les Misérables for Ana`?"),
    ReplyCase("give me back Emma", .success, "Emma is checked out to Chloé."),
    ReplyCase("remind Ana tomorrow", .info, "Ana has 1 book:\n  Dune, due Fri 4 Dec"),
    ReplyCase("Ben peut avoir Les Misérables après moi", .error, "Vouliez-vous dire `réserver Les Misérables pour Ben` ?"),
    ReplyCase("can Ana have Emma next?", .error, "Did you mean `checkout Emma as Ana`?"),
    ReplyCase("Emma available?", .info, "Emma is on the shelf.\n  Try: `checkout Emma`"),
    ReplyCase("Dune dispo ?", .info, "Ana a Dune depuis ven. 20 nov., à rendre ven. 4 déc."),
    ReplyCase("any austen?", .info, "1 found for 'austen':"),
    ReplyCase("unreserve Dune", .error, "You are not in line for Dune."),
    // The lending rules; with a book, where it stands for the asker first.
    ReplyCase("rules", .info, "Lending rules:\n  A loan lasts 14 days: a book checked out today is due"),
    ReplyCase("how long can I keep Les Misérables?", .info, "You have Les Misérables, due Sun 15 Nov (16 days overdue): you can renew it 2 more times.\n  A loan lasts 14 days"),
    ReplyCase("combien de temps puis-je garder Dune ?", .info, "Ana a Dune depuis ven. 20 nov., à rendre ven. 4 déc.\n  Un prêt dure 14 jours"),
    // A title alone asks who has it, in the committee's language whatever the title's words;
    // misspelled, it is offered; a word that is no title is not understood.
    ReplyCase("Dune", .info, "Ana has Dune since Fri 20 Nov, due Fri 4 Dec.\n  Try: `hold Dune`"),
    ReplyCase("Les Misérables?", .info, "You have Les Misérables since Sun 1 Nov, due Sun 15 Nov (16 days overdue)."),
    ReplyCase("emma merci", .info, "Emma est sur l'étagère.\n  Essayez : `emprunter Emma`"),
    ReplyCase("#2", .info, "Emma is on the shelf."),
    ReplyCase("#99", .error, "No book matches '#99'.\n  Try: `list`"),
    // A bare number may have meant a book's: offered, not asked.
    ReplyCase("2", .error, "I did not understand '2'. Did you mean `who has #2`?\n  Try: `who has #2`"),
    ReplyCase("99", .error, "I did not understand '99'.\n  Try: `help`"),
    ReplyCase("Dnue", .error, "I did not understand 'Dnue'. Did you mean `who has Dune`?\n  Try: `who has Dune`"),
    ReplyCase("les miserbles", .error, "I did not understand 'les miserbles'. Did you mean `who has Les Misérables`?"),
    ReplyCase("Zorglub", .error, "I did not understand 'Zorglub'.\n  Try: `help`"),
    ReplyCase("mon historique", .info, "Vous avez emprunté 1 livre, pas encore rendu :"),
    ReplyCase("who has Dune and checkout Emma", .success, "Ana has Dune since Fri 20 Nov, due Fri 4 Dec.\n  Try: `hold Dune`\n\n"),
    ReplyCase("who has Dune and checkout Emma", .success, "\n\nEmma is checked out to Chloé."),
    ReplyCase("qui a Emma puis emprunter Zorglub", .info, "Emma est sur l'étagère.\n  Essayez : `emprunter Emma`\n\nAucun livre ne correspond à « Zorglub »."),
    ReplyCase("delete Emma; checkout Emma", .error, "Nothing was done: send `delete Emma` on its own."),
    ReplyCase("help", .info, "What I can do:"),
    ReplyCase("help", .info, "A book is its title (typos forgiven), its number `#2`, its ISBN, or `Emma by Jane Austen` when two authors share a title; a title alone asks who has it."),
    ReplyCase("thanks!", .info, "You're welcome!"),
    ReplyCase("merci", .info, "Avec plaisir !"),
    ReplyCase("aide", .info, "Ce que je sais faire :"),
    ReplyCase("aide", .info, "Un livre se nomme par son titre (fautes de frappe pardonnées), son numéro `#2`, son ISBN, ou `Emma de Jane Austen`"),
    ReplyCase("help frobnicate", .error, "There is no command 'frobnicate'."),
    ReplyCase("aide frobnicate", .error, "Il n'y a pas de commande « frobnicate »."),
    ReplyCase("chekout Dune", .error, "Did you mean `checkout`?\n  Try: `checkout Dune`"),
    ReplyCase("whoo has Emma", .error, "Did you mean `who has`?\n  Try: `who has Emma`"),
    ReplyCase("empruntr Dune pour Ana", .error, "Vouliez-vous dire `emprunter` ?\n  Essayez : `emprunter Dune pour Ana`"),
    // Nothing after the verb: the example, as the line itself would still not be a command.
    ReplyCase("chekout", .error, "Did you mean `checkout`?\n  Try: `checkout Dune as Ana`"),
    // A return or renewal without its book: the example is the asker's own book.
    ReplyCase("return", .error, "return needs more: for example `return Les Misérables`."),
    ReplyCase("prolonger", .error, "Il manque quelque chose à prolonger : par exemple `prolonger Les Misérables`."),
]

@Suite("CommandHandler: every intent's success and error, in English and French")
struct IntentReplyTableTests {
    @Test("the reply says the expected words", arguments: replyTable)
    func reply(_ row: ReplyCase) async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "checkout Dune as Ana", from: ana, at: utc("2026-11-20 10:00:00"))
        _ = await handler.handle(text: "hold Dune", from: ben, at: utc("2026-11-21 10:00:00"))
        let chloe = Sender(name: "Chloé", userID: "U-CHLOE")
        _ = await handler.handle(text: "checkout Les Misérables", from: chloe, at: utc("2026-11-01 10:00:00"))
        let reply = await handler.handle(text: row.command, from: chloe, at: tuesday)
        #expect(reply.kind == row.kind)
        #expect(reply.text.contains(row.expected), "\(reply.text)")
        // A French date ends with its abbreviation's dot ("4 déc."): never a second one after it.
        #expect(!reply.text.contains(".."), "\(reply.text)")
        if reply.kind == .error {
            #expect(reply.suggestion != nil || reply.text.contains("`"), "an error says what to do next: \(reply.text)")
        }
    }
}

@Suite("French wording")
struct FrenchWordingTests {
    @Test("de is elided before a vowel, accented or not, and kept before anything else", arguments: [
        ("Victor Hugo", "de "), ("Antoine de Saint-Exupéry", "d'"), ("Émile Zola", "d'"), ("Emma", "d'"),
        ("Yourcenar", "d'"), ("Ursula K. Le Guin", "d'"), ("Hugo", "de "), ("1984", "de "), ("", "de "),
    ])
    func de(name: String, expected: String) {
        #expect(Language.frenchDe(before: name) == expected)
    }
}
