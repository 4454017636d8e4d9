import Commands
import LibraryCore
import Testing

/// One row of the parser's specification: text in, intent (and language) out.
struct ParseCase: CustomTestStringConvertible, Sendable {
    let text: String
    let intent: Intent
    let language: Language?
    init(_ text: String, _ intent: Intent, _ language: Language? = .en) {
        self.text = text
        self.intent = intent
        self.language = language
    }
    var testDescription: String { text }
}

let parseTable: [ParseCase] = [
    // checkout, English and French forms
    ParseCase("checkout Dune", .checkout(book: "Dune", borrower: nil)),
    ParseCase("check out Dune", .checkout(book: "Dune", borrower: nil)),
    ParseCase("borrow Dune", .checkout(book: "Dune", borrower: nil)),
    ParseCase("take Dune", .checkout(book: "Dune", borrower: nil)),
    ParseCase("checkout Dune as Ana", .checkout(book: "Dune", borrower: "Ana")),
    ParseCase("checkout Dune for Ana", .checkout(book: "Dune", borrower: "Ana")),
    ParseCase("CHECKOUT Dune AS Ana", .checkout(book: "Dune", borrower: "Ana")),
    ParseCase("Check Out the hobbit for Ben", .checkout(book: "the hobbit", borrower: "Ben")),
    ParseCase("checkout As I Lay Dying as Ana", .checkout(book: "As I Lay Dying", borrower: "Ana")),
    // how long is not whom
    ParseCase("borrow Dune for two weeks", .checkout(book: "Dune", borrower: nil)),
    ParseCase("checkout Dune for 3 days", .checkout(book: "Dune", borrower: nil)),
    ParseCase("checkout Dune for the weekend", .checkout(book: "Dune", borrower: nil)),
    ParseCase("emprunter Dune pour une semaine", .checkout(book: "Dune", borrower: nil), .fr),
    ParseCase("checkout Dune as A Week", .checkout(book: "Dune", borrower: "A Week")),
    // until when is the library's too, and the reply says the due day
    ParseCase("can I borrow the hobbit until friday", .checkout(book: "the hobbit", borrower: nil), .en),
    ParseCase("checkout Dune till tomorrow", .checkout(book: "Dune", borrower: nil)),
    ParseCase("checkout Dune for Ben until next Monday", .checkout(book: "Dune", borrower: "Ben")),
    ParseCase("checkout Dune for two weeks until the 15th", .checkout(book: "Dune", borrower: nil)),
    ParseCase("checkout Emma until 12/15", .checkout(book: "Emma", borrower: nil)),
    ParseCase("checkout Emma until the end of the month", .checkout(book: "Emma", borrower: nil)),
    ParseCase("emprunter Frankenstein jusqu'à vendredi", .checkout(book: "Frankenstein", borrower: nil), .fr),
    ParseCase("renew Dune until Sunday", .renew(book: "Dune")),
    ParseCase("checkout Wait Until Dark", .checkout(book: "Wait Until Dark", borrower: nil)),
    ParseCase("checkout Dune until Ben is back", .checkout(book: "Dune until Ben is back", borrower: nil)),
    ParseCase("renew Dune for another week", .renew(book: "Dune")),
    ParseCase("renew Dune for two more weeks", .renew(book: "Dune")),
    ParseCase("prolonger Dune pour une semaine de plus", .renew(book: "Dune"), .fr),
    ParseCase("renew A Prayer for Owen Meany", .renew(book: "A Prayer for Owen Meany")),
    ParseCase("checkout As I Lay Dying", .checkout(book: "As I Lay Dying", borrower: nil)),
    ParseCase("checkout A Prayer for Owen Meany for Chloé", .checkout(book: "A Prayer for Owen Meany", borrower: "Chloé")),
    ParseCase("checkout \"A Prayer for Owen Meany\"", .checkout(book: "A Prayer for Owen Meany", borrower: nil)),
    ParseCase("checkout “As I Lay Dying” as Ana", .checkout(book: "As I Lay Dying", borrower: "Ana")),
    ParseCase("checkout «As I Lay Dying» as Ana", .checkout(book: "As I Lay Dying", borrower: "Ana")),
    ParseCase("checkout « Dune » as Ana", .checkout(book: "Dune", borrower: "Ana")),
    ParseCase("checkout Dune as \"Ana María\"", .checkout(book: "Dune", borrower: "Ana María")),
    ParseCase("checkout Dune as me", .checkout(book: "Dune", borrower: nil)),
    ParseCase("checkout #12", .checkout(book: "#12", borrower: nil)),
    ParseCase("checkout #12 as Ana", .checkout(book: "#12", borrower: "Ana")),
    ParseCase("borrow Les Misérables for Zoé", .checkout(book: "Les Misérables", borrower: "Zoé")),
    ParseCase("emprunter Dune", .checkout(book: "Dune", borrower: nil), .fr),
    ParseCase("emprunte Dune pour Ana", .checkout(book: "Dune", borrower: "Ana"), .fr),
    ParseCase("Emprunter Les Misérables pour Zoé", .checkout(book: "Les Misérables", borrower: "Zoé"), .fr),
    ParseCase("emprunter «Le Petit Prince» pour Léa", .checkout(book: "Le Petit Prince", borrower: "Léa"), .fr),
    ParseCase("emprunter Dune pour moi", .checkout(book: "Dune", borrower: nil), .fr),
    ParseCase("checkout", .unknown(text: "checkout", suggestion: "checkout")),
    ParseCase("emprunter", .unknown(text: "emprunter", suggestion: "emprunter"), .fr),
    ParseCase("checkout as Ana", .checkout(book: "as Ana", borrower: nil)),
    // return
    ParseCase("return Dune", .returnBook(book: "Dune")),
    ParseCase("check in Dune", .returnBook(book: "Dune")),
    ParseCase("checkin Dune", .returnBook(book: "Dune")),
    ParseCase("bring back Dune", .returnBook(book: "Dune")),
    ParseCase("RETURN the hobbit", .returnBook(book: "the hobbit")),
    ParseCase("return \"Dune\"", .returnBook(book: "Dune")),
    ParseCase("return #3", .returnBook(book: "#3")),
    ParseCase("rendre Dune", .returnBook(book: "Dune"), .fr),
    ParseCase("rends Le Petit Prince", .returnBook(book: "Le Petit Prince"), .fr),
    ParseCase("retourner Dune", .returnBook(book: "Dune"), .fr),
    ParseCase("return", .unknown(text: "return", suggestion: "return")),
    ParseCase("rendre", .unknown(text: "rendre", suggestion: "rendre"), .fr),
    // renew
    ParseCase("renew Dune", .renew(book: "Dune")),
    ParseCase("extend Dune", .renew(book: "Dune")),
    ParseCase("Renew   Moby-Dick", .renew(book: "Moby-Dick")),
    ParseCase("prolonger Dune", .renew(book: "Dune"), .fr),
    ParseCase("renew", .unknown(text: "renew", suggestion: "renew")),
    ParseCase("prolonger", .unknown(text: "prolonger", suggestion: "prolonger"), .fr),
    // hold
    ParseCase("hold Dune", .hold(book: "Dune")),
    ParseCase("reserve Dune", .hold(book: "Dune")),
    ParseCase("hold Dune as Ben", .hold(book: "Dune", holder: "Ben")),
    ParseCase("unreserve Dune", .cancelHold(book: "Dune", holder: nil)),
    ParseCase("hold As I Lay Dying", .hold(book: "As I Lay Dying")),
    ParseCase("réserver Dune", .hold(book: "Dune"), .fr),
    ParseCase("reserver Dune", .hold(book: "Dune"), .fr),
    ParseCase("Réserver Le Petit Prince", .hold(book: "Le Petit Prince"), .fr),
    ParseCase("hold", .unknown(text: "hold", suggestion: "hold")),
    // cancel hold
    ParseCase("cancel hold Dune", .cancelHold(book: "Dune", holder: nil)),
    ParseCase("cancel my hold on Dune", .cancelHold(book: "Dune", holder: nil)),
    ParseCase("cancel hold De Profundis", .cancelHold(book: "De Profundis", holder: nil)),
    ParseCase("unhold \"A Prayer for Owen Meany\"", .cancelHold(book: "A Prayer for Owen Meany", holder: nil)),
    ParseCase("annuler la réservation de Dune", .cancelHold(book: "Dune", holder: nil), .fr),
    ParseCase("annuler ma réservation Les Misérables", .cancelHold(book: "Les Misérables", holder: nil), .fr),
    ParseCase("annuler la réservation d'Emma", .cancelHold(book: "Emma", holder: nil), .fr),
    ParseCase("annuler la réservation d’Emma", .cancelHold(book: "Emma", holder: nil), .fr),
    ParseCase("cancel hold Dune for Ben", .cancelHold(book: "Dune", holder: "Ben")),
    ParseCase("cancel hold on Dune for @Ben", .cancelHold(book: "Dune", holder: "@Ben")),
    ParseCase("unhold A Prayer for Owen Meany as Ana", .cancelHold(book: "A Prayer for Owen Meany", holder: "Ana")),
    ParseCase("annuler la réservation de Dune pour Léa", .cancelHold(book: "Dune", holder: "Léa"), .fr),
    ParseCase("cancel hold", .unknown(text: "cancel hold", suggestion: "cancel hold")),
    // Every line at once: the handler reads "all" as the member's lines.
    ParseCase("cancel all my holds", .cancelHold(book: "all", holder: nil)),
    ParseCase("clear my reservations", .cancelHold(book: "all", holder: nil)),
    ParseCase("leave all lines", .cancelHold(book: "all", holder: nil)),
    ParseCase("annule mes réservations", .cancelHold(book: "tout", holder: nil), .fr),
    ParseCase("cancel my holds on Dune and Emma", .cancelHold(book: "Dune and Emma", holder: nil)),
    // Still the answer to a confirmation.
    ParseCase("cancel", .cancel),
    // who has
    ParseCase("who has Dune", .whoHas(book: "Dune")),
    ParseCase("Who has Dune?", .whoHas(book: "Dune")),
    ParseCase("where is Dune", .whoHas(book: "Dune")),
    ParseCase("WHERE IS the hobbit", .whoHas(book: "the hobbit")),
    ParseCase("qui a Dune", .whoHas(book: "Dune"), .fr),
    ParseCase("Qui a Dune ?", .whoHas(book: "Dune"), .fr),
    ParseCase("où est Dune", .whoHas(book: "Dune"), .fr),
    ParseCase("ou est Dune", .whoHas(book: "Dune"), .fr),
    ParseCase("who has", .unknown(text: "who has", suggestion: "who has")),
    ParseCase("who has \"What Remains\"", .whoHas(book: "What Remains")),
    // loans of
    ParseCase("my books", .loansOf(borrower: nil)),
    ParseCase("My Books", .loansOf(borrower: nil)),
    ParseCase("what do I have", .loansOf(borrower: nil)),
    ParseCase("what do I have?", .loansOf(borrower: nil)),
    ParseCase("my loans", .loansOf(borrower: nil)),
    ParseCase("what does Ana have", .loansOf(borrower: "Ana")),
    ParseCase("What does Ana María have?", .loansOf(borrower: "Ana María")),
    ParseCase("mes livres", .loansOf(borrower: nil), .fr),
    ParseCase("Mes emprunts", .loansOf(borrower: nil), .fr),
    ParseCase("qu'a Ana", .loansOf(borrower: "Ana"), .fr),
    ParseCase("qu’a Ana", .loansOf(borrower: "Ana"), .fr),
    ParseCase("qu'a Jean-Pierre ?", .loansOf(borrower: "Jean-Pierre"), .fr),
    // digest
    ParseCase("who has what", .digest),
    ParseCase("Who has what?", .digest),
    ParseCase("digest", .digest),
    ParseCase("status", .digest),
    ParseCase("qui a quoi", .digest, .fr),
    ParseCase("résumé", .digest, .fr),
    ParseCase("Qui a quoi ?", .digest, .fr),
    // add
    ParseCase("add Dune by Frank Herbert", .add(title: "Dune", author: "Frank Herbert", publisher: nil, categories: [], isbn: nil)),
    ParseCase("new Dune by Frank Herbert", .add(title: "Dune", author: "Frank Herbert", publisher: nil, categories: [], isbn: nil)),
    ParseCase("add Stand by Me by Stephen King", .add(title: "Stand by Me", author: "Stephen King", publisher: nil, categories: [], isbn: nil)),
    ParseCase("add \"Stand by Me\" by Stephen King", .add(title: "Stand by Me", author: "Stephen King", publisher: nil, categories: [], isbn: nil)),
    ParseCase("ADD Dune BY Frank Herbert", .add(title: "Dune", author: "Frank Herbert", publisher: nil, categories: [], isbn: nil)),
    ParseCase("add Dune by Frank Herbert publisher: Ace", .add(title: "Dune", author: "Frank Herbert", publisher: "Ace", categories: [], isbn: nil)),
    // edits said in other words
    ParseCase("edit Dune set the author to Frank Herbert", .edit(book: "Dune", field: .author, value: "Frank Herbert")),
    ParseCase("edit Dune set publisher Ace", .edit(book: "Dune", field: .publisher, value: "Ace")),
    ParseCase("edit Dune author: Frank Herbert", .edit(book: "Dune", field: .author, value: "Frank Herbert")),
    ParseCase("edit Dune title: Title: A Memoir", .edit(book: "Dune", field: .title, value: "Title: A Memoir")),
    ParseCase("edit Title: A Memoir author: Bob", .edit(book: "Title: A Memoir", field: .author, value: "Bob")),
    ParseCase("modifier Dune auteur : Frank Herbert", .edit(book: "Dune", field: .author, value: "Frank Herbert"), .fr),
    ParseCase("change Dune's author to Frank Herbert", .edit(book: "Dune", field: .author, value: "Frank Herbert")),
    ParseCase("fix the title of Dune to Dune Messiah", .edit(book: "Dune", field: .title, value: "Dune Messiah")),
    ParseCase("modifier l'auteur de Dune en Frank Herbert", .edit(book: "Dune", field: .author, value: "Frank Herbert"), .fr),
    ParseCase("changer le titre d'Emma en Persuasion", .edit(book: "Emma", field: .title, value: "Persuasion"), .fr),
    ParseCase("changer le titre de Dune en Dune en poche", .edit(book: "Dune", field: .title, value: "Dune en poche"), .fr),
    ParseCase("edit Dune set colour to red", .unknown(text: "edit", suggestion: "edit")),
    // the ISBN without its colon, where the book goes, what it is: not part of the author or title
    ParseCase("add Dune by Frank Herbert isbn 978-0-441-17271-9", .add(title: "Dune", author: "Frank Herbert", publisher: nil, categories: [], isbn: "9780441172719")),
    ParseCase("add Dune by Frank Herbert publisher: Ace ISBN 0441172717", .add(title: "Dune", author: "Frank Herbert", publisher: "Ace", categories: [], isbn: "0441172717")),
    ParseCase("add Dune by Frank Herbert isbn 123", .add(title: "Dune", author: "Frank Herbert", publisher: nil, categories: [], isbn: "123")),
    ParseCase("add The ISBN Story by Jo Isbn", .add(title: "The ISBN Story", author: "Jo Isbn", publisher: nil, categories: [], isbn: nil)),
    ParseCase("please add Dune by Frank Herbert to the library", .add(title: "Dune", author: "Frank Herbert", publisher: nil, categories: [], isbn: nil)),
    ParseCase("add a new book: Dune by Frank Herbert", .add(title: "Dune", author: "Frank Herbert", publisher: nil, categories: [], isbn: nil)),
    ParseCase("add The Book Thief by Markus Zusak", .add(title: "The Book Thief", author: "Markus Zusak", publisher: nil, categories: [], isbn: nil)),
    ParseCase("ajoute Dune de Frank Herbert à la bibliothèque", .add(title: "Dune", author: "Frank Herbert", publisher: nil, categories: [], isbn: nil), .fr),
    ParseCase("add Dune by Frank Herbert publisher: Ace Books categories: SF, Classic", .add(title: "Dune", author: "Frank Herbert", publisher: "Ace Books", categories: ["SF", "Classic"], isbn: nil)),
    ParseCase("add Dune by Frank Herbert categories: SF; Classic publisher: Ace", .add(title: "Dune", author: "Frank Herbert", publisher: "Ace", categories: ["SF", "Classic"], isbn: nil)),
    ParseCase("add Dune by Frank Herbert isbn: 978-0-441-17271-9", .add(title: "Dune", author: "Frank Herbert", publisher: nil, categories: [], isbn: "9780441172719")),
    ParseCase("add Dune by Frank Herbert Publisher:Ace", .add(title: "Dune", author: "Frank Herbert", publisher: "Ace", categories: [], isbn: nil)),
    ParseCase("ajouter Dune par Frank Herbert", .add(title: "Dune", author: "Frank Herbert", publisher: nil, categories: [], isbn: nil), .fr),
    ParseCase("ajouter Les Misérables de Victor Hugo", .add(title: "Les Misérables", author: "Victor Hugo", publisher: nil, categories: [], isbn: nil), .fr),
    ParseCase("ajouter Le Petit Prince par Antoine de Saint-Exupéry", .add(title: "Le Petit Prince", author: "Antoine de Saint-Exupéry", publisher: nil, categories: [], isbn: nil), .fr),
    ParseCase("ajouter «Le Rouge et le Noir» de Stendhal éditeur: Folio catégories: Classique", .add(title: "Le Rouge et le Noir", author: "Stendhal", publisher: "Folio", categories: ["Classique"], isbn: nil), .fr),
    // A quoted title ends where its quote does: the author may contain the separator.
    ParseCase("ajouter «Le Petit Prince» de Antoine de Saint-Exupéry", .add(title: "Le Petit Prince", author: "Antoine de Saint-Exupéry", publisher: nil, categories: [], isbn: nil), .fr),
    ParseCase("ajouter « Eugénie Grandet » de Honoré de Balzac", .add(title: "Eugénie Grandet", author: "Honoré de Balzac", publisher: nil, categories: [], isbn: nil), .fr),
    ParseCase("add Dune", .unknown(text: "add", suggestion: "add")),
    ParseCase("add", .unknown(text: "add", suggestion: "add")),
    ParseCase("ajouter Dune", .unknown(text: "ajouter", suggestion: "ajouter"), .fr),
    ParseCase("add by Frank Herbert", .unknown(text: "add", suggestion: "add")),
    // add isbn
    ParseCase("add isbn 9780441172719", .addISBN(isbn: "9780441172719")),
    ParseCase("add isbn 978-0-441-17271-9", .addISBN(isbn: "9780441172719")),
    ParseCase("add ISBN 0-8044-2957-x", .addISBN(isbn: "080442957X")),
    ParseCase("add isbn 978 0 441 17271 9", .addISBN(isbn: "9780441172719")),
    ParseCase("ajouter isbn 978-2-07-061275-8", .addISBN(isbn: "9782070612758"), .fr),
    // Too short for an ISBN: still add_isbn, which the handler refuses with a reason.
    ParseCase("add isbn 12", .addISBN(isbn: "12")),
    // An ISBN alone, as a barcode scanner types it: which book is that?
    ParseCase("9780441172719", .whoHas(book: "9780441172719"), nil),
    ParseCase("978-0-441-17271-9", .whoHas(book: "9780441172719"), nil),
    ParseCase("<@U123> 0-8044-2957-x", .whoHas(book: "080442957X"), nil),
    ParseCase("1984", .unknown(text: "1984", suggestion: nil), nil),
    ParseCase("9780441172718", .unknown(text: "9780441172718", suggestion: nil), nil),
    ParseCase("add isbn", .unknown(text: "add", suggestion: "add")),
    // Not digits: a title that starts with "ISBN".
    ParseCase("add ISBN Handbook by Ann Lee", .add(title: "ISBN Handbook", author: "Ann Lee", publisher: nil, categories: [], isbn: nil)),
    // edit
    ParseCase("edit Dune set author to Frank Herbert", .edit(book: "Dune", field: .author, value: "Frank Herbert")),
    ParseCase("edit Dune set title to Dune Messiah", .edit(book: "Dune", field: .title, value: "Dune Messiah")),
    ParseCase("edit #4 set publisher to Ace", .edit(book: "#4", field: .publisher, value: "Ace")),
    ParseCase("edit Dune set categories to SF, Classic", .edit(book: "Dune", field: .categories, value: "SF, Classic")),
    ParseCase("edit \"Set Me Free\" set isbn to 0441172717", .edit(book: "Set Me Free", field: .isbn, value: "0441172717")),
    ParseCase("EDIT Dune SET Title TO \"Dune: Part One\"", .edit(book: "Dune", field: .title, value: "Dune: Part One")),
    ParseCase("modifier Dune auteur = Frank Herbert", .edit(book: "Dune", field: .author, value: "Frank Herbert"), .fr),
    ParseCase("modifier Les Misérables titre = Les Misérables (tome 1)", .edit(book: "Les Misérables", field: .title, value: "Les Misérables (tome 1)"), .fr),
    ParseCase("modifier #4 éditeur = Gallimard", .edit(book: "#4", field: .publisher, value: "Gallimard"), .fr),
    ParseCase("modifier Dune catégories = SF", .edit(book: "Dune", field: .categories, value: "SF"), .fr),
    ParseCase("edit Dune author = Frank Herbert", .edit(book: "Dune", field: .author, value: "Frank Herbert")),
    ParseCase("edit Dune", .unknown(text: "edit", suggestion: "edit")),
    ParseCase("edit Dune set colour to blue", .unknown(text: "edit", suggestion: "edit")),
    ParseCase("modifier Dune", .unknown(text: "modifier", suggestion: "modifier"), .fr),
    // delete
    ParseCase("delete Dune", .delete(books: ["Dune"])),
    ParseCase("remove Dune", .delete(books: ["Dune"])),
    ParseCase("delete Dune, Emma", .delete(books: ["Dune", "Emma"])),
    ParseCase("delete Dune,Emma , #3", .delete(books: ["Dune", "Emma", "#3"])),
    ParseCase("delete \"Moby-Dick; or, The Whale\", Emma", .delete(books: ["Moby-Dick; or, The Whale", "Emma"])),
    ParseCase("supprimer Dune", .delete(books: ["Dune"]), .fr),
    ParseCase("supprimer Dune, Les Misérables", .delete(books: ["Dune", "Les Misérables"]), .fr),
    ParseCase("delete", .unknown(text: "delete", suggestion: "delete")),
    ParseCase("delete , ,", .unknown(text: "delete", suggestion: "delete")),
    // clean
    ParseCase("clean", .clean),
    ParseCase("delete all books", .clean),
    ParseCase("Clear the library", .clean),
    ParseCase("vider la bibliothèque", .clean, .fr),
    ParseCase("Vider la bibliotheque", .clean, .fr),
    // list
    ParseCase("list", .list(filter: .all, order: .newest)),
    ParseCase("books", .list(filter: .all, order: .newest)),
    ParseCase("ls", .list(filter: .all, order: .newest)),
    ParseCase("list available", .list(filter: .available, order: .newest)),
    ParseCase("list checked out", .list(filter: .checkedOut, order: .newest)),
    ParseCase("list overdue", .list(filter: .overdue, order: .newest)),
    ParseCase("list lost", .list(filter: .reported, order: .newest)),
    ParseCase("list reported by title", .list(filter: .reported, order: .title)),
    ParseCase("which books are missing?", .list(filter: .reported, order: .newest), .en),
    ParseCase("damaged books", .list(filter: .reported, order: .newest), .en),
    ParseCase("livres perdus", .list(filter: .reported, order: .newest), .fr),
    ParseCase("list oldest", .list(filter: .all, order: .oldest)),
    ParseCase("list everything", .list(filter: .all, order: .newest)),
    // A list of something that is no option is a search for it; a misspelt option is not.
    ParseCase("list sci-fi books", .search(query: "sci-fi")),
    ParseCase("list books by Tolkien", .search(query: "Tolkien")),
    ParseCase("list books about space", .search(query: "space")),
    ParseCase("liste des livres de fantasy", .search(query: "fantasy"), .fr),
    ParseCase("list avialable", .unknown(text: "list avialable", suggestion: "list")),
    ParseCase("list oldst", .unknown(text: "list oldst", suggestion: "list")),
    ParseCase("list my books", .loansOf(borrower: nil)),
    ParseCase("liste mes livres", .loansOf(borrower: nil), .fr),
    ParseCase("list books I have", .unknown(text: "list books I have", suggestion: "list")),
    ParseCase("list newest", .list(filter: .all, order: .newest)),
    ParseCase("list available oldest", .list(filter: .available, order: .oldest)),
    ParseCase("books checked out oldest first", .list(filter: .checkedOut, order: .oldest)),
    ParseCase("LIST OVERDUE", .list(filter: .overdue, order: .newest)),
    ParseCase("list all books", .list(filter: .all, order: .newest)),
    ParseCase("list page 2", .list(filter: .all, order: .newest, page: 2)),
    ParseCase("list available oldest page 3", .list(filter: .available, order: .oldest, page: 3)),
    ParseCase("liste empruntés page 2", .list(filter: .checkedOut, order: .newest, page: 2), .fr),
    ParseCase("liste", .list(filter: .all, order: .newest), .fr),
    ParseCase("livres", .list(filter: .all, order: .newest), .fr),
    ParseCase("liste disponibles", .list(filter: .available, order: .newest), .fr),
    ParseCase("liste empruntés", .list(filter: .checkedOut, order: .newest), .fr),
    ParseCase("liste en retard", .list(filter: .overdue, order: .newest), .fr),
    ParseCase("livres disponibles plus anciens", .list(filter: .available, order: .oldest), .fr),
    ParseCase("liste plus récents", .list(filter: .all, order: .newest), .fr),
    // search
    ParseCase("search dune", .search(query: "dune")),
    ParseCase("find Herbert", .search(query: "Herbert")),
    ParseCase("look for science fiction", .search(query: "science fiction")),
    ParseCase("search \"as I lay\"", .search(query: "as I lay")),
    ParseCase("chercher Hugo", .search(query: "Hugo"), .fr),
    ParseCase("cherche science-fiction", .search(query: "science-fiction"), .fr),
    ParseCase("search", .unknown(text: "search", suggestion: "search")),
    // show
    ParseCase("show Dune", .show(book: "Dune")),
    ParseCase("details Dune", .show(book: "Dune"), nil),
    ParseCase("info Dune", .show(book: "Dune"), nil),
    ParseCase("info Dune merci", .show(book: "Dune"), .fr),
    ParseCase("please info Dune", .show(book: "Dune"), .en),
    ParseCase("détails Dune", .show(book: "Dune"), .fr),
    ParseCase("show #7", .show(book: "#7")),
    ParseCase("show", .unknown(text: "show", suggestion: "show")),
    // help
    ParseCase("help", .help(topic: nil)),
    ParseCase("?", .help(topic: nil)),
    ParseCase("commands", .help(topic: nil)),
    ParseCase("help checkout", .help(topic: "checkout")),
    ParseCase("help me borrow a book", .help(topic: "checkout")),
    ParseCase("help with checkout", .help(topic: "checkout")),
    ParseCase("help me to return a book", .help(topic: "return")),
    ParseCase("aide-moi à emprunter un livre", .help(topic: "checkout"), .fr),
    ParseCase("aide pour rendre", .help(topic: "return"), .fr),
    ParseCase("help me with Dune", .help(topic: "with Dune")),
    ParseCase("help with returns", .help(topic: "return")),
    ParseCase("help on renewals", .help(topic: "renew")),
    ParseCase("aide sur les retours", .help(topic: "return"), .fr),
    // more ways to say what is already said
    ParseCase("rajoute-moi à la liste pour Dune", .hold(book: "Dune"), .fr),
    ParseCase("je ne veux plus attendre Dune", .unknown(text: "je ne veux plus attendre Dune", suggestion: "annuler la réservation de Dune"), .fr),
    ParseCase("qui attend après Dune ?", .show(book: "Dune"), .fr),
    ParseCase("j'ai quoi en ce moment ?", .loansOf(borrower: nil), .fr),
    ParseCase("je dois rendre quoi ?", .loansOf(borrower: nil), .fr),
    ParseCase("quels sont les livres disponibles ?", .list(filter: .available, order: .newest), .fr),
    ParseCase("tu as quelque chose de Tolkien ?", .search(query: "Tolkien"), .fr),
    ParseCase("any books overdue?", .list(filter: .overdue, order: .newest)),
    ParseCase("who's got the most books?", .digest),
    ParseCase("is there a waiting list for Dune?", .show(book: "Dune")),
    ParseCase("y a-t-il une liste d'attente pour Dune ?", .show(book: "Dune"), .fr),
    ParseCase("how long is the wait for Dune?", .whoHas(book: "Dune")),
    ParseCase("when can I get Dune?", .whoHas(book: "Dune")),
    ParseCase("quand puis-je avoir Dune ?", .whoHas(book: "Dune"), .fr),
    ParseCase("what's the due date for Dune?", .whoHas(book: "Dune")),
    ParseCase("the library is missing Dune", .whoHas(book: "Dune")),
    ParseCase("anything similar to Dune?", .recommend(book: "Dune")),
    ParseCase("I loved Dune, what next?", .recommend(book: "Dune")),
    ParseCase("I liked Dune, what else should I read?", .recommend(book: "Dune")),
    ParseCase("what should I read after Dune?", .recommend(book: "Dune")),
    ParseCase("que lire après Dune ?", .recommend(book: "Dune"), .fr),
    ParseCase("j'ai adoré Dune, et maintenant ?", .recommend(book: "Dune"), .fr),
    ParseCase("I loved Dune", .unknown(text: "I loved Dune", suggestion: nil)),
    ParseCase("what's due tomorrow?", .loansOf(borrower: nil)),
    ParseCase("anything due today?", .loansOf(borrower: nil)),
    ParseCase("Dune by who?", .show(book: "Dune")),
    ParseCase("what's the ISBN of Dune", .show(book: "Dune")),
    ParseCase("quel est l'ISBN de Dune ?", .show(book: "Dune"), .fr),
    ParseCase("which copy of Dune do I have?", .whoHas(book: "Dune do I have")),
    ParseCase("qui a le plus de livres ?", .digest, .fr),
    ParseCase("what's out right now?", .list(filter: .checkedOut, order: .newest)),
    // No book in particular: the ones the member might like; a capital is a title's.
    ParseCase("borrow a book", .recommend(book: nil)), ParseCase("can I borrow a book?", .recommend(book: nil)),
    ParseCase("give me something to read", .recommend(book: nil)), ParseCase("lend me something", .recommend(book: nil)),
    ParseCase("I'm bored, give me a book", .recommend(book: nil)), ParseCase("I want a book", .recommend(book: nil)),
    ParseCase("je voudrais emprunter un livre", .recommend(book: nil), .fr), ParseCase("prête-moi un livre", .recommend(book: nil), .fr),
    ParseCase("checkout Something", .checkout(book: "Something", borrower: nil)),
    ParseCase("I want a book by Tolkien", .search(query: "Tolkien")), ParseCase("I want a book about robots", .search(query: "robots")),
    ParseCase("je veux un livre de Hugo", .search(query: "Hugo"), .fr),
    // `show` with what `list` takes; a capital is a title's.
    ParseCase("show overdue", .list(filter: .overdue, order: .newest)), ParseCase("show available books", .list(filter: .available, order: .newest)),
    ParseCase("show checked out", .list(filter: .checkedOut, order: .newest)), ParseCase("show popular", .list(filter: .all, order: .popular)),
    ParseCase("show the books", .list(filter: .all, order: .newest)), ParseCase("show Lost", .show(book: "Lost")),
    // The particle after the book.
    ParseCase("check Dune in", .returnBook(book: "Dune")), ParseCase("check it back in", .returnBook(book: "it")),
    ParseCase("sign Dune out to me", .checkout(book: "Dune", borrower: nil)), ParseCase("check Dune out", .checkout(book: "Dune", borrower: nil)),
    ParseCase("taking Dune home", .checkout(book: "Dune", borrower: nil)), ParseCase("brought Dune back", .returnBook(book: "Dune")),
    ParseCase("more time on Dune please", .renew(book: "Dune")),
    ParseCase("Take Me Home", .checkout(book: "Me Home", borrower: nil)), ParseCase("check it out", .unknown(text: "check it out", suggestion: "check in")),
    // Your books, the library's figures, the lists.
    ParseCase("what do I owe?", .loansOf(borrower: nil)), ParseCase("do I have any books?", .loansOf(borrower: nil)),
    ParseCase("what's checked out to me", .loansOf(borrower: nil)), ParseCase("my stuff", .loansOf(borrower: nil)),
    ParseCase("how many books were borrowed this year?", .stats), ParseCase("how many books were lent last month", .stats),
    ParseCase("who hasn't returned their books?", .list(filter: .overdue, order: .newest)),
    // Someone else's books; a book asked of someone; a remark after the book (the library reads it).
    ParseCase("does Ben have any books?", .loansOf(borrower: "Ben")), ParseCase("has Ben got anything?", .loansOf(borrower: "Ben")),
    ParseCase("when are Ana Ruiz's books due?", .loansOf(borrower: "Ana Ruiz")), ParseCase("when is Ben’s book due", .loansOf(borrower: "Ben")),
    ParseCase("when is everyone's book due", .whoHas(book: "everyone's book")), ParseCase("when is Ender's Game due?", .whoHas(book: "Ender's Game")),
    ParseCase("when does Ana Ruiz have to return The Hobbit?", .whoHas(book: "The Hobbit")), ParseCase("when does Ben have to return Dune?", .whoHas(book: "Dune")),
    ParseCase("does anyone have Dune?", .whoHas(book: "Dune")), ParseCase("does it have a sequel", .unknown(text: "does it have a sequel", suggestion: nil)),
    ParseCase("checkout Dune then", .checkout(book: "Dune then", borrower: nil)), ParseCase("great, return Dune", .returnBook(book: "Dune")),
    ParseCase("ping Ben about Dune", .remind(borrower: "Ben", book: "Dune")), ParseCase("pong", .unknown(text: "pong", suggestion: nil), nil),
    ParseCase("who are you?", .help(topic: nil)), ParseCase("what commands are there?", .help(topic: nil)), ParseCase("qui es-tu ?", .help(topic: nil), .fr),
    ParseCase("who's borrowing?", .digest), ParseCase("who published Dune?", .show(book: "Dune")),
    // French: "prendre" is to take, not a typo of "rendre"; "il est où ?" is the book last named.
    ParseCase("prendre Dune", .checkout(book: "Dune", borrower: nil), .fr), ParseCase("est-ce que je peux prendre Dune ?", .checkout(book: "Dune", borrower: nil), .fr),
    ParseCase("donne-moi Dune", .checkout(book: "Dune", borrower: nil), .fr), ParseCase("donne-moi un livre", .recommend(book: nil), .fr),
    ParseCase("Dune est où ?", .whoHas(book: "Dune"), .fr), ParseCase("il est où Dune ?", .whoHas(book: "Dune"), .fr),
    ParseCase("il est où ?", .whoHas(book: "ça"), .fr), ParseCase("elle est dispo ?", .whoHas(book: "ça"), .fr),
    ParseCase("est-ce qu'il est disponible ?", .whoHas(book: "ça"), .fr), ParseCase("Dune in stock?", .whoHas(book: "Dune")),
    ParseCase("un livre comme Dune", .recommend(book: "Dune"), .fr), ParseCase("a book like Dune", .recommend(book: "Dune")),
    ParseCase("mets-moi en file d'attente pour Dune", .hold(book: "Dune"), .fr), ParseCase("j'ai des livres en retard ?", .loansOf(borrower: nil), .fr),
    // When is not whom: "me until Friday" was put in line.
    ParseCase("can you hold Dune for me until Friday", .hold(book: "Dune")), ParseCase("hold Dune for Ben until Monday", .hold(book: "Dune", holder: "Ben")),
    ParseCase("hold Dune until Friday", .hold(book: "Dune")), ParseCase("hold Dune for Ben asap", .hold(book: "Dune", holder: "Ben")),
    ParseCase("pass Dune to Ben now", .handOver(book: "Dune", to: "Ben")), ParseCase("pass Dune to Ben tomorrow", .whoHas(book: "Dune")),
    ParseCase("checkout Dune as Ben today", .checkout(book: "Dune", borrower: "Ben")), ParseCase("checkout Dune as Ben on Friday", .whoHas(book: "Dune")),
    ParseCase("hold Dune for Ben tomorrow", .hold(book: "Dune", holder: "Ben")), ParseCase("passe Dune à Ben demain", .whoHas(book: "Dune"), .fr),
    // "…, published by Ace" is the publisher (it added a book "published" by Ace).
    ParseCase("add Dune by Frank Herbert, published by Ace", .add(title: "Dune", author: "Frank Herbert", publisher: "Ace", categories: [], isbn: nil)),
    ParseCase("ajouter Dune de Frank Herbert, publié par Pocket", .add(title: "Dune", author: "Frank Herbert", publisher: "Pocket", categories: [], isbn: nil), .fr),
    ParseCase("add \"Published by Ace\" by Bob", .add(title: "Published by Ace", author: "Bob", publisher: nil, categories: [], isbn: nil)),
    ParseCase("we got 2 more copies of Dune", .addCopy(book: "Dune", count: 2)), ParseCase("I bought three copies of Dune", .addCopy(book: "Dune", count: 3)),
    ParseCase("recommend me something new", .recommend(book: nil)), ParseCase("suggest a book I haven't read", .recommend(book: nil)),
    ParseCase("recommande-moi quelque chose de nouveau", .recommend(book: nil), .fr),
    ParseCase("what's the latest addition?", .list(filter: .all, order: .newest)), ParseCase("books due this week", .loansOf(borrower: nil)),
    // Still reading: more time, asked about.
    ParseCase("I'm still reading Dune", .unknown(text: "I'm still reading Dune", suggestion: "renew Dune")),
    ParseCase("I haven't finished Dune yet", .unknown(text: "I haven't finished Dune yet", suggestion: "renew Dune")),
    ParseCase("je n'ai pas encore fini Dune", .unknown(text: "je n'ai pas encore fini Dune", suggestion: "prolonger Dune"), .fr),
    ParseCase("can I keep reading Dune?", .renew(book: "Dune")),
    ParseCase("show my history", .history(borrower: nil)), ParseCase("my stats this year", .history(borrower: nil, period: .thisYear)),
    ParseCase("when will I get Dune?", .whoHas(book: "Dune")), ParseCase("am I first in line for Dune?", .whoHas(book: "Dune")),
    ParseCase("how overdue is Dune?", .whoHas(book: "Dune")), ParseCase("who read Dune?", .show(book: "Dune")),
    ParseCase("how many holds do I have?", .loansOf(borrower: nil)), ParseCase("which of my books are overdue?", .loansOf(borrower: nil)),
    ParseCase("list my overdue books", .loansOf(borrower: nil)),
    ParseCase("what's trending?", .list(filter: .all, order: .popular)), ParseCase("unpopular books", .list(filter: .neverBorrowed, order: .newest)),
    ParseCase("help borrow", .help(topic: "checkout")),
    ParseCase("help who has", .help(topic: "who has")),
    ParseCase("aide", .help(topic: nil), .fr),
    ParseCase("aide emprunter", .help(topic: "checkout"), .fr),
    ParseCase("help frobnicate", .help(topic: "frobnicate")),
    // confirmation answers
    ParseCase("yes", .confirm), ParseCase("Yes!", .confirm), ParseCase("confirm", .confirm),
    ParseCase("oui", .confirm, .fr), ParseCase("no", .cancel), ParseCase("cancel", .cancel), ParseCase("annuler", .cancel, .fr),
    ParseCase("non", .cancel, .fr), ParseCase("n", .cancel), ParseCase("go ahead", .confirm), ParseCase("do it", .confirm),
    ParseCase("vas-y", .confirm, .fr), ParseCase("go ahead and return Dune", .returnBook(book: "Dune")),
    // mentions and prefixes
    ParseCase("<@U123ABC> checkout Dune as Ana", .checkout(book: "Dune", borrower: "Ana")),
    ParseCase("<@!123456789> return Dune", .returnBook(book: "Dune")),
    ParseCase("<@123456789>: who has Dune", .whoHas(book: "Dune")),
    ParseCase("@librarybot my books", .loansOf(borrower: nil)),
    ParseCase("@LibraryBot, list", .list(filter: .all, order: .newest)),
    // The bot's handle (a gateway writes the bot's own mention so) after a greeting or at the end.
    ParseCase("hey @librarybot who has Dune?", .whoHas(book: "Dune")), ParseCase("who has Dune, @librarybot?", .whoHas(book: "Dune")),
    ParseCase("who has Dune? @librarybot", .whoHas(book: "Dune")), ParseCase("good morning @LibraryBot! who has Dune", .whoHas(book: "Dune")),
    ParseCase("checkout Dune as Ben @librarybot", .checkout(book: "Dune", borrower: "Ben")),
    ParseCase("salut @librarybot, qui a Dune ?", .whoHas(book: "Dune"), .fr), ParseCase("thanks @librarybot", .thanks),
    ParseCase("ask @librarybot who has Dune", .unknown(text: "ask @librarybot who has Dune", suggestion: nil)),
    ParseCase("/library who has Dune", .whoHas(book: "Dune")),
    ParseCase("!library checkout Dune", .checkout(book: "Dune", borrower: nil)),
    ParseCase("!library emprunter Dune pour Ana", .checkout(book: "Dune", borrower: "Ana"), .fr),
    ParseCase("<@U123>", .help(topic: nil), nil),
    // politeness and whitespace
    ParseCase("please checkout Dune", .checkout(book: "Dune", borrower: nil)),
    ParseCase("checkout Dune please", .checkout(book: "Dune", borrower: nil)),
    ParseCase("checkout Dune please!", .checkout(book: "Dune", borrower: nil)),
    ParseCase("Please, return Dune.", .returnBook(book: "Dune")),
    // the dot of an initial or an abbreviation stays in the name
    ParseCase("add Dune by Frank H.", .add(title: "Dune", author: "Frank H.", publisher: nil, categories: [], isbn: nil), .en),
    ParseCase("edit Dune set author to J.R.R. Tolkien Jr.?", .edit(book: "Dune", field: .author, value: "J.R.R. Tolkien Jr."), .en),
    ParseCase("checkout Dune as Ana B.!", .checkout(book: "Dune", borrower: "Ana B.")),
    ParseCase("who has It.", .whoHas(book: "It")),
    ParseCase("return Dune, thanks!", .returnBook(book: "Dune")),
    ParseCase("  checkout    Dune   as   Ana  ", .checkout(book: "Dune", borrower: "Ana")),
    ParseCase("checkout\tDune\nas Ana", .checkout(book: "Dune", borrower: "Ana")),
    ParseCase("emprunter Dune pour Ana, merci", .checkout(book: "Dune", borrower: "Ana"), .fr),
    ParseCase("s'il vous plaît rendre Dune", .returnBook(book: "Dune"), .fr),
    ParseCase("rendre Dune svp", .returnBook(book: "Dune"), .fr),
    ParseCase("bonjour, qui a Dune ?", .whoHas(book: "Dune"), .fr),
    // requests, reports of what was done, contractions, other spellings
    ParseCase("can I borrow Dune?", .checkout(book: "Dune", borrower: nil)),
    ParseCase("could I please check out Dune", .checkout(book: "Dune", borrower: nil)),
    ParseCase("I'd like to borrow the hobbit please", .checkout(book: "the hobbit", borrower: nil)),
    ParseCase("I\u{2019}d like to borrow Dune", .checkout(book: "Dune", borrower: nil)),
    ParseCase("can you checkout Dune for Ana", .checkout(book: "Dune", borrower: "Ana")),
    ParseCase("can you tell me who has Dune?", .whoHas(book: "Dune")),
    ParseCase("do you know who's got Dune?", .whoHas(book: "Dune")),
    ParseCase("can you tell me what's overdue?", .list(filter: .overdue, order: .newest)),
    ParseCase("do you know where is Dune", .whoHas(book: "Dune")),
    ParseCase("I want to return Dune", .returnBook(book: "Dune")),
    ParseCase("I returned Dune", .returnBook(book: "Dune")),
    ParseCase("I've brought back Dune", .returnBook(book: "Dune")),
    ParseCase("I took Dune for Ana", .checkout(book: "Dune", borrower: "Ana")),
    ParseCase("I took Dune back", .unknown(text: "I took Dune back", suggestion: nil)),
    ParseCase("I brought The Empire Strikes Back", .returnBook(book: "The Empire Strikes")),
    ParseCase("I put back Dune", .returnBook(book: "Dune")),
    ParseCase("I took Back to the Future", .checkout(book: "Back to the Future", borrower: nil)),
    ParseCase("I put The Hobbit back!", .returnBook(book: "The Hobbit")),
    ParseCase("I've brought Les Misérables back", .returnBook(book: "Les Misérables")),
    ParseCase("I borrowed As I Lay Dying", .checkout(book: "As I Lay Dying", borrower: nil)),
    ParseCase("who's got Dune?", .whoHas(book: "Dune")),
    ParseCase("who has got Dune", .whoHas(book: "Dune")),
    ParseCase("where's the hobbit", .whoHas(book: "the hobbit")),
    ParseCase("what's overdue?", .list(filter: .overdue, order: .newest)),
    ParseCase("help me", .help(topic: nil)),
    ParseCase("my holds", .loansOf(borrower: nil)),
    ParseCase("mes réservations", .loansOf(borrower: nil), .fr),
    ParseCase("📚 who has Dune 🙏", .whoHas(book: "Dune")),
    ParseCase("return Dune please and thank you", .returnBook(book: "Dune")),
    ParseCase("add Pride & Prejudice by Jane Austen 👍", .add(title: "Pride & Prejudice", author: "Jane Austen", publisher: nil, categories: [], isbn: nil)),
    ParseCase("what's new?", .list(filter: .all, order: .newest)),
    ParseCase("do we have Dune?", .whoHas(book: "Dune")),
    ParseCase("is Dune available?", .whoHas(book: "Dune")),
    ParseCase("is The Hobbit on the shelf", .whoHas(book: "The Hobbit")),
    ParseCase("is Dune back yet?", .whoHas(book: "Dune")),
    ParseCase("avez-vous Les Misérables ?", .whoHas(book: "Les Misérables"), .fr),
    ParseCase("qu'est-ce que j'ai ?", .loansOf(borrower: nil), .fr),
    ParseCase("est-ce que Dune est disponible ?", .whoHas(book: "Dune"), .fr),
    ParseCase("Le Petit Prince est-il libre ?", .whoHas(book: "Le Petit Prince"), .fr),
    ParseCase("qui a Le loup est là", .whoHas(book: "Le loup est là"), .fr),
    ParseCase("quels livres sont en retard ?", .list(filter: .overdue, order: .newest), .fr),
    ParseCase("who is late?", .list(filter: .overdue, order: .newest), .en),
    ParseCase("who's late with a book?", .list(filter: .overdue, order: .newest), .en),
    ParseCase("which books are available?", .list(filter: .available, order: .newest)),
    // a line that is no command is answered in the language it seems written in
    ParseCase("la réunion est à midi", .unknown(text: "la réunion est à midi", suggestion: nil), .fr),
    ParseCase("the meeting is at noon", .unknown(text: "the meeting is at noon", suggestion: nil), .en),
    ParseCase("je ne sais pas quoi lire", .recommend(book: nil), .fr),
    ParseCase("I don't know what to read", .recommend(book: nil), .en),
    ParseCase("is there a book by Herbert?", .search(query: "Herbert")),
    ParseCase("any books by Jane Austen", .search(query: "Jane Austen")),
    ParseCase("des livres de Victor Hugo ?", .search(query: "Victor Hugo"), .fr),
    ParseCase("check-out Dune", .checkout(book: "Dune", borrower: nil)),
    ParseCase("put me on the waitlist for Dune", .hold(book: "Dune")),
    ParseCase("get in line for Dune", .hold(book: "Dune")),
    ParseCase("add me to the queue for Dune", .hold(book: "Dune")),
    ParseCase("put me on the waiting list for Dune please", .hold(book: "Dune")),
    ParseCase("could I get Dune?", .checkout(book: "Dune", borrower: nil)),
    ParseCase("can I have The Hobbit please", .checkout(book: "The Hobbit", borrower: nil)),
    ParseCase("who is waiting for Dune?", .show(book: "Dune")),
    ParseCase("who's in line for Dune", .show(book: "Dune")),
    ParseCase("qui attend Dune ?", .show(book: "Dune"), .fr),
    // the lending rules, with a book or without
    ParseCase("how long can I keep Dune?", .rules(book: "Dune")),
    ParseCase("how long can I keep Dune for?", .rules(book: "Dune")),
    ParseCase("how long can I keep a book?", .rules(book: nil)),
    ParseCase("how long can I keep it", .rules(book: "it")),
    ParseCase("undo", .undo),
    ParseCase("undo that", .undo),
    ParseCase("défaire", .undo, .fr),
    ParseCase("rules", .rules(book: nil)),
    ParseCase("what are the rules?", .rules(book: nil)),
    ParseCase("how long are loans?", .rules(book: nil)),
    ParseCase("how many times can I renew Dune?", .rules(book: "Dune")),
    ParseCase("règles", .rules(book: nil), .fr),
    ParseCase("combien de temps dure un prêt ?", .rules(book: nil), .fr),
    ParseCase("combien de temps puis-je garder Dune ?", .rules(book: "Dune"), .fr),
    ParseCase("combien de temps je peux garder un livre ?", .rules(book: nil), .fr),
    // a title that starts like a rules question stays a title
    ParseCase("the rules of attraction", .unknown(text: "the rules of attraction", suggestion: nil), .en),
    ParseCase("rules of the game", .unknown(text: "rules of the game", suggestion: "rules"), .en),
    // a copy, "any …", a title asked about by its end
    ParseCase("is there a copy of Dune?", .whoHas(book: "Dune")),
    ParseCase("do we have any copies of Dune", .whoHas(book: "Dune")),
    ParseCase("any sci-fi?", .search(query: "sci-fi")),
    ParseCase("do we have any science fiction?", .search(query: "science fiction")),
    ParseCase("Dune available?", .whoHas(book: "Dune")),
    ParseCase("The Hobbit is on the shelf?", .whoHas(book: "The Hobbit")),
    ParseCase("Dune dispo ?", .whoHas(book: "Dune"), .fr),
    ParseCase("Les Misérables disponible ?", .whoHas(book: "Les Misérables"), .fr),
    ParseCase("what is available?", .list(filter: .available, order: .newest)),
    ParseCase("anything available", .list(filter: .available, order: .newest)),
    ParseCase("I gave Dune to Ben", .unknown(text: "I gave Dune to Ben", suggestion: "pass Dune to Ben"), .en),
    ParseCase("I lent Dune to Ben", .unknown(text: "I lent Dune to Ben", suggestion: "lend Dune to Ben"), .en),
    ParseCase("I gave Dune back", .returnBook(book: "Dune")),
    ParseCase("put Dune back on the shelf", .returnBook(book: "Dune")),
    ParseCase("bring Dune back to the library", .returnBook(book: "Dune")),
    ParseCase("I gave Dune back to the library", .returnBook(book: "Dune")),
    // a place after a title is the library's to read: it may end the title
    ParseCase("return The Elf on the Shelf", .returnBook(book: "The Elf on the Shelf")),
    // what is due: the member's books, with their due days
    ParseCase("what's due soon?", .loansOf(borrower: nil)),
    ParseCase("any books due this week?", .loansOf(borrower: nil)),
    ParseCase("what do I need to return?", .loansOf(borrower: nil)),
    ParseCase("qu'est-ce que je dois rendre ?", .loansOf(borrower: nil), .fr),
    ParseCase("where's my place in line for Dune?", .whoHas(book: "Dune")),
    // words that link to what was said before, dropped when a command follows them
    ParseCase("also who has 1984", .whoHas(book: "1984")),
    ParseCase("what's everyone reading?", .digest),
    ParseCase("how many people are waiting for Dune?", .show(book: "Dune")),
    ParseCase("is anyone waiting for Dune?", .show(book: "Dune")),
    ParseCase("quelqu'un attend Dune ?", .show(book: "Dune"), .fr),
    ParseCase("drop my hold on Dune", .cancelHold(book: "Dune", holder: nil)),
    // more time with a book: a renewal, whose length is the library's
    ParseCase("can I keep Dune longer?", .renew(book: "Dune")),
    ParseCase("could I keep Dune for another week?", .renew(book: "Dune")),
    ParseCase("I need more time with Dune", .renew(book: "Dune")),
    ParseCase("puis-je garder Dune plus longtemps ?", .renew(book: "Dune"), .fr),
    ParseCase("garder Dune encore un peu", .renew(book: "Dune"), .fr),
    ParseCase("renew Dune for a bit longer", .renew(book: "Dune")),
    ParseCase("borrow Dune for longer", .checkout(book: "Dune", borrower: nil)),
    ParseCase("checkout Dune as soon as possible", .checkout(book: "Dune", borrower: nil)),
    ParseCase("emprunter Dune dès que possible", .checkout(book: "Dune", borrower: nil), .fr),
    ParseCase("checkout Right Now", .checkout(book: "Right Now", borrower: nil)),
    ParseCase("Keep the Aspidistra Flying", .unknown(text: "Keep the Aspidistra Flying", suggestion: nil), .en),
    ParseCase("who has the most books?", .digest),
    ParseCase("who has books?", .digest),
    ParseCase("who has Books of Blood", .whoHas(book: "Books of Blood")),
    ParseCase("what's everyone reading about", .unknown(text: "what's everyone reading about", suggestion: nil)),
    ParseCase("qu'est-ce que tout le monde lit ?", .digest, .fr),
    ParseCase("btw, return Dune", .returnBook(book: "Dune")),
    ParseCase("and who has Dune?", .whoHas(book: "Dune")),
    ParseCase("by the way, checkout Emma", .checkout(book: "Emma", borrower: nil)),
    ParseCase("et qui a Dune ?", .whoHas(book: "Dune"), .fr),
    ParseCase("so long and thanks for all the fish", .unknown(text: "so long and thanks for all the fish", suggestion: nil), .en),
    ParseCase("also also also also who has Dune", .unknown(text: "also also also also who has Dune", suggestion: nil), .en),
    ParseCase("mark Dune as returned", .returnBook(book: "Dune")),
    // "show me …": a request, list options, or the book to show.
    ParseCase("show me Dune", .show(book: "Dune")),
    ParseCase("show me the history of Dune", .show(book: "Dune")),
    ParseCase("show me my books", .loansOf(borrower: nil)),
    ParseCase("show me the available books", .list(filter: .available, order: .newest)),
    ParseCase("show me everything", .list(filter: .all, order: .newest)),
    ParseCase("show me books by Tolkien", .search(query: "Tolkien")),
    ParseCase("show me who has Dune", .whoHas(book: "Dune")),
    ParseCase("tell me about Dune", .show(book: "Dune")),
    ParseCase("details of Dune", .show(book: "Dune")),
    ParseCase("info on Les Misérables", .show(book: "Les Misérables")),
    ParseCase("détails de Dune", .show(book: "Dune"), .fr),
    ParseCase("parle-moi de Dune", .show(book: "Dune"), .fr),
    ParseCase("find me something by Tolkien", .search(query: "Tolkien")),
    ParseCase("put a hold on Dune", .hold(book: "Dune")),
    ParseCase("hold Dune for me", .hold(book: "Dune")),
    ParseCase("hold Dune for Ana", .hold(book: "Dune", holder: "Ana")),
    ParseCase("cancel my reservation for Dune", .cancelHold(book: "Dune", holder: nil)),
    ParseCase("remove my hold on Dune", .cancelHold(book: "Dune", holder: nil)),
    ParseCase("who borrowed Dune last?", .show(book: "Dune")),
    ParseCase("who had Dune before", .show(book: "Dune")),
    ParseCase("who borrowed Dune?", .whoHas(book: "Dune")),
    ParseCase("is Dune overdue?", .whoHas(book: "Dune")),
    ParseCase("extend my loan on Dune", .renew(book: "Dune")),
    ParseCase("latest books", .list(filter: .all, order: .newest)),
    ParseCase("oldest books", .list(filter: .all, order: .oldest)),
    ParseCase("books on the shelf", .list(filter: .available, order: .newest)),
    ParseCase("books on loan", .list(filter: .checkedOut, order: .newest)),
    ParseCase("how many copies of Dune?", .whoHas(book: "Dune")),
    ParseCase("books about robots", .search(query: "robots")),
    ParseCase("est-ce que Dune est en retard ?", .whoHas(book: "Dune"), .fr),
    ParseCase("montre-moi Dune", .show(book: "Dune"), .fr),
    ParseCase("montre moi les livres disponibles", .list(filter: .available, order: .newest), .fr),
    ParseCase("montrez-moi mes livres", .loansOf(borrower: nil), .fr),
    ParseCase("qu'est-ce que j'ai emprunté ?", .history(borrower: nil), .fr),
    ParseCase("les livres de Tolkien", .search(query: "Tolkien"), .fr),
    ParseCase("as-tu Dune ?", .whoHas(book: "Dune"), .fr),
    ParseCase("enlève-moi de la file pour Dune", .cancelHold(book: "Dune", holder: nil), .fr),
    ParseCase("réserver Dune pour Ana", .hold(book: "Dune", holder: "Ana"), .fr),
    ParseCase("reserve Dune for two weeks", .hold(book: "Dune")),
    ParseCase("réserver Dune pour moi", .hold(book: "Dune"), .fr),
    // "can I help" is no request for a book: the lead-in needs a verb after it.
    ParseCase("can I help", .help(topic: nil)),
    ParseCase("take me out of the line for Dune", .cancelHold(book: "Dune", holder: nil)),
    ParseCase("retirez-moi de la file pour Dune", .cancelHold(book: "Dune", holder: nil), .fr),
    ParseCase("check-in Dune", .returnBook(book: "Dune")),
    ParseCase("Return: The Hobbit", .returnBook(book: "The Hobbit")),
    ParseCase("je voudrais emprunter Dune", .checkout(book: "Dune", borrower: nil), .fr),
    ParseCase("est-ce que je peux emprunter Dune ?", .checkout(book: "Dune", borrower: nil), .fr),
    ParseCase("j'ai rendu Dune", .returnBook(book: "Dune"), .fr),
    // the book before the verb, or after an imperative: the one last named ("ça", the handler's)
    ParseCase("je le prends", .checkout(book: "ça", borrower: nil), .fr),
    ParseCase("Je la prends, merci", .checkout(book: "ça", borrower: nil), .fr),
    ParseCase("je l'emprunte", .checkout(book: "ça", borrower: nil), .fr),
    ParseCase("je l’ai rendu", .returnBook(book: "ça"), .fr),
    ParseCase("je le réserve", .hold(book: "ça", holder: nil), .fr),
    ParseCase("prends-le pour Ben", .checkout(book: "ça", borrower: "Ben"), .fr),
    ParseCase("réserve-le", .hold(book: "ça", holder: nil), .fr),
    ParseCase("garde-le-moi", .hold(book: "ça", holder: nil), .fr),
    ParseCase("rends-la", .returnBook(book: "ça"), .fr),
    ParseCase("prolongez-le", .renew(book: "ça"), .fr),
    ParseCase("checkout that one", .checkout(book: "that one", borrower: nil)),
    ParseCase("j\u{2019}ai emprunté Le Petit Prince", .checkout(book: "Le Petit Prince", borrower: nil), .fr),
    ParseCase("qui a emprunté Dune ?", .whoHas(book: "Dune"), .fr),
    // a plan is not done yet; a lead-in without a verb is not a command, but tells the language
    ParseCase("pouvez-vous m'aider", .unknown(text: "pouvez-vous m'aider", suggestion: nil), .fr),
    ParseCase("puis-je danser", .unknown(text: "puis-je danser", suggestion: nil), .fr),
    // (a plan asks who has the book; the handler drops the time, unless a title ends so)
    ParseCase("I'll return Dune tomorrow", .whoHas(book: "Dune tomorrow")),
    ParseCase("I'll bring Dune back on Friday", .whoHas(book: "Dune on Friday")),
    ParseCase("I gave Dune back yesterday", .returnBook(book: "Dune yesterday")),
    ParseCase("I brought Dune back this morning", .returnBook(book: "Dune this morning")),
    ParseCase("I will bring back Dune tomorrow", .whoHas(book: "Dune tomorrow")),
    ParseCase("I'm going to give Dune back next week", .whoHas(book: "Dune next week")),
    ParseCase("I'll bring Back to the Future back", .whoHas(book: "Back to the Future")),
    ParseCase("je ramènerai Dune demain", .whoHas(book: "Dune demain"), .fr),
    ParseCase("I'll bring Dune back to the library", .whoHas(book: "Dune")),
    ParseCase("I'll bring Dune back to the library tomorrow", .whoHas(book: "Dune tomorrow")),
    ParseCase("I'll bring Dune back to you", .unknown(text: "I'll bring Dune back to you", suggestion: nil)),
    ParseCase("I'll bring Dune back to you tomorrow", .unknown(text: "I'll bring Dune back to you tomorrow", suggestion: nil)),
    ParseCase("can we meet tomorrow", .unknown(text: "can we meet tomorrow", suggestion: nil)),
    // typos and nonsense
    ParseCase("chekout Dune", .unknown(text: "chekout Dune", suggestion: "checkout")),
    ParseCase("retrun Dune", .unknown(text: "retrun Dune", suggestion: "return")),
    ParseCase("reneww Dune", .unknown(text: "reneww Dune", suggestion: "renew")),
    ParseCase("serch dune", .unknown(text: "serch dune", suggestion: "search")),
    ParseCase("emprunetr Dune", .unknown(text: "emprunetr Dune", suggestion: "emprunter"), .fr),
    ParseCase("hello world", .unknown(text: "world", suggestion: nil), .en),
    // courtesy alone: what the bot can do, in the greeting's language; thanks, a short answer
    ParseCase("hello", .help(topic: nil), .en),
    ParseCase("Hi!", .help(topic: nil), .en),
    ParseCase("please?", .help(topic: nil), .en),
    ParseCase("thank you!", .thanks, .en),
    ParseCase("thanks", .thanks, .en),
    ParseCase("Bonjour", .help(topic: nil), .fr),
    ParseCase("merci beaucoup", .thanks, .fr),
    ParseCase("good morning", .help(topic: nil), .en),
    ParseCase("Hello librarybot!", .help(topic: nil), .en),
    ParseCase("hi there", .help(topic: nil), .en),
    ParseCase("thanks librarybot", .thanks, .en),
    // The language of the replies, asked for.
    ParseCase("speak French please", .speak(.fr), .fr), ParseCase("in English?", .speak(.en), .en),
    ParseCase("réponds-moi en anglais stp", .speak(.en), .en), ParseCase("en français", .speak(.fr), .fr),
    ParseCase("stop reminding me please", .reminders(on: false), .en), ParseCase("turn reminders off", .reminders(on: false), .en),
    ParseCase("resume reminders", .reminders(on: true), .en), ParseCase("plus de rappels !", .reminders(on: false), .fr),
    ParseCase("réactive les rappels", .reminders(on: true), .fr), ParseCase("remind me", .rules(book: nil), .en),
    ParseCase("can you speak French?", .speak(.fr), .fr), ParseCase("French", .unknown(text: "French", suggestion: nil), nil),
    ParseCase("coucou", .help(topic: nil), .fr),
    ParseCase("good morning, who has Dune?", .whoHas(book: "Dune"), .en),
    // asking what the bot does, what is new, for something to read
    ParseCase("what can you do?", .help(topic: nil), .en),
    ParseCase("qu'est-ce que tu sais faire ?", .help(topic: nil), .fr),
    ParseCase("anything new?", .list(filter: .all, order: .newest), .en),
    ParseCase("I want to read something by Tolkien", .search(query: "Tolkien"), .en),
    ParseCase("je voudrais lire quelque chose de Hugo", .search(query: "Hugo"), .fr),
    ParseCase("recommend me a book", .recommend(book: nil), .en),
    ParseCase("what should I read next?", .recommend(book: nil), .en),
    ParseCase("que lire ?", .recommend(book: nil), .fr),
    ParseCase("books like Dune", .recommend(book: "Dune"), .en),
    ParseCase("can you recommend something like The Hobbit?", .recommend(book: "The Hobbit"), .en),
    ParseCase("des livres comme Les Misérables", .recommend(book: "Les Misérables"), .fr),
    ParseCase("books like", .unknown(text: "books like", suggestion: "books like"), .en),
    ParseCase("recommend like Unlike Us", .recommend(book: "Unlike Us"), .en),
    ParseCase("rename Dune to Arrakis", .edit(book: "Dune", field: .title, value: "Arrakis"), .en),
    ParseCase("rename Dune as Arrakis", .edit(book: "Dune", field: .title, value: "Arrakis"), .en),
    ParseCase("rename As I Lay Dying as Dying", .edit(book: "As I Lay Dying", field: .title, value: "Dying"), .en),
    ParseCase("renommer Dune en Dune, le roman", .edit(book: "Dune", field: .title, value: "Dune, le roman"), .fr),
    ParseCase("change the author of Emma to Jane Austen", .edit(book: "Emma", field: .author, value: "Jane Austen"), .en),
    ParseCase("set the isbn of Dune to 9780441172719", .edit(book: "Dune", field: .isbn, value: "9780441172719"), .en),
    ParseCase("update publisher for Dune to Ace Books", .edit(book: "Dune", field: .publisher, value: "Ace Books"), .en),
    ParseCase("change my mind", .unknown(text: "change my mind", suggestion: nil), .en),
    ParseCase("rename Dune to", .unknown(text: "edit", suggestion: "edit"), .en),
    ParseCase("rename", .unknown(text: "edit", suggestion: "edit"), .en),
    ParseCase("is anything overdue?", .list(filter: .overdue, order: .newest), .en),
    ParseCase("who has overdue books?", .list(filter: .overdue, order: .newest), .en),
    ParseCase("qui est en retard ?", .list(filter: .overdue, order: .newest), .fr),
    ParseCase("how many books do I have?", .loansOf(borrower: nil), .en),
    ParseCase("combien de livres ai-je ?", .loansOf(borrower: nil), .fr),
    ParseCase("quels livres ai-je ?", .loansOf(borrower: nil), .fr),
    ParseCase("j'ai quoi ?", .loansOf(borrower: nil), .fr),
    ParseCase("what have I got?", .loansOf(borrower: nil), .en),
    ParseCase("show me what I have", .loansOf(borrower: nil), .en),
    ParseCase("grab the hobbit", .checkout(book: "the hobbit", borrower: nil), .en),
    ParseCase("get Dune", .checkout(book: "Dune", borrower: nil), .en),
    ParseCase("get Dune for Ben", .checkout(book: "Dune", borrower: "Ben"), .en),
    ParseCase("sign out Moby-Dick", .checkout(book: "Moby-Dick", borrower: nil), .en),
    ParseCase("drop off Frankenstein", .returnBook(book: "Frankenstein"), .en),
    ParseCase("hand in the hobbit", .returnBook(book: "the hobbit"), .en),
    ParseCase("put Dune back", .returnBook(book: "Dune"), .en),
    ParseCase("get in line for Dune", .hold(book: "Dune"), .en),
    ParseCase("returned Dune", .returnBook(book: "Dune"), .en),
    ParseCase("nevermind", .cancel, .en),
    ParseCase("I'll borrow Emma", .unknown(text: "I'll borrow Emma", suggestion: "checkout Emma"), .en),
    ParseCase("make me a sandwich", .unknown(text: "make me a sandwich", suggestion: nil)),
    ParseCase("xyzzy", .unknown(text: "xyzzy", suggestion: nil), nil),
    // When a book is due: who has it says; about one's own books, my books.
    ParseCase("when is the hobbit due?", .whoHas(book: "the hobbit"), .en),
    ParseCase("when's Dune due back", .whoHas(book: "Dune"), .en),
    ParseCase("when will Dune be back?", .whoHas(book: "Dune"), .en),
    ParseCase("when do I have to return Dune?", .whoHas(book: "Dune"), .en),
    ParseCase("when are my books due?", .loansOf(borrower: nil), .en),
    ParseCase("when is my book due", .loansOf(borrower: nil), .en),
    ParseCase("quand dois-je rendre Dune ?", .whoHas(book: "Dune"), .fr),
    ParseCase("when is Dune", .unknown(text: "when is Dune", suggestion: nil), .en),
    ParseCase("what has Dune", .unknown(text: "what has Dune", suggestion: nil), .en),
    // A renewal's length is the library's, however it is said.
    ParseCase("extend the hobbit by a week", .renew(book: "the hobbit"), .en),
    ParseCase("prolonger Dune d'une semaine", .renew(book: "Dune"), .fr),
    ParseCase("renew Dune by Frank Herbert", .renew(book: "Dune by Frank Herbert"), .en),
    ParseCase("how many books do we have", .list(filter: .all, order: .newest), .en),
    ParseCase("how many books are overdue?", .list(filter: .overdue, order: .newest), .en),
    ParseCase("how many books are there?", .list(filter: .all, order: .newest), .en),
    ParseCase("how many books are there in the library", .list(filter: .all, order: .newest), .en),
    ParseCase("how many books are on the shelf?", .list(filter: .available, order: .newest), .en),
    ParseCase("how many books are out", .list(filter: .checkedOut, order: .newest), .en),
    ParseCase("combien de livres y a-t-il ?", .list(filter: .all, order: .newest), .fr),
    // An author's books, asked as a question.
    ParseCase("what books by Jane Austen do you have?", .search(query: "Jane Austen"), .en),
    // One copy of a title deleted, by its place or any.
    ParseCase("delete a copy of Dune", .deleteCopy(book: "Dune", place: nil), .en),
    ParseCase("remove one of the copies of Dune", .deleteCopy(book: "Dune", place: nil), .en),
    ParseCase("delete the second copy of Dune", .deleteCopy(book: "Dune", place: 1), .en),
    ParseCase("delete copy 3 of Dune", .deleteCopy(book: "Dune", place: 2), .en),
    ParseCase("delete the last copy of Dune", .deleteCopy(book: "Dune", place: -1), .en),
    ParseCase("supprimer le deuxième exemplaire du Petit Prince", .deleteCopy(book: "Le Petit Prince", place: 1), .fr),
    ParseCase("supprimer un exemplaire d'Emma", .deleteCopy(book: "Emma", place: nil), .fr),
    ParseCase("delete A Copy of Me", .delete(books: ["A Copy of Me"]), .en),
    // A category given to a book, or taken from it (not the book deleted).
    ParseCase("add category Classic to Dune", .categorize(book: "Dune", categories: ["Classic"], remove: false), .en),
    ParseCase("add the categories SF, Classic to Gone to Soldiers", .categorize(book: "Gone to Soldiers", categories: ["SF", "Classic"], remove: false), .en),
    ParseCase("remove category SF from Dune", .categorize(book: "Dune", categories: ["SF"], remove: true), .en),
    ParseCase("remove the genre War from Letters from Iwo Jima", .categorize(book: "Letters from Iwo Jima", categories: ["War"], remove: true), .en),
    ParseCase("ajouter la catégorie Classique à Dune", .categorize(book: "Dune", categories: ["Classique"], remove: false), .fr),
    ParseCase("retirer la catégorie Jeunesse du Petit Prince", .categorize(book: "Le Petit Prince", categories: ["Jeunesse"], remove: true), .fr),
    ParseCase("supprimer la catégorie SF de Dune", .categorize(book: "Dune", categories: ["SF"], remove: true), .fr),
    ParseCase("tag Dune as classic", .categorize(book: "Dune", categories: ["classic"], remove: false), .en),
    ParseCase("tag Gone with the Wind with Classic, Romance", .categorize(book: "Gone with the Wind", categories: ["Classic", "Romance"], remove: false), .en),
    ParseCase("label Death as a Way of Life as Essay", .categorize(book: "Death as a Way of Life", categories: ["Essay"], remove: false), .en),
    ParseCase("categorize Dune as SF", .categorize(book: "Dune", categories: ["SF"], remove: false), .en),
    ParseCase("untag Dune as SF", .categorize(book: "Dune", categories: ["SF"], remove: true), .en),
    ParseCase("untag Classic from Notes from Underground", .categorize(book: "Notes from Underground", categories: ["Classic"], remove: true), .en),
    ParseCase("untag Notes from Underground as Classic", .categorize(book: "Notes from Underground", categories: ["Classic"], remove: true), .en),
    ParseCase("remove tag SF from Dune", .categorize(book: "Dune", categories: ["SF"], remove: true), .en),
    ParseCase("classer Dune dans Classique", .categorize(book: "Dune", categories: ["Classique"], remove: false), .fr),
    ParseCase("étiqueter Le Petit Prince comme Jeunesse", .categorize(book: "Le Petit Prince", categories: ["Jeunesse"], remove: false), .fr),
    ParseCase("tag Dune", .unknown(text: "tag", suggestion: "tag"), .en),
    // A book reported lost or damaged (not a place in line, nor a title that starts with Lost).
    ParseCase("I lost Dune", .report(book: "Dune", kind: .lost), .en),
    ParseCase("I lost my book", .report(book: "my book", kind: .lost), .en), ParseCase("mon livre est abîmé", .report(book: "mon livre", kind: .damaged), .fr),
    ParseCase("I lost my keys", .unknown(text: "I lost my keys", suggestion: nil), .en),
    ParseCase("page missing in Dune", .report(book: "Dune", kind: .damaged, note: "page missing"), .en),
    ParseCase("Dune is missing some pages", .report(book: "Dune", kind: .damaged, note: "missing some pages"), .en),
    ParseCase("is Dune still out?", .whoHas(book: "Dune"), .en),
    ParseCase("show me what you can do", .help(topic: nil), .en), ParseCase("books added this week", .list(filter: .all, order: .newest), .en),
    ParseCase("what's my due date?", .loansOf(borrower: nil), .en), ParseCase("who owes books?", .list(filter: .overdue, order: .newest), .en),
    ParseCase("who hasn't returned?", .list(filter: .overdue, order: .newest), .en), ParseCase("anything good to read?", .recommend(book: nil), .en),
    ParseCase("what's the most overdue?", .list(filter: .overdue, order: .longestOut), .en),
    ParseCase("how long is the loan?", .rules(book: nil), .en), ParseCase("are there late fees?", .rules(book: nil), .en),
    ParseCase("who runs the library?", .rules(book: nil), .en), ParseCase("bringing back all my books", .returnBook(book: "all my books"), .en),
    ParseCase("can I renew again?", .unknown(text: "renew", suggestion: "renew"), .en), ParseCase("renew Again", .renew(book: "Again"), .en),
    ParseCase("I've lost my copy of Dune", .report(book: "Dune", kind: .lost), .en),
    ParseCase("Dune is lost", .report(book: "Dune", kind: .lost), .en),
    ParseCase("it got damaged", .report(book: "it", kind: .damaged), .en),
    ParseCase("report Dune as damaged", .report(book: "Dune", kind: .damaged), .en),
    ParseCase("j'ai perdu Dune", .report(book: "Dune", kind: .lost), .fr),
    // Contractions typed without their apostrophe, run together or apart; a title keeps its words.
    ParseCase("ive lost my copy of Dune", .report(book: "Dune", kind: .lost), .en),
    ParseCase("I ve lost Dune", .report(book: "Dune", kind: .lost), .en),
    ParseCase("whats new?", .list(filter: .all, order: .newest)),
    ParseCase("what s new", .list(filter: .all, order: .newest)),
    ParseCase("who s got Dune", .whoHas(book: "Dune"), .en),
    ParseCase("j ai perdu Dune", .report(book: "Dune", kind: .lost), .fr),
    ParseCase("qu a Ana", .loansOf(borrower: "Ana"), .fr),
    ParseCase("qu est ce que j ai ?", .loansOf(borrower: nil), .fr),
    ParseCase("est ce que Dune est disponible ?", .whoHas(book: "Dune"), .fr),
    // How to use a command: its help. After "how to", only with no book or any book, so that a
    // title that starts so stays a title.
    ParseCase("how do I return a book?", .help(topic: "return")),
    ParseCase("how can I borrow Dune", .help(topic: "checkout")),
    ParseCase("how to borrow books", .help(topic: "checkout")),
    ParseCase("comment emprunter un livre ?", .help(topic: "checkout"), .fr),
    ParseCase("comment faire pour réserver Dune ?", .help(topic: "hold"), .fr),
    ParseCase("How to Take Smart Notes", .unknown(text: "How to Take Smart Notes", suggestion: nil), nil),
    ParseCase("I'm looking for a book by Hugo", .search(query: "Hugo")),
    ParseCase("je cherche un livre de Hugo", .search(query: "Hugo"), .fr),
    ParseCase("peux-tu me prêter Dune ?", .checkout(book: "Dune", borrower: nil), .fr),
    ParseCase("il reste des livres ?", .list(filter: .available, order: .newest), .fr),
    ParseCase("c'est quand que je dois rendre Dune ?", .whoHas(book: "Dune"), .fr),
    ParseCase("send me a reminder for Dune", .rules(book: "Dune")),
    ParseCase("remind me when Dune is due", .rules(book: "Dune")),
    // Without "for another week", no renewal: a checkout, asked about.
    ParseCase("I need Dune", .unknown(text: "I need Dune", suggestion: "checkout Dune")),
    ParseCase("am I next for Dune?", .whoHas(book: "Dune")),
    ParseCase("what books are available?", .list(filter: .available, order: .newest)),
    ParseCase("what can I borrow", .list(filter: .available, order: .newest)),
    ParseCase("show my loans", .loansOf(borrower: nil)),
    // Leaving a line, however said: never a checkout of "me off the list" nor a deletion.
    ParseCase("take me off the list for Dune", .cancelHold(book: "Dune", holder: nil)),
    ParseCase("remove me from the queue for Dune", .cancelHold(book: "Dune", holder: nil)),
    ParseCase("stop waiting for Dune", .cancelHold(book: "Dune", holder: nil)),
    ParseCase("remove the hold on Dune", .cancelHold(book: "Dune", holder: nil)),
    ParseCase("take Dune off hold", .cancelHold(book: "Dune", holder: nil)),
    ParseCase("remove The Hobbit from my list", .cancelHold(book: "The Hobbit", holder: nil)),
    ParseCase("take a look at Dune", .show(book: "Dune")),
    // Putting it on the shelf, dropping it off: a return (the place is the library's to drop,
    // unless it ends the title).
    ParseCase("put Dune on the shelf", .returnBook(book: "Dune on the shelf")),
    ParseCase("I've put Dune on the shelf", .returnBook(book: "Dune on the shelf")),
    ParseCase("j'ai remis Dune sur l'étagère", .returnBook(book: "Dune sur l'étagère"), .fr),
    ParseCase("Dune on the shelf?", .whoHas(book: "Dune")),
    ParseCase("I dropped Dune off", .returnBook(book: "Dune")),
    ParseCase("dropped off Dune", .returnBook(book: "Dune")),
    ParseCase("je ramène Dune", .returnBook(book: "Dune"), .fr),
    ParseCase("rapporter Dune", .returnBook(book: "Dune"), .fr),
    // Forgotten: where the member's loan stands.
    ParseCase("I forgot to return Dune", .whoHas(book: "Dune")),
    ParseCase("j'ai oublié de rendre Dune", .whoHas(book: "Dune"), .fr),
    ParseCase("je garde Dune une semaine de plus", .renew(book: "Dune"), .fr),
    ParseCase("can someone lend me Dune?", .checkout(book: "Dune", borrower: nil)),
    ParseCase("suggest something", .recommend(book: nil)),
    ParseCase("tu me conseilles quoi ?", .recommend(book: nil), .fr),
    ParseCase("who's next for Dune?", .show(book: "Dune")),
    ParseCase("ask Ben to return Dune", .remind(borrower: "Ben", book: "Dune")),
    ParseCase("demande à Ben de rendre Dune", .remind(borrower: "Ben", book: "Dune"), .fr),
    ParseCase("tell Ben to give Dune to Ana", .unknown(text: "tell Ben to give Dune to Ana", suggestion: nil), nil),
    ParseCase("my reading history", .history(borrower: nil)),
    ParseCase("is there a limit?", .rules(book: nil)),
    ParseCase("combien de livres puis-je emprunter ?", .rules(book: nil), .fr),
    ParseCase("what's the newest book?", .list(filter: .all, order: .newest)),
    ParseCase("derniers livres", .list(filter: .all, order: .newest), .fr),
    ParseCase("je peux avoir Dune ?", .checkout(book: "Dune", borrower: nil), .fr),
    // "after Ben" is the handler's to read (a title may end so: "Life After Life").
    ParseCase("can I have Dune after Ben?", .checkout(book: "Dune after Ben", borrower: nil)),
    // A book to add named after the word "book", in lower case; a title of its own capitals stays.
    ParseCase("add book The Name of the Wind by Patrick Rothfuss", .add(title: "The Name of the Wind", author: "Patrick Rothfuss", publisher: nil, categories: [], isbn: nil)),
    ParseCase("add Book Lovers by Emily Henry", .add(title: "Book Lovers", author: "Emily Henry", publisher: nil, categories: [], isbn: nil)),
    ParseCase("add Dune by Frank Herbert for the library", .add(title: "Dune", author: "Frank Herbert", publisher: nil, categories: [], isbn: nil)),
    ParseCase("we got a second copy of Dune", .addCopy(book: "Dune")),
    ParseCase("I bought a copy of Dune", .addCopy(book: "Dune")),
    ParseCase("isbn 978-0-261-10334-4", .whoHas(book: "9780261103344"), nil),
    // A page before the first is the first; one past any list is past its end.
    ParseCase("list page 0", .list(filter: .all, order: .newest, page: 1)),
    ParseCase("list page 99999999999999999999", .list(filter: .all, order: .newest, page: 10_000)),
    // Corrections and marks, as admins write them.
    ParseCase("fix the author of Dune: Frank Herbert", .edit(book: "Dune", field: .author, value: "Frank Herbert")),
    ParseCase("the author of Dune should be Frank Herbert", .edit(book: "Dune", field: .author, value: "Frank Herbert")),
    ParseCase("the title of #17 should be The Name of the Wind", .edit(book: "#17", field: .title, value: "The Name of the Wind")),
    ParseCase("Dune's publisher should be Chilton", .edit(book: "Dune", field: .publisher, value: "Chilton")),
    // Asked, not told: who has it.
    ParseCase("Ben borrowed Dune?", .whoHas(book: "Dune")),
    // someone's book handed to the sender, asked about (told, the handler reads it)
    ParseCase("Ben gave me Dune?", .whoHas(book: "Dune")),
    ParseCase("did you know Ben passed me Dune?", .unknown(text: "did you know Ben passed me Dune", suggestion: nil)),
    ParseCase("Ben m'a passé Dune ?", .whoHas(book: "Dune"), .fr),
    ParseCase("I got Dune from Ben?", .whoHas(book: "Dune")),
    ParseCase("Ben gave me Dune", .unknown(text: "Ben gave me Dune", suggestion: nil), nil),
    // Taken over, said from the sender's side: "over" says it, not a checkout.
    ParseCase("I took over Dune from Ben", .takeOver(book: "Dune", from: "Ben"), .en),
    ParseCase("reprendre Dune de Ben", .takeOver(book: "Dune", from: "Ben"), .fr),
    ParseCase("je reprends Le Comte de Monte-Cristo d'Ana", .takeOver(book: "Le Comte de Monte-Cristo", from: "Ana"), .fr),
    ParseCase("reprendre Dune de <@U123>", .takeOver(book: "Dune", from: "<@U123>"), .fr),
    ParseCase("reprendre le livre de maths", .unknown(text: "reprendre le livre de maths", suggestion: nil), .fr),
    ParseCase("I'm taking over The Hobbit from Ana Ruiz", .takeOver(book: "The Hobbit", from: "Ana Ruiz"), .en),
    ParseCase("I took Dune over from Ben.", .takeOver(book: "Dune", from: "Ben"), .en),
    ParseCase("take over Dune from ben", .takeOver(book: "Dune", from: "ben"), .en),
    ParseCase("I took over Dune from Ben?", .whoHas(book: "Dune"), .en),
    ParseCase("I took Dune from Ben", .checkout(book: "Dune from Ben", borrower: nil), .en),
    ParseCase("Ben returned Dune?", .whoHas(book: "Dune")),
    ParseCase("Ben returned Dune", .unknown(text: "Ben returned Dune", suggestion: nil), nil),
    ParseCase("Ben m'a rendu Dune ?", .whoHas(book: "Dune"), .fr),
    ParseCase("Ben a emprunté Dune ?", .whoHas(book: "Dune"), .fr),
    // What the member did, asked: everything about the book, its last loans with it.
    ParseCase("I returned Dune?", .show(book: "Dune")),
    ParseCase("I returned Dune", .returnBook(book: "Dune")),
    ParseCase("have I returned Dune?", .show(book: "Dune")),
    ParseCase("I borrowed Dune?", .show(book: "Dune")),
    ParseCase("did I borrow Dune", .show(book: "Dune")),
    ParseCase("j'ai rendu Dune ?", .show(book: "Dune"), .fr),
    // A report with what is wrong after a colon, a comma or a dash; a second report stays one.
    ParseCase("Dune is damaged: the cover is torn", .report(book: "Dune", kind: .damaged, note: "the cover is torn")),
    ParseCase("Dune is damaged, the cover is torn", .report(book: "Dune", kind: .damaged, note: "the cover is torn")),
    ParseCase("I lost Dune, left it on the train", .report(book: "Dune", kind: .lost, note: "left it on the train")),
    ParseCase("I lost Dune, sorry!", .report(book: "Dune", kind: .lost)),
    ParseCase("report Dune damaged - water stain", .report(book: "Dune", kind: .damaged, note: "water stain")),
    ParseCase("Dune est abîmé : la couverture est déchirée", .report(book: "Dune", kind: .damaged, note: "la couverture est déchirée"), .fr),
    ParseCase("Star Wars: A New Hope is damaged, pages missing", .report(book: "Star Wars: A New Hope", kind: .damaged, note: "pages missing")),
    ParseCase("Dune is damaged, Emma is lost", .several([
        CommandPart(text: "Dune is damaged", command: ParsedCommand(intent: .report(book: "Dune", kind: .damaged), language: .en), joiner: nil),
        CommandPart(text: "Emma is lost", command: ParsedCommand(intent: .report(book: "Emma", kind: .lost), language: .en), joiner: ", "),
    ])),
    // Several copies at once; the extra copy of a title deleted.
    ParseCase("add 2 copies of Dune", .addCopy(book: "Dune", count: 2)),
    ParseCase("ajouter deux exemplaires de Dune", .addCopy(book: "Dune", count: 2), .fr),
    ParseCase("add 30 copies of Dune", .addCopy(book: "Dune", count: 30)),
    ParseCase("delete 2 copies of Dune", .deleteCopies(book: "Dune", count: 2)),
    ParseCase("remove two of the copies of Dune", .deleteCopies(book: "Dune", count: 2)),
    ParseCase("supprimer 3 exemplaires du Petit Prince", .deleteCopies(book: "Le Petit Prince", count: 3), .fr),
    ParseCase("delete 2 States", .delete(books: ["2 States"])),
    ParseCase("add 2 States by Chetan Bhagat", .add(title: "2 States", author: "Chetan Bhagat", publisher: nil, categories: [], isbn: nil)),
    ParseCase("remove the duplicate of Dune", .deleteCopy(book: "Dune", place: nil)),
    ParseCase("supprimer le doublon de Dune", .deleteCopy(book: "Dune", place: nil), .fr),
    // A reference's details after the author: the publisher kept, a year dropped, a role left with the name.
    ParseCase("add Dune by Frank Herbert (Ace, 1990)", .add(title: "Dune", author: "Frank Herbert", publisher: "Ace", categories: [], isbn: nil)),
    ParseCase("add Dune by Frank Herbert, 1965", .add(title: "Dune", author: "Frank Herbert", publisher: nil, categories: [], isbn: nil)),
    ParseCase("add Dune by Frank Herbert (1965)", .add(title: "Dune", author: "Frank Herbert", publisher: nil, categories: [], isbn: nil)),
    ParseCase("add The Best American Essays by Robert Atwan (ed.)", .add(title: "The Best American Essays", author: "Robert Atwan (ed.)", publisher: nil, categories: [], isbn: nil)),
    ParseCase("ajouter Dune de Frank Herbert (Robert Laffont, 1970)", .add(title: "Dune", author: "Frank Herbert", publisher: "Robert Laffont", categories: [], isbn: nil), .fr),
    // Emoji as chat writes them in text, at either end, are no words of the command.
    ParseCase("checkout Dune :books:", .checkout(book: "Dune", borrower: nil)),
    ParseCase(":wave: who has Dune", .whoHas(book: "Dune")),
    ParseCase("return Dune :thumbsup::skin-tone-2:", .returnBook(book: "Dune")),
    ParseCase("checkout Dune <:shelf:123456>", .checkout(book: "Dune", borrower: nil)),
    ParseCase("who has Re: Zero", .whoHas(book: "Re: Zero")),
    ParseCase("checkout Dune thanks in advance", .checkout(book: "Dune", borrower: nil)),
    ParseCase("je l'ai fini", .unknown(text: "je l'ai fini", suggestion: "rendre ça"), .fr),
    // French imperatives and questions of one's own books.
    ParseCase("supprime Dune", .delete(books: ["Dune"]), .fr),
    ParseCase("annule", .cancel, .fr),
    ParseCase("annule la réservation de Dune", .cancelHold(book: "Dune", holder: nil), .fr),
    ParseCase("quels sont mes emprunts ?", .loansOf(borrower: nil), .fr),
    ParseCase("c'est quoi mes livres", .loansOf(borrower: nil), .fr),
    ParseCase("les livres empruntés", .list(filter: .checkedOut, order: .newest), .fr),
    ParseCase("mets-moi en attente pour Dune", .hold(book: "Dune", holder: nil), .fr),
    // Lines, as members speak of them.
    ParseCase("join the queue for Dune", .hold(book: "Dune", holder: nil)),
    ParseCase("leave the queue for Dune", .cancelHold(book: "Dune", holder: nil)),
    ParseCase("am I still in line for Dune?", .whoHas(book: "Dune")),
    ParseCase("how many people are ahead of me for Dune", .whoHas(book: "Dune")),
    ParseCase("where am I in line?", .loansOf(borrower: nil)),
    ParseCase("what am I waiting for?", .loansOf(borrower: nil)),
    ParseCase("je suis où dans la file ?", .loansOf(borrower: nil), .fr),
    // A swap is the handler's to read: which cut names books is the library's to say.
    ParseCase("swap Dune for Emma", .unknown(text: "swap Dune for Emma", suggestion: nil)),
    // A plan, not done yet: who has it, and until when.
    ParseCase("I'll return Dune", .whoHas(book: "Dune")),
    ParseCase("je vais rendre Dune", .whoHas(book: "Dune"), .fr),
    // The time left with a book: who has it, and until when; with no book, the member's books.
    ParseCase("how many days left on Dune?", .whoHas(book: "Dune")),
    ParseCase("how long until Dune is due", .whoHas(book: "Dune")),
    ParseCase("how long before Dune has to go back?", .whoHas(book: "Dune")),
    ParseCase("how long do I have to return Dune", .whoHas(book: "Dune")),
    ParseCase("how much time do I have left with it", .whoHas(book: "it")),
    ParseCase("combien de jours il me reste pour Dune ?", .whoHas(book: "Dune"), .fr),
    ParseCase("how many days left?", .loansOf(borrower: nil)),
    ParseCase("c'est quand que je dois rendre mes livres ?", .loansOf(borrower: nil), .fr),
    ParseCase("I passed Dune to Ben", .unknown(text: "I passed Dune to Ben", suggestion: "pass Dune to Ben")),
    // A book said to be back: asked, who has it; told, a return when the handler finds a book before.
    ParseCase("Dune returned?", .whoHas(book: "Dune")),
    ParseCase("Dune back?", .whoHas(book: "Dune")),
    ParseCase("Dune est rendu ?", .whoHas(book: "Dune"), .fr),
    ParseCase("welcome back?", .unknown(text: "welcome back", suggestion: nil), nil),
    ParseCase("Dune returned", .unknown(text: "Dune returned", suggestion: nil), nil),
    ParseCase("Dune back on the shelf", .unknown(text: "Dune back on the shelf", suggestion: nil)),
    ParseCase("Dune back on the shelf?", .whoHas(book: "Dune")),
    // A statement may be a question, its "?" dropped: it edits nothing.
    ParseCase("the author of Dune is Frank Herbert?", .unknown(text: "the author of Dune is Frank Herbert", suggestion: nil)),
    ParseCase("the author of Dune is wrong", .unknown(text: "edit", suggestion: "edit")),
    ParseCase("mark Dune as lost", .report(book: "Dune", kind: .lost)),
    ParseCase("flag Dune as damaged", .report(book: "Dune", kind: .damaged)),
    ParseCase("mark Dune as found", .report(book: "Dune", kind: .found)),
    ParseCase("mark Dune as a classic", .categorize(book: "Dune", categories: ["classic"], remove: false)),
    ParseCase("mark Dune as read", .unknown(text: "mark Dune as read", suggestion: nil)),
    // French, as members write it.
    ParseCase("c'est bon je l'ai rendu", .returnBook(book: "ça"), .fr),
    ParseCase("mets-moi sur la liste pour Dune", .hold(book: "Dune"), .fr),
    ParseCase("je veux être prévenu quand Dune revient", .hold(book: "Dune"), .fr),
    ParseCase("j'ai combien de livres ?", .loansOf(borrower: nil), .fr),
    ParseCase("tu as des livres de science-fiction ?", .search(query: "science-fiction"), .fr),
    ParseCase("les nouveautés", .list(filter: .all, order: .newest), .fr),
    ParseCase("aide-moi", .help(topic: nil), .fr),
    ParseCase("ok return Dune", .returnBook(book: "Dune")),
    // More of what members type.
    ParseCase("just returned Dune", .returnBook(book: "Dune")),
    ParseCase("gave Dune back", .returnBook(book: "Dune")),
    ParseCase("took Dune", .checkout(book: "Dune", borrower: nil)),
    ParseCase("is Dune reserved?", .show(book: "Dune")),
    ParseCase("how long is the waitlist for Dune", .show(book: "Dune")),
    ParseCase("what's the status of Dune?", .whoHas(book: "Dune")),
    ParseCase("how late is Dune", .whoHas(book: "Dune")),
    ParseCase("what books do I need to return?", .loansOf(borrower: nil)),
    ParseCase("show all books", .list(filter: .all, order: .newest)),
    ParseCase("catalog", .list(filter: .all, order: .newest)),
    ParseCase("what do you have?", .list(filter: .all, order: .newest)),
    ParseCase("surprise me", .recommend(book: nil)),
    ParseCase("I need another week with Dune", .renew(book: "Dune")),
    ParseCase("cancel that", .cancel),
    ParseCase("I'm reading Dune", .unknown(text: "I'm reading Dune", suggestion: "checkout Dune")),
    // "what is Dune" is a show only when the library has that book (the handler's to say).
    ParseCase("what is Dune", .unknown(text: "what is Dune", suggestion: nil)),
    ParseCase("what is the loan period?", .rules(book: nil)),
    ParseCase("c'est quoi les règles ?", .rules(book: nil), .fr),
    ParseCase("quelle est la durée du prêt", .rules(book: nil), .fr),
    ParseCase("I no longer want Dune", .unknown(text: "I no longer want Dune", suggestion: "cancel hold Dune")),
    ParseCase("je ne veux plus Dune", .unknown(text: "je ne veux plus Dune", suggestion: "annuler la réservation de Dune"), .fr),
    // A verb of the other language is no typo of a message whose other words are plainly in one.
    ParseCase("sends it to the library", .unknown(text: "sends it to the library", suggestion: nil)),
    ParseCase("rendr The Hobbit", .unknown(text: "rendr The Hobbit", suggestion: "rendre"), .fr),
    ParseCase("j aimerais emprunter Dune s il vous plait", .checkout(book: "Dune", borrower: nil), .fr),
    ParseCase("checkout Im Westen nichts Neues", .checkout(book: "Im Westen nichts Neues", borrower: nil), .en),
    ParseCase("add J ai lu by Ana", .add(title: "J ai lu", author: "Ana", publisher: nil, categories: [], isbn: nil)),
    ParseCase("Le Petit Prince est abîmé", .report(book: "Le Petit Prince", kind: .damaged), .fr),
    ParseCase("help found", .help(topic: "report"), .en),
    ParseCase("aide signaler", .help(topic: "report"), .fr),
    ParseCase("I found Dune", .report(book: "Dune", kind: .found), .en),
    ParseCase("found my copy of Dune", .report(book: "Dune", kind: .found), .en),
    ParseCase("Dune turned up", .report(book: "Dune", kind: .found), .en),
    ParseCase("Dune is repaired", .report(book: "Dune", kind: .repaired), .en),
    ParseCase("I fixed Dune", .report(book: "Dune", kind: .repaired), .en),
    ParseCase("report Dune as found", .report(book: "Dune", kind: .found), .en),
    ParseCase("j'ai retrouvé Dune", .report(book: "Dune", kind: .found), .fr),
    ParseCase("Le Petit Prince est réparé", .report(book: "Le Petit Prince", kind: .repaired), .fr),
    ParseCase("I found my keys", .unknown(text: "I found my keys", suggestion: nil), .en),
    ParseCase("who has Everything Is Broken", .whoHas(book: "Everything Is Broken"), .en),
    ParseCase("is Dune lost?", .whoHas(book: "Dune"), .en),
    ParseCase("is anything missing?", .list(filter: .reported, order: .newest), .en),
    ParseCase("is Dune damaged", .whoHas(book: "Dune"), .en),
    ParseCase("I can't find my copy of Dune", .whoHas(book: "Dune"), .en),
    ParseCase("Dune has gone missing", .report(book: "Dune", kind: .lost), .en),
    ParseCase("the cover of Dune is torn", .report(book: "Dune", kind: .damaged), .en),
    ParseCase("I spilled water on Dune", .report(book: "Dune", kind: .damaged), .en),
    ParseCase("je ne trouve plus Dune", .report(book: "Dune", kind: .lost), .fr),
    ParseCase("Dune a disparu", .report(book: "Dune", kind: .lost), .fr),
    ParseCase("I lost my place in line for Dune", .unknown(text: "I lost my place in line for Dune", suggestion: nil), .en),
    // French requests, questions and praise.
    ParseCase("je voudrais Dune", .unknown(text: "je voudrais Dune", suggestion: "emprunter Dune"), .fr),
    ParseCase("je voudrais savoir qui a Dune", .whoHas(book: "Dune"), .fr),
    ParseCase("garde-moi Dune", .hold(book: "Dune"), .fr),
    ParseCase("Dune c'est à qui ?", .whoHas(book: "Dune"), .fr),
    ParseCase("c'est qui qui a Dune", .whoHas(book: "Dune"), .fr),
    ParseCase("il y a quoi de nouveau ?", .list(filter: .all, order: .newest, page: 1), .fr),
    ParseCase("tous les livres", .list(filter: .all, order: .newest, page: 1), .fr),
    ParseCase("mes livres en retard", .loansOf(borrower: nil), .fr),
    ParseCase("my overdue books", .loansOf(borrower: nil), .en),
    ParseCase("good bot", .thanks, .en),
    ParseCase("bien joué !", .thanks, .fr),
    ParseCase("Well Done Steak", .unknown(text: "Well Done Steak", suggestion: nil), nil),
    // A book kept for the member: a place in its line.
    ParseCase("keep Dune for me", .hold(book: "Dune"), .en),
    ParseCase("can you set Dune aside for me?", .hold(book: "Dune"), .en),
    ParseCase("put Dune on hold", .hold(book: "Dune"), .en),
    ParseCase("I want Dune next", .hold(book: "Dune"), .en),
    ParseCase("next in line for Dune", .hold(book: "Dune"), .en),
    ParseCase("mets Dune de côté", .hold(book: "Dune"), .fr),
    ParseCase("put Dune back", .returnBook(book: "Dune"), .en),
    ParseCase("keep Dune longer", .renew(book: "Dune"), .en),
    ParseCase("Dune is back on the shelf", .whoHas(book: "Dune"), .en),
    ParseCase("can I have Dune next?", .hold(book: "Dune"), .en),
    // More time with a book the member has asked for as a book: a renewal when the length says
    // more; otherwise the checkout it reads as.
    ParseCase("can I have Dune for another week?", .renew(book: "Dune"), .en),
    ParseCase("can I have Dune for a few more days please", .renew(book: "Dune"), .en),
    ParseCase("could I get Dune a bit longer?", .renew(book: "Dune"), .en),
    ParseCase("can I have another week with Dune", .renew(book: "Dune"), .en),
    ParseCase("can I get two more weeks on Dune", .renew(book: "Dune"), .en),
    ParseCase("can I have more time with Dune", .renew(book: "Dune"), .en),
    ParseCase("est-ce que je peux avoir Dune une semaine de plus ?", .renew(book: "Dune"), .fr),
    ParseCase("est-ce que je peux avoir plus de temps pour Dune", .renew(book: "Dune"), .fr),
    ParseCase("can I have Dune for a week", .checkout(book: "Dune", borrower: nil), .en),
    ParseCase("keep Dune for a few more days", .renew(book: "Dune"), .en),
    ParseCase("keep Dune a couple of weeks", .renew(book: "Dune"), .en),
    // Whether the library has a book, or books by someone; what the member waits for.
    ParseCase("does the library have Dune?", .whoHas(book: "Dune"), .en),
    ParseCase("do we own Dune", .whoHas(book: "Dune"), .en),
    ParseCase("does the library have anything by Tolkien?", .search(query: "Tolkien"), .en),
    ParseCase("la bibliothèque a Dune ?", .whoHas(book: "Dune"), .fr),
    ParseCase("what's in my queue?", .loansOf(borrower: nil), .en),
    ParseCase("what have I reserved?", .loansOf(borrower: nil), .en),
    // Someone else has it, and the member would be next: a place in its line.
    ParseCase("can I get Dune when Ben is done?", .hold(book: "Dune"), .en),
    ParseCase("I'd like Dune after Ben Okafor has finished with it", .hold(book: "Dune"), .en),
    ParseCase("could I borrow Dune when she's finished with it please", .hold(book: "Dune"), .en),
    ParseCase("checkout Dune once Ana returns it", .hold(book: "Dune"), .en),
    ParseCase("je voudrais Dune quand Ben l'aura fini", .hold(book: "Dune"), .fr),
    ParseCase("je peux avoir Dune dès que Ben l'aura rendu", .hold(book: "Dune"), .fr),
    ParseCase("emprunter Dune une fois que Ana l'aura lu", .hold(book: "Dune"), .fr),
    ParseCase("borrow When Ben Is Done", .checkout(book: "When Ben Is Done", borrower: nil), .en),
    ParseCase("can I have When We Were Orphans", .checkout(book: "When We Were Orphans", borrower: nil), .en),
    ParseCase("has Dune been returned?", .whoHas(book: "Dune"), .en),
    // Wanting a book is offered as a checkout; needing to do something is that thing.
    ParseCase("I want Dune", .unknown(text: "I want Dune", suggestion: "checkout Dune"), .en),
    ParseCase("I need to return Dune", .returnBook(book: "Dune"), .en),
    ParseCase("I want to know who has Dune", .whoHas(book: "Dune"), .en),
    ParseCase("I need help", .help(topic: nil), .en),
    ParseCase("I have a question", .unknown(text: "I have a question", suggestion: nil), .en),
    // A book's categories asked about: everything about the book, its categories with it.
    ParseCase("what genre is Dune in?", .show(book: "Dune"), .en),
    ParseCase("which category is Let the Right One In", .show(book: "Let the Right One In"), .en),
    ParseCase("what categories does Dune have", .show(book: "Dune"), .en),
    ParseCase("what's the genre of Dune", .show(book: "Dune"), .en),
    ParseCase("quelle est la catégorie de Dune ?", .show(book: "Dune"), .fr),
    ParseCase("what genres do you have", .categories, .en),
    ParseCase("what categories are there", .categories, .en),
    // The books of a category, the words around it left out of the search.
    ParseCase("books tagged classic", .search(query: "classic"), .en),
    ParseCase("list books with tag classic", .search(query: "classic"), .en),
    ParseCase("livres de la catégorie SF", .search(query: "SF"), .fr),
    ParseCase("add Category Theory by Saunders Mac Lane", .add(title: "Category Theory", author: "Saunders Mac Lane", publisher: nil, categories: [], isbn: nil), .en),
    // One more copy of a book the library has.
    ParseCase("add another copy of Dune", .addCopy(book: "Dune"), .en),
    ParseCase("add a copy of Dune", .addCopy(book: "Dune"), .en),
    ParseCase("ajouter un exemplaire de Dune", .addCopy(book: "Dune"), .fr),
    ParseCase("ajouter un autre exemplaire d'Emma", .addCopy(book: "Emma"), .fr),
    ParseCase("add A Copy of Me by Ann Author", .add(title: "A Copy of Me", author: "Ann Author", publisher: nil, categories: [], isbn: nil), .en),
    // The categories of the catalog.
    ParseCase("categories", .categories, .en),
    ParseCase("genres", .categories, nil),
    ParseCase("what genres do you have?", .categories, .en),
    ParseCase("quelles catégories avez-vous ?", .categories, .fr),
    ParseCase("categories Dune", .unknown(text: "categories Dune", suggestion: "categories"), .en),
    // The copies never lent.
    ParseCase("list never borrowed", .list(filter: .neverBorrowed, order: .newest), .en),
    ParseCase("which books have never been borrowed?", .list(filter: .neverBorrowed, order: .newest), .en),
    ParseCase("books nobody borrowed", .list(filter: .neverBorrowed, order: .newest), .en),
    ParseCase("liste jamais empruntés plus anciens", .list(filter: .neverBorrowed, order: .oldest), .fr),
    // A reminder at a member's request.
    ParseCase("remind Ben to return Dune", .remind(borrower: "Ben", book: "Dune"), .en),
    ParseCase("nudge <@U123> about The Hobbit", .remind(borrower: "<@U123>", book: "The Hobbit"), .en),
    ParseCase("remind Ben please", .remind(borrower: "Ben", book: nil), .en),
    ParseCase("relancer Ben pour Dune", .remind(borrower: "Ben", book: "Dune"), .fr),
    ParseCase("rappelle à Ben de rendre Dune", .remind(borrower: "Ben", book: "Dune"), .fr),
    ParseCase("remind me about Dune", .rules(book: "Dune"), .en),
    ParseCase("remind", .unknown(text: "remind", suggestion: "remind"), .en),
    ParseCase("remind Ben about", .unknown(text: "remind", suggestion: "remind"), .en),
    ParseCase("relancer Ben pour", .unknown(text: "relancer", suggestion: "relancer"), .fr),
    // The library's figures.
    ParseCase("stats", .stats, nil),
    ParseCase("Library statistics, please", .stats, .en),
    ParseCase("how many loans this year?", .stats, .en),
    ParseCase("how many loans have there been", .stats, .en),
    ParseCase("statistiques de la bibliothèque", .stats, .fr),
    ParseCase("combien d'emprunts cette année ?", .stats, .fr),
    ParseCase("top readers", .readers, .en),
    ParseCase("who borrowed the most?", .readers, .en),
    ParseCase("who has read the most books this year", .readers, .en),
    ParseCase("leaderboard", .readers, .en),
    ParseCase("top readers of all time", .readers, .en),
    ParseCase("qui lit le plus ?", .readers, .fr),
    ParseCase("qui a emprunté le plus de livres ?", .readers, .fr),
    ParseCase("classement des lecteurs", .readers, .fr),
    ParseCase("who borrowed Dune", .whoHas(book: "Dune"), .en),
    ParseCase("Statistics for Dummies", .unknown(text: "Statistics for Dummies", suggestion: "statistics"), .en),
    ParseCase("stat", .unknown(text: "stat", suggestion: "stats"), nil),
    // The most borrowed books.
    ParseCase("list popular", .list(filter: .all, order: .popular), .en),
    ParseCase("which book has been out the longest?", .list(filter: .checkedOut, order: .longestOut), .en),
    ParseCase("what's been out the longest", .list(filter: .checkedOut, order: .longestOut), .en),
    ParseCase("oldest loans", .list(filter: .checkedOut, order: .longestOut), .en),
    ParseCase("who has had their book the longest?", .list(filter: .checkedOut, order: .longestOut), .en),
    ParseCase("list longest", .list(filter: .checkedOut, order: .longestOut), .en),
    ParseCase("list out longest", .list(filter: .checkedOut, order: .longestOut), .en),
    ParseCase("list overdue longest first", .list(filter: .overdue, order: .longestOut), .en),
    ParseCase("who's got the most overdue book?", .list(filter: .overdue, order: .longestOut), .en),
    ParseCase("quel livre est emprunté depuis le plus longtemps ?", .list(filter: .checkedOut, order: .longestOut), .fr),
    ParseCase("liste empruntés depuis le plus longtemps", .list(filter: .checkedOut, order: .longestOut), .fr),
    ParseCase("who has borrowed Dune?", .show(book: "Dune"), .en), ParseCase("has anyone borrowed Dune?", .show(book: "Dune"), .en),
    ParseCase("what's on hold?", .digest, .en), ParseCase("which books are reserved?", .digest, .en), ParseCase("qui attend quoi ?", .digest, .fr),
    ParseCase("past borrowers of Dune", .show(book: "Dune"), .en),
    ParseCase("how many times has Dune been borrowed?", .show(book: "Dune"), .en), ParseCase("how often was Dune read?", .show(book: "Dune"), .en),
    ParseCase("combien de fois Dune a été emprunté ?", .show(book: "Dune"), .fr), ParseCase("Dune history", .show(book: "Dune"), .en),
    ParseCase("The Hobbit loan history", .show(book: "The Hobbit"), .en), ParseCase("reading history", .history(borrower: nil), .en),
    ParseCase("can you show my history?", .history(borrower: nil), .en), ParseCase("loan history", .history(borrower: nil), .en),
    ParseCase("my loan history", .history(borrower: nil), .en), ParseCase("Ben's history", .history(borrower: "Ben"), .en), ParseCase("qui a déjà emprunté Dune ?", .show(book: "Dune"), .fr),
    ParseCase("what are the most popular books?", .list(filter: .all, order: .popular), .en),
    ParseCase("what's popular?", .list(filter: .all, order: .popular), .en),
    ParseCase("books by popularity", .list(filter: .all, order: .popular), .en),
    ParseCase("list available most borrowed", .list(filter: .available, order: .popular), .en),
    ParseCase("les livres les plus empruntés ?", .list(filter: .all, order: .popular), .fr),
    // Keeping a book longer, until a day or for a while: a renewal (its length is the library's).
    ParseCase("can I keep Dune until January?", .renew(book: "Dune"), .en),
    ParseCase("keep Dune until the end of the month", .renew(book: "Dune"), .en),
    ParseCase("I need Dune for another week", .renew(book: "Dune"), .en),
    ParseCase("garder Dune jusqu'à lundi", .renew(book: "Dune"), .fr),
    ParseCase("keep Dune until Dawn", .unknown(text: "keep Dune until Dawn", suggestion: nil), nil),
    // Who read it before: its last loans.
    ParseCase("who had Dune before me?", .show(book: "Dune"), .en),
    // A capitalised word may end the title: the library reads the whole first.
    ParseCase("who had Free at Last", .show(book: "Free at Last"), .en),
    ParseCase("who borrowed The Last Before", .show(book: "The Last Before"), .en),
    ParseCase("when was Dune last borrowed?", .show(book: "Dune"), .en),
    ParseCase("has anyone read Dune?", .show(book: "Dune"), .en),
    ParseCase("qui a lu Dune ?", .show(book: "Dune"), .fr),
    ParseCase("what do you have by Victor Hugo?", .search(query: "Victor Hugo"), .en),
    ParseCase("what else by Tolkien?", .search(query: "Tolkien"), .en),
    ParseCase("quels livres de Victor Hugo avez-vous ?", .search(query: "Victor Hugo"), .fr),
    ParseCase("qu'avez-vous de Hugo ?", .search(query: "Hugo"), .fr),
    ParseCase("history of Dune", .show(book: "Dune"), .en),
    ParseCase("my history", .history(borrower: nil), .en),
    // French as members write it, and the acknowledgments that end a chat.
    ParseCase("est-ce que quelqu'un a Dune ?", .whoHas(book: "Dune"), .fr),
    ParseCase("quelqu'un a emprunté Dune ?", .whoHas(book: "Dune"), .fr),
    ParseCase("est-ce que quelqu'un a rendu Dune ?", .whoHas(book: "Dune"), .fr),
    ParseCase("has anyone returned Dune?", .whoHas(book: "Dune"), .en),
    ParseCase("who has The Book Thief", .whoHas(book: "The Book Thief"), .en),
    ParseCase("qui a Le Livre de la jungle", .whoHas(book: "Le Livre de la jungle"), .fr),
    ParseCase("does anyone have Dune?", .whoHas(book: "Dune"), .en),
    ParseCase("who took Dune?", .whoHas(book: "Dune")),
    ParseCase("is anyone reading Dune", .whoHas(book: "Dune")),
    ParseCase("has anybody got Dune?", .whoHas(book: "Dune")),
    ParseCase("qui a pris Dune ?", .whoHas(book: "Dune"), .fr),
    ParseCase("qui lit Dune ?", .whoHas(book: "Dune"), .fr),
    // being told when a book is back: a place in its line
    ParseCase("let me know when Dune is available!", .hold(book: "Dune", holder: nil)),
    ParseCase("remind me when The Hobbit comes back please", .hold(book: "The Hobbit", holder: nil)),
    ParseCase("notify me when Dune is back on the shelf", .hold(book: "Dune", holder: nil)),
    ParseCase("tell me when it is back", .hold(book: "it", holder: nil)),
    ParseCase("let me know when it's back", .hold(book: "it", holder: nil)),
    ParseCase("ping me when Dune's available again", .hold(book: "Dune", holder: nil)),
    ParseCase("let me know when Ender's Game is in", .hold(book: "Ender's Game", holder: nil)),
    ParseCase("préviens-moi quand Dune revient", .hold(book: "Dune", holder: nil), .fr),
    ParseCase("prévenez-moi quand Les Misérables sera disponible", .hold(book: "Les Misérables", holder: nil), .fr),
    ParseCase("tell me when Dune is due", .unknown(text: "tell me when Dune is due", suggestion: nil)),
    // late or not: the member's books, with their due days
    ParseCase("am I late?", .loansOf(borrower: nil)),
    ParseCase("do I have anything overdue?", .loansOf(borrower: nil)),
    ParseCase("when is my next book due?", .loansOf(borrower: nil)),
    ParseCase("je suis en retard ?", .loansOf(borrower: nil), .fr),
    ParseCase("am I late for Dune", .unknown(text: "am I late for Dune", suggestion: nil)),
    // what is new, who wrote it, what it is about, when it went: the list, the book
    ParseCase("what's new in the library?", .list(filter: .all, order: .newest)),
    ParseCase("what came in recently?", .list(filter: .all, order: .newest)),
    ParseCase("nouveautés ?", .list(filter: .all, order: .newest), .fr),
    ParseCase("who wrote Dune?", .show(book: "Dune")),
    ParseCase("what's Dune about?", .show(book: "Dune")),
    ParseCase("what is The Hobbit about?", .show(book: "The Hobbit")),
    ParseCase("de quoi parle Dune ?", .show(book: "Dune"), .fr),
    ParseCase("tell me more about Dune", .show(book: "Dune")),
    ParseCase("when did I borrow Dune?", .show(book: "Dune")),
    ParseCase("who returned Dune?", .show(book: "Dune")),
    ParseCase("what did I read last?", .history(borrower: nil)),
    ParseCase("when did I return Dune?", .show(book: "Dune")),
    ParseCase("have I read Dune?", .show(book: "Dune")),
    ParseCase("ai-je déjà lu Dune ?", .show(book: "Dune"), .fr),
    ParseCase("what did I borrow before?", .history(borrower: nil), .en),
    ParseCase("what have I borrowed so far", .history(borrower: nil), .en),
    ParseCase("what did I borrow from the library?", .history(borrower: nil), .en),
    // a history of a period
    ParseCase("what did I borrow last week", .history(borrower: nil, period: .lastWeek)),
    ParseCase("what did I read last week?", .history(borrower: nil, period: .lastWeek)),
    ParseCase("what did I read last", .history(borrower: nil)),
    ParseCase("my history this month", .history(borrower: nil, period: .thisMonth)),
    ParseCase("history for Ben last year", .history(borrower: "Ben", period: .lastYear)),
    ParseCase("what did Ana borrow this year?", .history(borrower: "Ana", period: .thisYear)),
    ParseCase("Ben's history this week", .history(borrower: "Ben", period: .thisWeek)),
    ParseCase("qu'ai-je emprunté la semaine dernière ?", .history(borrower: nil, period: .lastWeek), .fr),
    ParseCase("mon historique ce mois-ci", .history(borrower: nil, period: .thisMonth), .fr),
    ParseCase("what did I borrow yesterday?", .history(borrower: nil, period: .yesterday), .en),
    ParseCase("what did I read today", .history(borrower: nil, period: .today), .en),
    ParseCase("my history in November", .history(borrower: nil, period: .month(11)), .en),
    ParseCase("what did I borrow in December 2025?", .history(borrower: nil, period: .month(12, year: 2025)), .en),
    ParseCase("what did Ana borrow in March?", .history(borrower: "Ana", period: .month(3)), .en),
    ParseCase("history for Ben in May", .history(borrower: "Ben", period: .month(5)), .en),
    ParseCase("Ben's history yesterday", .history(borrower: "Ben", period: .yesterday), .en),
    ParseCase("qu'ai-je emprunté hier ?", .history(borrower: nil, period: .yesterday), .fr),
    ParseCase("qu'ai-je lu aujourd'hui", .history(borrower: nil, period: .today), .fr),
    ParseCase("mon historique en février", .history(borrower: nil, period: .month(2)), .fr),
    ParseCase("qu'a emprunté Ana en mars 2025 ?", .history(borrower: "Ana", period: .month(3, year: 2025)), .fr),
    ParseCase("qu'a emprunté Ana ?", .history(borrower: "Ana"), .fr),
    ParseCase("qu'a lu Ben la semaine dernière", .history(borrower: "Ben", period: .lastWeek), .fr),
    ParseCase("qu'a Ana ?", .loansOf(borrower: "Ana"), .fr),
    ParseCase("qu'est-ce qu'Ana a emprunté ?", .history(borrower: "Ana"), .fr),
    ParseCase("qu’est-ce qu’Ana a lu ?", .history(borrower: "Ana"), .fr),
    ParseCase("qu'est-ce que Ben Stone a emprunté en mars", .history(borrower: "Ben Stone", period: .month(3)), .fr),
    ParseCase("qu'est-ce que Ben a lu la semaine dernière ?", .history(borrower: "Ben", period: .lastWeek), .fr),
    ParseCase("what did I borrow since Monday", .history(borrower: nil, period: .sinceWeekday(1))),
    ParseCase("what did I read since last Friday?", .history(borrower: nil, period: .sinceWeekday(5))),
    ParseCase("my history since November", .history(borrower: nil, period: .sinceMonth(11))),
    ParseCase("Ben's history since December 2025", .history(borrower: "Ben", period: .sinceMonth(12, year: 2025))),
    ParseCase("what has Ana borrowed since Sunday?", .history(borrower: "Ana", period: .sinceWeekday(7))),
    ParseCase("qu'ai-je emprunté depuis lundi ?", .history(borrower: nil, period: .sinceWeekday(1)), .fr),
    ParseCase("qu'a lu Ben depuis mardi dernier", .history(borrower: "Ben", period: .sinceWeekday(2)), .fr),
    ParseCase("mon historique depuis novembre", .history(borrower: nil, period: .sinceMonth(11)), .fr),
    ParseCase("who has Since Monday", .whoHas(book: "Since Monday")),
    // A title that ends like a month is a title.
    ParseCase("who has In December", .whoHas(book: "In December"), .en),
    ParseCase("checkout In March", .checkout(book: "In March", borrower: nil), .en),
    ParseCase("what did I read yesterday", .history(borrower: nil, period: .yesterday)),
    // an author's other books, the newest, oldest and most borrowed, a place in line, a pick
    ParseCase("anything else by Orwell?", .search(query: "Orwell")),
    ParseCase("more by Frank Herbert", .search(query: "Frank Herbert")),
    ParseCase("books written by Orwell", .search(query: "Orwell")),
    ParseCase("what else did Frank Herbert write?", .search(query: "Frank Herbert")),
    ParseCase("what has Tolkien written", .search(query: "Tolkien")),
    ParseCase("recent additions", .list(filter: .all, order: .newest)),
    ParseCase("what was added last?", .list(filter: .all, order: .newest)),
    ParseCase("derniers ajouts", .list(filter: .all, order: .newest), .fr),
    ParseCase("what is the oldest book?", .list(filter: .all, order: .oldest)),
    ParseCase("les plus anciens", .list(filter: .all, order: .oldest), .fr),
    ParseCase("most popular book", .list(filter: .all, order: .popular)),
    ParseCase("what's the most borrowed book?", .list(filter: .all, order: .popular)),
    ParseCase("quel est le livre le plus emprunté ?", .list(filter: .all, order: .popular), .fr),
    ParseCase("put me down for The Hobbit", .hold(book: "The Hobbit")),
    ParseCase("sign me up for Dune", .hold(book: "Dune")),
    ParseCase("pick a book for me", .recommend(book: nil)),
    ParseCase("what would you recommend?", .recommend(book: nil)),
    ParseCase("que me recommandez-vous ?", .recommend(book: nil), .fr),
    ParseCase("send reminders", .remind(borrower: "everyone", book: nil)),
    ParseCase("send out the reminders now", .remind(borrower: "everyone", book: nil)),
    ParseCase("envoyer les rappels", .remind(borrower: "tout le monde", book: nil), .fr),
    // another word, not a typo of a verb two letters off from its first one
    ParseCase("loan", .unknown(text: "loan", suggestion: nil), nil),
    ParseCase("dunes", .unknown(text: "dunes", suggestion: nil), nil),
    ParseCase("ask Ben to hurry up with The Hobbit", .remind(borrower: "Ben", book: "The Hobbit")),
    ParseCase("let Ben know I want Dune", .remind(borrower: "Ben", book: "Dune")),
    ParseCase("tell Ben Stone I'm waiting for Dune", .remind(borrower: "Ben Stone", book: "Dune")),
    ParseCase("tell Ben I want", .unknown(text: "tell Ben I want", suggestion: nil)),
    ParseCase("how many people are ahead of me?", .loansOf(borrower: nil)),
    ParseCase("forget about The Hobbit", .unknown(text: "forget about The Hobbit", suggestion: "cancel hold The Hobbit")),
    ParseCase("I changed my mind about Dune", .unknown(text: "I changed my mind about Dune", suggestion: "cancel hold Dune")),
    ParseCase("add The Martian by Andy Weir, categories: SF", .add(title: "The Martian", author: "Andy Weir", publisher: nil, categories: ["SF"], isbn: nil)),
    ParseCase("add The Martian by Andy Weir; publisher: Crown, categories: SF, Space",
              .add(title: "The Martian", author: "Andy Weir", publisher: "Crown", categories: ["SF", "Space"], isbn: nil)),
    ParseCase("how many books are there by Tolkien?", .search(query: "Tolkien")),
    ParseCase("how many books by Tolkien do we have", .search(query: "Tolkien")),
    ParseCase("count the books", .stats),
    ParseCase("nombre de livres", .stats, .fr),
    ParseCase("when was Dune added to the library?", .show(book: "Dune")),
    // a copy damaged, said with what is wrong; a question about it is no report
    ParseCase("my copy of Dune has coffee stains", .report(book: "Dune", kind: .damaged, note: "has coffee stains")),
    ParseCase("Dune has a torn cover", .report(book: "Dune", kind: .damaged, note: "has a torn cover")),
    ParseCase("a page is missing from The Hobbit", .report(book: "The Hobbit", kind: .damaged, note: "a page is missing")),
    ParseCase("there's a coffee stain on Dune", .report(book: "Dune", kind: .damaged, note: "there's a coffee stain")),
    ParseCase("Dune has 400 pages", .unknown(text: "Dune has 400 pages", suggestion: nil), nil),
    ParseCase("Dune has a torn cover, sorry", .report(book: "Dune", kind: .damaged, note: "has a torn cover")),
    ParseCase("Dune has a torn cover, and return Emma", .several([
        CommandPart(text: "Dune has a torn cover", command: ParsedCommand(intent: .report(book: "Dune", kind: .damaged, note: "has a torn cover"), language: .en), joiner: nil),
        CommandPart(text: "return Emma", command: ParsedCommand(intent: .returnBook(book: "Emma"), language: .en), joiner: ", and "),
    ])),
    ParseCase("does Dune have water damage?", .unknown(text: "does Dune have water damage", suggestion: nil)),
    ParseCase("Dune has gone missing", .report(book: "Dune", kind: .lost)),
    ParseCase("Dune is fine now", .report(book: "Dune", kind: .repaired)),
    ParseCase("what is broken?", .list(filter: .reported, order: .newest)),
    ParseCase("what's missing?", .list(filter: .reported, order: .newest)),
    ParseCase("when do I have to return everything?", .loansOf(borrower: nil)),
    ParseCase("when are they due?", .loansOf(borrower: nil)),
    ParseCase("anything due tomorrow?", .loansOf(borrower: nil)),
    ParseCase("what did I return last?", .history(borrower: nil)),
    ParseCase("qu'ai-je rendu ?", .history(borrower: nil), .fr),
    ParseCase("hey bot can you check out Dune for me", .checkout(book: "Dune", borrower: nil)),
    ParseCase("ok bot who has Dune", .whoHas(book: "Dune")),
    ParseCase("yo who got Dune", .whoHas(book: "Dune")),
    ParseCase("salut bot, qui a Dune ?", .whoHas(book: "Dune"), .fr),
    // someone's loan, asked about
    ParseCase("when did Ben take The Hobbit?", .show(book: "The Hobbit")),
    ParseCase("when did Ben Stone check out Dune", .show(book: "Dune")),
    ParseCase("how long has Ben had The Hobbit?", .whoHas(book: "The Hobbit")),
    ParseCase("how long have I had Dune?", .whoHas(book: "Dune")),
    // how many books someone borrowed: their history, which counts them
    ParseCase("how many books have I borrowed?", .history(borrower: nil), .en),
    ParseCase("how many books did I read so far", .history(borrower: nil), .en),
    ParseCase("how many books have I checked out in total", .history(borrower: nil), .en),
    ParseCase("how many books has Ben borrowed?", .history(borrower: "Ben"), .en),
    ParseCase("how many books did Ben Stone ever borrow", .history(borrower: "Ben Stone"), .en),
    ParseCase("how many books has Ben got?", .loansOf(borrower: "Ben"), .en),
    ParseCase("how many books does Ben have", .loansOf(borrower: "Ben"), .en),
    ParseCase("how many books have been borrowed?", .stats, .en),
    ParseCase("how many books have we lent so far", .stats, .en),
    ParseCase("how many books are out", .list(filter: .checkedOut, order: .newest), .en),
    ParseCase("combien de livres ai-je empruntés ?", .history(borrower: nil), .fr),
    ParseCase("combien de livres j'ai lus jusqu'ici", .history(borrower: nil), .fr),
    ParseCase("combien de livres Ben a-t-il empruntés ?", .history(borrower: "Ben"), .fr),
    ParseCase("combien de livres a emprunté Ben", .history(borrower: "Ben"), .fr),
    // … of a period: the history of that period, not the catalog.
    ParseCase("how many books did I borrow in November?", .history(borrower: nil, period: .month(11)), .en),
    ParseCase("how many books have I borrowed this year", .history(borrower: nil, period: .thisYear), .en),
    ParseCase("how many books did Ben borrow last month", .history(borrower: "Ben", period: .lastMonth), .en),
    ParseCase("combien de livres ai-je empruntés cette année ?", .history(borrower: nil, period: .thisYear), .fr),
    ParseCase("combien de livres a emprunté Ben le mois dernier", .history(borrower: "Ben", period: .lastMonth), .fr),
    ParseCase("how many books have we lent this year", .stats, .en),
    ParseCase("combien de livres ont été empruntés ?", .stats, .fr),
    // someone's books and history, said with their name
    ParseCase("Ben's books", .loansOf(borrower: "Ben"), .en),
    ParseCase("what are Ana’s loans?", .loansOf(borrower: "Ana"), .en),
    ParseCase("Ben Stone's reading history", .history(borrower: "Ben Stone"), .en),
    ParseCase("what's Ben's history?", .history(borrower: "Ben"), .en),
    ParseCase("who has Ender's Game", .whoHas(book: "Ender's Game"), .en),
    ParseCase("history Dune", .show(book: "Dune"), .en),
    ParseCase("history me", .history(borrower: nil), .en),
    // the list by title or author
    ParseCase("list by author", .list(filter: .all, order: .author)),
    ParseCase("list available sorted by title", .list(filter: .available, order: .title)),
    ParseCase("list in alphabetical order", .list(filter: .all, order: .title)),
    ParseCase("liste par auteur", .list(filter: .all, order: .author), .fr),
    ParseCase("liste par ordre alphabétique", .list(filter: .all, order: .title), .fr),
    // not on the shelf: who has it
    ParseCase("I can't find Dune", .whoHas(book: "Dune")),
    ParseCase("Dune is missing from the shelf", .whoHas(book: "Dune")),
    ParseCase("je ne trouve pas Dune", .whoHas(book: "Dune"), .fr),
    // a checkout by mistake: the return, offered
    ParseCase("cancel my checkout of Dune", .unknown(text: "cancel my checkout of Dune", suggestion: "return Dune")),
    ParseCase("I didn't mean to borrow Dune", .unknown(text: "I didn't mean to borrow Dune", suggestion: "return Dune")),
    // how many at once: the rules
    ParseCase("how many books can I borrow?", .rules(book: nil)),
    ParseCase("combien de livres puis-je emprunter ?", .rules(book: nil), .fr),
    ParseCase("quand Dune sera-t-il disponible ?", .whoHas(book: "Dune"), .fr),
    ParseCase("quand est-ce que Dune sera de retour ?", .whoHas(book: "Dune"), .fr),
    ParseCase("Dune est dispo ?", .whoHas(book: "Dune"), .fr),
    ParseCase("prolonge Dune", .renew(book: "Dune"), .fr),
    ParseCase("réserve Dune", .hold(book: "Dune"), .fr),
    ParseCase("annule ma réservation pour Dune", .cancelHold(book: "Dune", holder: nil), .fr),
    ParseCase("liste des livres disponibles", .list(filter: .available, order: .newest), .fr),
    ParseCase("quels sont mes livres ?", .loansOf(borrower: nil), .fr),
    ParseCase("combien de livres sont en retard ?", .list(filter: .overdue, order: .newest), .fr),
    ParseCase("y a-t-il des livres de Tolkien ?", .search(query: "Tolkien"), .fr),
    ParseCase("merci, bonne journée", .thanks, .fr),
    ParseCase("ok", .thanks, nil),
    ParseCase("ok return Dune", .returnBook(book: "Dune"), .en),
    ParseCase("give me the hobbit", .checkout(book: "the hobbit", borrower: nil), .en),
    ParseCase("lend me Dune", .checkout(book: "Dune", borrower: nil), .en),
    ParseCase("lend Dune to Ana", .checkout(book: "Dune", borrower: "Ana"), .en),
    ParseCase("pass Dune to Ben", .handOver(book: "Dune", to: "Ben"), .en),
    ParseCase("give Back to the Future to Ben", .handOver(book: "Back to the Future", to: "Ben"), .en),
    ParseCase("hand over Dune to <@U2>", .handOver(book: "Dune", to: "<@U2>"), .en),
    ParseCase("passer Dune à Ben", .handOver(book: "Dune", to: "Ben"), .fr),
    ParseCase("donne Les Misérables à Ana", .handOver(book: "Les Misérables", to: "Ana"), .fr),
    ParseCase("give Dune back", .returnBook(book: "Dune"), .en),
    ParseCase("pass Dune to me", .checkout(book: "Dune", borrower: nil), .en),
    ParseCase("give back Dune", .returnBook(book: "Dune"), .en),
    ParseCase("pass Dune", .unknown(text: "pass", suggestion: "pass"), .en),
    ParseCase("lend Back to the Future to Ana", .checkout(book: "Back to the Future", borrower: "Ana"), .en),
    ParseCase("prête Dune à Ana", .checkout(book: "Dune", borrower: "Ana"), .fr),
    ParseCase("what books do you have?", .list(filter: .all, order: .newest), .en),
    ParseCase("what's on the shelf?", .list(filter: .available, order: .newest), .en),
    ParseCase("anything about robots?", .search(query: "robots"), .en),
    ParseCase("des livres sur les robots ?", .search(query: "les robots"), .fr),
    ParseCase("who borrowed Dune", .whoHas(book: "Dune"), .en),
    ParseCase("who's reading Dune?", .whoHas(book: "Dune"), .en),
    ParseCase("what's checked out", .list(filter: .checkedOut, order: .newest), .en),
    // Probably a return, but not surely: the command is suggested, not run.
    ParseCase("I'm done with the hobbit", .unknown(text: "I'm done with the hobbit", suggestion: "return the hobbit"), .en),
    ParseCase("finished Dune", .unknown(text: "finished Dune", suggestion: "return Dune"), .en),
    ParseCase("I finished reading Dune", .unknown(text: "I finished reading Dune", suggestion: "return Dune"), .en),
    ParseCase("I'm done reading Dune, loved it", .unknown(text: "I'm done reading Dune, loved it", suggestion: "return Dune"), .en),
    ParseCase("j'ai fini de lire Dune", .unknown(text: "j'ai fini de lire Dune", suggestion: "rendre Dune"), .fr),
    ParseCase("finished reading", .unknown(text: "finished reading", suggestion: nil), nil),
    ParseCase("I finished Reading Lolita in Tehran", .unknown(text: "I finished Reading Lolita in Tehran", suggestion: "return Reading Lolita in Tehran"), .en),
    ParseCase("I'M READING DUNE", .unknown(text: "I'M READING DUNE", suggestion: "checkout DUNE"), .en),
    ParseCase("just finished Dune, great read", .unknown(text: "just finished Dune, great read", suggestion: "return Dune"), .en),
    ParseCase("je viens de finir Dune", .unknown(text: "je viens de finir Dune", suggestion: "rendre Dune"), .fr),
    ParseCase("I don't want Dune anymore", .unknown(text: "I don't want Dune anymore", suggestion: "cancel hold Dune"), .en),
    ParseCase("I don't want Nobody Lives Here Anymore",
              .unknown(text: "I don't want Nobody Lives Here Anymore", suggestion: "cancel hold Nobody Lives Here Anymore"), .en),
    // asked of someone else, or of anyone: the book's details, its last loans and its line
    ParseCase("has Ben returned Dune?", .show(book: "Dune")),
    ParseCase("did Ben return Dune?", .show(book: "Dune")),
    ParseCase("did Ana give Dune back", .show(book: "Dune")),
    ParseCase("has Dune been returned?", .whoHas(book: "Dune")),
    ParseCase("who wants Dune?", .show(book: "Dune")),
    ParseCase("does anyone want Dune?", .show(book: "Dune")),
    ParseCase("qui a emprunté Dune en dernier ?", .show(book: "Dune"), .fr),
    ParseCase("qui a eu Dune avant moi", .show(book: "Dune"), .fr),
    ParseCase("am I late with anything?", .loansOf(borrower: nil)),
    ParseCase("where am I in the queue for Dune", .whoHas(book: "Dune")),
    ParseCase("where am I in the queue", .loansOf(borrower: nil)),
    ParseCase("list all books by Frank Herbert", .search(query: "Frank Herbert")),
    ParseCase("tous les livres de Hugo", .search(query: "Hugo"), .fr),
    // A slip: `undo` is offered.
    ParseCase("oops", .unknown(text: "oops", suggestion: "undo"), .en),
    // How many at once, and how long: the rules.
    ParseCase("can I borrow more than 3 books?", .rules(book: nil), .en),
    ParseCase("can I borrow several books at once?", .rules(book: nil), .en),
    ParseCase("puis-je emprunter plus de deux livres ?", .rules(book: nil), .fr),
    ParseCase("what's the longest I can keep a book?", .rules(book: nil), .en),
    ParseCase("can I borrow More Than Human", .checkout(book: "More Than Human", borrower: nil), .en),
    ParseCase("my bad!", .unknown(text: "my bad", suggestion: "undo"), .en),
    ParseCase("zut", .unknown(text: "zut", suggestion: "défaire"), .fr),
    ParseCase("je me suis trompé", .unknown(text: "je me suis trompé", suggestion: "défaire"), .fr),
    ParseCase("I'm done with Dune, it was great", .unknown(text: "I'm done with Dune, it was great", suggestion: "return Dune"), .en),
    ParseCase("finished Dune, loved it!", .unknown(text: "finished Dune, loved it", suggestion: "return Dune"), .en),
    ParseCase("j'ai fini Dune", .unknown(text: "j'ai fini Dune", suggestion: "rendre Dune"), .fr),
    ParseCase("i'll take Emma", .unknown(text: "i'll take Emma", suggestion: "checkout Emma"), .en),
    ParseCase("what have I read?", .history(borrower: nil), .en),
    ParseCase("history for Ana", .history(borrower: "Ana"), .en),
    ParseCase("what did Ana borrow?", .history(borrower: "Ana"), .en),
    ParseCase("what has Ana read", .history(borrower: "Ana"), .en),
    ParseCase("mon historique", .history(borrower: nil), .fr),
    ParseCase("historique pour Ana", .history(borrower: "Ana"), .fr),
    ParseCase("where am I in line for the hobbit?", .whoHas(book: "the hobbit"), .en),
    ParseCase("what am I waiting for?", .loansOf(borrower: nil), .en),
    ParseCase("quelle est ma place pour Dune ?", .whoHas(book: "Dune"), .fr),
    ParseCase("historique de Dune", .show(book: "Dune"), .fr),
    ParseCase("is there anything by Orwell", .search(query: "Orwell"), .en),
    ParseCase("do we have any books by Tolkien?", .search(query: "Tolkien"), .en),
]

@Suite("CommandParser: text → intent")
struct CommandParserTests {
    @Test("the table has at least 150 cases")
    func tableSize() { #expect(parseTable.count >= 150) }

    @Test("each text parses to its intent and language", arguments: parseTable)
    func table(_ row: ParseCase) {
        let parsed = CommandParser.parse(row.text)
        #expect(parsed.intent == row.intent)
        #expect(parsed.language == row.language)
    }

    @Test("JSON lines carry the intent's fields")
    func json() {
        #expect(CommandParser.parse("checkout Dune as Ana").jsonLine
                == #"{"intent":"checkout","book":"Dune","borrower":"Ana","language":"en"}"#)
        #expect(CommandParser.parse("qui a \"Le \\ Noir\"").jsonLine
                == #"{"intent":"who_has","book":"Le \\ Noir","language":"fr"}"#)
        #expect(CommandParser.parse("chekout Dune").jsonLine
                == #"{"intent":"unknown","text":"chekout Dune","suggestion":"checkout","language":"en"}"#)
        #expect(CommandParser.parse("list overdue oldest").jsonLine
                == #"{"intent":"list","filter":"overdue","order":"oldest","language":"en"}"#)
        #expect(CommandParser.parse("add 3 copies of Dune").jsonLine == #"{"intent":"add_copy","book":"Dune","count":3,"language":"en"}"#)
        #expect(CommandParser.parse("add another copy of Dune").jsonLine == #"{"intent":"add_copy","book":"Dune","language":"en"}"#)
        #expect(CommandParser.parse("what did I borrow last month").jsonLine == #"{"intent":"history","borrower":null,"period":"last_month","language":"en"}"#)
        #expect(CommandParser.parse("top readers").jsonLine == #"{"intent":"readers","language":"en"}"#)
    }
}

@Suite("CommandParser: properties")
struct CommandParserPropertyTests {
    /// A deterministic generator, so a failure can be replayed.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let pieces = ["checkout", "as", "for", "pour", "by", "de", "\"", "«", "»", "“", "”", "<@U1>", "@librarybot",
                         "/library", "?", "!", ".", ",", "=", "set", "to", "isbn", "publisher:", "Dune", "Les", "Misérables",
                         "qu'a", "what", "does", "have", "who", "has", "😀", "\u{0}", "\t", "\n", " ", "  ", "é", "#12", "-", "x"]

    @Test("any string parses without crashing, and parsing is deterministic")
    func anyString() {
        var generator = Generator(state: 7)
        for _ in 0..<3_000 {
            let count = Int.random(in: 0...10, using: &generator)
            let text = (0..<count).map { _ in Self.pieces.randomElement(using: &generator) ?? "" }.joined(separator: Bool.random(using: &generator) ? " " : "")
            let first = CommandParser.parse(text)
            #expect(first == CommandParser.parse(text), "\(text.debugDescription)")
        }
        for scalarValue in 0..<0x300 {
            if let scalar = Unicode.Scalar(scalarValue) { _ = CommandParser.parse("checkout \(scalar) as \(scalar)") }
        }
    }

    @Test("every start and every end of every table text, cut between words, is answered without crashing, with a library behind")
    func cutTexts() async throws {
        let handler = try await makeHandler()
        var cuts: Set<String> = []
        for row in parseTable {
            let words = row.text.split(separator: " ")
            for count in 1..<max(words.count, 1) {
                cuts.insert(words.prefix(count).joined(separator: " "))
                cuts.insert(words.suffix(count).joined(separator: " "))
            }
        }
        for text in cuts.sorted() {
            let first = CommandParser.parse(text)
            #expect(first == CommandParser.parse(text), "\(text.debugDescription)")
            _ = await handler.handle(text: text, from: Sender(name: "Fuzz", userID: "U-FUZZ"), at: tuesday)
        }
    }

    static let titles = ["Dune", "As I Lay Dying", "Stand by Me", "A Prayer for Owen Meany", "Les Misérables",
                         "L'Étranger", "Set Me Free", "What Remains", "Moby-Dick", "#12", "Cœur de pirate", "To Be or Not"]
    static let names = ["Ana", "Ana María", "Jean-Pierre", "Zoé", "O'Brien"]

    @Test("a message ending in thousands of 'asap' or 'and' is read without running out of stack")
    func repeatedEndings() {
        let asap = CommandParser.parse("checkout Dune " + String(repeating: "asap ", count: 12_000))
        guard case .checkout(let book, nil) = asap.intent else {
            Issue.record("not a checkout: \(asap.intent.name)")
            return
        }
        #expect(book.hasPrefix("Dune asap"))
        #expect(CommandParser.parse(String(repeating: "and ", count: 12_000) + "who has Dune").intent.name == "unknown")
        #expect(CommandParser.parse(String(repeating: "go ahead and ", count: 12_000) + "return Dune").intent == .returnBook(book: "Dune"))
    }

    @Test("an intent written back as canonical text parses to the same intent")
    func roundTrip() {
        var generator = Generator(state: 11)
        func title() -> String { Self.titles.randomElement(using: &generator) ?? "Dune" }
        func name() -> String { Self.names.randomElement(using: &generator) ?? "Ana" }
        var intents: [Intent] = [.digest, .clean, .confirm, .cancel, .thanks, .help(topic: nil), .help(topic: "checkout"),
                                 .loansOf(borrower: nil), .addISBN(isbn: "9780441172719"), .rules(book: nil)]
        for _ in 0..<200 {
            intents += [
                .checkout(book: title(), borrower: Bool.random(using: &generator) ? name() : nil),
                .returnBook(book: title()), .renew(book: title()), .hold(book: title()), .whoHas(book: title()),
                .cancelHold(book: title(), holder: Bool.random(using: &generator) ? name() : nil),
                .show(book: title()), .search(query: title()), .loansOf(borrower: name()), .history(borrower: name()), .history(borrower: nil),
                .handOver(book: title(), to: name()), .rules(book: title()),
                .add(title: title(), author: name(), publisher: Bool.random(using: &generator) ? "Ace Books" : nil,
                     categories: Bool.random(using: &generator) ? ["SF", "Classic"] : [], isbn: nil),
                .edit(book: title(), field: BookField.allCases.randomElement(using: &generator) ?? .title, value: title()),
                .delete(books: [title(), title()]),
                .list(filter: BookFilter.allCases.randomElement(using: &generator) ?? .all,
                      order: BookOrder.allCases.randomElement(using: &generator) ?? .newest),
            ]
        }
        for intent in intents {
            #expect(CommandParser.parse(intent.canonicalText).intent == intent, "\(intent.canonicalText)")
        }
    }
}

@Suite("CommandParser: messages of several commands")
struct SeveralCommandsParserTests {
    /// The intents of a message cut into commands, or nil when it stays one command.
    func intents(_ text: String) -> [Intent]? {
        guard case .several(let parts) = CommandParser.parse(text).intent else { return nil }
        return parts.map(\.command.intent)
    }

    @Test("lines, ';', 'then', 'and', a new sentence: each command on its own")
    func split() {
        let returnThenTake: [Intent] = [.returnBook(book: "Dune"), .checkout(book: "Emma", borrower: nil)]
        for text in ["return Dune\ncheckout Emma", "return Dune; checkout Emma", "return Dune then checkout Emma",
                     "return Dune, and then checkout Emma", "return Dune and checkout Emma", "return Dune, checkout Emma",
                     "return Dune AND checkout Emma", "return Dune ensuite checkout Emma", "- return Dune\n- checkout Emma",
                     "Hi!\n1. return Dune\n2) checkout Emma",
                     "I returned Dune. Can I borrow Emma?", "Hi!\nreturn Dune\ncheckout Emma\nThanks!",
                     "please return Dune and checkout Emma, thanks", "\n\nreturn Dune\n\n  checkout Emma  \n"] {
            #expect(intents(text) == returnThenTake, "\(text.debugDescription)")
        }
        #expect(intents("rendre Dune et emprunter Emma") == returnThenTake)
        #expect(CommandParser.parse("rendre Dune puis emprunter Emma").language == .fr)
        #expect(intents("who has Dune and what does Ana have") == [.whoHas(book: "Dune"), .loansOf(borrower: "Ana")])
        // A typo at the start of a line, or of a sentence, is kept, to be asked about.
        #expect(intents("chekout Dune and return Emma") == [.unknown(text: "chekout Dune", suggestion: "checkout"), .returnBook(book: "Emma")])
        // A list of books goes on with the verb of its command.
        #expect(intents("return Dune, Emma and hold Les Misérables, Zorro")
                == [.returnBook(book: "Dune, Emma"), .hold(book: "Les Misérables, Zorro")])
        // Only the words joining two commands on a line are kept, for a title that starts with a verb.
        guard case .several(let parts) = CommandParser.parse("return Dune and checkout Emma\nhold Zorro").intent else {
            Issue.record("not cut")
            return
        }
        #expect(parts.map(\.text) == ["return Dune", "checkout Emma", "hold Zorro"])
        #expect(parts.map(\.joiner) == [nil, " and ", nil])
    }

    @Test("add isbn with several ISBNs (a pile scanned at once) is one add isbn each; one ISBN written with spaces stays one")
    func severalISBNs() {
        let two: [Intent] = [.addISBN(isbn: "9780140328721"), .addISBN(isbn: "9782070612758")]
        for text in ["add isbn 9780140328721, 9782070612758", "add isbn 9780140328721 9782070612758", "add isbns 978-0-14-032872-1 and 978-2-07-061275-8",
                     "add isbn 9780140328721;9782070612758", "ajouter isbn 9780140328721 et 9782070612758", "add isbn 9780140328721\nadd isbn 9782070612758"] {
            #expect(intents(text) == two, "\(text.debugDescription)")
        }
        #expect(intents("add isbn 0-8044-2957-X, 9780441172719 0140328726") == [.addISBN(isbn: "080442957X"), .addISBN(isbn: "9780441172719"), .addISBN(isbn: "0140328726")])
        #expect(CommandParser.parse("ajouter isbn 9780140328721 et 9782070612758").language == .fr)
        guard case .several(let parts) = CommandParser.parse("Add ISBN 9780140328721, 9782070612758").intent else {
            Issue.record("not cut")
            return
        }
        #expect(parts.map(\.text) == ["add isbn 9780140328721", "add isbn 9782070612758"])
        #expect(CommandParser.parse("add isbn 978 0 14 032872 1").intent == .addISBN(isbn: "9780140328721"))
        #expect(CommandParser.parse("add isbn 9780140328721 97820706").intent == .addISBN(isbn: "978014032872197820706"), "not two whole ISBNs: one, refused by the handler")
    }

    @Test("a message that is one command stays one: lists, titles, quotes, courtesy and chat around it")
    func whole() {
        let cases: [(String, Intent)] = [
            ("checkout Dune, Emma and The Hobbit", .checkout(book: "Dune, Emma and The Hobbit", borrower: nil)),
            ("checkout Dr. No", .checkout(book: "Dr. No", borrower: nil)),
            ("search war and peace", .search(query: "war and peace")),
            ("add Pride and Prejudice by Jane Austen", .add(title: "Pride and Prejudice", author: "Jane Austen", publisher: nil, categories: [], isbn: nil)),
            ("checkout \"Dune and return Emma\"", .checkout(book: "Dune and return Emma", borrower: nil)),
            ("checkout Dune. Thanks!", .checkout(book: "Dune", borrower: nil)),
            ("Hi!\ncan I borrow Dune?\nThanks", .checkout(book: "Dune", borrower: nil)),
            ("Sorry I'm late. return Dune", .returnBook(book: "Dune")),
            ("return Dune,\nEmma", .returnBook(book: "Dune, Emma")),
            ("return Dune; yes", .returnBook(book: "Dune; yes")),
            ("hold Dune and tell me when it is back", .hold(book: "Dune and tell me when it is back")),
            // A list, one book a line, under a verb: bulleted, numbered or not.
            ("Returning:\n- Dune\n- Emma", .returnBook(book: "Dune, Emma")),
            ("return\nDune\nEmma", .returnBook(book: "Dune, Emma")),
            ("checkout Dune\n- Emma\n- The Hobbit", .checkout(book: "Dune, Emma, The Hobbit", borrower: nil)),
            ("checkout:\n• Dune\n• The Hobbit", .checkout(book: "Dune, The Hobbit", borrower: nil)),
            ("add Dune\nby Frank Herbert", .add(title: "Dune", author: "Frank Herbert", publisher: nil, categories: [], isbn: nil)),
            // A line that goes on with the member's own words is kept apart by a sentence end, so
            // that the library can tell the title from a remark; a borrower on its line joins as is.
            ("return Dune\nI loved it!", .returnBook(book: "Dune. I loved it")),
            ("who has Dune?\nasking for a friend", .whoHas(book: "Dune? asking for a friend")),
            ("checkout Dune\nas Ana", .checkout(book: "Dune", borrower: "Ana")),
            // A title is not a typo of a verb ("Dune" is not "donner").
            ("Dune", .unknown(text: "Dune", suggestion: nil)),
        ]
        for (text, intent) in cases {
            #expect(CommandParser.parse(text).intent == intent, "\(text.debugDescription)")
        }
        // A long pasted text is one message, whatever it holds.
        let pasted = "return Dune; " + String(repeating: "x", count: 4_000)
        #expect(intents(pasted) == nil)
    }

    @Test("books to add, one a line under add or in one sentence: each added as if typed alone; a title or author with 'and' stays whole")
    func booksToAdd() {
        func add(_ title: String, _ author: String, publisher: String? = nil, categories: [String] = []) -> Intent {
            .add(title: title, author: author, publisher: publisher, categories: categories, isbn: nil)
        }
        let dune = add("Dune", "Frank Herbert"), emma = add("Emma", "Jane Austen")
        let several: [(String, [Intent])] = [
            ("add:\nDune by Frank Herbert\nEmma by Jane Austen", [dune, emma]),
            ("add:\nReturn of the King by J.R.R. Tolkien\nEmma by Jane Austen", [add("Return of the King", "J.R.R. Tolkien"), emma]),
            ("add\n- Dune by Frank Herbert\n- Pride and Prejudice by Jane Austen publisher: Penguin",
             [dune, add("Pride and Prejudice", "Jane Austen", publisher: "Penguin")]),
            ("ajouter :\nDune par Frank Herbert\nEmma de Jane Austen", [dune, emma]),
            ("add:\n9780441172719\nisbn 978-0-14-143951-8", [.addISBN(isbn: "9780441172719"), .addISBN(isbn: "9780141439518")]),
            ("add Dune by Frank Herbert and Emma by Jane Austen", [dune, emma]),
            ("add Pride and Prejudice by Jane Austen, Dune by Frank Herbert", [add("Pride and Prejudice", "Jane Austen"), dune]),
            ("add Dune by Frank Herbert categories: SF, Classic and Emma by Jane Austen", [add("Dune", "Frank Herbert", categories: ["SF", "Classic"]), emma]),
            ("ajouter Dune par Frank Herbert et Emma par Jane Austen", [dune, emma]),
        ]
        for (text, expected) in several {
            #expect(intents(text) == expected, "\(text.debugDescription)")
        }
        let one: [(String, Intent)] = [
            ("add Good Omens by Terry Pratchett and Neil Gaiman", add("Good Omens", "Terry Pratchett and Neil Gaiman")),
            ("add Stand by Me by Stephen King", add("Stand by Me", "Stephen King")),
            ("add \"Stand by Me and Other Stories\" by Stephen King", add("Stand by Me and Other Stories", "Stephen King")),
            ("ajouter Le Comte de Monte-Cristo, tome 1 de Dumas", add("Le Comte de Monte-Cristo, tome 1", "Dumas")),
            ("add 978-0-441-17271-9", .addISBN(isbn: "9780441172719")),
        ]
        for (text, expected) in one {
            #expect(CommandParser.parse(text).intent == expected, "\(text.debugDescription)")
        }
    }

    @Test("several commands print as one JSON line and write back as lines that parse the same")
    func jsonAndCanonicalText() {
        let parsed = CommandParser.parse("return Dune; who has Emma")
        #expect(parsed.jsonLine == #"{"intent":"several","commands":[{"intent":"return","book":"Dune","language":"en"},{"intent":"who_has","book":"Emma","language":"en"}],"language":"en"}"#)
        #expect(CommandParser.parse("list available page 2").jsonLine == #"{"intent":"list","filter":"available","order":"newest","page":2,"language":"en"}"#)
        #expect(CommandParser.parse("list available").jsonLine == #"{"intent":"list","filter":"available","order":"newest","language":"en"}"#, "no page key on the first")
        let written = intents(parsed.intent.canonicalText)
        #expect(written == [.returnBook(book: "Dune"), .whoHas(book: "Emma")], "\(parsed.intent.canonicalText)")
    }
}
