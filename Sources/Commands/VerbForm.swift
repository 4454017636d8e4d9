/// One way of writing a verb, in the command table of `SPEC.md`.
struct VerbForm: Sendable {
    enum Verb: Sendable {
        case checkout, returnBook, renew, hold, cancelHold, handOver, whoHas, myBooks, history, digest, add, edit, delete, clean, list, search, show, help, rules,
             categories, stats, readers, whoAmI, remind, recommend, recommendLike, confirm, cancel, undo, tag, untag, reportLost, reportDamaged, reportFound, reportRepaired

        /// The canonical name used as a `help` topic.
        var topic: String {
            switch self {
            case .checkout: "checkout"
            case .returnBook: "return"
            case .renew: "renew"
            case .hold: "hold"
            case .cancelHold: "cancel hold"
            case .handOver: "pass"
            case .whoHas: "who has"
            case .myBooks: "my books"
            case .history: "history"
            case .digest: "digest"
            case .add: "add"
            case .edit: "edit"
            case .tag, .untag: "tag"
            case .reportLost, .reportDamaged, .reportFound, .reportRepaired: "report"
            case .delete: "delete"
            case .clean: "clean"
            case .list: "list"
            case .search: "search"
            case .show: "show"
            case .help: "help"
            case .rules: "rules"
            case .categories: "categories"
            case .stats: "stats"
            case .readers: "top readers"
            case .whoAmI: "who am I"
            case .recommend, .recommendLike: "recommend"
            case .remind: "remind"
            case .undo: "undo"
            case .confirm: "yes"
            case .cancel: "cancel"
            }
        }
    }

    /// As a member writes it ("réserver").
    let text: String
    /// Folded words ("reserver").
    let words: [String]
    let verb: Verb
    /// Nil when the word is the same in both languages ("info").
    let language: Language?

    init(_ text: String, _ verb: Verb, _ language: Language?) {
        self.text = text
        self.words = text.split(separator: " ").map { CommandParser.foldWord(String($0)) }
        self.verb = verb
        self.language = language
    }

    /// The form written `text` ("cancel my hold", "Réserver"), in any case and accents.
    static func named(_ text: String) -> VerbForm? {
        let words = text.split(separator: " ").map { CommandParser.foldWord(String($0)) }
        return all.first { $0.words == words }
    }

    /// The forms that `folded` (a message's words, folded) starts with, in the order of `all`
    /// (longest first). Looked up by the first word: a message is read against the verbs
    /// several times, and most of the forms start otherwise.
    static func starting<Words: Collection<String>>(_ folded: Words) -> [VerbForm] {
        guard let first = folded.first, let forms = byFirstWord[first] else { return [] }
        return forms.filter { folded.starts(with: $0.words) }
    }

    /// Whether `folded` starts with a form.
    static func anyStarts<Words: Collection<String>>(_ folded: Words) -> Bool {
        guard let first = folded.first, let forms = byFirstWord[first] else { return false }
        return forms.contains { folded.starts(with: $0.words) }
    }

    /// Whether a form starts with the word `word` (folded).
    static func anyStarts(withWord word: String) -> Bool {
        byFirstWord[word] != nil
    }

    /// `all` by first word, each in the order of `all`.
    private static let byFirstWord: [String: [VerbForm]] = Dictionary(grouping: all) { $0.words.first ?? "" }

    /// Every form, longest first, so that "who has what" wins over "who has".
    static let all: [VerbForm] = [
        VerbForm("checkout", .checkout, .en), VerbForm("check out", .checkout, .en), VerbForm("borrow", .checkout, .en),
        VerbForm("take", .checkout, .en), VerbForm("emprunter", .checkout, .fr), VerbForm("emprunte", .checkout, .fr),
        VerbForm("prendre", .checkout, .fr),
        VerbForm("return", .returnBook, .en), VerbForm("check in", .returnBook, .en), VerbForm("checkin", .returnBook, .en),
        VerbForm("bring back", .returnBook, .en), VerbForm("rendre", .returnBook, .fr), VerbForm("rends", .returnBook, .fr),
        VerbForm("retourner", .returnBook, .fr),
        VerbForm("renew", .renew, .en), VerbForm("extend", .renew, .en), VerbForm("prolonger", .renew, .fr),
        VerbForm("prolonge", .renew, .fr),
        VerbForm("hold", .hold, .en), VerbForm("reserve", .hold, .en), VerbForm("réserver", .hold, .fr), VerbForm("réserve", .hold, .fr),
        VerbForm("cancel hold", .cancelHold, .en), VerbForm("cancel my hold", .cancelHold, .en), VerbForm("unhold", .cancelHold, .en),
        VerbForm("unreserve", .cancelHold, .en),
        VerbForm("annuler la réservation", .cancelHold, .fr), VerbForm("annuler ma réservation", .cancelHold, .fr),
        VerbForm("annuler réservation", .cancelHold, .fr), VerbForm("annule ma réservation", .cancelHold, .fr),
        VerbForm("annule la réservation", .cancelHold, .fr),
        VerbForm("pass", .handOver, .en), VerbForm("give", .handOver, .en), VerbForm("hand", .handOver, .en),
        VerbForm("hand over", .handOver, .en), VerbForm("passer", .handOver, .fr), VerbForm("passe", .handOver, .fr),
        VerbForm("donner", .handOver, .fr),
        VerbForm("who has what", .digest, .en), VerbForm("digest", .digest, .en), VerbForm("status", .digest, .en),
        VerbForm("qui a quoi", .digest, .fr), VerbForm("résumé", .digest, .fr),
        VerbForm("summary", .digest, .en), VerbForm("overview", .digest, .en), VerbForm("library status", .digest, .en),
        VerbForm("today's digest", .digest, .en), VerbForm("show the digest", .digest, .en),
        VerbForm("show me the digest", .digest, .en), VerbForm("show me today's digest", .digest, .en),
        VerbForm("le résumé", .digest, .fr), VerbForm("le résumé du jour", .digest, .fr),
        VerbForm("when will you remind me", .rules, .en), VerbForm("when do you send reminders", .rules, .en),
        VerbForm("when are reminders sent", .rules, .en), VerbForm("quand envoyez-vous les rappels", .rules, .fr),
        VerbForm("who has", .whoHas, .en), VerbForm("where is", .whoHas, .en), VerbForm("qui a", .whoHas, .fr),
        VerbForm("où est", .whoHas, .fr),
        VerbForm("my books", .myBooks, .en), VerbForm("what do I have", .myBooks, .en), VerbForm("my loans", .myBooks, .en),
        VerbForm("mes livres", .myBooks, .fr), VerbForm("mes emprunts", .myBooks, .fr),
        VerbForm("my overdue books", .myBooks, .en), VerbForm("my late books", .myBooks, .en),
        VerbForm("mes livres en retard", .myBooks, .fr), VerbForm("mes emprunts en retard", .myBooks, .fr),
        VerbForm("my holds", .myBooks, .en), VerbForm("my reservations", .myBooks, .en), VerbForm("mes réservations", .myBooks, .fr),
        VerbForm("my history", .history, .en), VerbForm("history", .history, .en), VerbForm("my past loans", .history, .en),
        VerbForm("what have I read", .history, .en), VerbForm("what did I borrow", .history, .en),
        VerbForm("what have I borrowed", .history, .en), VerbForm("mon historique", .history, .fr),
        VerbForm("historique", .history, .fr), VerbForm("mes anciens emprunts", .history, .fr),
        VerbForm("qu'ai-je lu", .history, .fr), VerbForm("qu'ai-je emprunté", .history, .fr),
        VerbForm("add", .add, .en), VerbForm("new", .add, .en), VerbForm("ajouter", .add, .fr), VerbForm("ajoute", .add, .fr), VerbForm("ajoutez", .add, .fr),
        VerbForm("edit", .edit, .en), VerbForm("modifier", .edit, .fr),
        VerbForm("report lost", .reportLost, .en), VerbForm("report missing", .reportLost, .en), VerbForm("report damaged", .reportDamaged, .en),
        VerbForm("signaler perdu", .reportLost, .fr), VerbForm("signaler abîmé", .reportDamaged, .fr),
        VerbForm("report found", .reportFound, .en), VerbForm("report repaired", .reportRepaired, .en),
        VerbForm("signaler retrouvé", .reportFound, .fr), VerbForm("signaler réparé", .reportRepaired, .fr),
        VerbForm("tag", .tag, .en), VerbForm("label", .tag, .en), VerbForm("categorize", .tag, .en), VerbForm("categorise", .tag, .en),
        VerbForm("classer", .tag, .fr), VerbForm("étiqueter", .tag, .fr), VerbForm("untag", .untag, .en), VerbForm("unlabel", .untag, .en),
        VerbForm("delete all books", .clean, .en), VerbForm("clear the library", .clean, .en), VerbForm("clean", .clean, .en),
        VerbForm("vider la bibliothèque", .clean, .fr),
        VerbForm("delete", .delete, .en), VerbForm("remove", .delete, .en), VerbForm("supprimer", .delete, .fr),
        VerbForm("supprime", .delete, .fr), VerbForm("supprimez", .delete, .fr),
        VerbForm("list", .list, .en), VerbForm("books", .list, .en), VerbForm("ls", .list, .en),
        VerbForm("liste", .list, .fr), VerbForm("livres", .list, .fr), VerbForm("all books", .list, .en), VerbForm("all the books", .list, .en),
        VerbForm("tous les livres", .list, .fr),
        VerbForm("search", .search, .en), VerbForm("find", .search, .en), VerbForm("look for", .search, .en),
        VerbForm("chercher", .search, .fr), VerbForm("cherche", .search, .fr),
        VerbForm("show", .show, .en), VerbForm("details", .show, nil), VerbForm("info", .show, nil), VerbForm("détails", .show, .fr),
        VerbForm("montre", .show, .fr), VerbForm("montrer", .show, .fr), VerbForm("montrez", .show, .fr),
        VerbForm("affiche", .show, .fr), VerbForm("afficher", .show, .fr), VerbForm("affichez", .show, .fr),
        VerbForm("help", .help, .en), VerbForm("commands", .help, .en), VerbForm("?", .help, nil), VerbForm("aide", .help, .fr),
        VerbForm("rules", .rules, .en), VerbForm("loan rules", .rules, .en), VerbForm("lending rules", .rules, .en),
        VerbForm("library rules", .rules, .en), VerbForm("what are the rules", .rules, .en),
        VerbForm("how long is a loan", .rules, .en), VerbForm("how long are loans", .rules, .en),
        VerbForm("how long is the loan period", .rules, .en), VerbForm("how long do loans last", .rules, .en),
        VerbForm("how long does a loan last", .rules, .en), VerbForm("loan period", .rules, .en),
        VerbForm("how many renewals", .rules, .en), VerbForm("reminders", .rules, .en), VerbForm("do you send reminders", .rules, .en),
        VerbForm("will you remind me", .rules, .en), VerbForm("rappels", .rules, .fr),
        VerbForm("règles", .rules, .fr), VerbForm("règlement", .rules, .fr), VerbForm("les règles", .rules, .fr),
        VerbForm("règles du prêt", .rules, .fr), VerbForm("quelles sont les règles", .rules, .fr),
        VerbForm("what is the loan period", .rules, .en), VerbForm("what's the loan period", .rules, .en),
        VerbForm("what's the rule", .rules, .en), VerbForm("what's the rules", .rules, .en), VerbForm("c'est quoi les règles", .rules, .fr),
        VerbForm("c'est quoi le règlement", .rules, .fr), VerbForm("quelle est la durée du prêt", .rules, .fr),
        VerbForm("quelle est la durée d'un prêt", .rules, .fr), VerbForm("combien de temps dure un prêt", .rules, .fr),
        VerbForm("combien de temps dure un prêt", .rules, .fr), VerbForm("combien de temps dure un emprunt", .rules, .fr),
        VerbForm("durée du prêt", .rules, .fr), VerbForm("durée de prêt", .rules, .fr), VerbForm("durée d'emprunt", .rules, .fr),
        // With a book or without: "how long can I keep Dune?", "how long can I keep a book?".
        VerbForm("how long can I keep", .rules, .en), VerbForm("how long can I borrow", .rules, .en),
        VerbForm("how long can I have", .rules, .en), VerbForm("how long do I get", .rules, .en),
        VerbForm("how many times can I renew", .rules, .en), VerbForm("why can't I renew", .rules, .en),
        VerbForm("why can I not renew", .rules, .en), VerbForm("why cant I renew", .rules, .en), VerbForm("can I still renew", .rules, .en),
        VerbForm("how many more times can I renew", .rules, .en), VerbForm("how many times can I still renew", .rules, .en),
        VerbForm("pourquoi je ne peux pas prolonger", .rules, .fr), VerbForm("pourquoi je peux pas prolonger", .rules, .fr), VerbForm("pourquoi ne puis-je pas prolonger", .rules, .fr),
        VerbForm("est-ce que je peux encore prolonger", .rules, .fr), VerbForm("je peux encore prolonger", .rules, .fr), VerbForm("how often can I renew", .rules, .en),
        VerbForm("what's the longest I can keep", .rules, .en), VerbForm("what is the longest I can keep", .rules, .en),
        VerbForm("combien de temps puis-je garder", .rules, .fr), VerbForm("combien de temps je peux garder", .rules, .fr),
        VerbForm("combien de temps puis-je emprunter", .rules, .fr), VerbForm("combien de temps je peux emprunter", .rules, .fr),
        VerbForm("combien de fois puis-je prolonger", .rules, .fr), VerbForm("combien de fois je peux prolonger", .rules, .fr),
        VerbForm("yes", .confirm, .en), VerbForm("y", .confirm, .en), VerbForm("confirm", .confirm, .en),
        VerbForm("oui", .confirm, .fr), VerbForm("confirmer", .confirm, .fr),
        VerbForm("yep", .confirm, .en), VerbForm("yeah", .confirm, .en), VerbForm("yup", .confirm, .en), VerbForm("sure", .confirm, .en),
        VerbForm("ouais", .confirm, .fr), VerbForm("go ahead", .confirm, .en), VerbForm("do it", .confirm, .en),
        VerbForm("vas-y", .confirm, .fr), VerbForm("allez-y", .confirm, .fr), VerbForm("n", .cancel, .en),
        VerbForm("no", .cancel, .en), VerbForm("cancel", .cancel, .en), VerbForm("non", .cancel, .fr), VerbForm("annuler", .cancel, .fr),
        VerbForm("annule", .cancel, .fr), VerbForm("annulez", .cancel, .fr),
        VerbForm("nope", .cancel, .en), VerbForm("nah", .cancel, .en),
        VerbForm("undo", .undo, .en), VerbForm("undo that", .undo, .en), VerbForm("undo it", .undo, .en), VerbForm("undo my last command", .undo, .en),
        VerbForm("défaire", .undo, .fr), VerbForm("défais ça", .undo, .fr), VerbForm("revenir en arrière", .undo, .fr),
        VerbForm("categories", .categories, .en), VerbForm("genres", .categories, nil), VerbForm("list categories", .categories, .en),
        VerbForm("how many categories", .categories, .en), VerbForm("how many genres", .categories, .en),
        VerbForm("combien de catégories", .categories, .fr), VerbForm("combien de genres", .categories, .fr),
        VerbForm("list genres", .categories, .en), VerbForm("what categories", .categories, .en), VerbForm("which categories", .categories, .en),
        VerbForm("what genres", .categories, .en), VerbForm("which genres", .categories, .en), VerbForm("what kinds of books", .categories, .en),
        VerbForm("catégories", .categories, .fr), VerbForm("les catégories", .categories, .fr), VerbForm("les genres", .categories, .fr),
        VerbForm("liste des catégories", .categories, .fr), VerbForm("liste des genres", .categories, .fr),
        VerbForm("quelles catégories", .categories, .fr), VerbForm("quels genres", .categories, .fr),
        VerbForm("show categories", .categories, .en), VerbForm("show genres", .categories, .en), VerbForm("show the categories", .categories, .en),
        VerbForm("show the genres", .categories, .en), VerbForm("show me the categories", .categories, .en), VerbForm("show me the genres", .categories, .en),
        VerbForm("all categories", .categories, .en), VerbForm("all genres", .categories, .en), VerbForm("list all categories", .categories, .en),
        VerbForm("list all genres", .categories, .en), VerbForm("montre les catégories", .categories, .fr), VerbForm("montre les genres", .categories, .fr),
        VerbForm("stats", .stats, nil), VerbForm("statistics", .stats, .en), VerbForm("library stats", .stats, .en),
        VerbForm("library statistics", .stats, .en), VerbForm("how many loans", .stats, .en),
        VerbForm("statistiques", .stats, .fr), VerbForm("les statistiques", .stats, .fr), VerbForm("les stats", .stats, .fr),
        VerbForm("combien d'emprunts", .stats, .fr), VerbForm("nombre d'emprunts", .stats, .fr),
        VerbForm("top readers", .readers, .en), VerbForm("top borrowers", .readers, .en), VerbForm("best readers", .readers, .en),
        VerbForm("biggest readers", .readers, .en), VerbForm("most active readers", .readers, .en),
        VerbForm("leaderboard", .readers, .en), VerbForm("reading leaderboard", .readers, .en),
        VerbForm("meilleurs lecteurs", .readers, .fr), VerbForm("les meilleurs lecteurs", .readers, .fr), VerbForm("top lecteurs", .readers, .fr),
        VerbForm("classement des lecteurs", .readers, .fr), VerbForm("classement", .readers, .fr),
        VerbForm("who am I", .whoAmI, .en), VerbForm("whoami", .whoAmI, nil), VerbForm("what's my name", .whoAmI, .en),
        VerbForm("what is my name", .whoAmI, .en), VerbForm("what name am I under", .whoAmI, .en),
        VerbForm("what name do you have for me", .whoAmI, .en), VerbForm("who do you think I am", .whoAmI, .en),
        VerbForm("qui suis-je", .whoAmI, .fr), VerbForm("je suis qui", .whoAmI, .fr), VerbForm("quel est mon nom", .whoAmI, .fr),
        VerbForm("c'est quoi mon nom", .whoAmI, .fr), VerbForm("comment je m'appelle", .whoAmI, .fr),
        VerbForm("recommend", .recommend, .en), VerbForm("recommend me", .recommend, .en), VerbForm("recommendations", .recommend, .en),
        VerbForm("what should I read", .recommend, .en), VerbForm("what should I read next", .recommend, .en),
        VerbForm("what to read", .recommend, .en), VerbForm("what to read next", .recommend, .en),
        VerbForm("recommande-moi", .recommend, .fr), VerbForm("conseille-moi", .recommend, .fr), VerbForm("recommande", .recommend, .fr),
        VerbForm("conseille", .recommend, .fr), VerbForm("que lire", .recommend, .fr),
        VerbForm("quoi lire", .recommend, .fr), VerbForm("que me conseilles-tu", .recommend, .fr), VerbForm("suggestions de lecture", .recommend, .fr),
        VerbForm("books like", .recommendLike, .en), VerbForm("something like", .recommendLike, .en), VerbForm("more like", .recommendLike, .en),
        VerbForm("more books like", .recommendLike, .en), VerbForm("similar to", .recommendLike, .en), VerbForm("books similar to", .recommendLike, .en),
        VerbForm("des livres comme", .recommendLike, .fr), VerbForm("quelque chose comme", .recommendLike, .fr),
        VerbForm("a book like", .recommendLike, .en), VerbForm("un livre comme", .recommendLike, .fr),
        VerbForm("d'autres livres comme", .recommendLike, .fr), VerbForm("dans le genre de", .recommendLike, .fr),
        VerbForm("remind", .remind, .en), VerbForm("nudge", .remind, .en), VerbForm("nag", .remind, .en), VerbForm("chase up", .remind, .en), VerbForm("send a reminder to", .remind, .en),
        VerbForm("relancer", .remind, .fr), VerbForm("relance", .remind, .fr), VerbForm("rappeler à", .remind, .fr),
        VerbForm("rappelle à", .remind, .fr), VerbForm("envoyer un rappel à", .remind, .fr), VerbForm("envoie un rappel à", .remind, .fr),
    ].enumerated().sorted { ($0.element.words.count, -$0.offset) > ($1.element.words.count, -$1.offset) }.map(\.element)
}
