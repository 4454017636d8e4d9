import LibraryCore

/// What a member asked for, in the terms of `SPEC.md`'s command table.
public enum Intent: Sendable, Hashable {
    case checkout(book: String, borrower: String?)
    case returnBook(book: String)
    case renew(book: String)
    /// Wait in line for a book; with `holder`, put someone else in line (`hold Dune for Ana`).
    case hold(book: String, holder: String? = nil)
    /// Leave a book's queue (`cancel hold Dune`); with `holder`, take someone else out of it
    /// (`cancel hold Dune for Ben`, admins).
    case cancelHold(book: String, holder: String?)
    case whoHas(book: String)
    /// `borrower` nil means the sender.
    case loansOf(borrower: String?)
    /// The sender's book goes straight to someone else (`pass Dune to Ben`): returned and lent on.
    case handOver(book: String, to: String)
    /// Someone's book handed to the sender (`Ben gave me Dune`): their loan returned, and the
    /// book lent to the sender.
    case takeOver(book: String, from: String)
    /// The books someone borrowed, the last first; `borrower` nil means the sender; with a
    /// `period`, those checked out in it ("what did I borrow last week?").
    case history(borrower: String?, period: LoanPeriod? = nil)
    case digest
    case add(title: String, author: String, publisher: String?, categories: [String], isbn: String?)
    /// Digits only (a final X allowed), hyphens and spaces removed.
    case addISBN(isbn: String)
    /// One more copy of a book the library has (`add another copy of Dune`): its title, author,
    /// publisher, categories and ISBN.
    case addCopy(book: String, count: Int = 1)
    case edit(book: String, field: BookField, value: String)
    /// Categories given to a book (`add category Classic to Dune`) or, with `remove`, taken
    /// from it (`remove category SF from Dune`), its other categories kept; every copy of the title.
    case categorize(book: String, categories: [String], remove: Bool)
    /// A category renamed on every book that carries it (`rename category SF to Science
    /// fiction`) or, `to` nil, taken off every one (`delete category SF`); admins, undone by `undo`.
    /// An empty name is one not given (`delete category`), an empty `to` a new name not given
    /// (`rename category SF`): the reply asks for it.
    case renameCategory(from: String, to: String?)
    case delete(books: [String])
    /// One copy of a title (`delete a copy of Dune`, `delete the second copy of Dune`): the one
    /// at `place` among its copies in number order (from 0; -1 the last), or with no place one
    /// nobody has or waits for.
    case deleteCopy(book: String, place: Int?)
    /// `count` copies of a title (`delete 2 copies of Dune`): those nobody has or waits for
    /// first, the highest numbers first; confirmed, and undone together.
    case deleteCopies(book: String, count: Int)
    case clean
    case list(filter: BookFilter, order: BookOrder, page: Int = 1)
    /// Books matching `query`; `onShelf`: only those on the shelf ("available sci-fi").
    case search(query: String, onShelf: Bool = false)
    case show(book: String)
    case help(topic: String?)
    /// The lending rules (`rules`, "how long can I keep a book?"): how long a loan lasts, how
    /// often it renews, how long a book is kept for the first in line; with `book` ("how long
    /// can I keep Dune?"), where that book stands for the asker too.
    case rules(book: String?)
    /// The categories the books carry, each with how many books carry it (`categories`, `genres`).
    case categories
    /// The library's figures: the shelf, the loans of the month and the year, the most borrowed.
    case stats
    /// Who borrowed the most books this year, and in all (`top readers`, `who reads the most`).
    case readers
    /// The name the library knows the member by, which their loans and holds go under (`who am
    /// I?`, `qui suis-je ?`).
    case whoAmI
    /// Books to read next: like `book`, or like what the member read; with `category` (as
    /// typed: "sci-fi", "a classic"), only books of that category of the library's.
    case recommend(book: String?, category: String? = nil)
    /// A message to `borrower` about their loans (of `book`, or all): `remind Ben about Dune`.
    case remind(borrower: String, book: String?)
    /// `yes` / `oui` / `confirm`, answering a confirmation request.
    case confirm
    /// `no` / `cancel` / `annuler`.
    case cancel
    /// Thanks alone (`thanks!`, `merci beaucoup`): a short answer, not the whole help.
    case thanks
    /// Replies in that language from now on (`speak French`, `réponds en anglais`), reminders
    /// and other messages to the member too, until they write in the other.
    case speak(Language)
    /// The member's reminders before a book is due turned off (`stop reminding me`) or back on
    /// (`resume reminders`); a late book, or one kept for them, is still reminded of.
    case reminders(on: Bool)
    /// A book reported lost (`I lost Dune`, `Dune is lost`) or damaged, or found again or
    /// repaired (`I found Dune`, `Dune is repaired`): the copy keeps the report, the admins are
    /// told, and the reply says what happens to the loan. `note`: what the member said is
    /// wrong ("Dune is damaged: the cover is torn").
    case report(book: String, kind: ReportKind, note: String? = nil)
    /// `undo`: the member's last change (a checkout, their own return or place in a line, a
    /// book added, a title or author edited) made undone, within 10 minutes.
    case undo
    /// Anything else; `suggestion` is the closest verb (a typo, or a verb missing its argument),
    /// or the whole command the words probably mean ("I'm done with Dune" → "return Dune").
    case unknown(text: String, suggestion: String?)
    /// A message of several commands, one a line or joined in a sentence ("return Dune and
    /// checkout Emma"), each answered in turn.
    case several([CommandPart])

    /// The intent's name in `librarybot parse` output.
    public var name: String {
        switch self {
        case .checkout: "checkout"
        case .returnBook: "return"
        case .renew: "renew"
        case .hold: "hold"
        case .cancelHold: "cancel_hold"
        case .whoHas: "who_has"
        case .loansOf: "loans_of"
        case .handOver: "hand_over"
        case .takeOver: "take_over"
        case .history: "history"
        case .digest: "digest"
        case .add: "add"
        case .addISBN: "add_isbn"
        case .addCopy: "add_copy"
        case .edit: "edit"
        case .categorize(_, _, let remove): remove ? "remove_category" : "add_category"
        case .renameCategory(_, let to): to == nil ? "delete_category" : "rename_category"
        case .delete: "delete"
        case .deleteCopy: "delete_copy"
        case .deleteCopies: "delete_copies"
        case .clean: "clean"
        case .list: "list"
        case .search: "search"
        case .show: "show"
        case .help: "help"
        case .rules: "rules"
        case .categories: "categories"
        case .stats: "stats"
        case .readers: "readers"
        case .whoAmI: "who_am_i"
        case .recommend: "recommend"
        case .remind: "remind"
        case .confirm: "confirm"
        case .cancel: "cancel"
        case .thanks: "thanks"
        case .speak: "speak"
        case .reminders: "reminders"
        case .undo: "undo"
        case .report(_, let kind, _): "report_\(kind.rawValue)"
        case .unknown: "unknown"
        case .several: "several"
        }
    }

    /// Whether the intent only asks (who has a book, a book's page, lists, searches, histories,
    /// the rules…) and changes nothing: what a question may be read as.
    public var onlyAsks: Bool {
        switch self {
        case .whoHas, .loansOf, .history, .digest, .list, .search, .show, .help, .rules, .categories, .stats, .readers, .whoAmI, .recommend:
            true
        case .checkout, .returnBook, .renew, .hold, .cancelHold, .handOver, .takeOver, .add, .addISBN, .addCopy, .edit, .categorize, .renameCategory,
             .delete, .deleteCopy, .deleteCopies, .clean, .remind, .confirm, .cancel, .thanks, .speak, .reminders, .report, .undo,
             .unknown, .several:
            false
        }
    }
}

/// The language a command was written in, and its reply's.
public enum Language: String, Sendable, Hashable, Codable, CaseIterable {
    case en, fr

    /// The English or the French text.
    public func pick(_ english: String, _ french: String) -> String { self == .en ? english : french }

    /// The language of a chat app's locale (`fr`, `fr-FR`, `en-US`…), if the library speaks it.
    public init?(locale: String) {
        switch locale.prefix(2).lowercased() {
        case "fr": self = .fr
        case "en": self = .en
        default: return nil
        }
    }

    /// French "de" as it goes before `name`: "de " ("de Victor Hugo"), or "d'" before a vowel
    /// ("d'Antoine de Saint-Exupéry", "d'Émile Zola").
    public static func frenchDe(before name: String) -> String {
        ["a", "e", "i", "o", "u", "y"].contains(TextKey.fold(String(name.prefix(1)))) ? "d'" : "de "
    }
}

/// A parsed line: the intent, and the language it was written in (nil when the words are the
/// same in both, such as `info Dune`).
public struct ParsedCommand: Sendable, Hashable {
    public var intent: Intent
    public var language: Language?
    /// The whole message's words (its address and politeness left out), when its verb may be
    /// the first word of a title instead: "Return of the King" or "Find Me" typed alone is a
    /// title of the library, not `return` or `search`, when the library has that book (which
    /// the handler, not the parser, knows). Nil for a command that takes no book or query; for
    /// one of several, the handler sets it from the part's words. For a French question by its
    /// form not understood, the sentence it asks about ("Ben a Dune" for "Ben a-t-il Dune ?"),
    /// which the handler's readings read instead.
    public var words: String?
    /// The words of the message before its command that are no command ("loved Dune," in
    /// "loved Dune, returning it"), where the book "it" means may be named.
    public var aside: String?
    /// For a message not understood: whether it asked, by its "?" (which its text has lost)
    /// or its form. "Ben has Dune?" asks who has the book; "Ben has Dune" tells.
    public var asked = false

    public init(intent: Intent, language: Language?, words: String? = nil, aside: String? = nil) {
        self.intent = intent
        self.language = language
        self.words = words
        self.aside = aside
    }
}

/// One command of a message that holds several.
public struct CommandPart: Sendable, Hashable {
    /// Its words, as typed.
    public var text: String
    public var command: ParsedCommand
    /// The words that joined it to the command before (" and ", ", "), when a title could be
    /// at stake: "checkout Dune and Return of the King" lends two books when the library has
    /// that title. Nil after a line break, ";" or "then", which always end a command.
    public var joiner: String?

    public init(text: String, command: ParsedCommand, joiner: String?) {
        self.text = text
        self.command = command
        self.joiner = joiner
    }
}

/// What a member reports of a copy: that it is lost or damaged, or, taking such a report
/// back, that it was found or repaired.
public enum ReportKind: String, Sendable, Hashable, CaseIterable {
    case lost, damaged, found, repaired

    /// The report a copy keeps (lost, damaged), or the one this takes back (found, repaired).
    var copyReport: CopyReport.Kind {
        switch self {
        case .lost, .found: .lost
        case .damaged, .repaired: .damaged
        }
    }

    /// Found or repaired: a report taken back.
    var takesBack: Bool { self == .found || self == .repaired }

    /// The word a report is typed with (`report #3 lost`, `signaler #3 perdu`).
    func said(in language: Language) -> String {
        switch (self, language) {
        case (_, .en): rawValue
        case (.lost, .fr): "perdu"
        case (.damaged, .fr): "abîmé"
        case (.found, .fr): "retrouvé"
        case (.repaired, .fr): "réparé"
        }
    }
}
