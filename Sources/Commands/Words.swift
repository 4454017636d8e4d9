import Foundation
import LibraryCore

/// What a member typed, as a reply quotes it: at most `limit` characters, then "…", so that a
/// pasted page does not come back as a page.
func shortened(_ typed: String, limit: Int = 60) -> String {
    typed.count <= limit ? typed : String(typed.prefix(limit - 1)).trimmingWhitespace() + "…"
}

/// Whether `command` is short enough to offer as a suggestion to type.
func isSuggestible(_ command: String) -> Bool { command.count <= 200 }

/// The phrases replies share, in one language, with dates in the library's zone.
struct Words: Sendable {
    let language: Language
    let dates: DateText
    let now: Date
    /// Whether `add isbn N` can look a book up (`isbn.lookup_url`), so that an ISBN no book
    /// carries can be answered with it.
    var looksUpISBNs = false
    /// The titles (folded) that books by different authors share, as the library knows them
    /// when asked: a suggestion names such a book with its author ("Emma by Jane Austen").
    var titlesOfSeveralAuthors: @Sendable () -> Set<String> = { [] }

    func day(_ date: Date) -> String { dates.day(date, language, now: now) }

    /// After a loan's due day, how late it is: " (3 days overdue)", " (en retard de 3 jours)";
    /// on its last days, " (tomorrow)", " (today)"; "" otherwise.
    func lateness(_ loan: Loan) -> String {
        latenessText(loan).map { " (\($0))" } ?? ""
    }

    /// "3 days overdue"; "today" or "tomorrow" when it is due that day; nil otherwise.
    private func latenessText(_ loan: Loan) -> String? {
        guard loan.isOverdue(at: now) else {
            guard loan.isOpen else { return nil }
            switch dates.daysAfter(now, now: loan.dueAt) {
            case 0: return language == .en ? "today" : "aujourd'hui"
            case 1: return language == .en ? "tomorrow" : "demain"
            default: return nil
            }
        }
        let days = max(1, dates.daysAfter(loan.dueAt, now: now))
        return language == .en ? "\(days == 1 ? "1 day" : "\(days) days") overdue"
                               : "en retard \(days == 1 ? "d'un jour" : "de \(days) jours")"
    }

    /// How late a loan is, what was reported of its book and when its borrower was last
    /// `reminded` of it, in one bracket: " (3 days overdue; reported lost by Ana, Tue 24 Nov;
    /// reminded yesterday)"; "" when none.
    func lateAndReported(_ loan: Loan, _ book: Book, asker: Borrower? = nil, reminded: Date? = nil) -> String {
        let parts = [latenessText(loan), reportText(book, asker: asker), reminded.map(remindedText)].compactMap(\.self)
        return parts.isEmpty ? "" : " (" + parts.joined(separator: "; ") + ")"
    }

    /// When a loan's borrower was last reminded of it: "reminded today", "reminded yesterday",
    /// "reminded Tue 24 Nov"; "rappel envoyé aujourd'hui", "… hier", "… mar. 24 nov.".
    func remindedText(_ date: Date) -> String {
        let when = switch dates.daysAfter(date, now: now) {
        case 0: language.pick("today", "aujourd'hui")
        case 1: language.pick("yesterday", "hier")
        default: day(date)
        }
        return language.pick("reminded ", "rappel envoyé ") + when
    }

    /// What was reported of a copy: " (reported lost by Ana, Tue 24 Nov)", " (signalé abîmé
    /// par vous, mar. 24 nov.)"; "" without a report.
    func reportNote(_ book: Book, asker: Borrower? = nil) -> String {
        reportText(book, asker: asker).map { " (\($0))" } ?? ""
    }

    /// "reported lost by Ana, Tue 24 Nov", with what they said ("…: the cover is torn"), or nil
    /// without a report.
    func reportText(_ book: Book, asker: Borrower? = nil) -> String? {
        guard let report = book.report else { return nil }
        let byAsker = asker.map(report.by.isSamePerson) ?? false
        let who = byAsker ? language.pick("you", "vous") : report.by.name
        let text = switch (language, report.kind) {
        case (.en, .lost): "reported lost by \(who), \(day(report.at))"
        case (.en, .damaged): "reported damaged by \(who), \(day(report.at))"
        case (.fr, .lost): "signalé perdu par \(who), \(day(report.at))"
        case (.fr, .damaged): "signalé abîmé par \(who), \(day(report.at))"
        }
        return text + (report.note.map { language.pick(": ", " : ") + $0 } ?? "")
    }

    func books(_ count: Int) -> String {
        language == .en ? (count == 1 ? "1 book" : "\(count) books") : (count <= 1 ? "\(count) livre" : "\(count) livres")
    }

    /// The reply to `recommend` (and `books like Dune`, `like`): each book with why it is offered.
    func recommendations(_ found: [Recommendation], like: Book?, in category: String? = nil) -> Reply {
        let l = language
        if found.isEmpty, like == nil, let category {
            return Reply(.info, l == .en ? "I have nothing new for you in \(bold: category): you have borrowed every book of it here."
                                         : "Je n'ai rien de nouveau pour vous dans \(bold: category) : vous avez emprunté tous ses livres d'ici.",
                         suggestion: l.pick("recommend", "recommande-moi"), language: l)
        }
        guard let first = found.first else {
            let head: RichText = switch (l, like) {
            case (.en, let book?): "Nothing else here is by \(book.author) or shares a category with \(bold: book.title)."
            case (.fr, let book?): "Rien d'autre ici n'est de \(book.author) ni ne partage une catégorie avec \(bold: book.title)."
            case (.en, nil): "I have nothing new for you: you have borrowed every book here."
            case (.fr, nil): "Je n'ai rien de nouveau pour vous : vous avez emprunté tous les livres d'ici."
            }
            return Reply(.info, head, suggestion: listCommand(.all, .popular, page: 1), language: l)
        }
        let lines = found.map { recommendation -> RichText in
            let why: RichText = switch (l, recommendation.reason) {
            case (.en, .sameAuthor(let title)): " — like \(bold: title), by the same author"
            case (.fr, .sameAuthor(let title)): " — comme \(bold: title), du même auteur"
            case (.en, .category(let category, let title)): " — \(category), like \(bold: title)"
            case (.fr, .category(let category, let title)): " — \(category), comme \(bold: title)"
            case (.en, .popular(let times)): " — borrowed \(times == 1 ? "once" : "\(times) times")"
            case (.fr, .popular(let times)): " — emprunté \(times) fois"
            case (_, .onShelf): ""
            }
            return "\(listLine(recommendation.status))\(why)"
        }
        let head: RichText = switch (l, like) {
        case (.en, nil) where category != nil: "You might like, in \(bold: category ?? ""):"
        case (.fr, nil) where category != nil: "Vous pourriez aimer, dans \(bold: category ?? "") :"
        case (.en, let book?): "Like \(bold: book.title):"
        case (.fr, let book?): "Dans le genre de \(bold: book.title) :"
        case (.en, nil): "You might like:"
        case (.fr, nil): "Vous pourriez aimer :"
        }
        let onShelf = first.status.loan == nil
        return Reply(.info, head, lines: lines,
                     suggestion: (onShelf ? l.pick("checkout ", "emprunter ") : l.pick("hold ", "réserver ")) + reference(first.status.book), language: l)
    }

    /// The reply to "recommend X" when X names no category of the library's (nor a book):
    /// the categories there are, to pick one.
    func noCategory(_ typed: String, among categories: [String]) -> Reply {
        let l = language
        guard !categories.isEmpty else {
            return Reply(.info, l == .en ? "No category is called '\(shortened(typed))': no book has a category yet."
                                         : "Aucune catégorie ne s'appelle « \(shortened(typed)) » : aucun livre n'a encore de catégorie.",
                         suggestion: l.pick("recommend", "recommande-moi"), language: l)
        }
        let shown = 12
        var names = categories.prefix(shown).joined(separator: ", ")
        if categories.count > shown { names += l.pick(", and \(categories.count - shown) more", ", et \(categories.count - shown) autres") }
        return Reply(.info, l == .en ? "No category is called '\(shortened(typed))'." : "Aucune catégorie ne s'appelle « \(shortened(typed)) ».",
                     lines: [l == .en ? "The categories: \(names)." : "Les catégories : \(names)."],
                     suggestion: (l == .en ? "recommend " : "recommande-moi ") + categories[0], language: l)
    }

    /// The reply to `stats`: the shelf, the loans of this month and year, how they came back,
    /// the lines, and the titles borrowed most this year.
    func statistics(_ figures: LibraryStatistics) -> Reply {
        let l = language, shelf = figures.shelf
        guard shelf.books > 0 || figures.loansInAll > 0 else {
            return Reply(.info, RichText(stringLiteral: l.pick("The library has no books yet.", "La bibliothèque n'a encore aucun livre.")),
                         suggestion: l.pick("add TITLE by AUTHOR", "ajouter TITRE par AUTEUR"), language: l)
        }
        var lines: [RichText] = []
        var onShelf = l == .en ? "\(books(shelf.books)): \(shelf.available) on the shelf, \(shelf.checkedOut) out"
                               : "\(books(shelf.books)) : \(shelf.available) en rayon, \(shelf.checkedOut) \(shelf.checkedOut <= 1 ? "emprunté" : "empruntés")"
        if figures.overdue > 0 { onShelf += l == .en ? " (\(figures.overdue) overdue)" : " (\(figures.overdue) en retard)" }
        if figures.missing > 0 { onShelf += l == .en ? ", \(figures.missing) missing" : ", \(figures.missing) \(figures.missing == 1 ? "introuvable" : "introuvables")" }
        lines.append(RichText(stringLiteral: onShelf + "."))

        let members = figures.borrowersThisYear
        let byMembers = l == .en ? " by \(members) \(members == 1 ? "member" : "members")" : " par \(members) \(members == 1 ? "membre" : "membres")"
        let loans: String = switch (l, figures.loansInAll, figures.loansThisYear) {
        case (.en, 0, _): "No book has been borrowed yet."
        case (.fr, 0, _): "Aucun livre n'a encore été emprunté."
        case (.en, let all, 0): "Loans: none yet this year, \(all) in all."
        case (.fr, let all, 0): "Emprunts : aucun encore cette année, \(all) en tout."
        case (.en, let all, let year): "Loans: \(figures.loansThisMonth) this month, \(year) this year\(byMembers), \(all) in all."
        case (.fr, let all, let year): "Emprunts : \(figures.loansThisMonth) ce mois-ci, \(year) cette année\(byMembers), \(all) en tout."
        }
        lines.append(RichText(stringLiteral: loans))

        if let median = figures.medianDaysKept, figures.returnedThisYear > 0 {
            let returned = figures.returnedThisYear, late = figures.returnedLateThisYear
            let kept: String = switch (l, late) {
            case (.en, 0): "Returned this year: \(returned), all on time; kept \(days(median)) (median)."
            case (.en, _): "Returned this year: \(returned), \(late) of them late; kept \(days(median)) (median)."
            case (.fr, 0): "Rendus cette année : \(returned), tous à temps ; gardés \(days(median)) (médiane)."
            case (.fr, _): "Rendus cette année : \(returned), dont \(late) en retard ; gardés \(days(median)) (médiane)."
            }
            lines.append(RichText(stringLiteral: kept))
        }
        if figures.holds > 0 {
            lines.append(RichText(stringLiteral: l == .en ? "Holds: \(figures.holds), on \(books(figures.booksWaitedFor))."
                                                          : "Réservations : \(figures.holds), sur \(books(figures.booksWaitedFor))."))
        }
        if !figures.mostBorrowedThisYear.isEmpty {
            var most: RichText = l == .en ? "Most borrowed this year: " : "Les plus empruntés cette année : "
            for (index, title) in figures.mostBorrowedThisYear.enumerated() {
                most = index == 0 ? "\(most)\(bold: title.title) (\(title.loans))" : "\(most), \(bold: title.title) (\(title.loans))"
            }
            lines.append("\(most).")
        }
        let title: RichText = l == .en ? "Library stats, \(day(now)):" : "Statistiques de la bibliothèque, \(day(now)) :"
        return Reply(.info, title, lines: lines, suggestion: listCommand(.all, .popular, page: 1), language: l)
    }

    /// The reply to `top readers`: who borrowed the most this year, one a line with their
    /// place and count ("you" for the asker), then the ranking in all when it differs.
    func readers(thisYear: [Reader], inAll: [Reader], asker: Borrower) -> Reply {
        let l = language
        func who(_ reader: Reader) -> String { reader.borrower.isSamePerson(as: asker) ? l.pick("you", "vous") : reader.borrower.name }
        guard !inAll.isEmpty else {
            return Reply(.info, RichText(stringLiteral: l.pick("No book has been borrowed yet.", "Aucun livre n'a encore été emprunté.")),
                         suggestion: l.pick("list available", "liste disponibles"), language: l)
        }
        func ranking(_ readers: [Reader]) -> [RichText] {
            readers.enumerated().map { index, reader in RichText(stringLiteral: "\(index + 1). \(who(reader))\(l.pick(": ", " : "))\(books(reader.loans))") }
        }
        guard !thisYear.isEmpty else {
            return Reply(.info, RichText(stringLiteral: l.pick("No book borrowed yet this year. In all:", "Aucun livre emprunté cette année. En tout :")),
                         lines: ranking(inAll), suggestion: l.pick("my history", "mon historique"), language: l)
        }
        var lines = ranking(thisYear)
        if inAll != thisYear {
            lines.append(RichText(stringLiteral: l.pick("In all: ", "En tout : ") + inAll.prefix(5).map { "\(who($0)) (\($0.loans))" }.joined(separator: ", ") + "."))
        }
        return Reply(.info, RichText(stringLiteral: l.pick("Top readers this year:", "Les plus grands lecteurs cette année :")),
                     lines: lines, suggestion: l.pick("my history", "mon historique"), language: l)
    }

    func days(_ count: Int) -> String {
        language == .en ? (count == 1 ? "1 day" : "\(count) days") : (count <= 1 ? "\(count) jour" : "\(count) jours")
    }

    /// The lending rules, one a line: how long a loan lasts (and the due day of a book checked
    /// out now), how often and how far it renews, how long a book is kept for the first in line,
    /// and, when `reminders` are sent, when they come (`quiet`: the asker turned off those before
    /// a due day, `stop reminding me`, which that line then says).
    func rules(_ rules: LibraryRules, reminders: HandlerSettings.Reminders? = nil, quiet: Bool = false) -> [RichText] {
        let due = day(rules.dueDate(from: now)), loan = days(rules.loanDays)
        let lasts: RichText = language == .en
            ? "A loan lasts \(loan): a book checked out today is due \(due)."
            : "Un prêt dure \(loan) : un livre emprunté aujourd'hui est à rendre \(due)."
        let renewals: RichText = switch (language, rules.maxRenewals) {
        case (.en, 0): "Loans cannot be renewed."
        case (.en, let count): "A loan can be renewed \(count == 1 ? "once" : "\(count) times") (then due \(loan) from the day of the renewal), never while someone is waiting for the book."
        case (.fr, 0): "Les prêts ne peuvent pas être prolongés."
        case (.fr, let count): "Un prêt peut être prolongé \(count == 1 ? "une fois" : "\(count) fois") (à rendre alors \(loan) après le jour de la prolongation), jamais si quelqu'un attend le livre."
        }
        let kept: RichText = switch (language, rules.holdDays) {
        case (.en, 0): "A book that comes back is kept for the first in line until they take it or leave the line."
        case (.en, let count): "A book that comes back is kept for the first in line for \(days(count))."
        case (.fr, 0): "Un livre rendu est réservé au premier de la file jusqu'à ce qu'il l'emprunte ou quitte la file."
        case (.fr, let count): "Un livre rendu est réservé au premier de la file pendant \(days(count))."
        }
        let anyNumber: RichText = language == .en ? "There is no limit to how many books a member may have at once."
                                                  : "Il n'y a pas de limite au nombre de livres empruntés à la fois."
        guard let reminders else { return [lasts, renewals, kept, anyNumber] }
        let from: String = switch (language, reminders.dueSoonDays) {
        case (.en, 0): "on the day a book is due"
        case (.en, let count): "from \(days(count)) before a book is due"
        case (.fr, 0): "le jour où un livre est à rendre"
        case (.fr, let count): "à partir de \(days(count)) avant le jour où un livre est à rendre"
        }
        let reminded: RichText = switch (language, quiet) {
        case (.en, false): "A reminder comes in chat each day at \(reminders.time), \(from), and each day it is late."
        case (.fr, false): "Un rappel arrive dans le chat chaque jour à \(reminders.time), \(from), et chaque jour de retard."
        case (.en, true): "You turned off the reminders before a due day (\(code: "resume reminders") turns them on): one comes in chat each day at \(reminders.time) a book of yours is late."
        case (.fr, true): "Vous avez désactivé les rappels avant l'échéance (\(code: "réactive les rappels") les remet) : un rappel arrive dans le chat chaque jour à \(reminders.time) où un de vos livres est en retard."
        }
        return [lasts, renewals, kept, reminded, anyNumber]
    }

    /// When the who-has-what digest is posted, for the rules.
    func digestPosted(_ posting: HandlerSettings.DigestPosting) -> RichText {
        switch (language, posting) {
        case (.en, .daily(let time)): "The who-has-what digest is posted each day at \(time)."
        case (.fr, .daily(let time)): "Le résumé « qui a quoi » est publié chaque jour à \(time)."
        case (.en, .off): "No digest is posted each day: \(code: "who has what") shows who has what at any time."
        case (.fr, .off): "Aucun résumé n'est publié chaque jour : \(code: "qui a quoi") montre qui a quoi à tout moment."
        }
    }

    /// These words in `language`, knowing what they know (the shared titles): for a notice to
    /// a member in the library's language, whatever the command's.
    func speaking(_ language: Language) -> Words {
        var words = Words(language: language, dates: dates, now: now)
        words.looksUpISBNs = looksUpISBNs
        words.titlesOfSeveralAuthors = titlesOfSeveralAuthors
        return words
    }

    /// The message for the member a book on the shelf is now kept for, in the library's
    /// language (they did not write the command that freed it), with a button to take it.
    func keptNotice(_ book: Book, for hold: Hold, language theirs: Language) -> Notice {
        let their = speaking(theirs), until = their.until(hold.keptUntil)
        var reply = Reply(.info, theirs == .en
            ? "\(bold: book.title) is on the shelf, kept for you\(until): you are first in line."
            : "\(bold: book.title) est sur l'étagère, réservé pour vous\(until) : vous êtes le premier de la file.",
            suggestion: theirs.pick("checkout ", "emprunter ") + their.reference(book), language: theirs)
        reply.actions = [Self.checkoutAction(book, theirs)]
        return Notice(to: hold.holder, reply: reply)
    }

    /// A button that checks `book` out to whoever presses it.
    static func checkoutAction(_ book: Book, _ language: Language) -> Reply.Action {
        Reply.Action(label: language.pick("Check out \(book.title)", "Emprunter \(book.title)"),
                     command: language.pick("checkout #\(book.id)", "emprunter #\(book.id)"))
    }

    /// A button that renews `book` for whoever has it and presses it.
    static func renewAction(_ book: Book, _ language: Language) -> Reply.Action {
        Reply.Action(label: language.pick("Renew \(book.title)", "Prolonger \(book.title)"),
                     command: language.pick("renew #\(book.id)", "prolonger #\(book.id)"))
    }

    /// The message for a member someone else checked a book out to (`checkout Dune as @Ben`).
    func lentForNotice(_ lent: LoanedBook, by lender: Borrower, language theirs: Language) -> Notice {
        loanNotice(lent, language: theirs) { due in
            theirs == .en ? "\(lender.name) checked out \(bold: lent.book.title) to you: it is due \(due)."
                          : "\(lender.name) a emprunté \(bold: lent.book.title) pour vous : à rendre \(due)."
        }
    }

    /// The message for the member a book was passed on to (`pass Dune to Ben`).
    func passedOnNotice(_ lent: LoanedBook, by giver: Borrower, language theirs: Language) -> Notice {
        loanNotice(lent, language: theirs) { due in
            theirs == .en ? "\(giver.name) passed \(bold: lent.book.title) on to you: it is yours to bring back by \(due)."
                          : "\(giver.name) vous a passé \(bold: lent.book.title) : à rendre \(due)."
        }
    }

    /// A message for the borrower of a loan someone else made: `sentence` of its due day, in
    /// their language, and how to bring the book back.
    private func loanNotice(_ lent: LoanedBook, language theirs: Language, _ sentence: (String) -> RichText) -> Notice {
        let their = speaking(theirs)
        return Notice(to: lent.loan.borrower, reply: Reply(.info, sentence(their.day(lent.loan.dueAt)),
                                                          suggestion: theirs.pick("return ", "rendre ") + their.reference(lent.book), language: theirs))
    }

    /// The message for a member reminded of `loans` at `asker`'s request (`remind Ben about
    /// Dune`); `awaited`: the books the asker waits for.
    func remindedNotice(_ loans: [LoanedBook], to holder: Borrower, by asker: Borrower, awaited: [Int64], language theirs: Language, at now: Date) -> Notice {
        let their = speaking(theirs)
        func line(_ loaned: LoanedBook) -> RichText {
            guard awaited.contains(loaned.book.id) else { return their.loanLine(loaned) }
            return theirs == .en ? "\(their.loanLine(loaned)); \(asker.name) waits for it" : "\(their.loanLine(loaned)) ; \(asker.name) l'attend"
        }
        let head: RichText
        var lines: [RichText] = []
        if loans.count == 1, let loaned = loans.first {
            let (title, due, late) = (loaned.book.title, their.day(loaned.loan.dueAt), their.lateness(loaned.loan))
            head = switch (theirs, loaned.loan.isOverdue(at: now), awaited.contains(loaned.book.id)) {
            case (.en, true, true): "\(asker.name) is waiting for \(bold: title), which was due \(due)\(late): please bring it back."
            case (.fr, true, true): "\(asker.name) attend \(bold: title), qui était à rendre \(due)\(late) : merci de le rendre."
            case (.en, true, false): "\(asker.name) asks you to bring back \(bold: title): it was due \(due)\(late)."
            case (.fr, true, false): "\(asker.name) vous demande de rendre \(bold: title) : il était à rendre \(due)\(late)."
            case (.en, false, true): "\(asker.name) is waiting for \(bold: title), which you have until \(due)."
            case (.fr, false, true): "\(asker.name) attend \(bold: title), que vous avez jusqu'au \(due)."
            case (.en, false, false): "\(asker.name) reminds you that \(bold: title) is due \(due)."
            case (.fr, false, false): "\(asker.name) vous rappelle que \(bold: title) est à rendre \(due)."
            }
        } else {
            head = theirs == .en ? "\(asker.name) reminds you of \(their.books(loans.count)):" : "\(asker.name) vous rappelle \(their.books(loans.count)) :"
            lines = loans.map(line)
        }
        let first = loans.first.map { theirs.pick("return ", "rendre ") + their.reference($0.book) }
        return Notice(to: holder, reply: Reply(.info, head, lines: lines, suggestion: first, language: theirs))
    }

    /// The message for a member someone else put in line for a book (`hold Dune for @Ben`).
    func heldForNotice(_ placed: HoldPlacement, by placer: Borrower, language theirs: Language) -> Notice {
        Notice(to: placed.hold.holder, reply: Reply(.info, theirs == .en
            ? "\(placer.name) put you in line for \(bold: placed.book.title): you are number \(placed.position). You will be told when it is kept for you."
            : "\(placer.name) vous a mis dans la file pour \(bold: placed.book.title) : vous êtes numéro \(placed.position). Vous serez prévenu quand il vous sera réservé.",
            suggestion: theirs.pick("cancel hold ", "annuler la réservation de ") + speaking(theirs).reference(placed.book), language: theirs))
    }

    /// The message for a member whose loan someone else closed by returning the book.
    func returnedForNotice(_ receipt: ReturnReceipt, by returner: Borrower, undoingCheckout: Bool = false, language theirs: Language) -> Notice {
        let said: RichText = switch (theirs, undoingCheckout) {
        case (.en, false): "\(returner.name) returned \(bold: receipt.book.title) for you: it is no longer on your books."
        case (.fr, false): "\(returner.name) a rendu \(bold: receipt.book.title) pour vous : il n'est plus dans vos emprunts."
        case (.en, true): "\(returner.name) undid checking out \(bold: receipt.book.title) to you: it is no longer on your books."
        case (.fr, true): "\(returner.name) a défait l'emprunt de \(bold: receipt.book.title) pour vous : il n'est plus dans vos emprunts."
        }
        return Notice(to: receipt.loan.borrower, reply: Reply(.info, said, language: theirs))
    }

    /// The message for a member whose loan someone else renewed.
    func renewedForNotice(_ renewed: LoanedBook, by renewer: Borrower, language theirs: Language) -> Notice {
        let due = speaking(theirs).day(renewed.loan.dueAt)
        return Notice(to: renewed.loan.borrower, reply: Reply(.info, theirs == .en
            ? "\(renewer.name) renewed \(bold: renewed.book.title) for you: it is now due \(due)."
            : "\(renewer.name) a prolongé \(bold: renewed.book.title) pour vous : à rendre \(due).",
            language: theirs))
    }

    /// The message for a member whose hold lapsed (the book was kept for them until
    /// `keptUntil`), in the library's language.
    func lapseNotice(_ lapse: HoldLapse, language theirs: Language) -> Notice {
        let their = speaking(theirs)
        let last = lapse.hold.keptUntil.map { their.day($0) } ?? ""
        return Notice(to: lapse.hold.holder, reply: Reply(.info, theirs == .en
            ? "Your hold on \(bold: lapse.book.title) has lapsed: it was kept for you until \(last)."
            : "Votre réservation \(Language.frenchDe(before: lapse.book.title))\(bold: lapse.book.title) a expiré : le livre vous était réservé jusqu'au \(last).",
            lines: [lapse.nextInLine.map { next in theirs == .en
                ? "It is now kept for \(next.holder.name), next in line. Hold it again to get back in line."
                : "Il est maintenant réservé pour \(next.holder.name), suivant dans la file. Réservez-le à nouveau pour reprendre une place." }
                ?? (theirs == .en ? "It is on the shelf, free for anyone." : "Il est sur l'étagère, libre pour tous.")],
            suggestion: theirs.pick(lapse.nextInLine == nil ? "checkout " : "hold ", lapse.nextInLine == nil ? "emprunter " : "réserver ") + their.reference(lapse.book),
            language: theirs))
    }

    /// The message for a member taken out of a book's line by someone else, in their language:
    /// an admin, or the member who put them in it, undoing that (`undoing`).
    func holdCancelledNotice(_ cancellation: HoldCancellation, by admin: Borrower, undoing: Bool = false, language theirs: Language) -> Notice {
        let title = cancellation.book.title
        let said: RichText = switch (theirs, undoing) {
        case (.en, false): "\(admin.name) took you out of the line for \(bold: title)."
        case (.fr, false): "\(admin.name) vous a retiré de la file pour \(bold: title)."
        case (.en, true): "\(admin.name) undid putting you in line for \(bold: title): you are no longer in it."
        case (.fr, true): "\(admin.name) a défait votre mise en file pour \(bold: title) : vous n'y êtes plus."
        }
        return Notice(to: cancellation.hold.holder, reply: Reply(.info, said,
            suggestion: theirs.pick("hold ", "réserver ") + speaking(theirs).reference(cancellation.book), language: theirs))
    }

    /// " until Mon 7 Dec" (" jusqu'au lun. 7 déc."): until when a book is kept; empty when
    /// there is no limit.
    func until(_ date: Date?) -> String {
        guard let date else { return "" }
        return language == .en ? " until \(day(date))" : " jusqu'au \(day(date))"
    }

    /// Why a catalog could not be asked, as a phrase that follows its name.
    func catalogFailure(_ error: ISBNCatalogError) -> String {
        switch (error.kind, language) {
        case (.timeout(let seconds), .fr): "n'a pas répondu en \(seconds) s"
        case (.unreachable, .fr): "est injoignable"
        case (.insecure, .fr): "n'a pas pu être jointe de façon sûre (TLS)"
        case (.status(let status), .fr): "a répondu HTTP \(status)"
        case (.notARecord, .fr): "a répondu autre chose qu'une fiche de livre"
        default: error.description
        }
    }

    /// How a suggested command names `book`: its title, quoted when the title holds what the
    /// command would read as a separator (`checkout "Me as Well"`, `delete "Eats, Shoots"`),
    /// and its author after it when other authors' books have that title (`checkout Emma by
    /// Jane Austen`).
    func reference(_ book: Book) -> String {
        // A title with no letter or digit (added before they were refused) is named by its number.
        let key = TextKey.fold(book.title)
        if key.isEmpty { return "#\(book.id)" }
        let title = Self.holdsSeparator(book.title) ? Self.quoted(book.title) : book.title
        guard titlesOfSeveralAuthors().contains(key) else { return title }
        // An author a command would cut (a comma, " as ") or that names nothing: the number.
        guard !TextKey.fold(book.author).isEmpty, !Self.holdsSeparator(book.author) else { return "#\(book.id)" }
        return title + language.pick(" by ", " de ") + book.author
    }

    /// The title of `book` in a sentence, with its author when other authors' books have that
    /// title ("Did you mean Emma by Jane Austen or Emma by Someone Else?").
    func distinctTitle(_ book: Book) -> String {
        titlesOfSeveralAuthors().contains(TextKey.fold(book.title)) ? book.title + language.pick(" by ", " de ") + book.author : book.title
    }

    /// Whether `text` holds " as ", " for ", " pour " (any case) or a comma: one scan of its
    /// bytes (Foundation's `contains`, three times over a lowercased copy, cost more than the
    /// rest of a suggestion).
    private static func holdsSeparator(_ text: String) -> Bool {
        CommandParser.hasSeparator(text, anywhere: commas, beforeSpace: [], words: separatorWords)
    }
    private static let commas = Set(",".utf8), separatorWords: [[UInt8]] = ["as", "for", "pour"].map { Array($0.utf8) }

    /// `title` in quotes, so that a command reads it whole whatever it holds: «guillemets» when
    /// it has a straight quote itself.
    static func quoted(_ title: String) -> String {
        title.contains("\"") ? "«\(title)»" : "\"\(title)\""
    }

    /// A book a member waits for: their place in line, and what they wait on.
    /// A book back on the shelf and kept for someone (`name`, or the asker when nil): theirs to
    /// check out.
    func keptOnShelf(_ status: BookStatus, for name: String?) -> RichText {
        let (book, until) = (status.book, until(status.keptUntil))
        guard let name else {
            return language == .en ? "\(bold: book.title) is on the shelf, kept for you\(until)." : "\(bold: book.title) est sur l'étagère, réservé pour vous\(until)."
        }
        return language == .en ? "\(bold: book.title) is on the shelf, kept for \(name)\(until)." : "\(bold: book.title) est sur l'étagère, réservé pour \(name)\(until)."
    }

    func awaitedLine(_ awaited: AwaitedBook) -> RichText {
        let status = awaited.status, title = status.book.title, place = awaited.position
        if let loan = status.loan {
            return language == .en
                ? "In line for \(bold: title): number \(place) (\(loan.borrower.name) has it, due \(day(loan.dueAt)))"
                : "Dans la file pour \(bold: title) : numéro \(place) (\(loan.borrower.name) l'a, à rendre \(day(loan.dueAt)))"
        }
        // Missing: the line waits for it to turn up.
        if status.book.report?.kind == .lost, let said = reportText(status.book) {
            return language == .en ? "In line for \(bold: title): number \(place) (missing: \(said))"
                                   : "Dans la file pour \(bold: title) : numéro \(place) (introuvable : \(said))"
        }
        let keeper = status.keptFor?.name ?? language.pick("the first in line", "le premier de la file")
        return language == .en
            ? "In line for \(bold: title): number \(place) (on the shelf, kept for \(keeper)\(until(status.keptUntil)))"
            : "Dans la file pour \(bold: title) : numéro \(place) (sur l'étagère, réservé pour \(keeper)\(until(status.keptUntil)))"
    }

    /// A book about to be deleted, with what goes with it: its loan, the members waiting.
    func deletionLine(_ details: BookDetails) -> RichText {
        let head: RichText = "#\(details.book.id) \(bold: details.book.title), \(details.book.author)"
        var uses: [String] = []
        if let loan = details.loan {
            uses.append(language == .en ? "out with \(loan.borrower.name), due \(day(loan.dueAt))"
                                        : "emprunté par \(loan.borrower.name), à rendre \(day(loan.dueAt))")
        }
        if !details.holds.isEmpty {
            uses.append(language == .en ? "\(details.holds.count) waiting" : "\(details.holds.count) en attente")
        }
        guard !uses.isEmpty else { return head }
        return "\(head) — \(uses.joined(separator: language.pick("; ", " ; ")))"
    }

    var confirmationHint: RichText {
        language == .en
            ? "Answer \(code: "yes") within 5 minutes to go ahead, or \(code: "cancel")."
            : "Répondez \(code: "oui") dans les 5 minutes pour confirmer, ou \(code: "annuler")."
    }

    /// Where a book is; to `asker`, their own loan or the book kept for them is "you".
    func status(_ status: BookStatus, asker: Borrower? = nil) -> RichText {
        func isAsker(_ person: Borrower) -> Bool {
            guard let asker else { return false }
            return person.isSamePerson(as: asker)
        }
        let note = reportNote(status.book, asker: asker)
        guard let loan = status.loan else {
            // Missing: its line waits for it to turn up, kept for nobody.
            if status.book.report?.kind == .lost {
                let waiting = status.keptFor.map { isAsker($0) ? language.pick("; you wait for it", " ; vous l'attendez") : language.pick("; \($0.name) waits for it", " ; \($0.name) l'attend") } ?? ""
                return language == .en ? "\(bold: status.book.title) is missing\(note)\(waiting)." : "\(bold: status.book.title) est introuvable\(note)\(waiting)."
            }
            if let keeper = status.keptFor {
                if isAsker(keeper) {
                    return language == .en ? "\(bold: status.book.title) is on the shelf, kept for you\(until(status.keptUntil))\(note)."
                                           : "\(bold: status.book.title) est sur l'étagère, réservé pour vous\(until(status.keptUntil))\(note)."
                }
                return language == .en ? "\(bold: status.book.title) is on the shelf, kept for \(keeper.name)\(until(status.keptUntil)), first in line\(note)."
                                       : "\(bold: status.book.title) est sur l'étagère, réservé pour \(keeper.name)\(until(status.keptUntil)), premier de la file\(note)."
            }
            return language == .en ? "\(bold: status.book.title) is on the shelf\(note)." : "\(bold: status.book.title) est sur l'étagère\(note)."
        }
        let late = lateAndReported(loan, status.book, asker: asker)
        if isAsker(loan.borrower) {
            return language == .en
                ? "You have \(bold: status.book.title) since \(day(loan.checkedOutAt)), due \(day(loan.dueAt))\(late)."
                : "Vous avez \(bold: status.book.title) depuis \(day(loan.checkedOutAt)), à rendre \(day(loan.dueAt))\(late)."
        }
        return language == .en
            ? "\(loan.borrower.name) has \(bold: status.book.title) since \(day(loan.checkedOutAt)), due \(day(loan.dueAt))\(late)."
            : "\(loan.borrower.name) a \(bold: status.book.title) depuis \(day(loan.checkedOutAt)), à rendre \(day(loan.dueAt))\(late)."
    }

    /// "Dune, due Tue 15 Dec (2 days overdue; reminded yesterday)": a loan in a member's list
    /// of books; a report the `asker` made says "you".
    func loanLine(_ loaned: LoanedBook, asker: Borrower? = nil, reminded: Date? = nil) -> RichText {
        let late = lateAndReported(loaned.loan, loaned.book, asker: asker, reminded: reminded)
        return language == .en
            ? "\(bold: loaned.book.title), due \(day(loaned.loan.dueAt))\(late)"
            : "\(bold: loaned.book.title), à rendre \(day(loaned.loan.dueAt))\(late)"
    }

    func listLine(_ status: BookStatus) -> RichText {
        let head: RichText = "#\(status.book.id) \(bold: status.book.title), \(status.book.author)"
        // The report after where the book is, in the same brackets.
        let report = reportText(status.book).map { "; " + $0 } ?? ""
        guard let loan = status.loan else {
            // A missing copy is kept for nobody.
            guard let keeper = status.keptFor, status.book.report?.kind != .lost else { return report.isEmpty ? head : "\(head) (\(String(report.dropFirst(2))))" }
            return language == .en ? "\(head) (kept for \(keeper.name)\(until(status.keptUntil))\(report))"
                                   : "\(head) (réservé pour \(keeper.name)\(until(status.keptUntil))\(report))"
        }
        let late = loan.isOverdue(at: now) ? language.pick(", overdue", ", en retard") : ""
        return language == .en
            ? "\(head) (out: \(loan.borrower.name), due \(day(loan.dueAt))\(late)\(report))"
            : "\(head) (emprunté : \(loan.borrower.name), à rendre \(day(loan.dueAt))\(late)\(report))"
    }

    /// The heading of a list; `range` ("26-50") past its first page.
    func listTitle(_ filter: BookFilter, shown: Int, total: ShelfCounts, range: String? = nil) -> RichText {
        let part = range.map { " (\($0))" } ?? ""
        return switch (filter, language) {
        case (.all, .en): "\(books(total.books)), \(total.available) on the shelf\(part):"
        case (.all, .fr): "\(books(total.books)), dont \(total.available) sur l'étagère\(part) :"
        case (.available, .en): "\(total.available) on the shelf\(part):"
        case (.available, .fr): "\(total.available) sur l'étagère\(part) :"
        case (.checkedOut, .en): "\(total.checkedOut) checked out\(part):"
        case (.checkedOut, .fr): "\(total.checkedOut) \(total.checkedOut == 1 ? "emprunté" : "empruntés")\(part) :"
        case (.reported, .en): "\(total.reported) reported lost or damaged\(part):"
        case (.reported, .fr): "\(total.reported) \(total.reported == 1 ? "signalé perdu ou abîmé" : "signalés perdus ou abîmés")\(part) :"
        case (.overdue, .en): "\(range.map { "Overdue, \($0)" } ?? "\(shown) overdue"):"
        case (.overdue, .fr): "\(range.map { "En retard, \($0)" } ?? "\(shown) en retard") :"
        case (.neverBorrowed, .en): "\(range.map { "Never borrowed, \($0)" } ?? "\(shown) never borrowed"):"
        case (.neverBorrowed, .fr): "\(range.map { "Jamais empruntés, \($0)" } ?? "\(shown) jamais \(shown == 1 ? "emprunté" : "empruntés")") :"
        }
    }

    /// The command that lists `filter` in `order` from `page`, in the reply's language.
    /// A book among those to choose from: "`#2` **Emma**, Jane Austen" (without its number
    /// where the question named titles).
    func candidateLine(_ book: Book, numbered: Bool) -> RichText {
        numbered ? "\(code: "#\(book.id)") \(bold: book.title), \(book.author)" : "\(bold: book.title), \(book.author)"
    }

    func listCommand(_ filter: BookFilter, _ order: BookOrder, page: Int) -> String {
        let filterWords = switch filter {
        // ("list longest" alone is of the books out.)
        case .all: order == .longestOut ? language.pick(" all", " tous") : ""
        case .available: language.pick(" available", " disponibles")
        case .checkedOut: language.pick(" checked out", " empruntés")
        case .overdue: language.pick(" overdue", " en retard")
        case .reported: language.pick(" reported", " signalés")
        case .neverBorrowed: language.pick(" never borrowed", " jamais empruntés")
        }
        let orderWords = switch order {
        case .newest: ""
        case .oldest: language.pick(" oldest", " plus anciens")
        case .title: language.pick(" by title", " par titre")
        case .author: language.pick(" by author", " par auteur")
        case .popular: language.pick(" popular", " populaires")
        case .longestOut: language.pick(" longest", " depuis le plus longtemps")
        }
        return language.pick("list", "liste") + filterWords + orderWords + (page > 1 ? " page \(page)" : "")
    }

    func emptyList(_ filter: BookFilter) -> String {
        switch filter {
        case .all: language.pick("The library has no books yet.", "La bibliothèque n'a encore aucun livre.")
        case .available: language.pick("Every book is checked out.", "Tous les livres sont empruntés.")
        case .checkedOut: language.pick("No book is checked out.", "Aucun livre n'est emprunté.")
        case .overdue: language.pick("Nothing is overdue.", "Aucun retard.")
        case .reported: language.pick("No book is reported lost or damaged.", "Aucun livre n'est signalé perdu ou abîmé.")
        case .neverBorrowed: language.pick("Every book has been borrowed at least once.", "Chaque livre a été emprunté au moins une fois.")
        }
    }

    func fieldName(_ field: BookField) -> String {
        switch field {
        case .title: language.pick("the title", "le titre")
        case .author: language.pick("the author", "l'auteur")
        case .publisher: language.pick("the publisher", "l'éditeur")
        case .categories: language.pick("the categories", "les catégories")
        case .isbn: "ISBN"
        }
    }

    func fieldValue(_ book: Book, _ field: BookField) -> String {
        let none = language.pick("(none)", "(aucun)")
        return switch field {
        case .title: book.title
        case .author: book.author
        case .publisher: book.publisher ?? none
        case .categories: book.categories.isEmpty ? none : book.categories.joined(separator: ", ")
        case .isbn: book.isbn ?? none
        }
    }

    func details(_ details: BookDetails, asker: Borrower? = nil) -> Reply {
        let book = details.book
        var fields: [Reply.Field] = [Reply.Field(language.pick("Author", "Auteur"), "\(book.author)")]
        if let publisher = book.publisher { fields.append(Reply.Field(language.pick("Publisher", "Éditeur"), "\(publisher)")) }
        if !book.categories.isEmpty { fields.append(Reply.Field(language.pick("Categories", "Catégories"), "\(book.categories.joined(separator: ", "))")) }
        if let isbn = book.isbn { fields.append(Reply.Field("ISBN", "\(isbn)")) }
        fields.append(Reply.Field(language.pick("Added", "Ajouté"), "\(day(book.addedAt))"))
        fields.append(Reply.Field(language.pick("Status", "État"), status(BookStatus(book: book, loan: details.loan, queue: details.holds), asker: asker)))
        if !details.holds.isEmpty {
            fields.append(Reply.Field(language.pick("Waiting", "En attente"), "\(details.holds.map(\.holder.name).joined(separator: ", "))"))
        }
        // The history comes last, one loan a line, after what the book is and where it is now.
        let history: [RichText] = details.pastLoans.map { loan in
            let back = loan.returnedAt.map(day) ?? ""
            return language == .en ? "\(loan.borrower.name): \(day(loan.checkedOutAt)) → \(back)" : "\(loan.borrower.name) : \(day(loan.checkedOutAt)) → \(back)"
        }
        if details.timesLent > 0 {
            var times = language == .en ? (details.timesLent == 1 ? "once" : "\(details.timesLent) times") : "\(details.timesLent) fois"
            // "5 times, 3 of them by Ben", "2 times, all by you": who borrowed it the most.
            if let reader = details.mostOften {
                let who = asker.map(reader.borrower.isSamePerson) == true ? language.pick("you", "vous") : reader.borrower.name
                times += reader.times == details.timesLent ? language.pick(", all by \(who)", ", toutes par \(who)")
                    : language == .en ? ", \(reader.times) of them by \(who)" : ", dont \(reader.times) par \(who)"
            }
            fields.append(Reply.Field(language.pick("Borrowed", "Emprunté"), RichText(stringLiteral: times)))
        }
        if !history.isEmpty {
            fields.append(Reply.Field(language.pick("Last loans", "Derniers emprunts"), RichText(lines: history)))
        }
        return Reply(.info, "#\(book.id) \(bold: book.title)", fields: fields, language: language)
    }

    func adminRefusal(_ sender: Sender, _ admins: Set<String>, action: String) -> Reply? {
        guard !Self.mayAdminister(sender, admins) else { return nil }
        return Reply(.error, RichText(stringLiteral: language.pick(
            "Only the library's admins may \(action). Ask one of them.",
            "Seuls les administrateurs de la bibliothèque peuvent \(action). Demandez à l'un d'eux.")), language: language)
    }

    /// What an admin types for a book lost or damaged: "`delete #1` takes it off the shelf (and
    /// its loan with it); `add another copy of Dune` adds a replacement."
    func removal(of book: Book, endingItsLoan: Bool) -> RichText {
        let number = "#\(book.id)", again = language.pick("add another copy of ", "ajouter un exemplaire de ") + reference(book)
        return language == .en
            ? "\(code: "delete \(number)") takes it off the shelf\(endingItsLoan ? ", and its loan with it" : ""); \(code: again) adds a replacement."
            : "\(code: "supprimer \(number)") le retire de l'étagère\(endingItsLoan ? ", et son emprunt avec lui" : "") ; \(code: again) en ajoute un autre."
    }

    /// Who may change the catalog, as `sender` stands ("am I an admin?" is answered by the rules).
    func catalogRights(of sender: Sender, _ admins: Set<String>) -> RichText {
        if admins.isEmpty {
            return language == .en ? "Anyone may add, edit and delete books (no admins are named)."
                                   : "Tout le monde peut ajouter, modifier et supprimer des livres (aucun administrateur n'est nommé)."
        }
        if Self.mayAdminister(sender, admins) {
            return language == .en ? "You are one of the library's admins: you may add, edit and delete books."
                                   : "Vous êtes l'un des administrateurs de la bibliothèque : vous pouvez ajouter, modifier et supprimer des livres."
        }
        return language == .en ? "Adding, editing and deleting books is for the library's admins; anyone may check out, return, renew and hold."
                               : "Ajouter, modifier et supprimer des livres revient aux administrateurs ; tout le monde peut emprunter, rendre, prolonger et réserver."
    }

    /// Whether `sender` may add, edit and delete: an admin, the console's operator, or anyone
    /// when no admin is named.
    static func mayAdminister(_ sender: Sender, _ admins: Set<String>) -> Bool {
        admins.isEmpty || sender.isOperator || sender.userID.map(admins.contains) == true
    }

    /// A mention the platform could not tell the member of (looked up too slowly, or not a
    /// member): nothing is done rather than something recorded for nobody.
    /// Why `name` named no one: a group ("everyone", `<!channel>`), or a mention not known.
    func unresolved(_ name: String?) -> Reply {
        guard let name, Sender.namesAGroup(name.trimmingWhitespace()) else { return unresolvedMention }
        let shown = shortened(name.trimmingWhitespace())
        return Reply(.error, language == .en ? "“\(shown)” is not one person, so nothing was done: give a member's name, or mention them."
                                             : "« \(shown) » n'est pas une personne, rien n'a été fait : donnez le nom d'un membre, ou mentionnez-le.",
                     language: language)
    }

    var unresolvedMention: Reply {
        Reply(.error, language == .en ? "I could not tell who that mention is, so nothing was done."
                                      : "Je n'ai pas pu savoir qui est la personne mentionnée ; rien n'a été fait.",
              lines: [language == .en ? "Try again in a moment, or give their name." : "Réessayez dans un instant, ou donnez son nom."],
              language: language)
    }

    /// The answers to one command on several books, one line each: how many were done, then
    /// each book's answer; the first suggestion of a book not done.
    func several(_ replies: [Reply], verb: SeveralVerb) -> Reply {
        let done = replies.filter { $0.kind == .success }.count, all = replies.count
        let l = language
        // `who has` is a question: where each book is, or that the library has no such book.
        let found = replies.filter { $0.kind != .error }.count
        let title: String = switch (l, verb, done) {
        case (.en, .whoHas, _): found == all ? "\(all) books:" : "\(found) of \(all) books found:"
        case (.fr, .whoHas, _): found == all ? "\(all) livres :" : "\(found) livres trouvés sur \(all) :"
        case (.en, .checkout, 0): "No book was checked out:"
        case (.en, .returnBook, 0): "No book was returned:"
        case (.en, .renew, 0): "No book was renewed:"
        case (.en, .hold, 0): "No hold was placed:"
        case (.en, .hold, _): done == all ? "In line for \(all) books:" : "In line for \(done) of \(all) books:"
        case (.en, .cancelHold, 0): "No line was left:"
        case (.en, .cancelHold, _): done == all ? "Left the line for \(all) books:" : "Left the line for \(done) of \(all) books:"
        case (.fr, .cancelHold, 0): "Aucune file quittée :"
        case (.fr, .cancelHold, _): done == all ? "File quittée pour \(all) livres :" : "File quittée pour \(done) livres sur \(all) :"
        case (.en, .checkout, _): done == all ? "Checked out \(all) books:" : "Checked out \(done) of \(all) books:"
        case (.en, .returnBook, _): done == all ? "Returned \(all) books:" : "Returned \(done) of \(all) books:"
        case (.en, .renew, _): done == all ? "Renewed \(all) books:" : "Renewed \(done) of \(all) books:"
        case (.fr, .checkout, 0): "Aucun livre emprunté :"
        case (.fr, .returnBook, 0): "Aucun livre rendu :"
        case (.fr, .renew, 0): "Aucun livre prolongé :"
        case (.fr, .hold, 0): "Aucune réservation :"
        case (.fr, .hold, _): done == all ? "En file pour \(all) livres :" : "En file pour \(done) livres sur \(all) :"
        case (.fr, .checkout, _): done == all ? "\(all) livres empruntés :" : "\(done) livres sur \(all) empruntés :"
        case (.fr, .returnBook, _): done == all ? "\(all) livres rendus :" : "\(done) livres sur \(all) rendus :"
        case (.fr, .renew, _): done == all ? "\(all) livres prolongés :" : "\(done) livres sur \(all) prolongés :"
        }
        // Each answer on one line: its headline, then what it adds.
        let lines = replies.map { reply in
            RichText(spans: reply.lines.reduce(reply.title.spans) { $0 + [.text(" ")] + $1.spans })
        }
        let kind: Reply.Kind = verb == .whoHas ? (found == 0 ? .error : .info) : (done == 0 ? .error : .success)
        var reply = Reply(kind, RichText(stringLiteral: title), lines: lines,
                          suggestion: (replies.first { $0.kind == .error && $0.suggestion != nil } ?? replies.first { $0.kind != .success && $0.suggestion != nil })?.suggestion,
                          language: l)
        reply.notices = Self.oneEach(replies.flatMap(\.notices))
        return reply
    }

    /// The answers to the commands of one message, one after the other: the first one's
    /// headline opens the reply, each next one follows after a blank line. Each answer's
    /// suggestion stays under it; the last one's is the reply's.
    func oneAfterAnother(_ replies: [Reply]) -> Reply {
        func body(_ reply: Reply, isLast: Bool) -> [RichText] {
            let fields = reply.fields.flatMap { field -> [RichText] in
                // (Blank lines only part the replies: a blank in a value is dropped.)
                let value = field.value.lines.filter { !$0.spans.isEmpty }
                return value.count == 1 ? ["\(field.name): \(field.value)"] : ["\(field.name):"] + value
            }
            let next: [RichText] = isLast ? [] : reply.suggestion.map { ["\(reply.language.pick("Try: ", "Essayez : "))\(code: $0)"] } ?? []
            return reply.lines + fields + next
        }
        guard let first = replies.first else { return Reply(.info, "", language: language) }
        var lines = body(first, isLast: replies.count == 1)
        for (index, reply) in replies.enumerated().dropFirst() {
            lines += [RichText(spans: []), reply.title] + body(reply, isLast: index == replies.count - 1)
        }
        let kind: Reply.Kind = replies.contains { $0.kind == .success } ? .success : replies.allSatisfy { $0.kind == .error } ? .error : .info
        var reply = Reply(kind, first.title, lines: lines, suggestion: replies.last?.suggestion, language: language)
        reply.notices = Self.oneEach(replies.flatMap(\.notices))
        return reply
    }

    /// One message per member: several books lent to Ben at once make one direct message
    /// that names each, not one message a book.
    private static func oneEach(_ notices: [Notice]) -> [Notice] {
        var merged: [Notice] = []
        for notice in notices {
            guard let index = merged.firstIndex(where: { $0.to == notice.to }) else {
                merged.append(notice)
                continue
            }
            merged[index].reply.lines += [notice.reply.title] + notice.reply.lines
        }
        return merged
    }

    /// Every library error as a reply that says what to do next. A refused renewal of a loan
    /// that is not `asker`'s says whose it is, and who is to bring it back.
    func explain(_ error: LibraryError, asker: Borrower? = nil) -> Reply {
        let l = language
        /// Bring it back, for the one who has it; for anyone else, see who has it.
        func nextForRefusedRenewal(_ book: Book, _ loan: Loan) -> String {
            (other(loan) == nil ? l.pick("return ", "rendre ") : l.pick("who has ", "qui a ")) + reference(book)
        }
        /// Nil for the asker's own loan (or with no asker): "you".
        func other(_ loan: Loan) -> Borrower? {
            asker.flatMap { loan.borrower.isSamePerson(as: $0) ? nil : loan.borrower }
        }
        func returnBy(_ loan: Loan) -> RichText {
            switch (l, other(loan)) {
            case (.en, nil): "Please return it by \(day(loan.dueAt))."
            case (.en, let borrower?): "\(borrower.name) is to return it by \(day(loan.dueAt))."
            case (.fr, nil): "Merci de le rendre d'ici \(day(loan.dueAt))."
            case (.fr, let borrower?): "\(borrower.name) doit le rendre d'ici \(day(loan.dueAt))."
            }
        }
        switch error {
        case .notFound(let reference, let suggestions):
            if let first = suggestions.first, reference == String(first.id) {
                // A bare number that is no title, but a book's number.
                return Reply(.error, l == .en ? "No title matches '\(reference)'. Did you mean \(code: "#\(first.id)"), \(bold: first.title)?"
                                              : "Aucun titre ne correspond à « \(reference) ». Vouliez-vous dire \(code: "#\(first.id)"), \(bold: first.title) ?",
                             suggestion: l.pick("show #", "info #") + String(first.id), language: l)
            }
            if let first = suggestions.first {
                // Copies are one title.
                var titles: [String] = []
                for title in suggestions.map(distinctTitle) where !titles.contains(title) { titles.append(title) }
                let names = titles.joined(separator: l.pick(" or ", " ou "))
                return Reply(.error, l == .en ? "No book matches '\(shortened(reference))'. Did you mean \(bold: names)?"
                                              : "Aucun livre ne correspond à « \(shortened(reference)) ». Vouliez-vous dire \(bold: names) ?",
                             suggestion: l.pick("show ", "info ") + self.reference(first), language: l)
            }
            // An ISBN no book carries: it can be added by it, when books can be looked up;
            // searching it again would find nothing, so the list is offered otherwise.
            if let isbn = ISBN.normalize(reference) {
                return Reply(.error, l == .en ? "No book on the shelf has ISBN \(isbn)." : "Aucun livre de l'étagère n'a l'ISBN \(isbn).",
                             suggestion: looksUpISBNs ? l.pick("add isbn ", "ajouter isbn ") + isbn : l.pick("list", "liste"), language: l)
            }
            // A number that is no book's: the list shows the books there are.
            let search = l.pick("search ", "chercher ") + reference
            let next = reference.hasPrefix("#") || !ISBN.equivalents(of: reference).isEmpty || !isSuggestible(search) ? l.pick("list", "liste") : search
            return Reply(.error, l == .en ? "No book matches '\(shortened(reference))'." : "Aucun livre ne correspond à « \(shortened(reference)) ».",
                         suggestion: next, language: l)
        case .ambiguous(let reference, let candidates):
            return Reply(.error, l == .en ? "'\(shortened(reference))' matches several books; which one?" : "« \(shortened(reference)) » correspond à plusieurs livres ; lequel ?",
                         lines: candidates.prefix(10).map { candidateLine($0, numbered: true) },
                         suggestion: candidates.first.map { l.pick("show #", "info #") + String($0.id) }, language: l)
        case .alreadyCheckedOut(let book, let loan):
            return Reply(.error, l == .en
                ? "\(bold: book.title) is already checked out by \(loan.borrower.name) since \(day(loan.checkedOutAt))."
                : "\(bold: book.title) est déjà emprunté par \(loan.borrower.name) depuis \(day(loan.checkedOutAt)).",
                lines: [l == .en ? "It is due back \(day(loan.dueAt))." : "Retour prévu \(day(loan.dueAt))."],
                suggestion: l.pick("hold ", "réserver ") + reference(book), language: l)
        case .notCheckedOut(let book):
            return Reply(.error, l == .en ? "\(bold: book.title) is not checked out: it is on the shelf."
                                          : "\(bold: book.title) n'est pas emprunté : il est sur l'étagère.",
                         suggestion: l.pick("checkout ", "emprunter ") + reference(book), language: l)
        case .heldForAnother(let book, let hold):
            return Reply(.error, l == .en ? "\(bold: book.title) is kept for \(hold.holder.name)\(until(hold.keptUntil)), first in line."
                                          : "\(bold: book.title) est réservé pour \(hold.holder.name)\(until(hold.keptUntil)), premier de la file.",
                         suggestion: l.pick("hold ", "réserver ") + reference(book), language: l)
        case .renewalLimitReached(let book, let loan, let limit):
            return Reply(.error, l == .en ? "\(bold: book.title) was already renewed \(limit) times, the most allowed. \(returnBy(loan))"
                                          : "\(bold: book.title) a déjà été prolongé \(limit) fois, le maximum. \(returnBy(loan))",
                         suggestion: nextForRefusedRenewal(book, loan), language: l)
        case .renewalBlockedByHolds(let book, let loan, let holds):
            // The one waiting may be the asker, renewing someone else's loan.
            let askerWaits = holds.count == 1 && asker.map(holds[0].holder.isSamePerson) == true
            let waiting = l == .en ? (askerWaits ? "you are waiting for it" : holds.count == 1 ? "someone is waiting for it" : "\(holds.count) people are waiting for it")
                                   : (askerWaits ? "vous l'attendez" : holds.count == 1 ? "quelqu'un l'attend" : "\(holds.count) personnes l'attendent")
            return Reply(.error, l == .en ? "\(bold: book.title) cannot be renewed: \(waiting). \(returnBy(loan))"
                                          : "\(bold: book.title) ne peut pas être prolongé : \(waiting). \(returnBy(loan))",
                         suggestion: nextForRefusedRenewal(book, loan), language: l)
        case .renewalTooEarly(let book, let loan, let from):
            let whom = other(loan).map { l.pick(" \($0.name)", " à \($0.name)") } ?? l.pick(" you", "")
            return Reply(.info, l == .en
                ? "\(bold: book.title) is already due \(day(loan.dueAt)): renewing it today would not give\(whom) more time, so nothing changed."
                : "\(bold: book.title) est déjà à rendre \(day(loan.dueAt)) : le prolonger aujourd'hui ne donnerait pas plus de temps\(whom), rien n'a changé.",
                lines: [l == .en ? "Renew it from \(day(from)) to get more days." : "Prolongez-le à partir du \(day(from)) pour avoir plus de jours."],
                language: l)
        case .holdOnAvailableBook(let book):
            return Reply(.error, l == .en ? "\(bold: book.title) is on the shelf: check it out instead."
                                          : "\(bold: book.title) est sur l'étagère : empruntez-le plutôt.",
                         suggestion: l.pick("checkout ", "emprunter ") + reference(book), language: l)
        case .alreadyHolding(let book, _, let position):
            return Reply(.error, l == .en ? "You are already number \(position) in line for \(bold: book.title)."
                                          : "Vous êtes déjà numéro \(position) dans la file pour \(bold: book.title).",
                         suggestion: l.pick("who has ", "qui a ") + reference(book), language: l)
        case .holdOnOwnLoan(let book, let loan):
            return Reply(.error, l == .en ? "You already have \(bold: book.title), due \(day(loan.dueAt))."
                                          : "Vous avez déjà \(bold: book.title), à rendre \(day(loan.dueAt)).",
                         suggestion: l.pick("renew ", "prolonger ") + reference(book), language: l)
        case .invalidBook(let field, let problem):
            let text: String = switch problem {
            case .empty: l.pick("\(fieldName(field).capitalizedFirst) is missing.", "Il manque \(fieldName(field)).")
            case .tooLong(let maximum): l.pick("\(fieldName(field).capitalizedFirst) is longer than \(maximum) characters.",
                                               "\(fieldName(field).capitalizedFirst) dépasse \(maximum) caractères.")
            case .noLetters: l.pick("\(fieldName(field).capitalizedFirst) needs a letter or a digit: members name a book by its title.",
                                    "\(fieldName(field).capitalizedFirst) doit avoir une lettre ou un chiffre : on désigne un livre par son titre.")
            case .invalidISBN(let isbn): l.pick("'\(shortened(isbn))' is not a valid ISBN-10 or ISBN-13: check the digits.",
                                                "« \(shortened(isbn)) » n'est pas un ISBN-10 ou ISBN-13 valide : vérifiez les chiffres.")
            }
            return Reply(.error, RichText(stringLiteral: text), suggestion: l.pick("help add", "aide ajouter"), language: l)
        case .nameTooLong(let maximum):
            return Reply(.error, RichText(stringLiteral: l.pick("A name is at most \(maximum) characters: give a shorter one.",
                                                                "Un nom fait au plus \(maximum) caractères : donnez-en un plus court.")),
                         language: l)
        case .noteTooLong(let maximum):
            return Reply(.error, RichText(stringLiteral: l.pick("Nothing was reported: say what is wrong in at most \(maximum) characters.",
                                                                "Rien n'a été signalé : dites ce qui ne va pas en \(maximum) caractères au plus.")),
                         language: l)
        case .alreadyRestored(let books):
            let named = books.map { "\($0.title) (#\($0.id))" }.joined(separator: ", ")
            return Reply(.info, RichText(stringLiteral: l.pick("\(named): back already.", "\(named) : déjà rétabli\(books.count > 1 ? "s" : "").")), language: l)
        case .missing(let book, _):
            let found = l.pick("found ", "j'ai retrouvé ") + reference(book)
            return Reply(.error, "\(status(BookStatus(book: book, loan: nil), asker: asker))",
                         lines: [l == .en ? "If you have it in hand, say \(code: found), then check it out; else \(code: "hold " + reference(book)) and you are told when it turns up."
                                          : "Si vous l'avez en main, dites \(code: found), puis empruntez-le ; sinon \(code: "réserver " + reference(book)) et vous serez prévenu à son retour."],
                         suggestion: l.pick("hold ", "réserver ") + reference(book), language: l)
        }
    }
}

extension String {
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}

/// The commands that can name several books at once.
enum SeveralVerb {
    case checkout, returnBook, renew, hold, cancelHold, whoHas
}
