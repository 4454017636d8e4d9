/// `help` and `help VERB`: every command with one example, in English and French.
enum Help {
    struct Entry {
        let topic: String
        let english: (verb: String, example: String, explanation: String)
        let french: (verb: String, example: String, explanation: String)
    }

    static let entries: [Entry] = [
        Entry(topic: "checkout",
              english: ("checkout", "checkout Dune as Ana", "Borrow a book, for yourself or for someone (`as NAME`, or `as @member` in chat); several at once: `checkout Dune, Emma`. Also: check out, borrow, take."),
              french: ("emprunter", "emprunter Dune pour Ana", "Emprunter un livre, pour vous ou pour quelqu'un (`pour NOM`, ou `pour @membre` dans le chat) ; plusieurs à la fois : `emprunter Dune, Emma`. Aussi : emprunte.")),
        Entry(topic: "return",
              english: ("return", "return Dune", "Bring a book back; the first member waiting is told. Several at once: `return Dune, Emma`, or all yours: `return all`; one for another: `swap Dune for Emma`. Also: check in, bring back."),
              french: ("rendre", "rendre Dune", "Rendre un livre ; le premier en attente est prévenu. Plusieurs à la fois : `rendre Dune, Emma`, ou tous les vôtres : `rendre tout` ; l'un contre un autre : `échanger Dune contre Emma`. Aussi : rends, retourner.")),
        Entry(topic: "renew",
              english: ("renew", "renew Dune", "Keep a book longer (a limited number of times, never while someone waits); all yours: `renew all`. Also: extend."),
              french: ("prolonger", "prolonger Dune", "Garder un livre plus longtemps (un nombre limité de fois, jamais si quelqu'un attend) ; tous les vôtres : `prolonger tout`.")),
        Entry(topic: "hold",
              english: ("hold", "hold Dune", "Wait in line for a book that is out: when it is back, it is kept for you and you are told; several at once: `hold Dune, Emma`; `hold Dune for Ben` puts Ben in line. Also: reserve."),
              french: ("réserver", "réserver Dune", "Faire la queue pour un livre emprunté : à son retour, il vous est réservé et vous êtes prévenu ; plusieurs à la fois : `réserver Dune, Emma` ; `réserver Dune pour Ben` y met Ben.")),
        Entry(topic: "cancel hold",
              english: ("cancel hold", "cancel hold Dune", "Leave the line for a book; if it was kept for you, it goes to the next in line; every line at once: `cancel all my holds`. Admins: `cancel hold Dune for Ben` takes Ben out of it. Also: unhold."),
              french: ("annuler la réservation", "annuler la réservation de Dune", "Quitter la file pour un livre ; s'il vous était réservé, il passe au suivant ; toutes les files d'un coup : `annuler mes réservations`. Administrateurs : `annuler la réservation de Dune pour Ben` en retire Ben.")),
        Entry(topic: "pass",
              english: ("pass", "pass Dune to Ben", "Hand the book you have straight to someone (returned and lent to them at once, unless someone is first in line for it). Also: give, hand over. Handed someone's copy: Ben gave me Dune, I took over Dune from Ben."),
              french: ("passer", "passer Dune à Ben", "Passer le livre que vous avez directement à quelqu'un (rendu et emprunté pour lui d'un coup, sauf si quelqu'un est premier dans la file). Aussi : donner. Reçu l'exemplaire de quelqu'un : Ben m'a passé Dune.")),
        Entry(topic: "who has",
              english: ("who has", "who has Dune", "Who has a book, since when, and until when; several at once: `who has Dune, Emma`; a title alone asks the same. Also: where is."),
              french: ("qui a", "qui a Dune", "Qui a un livre, depuis quand et jusqu'à quand ; un titre seul demande la même chose. Aussi : où est.")),
        Entry(topic: "my books",
              english: ("my books", "what does Ana have", "The books you (or someone) have. Also: what do I have."),
              french: ("mes livres", "qu'a Ana", "Les livres que vous (ou quelqu'un) avez.")),
        Entry(topic: "who am I",
              english: ("who am I", "who am I", "The name the library knows you by, which your loans and holds go under (in chat, your display name), with how many books you have and whether you may change the catalog. Also: whoami, what's my name."),
              french: ("qui suis-je", "qui suis-je", "Le nom sous lequel la bibliothèque vous connaît, celui de vos emprunts et réservations (dans le chat, votre nom d'affichage), avec combien de livres vous avez et si vous pouvez modifier le catalogue. Aussi : quel est mon nom.")),
        Entry(topic: "history",
              english: ("my history", "my history", "How many books you (or someone: `history for Ana`, `what did Ana borrow`) borrowed: those not yet returned, then those returned, the last first. Of a period: `what did I borrow last week?`, `yesterday`, `in November`, `since Monday`. Also: what have I read, how many books have I borrowed."),
              french: ("mon historique", "mon historique", "Combien de livres vous (ou quelqu'un : `historique pour Ana`) avez empruntés : ceux pas encore rendus, puis les rendus, les derniers d'abord. D'une période : `qu'ai-je emprunté la semaine dernière ?`, `hier`, `en novembre`, `depuis lundi`. Aussi : combien de livres ai-je empruntés.")),
        Entry(topic: "digest",
              english: ("who has what", "who has what", "Every book out, by borrower, with the holds. Also: digest, status."),
              french: ("qui a quoi", "qui a quoi", "Tous les livres empruntés, par personne, avec les réservations. Aussi : résumé.")),
        Entry(topic: "list",
              english: ("list", "list available oldest", "The catalog, 25 at a time (`list page 2` for the next): all, available, checked out, overdue, reported (lost or damaged: `list lost`) or never borrowed; newest or oldest first, by title or author, popular (the most borrowed), or longest out (`list longest`: who has had a book the longest). Also: books, ls."),
              french: ("liste", "liste disponibles", "Le catalogue, 25 à la fois (`liste page 2` pour la suite) : disponibles, empruntés, en retard, signalés (perdus ou abîmés : `liste perdus`) ou jamais empruntés ; plus récents ou plus anciens, par titre ou auteur, populaires (les plus empruntés) ou empruntés depuis le plus longtemps (`liste depuis le plus longtemps`). Aussi : livres.")),
        Entry(topic: "search",
              english: ("search", "search science fiction", "Find books by title, author, publisher or category. Also: find, look for."),
              french: ("chercher", "chercher Hugo", "Trouver des livres par titre, auteur, éditeur ou catégorie. Aussi : cherche.")),
        Entry(topic: "categories",
              english: ("categories", "categories", "The categories the books carry, each with how many books; `search` one to see them. Also: genres."),
              french: ("catégories", "catégories", "Les catégories des livres, avec combien de livres chacune ; `chercher` l'une pour les voir. Aussi : genres.")),
        Entry(topic: "recommend",
              english: ("recommend", "books like Dune", "Books to read next: like the ones you borrowed (their authors and categories), else the most borrowed, on the shelf first; or like one book (`something like Dune`), or of one category (`recommend a classic`, `random sci-fi book`). Also: what should I read next."),
              french: ("que lire", "des livres comme Dune", "Des livres à lire ensuite : comme ceux que vous avez empruntés (leurs auteurs et catégories), sinon les plus empruntés, ceux en rayon d'abord ; ou comme un livre (`quelque chose comme Dune`), ou d'une catégorie (`conseille-moi un classique`). Aussi : recommande-moi.")),
        Entry(topic: "remind",
              english: ("remind", "remind Ben about Dune", "Send whoever has a book a message asking for it back (`remind @Ben` for all theirs; `remind everyone` for every late book): a member may for a book that is late or that they wait for, an admin for any; once a day per book. Also: nudge."),
              french: ("relancer", "relancer Ben pour Dune", "Envoyer à qui a un livre un message pour le récupérer (`relancer @Ben` pour tous les siens ; `relancer tout le monde` pour chaque livre en retard) : un membre pour un livre en retard ou qu'il attend, un administrateur pour n'importe lequel ; une fois par jour et par livre.")),
        Entry(topic: "stats",
              english: ("stats", "stats", "The library in figures: the books on the shelf, out and overdue, the loans of this month and this year, how they came back, the holds, and the titles borrowed most this year. Also: statistics, how many loans."),
              french: ("statistiques", "statistiques", "La bibliothèque en chiffres : les livres en rayon, empruntés et en retard, les emprunts du mois et de l'année, leurs retours, les réservations, et les titres les plus empruntés de l'année. Aussi : stats, combien d'emprunts.")),
        Entry(topic: "top readers",
              english: ("top readers", "top readers", "Who borrowed the most books this year, the first 10, and in all. Also: who reads the most, leaderboard."),
              french: ("meilleurs lecteurs", "meilleurs lecteurs", "Qui a emprunté le plus de livres cette année, les 10 premiers, et en tout. Aussi : qui lit le plus, classement.")),
        Entry(topic: "show",
              english: ("show", "show Dune", "Everything about one book: status, holds, last loans. Also: info, details."),
              french: ("info", "info Dune", "Tout sur un livre : état, réservations, derniers emprunts. Aussi : détails.")),
        Entry(topic: "rules",
              english: ("rules", "how long can I keep Dune", "How long a loan lasts, how many times it can be renewed, how long a book that comes back is kept for the first in line, and when reminders come; with a book, where it stands for you (`remind me to return Dune` too). Also: loan rules, reminders, how long can I keep a book."),
              french: ("règles", "combien de temps puis-je garder Dune", "Combien de temps dure un prêt, combien de fois il peut être prolongé, combien de temps un livre rendu est réservé au premier de la file, et quand viennent les rappels ; avec un livre, où il en est pour vous (`rappelle-moi de rendre Dune` aussi). Aussi : règlement, rappels.")),
        Entry(topic: "add",
              english: ("add", "add Dune by Frank Herbert publisher: Ace categories: SF, Classic isbn: 9780441172719", "Add a book (admins). Quote a title that contains ` by `. `add isbn 9780441172719` looks the title and author up; `add another copy of Dune` adds one more."),
              french: ("ajouter", "ajouter Dune par Frank Herbert éditeur: Ace catégories: SF", "Ajouter un livre (administrateurs). Mettez entre guillemets un titre qui contient ` par `. `ajouter isbn 9782070612758` retrouve le titre et l'auteur ; `ajouter un exemplaire de Dune` en ajoute un de plus.")),
        Entry(topic: "edit",
              english: ("edit", "edit Dune set author to Frank Herbert", "Change the title, author, publisher, categories or isbn of a book (admins), every copy of it at once when they agree (`edit #2 …` for one). `tag Dune as Classic` and `untag Dune as SF` change one category and keep the others."),
              french: ("modifier", "modifier Dune auteur = Frank Herbert", "Changer le titre, l'auteur, l'éditeur, les catégories ou l'isbn d'un livre (administrateurs), de tous ses exemplaires à la fois s'ils concordent (`modifier #2 …` pour un seul). `ajouter la catégorie Classique à Dune` et `retirer la catégorie SF de Dune` changent une catégorie et gardent les autres.")),
        Entry(topic: "tag",
              english: ("tag", "tag Dune as Classic", "Give a book one more category, its others kept, every copy at once (admins): `tag Dune with Classic, SF`; `untag Dune as SF` or `untag SF from Dune` takes one away. Also: label, categorize, `add category Classic to Dune`, `remove category SF from Dune`. Every book at once: `rename category SF to Science fiction` (into a category the library has, the two are merged), `delete category SF`; `undo` puts them back."),
              french: ("classer", "classer Dune dans Classique", "Donner une catégorie de plus à un livre, les autres gardées, tous ses exemplaires à la fois (administrateurs) : `classer Dune dans Classique, SF` ; `retirer la catégorie SF de Dune` en retire une. Aussi : étiqueter Dune comme Classique, `ajouter la catégorie Classique à Dune`. Tous les livres à la fois : `renommer la catégorie SF en Science-fiction` (vers une catégorie qui existe, les deux sont fusionnées), `supprimer la catégorie SF` ; `défaire` les rétablit.")),
        Entry(topic: "delete",
              english: ("delete", "delete Dune, Emma", "Remove books (admins); several at once asks for confirmation. Also: remove. `delete a copy of Dune` or `delete the second copy of Dune` removes one copy, `delete 2 copies of Dune` two."),
              french: ("supprimer", "supprimer Dune, Emma", "Retirer des livres (administrateurs) ; plusieurs à la fois demande confirmation. `supprimer un exemplaire de Dune` ou `supprimer le deuxième exemplaire de Dune` en retire un, `supprimer 2 exemplaires de Dune` deux.")),
        Entry(topic: "report",
              english: ("report lost", "I lost Dune", "Tell the library a book is lost or damaged (`Dune is damaged`, `report Dune as lost`): the book says so, the admins are told, with what to type to take it off the shelf or add a replacement; until then a lost book's loan stays open, without reminders. `I found Dune` or `Dune is repaired` takes the report back, as does returning it."),
              french: ("signaler perdu", "j'ai perdu Dune", "Signaler un livre perdu ou abîmé (`Dune est abîmé`) : le livre l'indique, les administrateurs sont prévenus, avec quoi taper pour le retirer de l'étagère ou en ajouter un autre ; d'ici là l'emprunt d'un livre perdu reste ouvert, sans rappels. `j'ai retrouvé Dune` ou `Dune est réparé` retire le signalement, comme le rendre.")),
        Entry(topic: "undo",
              english: ("undo", "undo", "Undo your last change within 10 minutes: a checkout, a return, your place in line or leaving one, a book you passed on or reported, a book added, renamed or given a category (admins); `undo` again does it again."),
              french: ("défaire", "défaire", "Défaire votre dernier changement dans les 10 minutes : un emprunt, un retour, votre réservation ou départ d'une file, un livre passé ou signalé, un livre ajouté, renommé ou recatégorisé (administrateurs) ; `défaire` encore le refait.")),
        Entry(topic: "clean",
              english: ("clean", "clean", "Empty the library (admins), after confirmation. Also: delete all books, clear the library."),
              french: ("vider la bibliothèque", "vider la bibliothèque", "Vider la bibliothèque (administrateurs), après confirmation.")),
    ]

    /// What the command `verb` (any of its forms) does, and an example of it.
    static func usage(forVerb verb: String, language: Language) -> (example: String, explanation: String)? {
        guard let form = VerbForm.named(verb),
              let entry = entries.first(where: { $0.topic == form.verb.topic }) else { return nil }
        let text = language == .en ? entry.english : entry.french
        return (text.example, text.explanation)
    }

    /// The example of the command of `topic` ("hold" → `hold Dune`).
    static func example(topic: String, language: Language) -> String? {
        entries.first { $0.topic == topic }.map { language == .en ? $0.english.example : $0.french.example }
    }

    static func reply(topic: String?, language: Language) -> Reply {
        if let topic {
            guard let entry = entries.first(where: { $0.topic == topic }) else {
                return Reply(.error, language == .en ? "There is no command '\(shortened(topic))'." : "Il n'y a pas de commande « \(shortened(topic)) ».",
                             suggestion: language.pick("help", "aide"), language: language)
            }
            let text = language == .en ? entry.english : entry.french
            return Reply(.info, "\(bold: text.verb)", lines: [RichText(markup: text.explanation),
                                                              language == .en ? "Example: \(code: text.example)" : "Exemple : \(code: text.example)"],
                         language: language)
        }
        let lines: [RichText] = entries.map { entry in
            let text = language == .en ? entry.english : entry.french
            return language == .en ? "\(bold: text.verb): \(code: text.example)" : "\(bold: text.verb) : \(code: text.example)"
        }
        let several: RichText = language == .en
            ? "Several commands at once: one a line, or \(code: "return Dune and checkout Emma")."
            : "Plusieurs commandes à la fois : une par ligne, ou \(code: "rendre Dune puis emprunter Emma")."
        let naming: RichText = language == .en
            ? "A book is its title (typos forgiven), its number \(code: "#2"), its ISBN, or \(code: "Emma by Jane Austen") when two authors share a title; a title alone asks who has it."
            : "Un livre se nomme par son titre (fautes de frappe pardonnées), son numéro \(code: "#2"), son ISBN, ou \(code: "Emma de Jane Austen") quand deux auteurs partagent un titre ; un titre seul demande qui l'a."
        let it: RichText = language == .en
            ? "\(code: "it") is the book you last named: \(code: "who has Dune"), then \(code: "checkout it"); \(code: "yes") answers \"Did you mean …?\", and \(code: "#4") or \(code: "the second") answers \"which one?\"."
            : "\(code: "ça") est le dernier livre nommé : \(code: "qui a Dune"), puis \(code: "emprunter ça") ; \(code: "oui") répond à « Vouliez-vous dire … ? », et \(code: "#4") ou \(code: "le deuxième") à « lequel ? »."
        let spoken: RichText = language == .en
            ? "I answer in the language you write in, English or French; \(code: "speak French") sets it for your reminders too."
            : "Je réponds dans la langue où vous écrivez, français ou anglais ; \(code: "parle anglais") la règle aussi pour vos rappels."
        return Reply(.info, RichText(stringLiteral: language.pick("What I can do:", "Ce que je sais faire :")),
                     lines: lines + [several, naming, it, spoken], suggestion: language.pick("help checkout", "aide emprunter"), language: language)
    }
}
