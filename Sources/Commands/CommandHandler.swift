import Foundation
import LibraryCore

/// Who sent a command: a display name, the chat user id when the platform gave one, and
/// whether it is the operator at the console (who may do anything).
public struct Sender: Sendable, Hashable {
    public var name: String
    public var userID: String?
    public var isOperator: Bool
    /// The members the message mentions, by the token they appear as in its text (`<@U123>`
    /// on Slack, `<@123>` on Discord), as the platform names them: `checkout Dune as @Ana`
    /// lends to Ana, with her user id.
    public var mentions: [String: Borrower]
    /// The language the member's chat app is set to, when the platform says (the `locale` of a
    /// Discord interaction): what a command whose words say no language is answered in, until
    /// the member has written in one.
    public var appLanguage: Language?

    public init(name: String, userID: String? = nil, isOperator: Bool = false, mentions: [String: Borrower] = [:],
                appLanguage: Language? = nil) {
        self.name = name
        self.userID = userID
        self.isOperator = isOperator
        self.mentions = mentions
        self.appLanguage = appLanguage
    }

    public var borrower: Borrower { Borrower(name: name, userID: userID) }
    /// `borrower.memberKey`, without tidying the name when there is a user id.
    var key: String { userID.flatMap { $0.isEmpty ? nil : "id:\($0)" } ?? borrower.memberKey }

    /// The person a command names (`as NAME`, `what does NAME have`): a member it mentions,
    /// the sender by their own name, or someone known by name only; nil names the sender.
    /// Nil when the name is a mention the platform could not say who it is (`<@123>` left as
    /// typed): the library cannot record a loan to a token.
    func person(named name: String?) -> Borrower? {
        guard let typed = name?.trimmingWhitespace() else { return borrower }
        if let mentioned = mentions[typed] { return mentioned }
        if Self.namesAGroup(typed) { return nil }
        if typed.hasPrefix("<@"), typed.hasSuffix(">") { return nil }
        // "@Ana" typed as text (not picked as a mention) is Ana.
        let name = typed.hasPrefix("@") && typed.count > 1 ? String(typed.dropFirst()) : typed
        return TextKey.fold(name) == TextKey.fold(self.name) ? borrower : Borrower(name: name)
    }
}

extension Sender {
    /// Whether `name` is a group, not one person: "everyone", "@here", "both of us", a channel
    /// or group mention (`<!channel>`, `<!subteam^S1>`, Discord's role `<@&42>`), or several
    /// people ("Ben and Ana", "Ben, Ana", "Ben et Ana"). A loan or a place in line is one
    /// person's: "checkout Dune for Ben and Ana" lent it to a member named "Ben and Ana".
    static func namesAGroup(_ name: String) -> Bool {
        if name.hasPrefix("<!") || name.hasPrefix("<@&") { return true }
        let key = TextKey.fold(name.hasPrefix("@") ? String(name.dropFirst()) : name)
        return groupNames.contains(key) || severalNames(name) != nil
    }
    private static let groupNames: Set<String> = [
        "everyone", "everybody", "anyone", "anybody", "all", "nobody", "no one", "here", "channel", "all of us", "us", "them",
        "both", "both of us", "us both", "us two", "the two of us", "the both of us", "both of them", "the two of them",
        "tout le monde", "tous", "personne", "nous", "eux", "nous deux", "tous les deux", "toutes les deux", "les deux", "eux deux",
    ]

    /// The names of a list of people, joined by commas, "and", "&", "or", "et" or "ou" ("Ben and
    /// Ana" → Ben, Ana; "Ben, Ana et Chloé"), each of one to three words, in order; nil when
    /// `name` is no such list (one name, "Mary-Jane Watson").
    static func severalNames(_ name: String) -> [String]? {
        let words = name.replacingOccurrences(of: ",", with: " , ").split(separator: " ")
        let joins: Set<Substring> = [",", "and", "&", "+", "/", "or", "et", "ou"]
        guard words.contains(where: { joins.contains(Substring($0.lowercased())) }) else { return nil }
        let people = words.split(omittingEmptySubsequences: false, whereSeparator: { joins.contains(Substring($0.lowercased())) })
        // "Ben, Ana, and Chloé": a comma then "and" leave an empty part between them, which
        // names no one; the list may not start or end with a join.
        guard let first = people.first, let last = people.last, !first.isEmpty, !last.isEmpty else { return nil }
        let named = people.filter { !$0.isEmpty }
        guard named.count >= 2, named.allSatisfy({ $0.count <= 3 }) else { return nil }
        return named.map { $0.joined(separator: " ") }
    }
}

/// What the command handler needs to know of `library.*`.
public struct HandlerSettings: Sendable {
    /// `library.admins`: chat user ids allowed to add, edit, delete and clean; empty = everyone.
    public var admins: Set<String>
    /// `library.locale`: the language of replies when a command's words do not tell.
    public var defaultLanguage: Language
    /// `library.timezone`.
    public var timeZone: TimeZone
    /// How long a confirmation request stays open.
    public var confirmationWindow: TimeInterval
    /// Where `add isbn N` finds the title and author (`isbn.lookup_url`); nil when lookups are off.
    public var isbnCatalog: (any ISBNCatalog)?
    /// When borrowers are reminded of their loans (`reminders.*`), for the rules to say; nil
    /// when no reminder is sent (no chat gateway runs).
    public var reminders: Reminders?
    /// Whether the who-has-what digest is posted each day (`digest.time`), for the rules to
    /// say; nil when they say nothing of it (the console alone, with no digest).
    public var digest: DigestPosting?
    /// Whether a direct message can reach the chat user id (its platform runs): who of the
    /// admins is told of a lost book.
    public var canMessage: @Sendable (String) -> Bool = { _ in true }

    /// When the daily digest is posted.
    public enum DigestPosting: Sendable, Hashable {
        /// Each day at this local time, as "08:00".
        case daily(time: String)
        /// Never: `digest.time` is not set.
        case off
    }

    /// `reminders.time` and `reminders.due_soon_days`.
    public struct Reminders: Sendable, Hashable {
        /// The local time, as "10:00".
        public var time: String
        public var dueSoonDays: Int

        public init(time: String, dueSoonDays: Int) {
            self.time = time
            self.dueSoonDays = dueSoonDays
        }
    }

    public init(admins: Set<String> = [], defaultLanguage: Language = .en,
                timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .current, confirmationWindow: TimeInterval = 300,
                isbnCatalog: (any ISBNCatalog)? = nil, reminders: Reminders? = nil) {
        self.reminders = reminders
        self.admins = admins
        self.defaultLanguage = defaultLanguage
        self.timeZone = timeZone
        self.confirmationWindow = confirmationWindow
        self.isbnCatalog = isbnCatalog
    }
}

/// Runs a parsed command through the library and says what happened: (intent, sender,
/// instant) → `Reply`. Holds the destructive commands waiting for a `yes`.
public actor CommandHandler {
    public nonisolated let library: LibraryService
    public nonisolated let settings: HandlerSettings
    /// The destructive command each member was asked to confirm, for their `yes`.
    private var pending: Recent<PendingAction>
    /// What each member last named, for "it" in their next command.
    private var lastNamed = Recent<String>(window: LastNamedBook.window)
    /// Each member's last command about one book, for "I meant Emma" right after it.
    private var lastCommand = Recent<LastCommand>(window: CommandHandler.correctionWindow)
    private struct LastCommand {
        var intent: Intent
        var at: Date
        /// It changed the library (an `undo` at `at` takes it back).
        var changed: Bool
    }
    static let correctionWindow: TimeInterval = 10 * 60
    /// Each member's last question (who has a book, someone's books, a search…), for "and
    /// Emma?" right after it; forgotten at their next change.
    private var lastQuestion = Recent<Intent>(window: CommandHandler.correctionWindow)
    /// The books each member was last shown as a list (`my books`, `list`, a search), in
    /// order, for "the second one" in their next commands.
    private var listed = Recent<[Int64]>(window: LastNamedBook.window)
    /// What a reply last asked each member, which their next message answers.
    private var offered: Recent<Offer>
    /// What undoes each member's last change, for `undo`.
    private var undoable = Recent<Undo>(window: 10 * 60)
    /// How often a loan is reminded of at someone's request (`remind Ben about Dune`): once a
    /// day is enough. The library keeps when, so that a restart does not send a second one.
    static let nudgeInterval: TimeInterval = 24 * 60 * 60
    /// The language each member last wrote a command in (by `Borrower.memberKey`), for their
    /// commands whose words are the same in both ("info Dune", a title alone, `#3`) and what
    /// they are told of others' doing: a member who speaks French is answered in French, not
    /// in the committee's language. Kept in the library (reminders use it too), read once.
    private var spoken: [String: Language]?

    /// The language to tell `person` something in: the one they last wrote in, else the committee's.
    private func language(of person: Borrower) -> Language {
        spoken?[person.memberKey] ?? settings.defaultLanguage
    }

    /// The language `sender` last wrote a command in, else the one their chat app is set to,
    /// else the committee's: what a command whose words say no language is answered in, and a
    /// page made for them (Slack's Home tab).
    public func preferredLanguage(of sender: Sender) async -> Language {
        await loadLanguages()
        return spoken?[sender.key] ?? sender.appLanguage ?? settings.defaultLanguage
    }

    private func loadLanguages() async {
        guard spoken == nil else { return }
        let stored = (try? await library.memberLanguages()) ?? [:]
        spoken = spoken ?? stored.compactMapValues(Language.init(rawValue:))
    }

    /// Remembers the language of the command `sender` just wrote, in the library when it changed.
    private func noteLanguage(_ language: Language?, of sender: Sender, at now: Date) async {
        await loadLanguages()
        let key = sender.key
        guard let language, spoken?[key] != language else { return }
        spoken?[key] = language
        // A preference, not the library's data: should the write fail, it is forgotten here
        // too, so that the member's next command that shows a language writes it again.
        do { try await library.setLanguage(language.rawValue, of: sender.borrower, at: now) } catch { spoken?[key] = nil }
    }

    /// What undoes the changes of one message (the changes of one message share its instant,
    /// and are undone together, the last first).
    private struct Undo {
        var at: Date
        var steps: [UndoStep]
    }

    private enum UndoStep {
        /// The opposite command, run as if typed (`return #3` after `checkout Dune`).
        case command(Intent)
        /// A checkout just made, the book back on the shelf (a return that says it is an undo).
        case uncheckout(bookID: Int64)
        /// A place in line given up, taken back where it was (no command says that).
        case rejoin(Hold)
        /// A place in line just given, to the member or to someone else, given up (the member
        /// may take back putting Ben in line, though taking him out of it is for admins).
        case leaveLine(book: String, holder: Borrower)
        /// A book passed on (`passed`, to `name` as typed), back with its giver's loan (`previous`).
        case takeBack(passed: Loan, previous: Loan, name: String)
        /// A book taken over from someone (`taken`, the member's loan), back with them (`previous`).
        case giveBack(taken: Loan, previous: Loan)
        /// Someone else's loan the member's return closed, open again as it was.
        case reopen(Loan)
        /// What was reported of a copy before (nil: nothing), set back.
        case restoreReport(bookID: Int64, CopyReport?)
        /// Books deleted, put back with their loans, holds and history.
        case restore(DeletedBooks)
        /// Copies just added (`add 3 copies of Dune`), deleted again together.
        case unadd(bookIDs: [Int64])
        /// Books whose categories a category's renaming changed, given back these lists.
        case recategorize([(id: Int64, categories: [String])])
    }

    private enum Offer {
        /// "Did you mean `checkout Dune`?": `yes` runs it.
        case command(ParsedCommand, correcting: LastCommand? = nil)
        /// "Which one?": `#16`, `the second` or a title picks the book.
        case choice(BookChoice, correcting: LastCommand? = nil)
        // `correcting`: asked after "I meant Dnue", whose command still stands: the answer is
        // that correction, the last command's change undone first.
    }

    private struct PendingAction {
        enum Action { case clean, delete([Book]) }
        var action: Action
        var language: Language
    }

    public init(library: LibraryService, settings: HandlerSettings = HandlerSettings()) {
        self.library = library
        self.settings = settings
        pending = Recent(window: settings.confirmationWindow)
        offered = Recent(window: settings.confirmationWindow)
    }

    /// Keeps in the library what members said lately that their next message may refer to
    /// (the book last named, for "it"; the last list, for "the second one"), as the bot stops.
    public func saveContext(at now: Date = Date()) async throws {
        let named = lastNamed.current(at: now).map { MemberContext(member: $0.key, kind: "lastNamed", value: $0.value, at: $0.at) }
        let lists = listed.current(at: now).map { entry in
            MemberContext(member: entry.key, kind: "listed", value: entry.value.map(String.init).joined(separator: ","), at: entry.at)
        }
        try await library.saveMemberContext(named + lists)
    }

    /// What `saveContext` kept, as the bot starts again: each still current for as long as it
    /// would have been without the restart.
    public func restoreContext(at now: Date = Date()) async throws {
        for entry in try await library.memberContext(since: now.addingTimeInterval(-LastNamedBook.window)) {
            switch entry.kind {
            case "lastNamed": lastNamed.set(entry.value, for: entry.member, at: entry.at)
            case "listed":
                let ids = entry.value.split(separator: ",").compactMap { Int64($0) }
                if !ids.isEmpty { listed.set(ids, for: entry.member, at: entry.at) }
            default: continue
            }
        }
    }

    /// Parses and handles one line.
    public func handle(text: String, from sender: Sender, at now: Date) async -> Reply {
        await handle(CommandParser.parse(text), from: sender, at: now)
    }

    public func handle(_ command: ParsedCommand, from sender: Sender, at now: Date) async -> Reply {
        // "I meant Emma": the last command again, of that book, its change undone first ("I mean,
        // who has Dune?" is that question; "I Meant It", a title, is that book).
        // ("I meant I meant …" is read once: the words after the first lead must not be one.)
        if case .unknown(let text, _) = command.intent, let meant = CommandParser.correction(text),
           CommandParser.correction(meant.book) == nil, (try? await library.isTitle(CommandParser.unquote(text))) != true {
            let rest = CommandParser.parse(meant.book)
            guard case .unknown = rest.intent else { return await handle(rest, from: sender, at: now) }
            if let last = lastCommand.remove(sender.key, at: now) {
                return await correcting(last, to: meant.book, language: command.language ?? meant.language, from: sender, at: now)
            }
            // Nothing to correct: the book, as if named alone.
            return await handle(ParsedCommand(intent: .unknown(text: meant.book, suggestion: nil), language: meant.language), from: sender, at: now)
        }
        // "Which one?" answered with a book's number, its place in the list or its title.
        if case .unknown(let text, _) = command.intent, case .choice(let choice, let last)? = offered.value(for: sender.key, at: now),
           let picked = choice.pick(text) {
            offered.remove(sender.key, at: now)
            return await answering(choice.command(picked), correcting: last, from: sender, at: now)
        }
        // "next page", "more", "page précédente": the list just shown, a page further on or back.
        if case .unknown(let text, _) = command.intent, let turn = CommandParser.pageTurn(text),
           case .list(let filter, let order, let page)? = lastQuestion.value(for: sender.key, at: now) {
            return await handle(ParsedCommand(intent: .list(filter: filter, order: order, page: max(1, page + turn.by)), language: command.language ?? turn.language),
                                from: sender, at: now)
        }
        var command = await readingTitleAlone(command, from: sender, at: now)
        // "and Dune?", "what about Ben?", "et moi ?": the question just asked, of another book or
        // member; after a list, where the book stands. Not a change: "and Dune" after `checkout
        // Emma` lends nothing, but offers `checkout Dune`.
        if case .unknown(let text, _) = command.intent, let followUp = CommandParser.followUp(text) {
            let language = command.language ?? followUp.language
            if let question = lastQuestion.value(for: sender.key, at: now) {
                // After `my books`, "and Dune?" asks of the book, not of a member named Dune (one
                // who borrowed is that member: "and Emma?" after `what does Ben have`).
                switch question {
                case .loansOf, .history:
                    if await namesTitleRatherThanMember(followUp.book, for: sender) {
                        return await handle(ParsedCommand(intent: .whoHas(book: followUp.book), language: language), from: sender, at: now)
                    }
                default: break
                }
                if let asked = question.asked(of: followUp.book) {
                    return await handle(ParsedCommand(intent: asked, language: language), from: sender, at: now)
                }
                if (try? await library.isTitle(CommandParser.unquote(followUp.book))) == true {
                    return await handle(ParsedCommand(intent: .whoHas(book: followUp.book), language: language), from: sender, at: now)
                }
            } else if let last = lastCommand.value(for: sender.key, at: now), !CommandParser.meansTheSender(followUp.book),
                      let offer = last.intent.naming(followUp.book).typed(in: language) {
                command = ParsedCommand(intent: .unknown(text: text, suggestion: offer), language: language)
            }
        }
        // A message not understood tells its language too weakly to answer the member's next
        // ones in it (a word or two of chat with a "les" in it): only its own reply is in it.
        if case .unknown(_, nil) = command.intent {} else { await noteLanguage(command.language, of: sender, at: now) }
        let language = if let language = command.language { language } else { await preferredLanguage(of: sender) }
        let words = words(language, at: now)
        var intent = await readingTime(readingWholeTitle(command.intent))
        switch await recalling(intent, for: sender, at: now, words: words) {
        case .intent(let recalled): intent = recalled
        case .reply(let whichBook): return whichBook
        }
        // A question a reply asked ("Did you mean …?") is answered by the next message or not at all.
        switch intent {
        case .confirm, .cancel, .thanks: break
        default: offered.remove(sender.key, at: now)
        }
        do {
            let reply: Reply
            if let several = try await runSeveral(intent, sender: sender, now: now, words: words) {
                reply = several
            } else {
                reply = try await run(intent, sender: sender, now: now, words: words)
            }
            await remember(intent, for: sender, at: now)
            recordLast(intent, changed: reply.kind == .success && Self.changesTheLibrary(intent), for: sender, at: now)
            // A change that nothing undoes (a renewal, `clean`) leaves nothing to undo: `undo`
            // would otherwise reach back to an older change.
            if reply.kind == .success, Self.changesTheLibrary(intent), undoable.value(for: sender.key, at: now)?.at != now {
                undoable.remove(sender.key, at: now)
            }
            return reply
        } catch let error as LibraryError {
            recordLast(intent, changed: false, for: sender, at: now)
            switch error {
            case .notFound(_, let suggestions):
                lastNamed.remove(sender.key, at: now)
                // "No book matches 'Dnue'. Did you mean Dune?": `yes` does the same with Dune.
                if let first = suggestions.first, suggestions.allSatisfy({ $0.title == first.title }), Self.mayBeOffered(intent) {
                    let book = suggestions.count == 1 ? "#\(first.id)" : words.reference(first)
                    offered.set(.command(ParsedCommand(intent: intent.naming(book), language: command.language)), for: sender.key, at: now)
                } else if suggestions.count > 1 {
                    // "Did you mean The Hobbit or The Great Gatsby?": the title answered picks one.
                    var candidates: [BookChoice.Candidate] = []
                    for book in suggestions {
                        let reference = words.reference(book)
                        if !candidates.contains(where: { $0.reference == reference }) { candidates.append(BookChoice.Candidate(book: book, reference: reference)) }
                    }
                    let choice = BookChoice(intent: intent, language: command.language, candidates: candidates, showsNumbers: false)
                    return offering(choice, in: words.explain(error, asker: sender.borrower), words: words, to: sender, at: now)
                }
            case .ambiguous(_, let books):
                lastNamed.remove(sender.key, at: now)
                let candidates = books.map { BookChoice.Candidate(book: $0, reference: "#\($0.id)") }
                let choice = BookChoice(intent: intent, language: command.language, candidates: candidates, showsNumbers: true)
                return offering(choice, in: words.explain(error, asker: sender.borrower), words: words, to: sender, at: now)
            default: await remember(intent, for: sender, at: now)
            }
            return words.explain(error, asker: sender.borrower)
        } catch {
            return Reply(.error, RichText(stringLiteral: language.pick(
                "Something went wrong with the library's database; nothing was changed. Please try again.",
                "Un problème est survenu avec la base de la bibliothèque ; rien n'a été modifié. Réessayez.")),
                language: language)
        }
    }

    /// Whether `text` is a title of the library and names no one who ever borrowed.
    private func namesTitleRatherThanMember(_ text: String, for sender: Sender) async -> Bool {
        guard (try? await library.isTitle(CommandParser.unquote(text))) == true else { return false }
        return await memberWhoBorrowed(named: text, for: sender) == nil
    }

    /// The member `text` names, when they have borrowed from the library.
    private func memberWhoBorrowed(named text: String, for sender: Sender) async -> Borrower? {
        guard let person = sender.person(named: text), person.name.count <= Borrower.maximumNameLength,
              (try? await library.hasBorrowed(person)) == true else { return nil }
        return person
    }

    /// Keeps `intent` as the member's last command when it is about one book (forgets the one
    /// before otherwise), for "I meant …"; and as their last question when it only asks, for
    /// "and Emma?".
    private func recordLast(_ intent: Intent, changed: Bool, for sender: Sender, at now: Date) {
        switch intent {
        case .undo, .confirm, .cancel, .thanks, .speak, .reminders, .several, .unknown: return
        default: break
        }
        if intent.onlyAsks {
            lastQuestion.set(intent, for: sender.key, at: now)
        } else {
            lastQuestion.remove(sender.key, at: now)
        }
        guard intent.bookReference != nil else {
            lastCommand.remove(sender.key, at: now)
            return
        }
        lastCommand.set(LastCommand(intent: intent, at: now, changed: changed), for: sender.key, at: now)
    }

    /// "I meant Emma" after `last`: its change undone (when `undo` still reaches it), then the
    /// same command of `book`, both answered in one reply.
    private func correcting(_ last: LastCommand, to book: String, language: Language?, from sender: Sender, at now: Date) async -> Reply {
        let corrected = ParsedCommand(intent: last.intent.naming(book), language: language)
        guard last.changed, undoable.value(for: sender.key, at: now)?.at == last.at else { return await handle(corrected, from: sender, at: now) }
        // A book the library does not have corrects nothing: the change stands (not undone for
        // nothing), and the title the reply offers ("Did you mean …?") is the correction.
        if await namesNoBook(book, for: sender, at: now) {
            var reply = await handle(corrected, from: sender, at: now)
            lastCommand.set(last, for: sender.key, at: now)
            switch offered.value(for: sender.key, at: now) {
            case .command(let offer, _)?: offered.set(.command(offer, correcting: last), for: sender.key, at: now)
            case .choice(let choice, _)?: offered.set(.choice(choice, correcting: last), for: sender.key, at: now)
            case nil: break
            }
            reply.lines.insert(RichText(stringLiteral: reply.language.pick("Nothing was changed.", "Rien n'a été modifié.")), at: 0)
            return reply
        }
        let undo = await handle(ParsedCommand(intent: .undo, language: language), from: sender, at: now)
        // Undoing the undo would bring the mistake back: the corrected command is what `undo` takes back next.
        undoable.remove(sender.key, at: now)
        let replies = [undo, await handle(corrected, from: sender, at: now)]
        let l = if let language { language } else { await preferredLanguage(of: sender) }
        return words(l, at: now).oneAfterAnother(replies)
    }

    /// An offer's command answered (`yes`, or a pick among books): run, or, when the offer came
    /// from "I meant …", the correction of `last` to its book.
    private func answering(_ command: ParsedCommand, correcting last: LastCommand?, from sender: Sender, at now: Date) async -> Reply {
        guard let last, let book = command.intent.bookReference else { return await handle(command, from: sender, at: now) }
        return await correcting(last, to: book, language: command.language, from: sender, at: now)
    }

    /// Whether `book`, typed after "I meant", names no book of the library: no title, number or
    /// ISBN of one, nor a list of them. "it" and a place in the last list are looked up as the
    /// command runs.
    private func namesNoBook(_ book: String, for sender: Sender, at now: Date) async -> Bool {
        if LastNamedBook.pointsBack(book) { return false }
        if let shown = listed.value(for: sender.key, at: now),
           BookChoice.place(TextKey.fold(book), among: shown.count) != nil || Self.places(in: book, among: shown.count) != nil { return false }
        do {
            _ = try await library.whoHas(book)
            return false
        } catch LibraryError.notFound {
            return await books(listedIn: book) == nil
        } catch {
            return false
        }
    }

    /// Whether a reply may offer `intent` for a `yes` or a choice: a command about one book,
    /// but never a deletion or an edit, which are said in full.
    private static func mayBeOffered(_ intent: Intent) -> Bool {
        switch intent {
        case .delete, .deleteCopy, .deleteCopies, .edit, .categorize: false
        default: intent.bookReference != nil
        }
    }

    /// `reply` ("which one?") as a question the member's next message answers with `choice`'s
    /// pick: how to answer, the command for the first book to try, a button for each. Unchanged
    /// when the command is not one to offer.
    private func offering(_ choice: BookChoice, in reply: Reply, words: Words, to sender: Sender, at now: Date,
                          correcting last: LastCommand? = nil) -> Reply {
        guard Self.mayBeOffered(choice.intent), choice.candidates.count > 1 else { return reply }
        offered.set(.choice(choice, correcting: last), for: sender.key, at: now)
        var reply = reply
        let l = reply.language
        let example = choice.candidates[0]
        reply.lines.append(choice.showsNumbers
            ? (l == .en ? "Answer with its number, such as \(code: "#\(example.book.id)"), or its place: \(code: "the second")."
                        : "Répondez par son numéro, par exemple \(code: "#\(example.book.id)"), ou sa place : \(code: "le deuxième").")
            : (l == .en ? "Answer with the title you meant, or \(code: "no")." : "Répondez par le titre voulu, ou \(code: "non")."))
        if let first = choice.command(example).intent.typed(in: l) { reply.suggestion = first }
        reply.actions = choice.candidates.prefix(10).compactMap { candidate in
            choice.command(candidate).intent.typed(in: l).map { command in
                // Named as the question names them: by number, else by title (with its author where two authors share it).
                Reply.Action(label: choice.showsNumbers ? "#\(candidate.book.id) \(candidate.book.title)" : words.distinctTitle(candidate.book), command: command)
            }
        }
        return reply
    }

    /// The reply to a return (`receipt`), or to the `undo` of a checkout (`undoingCheckout`),
    /// which says so: the next in line and someone else whose loan it closed are told; `undo`
    /// takes it back.
    private func returned(_ receipt: ReturnReceipt, undoingCheckout: Bool = false, sender: Sender, now: Date, words: Words) -> Reply {
        let l = words.language
        // The member's own return is undone by checking the book out again; someone else's
        // by opening their loan again as it was (a checkout for them would lose their chat id).
        // A report of it lost comes back after.
        if let report = receipt.turnedUp { undone(by: .restoreReport(bookID: receipt.book.id, report), for: sender, at: now) }
        if receipt.loan.borrower.isSamePerson(as: sender.borrower) {
            undone(by: .checkout(book: "#\(receipt.book.id)", borrower: nil), for: sender, at: now)
        } else {
            undone(by: .reopen(receipt.loan), for: sender, at: now)
        }
        var lines: [RichText] = []
        // The first in line may be the one who brought it back (Ben handed it to them).
        let nextIsSender = receipt.nextInLine?.holder.isSamePerson(as: sender.borrower) == true
        if let next = receipt.nextInLine {
            let kept: RichText = switch (l, nextIsSender) {
            case (.en, false): "\(next.holder.name) is first in line for it: it is kept for them\(words.until(next.keptUntil))."
            case (.en, true): "You are first in line for it: it is kept for you\(words.until(next.keptUntil))."
            case (.fr, false): "\(next.holder.name) est le premier à l'attendre : il lui est réservé\(words.until(next.keptUntil))."
            case (.fr, true): "Vous êtes le premier à l'attendre : il vous est réservé\(words.until(next.keptUntil))."
            }
            lines.append(kept)
        }
        let checkout = l.pick("checkout ", "emprunter ") + words.reference(receipt.book)
        let yours = receipt.loan.borrower.isSamePerson(as: sender.borrower)
        let title: RichText = switch (l, undoingCheckout, yours) {
        case (.en, false, _): "Thanks! \(bold: receipt.book.title) is back on the shelf (borrowed by \(receipt.loan.borrower.name))."
        case (.fr, false, _): "Merci ! \(bold: receipt.book.title) est de retour sur l'étagère (emprunté par \(receipt.loan.borrower.name))."
        case (.en, true, true): "\(bold: receipt.book.title) is back on the shelf: your checkout is undone."
        case (.fr, true, true): "\(bold: receipt.book.title) est de retour sur l'étagère : votre emprunt est défait."
        case (.en, true, false): "\(bold: receipt.book.title) is back on the shelf: lending it to \(receipt.loan.borrower.name) is undone."
        case (.fr, true, false): "\(bold: receipt.book.title) est de retour sur l'étagère : le prêt à \(receipt.loan.borrower.name) est défait."
        }
        var reply = Reply(.success, title,
            lines: lines,
            suggestion: receipt.nextInLine.map { nextIsSender ? checkout : checkout + l.pick(" as ", " pour ") + $0.holder.name },
            language: l)
        // Someone else's loan closed (brought back for them, or by mistake): they are told.
        if !yours {
            reply.notices.append(words.returnedForNotice(receipt, by: sender.borrower, undoingCheckout: undoingCheckout,
                                                         language: language(of: receipt.loan.borrower)))
        }
        if let next = receipt.nextInLine, !nextIsSender {
            reply.notices.append(words.keptNotice(receipt.book, for: next, language: language(of: next.holder)))
        }
        if let report = receipt.turnedUp { turnedUp(receipt.book, report, in: &reply, from: sender, words: words) }
        return reply
    }

    /// `undo` after passing a book on: back with the member, due as it was; the one it went to is told.
    private func takeBack(_ passed: Loan, restoring previous: Loan, from name: String, sender: Sender, now: Date, words: Words) async throws -> Reply {
        let l = words.language
        let back = try await library.takeBack(passed, restoring: previous)
        undone(by: .handOver(book: "#\(back.book.id)", to: name), for: sender, at: now)
        let other = passed.borrower
        var reply = Reply(.success, l == .en ? "\(bold: back.book.title) is yours again, due \(words.day(back.loan.dueAt)): passing it to \(other.name) is undone."
                                             : "\(bold: back.book.title) est de nouveau à vous, à rendre \(words.day(back.loan.dueAt)) : le passage à \(other.name) est défait.",
                          language: l)
        let theirs = language(of: other)
        reply.notices = [Notice(to: other, reply: Reply(.info, theirs == .en
            ? "\(sender.borrower.name) took \(bold: back.book.title) back: passing it on to you was undone."
            : "\(sender.borrower.name) a repris \(bold: back.book.title) : le passage vers vous est défait.", language: theirs))]
        return reply
    }

    /// The books `borrower` checked out in `period` ("what did I borrow last week?"), the last
    /// first, each with when it came back or is due.
    private func history(of borrower: Borrower, named name: String?, in period: LoanPeriod, now: Date, words: Words) async throws -> Reply {
        let l = words.language
        let (loans, total) = try await library.loans(of: borrower, checkedOutDuring: library.rules.interval(of: period, at: now), limit: Self.historyLength)
        let when = period.said(in: l, year: shownYear(of: period, at: now)), who = loans.first?.loan.borrower.name ?? borrower.name
        guard !loans.isEmpty else {
            let none: String = switch (l, name) {
            case (.en, nil): "You borrowed no book \(when)."
            case (.en, _): "\(who) borrowed no book \(when)."
            case (.fr, nil): "Vous n'avez emprunté aucun livre \(when)."
            case (.fr, _): "\(who) n'a emprunté aucun livre \(when)."
            }
            return Reply(.info, RichText(stringLiteral: none), suggestion: name == nil ? l.pick("my history", "mon historique") : nil, language: l)
        }
        let count = words.books(total)
        let shown = total > loans.count ? l.pick("; the last \(loans.count)", " ; les \(loans.count) derniers") : ""
        let title: RichText = switch (l, name) {
        case (.en, nil): "You borrowed \(count) \(when)\(shown):"
        case (.en, _): "\(who) borrowed \(count) \(when)\(shown):"
        case (.fr, nil): "Vous avez emprunté \(count) \(when)\(shown) :"
        case (.fr, _): "\(who) a emprunté \(count) \(when)\(shown) :"
        }
        return Reply(.info, title, lines: loans.map { historyLine($0, words: words) }, language: l)
    }

    /// The year a reply gives a month asked without one: last year's ("in December 2025", "since
    /// December 2025", asked in November 2026), none for this year's.
    private func shownYear(of period: LoanPeriod, at now: Date) -> Int? {
        let month: Int
        switch period {
        case .month(let asked, nil), .sinceMonth(let asked, nil): month = asked
        default: return nil
        }
        let year = library.rules.year(ofMonth: month, at: now)
        return year == library.rules.year(at: now) ? nil : year
    }

    /// A loan in a history: "Dune, since Sun 29 Nov, due Sun 13 Dec" while out, "Emma, Tue 24
    /// Nov → Thu 26 Nov" once returned.
    private func historyLine(_ item: LoanedBook, words: Words) -> RichText {
        if let back = item.loan.returnedAt { return "\(bold: item.book.title), \(words.day(item.loan.checkedOutAt)) → \(words.day(back))" }
        return words.language == .en ? "\(bold: item.book.title), since \(words.day(item.loan.checkedOutAt)), due \(words.day(item.loan.dueAt))"
                                     : "\(bold: item.book.title), depuis \(words.day(item.loan.checkedOutAt)), à rendre \(words.day(item.loan.dueAt))"
    }

    /// A copy in hand that would go past the line: it goes to `first`, who is told once it is
    /// brought back (`return` and `reference`).
    private func goesToFirst(_ first: Borrower, _ book: Book, bringBack reference: String, nothingDone: String, words: Words) -> Reply {
        let l = words.language
        return Reply(.error, l == .en ? "\(first.name) is first in line for \(bold: book.title): it goes to them. \(nothingDone)"
                                      : "\(first.name) est premier dans la file pour \(bold: book.title) : il lui revient. \(nothingDone)",
                     lines: [l == .en ? "Bring it back with \(code: "return " + reference) and they are told."
                                      : "Rendez-le avec \(code: "rendre " + reference) et ils sont prévenus."],
                     suggestion: l.pick("return ", "rendre ") + reference, language: l)
    }

    /// "Which one? You have 3 books:", each with its number, for `intent` on one of the asker's
    /// `loans` (at least two): a choice the member's next message answers (`#4`, `the second`),
    /// with the command for the first to type and a button for each.
    private func whichOfYours(_ loans: [LoanedBook], _ intent: Intent, words: Words, to sender: Sender, at now: Date) -> Reply {
        let l = words.language
        let question = Reply(.error, l == .en ? "Which one? You have \(words.books(loans.count)):" : "Lequel ? Vous avez \(words.books(loans.count)) :",
                             lines: loans.map { RichText(spans: ("\(code: "#\($0.book.id)") " as RichText).spans + words.loanLine($0).spans) },
                             language: l)
        let choice = BookChoice(intent: intent, language: l, candidates: loans.map { .init(book: $0.book, reference: "#\($0.book.id)") },
                                showsNumbers: true)
        return offering(choice, in: question, words: words, to: sender, at: now)
    }

    /// What `lendOn` did: the return and the new loan (and whether it went to the first in
    /// line), or why nothing was done.
    private enum LentOn {
        case lent(returned: Reply, loan: LoanedBook, firstInLine: Bool)
        case refused(Reply)
    }

    /// A copy out to one member handed straight to `person` (`pass Dune to Ben`, `Ben gave me
    /// Dune`): returned for its borrower, then lent to `person`, unless someone else is first in
    /// line for it (nothing is done, and the reply says it goes to them, `bringBack` naming the
    /// copy) or the loan is refused (the return stands, and the reply says both).
    private func lendOn(_ book: Book, to person: Borrower, bringBack: String, nothingDone: String, sender: Sender, now: Date,
                        words: Words) async throws -> LentOn {
        let first = try await firstInLine(for: book)
        if let first, !first.isSamePerson(as: person) {
            return .refused(goesToFirst(first, book, bringBack: bringBack, nothingDone: nothingDone, words: words))
        }
        let copy = "#\(book.id)"
        let returned = try await run(.returnBook(book: copy), sender: sender, now: now, words: words)
        do {
            return .lent(returned: returned, loan: try await library.checkout(copy, to: person, at: now), firstInLine: first != nil)
        } catch let error as LibraryError {
            return .refused(words.oneAfterAnother([returned, words.explain(error, asker: sender.borrower)]))
        }
    }

    /// `undo` after taking a book over (`Ben gave me Dune`): back with the one who gave it, due as
    /// it was; they are told.
    private func giveBack(_ taken: Loan, restoring previous: Loan, sender: Sender, now: Date, words: Words) async throws -> Reply {
        let l = words.language
        let back = try await library.takeBack(taken, restoring: previous)
        let giver = back.loan.borrower
        undone(by: .takeOver(book: "#\(back.book.id)", from: giver.name), for: sender, at: now)
        var reply = Reply(.success, l == .en ? "\(bold: back.book.title) is \(giver.name)'s again, due \(words.day(back.loan.dueAt)): taking it over is undone."
                                             : "\(bold: back.book.title) est de nouveau à \(giver.name), à rendre \(words.day(back.loan.dueAt)) : la reprise est défaite.",
                          language: l)
        let theirs = language(of: giver), theirWords = words.speaking(theirs)
        reply.notices = [Notice(to: giver, reply: Reply(.info, theirs == .en
            ? "\(sender.borrower.name) did not take \(bold: back.book.title) over after all: it is yours again, due \(theirWords.day(back.loan.dueAt))."
            : "\(sender.borrower.name) n'a finalement pas repris \(bold: back.book.title) : il est de nouveau à vous, à rendre \(theirWords.day(back.loan.dueAt)).",
            suggestion: theirs.pick("return ", "rendre ") + theirWords.reference(back.book), language: theirs))]
        return reply
    }

    /// `undo` after returning someone else's book: their loan open again, as it was; they are told.
    private func reopen(_ loan: Loan, sender: Sender, now: Date, words: Words) async throws -> Reply {
        let l = words.language
        let back = try await library.reopen(loan)
        undone(by: .returnBook(book: "#\(back.book.id)"), for: sender, at: now)
        let owner = back.loan.borrower
        var reply = Reply(.success, l == .en ? "\(owner.name) has \(bold: back.book.title) again, due \(words.day(back.loan.dueAt)): your return of it is undone."
                                             : "\(owner.name) a de nouveau \(bold: back.book.title), à rendre \(words.day(back.loan.dueAt)) : votre retour est défait.",
                          language: l)
        let theirs = language(of: owner), theirWords = words.speaking(theirs)
        reply.notices = [Notice(to: owner, reply: Reply(.info, theirs == .en
            ? "\(sender.borrower.name) undid returning \(bold: back.book.title) for you: you have it again, due \(theirWords.day(back.loan.dueAt))."
            : "\(sender.borrower.name) a défait le retour de \(bold: back.book.title) pour vous : vous l'avez de nouveau, à rendre \(theirWords.day(back.loan.dueAt)).",
            language: theirs))]
        return reply
    }

    /// `holder` out of the line for `book` (the admin check, for someone else's place, is the
    /// caller's): the next in line told when the book was kept for them; `undo` puts them back.
    private func leaveLine(_ book: String, holder: Borrower, undoing: Bool = false, sender: Sender, now: Date, words: Words) async throws -> Reply {
        let l = words.language
        let you = holder.isSamePerson(as: sender.borrower)
        guard let given = try await library.cancelHold(book, for: holder, at: now) else {
            let title = (try? await library.resolve(book).title) ?? book
            return Reply(.error, you
                ? (l == .en ? "You are not in line for \(bold: title)." : "Vous n'êtes pas dans la file pour \(bold: title).")
                : (l == .en ? "\(holder.name) is not in line for \(bold: title)." : "\(holder.name) n'est pas dans la file pour \(bold: title)."),
                suggestion: l.pick("who has ", "qui a ") + title, language: l)
        }
        var lines: [RichText] = []
        if let next = given.nextInLine {
            lines.append(l == .en ? "It is now kept for \(next.holder.name)\(words.until(next.keptUntil)), next in line."
                                  : "Il est maintenant réservé pour \(next.holder.name)\(words.until(next.keptUntil)), suivant dans la file.")
        } else if given.wasKept {
            lines.append(l == .en ? "It is on the shelf, free for anyone." : "Il est sur l'étagère, libre pour tous.")
        }
        let name = given.hold.holder.name
        var reply = Reply(.success, you
            ? (l == .en ? "You are no longer in line for \(bold: given.book.title)." : "Vous n'êtes plus dans la file pour \(bold: given.book.title).")
            : (l == .en ? "\(name) is no longer in line for \(bold: given.book.title)." : "\(name) n'est plus dans la file pour \(bold: given.book.title)."),
            lines: lines, language: l)
        if !you { reply.notices.append(words.holdCancelledNotice(given, by: sender.borrower, undoing: undoing, language: language(of: given.hold.holder))) }
        // Their place, unless the book was kept for them and now is for the next in line.
        if !given.wasKept { undone(by: .rejoin(given.hold), for: sender, at: now) }
        if let next = given.nextInLine {
            reply.notices.append(words.keptNotice(given.book, for: next, language: language(of: next.holder)))
        }
        return reply
    }

    /// `undo` after leaving a line, or taking someone out of one: back in it, where they were
    /// while the book is out; someone else is told.
    private func rejoin(_ hold: Hold, sender: Sender, now: Date, words: Words) async throws -> Reply {
        let l = words.language
        let placed = try await library.restoreHold(hold, at: now)
        undone(by: .leaveLine(book: "#\(placed.book.id)", holder: placed.hold.holder), for: sender, at: now)
        let due = placed.currentLoan.map { loan -> RichText in
            l == .en ? "\(loan.borrower.name) has it, due \(words.day(loan.dueAt))." : "\(loan.borrower.name) l'a, à rendre \(words.day(loan.dueAt))."
        }
        guard !placed.hold.holder.isSamePerson(as: sender.borrower) else {
            return Reply(.success, l == .en ? "You are back in line for \(bold: placed.book.title): number \(placed.position)."
                                            : "Vous êtes de retour dans la file pour \(bold: placed.book.title) : numéro \(placed.position).",
                         lines: due.map { [$0] } ?? [], language: l)
        }
        let name = placed.hold.holder.name
        var reply = Reply(.success, l == .en ? "\(name) is back in line for \(bold: placed.book.title): number \(placed.position)."
                                             : "\(name) est de retour dans la file pour \(bold: placed.book.title) : numéro \(placed.position).",
                          lines: due.map { [$0] } ?? [], language: l)
        reply.notices = [words.heldForNotice(placed, by: sender.borrower, language: language(of: placed.hold.holder))]
        return reply
    }

    /// "Which one?" asked again, with the books to choose among: a `yes` or an `ok` chose none.
    private func whichOne(_ choice: BookChoice, correcting last: LastCommand?, words: Words, for sender: Sender, at now: Date) -> Reply {
        let l = choice.language ?? words.language
        let lines = choice.candidates.prefix(10).map { words.candidateLine($0.book, numbered: choice.showsNumbers) }
        return offering(choice, in: Reply(.info, RichText(stringLiteral: l.pick("Which one?", "Lequel ?")), lines: lines, language: l),
                        words: words.speaking(l), to: sender, at: now, correcting: last)
    }

    /// The phrases of replies in `language`, knowing what this library and its settings know.
    private func words(_ language: Language, at now: Date) -> Words {
        var words = Words(language: language, dates: DateText(timeZone: settings.timeZone), now: now)
        words.looksUpISBNs = settings.isbnCatalog != nil
        words.titlesOfSeveralAuthors = { [library] in library.titlesOfSeveralAuthors }
        return words
    }

    /// Notes that `command` undoes a change just made by `sender`, with the other changes of
    /// the same message (which share `now`).
    private func undone(by command: Intent, for sender: Sender, at now: Date) {
        undone(by: .command(command), for: sender, at: now)
    }

    private func undone(by step: UndoStep, for sender: Sender, at now: Date) {
        var undo = undoable.value(for: sender.key, at: now).flatMap { $0.at == now ? $0 : nil } ?? Undo(at: now, steps: [])
        undo.steps.append(step)
        undoable.set(undo, for: sender.key, at: now)
    }

    private enum Recalled {
        case intent(Intent)
        case reply(Reply)
    }

    /// `intent` with "it" ("that one", "ça") replaced by the book the member last named lately
    /// (`who has Dune`, then `checkout it`), as is a suggestion that points back ("I'll take
    /// it" → `checkout Dune`). A title of the library typed as one ("checkout It", capitalised)
    /// stays that book. With no book named lately, "it" in a return or a renewal is the
    /// member's own book (`runSeveral`), and elsewhere the reply asks which book.
    private func recalling(_ intent: Intent, for sender: Sender, at now: Date, words: Words) async -> Recalled {
        let last = lastNamed.value(for: sender.key, at: now)
        if case .unknown(let text, let suggestion?) = intent, let last,
           let pointer = CommandParser.parse(suggestion).intent.bookReference, LastNamedBook.pointsBack(pointer), suggestion.hasSuffix(pointer) {
            return .intent(.unknown(text: text, suggestion: suggestion.dropLast(pointer.count) + last))
        }
        // "return the second one": the second book of the list the member was last shown; "return
        // the first and the third", "renew the first two": those books of it.
        if let reference = intent.bookReference, let shown = listed.value(for: sender.key, at: now),
           let places = BookChoice.place(TextKey.fold(reference), among: shown.count).map({ [$0] }) ?? Self.places(in: reference, among: shown.count),
           (try? await library.isTitle(reference)) != true {
            guard places.allSatisfy(shown.indices.contains) else {
                let l = words.language
                let example = "#\(shown.first ?? 3)"
                return .reply(Reply(.error, l == .en ? "The list you were shown has \(words.books(shown.count)): name the book by its title or its number (\(code: example))."
                                                     : "La liste que vous avez vue a \(words.books(shown.count)) : donnez le titre du livre ou son numéro (\(code: example)).",
                                    language: l))
            }
            return .intent(intent.naming(places.map { "#\(shown[$0])" }.joined(separator: ", ")))
        }
        // "who has them?", "checkout both", "hold all of them" after a list: each book of it (not
        // a title "Them"); a long list is not taken whole by a word: which ones is asked.
        if let reference = intent.bookReference, Self.takesTheListed(intent), let shown = listed.value(for: sender.key, at: now), !shown.isEmpty,
           reference.utf8.count <= 20, case let key = TextKey.fold(reference),
           Self.theListed.contains(key) || shown.count == 2 && Self.bothWords.contains(key), (try? await library.isTitle(reference)) != true {
            if case .whoHas = intent {} else if shown.count > Self.mostListedAtOnce {
                let l = words.language, example = intent.naming(shown.prefix(2).map { "#\($0)" }.joined(separator: ", "))
                return .reply(Reply(.error, l == .en ? "The list you were shown has \(words.books(shown.count)): name the ones you mean by their numbers."
                                                     : "La liste que vous avez vue a \(words.books(shown.count)) : nommez ceux que vous voulez par leur numéro.",
                                    suggestion: example.typed(in: l), language: l))
            }
            return .intent(intent.naming(shown.map { "#\($0)" }.joined(separator: ", ")))
        }
        // "return it to the library", "checkout it for me", "it under my desk": "it", the rest a remark.
        var intent = intent
        if let reference = intent.bookReference, !LastNamedBook.pointsBack(reference),
           let bare = LibraryService.withoutTrailingRemark(reference), LastNamedBook.pointsBack(folded: bare),
           (try? await library.titleNamesBooks(CommandParser.unquote(reference))) != true {
            intent = intent.naming(bare)
        }
        guard let reference = intent.bookReference, LastNamedBook.pointsBack(reference) else { return .intent(intent) }
        if let last {
            guard (try? await library.isTitle(reference)) == true else { return .intent(intent.naming(last)) }
            if reference.contains(where: \.isUppercase) || TextKey.fold(last) == TextKey.fold(reference) { return .intent(intent) }
            // "it" is a title too ("It"), and a book was named lately: which one is asked, not guessed.
            guard let named = (try? await library.whoHas(last))?.first?.book, let titled = (try? await library.whoHas(reference))?.first?.book,
                  named.id != titled.id else { return .intent(intent.naming(last)) }
            let choice = BookChoice(intent: intent, language: nil, candidates: [named, titled].map { .init(book: $0, reference: "#\($0.id)") },
                                    showsNumbers: true)
            return .reply(offering(choice, in: words.explain(.ambiguous(reference: reference, candidates: [named, titled]), asker: sender.borrower),
                                   words: words, to: sender, at: now))
        }
        switch intent {
        case .returnBook, .renew: return .intent(intent)
        // "how long can I keep it?" with no book named: the rules.
        case .rules: return .intent((try? await library.isTitle(reference)) == true ? intent : .rules(book: nil))
        default: break
        }
        if (try? await library.isTitle(reference)) == true { return .intent(intent) }
        let l = words.language
        // The help topic is the intent's name in words, but for `pass`.
        var topic = intent.name.replacingOccurrences(of: "_", with: " ")
        if case .handOver = intent { topic = "pass" }
        if case .takeOver = intent { topic = "pass" }
        let example = Help.example(topic: topic, language: l)
        let name = CommandParser.unquote(reference)
        return .reply(Reply(.error, l == .en ? "Which book do you mean by “\(shortened(name))”? Name it by its title or its number (\(code: "#3"))."
                                             : "Quel livre, « \(shortened(name)) » ? Donnez son titre ou son numéro (\(code: "#3")).",
                            suggestion: example, language: l))
    }

    /// Keeps the book `intent` named (as typed), for "it" in the member's next command; forgets
    /// it when the intent named several books. A member's own books named without a title
    /// ("return it", "renew all") change nothing; a title such as "It" is kept.
    private func remember(_ intent: Intent, for sender: Sender, at now: Date) async {
        guard var reference = intent.bookReference else { return }
        // A book renamed goes by its new title.
        if case .edit(_, .title, let title) = intent { reference = title }
        // Longer than a title and its author, with a remark, could be: a paste, not one book
        // (and not looked up again).
        guard reference.utf8.count <= 2 * NewBook.maximumTextLength + 200 else {
            lastNamed.remove(sender.key, at: now)
            return
        }
        let key = TextKey.fold(reference)
        if LastNamedBook.pointsBack(folded: key) || Self.allWords.contains(key) || Self.oneBookWords.contains(key) || Self.bothWords.contains(key) {
            guard (try? await library.isTitle(reference)) == true else { return }
        }
        if Self.mayList(reference), !(await namesBooks(reference)) {
            lastNamed.remove(sender.key, at: now)
            return
        }
        lastNamed.set(reference, for: sender.key, at: now)
    }

    /// The one title of the library that `text` holds as whole words ("loved Dune" → "Dune"),
    /// the longest when one holds another; nil when it holds none, or several.
    private func onlyTitle(in text: String) async -> String? {
        let words = text.split(separator: " ").map { $0.trimming(",.;:!?()\"“”«»") }.filter { !$0.isEmpty }
        guard !words.isEmpty, words.count <= 40 else { return nil }
        var found: [Range<Int>] = []
        for length in stride(from: min(words.count, 12), through: 1, by: -1) {
            let runs = (0...(words.count - length)).map { $0..<($0 + length) }.filter { run in !found.contains { $0.overlaps(run) } }
            guard !runs.isEmpty else { continue }
            var left = runs
            while let index = try? await library.firstTitle(among: left.map { words[$0].joined(separator: " ") }) {
                found.append(left[index])
                left = left.filter { !$0.overlaps(left[index]) }
            }
        }
        guard found.count == 1, let run = found.first else { return nil }
        return words[run].joined(separator: " ")
    }

    /// A message that is nothing but a book's title, or whole words of one ("Gatsby"), its
    /// number (`#3`) or a number written the other way ("1984"), asks who has it, as an ISBN
    /// alone does, even when its first word looks like a misspelled verb ("Les Misérables" is
    /// not `ls`). A title alone with a typo stays not understood, with `who has` that book as
    /// the command it probably means ("Dnue"), which `run` offers, not runs; so is `who has #3`
    /// for a bare number ("3") that is no title but a book's number. All are answered
    /// in the language of the rest of the message ("Dune merci"), not of the title's words
    /// ("Le Petit Prince"), else in the committee's.
    private func readingTitleAlone(_ command: ParsedCommand, from sender: Sender, at now: Date) async -> ParsedCommand {
        // A whole title whose first word is a verb ("Return of the King", "Take Me Home", "Find
        // Me"): the member names the book, and is told who has it rather than having it
        // returned, lent or searched for by the rest of its words.
        if let words = command.words, (try? await library.firstTitle(among: [CommandParser.unquote(words)])) != nil {
            return ParsedCommand(intent: .whoHas(book: words), language: nil)
        }
        // "loved Dune, returning it": "it" is the book the message named before its command.
        if let aside = command.aside, let reference = command.intent.bookReference,
           LastNamedBook.pointsBack(reference) || LibraryService.withoutTrailingRemark(reference).map({ LastNamedBook.pointsBack(folded: $0) }) == true,
           let title = await onlyTitle(in: aside) {
            var named = command
            named.intent = command.intent.naming(title)
            named.aside = nil
            return named
        }
        guard case .unknown(let text, let verb) = command.intent else { return command }
        // "I don't need Dune anymore", "I'm done with Dune": the member's own side of the book
        // offered, bringing it back or leaving its line, whichever they are on.
        if let verb, let fitted = await fittingOffer(verb, for: sender, at: now) {
            return ParsedCommand(intent: .unknown(text: text, suggestion: fitted), language: command.language)
        }
        // "Ben gave me Dune", "I got Dune from Ben": someone's book handed to the sender, when
        // the book is one and the name no title (asked, "Ben gave me Dune?" is read by the parser).
        if let received = CommandParser.receivedFrom(command.words ?? text), (try? await library.titleNamesBooks(received.giver)) != true,
           await namesBookOrPointsBack(received.book) {
            return ParsedCommand(intent: .takeOver(book: received.book, from: received.giver),
                                 language: received.language)
        }
        // "I have Dune", "Dune is at my place": where the library has it. Theirs already: who
        // has it; on the shelf: its checkout, asked about; with one other member: taking it
        // over from them, asked about (books change hands without the bot being told).
        if let held = CommandParser.heldBySender(command.words ?? text), let statuses = try? await library.whoHas(held.book) {
            let l = held.language, me = sender.borrower
            // Asked ("I have Dune?"), who has it says whether they do.
            if command.asked || statuses.contains(where: { $0.loan?.borrower.isSamePerson(as: me) == true }) {
                return ParsedCommand(intent: .whoHas(book: held.book), language: l)
            }
            let free = statuses.contains { $0.isOnShelf(for: me) }
            let holders = statuses.compactMap(\.loan?.borrower)
            if !free, let holder = holders.first, holders.allSatisfy({ $0.isSamePerson(as: holder) }) {
                let offer = l.pick("take over ", "reprendre ") + held.book + l.pick(" from ", " de ") + holder.name
                return ParsedCommand(intent: .unknown(text: text, suggestion: offer), language: l)
            }
            let offer = free ? l.pick("checkout ", "emprunter ") + held.book : l.pick("who has ", "qui a ") + held.book
            return ParsedCommand(intent: .unknown(text: text, suggestion: offer), language: l)
        }
        // "Ben borrowed Dune", "give Ben Dune": when the book is one and the name no title.
        // ("Ben borrowed it": the book last named.)
        if let done = CommandParser.doneBySomeone(command.words ?? text), (try? await library.titleNamesBooks(done.name)) != true {
            if await namesBookOrPointsBack(done.book) { return ParsedCommand(intent: done.intent, language: done.language) }
        }
        // "Ben wants Dune", "can Ben borrow Dune?": lending it to Ben when a copy is on the
        // shelf, else putting him in line, asked about (either may be meant).
        // ("Ben can have it next": the book last named.)
        if let wanted = CommandParser.wantedBySomeone(command.words ?? text), (try? await library.titleNamesBooks(wanted.name)) != true,
           let book = LastNamedBook.pointsBack(wanted.book) ? lastNamed.value(for: sender.key, at: now)
                      : (try? await library.titleNamesBooks(wanted.book)) == true ? wanted.book : nil,
           let statuses = try? await library.whoHas(book) {
            let l = wanted.language, free = statuses.contains { $0.loan == nil && $0.book.report == nil }
            let offer = free ? l.pick("checkout ", "emprunter ") + book + l.pick(" as ", " pour ") + wanted.name
                             : l.pick("hold ", "réserver ") + book + l.pick(" for ", " pour ") + wanted.name
            return ParsedCommand(intent: .unknown(text: text, suggestion: offer), language: l)
        }
        // "does Ben have Dune?", "Ben has Dune now": who has it, when the book is one and the
        // name no title. Told of someone who does not have it, what would make it so is offered
        // too: the sender's copy given to them, or one on the shelf lent to them.
        if let held = CommandParser.heldBySomeone(command.words ?? text), (try? await library.titleNamesBooks(held.name)) != true,
           await namesBookOrPointsBack(held.book) {
            let l = held.language, whoHas = ParsedCommand(intent: .whoHas(book: held.book), language: l)
            guard !held.asked, !command.asked, !CommandParser.heldPronouns.contains(CommandParser.foldWord(held.name)),
                  let person = sender.person(named: held.name), let statuses = try? await library.whoHas(held.book),
                  !statuses.contains(where: { $0.loan?.borrower.isSamePerson(as: person) == true }) else { return whoHas }
            if statuses.contains(where: { $0.loan?.borrower.isSamePerson(as: sender.borrower) == true }) {
                let offer = l.pick("give ", "donner ") + held.book + l.pick(" to ", " à ") + held.name
                return ParsedCommand(intent: .unknown(text: text, suggestion: offer), language: l)
            }
            if statuses.contains(where: { $0.loan == nil && $0.book.report == nil && $0.keptFor == nil }) {
                let offer = l.pick("checkout ", "emprunter ") + held.book + l.pick(" as ", " pour ") + held.name
                return ParsedCommand(intent: .unknown(text: text, suggestion: offer), language: l)
            }
            return whoHas
        }
        // "Dune returned", "Dune back on the shelf", "Dune rendu": a return, when the words before
        // name a book ("it returned": the book last named); "welcome back" names none.
        if let returned = CommandParser.returnedBook(command.words ?? text), await namesBookOrPointsBack(returned.book) {
            return ParsedCommand(intent: .returnBook(book: returned.book), language: returned.language)
        }
        // "swap Dune for Emma": Dune back, Emma taken, in one message; the cut where both sides
        // name books ("swap it for Emma": the book last named given), else the only cut when
        // the book given is one (the other, misspelled, is answered as a checkout would be).
        if let swaps = CommandParser.swaps(command.words ?? text) {
            for cut in swaps.cuts where await namesBookOrPointsBack(cut.give) {
                if swaps.cuts.count > 1, (try? await library.titleNamesBooks(CommandParser.unquote(cut.take))) != true { continue }
                let l = swaps.language
                return ParsedCommand(intent: .several([
                    CommandPart(text: l.pick("return ", "rendre ") + cut.give, command: ParsedCommand(intent: .returnBook(book: cut.give), language: l), joiner: nil),
                    CommandPart(text: l.pick("checkout ", "emprunter ") + cut.take,
                                command: ParsedCommand(intent: .checkout(book: cut.take, borrower: nil), language: l), joiner: nil),
                ]), language: l)
            }
        }
        // "tag Dune classic": without "as", the book is the longest start of the words that is a
        // title, and the rest its categories.
        if let verb, let said = command.words, let tagging = await taggingWithoutAs(said, verb: verb) { return tagging }
        // A verb alone (`return`) is a command missing its book, and a whole command offered
        // for the words ("I'm done with Dune" → `return Dune`) is kept.
        if let verb, TextKey.fold(verb) == TextKey.fold(text) || VerbForm.named(verb) == nil { return command }
        // "science fiction books", "classic novels", "livres de science-fiction": a category's books.
        if verb == nil, let named = CommandParser.categoryBooks(text).map(CommandParser.onShelfOnly), let category = await category(named: named.text) {
            return ParsedCommand(intent: .search(query: category, onShelf: named.onShelf), language: command.language)
        }
        // "Dune status": who has it, when the words name a book ("it status" the one last named).
        if verb == nil, let subject = CommandParser.statusOf(text), await namesBookOrPointsBack(subject) {
            return ParsedCommand(intent: .whoHas(book: subject), language: command.language ?? .en)
        }
        // "what is Dune?", "c'est quoi Dune ?": everything about that book, when it is one.
        // ("what is it?": the book last named.)
        if verb == nil, let question = CommandParser.whatIsQuestion(text) {
            if await namesBookOrPointsBack(question.subject) { return ParsedCommand(intent: .show(book: question.subject), language: question.language) }
        }
        let reference = CommandParser.unquote(text)
        let language = CommandParser.parse(text).language == command.language ? nil : command.language
        var namesBooks = Self.isBookNumber(reference)
        if !namesBooks { namesBooks = (try? await library.titleNamesBooks(reference)) == true }
        if namesBooks { return ParsedCommand(intent: .whoHas(book: text), language: language) }
        // "the second one" alone, after a list: who has that book.
        if let shown = listed.value(for: sender.key, at: now), let place = BookChoice.place(TextKey.fold(reference), among: shown.count),
           shown.indices.contains(place) {
            return ParsedCommand(intent: .whoHas(book: "#\(shown[place])"), language: language)
        }
        // A category alone ("sci-fi", "poetry", "policiers"): its books.
        if let category = await category(named: reference) { return ParsedCommand(intent: .search(query: category), language: language) }
        // A bare number ("3", perhaps meant as #3): that book is offered, not asked about.
        if (1...9).contains(reference.count), reference.allSatisfy({ ("0"..."9").contains($0) }),
           (try? await library.resolve("#\(reference)")) != nil {
            let l = if let language { language } else { await preferredLanguage(of: sender) }
            return ParsedCommand(intent: .unknown(text: text, suggestion: l.pick("who has #", "qui a #") + reference), language: language)
        }
        guard let statuses = try? await library.whoHas(reference) else { return command }
        // One title (or its copies): that book is offered; several: none is.
        guard let book = statuses.first?.book, statuses.allSatisfy({ $0.book.title == book.title }) else {
            return ParsedCommand(intent: .unknown(text: text, suggestion: nil), language: language)
        }
        let l = if let language { language } else { await preferredLanguage(of: sender) }
        let whoHas = l.pick("who has ", "qui a ") + words(l, at: now).reference(book)
        return ParsedCommand(intent: .unknown(text: text, suggestion: whoHas), language: language)
    }

    /// The places in a list of `count` (from 0) that `reference` names when it names several: "the
    /// first and the third", "1st, 2nd and 4th", "the first two", "les deux premiers"; nil when
    /// it is no such list. A place may be past the end.
    static func places(in reference: String, among count: Int) -> [Int]? {
        let key = TextKey.fold(reference)
        guard key.utf8.count <= 120 else { return nil }
        let words = key.split(separator: " ")
        let numbers = ["two": 2, "three": 3, "four": 4, "five": 5, "deux": 2, "trois": 3, "quatre": 4, "cinq": 5]
        // "the first two", "les deux premiers", "the last three".
        if words.count == 3, ["the", "les"].contains(words[0]) {
            let (amount, which) = words[0] == "the" ? (numbers[String(words[2])], words[1]) : (numbers[String(words[1])], words[2])
            if let amount {
                if ["first", "premiers", "premieres"].contains(which) { return Array(0..<amount) }
                if ["last", "derniers", "dernieres"].contains(which) { return Array((count - amount)..<count) }  // past the start when too many
            }
        }
        // Cut where the typed text has its separators (folding drops the commas), then each folded.
        var parts = [reference.lowercased()]
        for separator in [",", " and ", " et ", " & "] {
            parts = parts.flatMap { $0.components(separatedBy: separator) }
        }
        let keys = parts.map(TextKey.fold).filter { !$0.isEmpty }
        guard keys.count > 1 else { return nil }
        var places: [Int] = []
        for part in keys {
            guard let place = BookChoice.place(part, among: count) else { return nil }
            if !places.contains(place) { places.append(place) }
        }
        return places
    }

    /// A return offered for a book the member does not have but waits for: leaving its line
    /// instead; leaving a line offered for a book the member has and does not wait for: bringing
    /// it back instead. Nil when the offer fits, or the book is not one. "It" is the book the
    /// member last named ("I don't need it anymore").
    private func fittingOffer(_ suggestion: String, for sender: Sender, at now: Date) async -> String? {
        let offered = CommandParser.parse(suggestion), l = offered.language ?? .en
        var book: String, returning: Bool
        switch offered.intent {
        case .returnBook(let named): (book, returning) = (named, true)
        case .cancelHold(let named, nil): (book, returning) = (named, false)
        default: return nil
        }
        if LastNamedBook.pointsBack(book) {
            guard let last = lastNamed.value(for: sender.key, at: now) else { return nil }
            book = last
        }
        guard let statuses = try? await library.whoHas(CommandParser.unquote(book)), !statuses.isEmpty,
              let (kept, awaited) = try? await library.lines(of: sender.borrower) else { return nil }
        let copies = Set(statuses.map(\.book.id))
        let has = statuses.contains { $0.loan?.borrower.isSamePerson(as: sender.borrower) == true }
        let waits = kept.contains { copies.contains($0.book.id) } || awaited.contains { copies.contains($0.status.book.id) }
        if returning, !has, waits { return l.pick("cancel hold ", "annuler la réservation de ") + book }
        if !returning, has, !waits { return l.pick("return ", "rendre ") + book }
        return nil
    }

    /// Whether `reference` names books of the library (whole words of a title), or points back
    /// at the book last named ("it"), which `recalling` then reads.
    private func namesBookOrPointsBack(_ reference: String) async -> Bool {
        if LastNamedBook.pointsBack(reference) { return true }
        // A book's number ("#4"), when the library has that book.
        if Self.isBookNumber(reference) { return (try? await library.resolve(reference)) != nil }
        return (try? await library.titleNamesBooks(CommandParser.unquote(reference))) == true
    }

    /// Whether `reference` is written as a book's number: "#" and digits ("#4").
    private static func isBookNumber(_ reference: String) -> Bool {
        reference.count > 1 && reference.hasPrefix("#") && reference.dropFirst().allSatisfy { ("0"..."9").contains($0) }
    }

    /// `tag` (or `untag`) typed without "as": "tag Dune classic", "untag The Hobbit Fantasy". The
    /// longest start of the words after the verb that is a title is the book, the rest its
    /// categories; nil when no start is one, or nothing follows it.
    private func taggingWithoutAs(_ said: String, verb: String) async -> ParsedCommand? {
        guard let form = VerbForm.named(verb), form.verb == .tag || form.verb == .untag else { return nil }
        let words = said.split(separator: " ").map(String.init)
        guard words.count > form.words.count + 1, words.count <= 40,
              words.prefix(form.words.count).map(CommandParser.foldWord) == form.words else { return nil }
        let rest = Array(words.dropFirst(form.words.count))
        let starts = (1..<rest.count).reversed().map { rest.prefix($0).joined(separator: " ") }
        // "tag it classic": the book last named.
        let pointer = starts.first(where: { LastNamedBook.pointsBack($0) })
        var index = pointer.flatMap { starts.firstIndex(of: $0) }
        if index == nil { index = try? await library.firstTitle(among: starts) }
        guard let index else { return nil }
        let book = starts[index], named = rest.dropFirst(book.split(separator: " ").count).joined(separator: " ")
        let categories = NewBook.splitCategories(CommandParser.unquote(named)).map(CommandParser.unquote).filter { !$0.isEmpty }
        guard !categories.isEmpty else { return nil }
        return ParsedCommand(intent: .categorize(book: book, categories: categories, remove: form.verb == .untag), language: form.language)
    }

    /// The library's category that `text` (a few words) names: as written, in the plural or
    /// singular ("mysteries", "policier"), shortened word by word ("sci-fi"), or as its
    /// adjective ("dystopian" Dystopia, "classical" Classic); or, for a genre, in the other
    /// language ("classique" Classic, "mystery" Policier); nil for none.
    private func category(named text: String) async -> String? {
        let typed = TextKey.fold(text).split(separator: " ")
        guard (1...3).contains(typed.count), let categories = try? await library.categories() else { return nil }
        func singular(_ word: Substring) -> Substring { word.hasSuffix("ies") ? word.dropLast(3) + "y" : word.hasSuffix("s") ? word.dropLast() : word }
        func named(_ words: [Substring]) -> String? {
            categories.first { category in
                let named = TextKey.fold(category.name).split(separator: " ")
                guard named.count == words.count else { return false }
                return zip(words, named).allSatisfy { typed, name in
                    singular(typed) == singular(name) || typed.count >= 2 && words.count > 1 && name.hasPrefix(typed)
                        || name.count >= 5 && typed.count <= name.count + 2 && typed.hasPrefix(name)
                }
            }?.name
        }
        if let category = named(typed) { return category }
        return Genres.names(of: typed.map(singular).joined(separator: " ")).lazy.compactMap { named($0.split(separator: " ")) }.first
    }

    /// "checkout A Prayer for Owen Meany": the last " for " (" as ", " pour ") names the
    /// borrower, unless the words after it end a title of the library. Then the member names
    /// that book, for themselves (also last in a list: "checkout Dune and A Prayer for Owen
    /// Meany"). The same for `hold` and `cancel hold`. Lending it to someone takes a name after the title:
    /// "checkout A Prayer for Owen Meany for Ana". Words after it that are no one's name ("for
    /// the trip", "for my son", "pour ce soir") leave the book with the sender, rather than
    /// record a loan to "the trip".
    private func readingWholeTitle(_ intent: Intent) async -> Intent {
        switch intent {
        case .checkout(let book, nil):
            // "can I have Dune after Ben?": a place in its line, unless the whole is a title
            // ("Life After Life").
            guard let after = [" after ", " après "].compactMap({ book.range(of: $0, options: [.caseInsensitive, .backwards]) }).max(by: { $0.lowerBound < $1.lowerBound }),
                  after.lowerBound > book.startIndex, book[after.upperBound...].split(separator: " ").count <= 2 else { return intent }
            let before = String(book[..<after.lowerBound])
            // "can I have it after Ben?": the book last named, unless the whole is a title.
            if LastNamedBook.pointsBack(before), (try? await library.isTitle(CommandParser.unquote(book))) != true { return .hold(book: before, holder: nil) }
            guard (try? await library.firstTitle(among: [CommandParser.unquote(book), CommandParser.unquote(before)])) == 1 else { return intent }
            return .hold(book: before, holder: nil)
        case .checkout(let book, let borrower?):
            if let whole = await wholeTitle(book, name: borrower) { return .checkout(book: whole, borrower: nil) }
            return CommandParser.isNoName(borrower) ? .checkout(book: book, borrower: nil) : intent
        case .cancelHold(let book, let holder?):
            if let whole = await wholeTitle(book, name: holder) { return .cancelHold(book: whole, holder: nil) }
            return CommandParser.isNoName(holder) ? .cancelHold(book: book, holder: nil) : intent
        case .hold(let book, let holder?):
            if let whole = await wholeTitle(book, name: holder) { return .hold(book: whole, holder: nil) }
            return CommandParser.isNoName(holder) ? .hold(book: book, holder: nil) : intent
        case .remind(let name, let book?):
            // "tell Ben Okafor Dune is due": the name's last word came with the book ("Okafor
            // Dune"). When that names no book but the words after one or two capitalised ones
            // do, those go with the name.
            let words = book.split(separator: " ")
            guard words.count >= 2, words.count <= 12, (try? await library.titleNamesBooks(CommandParser.unquote(book))) != true else { return intent }
            for cut in 1...min(2, words.count - 1) where words[..<cut].allSatisfy({ $0.first?.isUppercase == true }) {
                let rest = words[cut...].joined(separator: " ")
                if (try? await library.titleNamesBooks(CommandParser.unquote(rest))) == true {
                    return .remind(borrower: ([name] + words[..<cut].map(String.init)).joined(separator: " "), book: rest)
                }
            }
            return intent
        default:
            return intent
        }
    }

    /// "return Dune tomorrow", "je rends Dune demain": a time after the book is no part of its
    /// title (unless the whole is one: "The Day After Tomorrow"). Later is a plan: nothing is
    /// done, and who has the book (until when) is said; now is the command of the book. Asking to
    /// be reminded ("remind me about Dune tomorrow", "remind me to return Dune on Friday") is
    /// the rules of the book either way: reminders come on their own, which they say. Someone
    /// else reminded later ("remind Ben about Dune tomorrow") is a plan too: a reminder goes
    /// now or not at all.
    private func readingTime(_ intent: Intent) async -> Intent {
        switch intent {
        case .returnBook, .renew, .checkout, .hold, .whoHas, .rules(.some), .remind(_, .some): break
        default: return intent
        }
        guard let reference = intent.bookReference, let (book, later) = CommandParser.timeAfterBook(reference),
              (try? await library.titleNamesBooks(CommandParser.unquote(reference))) != true, await namesBookOrPointsBack(book) else { return intent }
        if case .rules = intent { return intent.naming(book) }
        return later ? .whoHas(book: book) : intent.naming(book)
    }

    /// `book` and `name` joined again by the separator they were cut at, when that ends with a
    /// whole title: the text itself, or what follows one of its list separators before the cut.
    private func wholeTitle(_ book: String, name: String) async -> String? {
        // Every (text, ending) to try, in order, asked of the library in one read.
        var candidates: [(whole: String, ending: String)] = []
        for separator in [" for ", " as ", " pour ", " on behalf of "] {
            let whole = book + separator + name
            let cut = whole.index(whole.startIndex, offsetBy: book.count)
            candidates.append((whole, whole))
            for listSeparator in [",", " and ", " et ", " & "] {
                var from = whole.startIndex
                while let found = whole.range(of: listSeparator, options: .caseInsensitive, range: from..<cut) {
                    candidates.append((whole, String(whole[found.upperBound...])))
                    from = found.upperBound
                }
            }
        }
        guard let first = try? await library.firstTitle(among: candidates.map(\.ending)) else { return nil }
        return candidates[first].whole
    }

    /// `checkout`, `return`, `renew` or `hold` of several books at once: "return Dune, Emma",
    /// "hold Dune and Emma", "renew all" (the asker's books). Each book is done as if typed alone, and
    /// the answers are gathered in one reply. Nil for one book, which `run` does.
    private func runSeveral(_ intent: Intent, sender: Sender, now: Date, words: Words) async throws -> Reply? {
        let reference: String, verb: SeveralVerb
        switch intent {
        case .checkout(let book, let borrower):
            // A mention nobody could resolve is said once, not once a book.
            guard sender.person(named: borrower) != nil else { return words.unresolved(borrower) }
            (reference, verb) = (book, .checkout)
        case .returnBook(let book): (reference, verb) = (book, .returnBook)
        case .renew(let book): (reference, verb) = (book, .renew)
        case .hold(let book, _): (reference, verb) = (book, .hold)
        case .cancelHold(let book, let holder):
            guard sender.person(named: holder) != nil else { return words.unresolved(holder) }
            (reference, verb) = (book, .cancelHold)
        case .whoHas(let book): (reference, verb) = (book, .whoHas)
        default: return nil
        }
        func single(_ book: String) -> Intent {
            switch intent {
            case .checkout(_, let borrower): .checkout(book: book, borrower: borrower)
            case .returnBook: .returnBook(book: book)
            case .hold(_, let holder): .hold(book: book, holder: holder)
            case .cancelHold(_, let holder): .cancelHold(book: book, holder: holder)
            case .whoHas: .whoHas(book: book)
            default: .renew(book: book)
            }
        }
        let parts: [String]
        /// Why the reference as a whole named no book, when it was then read as several.
        var wholeNotFound: LibraryError?
        let key = TextKey.fold(reference)
        // "return all": every book the asker has; "return it", "renew my book": their one book;
        // "return both": their two. But a book titled "Everything" or "It" is that book.
        let oneBook = Self.oneBookWords.contains(key) || LastNamedBook.pointsBack(folded: key)
        if verb == .returnBook || verb == .renew, Self.allWords.contains(key) || oneBook || Self.bothWords.contains(key),
           (try? await library.isTitle(reference)) != true {
            let loans = try await library.loans(of: sender.borrower)
            let l = words.language
            guard loans.count != 1 else { return try await run(single("#\(loans[0].book.id)"), sender: sender, now: now, words: words) }
            guard !loans.isEmpty else {
                return Reply(.info, RichText(stringLiteral: l.pick("You have no books.", "Vous n'avez aucun livre.")),
                             suggestion: l.pick("list available", "liste disponibles"), language: l)
            }
            if oneBook || Self.bothWords.contains(key) && loans.count != 2 {
                return whichOfYours(loans, single("#\(loans[0].book.id)"), words: words, to: sender, at: now)
            }
            parts = loans.map { "#\($0.book.id)" }
        } else if verb == .returnBook, let name = CommandParser.someonesBooks(reference), let person = sender.person(named: name),
                  (try? await library.isTitle(reference)) != true {
            // "return Ben's books", "return everything Ben has": each of Ben's books, as if named.
            let loans = try await library.loans(of: person)
            guard loans.count != 1 else { return try await run(single("#\(loans[0].book.id)"), sender: sender, now: now, words: words) }
            guard !loans.isEmpty else {
                let l = words.language
                return Reply(.info, l == .en ? "\(person.name) has no books." : "\(person.name) n'a aucun livre.", language: l)
            }
            parts = loans.map { "#\($0.book.id)" }
        } else if verb == .cancelHold, Self.allWords.contains(key) || Self.allHoldsWords.contains(key), (try? await library.isTitle(reference)) != true,
                  case .cancelHold(_, let holderName) = intent, let holder = sender.person(named: holderName) {
            // "cancel all my holds", "unhold all": every line the member is in (an admin's
            // "for Ben", every line Ben is in).
            let lines = try await library.lines(of: holder)
            let books = lines.kept.map(\.book) + lines.awaited.map(\.status.book)
            guard books.count != 1 else { return try await run(single("#\(books[0].id)"), sender: sender, now: now, words: words) }
            guard !books.isEmpty else {
                let l = words.language
                let you = holder.isSamePerson(as: sender.borrower)
                return Reply(.info, RichText(stringLiteral: you ? l.pick("You are not in line for any book.", "Vous n'êtes dans la file pour aucun livre.")
                                                                : l.pick("\(holder.name) is not in line for any book.", "\(holder.name) n'est dans la file pour aucun livre.")),
                             language: l)
            }
            parts = books.map { "#\($0.id)" }
        } else {
            guard Self.mayList(reference) else { return nil }
            do {
                return try await run(intent, sender: sender, now: now, words: words)
            } catch let error as LibraryError {
                switch error {
                case .notFound, .ambiguous: break
                default: throw error
                }
                guard var split = await books(listedIn: reference) else { throw error }
                wholeNotFound = error
                // A book named twice ("Dune, Dune") is done once.
                var named = Set<String>()
                split = split.filter { named.insert(TextKey.fold(CommandParser.unquote($0))).inserted }
                guard split.count > 1 else { return try await run(single(split[0]), sender: sender, now: now, words: words) }
                // A pasted page full of commas is not a pile of books.
                guard split.count <= Self.mostBooksAtOnce else {
                    return Reply(.error, RichText(stringLiteral: words.language.pick(
                        "That is \(split.count) books: at most \(Self.mostBooksAtOnce) at once.",
                        "Cela fait \(split.count) livres : \(Self.mostBooksAtOnce) au plus à la fois.")), language: words.language)
                }
                parts = split
            }
        }
        var replies: [Reply] = []
        var noneFound = true
        for part in parts {
            do {
                replies.append(try await run(single(part), sender: sender, now: now, words: words))
                noneFound = false
            } catch let error as LibraryError {
                if case .notFound = error {} else { noneFound = false }
                replies.append(words.explain(error, asker: sender.borrower))
            }
        }
        // "who has War and Peace", a book the library does not have: no book of that name,
        // rather than neither "War" nor "Peace" (a list with commas is books, each answered).
        if noneFound, let wholeNotFound, !reference.contains(",") { throw wholeNotFound }
        return words.several(replies, verb: verb)
    }

    /// A message of several commands: each is answered as if it came alone, in order, and the
    /// answers make one reply. A command joined by "and" or "," that names a book is one more
    /// book of the command before ("checkout Dune and Return of the King"). A command that asks
    /// for a confirmation, or gives one, must come alone: nothing is done otherwise.
    private func handle(_ parts: [CommandPart], from sender: Sender, at now: Date, words: Words) async -> Reply {
        var parts = parts
        var index = 1
        while index < parts.count {
            guard let joiner = parts[index].joiner, await namesBooks(parts[index].text) else {
                index += 1
                continue
            }
            let text = parts[index - 1].text + joiner + parts[index].text
            parts[index - 1] = CommandPart(text: text, command: CommandParser.parseOne(text), joiner: parts[index - 1].joiner)
            parts.remove(at: index)
        }
        let l = words.language
        guard parts.count > 1 else {
            guard let only = parts.first else { return Help.reply(topic: nil, language: l) }
            return await handle(CommandParser.withWords(only.command, of: only.text), from: sender, at: now)
        }
        guard parts.count <= Self.mostCommandsAtOnce else {
            return Reply(.error, RichText(stringLiteral: l.pick(
                "That is \(parts.count) commands: at most \(Self.mostCommandsAtOnce) in one message. Nothing was done.",
                "Cela fait \(parts.count) commandes : \(Self.mostCommandsAtOnce) au plus par message. Rien n'a été fait.")), language: l)
        }
        // A line that is a whole title starting with a verb is that book, as alone ("Remove Me").
        for index in parts.indices {
            parts[index].command = await readingTitleAlone(CommandParser.withWords(parts[index].command, of: parts[index].text), from: sender, at: now)
            parts[index].command.words = nil
        }
        if let alone = parts.first(where: { Self.mustComeAlone($0.command.intent) }) {
            return Reply(.error, l == .en ? "Nothing was done: send \(code: shortened(alone.text)) on its own."
                                          : "Rien n'a été fait : envoyez \(code: shortened(alone.text)) seul.", language: l)
        }
        var replies: [Reply] = []
        for part in parts {
            replies.append(await handle(part.command, from: sender, at: now))
        }
        // A suggestion that a later command of the message carries out ("checkout Dune then
        // return Dune": Try `return Dune`) is no advice: it goes.
        for index in replies.indices.dropLast() {
            guard let suggestion = replies[index].suggestion.map(TextKey.fold) else { continue }
            if parts[(index + 1)...].contains(where: { TextKey.fold($0.text) == suggestion }) { replies[index].suggestion = nil }
        }
        return words.oneAfterAnother(replies)
    }

    static let mostCommandsAtOnce = 10
    /// How many past loans `my history` shows.
    static let historyLength = 10
    /// How many members `top readers` ranks.
    static let readersShown = 10

    private static func changesTheLibrary(_ intent: Intent) -> Bool {
        switch intent {
        case .checkout, .returnBook, .renew, .hold, .cancelHold, .handOver, .takeOver, .add, .addISBN, .addCopy, .edit, .categorize, .renameCategory, .delete, .deleteCopy, .deleteCopies, .clean, .confirm, .undo: true
        default: false
        }
    }

    private static func mustComeAlone(_ intent: Intent) -> Bool {
        switch intent {
        case .delete, .clean, .confirm, .cancel: true
        default: false
        }
    }

    /// "The library now has 3 copies of it (#1, #4, #5)." when `added` is another copy of a
    /// book already there (on purpose, or added twice by mistake); another author's book of
    /// the same title is no copy.
    private func copiesLine(of added: Book, words: Words) async -> RichText? {
        var sameTitle = try? await library.whoHas(added.title)
        if sameTitle == nil { sameTitle = try? await library.whoHas(added.title + " by " + added.author) }
        guard let copies = sameTitle?.filter({ TextKey.fold($0.book.author) == TextKey.fold(added.author) }), copies.count > 1 else { return nil }
        let numbers = copies.map { "#\($0.book.id)" }.joined(separator: ", ")
        return words.language == .en ? "The library now has \(copies.count) copies of it (\(numbers))."
                                     : "La bibliothèque en a maintenant \(copies.count) exemplaires (\(numbers))."
    }

    /// New copies of a title someone waits for are kept for them, the first for the first in
    /// line, and so on: `reply` says so, suggests the first one's checkout, and they are told.
    private func tellKept(_ added: [Book], in reply: inout Reply, words: Words) async throws {
        let l = words.language
        for book in added {
            guard let kept = try await library.line(of: book.id).first else { continue }
            let it = added.count > 1 ? "#\(book.id)" : l.pick("it", "il")
            reply.lines.append(l == .en ? "\(kept.holder.name) was waiting for it: \(it) is kept for them\(words.until(kept.keptUntil))."
                                        : "\(kept.holder.name) l'attendait : \(added.count > 1 ? "le " + it : it) lui est réservé\(words.until(kept.keptUntil)).")
            if reply.notices.isEmpty {
                reply.suggestion = l.pick("checkout ", "emprunter ") + words.reference(book) + l.pick(" as ", " pour ") + kept.holder.name
            }
            reply.notices.append(words.keptNotice(book, for: kept, language: language(of: kept.holder)))
        }
    }

    /// What a deletion did to the lines that moved to another copy of the title: a line each
    /// for the admin ("Ben now waits for Dune #1."), and the notices to the holders whose copy
    /// is now kept for them, or whose kept copy went.
    private func movedLines(_ deleted: DeletedBooks, words: Words) -> (lines: [RichText], notices: [Notice]) {
        let l = words.language
        var lines: [RichText] = [], notices: [Notice] = []
        for moved in deleted.moved {
            let (name, book) = (moved.hold.holder.name, moved.to)
            if let kept = moved.keptNow {
                lines.append(l == .en ? "\(name) waited for it: \(bold: book.title) #\(book.id) is kept for them\(words.until(kept.keptUntil))."
                                      : "\(name) l'attendait : \(bold: book.title) #\(book.id) lui est réservé\(words.until(kept.keptUntil)).")
                notices.append(words.keptNotice(book, for: kept, language: language(of: kept.holder)))
                continue
            }
            lines.append(l == .en ? "\(name) now waits for \(bold: book.title) #\(book.id)." : "\(name) attend maintenant \(bold: book.title) #\(book.id).")
            guard moved.wasKept, let gone = deleted.books.first(where: { $0.id == moved.hold.bookID }) else { continue }
            let theirs = language(of: moved.hold.holder)
            notices.append(Notice(to: moved.hold.holder, reply: Reply(.info, theirs == .en
                ? "The copy of \(bold: gone.title) kept for you (#\(gone.id)) was taken out of the library: you are back in line for it (#\(book.id)), and will be told when a copy is kept for you."
                : "L'exemplaire de \(bold: gone.title) réservé pour vous (#\(gone.id)) a été retiré de la bibliothèque : vous êtes de nouveau dans la file (#\(book.id)), et serez prévenu quand un exemplaire vous sera réservé.",
                language: theirs)))
        }
        return (lines, notices)
    }

    /// Who waits first for `book`, if anyone.
    private func firstInLine(for book: Book) async throws -> Borrower? {
        try await library.line(of: book.id).first?.holder
    }

    /// `command` (parsed as `intent`) when the library would do it; `who has` the book when it
    /// would refuse (a return of a book that is not out, a checkout of one that is); nil when
    /// it names no book the library has.
    private func workable(_ intent: Intent, _ command: String, for sender: Sender, _ l: Language) async -> String? {
        let book: String, works: (BookStatus) -> Bool
        switch intent {
        // A yes or a no is no command to offer for other words ("Yes Man" is not `yes`).
        case .unknown, .confirm, .cancel: return nil
        case .returnBook(let reference): (book, works) = (reference, { $0.loan != nil })
        case .checkout(let reference, let named):
            guard let statuses = try? await library.whoHas(reference) else { return nil }
            if statuses.contains(where: { $0.isOnShelf(for: sender.borrower) }) { return command }
            // "I lent Dune to Ben" from Ana, who has it: she passed it on; the library lends it
            // to no one while she has it.
            if let named, Borrower(name: named).nameKey != sender.borrower.nameKey,
               statuses.contains(where: { $0.loan?.borrower.isSamePerson(as: sender.borrower) == true }) {
                return l == .en ? "pass \(reference) to \(named)" : "passer \(reference) à \(named)"
            }
            return l.pick("who has ", "qui a ") + reference
        case .handOver(let reference, _): (book, works) = (reference, { $0.loan?.borrower.isSamePerson(as: sender.borrower) == true })
        case .categorize(let reference, let named, remove: false):
            // "put Dune in classics": when the book is the library's and so is each category,
            // named as the library writes it ("Classic"); "put Dune in my bag" is no category.
            guard await namesBooks(reference), let known = try? await library.categories() else { return nil }
            var written: [String] = []
            for name in named {
                let key = TextKey.fold(name)
                guard let match = known.first(where: { let their = TextKey.fold($0.name); return their == key || their + "s" == key || their == key + "s" })
                else { return nil }
                written.append(match.name)
            }
            return l.pick("tag ", "classer ") + reference + l.pick(" as ", " dans ") + written.joined(separator: ", ")
        default: return command
        }
        guard let statuses = try? await library.whoHas(book) else { return nil }
        return statuses.contains(where: works) ? command : l.pick("who has ", "qui a ") + book
    }

    /// Whether `text` names a book (or several, all matching it) of the library.
    private func namesBooks(_ text: String) async -> Bool {
        do {
            _ = try await library.whoHas(CommandParser.unquote(text))
            return true
        } catch LibraryError.ambiguous {
            return true
        } catch {
            return false
        }
    }

    /// The commands whose "them" after a list means its books: who has, checkout, hold.
    private static func takesTheListed(_ intent: Intent) -> Bool {
        switch intent {
        case .whoHas, .checkout, .hold: true
        default: false
        }
    }

    /// The most books "checkout them" or "hold them" takes from a list the member was shown.
    private static let mostListedAtOnce = 5

    /// The words that name every book of the last list ("who has them?").
    private static let theListed: Set<String> = Set(["them", "those", "these", "all of them", "them all", "those books", "these books",
                                                     "all these books", "all those books", "eux", "ceux-la", "ceux-ci", "ces livres"].map(TextKey.fold))

    /// "all", "everything", "tout", "mes livres": every book the asker has.
    private static let allWords: Set<String> = ["all", "everything", "all my books", "my books", "all of them", "them all", "them",
                                                "all my loans", "my loans", "everything i have", "all books", "all the books", "all of my books",
                                                "every book", "all my stuff", "my stuff",
                                                "tout", "tous", "tous mes livres", "mes livres", "toutes"]
    /// Every line the asker is in: "cancel hold all my holds" (also `allWords`).
    private static let allHoldsWords: Set<String> = ["all my holds", "my holds", "all my reservations", "my reservations", "toutes mes reservations", "mes reservations"]
    /// The asker's one book, whatever it is: "renew my book" (and, with no book named lately,
    /// the words that point back at one: "return it", `LastNamedBook.pointsBack`).
    private static let oneBookWords: Set<String> = ["my book", "my loan", "mon livre", "mon emprunt"]

    /// What a search for "the same author" means.
    private enum AuthorMeant {
        /// The author of the book it points to.
        case author(String)
        /// It points back, but the member named no book lately.
        case noBookNamed
    }

    /// The author a search names through a book: "the same author", "this author", "him" (the
    /// book last named), "the author of Dune", "l'auteur de Dune"; nil when the words are no
    /// such thing, or a title of the library.
    private func authorMeant(by query: String, for sender: Sender, at now: Date) async throws -> AuthorMeant? {
        let key = TextKey.fold(query)
        let book: String
        if Self.sameAuthorWords.contains(key) {
            guard let last = lastNamed.value(for: sender.key, at: now) else {
                return (try? await library.isTitle(query)) == true ? nil : .noBookNamed
            }
            book = last
        } else if let named = Self.bookOfAuthor(in: query) {
            book = named
        } else {
            return nil
        }
        guard (try? await library.isTitle(query)) != true else { return nil }
        return .author(try await library.show(book).book.author)
    }

    /// The book of "the author of Dune", "l'auteur de Dune", "l'auteur du Petit Prince",
    /// "l'auteur d'Emma", as typed; nil for other words.
    private static func bookOfAuthor(in query: String) -> String? {
        let typed = query.split(separator: " ").map(String.init)
        let folded = typed.map(CommandParser.foldWord)
        if folded.count > 3, folded.starts(with: ["the", "author", "of"]) { return typed.dropFirst(3).joined(separator: " ") }
        guard folded.count > 1, folded[0] == "l'auteur" else { return nil }
        switch folded[1] {
        case "de" where folded.count > 2: return typed.dropFirst(2).joined(separator: " ")
        case "du" where folded.count > 2: return "Le " + typed.dropFirst(2).joined(separator: " ")
        case let elided where elided.hasPrefix("d'") && elided.count > 2:
            return ([String(typed[1].dropFirst(2))] + typed.dropFirst(2)).joined(separator: " ")
        default: return nil
        }
    }

    private static let sameAuthorWords: Set<String> = [
        "the same author", "same author", "this author", "that author", "the author", "him", "her",
        "le meme auteur", "meme auteur", "cet auteur", "lui", "elle",
    ]

    /// Whether `reference` is the member's own book in words ("my book", "mon livre", or one
    /// of `also`), not a title of the library that reads so.
    private func namesOwnBook(_ reference: String, also: Set<String> = []) async -> Bool {
        let key = TextKey.fold(reference)
        guard Self.oneBookWords.contains(key) || also.contains(key) else { return false }
        return (try? await library.isTitle(reference)) != true
    }
    /// The asker's two books: "return both".
    private static let bothWords: Set<String> = ["both", "both of them", "both books", "les deux", "tous les deux"]
    /// Whether `reference` has a list's separator: ",", "&", " and ", " et " (any case).
    private static func mayList(_ reference: String) -> Bool {
        CommandParser.hasSeparator(reference, anywhere: listSigns, beforeSpace: [], words: listWords)
    }
    private static let listSigns = Set(",&".utf8), listWords: [[UInt8]] = ["and", "et"].map { Array($0.utf8) }
    static let mostBooksAtOnce = 20
    /// How many of a search's best matches "available …" looks among for books on the shelf.
    static let mostShelfSearched = 200

    /// The books of "Dune, Emma and The Hobbit": the parts between commas (outside quotes),
    /// the last one cut at its last " and " / " et " / " & " unless it names a book as a whole
    /// ("Pride and Prejudice"). Nil when that is one book.
    private func books(listedIn reference: String) async -> [String]? {
        var parts = CommandParser.splitOutsideQuotes(reference, on: ",").map(CommandParser.unquote).filter { !$0.isEmpty }
        // "return Dune, it was great", "Dune, loved it": what the member thinks of the book is
        // no book (when it names none); what is left may be one.
        var remarked = false
        while parts.count > 1, let last = parts.last, CommandParser.isRemark(last), (try? await library.whoHas(last)) == nil {
            parts.removeLast()
            remarked = true
        }
        if remarked, parts.count == 1 { return parts }
        // `whoHas`, not `resolve`: a title with copies names one book here too.
        if let last = parts.last, (try? await library.whoHas(last)) == nil,
           let (left, right, _) = CommandParser.splitLast(last, separators: [" and ", " et ", " & "]) {
            parts.removeLast()
            parts += [left, right].map(CommandParser.unquote).filter { !$0.isEmpty }
        }
        return parts.count > 1 ? parts : nil
    }

    /// What the one who has `book` on `loan` can usefully do next: bring it back when it is late
    /// or someone waits for it, renew it when that would give more time, else nothing.
    private func nextStep(for book: Book, loan: Loan, now: Date, words: Words, waitedFor known: Bool? = nil) async -> String? {
        let l = words.language
        // Whether someone waits for it, read here unless the caller read it already.
        let waitedFor: Bool
        if let known { waitedFor = known } else { waitedFor = (try? await library.line(of: book.id))?.isEmpty == false }
        if loan.dueAt < now || waitedFor { return l.pick("return ", "rendre ") + words.reference(book) }
        let rules = library.rules
        guard loan.renewals < rules.maxRenewals, rules.firstRenewalDay(forDue: loan.dueAt) <= now else { return nil }
        return l.pick("renew ", "prolonger ") + words.reference(book)
    }

    /// A book reported lost or damaged: what becomes of it and of its loan, and who can take it
    /// off the shelf. The admins are told (each on their own platform), unless the member is
    /// one: then the reply says what to type.
    private func report(_ status: BookStatus, damaged: Bool, from sender: Sender, words: Words) -> Reply {
        let l = words.language, book = status.book, me = sender.borrower
        let number = "#\(book.id)"
        let mine = status.loan?.borrower.isSamePerson(as: me) == true
        let head: RichText = switch (l, damaged, mine) {
        case (.en, false, true): "Sorry to hear it: \(bold: book.title) (\(number)) is reported lost. It stays checked out to you, without reminders."
        case (.en, true, true): "Thanks for telling: \(bold: book.title) (\(number)) is reported damaged, and still checked out to you."
        case (.en, _, false): "Thanks for telling: \(bold: book.title) (\(number)) is reported \(damaged ? "damaged" : "lost")."
        case (.fr, false, true): "Désolé : \(bold: book.title) (\(number)) est signalé perdu. Il reste emprunté par vous, sans rappels."
        case (.fr, true, true): "Merci de l'avoir dit : \(bold: book.title) (\(number)) est signalé abîmé, et toujours emprunté par vous."
        case (.fr, _, false): "Merci de l'avoir dit : \(bold: book.title) (\(number)) est signalé \(damaged ? "abîmé" : "perdu")."
        }
        // Where it is, without the report just said.
        var bare = status
        bare.book.report = nil
        var lines: [RichText] = []
        let note = book.report?.note
        if let note { lines.append(l == .en ? "Noted: \(note)." : "Noté : \(note).") }
        if !mine {
            lines.append(status.loan != nil ? words.status(bare, asker: me)
                         : damaged ? (l == .en ? "It is on the shelf." : "Il est sur l'étagère.")
                         : (l == .en ? "Nobody has it checked out." : "Personne ne l'a emprunté."))
        }
        let mayDelete = Words.mayAdminister(sender, settings.admins)
        // Told in each admin's language, with where the book is, as said to no one in
        // particular ("Ana has Dune since …"), and what to type.
        let notices = adminNotices(from: sender, words: words) { their in
            Reply(.info, their.language == .en
                ? "\(sender.name) reports \(bold: book.title) (\(number)) \(damaged ? "damaged" : "lost")\(note.map { ": " + $0 } ?? "")."
                : "\(sender.name) signale \(bold: book.title) (\(number)) \(damaged ? "abîmé" : "perdu")\(note.map { " : " + $0 } ?? "").",
                lines: [their.status(bare), their.removal(of: book, endingItsLoan: false)],
                suggestion: their.language.pick("show ", "info ") + number, language: their.language)
        }
        if mayDelete {
            lines.append(words.removal(of: book, endingItsLoan: status.loan != nil))
        } else {
            // None of them on a platform that runs here: the member is to tell one.
            let who: RichText = notices.isEmpty ? (l == .en ? "Tell an admin" : "Prévenez un administrateur")
                                             : (l == .en ? "The admins are told" : "Les administrateurs sont prévenus")
            lines.append(l == .en ? "\(who): they can take it off the shelf\(status.loan == nil ? "" : ", which ends its loan"), or add a replacement."
                                  : "\(who) : ils peuvent le retirer de l'étagère\(status.loan == nil ? "" : ", ce qui clôt son emprunt"), ou en ajouter un autre.")
        }
        let back = l.pick("return ", "rendre ") + words.reference(book)
        let found = l.pick("found ", "j'ai retrouvé ") + words.reference(book)
        let repaired = words.reference(book) + l.pick(" is repaired", " est réparé")
        let until: RichText = switch (l, damaged, mine) {
        case (.en, false, true): "If it turns up, \(code: back)."
        case (.en, true, true): "It stays checked out to you until you \(code: back); once repaired, \(code: repaired)."
        case (.fr, false, true): "S'il réapparaît, \(code: back)."
        case (.fr, true, true): "Il reste emprunté par vous jusqu'à ce que vous le rendiez : \(code: back) ; une fois réparé, \(code: repaired)."
        case (.en, false, false): "If it turns up, \(code: found)."
        case (.en, true, false): "Once repaired, \(code: repaired)."
        case (.fr, false, false): "S'il réapparaît, \(code: found)."
        case (.fr, true, false): "Une fois réparé, \(code: repaired)."
        }
        lines.append(until)
        var reply = Reply(.info, head, lines: lines, language: l)
        reply.notices = notices
        return reply
    }

    /// A copy reported lost, returned: it turned up. The reply says so, and the
    /// admins who were told of the loss are told.
    private func turnedUp(_ book: Book, _ report: CopyReport, in reply: inout Reply, from sender: Sender, words: Words) {
        let l = words.language
        let by = report.by.isSamePerson(as: sender.borrower) ? l.pick("you", "vous") : report.by.name
        reply.lines.append(l == .en ? "It was reported lost by \(by) on \(words.day(report.at)): glad it turned up."
                                    : "Il avait été signalé perdu par \(by) le \(words.day(report.at)) : content qu'il soit retrouvé.")
        reply.notices += adminNotices(from: sender, words: words) { their in
            their.language == .en ? "\(sender.name) has \(bold: book.title) (#\(book.id)) in hand: it is no longer reported lost."
                                  : "\(sender.name) a \(bold: book.title) (#\(book.id)) en main : il n'est plus signalé perdu."
        }
    }

    /// A notice to each admin a direct message reaches (`settings.canMessage`, on their own
    /// platform), in the language they last wrote in, else the library's, unless the sender is
    /// an admin (who knows).
    private func adminNotices(from sender: Sender, words: Words, _ reply: (Words) -> Reply) -> [Notice] {
        guard !Words.mayAdminister(sender, settings.admins) else { return [] }
        let told = settings.admins.sorted().filter(settings.canMessage)
        guard !told.isEmpty else { return [] }
        return told.map { admin in
            let person = Borrower(name: admin, userID: admin)
            return Notice(to: person, reply: reply(words.speaking(language(of: person))))
        }
    }

    /// `adminNotices` of one sentence, with a command to try.
    private func adminNotices(from sender: Sender, words: Words, _ text: (Words) -> RichText, suggestion: String? = nil) -> [Notice] {
        adminNotices(from: sender, words: words) { their in Reply(.info, text(their), suggestion: suggestion, language: their.language) }
    }

    /// "I found Dune", "Dune is repaired": the copy's report taken back, and the admins, who
    /// were told of it, told. A copy with no such report: where it stands, nothing changed.
    private func takeBackReport(_ status: BookStatus, _ kind: ReportKind, from sender: Sender, at now: Date, words: Words) async throws -> Reply {
        let l = words.language, book = status.book, number = "#\(book.id)"
        let what = kind == .found ? l.pick("lost", "perdu") : l.pick("damaged", "abîmé")
        guard let report = book.report, report.kind == kind.copyReport else {
            return Reply(.info, l == .en ? "\(bold: book.title) (\(number)) was not reported \(what)." : "\(bold: book.title) (\(number)) n'était pas signalé \(what).",
                         lines: [words.status(status, asker: sender.borrower)], language: l)
        }
        let (updated, previous, next) = try await library.setReport(of: book.id, to: nil, at: now)
        undone(by: .restoreReport(bookID: book.id, previous), for: sender, at: now)
        var current = status
        current.book = updated
        if let next { (current.keptFor, current.keptUntil) = (next.holder, next.keptUntil) }
        let head: RichText = switch (l, kind) {
        case (.en, .found): "Good news: \(bold: book.title) (\(number)) is no longer reported lost."
        case (.fr, .found): "Bonne nouvelle : \(bold: book.title) (\(number)) n'est plus signalé perdu."
        case (.en, _): "\(bold: book.title) (\(number)) is no longer reported damaged."
        case (.fr, _): "\(bold: book.title) (\(number)) n'est plus signalé abîmé."
        }
        var reply = Reply(.success, head, lines: [words.status(current, asker: sender.borrower)], language: l)
        reply.notices = adminNotices(from: sender, words: words, { their in
            switch (their.language, kind) {
            case (.en, .found): "\(sender.name) found \(bold: book.title) (\(number)): it is no longer reported lost."
            case (.fr, .found): "\(sender.name) a retrouvé \(bold: book.title) (\(number)) : il n'est plus signalé perdu."
            case (.en, _): "\(sender.name) says \(bold: book.title) (\(number)) is repaired: it is no longer reported damaged."
            case (.fr, _): "\(sender.name) signale \(bold: book.title) (\(number)) réparé : il n'est plus signalé abîmé."
            }
        }, suggestion: l.pick("show ", "info ") + number)
        // Its line waited: the first in it is told it is kept for them.
        if let next { reply.notices.append(words.keptNotice(updated, for: next, language: language(of: next.holder))) }
        return reply
    }

    /// A copy on the shelf kept for the first in its line, now reported lost (`previous`: its
    /// report before): that member, who was told it is kept for them, is told it is missing.
    private func noLongerKept(_ book: Book, previous: CopyReport?, from sender: Sender, words: Words) async -> Notice? {
        guard book.report?.kind == .lost, previous?.kind != .lost,
              let details = try? await library.show("#\(book.id)"), details.loan == nil, let first = details.holds.first,
              !first.holder.isSamePerson(as: sender.borrower) else { return nil }
        let theirs = language(of: first.holder), their = words.speaking(theirs)
        let said = their.reportText(book) ?? ""
        return Notice(to: first.holder, reply: Reply(.info, theirs == .en
            ? "\(bold: book.title) is missing (\(said)): it is no longer kept for you. You stay first in line, and will be told when it turns up."
            : "\(bold: book.title) est introuvable (\(said)) : il ne vous est plus réservé. Vous restez premier de la file, et serez prévenu quand il sera retrouvé.",
            language: theirs))
    }

    /// `undo` after a deletion: the books back under their numbers, with their loans, holds and
    /// history; undone in turn by deleting them again.
    private func restore(_ deleted: DeletedBooks, sender: Sender, now: Date, words: Words) async throws -> Reply {
        let l = words.language
        let (books, kept) = try await library.restore(deleted, at: now)
        undone(by: .delete(books: books.map { "#\($0.id)" }), for: sender, at: now)
        let named = books.map { book -> RichText in "\(bold: book.title) (#\(book.id))" }
        // A copy that a place coming back was kept on: for the next in its line, who is told.
        let keptLines = kept.map { copy -> RichText in
            l == .en ? "\(copy.hold.holder.name) was waiting for it: \(bold: copy.book.title) #\(copy.book.id) is kept for them\(words.until(copy.hold.keptUntil))."
                     : "\(copy.hold.holder.name) l'attendait : \(bold: copy.book.title) #\(copy.book.id) lui est réservé\(words.until(copy.hold.keptUntil))."
        }
        var reply = books.count == 1 && named.count == 1
            ? Reply(.success, l == .en ? "\(named[0]) is back, with its loans and holds." : "\(named[0]) est rétabli, avec ses emprunts et réservations.",
                    lines: keptLines, language: l)
            : Reply(.success, l == .en ? "\(books.count) books are back, with their loans and holds:" : "\(books.count) livres sont rétablis, avec leurs emprunts et réservations :",
                    lines: named + keptLines, language: l)
        reply.notices = kept.map { words.keptNotice($0.book, for: $0.hold, language: language(of: $0.hold.holder)) }
        return reply
    }

    /// `undo` after `add 3 copies of Dune`: the copies added are deleted in one go and one reply,
    /// and `undo` puts them back. When one is out or kept for someone by now, each goes as
    /// `delete #N` would: a line moves back to the copy that is out, a loan is confirmed first.
    /// Undoes a category's renaming: each book's categories as they were; itself undone.
    private func recategorize(_ lists: [(id: Int64, categories: [String])], sender: Sender, now: Date, words: Words) async throws -> Reply {
        let l = words.language
        let changed = try await library.setCategories(lists)
        undone(by: .recategorize(changed.map { ($0.before.id, $0.before.categories) }), for: sender, at: now)
        return Reply(.success, l == .en ? "Categories set back on \(words.books(changed.count)):"
                                        : "Catégories rétablies sur \(words.books(changed.count)) :",
                     lines: recategorized(changed, withCategories: true, words: words),
                     language: l)
    }

    /// The books a category's renaming (or its undo) changed, one a line, the first ten, then
    /// how many more; with their categories now when `withCategories`.
    private func recategorized(_ changed: [(before: Book, after: Book)], withCategories: Bool, words: Words) -> [RichText] {
        let l = words.language, shown = 10
        let lines = changed.prefix(shown).map { book -> RichText in
            withCategories ? "#\(book.after.id) \(bold: book.after.title)\(l.pick(":", " :")) \(words.fieldValue(book.after, .categories))"
                           : "#\(book.after.id) \(bold: book.after.title)"
        }
        guard changed.count > shown else { return lines }
        return lines + [l == .en ? "… and \(changed.count - shown) more." : "… et \(changed.count - shown) autres."]
    }

    private func unadd(_ ids: [Int64], sender: Sender, now: Date, words: Words) async throws -> Reply {
        let l = words.language
        let references = ids.map { "#\($0)" }
        var copies: [BookDetails] = []
        for reference in references { copies.append(try await library.show(reference)) }
        guard let first = copies.first?.book, !copies.contains(where: { $0.loan != nil || !$0.holds.isEmpty }) else {
            var replies: [Reply] = []
            for reference in references.reversed() { replies.append(try await run(.delete(books: [reference]), sender: sender, now: now, words: words)) }
            return replies.count == 1 ? replies[0] : words.oneAfterAnother(replies)
        }
        let deleted = try await library.delete(references, at: now)
        undone(by: .restore(deleted), for: sender, at: now)
        let numbers = references.joined(separator: ", ")
        let left = ((try? await library.whoHas(first.title)) ?? []).filter { TextKey.fold($0.book.author) == TextKey.fold(first.author) }
        let leftLine: RichText = switch (l, left.count) {
        case (.en, 0): "The library has no other copy of it."
        case (.en, _): "The library has \(left.count) \(left.count == 1 ? "copy" : "copies") of it (\(left.map { "#\($0.book.id)" }.joined(separator: ", ")))."
        case (.fr, 0): "La bibliothèque n'en a pas d'autre exemplaire."
        case (.fr, _): "La bibliothèque en a \(left.count) exemplaire\(left.count == 1 ? "" : "s") (\(left.map { "#\($0.book.id)" }.joined(separator: ", ")))."
        }
        return Reply(.success, l == .en ? "Adding \(ids.count) copies of \(bold: first.title) is undone: \(numbers) are deleted."
                                        : "L'ajout de \(ids.count) exemplaires de \(bold: first.title) est défait : \(numbers) sont supprimés.",
                     lines: [leftLine, l == .en ? "\(code: "undo") within 10 minutes puts them back." : "\(code: "défaire") dans les 10 minutes les rétablit."],
                     language: l)
    }

    /// `undo` after a report, or after taking one back: the copy's report as it was.
    private func restoreReport(of bookID: Int64, to report: CopyReport?, sender: Sender, now: Date, words: Words) async throws -> Reply {
        let l = words.language
        let (book, previous, next) = try await library.setReport(of: bookID, to: report, at: now)
        undone(by: .restoreReport(bookID: bookID, previous), for: sender, at: now)
        let missingAgain = await noLongerKept(book, previous: previous, from: sender, words: words)
        let title: RichText = "\(bold: book.title) (#\(book.id))"
        let kind = report?.kind ?? previous?.kind
        let what = kind == .lost ? l.pick("lost", "perdu") : l.pick("damaged", "abîmé")
        let head: RichText = switch (l, report == nil) {
        case (.en, true): "\(title) is no longer reported \(what)."
        case (.fr, true): "\(title) n'est plus signalé \(what)."
        case (.en, false): "\(title) is reported \(what) again."
        case (.fr, false): "\(title) est de nouveau signalé \(what)."
        }
        var reply = Reply(.success, head, language: l)
        if let next {
            reply.lines.append(l == .en ? "\(next.holder.name) is first in line for it: it is kept for them\(words.until(next.keptUntil))."
                                        : "\(next.holder.name) est le premier à l'attendre : il lui est réservé\(words.until(next.keptUntil)).")
            reply.notices.append(words.keptNotice(book, for: next, language: language(of: next.holder)))
        }
        // The admins were told of a report the member takes back, and of a find (or a return
        // that turned a lost copy up) the member takes back.
        if report == nil, previous?.by.isSamePerson(as: sender.borrower) == true {
            reply.notices += adminNotices(from: sender, words: words) { their in
                their.language == .en ? "\(sender.name) takes back their report: \(bold: book.title) (#\(book.id)) is not \(kind == .lost ? "lost" : "damaged")."
                                      : "\(sender.name) retire son signalement : \(bold: book.title) (#\(book.id)) n'est pas \(kind == .lost ? "perdu" : "abîmé")."
            }
        } else if report != nil, previous == nil {
            reply.notices += adminNotices(from: sender, words: words) { their in
                their.language == .en ? "\(sender.name) takes back what they said: \(bold: book.title) (#\(book.id)) is reported \(kind == .lost ? "lost" : "damaged") again."
                                      : "\(sender.name) revient sur ce qu'il a dit : \(bold: book.title) (#\(book.id)) est de nouveau signalé \(kind == .lost ? "perdu" : "abîmé")."
            }
        }
        if let missingAgain { reply.notices.append(missingAgain) }
        return reply
    }

    /// `remind Ben about Dune`: a direct message to whoever has the books (all theirs, or those
    /// `reference` names), saying who asks. An admin may remind of any loan; a member, of one
    /// that is overdue or that they wait for, so nobody is nagged about a book they may keep.
    /// A loan is reminded of so at most once a day, and only where a direct message reaches;
    /// a book reported lost is not asked back (as in the daily reminders).
    private func remind(_ name: String, of reference: String?, from sender: Sender, at now: Date, words: Words) async throws -> Reply {
        if reference == nil, CommandParser.isEveryoneLate(name) { return try await remindEveryoneLate(from: sender, at: now, words: words) }
        // "remind whoever has Dune", "remind the borrower of Dune", and after a list "remind the
        // second one", "remind them": whoever has those books, of them.
        if let books = await remindedBooks(name, of: reference, for: sender, at: now) {
            var replies: [Reply] = []
            for book in books { replies.append(try await remindHolders(of: book, from: sender, at: now, words: words)) }
            return replies.count == 1 ? replies[0] : words.oneAfterAnother(replies)
        }
        guard let person = sender.person(named: name) else { return words.unresolved(name) }
        guard person.name.count <= Borrower.maximumNameLength else { throw LibraryError.nameTooLong(maximum: Borrower.maximumNameLength) }
        if person.isSamePerson(as: sender.borrower) { return try await run(.loansOf(borrower: nil), sender: sender, now: now, words: words) }
        return try await remind(person, of: reference, from: sender, at: now, words: words)
    }

    /// Whether `member` turned off their reminders before a due day (false where no reminders
    /// are sent, or when the library cannot tell: the rules then read as for everyone).
    private func isQuiet(_ member: Borrower) async -> Bool {
        guard settings.reminders != nil else { return false }
        return (try? await library.isQuiet(member)) == true
    }

    /// The books a reminder's `name` stands for: "whoever has Dune" (Dune), "the borrower" of
    /// `reference`, and after a list "the second one" (that book) or "them" (each of its
    /// books); nil for a member's name (or a title that reads so).
    private func remindedBooks(_ name: String, of reference: String?, for sender: Sender, at now: Date) async -> [String]? {
        if let book = CommandParser.whoeverHas(name) { return [book] }
        if let reference, CommandParser.isTheBorrower(name) { return [reference] }
        guard reference == nil, let shown = listed.value(for: sender.key, at: now), !shown.isEmpty, name.utf8.count <= 20 else { return nil }
        let key = TextKey.fold(name)
        if Self.theListed.contains(key) { return shown.map { "#\($0)" } }
        if let place = BookChoice.place(key, among: shown.count), shown.indices.contains(place) { return ["#\(shown[place])"] }
        return nil
    }

    /// A reminder to whoever has `book` (each, for several copies out), as `remind Ben about
    /// Dune` would be; a book nobody has, or the asker's own, says who has it.
    private func remindHolders(of book: String, from sender: Sender, at now: Date, words: Words) async throws -> Reply {
        var holders: [Borrower] = []
        for status in try await library.whoHas(book) {
            guard let borrower = status.loan?.borrower, !borrower.isSamePerson(as: sender.borrower),
                  !holders.contains(where: { $0.isSamePerson(as: borrower) }) else { continue }
            holders.append(borrower)
        }
        guard !holders.isEmpty else { return try await run(.whoHas(book: book), sender: sender, now: now, words: words) }
        var replies: [Reply] = []
        for holder in holders { replies.append(try await remind(holder, of: book, from: sender, at: now, words: words)) }
        return replies.count == 1 ? replies[0] : words.oneAfterAnother(replies)
    }

    /// "remind everyone who is late": each member with a book overdue (not one reported lost)
    /// is sent a reminder of their late books, once a day per book, as `remind Ben` would.
    private func remindEveryoneLate(from sender: Sender, at now: Date, words: Words) async throws -> Reply {
        let l = words.language
        var late: [Borrower] = [], ownLate = false
        for status in try await library.list(.overdue, at: now) where status.book.report?.kind != .lost {
            guard let borrower = status.loan?.borrower else { continue }
            if borrower.isSamePerson(as: sender.borrower) { ownLate = true; continue }
            if !late.contains(where: { $0.isSamePerson(as: borrower) }) { late.append(borrower) }
        }
        guard !late.isEmpty else {
            // Only the asker's own books late: theirs to bring back, no one to remind.
            return ownLate
                ? Reply(.info, RichText(stringLiteral: l.pick("Only your own books are late: no one else to remind.", "Seuls vos livres sont en retard : personne d'autre à relancer.")),
                        suggestion: l.pick("my books", "mes livres"), language: l)
                : Reply(.info, RichText(stringLiteral: l.pick("Nothing is overdue: no reminder to send.", "Aucun retard : pas de rappel à envoyer.")),
                        suggestion: l.pick("who has what", "qui a quoi"), language: l)
        }
        var replies: [Reply] = []
        for person in late.sorted(by: { $0.name.lowercased() < $1.name.lowercased() }) {
            replies.append(try await remind(person, of: nil, onlyLate: true, from: sender, at: now, words: words))
        }
        return replies.count == 1 ? replies[0] : words.oneAfterAnother(replies)
    }

    /// Reminds `person` of the books they have (of `reference`'s copies only, when given): a
    /// member may for a book that is late or that they wait for, an admin for any (`onlyLate`:
    /// the late ones, whoever asks).
    private func remind(_ person: Borrower, of reference: String?, onlyLate: Bool = false, from sender: Sender, at now: Date,
                        words: Words) async throws -> Reply {
        let l = words.language, me = sender.borrower
        var loans = try await library.loans(of: person).filter { $0.book.report?.kind != .lost && (!onlyLate || $0.loan.isOverdue(at: now)) }
        if let reference {
            let statuses = try await library.whoHas(reference)
            let ids = Set(statuses.map(\.book.id))
            loans = loans.filter { ids.contains($0.book.id) }
            if loans.isEmpty, let first = statuses.first {
                return Reply(.error, l == .en ? "\(person.name) does not have \(bold: first.book.title)." : "\(person.name) n'a pas \(bold: first.book.title).",
                             lines: [words.status(first, asker: me)], suggestion: l.pick("who has ", "qui a ") + words.reference(first.book), language: l)
            }
        }
        guard let first = loans.first else {
            return Reply(.info, l == .en ? "\(person.name) has no books to bring back." : "\(person.name) n'a aucun livre à rendre.",
                         suggestion: l.pick("who has what", "qui a quoi"), language: l)
        }
        let queues = try await library.holdQueues()
        func awaited(_ loaned: LoanedBook) -> Bool { queues[loaned.book.id]?.contains { $0.holder.isSamePerson(as: me) } == true }
        let remindable = Words.mayAdminister(sender, settings.admins) ? loans : loans.filter { $0.loan.isOverdue(at: now) || awaited($0) }
        guard !remindable.isEmpty else {
            let head: RichText = loans.count == 1
                ? (l == .en ? "\(first.loan.borrower.name) may keep \(bold: first.book.title) until \(words.day(first.loan.dueAt)): it is not late, so I sent no reminder."
                            : "\(first.loan.borrower.name) peut garder \(bold: first.book.title) jusqu'au \(words.day(first.loan.dueAt)) : il n'est pas en retard, je n'ai envoyé aucun rappel.")
                : (l == .en ? "None of \(first.loan.borrower.name)'s books is late, so I sent no reminder."
                            : "Aucun livre de \(first.loan.borrower.name) n'est en retard, je n'ai envoyé aucun rappel.")
            return Reply(.error, head, lines: (loans.count == 1 ? [] : loans.map { words.loanLine($0) }) + [RichText(stringLiteral: l.pick(
                "To have a book next, get in line: when it comes back, it is kept for you.",
                "Pour avoir un livre ensuite, faites la queue : à son retour, il vous est réservé."))],
                         suggestion: l.pick("hold ", "réserver ") + words.reference(first.book), language: l)
        }
        // The name and chat account the loans record; a loan made by name alone has none.
        guard let holder = remindable.first(where: { $0.loan.borrower.userID != nil })?.loan.borrower,
              let userID = holder.userID, settings.canMessage(userID) else {
            return Reply(.error, l == .en ? "I cannot send \(first.loan.borrower.name) a message (no chat account of theirs that I reach): tell them yourself."
                                          : "Je ne peux pas écrire à \(first.loan.borrower.name) (aucun compte de chat que j'atteigne) : dites-le-lui vous-même.",
                         lines: remindable.map { words.loanLine($0) }, language: l)
        }
        let claimed = try await library.claimNudges(for: remindable.map(\.loan.id), at: now, within: Self.nudgeInterval)
        let due = remindable.filter { claimed.contains($0.loan.id) }
        let already = remindable.filter { !claimed.contains($0.loan.id) }
        let alreadyLine: RichText? = already.isEmpty ? nil : (l == .en
            ? "Not \(already.map(\.book.title).joined(separator: ", ")): \(holder.name) was reminded of \(already.count == 1 ? "it" : "them") less than a day ago, and once a day is enough."
            : "Pas \(already.map(\.book.title).joined(separator: ", ")) : \(holder.name) a été relancé il y a moins d'un jour, et une fois par jour suffit.")
        guard !due.isEmpty else {
            return Reply(.info, alreadyLine ?? "", suggestion: l.pick("who has ", "qui a ") + words.reference(first.book), language: l)
        }
        var reply = Reply(.success, due.count == 1
            ? (l == .en ? "Sent \(holder.name) a reminder of \(words.loanLine(due[0]))." : "Rappel envoyé à \(holder.name) pour \(words.loanLine(due[0])).")
            : (l == .en ? "Sent \(holder.name) a reminder of \(words.books(due.count)):" : "Rappel envoyé à \(holder.name) pour \(words.books(due.count)) :"),
            lines: (due.count == 1 ? [] : due.map { words.loanLine($0) }) + (alreadyLine.map { [$0] } ?? []), language: l)
        reply.notices = [words.remindedNotice(due, to: holder, by: sender.borrower, awaited: due.filter(awaited).map(\.book.id),
                                              language: language(of: holder), at: now)]
        return reply
    }

    /// "How long can I keep Dune?" from the one who has it: until when, and whether and from
    /// when it can be renewed, then the rules.
    private func rulesOfOwnLoan(_ book: Book, _ loan: Loan, now: Date, words: Words) async -> Reply {
        let l = words.language, rules = library.rules
        let waitedFor = (try? await library.line(of: book.id))?.isEmpty == false
        let left = max(0, rules.maxRenewals - loan.renewals), from = rules.firstRenewalDay(forDue: loan.dueAt)
        let late = words.lateness(loan)
        let (title, due) = (book.title, words.day(loan.dueAt) + late)
        let times = l == .en ? (left == 1 ? "once more" : "\(left) more times") : (left == 1 ? "une fois" : "\(left) fois")
        let later = from > now ? l.pick(", from \(words.day(from))", ", à partir de \(words.day(from))") : ""
        let head: RichText = switch l {
        case .en where waitedFor: "You have \(bold: title), due \(due): it cannot be renewed while someone is waiting for it."
        case .en where left == 0: "You have \(bold: title), due \(due): it cannot be renewed again."
        case .en: "You have \(bold: title), due \(due): you can renew it \(times)\(later)."
        case .fr where waitedFor: "Vous avez \(bold: title), à rendre \(due) : il ne peut pas être prolongé tant que quelqu'un l'attend."
        case .fr where left == 0: "Vous avez \(bold: title), à rendre \(due) : il ne peut plus être prolongé."
        case .fr: "Vous avez \(bold: title), à rendre \(due) : vous pouvez encore le prolonger \(times)\(later)."
        }
        return Reply(.info, head, lines: words.rules(rules, reminders: settings.reminders, quiet: await isQuiet(loan.borrower)), suggestion: await nextStep(for: book, loan: loan, now: now, words: words, waitedFor: waitedFor), language: l)
    }

    /// What the asker can do about the book of `status`: take it when it is free or kept for
    /// them, bring it back when they have it, else wait in line; when they are in its line
    /// already, their place is said instead (`hold` would be refused).
    private func followUp(_ status: BookStatus, for sender: Sender, words: Words) async -> (line: RichText?, suggestion: String?) {
        let l = words.language, me = sender.borrower, book = words.reference(status.book)
        guard let loan = status.loan else {
            // Missing: no checkout until it turns up; a place in its line is told when it does.
            if status.book.report?.kind == .lost { return await placeOrHold(status.book, for: me, words: words) }
            if status.keptFor.map({ $0.isSamePerson(as: me) }) ?? true { return (nil, l.pick("checkout ", "emprunter ") + book) }
            return await placeOrHold(status.book, for: me, words: words)
        }
        if loan.borrower.isSamePerson(as: me) { return (nil, l.pick("return ", "rendre ") + book) }
        return await placeOrHold(status.book, out: loan, for: me, words: words)
    }

    /// For a book someone else has or is kept for: `hold` it, or, already in line for a book
    /// that is out, ask it back (`remind Ben about Dune`).
    private func placeOrHold(_ book: Book, out loan: Loan? = nil, for person: Borrower, words: Words) async -> (line: RichText?, suggestion: String?) {
        let l = words.language
        let holds = (try? await library.line(of: book.id)) ?? []
        guard let index = holds.firstIndex(where: { $0.holder.isSamePerson(as: person) }) else {
            return (nil, l.pick("hold ", "réserver ") + words.reference(book))
        }
        let remind = loan.map { l.pick("remind ", "relancer ") + $0.borrower.name + l.pick(" about ", " pour ") + words.reference(book) }
        return (l == .en ? "You are number \(index + 1) in line for it." : "Vous êtes numéro \(index + 1) dans la file.", remind)
    }

    /// A return or a renewal of a book that is not out: where it is, and what the asker can do
    /// (a book kept for someone else cannot be checked out).
    private func notOut(_ book: Book, sender: Sender, words: Words) async -> Reply {
        let l = words.language
        guard let status = (try? await library.whoHas("#\(book.id)"))?.first else { return words.explain(.notCheckedOut(book)) }
        if status.book.report?.kind == .lost {
            // Missing, not on the shelf: whoever returns it has probably found it.
            let found = l.pick("found ", "j'ai retrouvé ") + words.reference(status.book)
            let note = words.reportNote(status.book, asker: sender.borrower)
            return Reply(.error, l == .en ? "\(bold: book.title) is not checked out: it is missing\(note)."
                                          : "\(bold: book.title) n'est pas emprunté : il est introuvable\(note).",
                         lines: [l == .en ? "If you have it in hand, say \(code: found): it goes back on the shelf."
                                          : "Si vous l'avez en main, dites \(code: found) : il retourne sur l'étagère."],
                         suggestion: found, language: l)
        }
        let next = await followUp(status, for: sender, words: words)
        let keeper = status.keptFor.map { $0.isSamePerson(as: sender.borrower) ? l.pick("you", "vous") : $0.name }
        let text: RichText = switch (l, keeper) {
        case (.en, nil): "\(bold: book.title) is not checked out: it is on the shelf."
        case (.en, let keeper?): "\(bold: book.title) is not checked out: it is on the shelf, kept for \(keeper)\(words.until(status.keptUntil))."
        case (.fr, nil): "\(bold: book.title) n'est pas emprunté : il est sur l'étagère."
        case (.fr, let keeper?): "\(bold: book.title) n'est pas emprunté : il est sur l'étagère, réservé pour \(keeper)\(words.until(status.keptUntil))."
        }
        return Reply(.error, text, lines: next.line.map { [$0] } ?? [], suggestion: next.suggestion, language: l)
    }

    /// "return Dune for Zoe" when Zoe has no copy of it out: who has it, and how to bring it
    /// back as theirs.
    private func notTheirs(_ out: [BookStatus], owner: Borrower, sender: Sender, words: Words, nothingDone: String? = nil) -> Reply {
        let l = words.language
        let isAsker = owner.isSamePerson(as: sender.borrower)
        let holders = out.compactMap { status in
            status.loan.map { loan in
                let who = loan.borrower.isSamePerson(as: sender.borrower) ? l.pick("you", "vous") : loan.borrower.name
                let copy = out.count > 1 ? " (#\(status.book.id))" : ""
                return l == .en ? "\(who)\(copy), due \(words.day(loan.dueAt))" : "\(who)\(copy), à rendre \(words.day(loan.dueAt))"
            }
        }
        let title = out.first?.book.title ?? ""
        let text: RichText = switch l {
        case .en: isAsker ? "You have no copy of \(bold: title) out: it is with \(holders.joined(separator: "; "))."
                          : "\(owner.name) has no copy of \(bold: title) out: it is with \(holders.joined(separator: "; "))."
        case .fr: isAsker ? "Vous n'avez pas \(bold: title) : il est chez \(holders.joined(separator: " ; "))."
                          : "\(owner.name) n'a pas \(bold: title) : il est chez \(holders.joined(separator: " ; "))."
        }
        let suggestion = out.count == 1 ? out.first.map { l.pick("return ", "rendre ") + words.reference($0.book) } : nil
        return Reply(.error, text, lines: [RichText(stringLiteral: nothingDone ?? l.pick("Nothing was returned.", "Rien n'a été rendu."))],
                     suggestion: suggestion, language: l)
    }

    /// `intent(person)` run for each of `people`, its replies one after the other; the sender
    /// among them ("Ben and I", "Ben et moi") is nil, as when they ask of themselves. A list
    /// longer than `mostCommandsAtOnce` gets what a group gets: it names no one person.
    private func eachOf(_ people: [String], _ intent: (String?) -> Intent, sender: Sender, now: Date, words: Words) async throws -> Reply {
        guard people.count <= Self.mostCommandsAtOnce else { return words.unresolved(people.joined(separator: ", ")) }
        var replies: [Reply] = []
        for person in people {
            let named = ["i", "me", "myself", "moi", "je"].contains(TextKey.fold(person)) ? nil : person
            replies.append(try await run(intent(named), sender: sender, now: now, words: words))
        }
        return words.oneAfterAnother(replies)
    }

    private func run(_ intent: Intent, sender: Sender, now: Date, words: Words) async throws -> Reply {
        let l = words.language
        switch intent {
        case .checkout(let book, let borrowerName):
            guard let borrower = sender.person(named: borrowerName) else { return words.unresolved(borrowerName) }
            let lent: LoanedBook
            do {
                lent = try await library.checkout(book, to: borrower, at: now)
            } catch LibraryError.alreadyCheckedOut(let book, let loan) where loan.borrower.isSamePerson(as: borrower) {
                // Not someone else's book to wait for: the borrower has it already. When it is
                // late, returning it is the next step, not renewing.
                let mine = borrower.isSamePerson(as: sender.borrower), late = loan.dueAt < now
                let when: RichText = late ? l == .en ? "overdue since \(words.day(loan.dueAt))" : "en retard depuis \(words.day(loan.dueAt))"
                                          : l == .en ? "due \(words.day(loan.dueAt))" : "à rendre \(words.day(loan.dueAt))"
                // An error, as the other refusals: nothing was done, and on a platform only
                // the asker sees it.
                // With copies, another one on the shelf is taken by its number, on purpose.
                let free = (try? await library.whoHas(book.title))?.first { $0.isOnShelf(for: borrower) }
                let another: [RichText] = free.map { copy in
                    let command = l.pick("checkout #", "emprunter #") + String(copy.book.id) + (mine ? "" : l.pick(" as ", " pour ") + borrower.name)
                    return [l == .en ? "Another copy is on the shelf: \(code: command) takes it too."
                                     : "Un autre exemplaire est sur l'étagère : \(code: command) le prend aussi."]
                } ?? []
                return Reply(.error, l == .en
                    ? (mine ? "You already have \(bold: book.title), \(when)." : "\(loan.borrower.name) already has \(bold: book.title), \(when).")
                    : (mine ? "Vous avez déjà \(bold: book.title), \(when)." : "\(loan.borrower.name) a déjà \(bold: book.title), \(when)."),
                    lines: another, suggestion: await nextStep(for: book, loan: loan, now: now, words: words), language: l)
            } catch LibraryError.alreadyCheckedOut(let book, let loan) where loan.borrower.isSamePerson(as: sender.borrower) {
                // The asker has the book and lends it on (`checkout Dune as Ben` by Ana, who has
                // it): waiting in line for it is not the way; bringing it back first is.
                // Passed on, unless someone else waits for it: then it goes to them once back.
                if let first = try? await firstInLine(for: book), !first.isSamePerson(as: borrower) {
                    return Reply(.error, l == .en
                        ? "You have \(bold: book.title) (due \(words.day(loan.dueAt))), and \(first.name) is first in line for it: it goes to them once back."
                        : "Vous avez \(bold: book.title) (à rendre \(words.day(loan.dueAt))), et \(first.name) est premier dans la file : il lui revient à son retour.",
                        suggestion: l.pick("return ", "rendre ") + words.reference(book), language: l)
                }
                return Reply(.error, l == .en
                    ? "You have \(bold: book.title) (due \(words.day(loan.dueAt))): to hand it to \(borrower.name), pass it on."
                    : "Vous avez \(bold: book.title) (à rendre \(words.day(loan.dueAt))) : pour le donner à \(borrower.name), passez-le.",
                    suggestion: l == .en ? "pass \(words.reference(book)) to \(borrower.name)" : "passer \(words.reference(book)) à \(borrower.name)",
                    language: l)
            } catch LibraryError.heldForAnother(let book, let hold) where hold.holder.isSamePerson(as: sender.borrower) {
                // Kept for the asker, who lends it on (`checkout Dune as Chloé` by Ben): their
                // place comes first; giving it up lets the book go on.
                return Reply(.error, l == .en
                    ? "\(bold: book.title) is kept for you\(words.until(hold.keptUntil)): check it out yourself, or give up your place in line first, then check it out to \(borrower.name)."
                    : "\(bold: book.title) vous est réservé\(words.until(hold.keptUntil)) : empruntez-le vous-même, ou cédez d'abord votre place dans la file, puis empruntez-le pour \(borrower.name).",
                    suggestion: l.pick("cancel hold ", "annuler la réservation de ") + words.reference(book), language: l)
            } catch let error as LibraryError where borrower.isSamePerson(as: sender.borrower) {
                // Someone else has it, or it is kept for someone else: a member already in its
                // line is told their place rather than to `hold` it again (which is refused).
                switch error {
                case .alreadyCheckedOut(let book, _), .heldForAnother(let book, _):
                    var reply = words.explain(error, asker: sender.borrower)
                    let (place, suggestion) = await placeOrHold(book, for: borrower, words: words)
                    if let place { reply.lines.append(place) }
                    reply.suggestion = suggestion
                    return reply
                default:
                    throw error
                }
            }
            undone(by: .uncheckout(bookID: lent.book.id), for: sender, at: now)
            var reply = Reply(.success, l == .en
                ? "\(bold: lent.book.title) is checked out to \(borrower.name)."
                : "\(bold: lent.book.title) est emprunté par \(borrower.name).",
                lines: [l == .en ? "Due \(words.day(lent.loan.dueAt))." : "À rendre \(words.day(lent.loan.dueAt))."],
                suggestion: l.pick("return ", "rendre ") + words.reference(lent.book), language: l)
            // A loan in someone else's name is theirs to bring back: they are told.
            if !borrower.isSamePerson(as: sender.borrower) {
                reply.notices = [words.lentForNotice(lent, by: sender.borrower, language: language(of: borrower))]
            }
            return reply

        case .returnBook(let book):
            let receipt: ReturnReceipt
            do {
                receipt = try await library.returnBook(book, by: sender.borrower, at: now)
            } catch LibraryError.notCheckedOut(let book) {
                return await notOut(book, sender: sender, words: words)
            } catch LibraryError.notFound(let reference, let suggestions) {
                // "return Dune for Ana": brought back on someone's behalf (their copy, among copies).
                guard let (title, name, _) = CommandParser.splitLast(book, separators: [" for ", " as ", " pour "]),
                      let owner = sender.person(named: name), let statuses = try? await library.whoHas(CommandParser.unquote(title)) else {
                    throw LibraryError.notFound(reference: reference, suggestions: suggestions)
                }
                // Not their book: the loan of whoever has it is not closed in their name.
                let out = statuses.filter { $0.loan != nil }
                if !out.isEmpty, !out.contains(where: { $0.loan?.borrower.isSamePerson(as: owner) == true }) {
                    return notTheirs(out, owner: owner, sender: sender, words: words)
                }
                do {
                    receipt = try await library.returnBook(CommandParser.unquote(title), by: owner, at: now)
                } catch LibraryError.notCheckedOut(let book) {
                    return await notOut(book, sender: sender, words: words)
                }
            }
            return returned(receipt, sender: sender, now: now, words: words)

        case .renew(let book):
            let renewed: LoanedBook
            do {
                renewed = try await library.renew(book, by: sender.borrower, at: now)
            } catch LibraryError.notCheckedOut(let book) {
                return await notOut(book, sender: sender, words: words)
            }
            // Someone else's loan (renewed for them, or by mistake): whose it is is said, and they are told.
            let theirs = renewed.loan.borrower.isSamePerson(as: sender.borrower) ? nil : renewed.loan.borrower
            let due = words.day(renewed.loan.dueAt)
            let title: RichText = switch (l, theirs) {
            case (.en, nil): "\(bold: renewed.book.title) is renewed: due \(due)."
            case (.en, let borrower?): "\(bold: renewed.book.title) is renewed for \(borrower.name): due \(due)."
            case (.fr, nil): "\(bold: renewed.book.title) est prolongé : à rendre \(due)."
            case (.fr, let borrower?): "\(bold: renewed.book.title) est prolongé pour \(borrower.name) : à rendre \(due)."
            }
            var reply = Reply(.success, title,
                lines: [l == .en
                    ? "Renewal \(renewed.loan.renewals) of \(library.rules.maxRenewals)."
                    : "Prolongation \(renewed.loan.renewals) sur \(library.rules.maxRenewals)."],
                language: l)
            if theirs != nil { reply.notices = [words.renewedForNotice(renewed, by: sender.borrower, language: language(of: renewed.loan.borrower))] }
            return reply

        case .hold(let book, let holderName):
            // Anyone may put someone else in line, as they may lend them a book: the member is
            // told, and may leave the line.
            guard let holder = sender.person(named: holderName) else { return words.unresolved(holderName) }
            let you = holder.isSamePerson(as: sender.borrower)
            let placed: HoldPlacement
            do {
                placed = try await library.hold(book, for: holder, at: now)
            } catch LibraryError.holdOnOwnLoan(let book, let loan) {
                guard you else {
                    return Reply(.error, l == .en ? "\(holder.name) already has \(bold: book.title), due \(words.day(loan.dueAt))."
                                                  : "\(holder.name) a déjà \(bold: book.title), à rendre \(words.day(loan.dueAt)).",
                                 suggestion: l.pick("who has ", "qui a ") + words.reference(book), language: l)
                }
                var reply = words.explain(.holdOnOwnLoan(book, loan: loan))
                reply.suggestion = await nextStep(for: book, loan: loan, now: now, words: words)
                return reply
            } catch LibraryError.alreadyHolding(let book, _, let position) where !you {
                return Reply(.error, l == .en ? "\(holder.name) is already number \(position) in line for \(bold: book.title)."
                                              : "\(holder.name) est déjà numéro \(position) dans la file pour \(bold: book.title).",
                             suggestion: l.pick("who has ", "qui a ") + words.reference(book), language: l)
            } catch LibraryError.holdOnAvailableBook(let book) where !you {
                return Reply(.error, l == .en ? "\(bold: book.title) is on the shelf: check it out to \(holder.name) instead."
                                              : "\(bold: book.title) est sur l'étagère : empruntez-le plutôt pour \(holder.name).",
                             suggestion: l.pick("checkout ", "emprunter ") + words.reference(book) + l.pick(" as ", " pour ") + holder.name, language: l)
            }
            undone(by: .leaveLine(book: "#\(placed.book.id)", holder: placed.hold.holder), for: sender, at: now)
            // Who will be told, in the lines below the place in line.
            let told = you ? l.pick("You will be told", "Vous serez prévenu") : l.pick("\(holder.name) will be told", "Nous préviendrons \(holder.name)")
            let keptForThem = you ? l.pick("kept for you", "vous sera réservé") : l.pick("kept for them", "lui sera réservé")
            var reply = Reply(.success, you
                ? (l == .en ? "You are number \(placed.position) in line for \(bold: placed.book.title)."
                            : "Vous êtes numéro \(placed.position) dans la file pour \(bold: placed.book.title).")
                : (l == .en ? "\(holder.name) is number \(placed.position) in line for \(bold: placed.book.title)."
                            : "\(holder.name) est numéro \(placed.position) dans la file pour \(bold: placed.book.title)."),
                lines: [placed.currentLoan.map { loan -> RichText in
                    guard placed.copies > 1 else {
                        // Lost by whoever has it: it comes back only if it turns up.
                        if placed.book.report?.kind == .lost {
                            let reported = words.reportNote(placed.book, asker: sender.borrower)
                            return l == .en ? "\(loan.borrower.name) has it, due \(words.day(loan.dueAt))\(reported). \(told) if it turns up."
                                            : "\(loan.borrower.name) l'a, à rendre \(words.day(loan.dueAt))\(reported). \(told) s'il est retrouvé."
                        }
                        return l == .en ? "\(loan.borrower.name) has it, due \(words.day(loan.dueAt)). \(told) when it is back."
                                        : "\(loan.borrower.name) l'a, à rendre \(words.day(loan.dueAt)). \(told) à son retour."
                    }
                    // Some copies may be on the shelf yet kept for others, or missing: none is free.
                    let allOut = placed.copiesOut >= placed.copies
                    let all = !allOut ? "None of the \(placed.copies) copies is free" : placed.copies == 2 ? "Both copies are out" : "All \(placed.copies) copies are out"
                    let tous = allOut ? "Les \(placed.copies) exemplaires sont empruntés" : "Aucun des \(placed.copies) exemplaires n'est libre"
                    return l == .en
                        ? "\(all); the first due back is with \(loan.borrower.name), due \(words.day(loan.dueAt)). \(told) when one is \(keptForThem)."
                        : "\(tous) ; le premier à revenir est chez \(loan.borrower.name), à rendre \(words.day(loan.dueAt)). \(told) quand l'un d'eux \(keptForThem)." }
                    ?? (placed.book.report?.kind == .lost
                    // Missing: the line waits for it to turn up.
                    ? (l == .en ? "\(words.status(BookStatus(book: placed.book, loan: nil), asker: sender.borrower)) \(told) when it turns up."
                                : "\(words.status(BookStatus(book: placed.book, loan: nil), asker: sender.borrower)) \(told) quand il sera retrouvé.")
                    : l == .en
                    ? "It is on the shelf, kept for \(placed.keptFor?.holder.name ?? "the first in line")\(words.until(placed.keptFor?.keptUntil)). \(told) when it is \(keptForThem)."
                    : "Il est sur l'étagère, réservé pour \(placed.keptFor?.holder.name ?? "le premier de la file")\(words.until(placed.keptFor?.keptUntil)). \(told) quand il \(keptForThem).")],
                language: l)
            if !you { reply.notices = [words.heldForNotice(placed, by: sender.borrower, language: language(of: placed.hold.holder))] }
            return reply

        case .cancelHold(let book, let holderName):
            guard let holder = sender.person(named: holderName) else { return words.unresolved(holderName) }
            // Someone else's place in line (a member who left, away for months): admins only.
            let you = holder.isSamePerson(as: sender.borrower)
            if !you, let refusal = words.adminRefusal(sender, settings.admins, action: l.pick("take someone else out of a line", "retirer quelqu'un d'une file")) {
                return refusal
            }
            return try await leaveLine(book, holder: holder, sender: sender, now: now, words: words)

        case .whoHas(let book):
            // "where's my book", "when is my loan due": the member's books (unless a title says so).
            if await namesOwnBook(book, also: ["my books", "my stuff", "mes livres"]) {
                return try await run(.loansOf(borrower: nil), sender: sender, now: now, words: words)
            }
            let statuses: [BookStatus]
            do {
                statuses = try await library.whoHas(book)
            } catch LibraryError.notFound(let reference, let suggestions) {
                // "is Ben late?", "who has Ben", "Ben" alone: no book of that name, but a member
                // who borrowed: their books.
                if let person = await memberWhoBorrowed(named: CommandParser.unquote(book), for: sender) {
                    return try await run(.loansOf(borrower: person.name), sender: sender, now: now, words: words)
                }
                throw LibraryError.notFound(reference: reference, suggestions: suggestions)
            }
            let lines = statuses.map { words.status($0, asker: sender.borrower) }
            if statuses.count == 1, let status = statuses.first, let line = lines.first {
                let next = await followUp(status, for: sender, words: words)
                return Reply(.info, line, lines: next.line.map { [$0] } ?? [], suggestion: next.suggestion, language: l)
            }
            // Each copy with its number, the way to name that very copy (`return #2`).
            let numbered = zip(statuses, lines).map { status, line -> RichText in
                let number: RichText = "\(code: "#\(status.book.id)") "
                return RichText(spans: number.spans + line.spans)
            }
            listed.set(statuses.map(\.book.id), for: sender.key, at: now)
            return Reply(.info, l == .en ? "\(statuses.count) copies:" : "\(statuses.count) exemplaires :", lines: numbered, language: l)

        case .loansOf(let name):
            // "what do Ben and Ana have": what each has, one after the other.
            if let name, let people = Sender.severalNames(name.trimmingWhitespace()) {
                return try await eachOf(people, { .loansOf(borrower: $0) }, sender: sender, now: now, words: words)
            }
            // "what does everyone have": who has what.
            if let name, Sender.namesAGroup(name.trimmingWhitespace()) { return try await run(.digest, sender: sender, now: now, words: words) }
            guard let borrower = sender.person(named: name) else { return words.unresolved(name) }
            guard borrower.name.count <= Borrower.maximumNameLength else { throw LibraryError.nameTooLong(maximum: Borrower.maximumNameLength) }
            let loans = try await library.loans(of: borrower)
            let (kept, awaited) = try await library.lines(of: borrower)
            let you = name == nil
            // Books back on the shelf and kept for them: theirs to check out.
            let keptLines = kept.map { words.keptOnShelf($0, for: you ? nil : borrower.name) } + awaited.map(words.awaitedLine)
            guard !loans.isEmpty else {
                return Reply(.info, you
                    ? RichText(stringLiteral: l.pick("You have no books.", "Vous n'avez aucun livre."))
                    : (l == .en ? "\(borrower.name) has no books." : "\(borrower.name) n'a aucun livre."),
                    lines: keptLines,
                    suggestion: kept.first.map { l.pick("checkout ", "emprunter ") + words.reference($0.book) + (you ? "" : l.pick(" as ", " pour ") + borrower.name) }
                        ?? l.pick("list available", "liste disponibles"), language: l)
            }
            listed.set(loans.map(\.book.id) + kept.map(\.book.id) + awaited.map(\.status.book.id), for: sender.key, at: now)
            // The member's one book is what "it" means next ("return it"); among several, none is.
            if you {
                if loans.count == 1 { lastNamed.set("#\(loans[0].book.id)", for: sender.key, at: now) } else { lastNamed.remove(sender.key, at: now) }
            }
            // Named as the newest loan records them ("what does ana have" → "Ana has …").
            let shownName = loans.max { $0.loan.checkedOutAt < $1.loan.checkedOutAt }?.loan.borrower.name ?? borrower.name
            let title: RichText = you
                ? (l == .en ? "You have \(words.books(loans.count)):" : "Vous avez \(words.books(loans.count)) :")
                : (l == .en ? "\(shownName) has \(words.books(loans.count)):" : "\(shownName) a \(words.books(loans.count)) :")
            // Whether and when each was reminded: "has Ben been reminded?" is answered here.
            let reminded = try await library.lastReminders(of: loans.map(\.loan.id))
            return Reply(.info, title, lines: loans.map { words.loanLine($0, asker: sender.borrower, reminded: reminded[$0.loan.id]) } + keptLines,
                         suggestion: l.pick("return ", "rendre ") + words.reference(loans[0].book), language: l)

        case .handOver(let book, let name):
            // "give Dune to the library": a return, not a loan to "the library".
            if CommandParser.isPlace(name) { return try await run(.returnBook(book: book), sender: sender, now: now, words: words) }
            // Returned by the sender and lent on at once. Only the sender's own copy: a book on
            // the shelf is simply lent; someone else's is not theirs to pass.
            guard let person = sender.person(named: name) else { return words.unresolved(name) }
            let statuses = try await library.whoHas(book)
            let me = sender.borrower
            guard let mine = statuses.first(where: { $0.loan?.borrower.isSamePerson(as: me) == true }) else {
                let out = statuses.filter { $0.loan != nil }
                if out.count < statuses.count {
                    return try await run(.checkout(book: book, borrower: name), sender: sender, now: now, words: words)
                }
                var refusal = notTheirs(out, owner: me, sender: sender, words: words, nothingDone: l.pick("Nothing was passed on.", "Rien n'a été passé."))
                refusal.suggestion = out.first.map { l.pick("who has ", "qui a ") + words.reference($0.book) }
                return refusal
            }
            guard !person.isSamePerson(as: me) else {
                return Reply(.info, l == .en ? "You have \(bold: mine.book.title) already." : "Vous avez déjà \(bold: mine.book.title).",
                             suggestion: l.pick("renew ", "prolonger ") + words.reference(mine.book), language: l)
            }
            // They have a copy already: a second one is not passed to them.
            if let theirs = statuses.first(where: { $0.loan?.borrower.isSamePerson(as: person) == true }) {
                return Reply(.error, l == .en ? "\(person.name) already has \(bold: theirs.book.title) (#\(theirs.book.id)). Nothing was passed on."
                                              : "\(person.name) a déjà \(bold: theirs.book.title) (#\(theirs.book.id)). Rien n'a été passé.",
                             suggestion: l.pick("return ", "rendre ") + words.reference(mine.book), language: l)
            }
            // Someone waits for it: it goes to the first in line, not to whom the sender picks.
            let (returned, lent, wentToFirst): (Reply, LoanedBook, Bool)
            switch try await lendOn(mine.book, to: person, bringBack: words.reference(mine.book),
                                    nothingDone: l.pick("Nothing was passed on.", "Rien n'a été passé."), sender: sender, now: now, words: words) {
            case .refused(let reply): return reply
            case .lent(let back, let loan, let first): (returned, lent, wentToFirst) = (back, loan, first)
            }
            var passed = Reply(.success, l == .en ? "\(bold: lent.book.title) passes from you to \(person.name)."
                                                  : "Vous avez passé \(bold: lent.book.title) à \(person.name).",
                               lines: [l == .en ? "Due \(words.day(lent.loan.dueAt))." : "À rendre \(words.day(lent.loan.dueAt))."], language: l)
            // They are told it is theirs once, not also that it was kept for them on the way.
            passed.notices = returned.notices.filter { !$0.to.isSamePerson(as: person) }
                + [words.passedOnNotice(lent, by: me, language: language(of: lent.loan.borrower))]
            // `undo` takes it back as it was, rather than check it out anew as after a return;
            // not when it went to them as the first in line (their place in it is used up).
            var undo = undoable.value(for: sender.key, at: now)
            if undo?.at == now, case .command(.checkout("#\(mine.book.id)", nil))? = undo?.steps.last { undo?.steps.removeLast() }
            // Nor does a report of it lost, which the return took back, come back on its own.
            if wentToFirst, undo?.at == now, case .restoreReport(mine.book.id, _)? = undo?.steps.last { undo?.steps.removeLast() }
            if !wentToFirst, let previous = mine.loan { undo?.steps.append(.takeBack(passed: lent.loan, previous: previous, name: name)) }
            if let undo { undoable.set(undo, for: sender.key, at: now) }
            return passed

        case .takeOver(let book, let name):
            // Ben's copy, handed to the sender: returned for Ben and lent to the sender at once,
            // unless someone else is first in line for it.
            guard let giver = sender.person(named: name) else { return words.unresolved(name) }
            let me = sender.borrower
            guard !giver.isSamePerson(as: me) else { return try await run(.whoHas(book: book), sender: sender, now: now, words: words) }
            let statuses = try await library.whoHas(book)
            let mine = statuses.first { $0.loan?.borrower.isSamePerson(as: me) == true }
            guard let theirs = statuses.first(where: { $0.loan?.borrower.isSamePerson(as: giver) == true }) else {
                if let mine {
                    return Reply(.info, l == .en ? "You have \(bold: mine.book.title) already." : "Vous avez déjà \(bold: mine.book.title).",
                                 suggestion: l.pick("renew ", "prolonger ") + words.reference(mine.book), language: l)
                }
                // A copy from the shelf that was never checked out to them: lent to the sender.
                if statuses.contains(where: { $0.loan == nil }) {
                    return try await run(.checkout(book: book, borrower: nil), sender: sender, now: now, words: words)
                }
                let title = statuses.first?.book.title ?? book
                return Reply(.error, l == .en ? "\(giver.name) does not have \(bold: title). Nothing was changed."
                                              : "\(giver.name) n'a pas \(bold: title). Rien n'a été modifié.",
                             lines: statuses.map { words.status($0, asker: me) },
                             suggestion: statuses.first.map { l.pick("who has ", "qui a ") + words.reference($0.book) }, language: l)
            }
            if let mine {
                return Reply(.error, l == .en ? "You already have \(bold: mine.book.title) (#\(mine.book.id)). Nothing was changed."
                                              : "Vous avez déjà \(bold: mine.book.title) (#\(mine.book.id)). Rien n'a été modifié.",
                             suggestion: l.pick("return #", "rendre #") + "\(theirs.book.id)", language: l)
            }
            // Someone else waits for it: it goes to them, not to whoever has it in hand.
            let (returned, lent, wentToFirst): (Reply, LoanedBook, Bool)
            switch try await lendOn(theirs.book, to: me, bringBack: "#\(theirs.book.id)",
                                    nothingDone: l.pick("Nothing was changed.", "Rien n'a été modifié."), sender: sender, now: now, words: words) {
            case .refused(let reply): return reply
            case .lent(let back, let loan, let first): (returned, lent, wentToFirst) = (back, loan, first)
            }
            var taken = Reply(.success, l == .en ? "\(bold: lent.book.title) passes from \(giver.name) to you."
                                                 : "\(bold: lent.book.title) passe de \(giver.name) à vous.",
                              lines: [l == .en ? "Due \(words.day(lent.loan.dueAt))." : "À rendre \(words.day(lent.loan.dueAt))."],
                              suggestion: l.pick("return ", "rendre ") + words.reference(lent.book), language: l)
            // The giver hears it went to the sender, rather than that it was returned for them.
            let owner = theirs.loan?.borrower ?? giver, theirLanguage = language(of: owner)
            taken.notices = returned.notices.filter { !$0.to.isSamePerson(as: me) && !$0.to.isSamePerson(as: owner) }
                + [Notice(to: owner, reply: Reply(.info, theirLanguage == .en
                    ? "\(me.name) has \(bold: lent.book.title) now: you passed it on, and it is off your loans."
                    : "\(me.name) a maintenant \(bold: lent.book.title) : vous le lui avez passé, il n'est plus dans vos emprunts.",
                    language: theirLanguage))]
            // `undo` gives it back to them as it was; not when it went to the sender as the first
            // in line (that place is used up): then there is nothing to undo.
            var undo = undoable.value(for: sender.key, at: now)
            if undo?.at == now, case .reopen? = undo?.steps.last { undo?.steps.removeLast() }
            if !wentToFirst, let previous = theirs.loan {
                undo?.steps.append(.giveBack(taken: lent.loan, previous: previous))
                if let undo { undoable.set(undo, for: sender.key, at: now) }
            } else {
                undoable.remove(sender.key, at: now)
            }
            return taken

        case .history(let name, let period):
            // "what did Ben and Ana borrow": each one's, one after the other.
            if let name, let people = Sender.severalNames(name.trimmingWhitespace()) {
                return try await eachOf(people, { .history(borrower: $0, period: period) }, sender: sender, now: now, words: words)
            }
            guard let borrower = sender.person(named: name) else { return words.unresolved(name) }
            guard borrower.name.count <= Borrower.maximumNameLength else { throw LibraryError.nameTooLong(maximum: Borrower.maximumNameLength) }
            if let period { return try await history(of: borrower, named: name, in: period, now: now, words: words) }
            let (past, total) = try await library.pastLoans(of: borrower, limit: Self.historyLength)
            // The books they have now are borrowed too: "how many books have I borrowed?"
            let current = try await library.loans(of: borrower)
            let you = name == nil
            guard let last = current.max(by: { $0.loan.checkedOutAt < $1.loan.checkedOutAt }) ?? past.first else {
                // "Dune's history": no one who borrowed, but a book.
                if let name {
                    do { return words.details(try await library.show(name), asker: sender.borrower) } catch LibraryError.notFound {}
                }
                return Reply(.info, you
                    ? RichText(stringLiteral: l.pick("You have borrowed no book yet.", "Vous n'avez encore emprunté aucun livre."))
                    : (l == .en ? "\(borrower.name) has borrowed no book yet." : "\(borrower.name) n'a encore emprunté aucun livre."),
                    suggestion: l.pick("list available", "liste disponibles"), language: l)
            }
            let who = you ? nil : last.loan.borrower.name
            let count = words.books(total + current.count)
            // "(1 not yet returned)", or "all returned"; "the last 10" when more were returned.
            let open: String = switch (l, current.count, total) {
            case (.en, 0, 1): " and returned it"
            case (.fr, 0, 1): you ? " et l'avez rendu" : " et l'a rendu"
            case (.en, 0, _): ", all returned"
            case (.fr, 0, _): ", tous rendus"
            case (.en, 1, 0): ", not yet returned"
            case (.fr, 1, 0): ", pas encore rendu"
            case (.en, _, 0): ", none returned yet"
            case (.fr, _, 0): ", aucun encore rendu"
            case (.en, let n, _): " (\(n) not yet returned)"
            case (.fr, let n, _): n == 1 ? " (1 pas encore rendu)" : " (\(n) pas encore rendus)"
            }
            let shown = total > past.count ? l.pick("; the last \(past.count) returned", " ; les \(past.count) derniers rendus") : ""
            let title: RichText = switch (l, who) {
            case (.en, nil): "You have borrowed \(count)\(open)\(shown):"
            case (.en, let who?): "\(who) has borrowed \(count)\(open)\(shown):"
            case (.fr, nil): "Vous avez emprunté \(count)\(open)\(shown) :"
            case (.fr, let who?): "\(who) a emprunté \(count)\(open)\(shown) :"
            }
            let out = current.sorted { $0.loan.checkedOutAt > $1.loan.checkedOutAt }
            return Reply(.info, title, lines: (out + past).map { historyLine($0, words: words) }, language: l)

        case .digest:
            return try await Digest(library: library, words: words).reply()

        case .add(let title, let author, let publisher, let categories, let isbn):
            if let refusal = words.adminRefusal(sender, settings.admins, action: l.pick("add books", "ajouter des livres")) { return refusal }
            let added = try await library.add(NewBook(title: title, author: author, publisher: publisher, categories: categories, isbn: isbn), at: now)
            undone(by: .delete(books: ["#\(added.id)"]), for: sender, at: now)
            var reply = Reply(.success, l == .en
                ? "Added \(bold: added.title) by \(added.author) as #\(added.id)."
                : "\(bold: added.title) \(Language.frenchDe(before: added.author))\(added.author) est ajouté sous le numéro #\(added.id).",
                suggestion: l.pick("checkout ", "emprunter ") + words.reference(added), language: l)
            if let copies = await copiesLine(of: added, words: words) { reply.lines.append(copies) }
            try await tellKept([added], in: &reply, words: words)
            return reply

        case .addISBN(let isbn):
            if let refusal = words.adminRefusal(sender, settings.admins, action: l.pick("add books", "ajouter des livres")) { return refusal }
            guard let normalized = ISBN.normalize(isbn) else {
                throw LibraryError.invalidBook(field: .isbn, problem: .invalidISBN(isbn))
            }
            if let existing = try await library.book(withISBN: normalized) {
                // A second copy scanned on purpose is added with its title, as a copy.
                return Reply(.info, l == .en
                    ? "ISBN \(normalized) is already on the shelf: \(bold: existing.title) (#\(existing.id))."
                    : "L'ISBN \(normalized) est déjà sur l'étagère : \(bold: existing.title) (#\(existing.id)).",
                    lines: [l == .en ? "Another copy of it? Add it with its title and author." : "Un autre exemplaire ? Ajoutez-le avec son titre et son auteur."],
                    suggestion: l.pick("add ", "ajouter ") + Words.quoted(existing.title) + l.pick(" by ", " par ") + existing.author + " isbn: " + normalized,
                    language: l)
            }
            let byHand = l.pick("add TITLE by AUTHOR isbn: ", "ajouter TITRE par AUTEUR isbn: ") + normalized
            guard let catalog = settings.isbnCatalog else {
                return Reply(.error, l == .en
                    ? "I cannot look up ISBN \(normalized) by myself: give the title and the author with it."
                    : "Je ne sais pas retrouver l'ISBN \(normalized) tout seul : donnez aussi le titre et l'auteur.",
                    suggestion: byHand, language: l)
            }
            let entry: CatalogEntry?
            do {
                entry = try await catalog.book(isbn: normalized)
            } catch {
                let reason = (error as? ISBNCatalogError).map(words.catalogFailure) ?? l.pick("failed", "a échoué")
                return Reply(.error, l == .en
                    ? "I could not look up ISBN \(normalized): \(catalog.name) \(reason). Try again later, or give the title and the author with it."
                    : "Je n'ai pas pu chercher l'ISBN \(normalized) : \(catalog.name) \(reason). Réessayez plus tard, ou donnez le titre et l'auteur.",
                    suggestion: byHand, language: l)
            }
            guard let entry else {
                return Reply(.error, l == .en
                    ? "\(catalog.name) does not know ISBN \(normalized): give the title and the author with it."
                    : "\(catalog.name) ne connaît pas l'ISBN \(normalized) : donnez le titre et l'auteur.",
                    suggestion: byHand, language: l)
            }
            guard !entry.authors.isEmpty else {
                return Reply(.error, l == .en
                    ? "\(catalog.name) knows ISBN \(normalized) as \(bold: entry.title), with no author: give the author with it."
                    : "\(catalog.name) connaît l'ISBN \(normalized) sous le titre \(bold: entry.title), sans auteur : donnez l'auteur.",
                    suggestion: l.pick("add ", "ajouter ") + Words.quoted(entry.title) + l.pick(" by AUTHOR isbn: ", " par AUTEUR isbn: ") + normalized,
                    language: l)
            }
            // The genres among the catalog's subjects, named in the library's language.
            let categories = Genres.categories(fromSubjects: entry.subjects, language: settings.defaultLanguage)
            var added = try await run(.add(title: entry.title, author: entry.authors.joined(separator: ", "), publisher: entry.publisher,
                                           categories: categories, isbn: normalized), sender: sender, now: now, words: words)
            // Where the title and author came from, and how to put them right.
            if let book = try await library.book(withISBN: normalized) {
                let fields = categories.isEmpty ? l.pick("Title, author and publisher", "Titre, auteur et éditeur")
                                                : l.pick("Title, author, publisher and categories (\(categories.joined(separator: ", ")))",
                                                         "Titre, auteur, éditeur et catégories (\(categories.joined(separator: ", ")))")
                added.lines.insert(l == .en
                    ? "\(fields) from \(catalog.name); to change one: \(code: "edit #\(book.id) set title to …")."
                    : "\(fields) d'après \(catalog.name) ; pour en changer un : \(code: "modifier #\(book.id) titre = …").", at: 0)
            }
            return added

        case .addCopy(let reference, let count):
            if let refusal = words.adminRefusal(sender, settings.admins, action: l.pick("add books", "ajouter des livres")) { return refusal }
            // Copies are one title: any of them says what the new one is.
            guard let original = try await library.whoHas(reference).first?.book else {
                throw LibraryError.notFound(reference: reference, suggestions: [])
            }
            let copy = NewBook(title: original.title, author: original.author, publisher: original.publisher, categories: original.categories, isbn: original.isbn)
            guard count <= Self.mostBooksAtOnce else {
                return Reply(.error, l == .en ? "Too many copies: at most \(Self.mostBooksAtOnce) at once. Nothing was added."
                                              : "Trop d'exemplaires : \(Self.mostBooksAtOnce) au plus à la fois. Rien n'a été ajouté.",
                             suggestion: l.pick("add \(Self.mostBooksAtOnce) copies of ", "ajouter \(Self.mostBooksAtOnce) exemplaires de ") + words.reference(original),
                             language: l)
            }
            guard count > 1 else {
                return try await run(.add(title: copy.title, author: copy.author, publisher: copy.publisher, categories: copy.categories, isbn: copy.isbn),
                                     sender: sender, now: now, words: words)
            }
            // "add 3 copies of Dune": all or none, undone together, told in one reply.
            let added = try await library.add(Array(repeating: copy, count: count), at: now)
            undone(by: .unadd(bookIDs: added.map(\.id)), for: sender, at: now)
            let numbers = added.map { "#\($0.id)" }.joined(separator: ", ")
            var reply = Reply(.success, l == .en
                ? "Added \(count) copies of \(bold: original.title) by \(original.author): \(numbers)."
                : "\(count) exemplaires de \(bold: original.title) \(Language.frenchDe(before: original.author))\(original.author) sont ajoutés : \(numbers).",
                suggestion: l.pick("checkout ", "emprunter ") + words.reference(added[0]), language: l)
            if let last = added.last, let copies = await copiesLine(of: last, words: words) { reply.lines.append(copies) }
            try await tellKept(added, in: &reply, words: words)
            return reply

        case .edit(let book, let field, let value):
            if let refusal = words.adminRefusal(sender, settings.admins, action: l.pick("edit books", "modifier des livres")) { return refusal }
            let edited: [(before: Book, after: Book)]
            do {
                edited = try await library.edit(book, set: field, to: value)
            } catch LibraryError.ambiguous(let reference, let candidates) {
                // Which one: the same edit of the first, by its number, is what to type.
                var reply = words.explain(.ambiguous(reference: reference, candidates: candidates), asker: sender.borrower)
                if let first = candidates.first {
                    let french: [BookField: String] = [.title: "titre", .author: "auteur", .publisher: "éditeur", .categories: "catégories", .isbn: "isbn"]
                    reply.suggestion = l == .en ? "edit #\(first.id) set \(field.rawValue) to \(value)"
                                                : "modifier #\(first.id) \(french[field] ?? field.rawValue) = \(value)"
                }
                return reply
            }
            guard let (before, after) = edited.first else { throw LibraryError.notFound(reference: book, suggestions: []) }
            // `undo` sets the field of each copy back (an empty value clears an optional one).
            for (before, _) in edited {
                let previous = switch field {
                case .title: before.title
                case .author: before.author
                case .publisher: before.publisher ?? ""
                case .categories: before.categories.joined(separator: ", ")
                case .isbn: before.isbn ?? ""
                }
                undone(by: .edit(book: "#\(before.id)", field: field, value: previous), for: sender, at: now)
            }
            let shown = words.fieldValue(after, field), ids = edited.map { "#\($0.before.id)" }.joined(separator: ", ")
            // Named as members knew it: after a new title, "Emma (#2): the title is now Persuasion".
            return Reply(.success, l == .en
                ? "\(bold: before.title) (\(ids)): \(words.fieldName(field)) \(field == .categories ? "are" : "is") now \(shown)."
                : "\(bold: before.title) (\(ids)) : \(words.fieldName(field)) \(field == .categories ? "sont" : "est") maintenant \(shown).",
                language: l)

        case .renameCategory(let typed, let newName):
            if let refusal = words.adminRefusal(sender, settings.admins, action: l.pick("edit books", "modifier des livres")) { return refusal }
            let known = try await library.categories().map(\.name)
            if typed.isEmpty {
                // "delete category", "rename the category": which one, among the library's.
                guard let first = known.first else {
                    return Reply(.info, l == .en ? "No book has a category yet." : "Aucun livre n'a encore de catégorie.", language: l)
                }
                let example = newName == nil ? l.pick("delete category ", "supprimer la catégorie ") + first
                                             : l.pick("rename category SF to Science fiction", "renommer la catégorie SF en Science-fiction")
                var reply = words.noCategory("", among: known)
                reply.kind = .error
                reply.title = l == .en ? "Which category? For example \(code: example)." : "Quelle catégorie ? Par exemple \(code: example)."
                reply.suggestion = l.pick("categories", "catégories")
                return reply
            }
            // The category as the library writes it; a plural is the same ("classics").
            let key = TextKey.fold(typed)
            guard let name = known.first(where: { let their = TextKey.fold($0); return their == key || their + "s" == key || their == key + "s" }) else {
                var reply = words.noCategory(typed, among: known)
                reply.kind = .error
                reply.suggestion = l.pick("categories", "catégories")
                return reply
            }
            if newName?.isEmpty == true {
                let example = l.pick("rename category \(name) to NEW NAME", "renommer la catégorie \(name) en NOUVEAU NOM")
                return Reply(.error, l == .en ? "Rename \(name) to what? For example \(code: example)."
                                              : "Renommer \(name) en quoi ? Par exemple \(code: example).", language: l)
            }
            let cleaned = newName.map { TextKey.tidy($0) }
            if let cleaned, cleaned.isEmpty || cleaned == name {
                return Reply(.info, l == .en ? "The category is called \(name) already." : "La catégorie s'appelle déjà \(name).", language: l)
            }
            // Into another category the library has: merged, written as that one is.
            let target = cleaned.map { new in known.first { TextKey.fold($0) == TextKey.fold(new) && $0 != name } ?? new }
            let changed = try await library.renameCategory(name, to: target)
            undone(by: .recategorize(changed.map { ($0.before.id, $0.before.categories) }), for: sender, at: now)
            let undo: RichText = l == .en ? "\(code: "undo") within 10 minutes puts it back." : "\(code: "défaire") dans les 10 minutes la rétablit."
            let title: RichText
            switch (l, target) {
            case (.en, let target?):
                let merged = known.contains(target) ? " (merged: each keeps it once)" : ""
                title = "Category \(name) is now \(target)\(merged), on \(words.books(changed.count)):"
            case (.fr, let target?):
                let merged = known.contains(target) ? " (fusionnées : chacun ne la garde qu'une fois)" : ""
                title = "La catégorie \(name) s'appelle maintenant \(target)\(merged), sur \(words.books(changed.count)) :"
            case (.en, nil): title = "Category \(name) is taken off \(words.books(changed.count)):"
            case (.fr, nil): title = "La catégorie \(name) est retirée de \(words.books(changed.count)) :"
            }
            return Reply(.success, title, lines: recategorized(changed, withCategories: false, words: words) + [undo], language: l)

        case .categorize(let reference, let categories, let remove):
            if let refusal = words.adminRefusal(sender, settings.admins, action: l.pick("edit books", "modifier des livres")) { return refusal }
            let changed = try await library.changeCategories(of: reference, adding: remove ? [] : categories, removing: remove ? categories : [])
            guard let first = changed.first else { throw LibraryError.notFound(reference: reference, suggestions: []) }
            // The categories typed that each copy carried (for a removal) or lacked (for an
            // addition), and those some copy did.
            let touchedByCopy = changed.map { book in
                let carried = Set(book.before.categories.map(TextKey.fold))
                return categories.filter { remove == carried.contains(TextKey.fold($0)) }
            }
            let touched = categories.filter { category in touchedByCopy.contains { $0.contains(category) } }
            let ids = changed.map { "#\($0.before.id)" }.joined(separator: ", ")
            let shown = words.fieldValue(first.after, .categories)
            guard !touched.isEmpty else {
                let listed = categories.joined(separator: ", ")
                if remove {
                    return Reply(.error, l == .en ? "\(bold: first.before.title) (\(ids)) has no category \(listed): its categories are \(shown)."
                                                  : "\(bold: first.before.title) (\(ids)) n'a pas la catégorie \(listed) : ses catégories sont \(shown).", language: l)
                }
                return Reply(.info, l == .en ? "\(bold: first.before.title) (\(ids)) already has \(listed): its categories are \(shown)."
                                             : "\(bold: first.before.title) (\(ids)) a déjà \(listed) : ses catégories sont \(shown).", language: l)
            }
            // `undo` takes back from each copy what it was given (or gives back what it lost), not
            // a category a copy already had.
            if touchedByCopy.allSatisfy({ $0 == touched }) {
                undone(by: .categorize(book: words.reference(first.before), categories: touched, remove: !remove), for: sender, at: now)
            } else {
                for (book, undoing) in zip(changed, touchedByCopy) where !undoing.isEmpty {
                    undone(by: .categorize(book: "#\(book.before.id)", categories: undoing, remove: !remove), for: sender, at: now)
                }
            }
            // Copies that ended up alike are said in one line; otherwise each in its own.
            let alike = changed.allSatisfy { $0.after.categories == first.after.categories }
            let lines: [RichText] = (alike ? [first] : changed).map { book in
                let numbers = alike ? ids : "#\(book.before.id)", categories = words.fieldValue(book.after, .categories)
                return l == .en ? "\(bold: book.before.title) (\(numbers)): \(words.fieldName(.categories)) are now \(categories)."
                                : "\(bold: book.before.title) (\(numbers)) : \(words.fieldName(.categories)) sont maintenant \(categories)."
            }
            return Reply(.success, RichText(lines: lines), language: l)

        case .deleteCopy(let reference, let place):
            if let refusal = words.adminRefusal(sender, settings.admins, action: l.pick("delete books", "supprimer des livres")) { return refusal }
            let copies = try await library.whoHas(reference).sorted { $0.book.id < $1.book.id }
            let chosen: BookStatus?
            if let place {
                let index = place < 0 ? copies.count + place : place
                chosen = copies.indices.contains(index) ? copies[index] : nil
            } else {
                // A copy reported lost (missing: the one to take off the shelf), else the one
                // nobody has or waits for with the highest number, else the last.
                chosen = copies.last { $0.book.report?.kind == .lost } ?? copies.last { $0.loan == nil && $0.keptFor == nil } ?? copies.last
            }
            guard let chosen else {
                let numbers = copies.map { "#\($0.book.id)" }.joined(separator: ", "), title = copies.first?.book.title ?? reference
                return Reply(.error, l == .en
                    ? "The library has \(copies.count) \(copies.count == 1 ? "copy" : "copies") of \(bold: title) (\(numbers)): there is no copy \((place ?? 0) + 1)."
                    : "La bibliothèque a \(copies.count) exemplaire\(copies.count == 1 ? "" : "s") de \(bold: title) (\(numbers)) : il n'y a pas d'exemplaire \((place ?? 0) + 1).",
                    language: l)
            }
            // Deleted as `delete #N` is: at once when nobody has it or waits for it, else confirmed.
            return try await run(.delete(books: ["#\(chosen.book.id)"]), sender: sender, now: now, words: words)

        case .deleteCopies(let reference, let count):
            if let refusal = words.adminRefusal(sender, settings.admins, action: l.pick("delete books", "supprimer des livres")) { return refusal }
            let copies = try await library.whoHas(reference).sorted { $0.book.id > $1.book.id }
            guard copies.count >= count else {
                let numbers = copies.map { "#\($0.book.id)" }.reversed().joined(separator: ", "), title = copies.first?.book.title ?? reference
                let what: RichText = l == .en
                    ? "The library has \(copies.count) \(copies.count == 1 ? "copy" : "copies") of \(bold: title) (\(numbers)), not \(count). Nothing was deleted."
                    : "La bibliothèque a \(copies.count) exemplaire\(copies.count == 1 ? "" : "s") de \(bold: title) (\(numbers)), pas \(count). Rien n'est supprimé."
                // No suggestion: deleting every copy is not offered for a `yes`.
                return Reply(.error, what, language: l)
            }
            // Those reported lost first, then those nobody has or waits for, the highest numbers
            // first; confirmed, as deleting several books is, saying whose loan or place goes with them.
            let lost = copies.filter { $0.book.report?.kind == .lost }
            let free = copies.filter { $0.book.report?.kind != .lost && $0.loan == nil && $0.keptFor == nil }
            let inUse = copies.filter { $0.book.report?.kind != .lost && ($0.loan != nil || $0.keptFor != nil) }
            let chosen = (lost + free + inUse).prefix(count).sorted { $0.book.id < $1.book.id }
            return try await run(.delete(books: chosen.map { "#\($0.book.id)" }), sender: sender, now: now, words: words)

        case .delete(let references):
            if let refusal = words.adminRefusal(sender, settings.admins, action: l.pick("delete books", "supprimer des livres")) { return refusal }
            var books: [BookDetails] = []
            for reference in references {
                let details = try await library.show(reference)
                // A book named twice ("Dune, #1") is deleted once.
                if !books.contains(where: { $0.book.id == details.book.id }) { books.append(details) }
            }
            // One book nobody has or waits for goes at once; several, or one that is out or
            // waited for, are confirmed first, saying whose loan and place in line go with them.
            // A line that moves to another copy of the title goes nowhere.
            let deleting = Set(books.map(\.book.id))
            var inUse = books.contains { $0.loan != nil }
            for details in books where !inUse && !details.holds.isEmpty {
                inUse = try await !library.lineMoves(from: details.book, deleting: deleting)
            }
            if books.count == 1, !inUse {
                let deleted = try await library.delete(["#\(books[0].book.id)"], at: now)
                undone(by: .restore(deleted), for: sender, at: now)
                let book = books[0].book
                let (moved, notices) = movedLines(deleted, words: words)
                var reply = Reply(.success, l == .en ? "Deleted \(bold: book.title) (#\(book.id))." : "\(bold: book.title) (#\(book.id)) est supprimé.",
                                  lines: moved + [l == .en ? "\(code: "undo") within 10 minutes puts it back." : "\(code: "défaire") dans les 10 minutes le rétablit."],
                                  language: l)
                reply.notices = notices
                return reply
            }
            pending.set(PendingAction(action: .delete(books.map(\.book)), language: l), for: sender.key, at: now)
            let question: RichText = switch (l, books.count) {
            case (.en, 1): "Delete this book, with its loan and holds?"
            case (.en, _): "Delete these \(books.count) books, with their loans and holds?"
            case (.fr, 1): "Supprimer ce livre, avec son emprunt et ses réservations ?"
            case (.fr, _): "Supprimer ces \(books.count) livres, avec leurs emprunts et réservations ?"
            }
            return Reply(.confirmation, question, lines: books.map(words.deletionLine) + [words.confirmationHint],
                         suggestion: l.pick("yes", "oui"), language: l)

        case .clean:
            if let refusal = words.adminRefusal(sender, settings.admins, action: l.pick("empty the library", "vider la bibliothèque")) { return refusal }
            let count = try await library.counts().books
            guard count > 0 else { return Reply(.info, RichText(stringLiteral: l.pick("The library is already empty.", "La bibliothèque est déjà vide.")), language: l) }
            pending.set(PendingAction(action: .clean, language: l), for: sender.key, at: now)
            return Reply(.confirmation, l == .en
                ? (count == 1 ? "Delete the only book, with every loan, hold and the history?"
                              : "Delete all \(count) books, with every loan, hold and the history?")
                : (count == 1 ? "Supprimer le seul livre, avec tous les emprunts, réservations et l'historique ?"
                              : "Supprimer les \(count) livres, avec tous les emprunts, réservations et l'historique ?"),
                lines: [words.confirmationHint], suggestion: l.pick("yes", "oui"), language: l)

        case .confirm:
            guard let action = pending.remove(sender.key, at: now) else {
                switch offered.value(for: sender.key, at: now) {
                case .command(let offer, let last)?:
                    // `yes` to "Did you mean `checkout Dune`?": that command.
                    offered.remove(sender.key, at: now)
                    return await answering(offer, correcting: last, from: sender, at: now)
                case .choice(let choice, let last)?:
                    // `yes` to "which one?" still leaves the choice to make.
                    return whichOne(choice, correcting: last, words: words, for: sender, at: now)
                case nil:
                    return Reply(.info, RichText(stringLiteral: l.pick("There is nothing to confirm.", "Il n'y a rien à confirmer.")), language: l)
                }
            }
            let confirmedLanguage = action.language
            switch action.action {
            case .clean:
                let count = try await library.clean()
                let confirmedWords = words.speaking(confirmedLanguage)
                return Reply(.success, confirmedLanguage == .en
                    ? "Deleted \(confirmedWords.books(count)): the library is empty."
                    : "\(confirmedWords.books(count)) supprimé\(count > 1 ? "s" : "") : la bibliothèque est vide.", language: confirmedLanguage)
            case .delete(let books):
                let deleted = try await library.delete(books.map { "#\($0.id)" }, at: now)
                undone(by: .restore(deleted), for: sender, at: now)
                let confirmedWords = words.speaking(confirmedLanguage)
                let count = confirmedWords.books(deleted.books.count)
                let undo: RichText = confirmedLanguage == .en ? "\(code: "undo") within 10 minutes puts \(deleted.books.count == 1 ? "it" : "them") back."
                                                              : "\(code: "défaire") dans les 10 minutes \(deleted.books.count == 1 ? "le rétablit" : "les rétablit")."
                let (moved, notices) = movedLines(deleted, words: confirmedWords)
                var reply = Reply(.success, confirmedLanguage == .en ? "Deleted \(count)." : "\(count) supprimé\(deleted.books.count > 1 ? "s" : "").",
                                  lines: deleted.books.map { "#\($0.id) \(bold: $0.title)" } + moved + [undo], language: confirmedLanguage)
                reply.notices = notices
                return reply
            }

        case .undo:
            guard let undo = undoable.remove(sender.key, at: now), !undo.steps.isEmpty else {
                return Reply(.info, RichText(stringLiteral: l.pick(
                    "There is nothing to undo: a checkout, a return, a hold, leaving a line, passing a book on or reporting one, and a book added, edited, given a category or deleted can be undone within 10 minutes.",
                    "Il n'y a rien à défaire : un emprunt, un retour, une réservation, départ d'une file, passage ou signalement d'un livre, et un livre ajouté, modifié, recatégorisé ou supprimé se défont dans les 10 minutes.")),
                    language: l)
            }
            // The last change first. Each is done as if typed: a book someone waits for is not
            // checked out again over them, and an undo can itself be undone.
            var replies: [Reply] = []
            for step in undo.steps.reversed() {
                do {
                    switch step {
                    case .command(let command): replies.append(try await run(command, sender: sender, now: now, words: words))
                    case .rejoin(let hold): replies.append(try await rejoin(hold, sender: sender, now: now, words: words))
                    case .uncheckout(let bookID):
                        let receipt = try await library.returnBook("#\(bookID)", by: sender.borrower, at: now)
                        replies.append(returned(receipt, undoingCheckout: true, sender: sender, now: now, words: words))
                    case .leaveLine(let book, let holder):
                        replies.append(try await leaveLine(book, holder: holder, undoing: true, sender: sender, now: now, words: words))
                    case .takeBack(let passed, let previous, let name):
                        replies.append(try await takeBack(passed, restoring: previous, from: name, sender: sender, now: now, words: words))
                    case .giveBack(let taken, let previous):
                        replies.append(try await giveBack(taken, restoring: previous, sender: sender, now: now, words: words))
                    case .reopen(let loan): replies.append(try await reopen(loan, sender: sender, now: now, words: words))
                    case .restoreReport(let bookID, let report):
                        replies.append(try await restoreReport(of: bookID, to: report, sender: sender, now: now, words: words))
                    case .restore(let deleted): replies.append(try await restore(deleted, sender: sender, now: now, words: words))
                    case .unadd(let ids): replies.append(try await unadd(ids, sender: sender, now: now, words: words))
                    case .recategorize(let lists): replies.append(try await recategorize(lists, sender: sender, now: now, words: words))
                    }
                } catch let error as LibraryError {
                    replies.append(words.explain(error, asker: sender.borrower))
                }
            }
            return replies.count == 1 ? replies[0] : words.oneAfterAnother(replies)

        case .speak(let asked):
            // The command's language is the one asked for: `handle` noted it as the member's.
            return Reply(.success, asked == .en ? "OK: I answer you in English from now on." : "D'accord : je vous réponds en français désormais.",
                         lines: [asked == .en ? "Your reminders and messages come in English too. Write in French and I answer in French."
                                              : "Vos rappels et messages aussi. Écrivez en anglais et je réponds en anglais."],
                         language: asked)

        case .reminders(let on):
            let changed = try await library.setQuiet(!on, of: sender.borrower, at: now)
            let days = settings.reminders?.dueSoonDays
            if on {
                let before = switch (l, days) {
                case (_, nil): ""
                case (.en, 0?): " (on the day a book is due)"
                case (.fr, 0?): " (le jour où un livre est à rendre)"
                case (.en, let count?): " (from \(words.days(count)) before)"
                case (.fr, let count?): " (à partir de \(words.days(count)) avant)"
                }
                return Reply(.success, RichText(stringLiteral: changed
                                ? l.pick("OK: you are reminded again before your books are due\(before).", "D'accord : vous êtes de nouveau prévenu avant l'échéance de vos livres\(before).")
                                : l.pick("Your reminders are on already.", "Vos rappels sont déjà activés.")),
                             suggestion: l.pick("my books", "mes livres"), language: l)
            }
            return Reply(.success, RichText(stringLiteral: changed
                            ? l.pick("OK: no more reminders before your books are due.", "D'accord : plus de rappel avant l'échéance de vos livres.")
                            : l.pick("Your reminders before a due day are off already.", "Vos rappels avant l'échéance sont déjà désactivés.")),
                         lines: [RichText(stringLiteral: l.pick("A book late, or kept for you, is still reminded of: the library needs it back, or someone else gets it.",
                                                                "Un livre en retard, ou réservé pour vous, reste rappelé : la bibliothèque en a besoin, ou quelqu'un d'autre l'aura."))],
                         suggestion: l.pick("resume reminders", "réactive les rappels"), language: l)

        case .thanks:
            // "ok" to a question waiting for yes or no is not an answer to it: say so.
            if pending.value(for: sender.key, at: now) != nil {
                return Reply(.info, l == .en ? "Nothing is deleted until you answer \(code: "yes"); \(code: "cancel") keeps everything."
                                             : "Rien n'est supprimé avant votre \(code: "oui") ; \(code: "annuler") garde tout.",
                             suggestion: l.pick("cancel", "annuler"), language: l)
            }
            // "ok" to "Did you mean …?" is not quite a yes: how to answer is said.
            if case .choice(let choice, let last)? = offered.value(for: sender.key, at: now) {
                return whichOne(choice, correcting: last, words: words, for: sender, at: now)
            }
            if offered.value(for: sender.key, at: now) != nil {
                return Reply(.info, l == .en ? "Answer \(code: "yes") to do it, or \(code: "no")." : "Répondez \(code: "oui") pour le faire, ou \(code: "non").",
                             suggestion: l.pick("yes", "oui"), language: l)
            }
            return Reply(.info, RichText(stringLiteral: l.pick("You're welcome!", "Avec plaisir !")), language: l)

        case .several(let parts):
            return await handle(parts, from: sender, at: now, words: words)

        case .cancel:
            guard pending.remove(sender.key, at: now) != nil else {
                if offered.remove(sender.key, at: now) != nil {
                    return Reply(.info, RichText(stringLiteral: l.pick("OK: nothing was done.", "D'accord : rien n'a été fait.")), language: l)
                }
                // A change just made is undone, not cancelled: `undo` is offered.
                let undo = undoable.value(for: sender.key, at: now) != nil ? l.pick("undo", "défaire") : nil
                return Reply(.info, RichText(stringLiteral: l.pick("There is nothing to cancel.", "Il n'y a rien à annuler.")), suggestion: undo, language: l)
            }
            return Reply(.info, RichText(stringLiteral: l.pick("Cancelled: nothing was deleted.", "Annulé : rien n'a été supprimé.")), language: l)

        case .list(let filter, let order, let page):
            let limit = 25
            let skipped = (page - 1) * limit
            let books = try await library.list(filter, order: order, at: now, limit: limit + 1, offset: skipped)
            let counts = try await library.counts()
            // How many there are in all, where the counts tell (not for overdue books).
            let total: Int? = switch filter {
            case .all: counts.books
            case .available: counts.available
            case .checkedOut: counts.checkedOut
            case .reported: counts.reported
            case .overdue, .neverBorrowed: nil
            }
            guard !books.isEmpty else {
                if page > 1 {
                    // Past the last page: where the list ends, and its first page.
                    let pages = total.map { max(1, ($0 + limit - 1) / limit) }
                    return Reply(.info, l == .en ? "There is no page \(page)\(pages.map { ": the list has \($0) \($0 == 1 ? "page" : "pages")" } ?? "")."
                                                 : "Il n'y a pas de page \(page)\(pages.map { " : la liste en a \($0)" } ?? "").",
                                 suggestion: words.listCommand(filter, order, page: 1), language: l)
                }
                return Reply(.info, RichText(stringLiteral: words.emptyList(filter)),
                             suggestion: counts.books == 0 ? l.pick("add TITLE by AUTHOR", "ajouter TITRE par AUTEUR") : nil, language: l)
            }
            var lines = books.prefix(limit).map { words.listLine($0) }
            // The most borrowed: how often each was.
            if order == .popular {
                let lent = try await library.timesLent(books.prefix(limit).map(\.book.id))
                lines = zip(books.prefix(limit), lines).map { status, line in
                    guard let times = lent[status.book.id] else { return line }
                    let said: RichText = l == .en ? " — borrowed \(times == 1 ? "once" : "\(times) times")" : " — emprunté \(times) fois"
                    return RichText(spans: line.spans + said.spans)
                }
            }
            // Out the longest: since when, and for how long.
            if order == .longestOut {
                lines = zip(books.prefix(limit), lines).map { status, line in
                    guard let loan = status.loan else { return line }
                    let days = words.dates.daysAfter(loan.checkedOutAt, now: now)
                    let said: RichText = switch (l, days) {
                    case (.en, 0): " — out since today"
                    case (.fr, 0): " — emprunté aujourd'hui"
                    case (.en, _): " — out since \(words.day(loan.checkedOutAt)), \(words.days(days))"
                    case (.fr, _): " — emprunté depuis le \(words.day(loan.checkedOutAt)), \(words.days(days))"
                    }
                    return RichText(spans: line.spans + said.spans)
                }
            }
            var suggestion: String?
            if books.count > limit {
                let left = total.map { $0 - skipped - limit }
                let more = left.map { l.pick("… and \($0) more", "… et \($0) autres") } ?? l.pick("… and more", "… et d'autres")
                let next = words.listCommand(filter, order, page: page + 1)
                lines.append(RichText(stringLiteral: more + l.pick(": narrow it down with search, or see the next ones.",
                                                                   " : affinez avec chercher, ou voyez les suivants.")))
                suggestion = next
            }
            let range = page > 1 ? "\(skipped + 1)-\(skipped + min(books.count, limit))" : nil
            listed.set(books.prefix(limit).map(\.book.id), for: sender.key, at: now)
            return Reply(.info, words.listTitle(filter, shown: min(books.count, limit), total: counts, range: range),
                         lines: lines, suggestion: suggestion, language: l)

        case .search(var query, let onShelf):
            // "more by the same author", "other books by the author of Dune": that author's books.
            switch try await authorMeant(by: query, for: sender, at: now) {
            case .author(let author): query = author
            case .noBookNamed:
                return Reply(.error, RichText(stringLiteral: l.pick("Which author? Name a book first, or the author: for example `search Frank Herbert`.",
                                                                    "Quel auteur ? Nommez d'abord un livre, ou l'auteur : par exemple `chercher Frank Herbert`.")),
                             suggestion: l.pick("search Frank Herbert", "chercher Frank Herbert"), language: l)
            case nil: break
            }
            let shown = 10
            let matching = try await library.search(query, limit: onShelf ? Self.mostShelfSearched : shown + 1)
            guard !matching.isEmpty else {
                return Reply(.info, l == .en ? "Nothing matches '\(shortened(query))'." : "Rien ne correspond à « \(shortened(query)) ».",
                             suggestion: l.pick("list", "liste"), language: l)
            }
            // "available sci-fi": the copies on the shelf (not lost, not kept for someone else).
            let found = onShelf ? matching.filter { $0.isOnShelf(for: sender.borrower) } : matching
            guard !found.isEmpty else {
                return Reply(.info, l == .en ? "Nothing that matches '\(shortened(query))' is on the shelf: \(words.books(matching.count)) \(matching.count == 1 ? "is" : "are") out or kept."
                                             : "Rien de ce qui correspond à « \(shortened(query)) » n'est en rayon : \(words.books(matching.count)) \(matching.count == 1 ? "est emprunté ou gardé" : "sont empruntés ou gardés").",
                             suggestion: l.pick("search ", "chercher ") + query, language: l)
            }
            // The best ten; past them, a word more narrows it down.
            var lines = found.prefix(shown).map { words.listLine($0) }
            if found.count > shown {
                lines.append(RichText(stringLiteral: l.pick("… and more: add a word to narrow it down.", "… et d'autres : ajoutez un mot pour affiner.")))
            }
            let count = min(found.count, shown)
            listed.set(found.prefix(shown).map(\.book.id), for: sender.key, at: now)
            if onShelf {
                return Reply(.info, l == .en ? "\(found.count > shown ? "The first \(count)" : "\(count)") on the shelf for '\(shortened(query))':"
                                             : "\(found.count > shown ? "Les \(count) premiers" : "\(count)") en rayon pour « \(shortened(query)) » :",
                             lines: lines, language: l)
            }
            return Reply(.info, l == .en ? "\(found.count > shown ? "The first \(count)" : "\(count)") found for '\(shortened(query))':"
                                         : "\(found.count > shown ? "Les \(count) premiers" : "\(count)") \(count == 1 ? "trouvé" : "trouvés") pour « \(shortened(query)) » :",
                         lines: lines, language: l)

        case .categories:
            let categories = try await library.categories()
            guard let first = categories.first else {
                return Reply(.info, RichText(stringLiteral: l.pick("No book has a category yet.", "Aucun livre n'a encore de catégorie.")),
                             lines: [l == .en ? "Admins give them with \(code: "edit Dune set categories to Science fiction")."
                                              : "Les administrateurs les donnent avec \(code: "modifier Dune catégories = Science-fiction")."],
                             language: l)
            }
            let shown = 25
            var lines: [RichText] = categories.prefix(shown).map { category in
                "\(bold: category.name) — \(words.books(category.books))"
            }
            if categories.count > shown {
                lines.append(RichText(stringLiteral: l.pick("… and \(categories.count - shown) more.", "… et \(categories.count - shown) autres.")))
            }
            return Reply(.info, l == .en ? "\(categories.count) \(categories.count == 1 ? "category" : "categories"):"
                                         : "\(categories.count) \(categories.count == 1 ? "catégorie" : "catégories") :",
                         lines: lines, suggestion: l.pick("search ", "chercher ") + first.name, language: l)

        case .stats:
            return words.statistics(try await library.statistics(at: now))

        case .readers:
            let (thisYear, inAll) = try await library.readers(at: now, limit: Self.readersShown)
            return words.readers(thisYear: thisYear, inAll: inAll, asker: sender.borrower)

        case .whoAmI:
            // The name a checkout, a hold or a reminder goes by; in chat, the member's account
            // too, which keeps them theirs under a new display name.
            let me = sender.borrower
            let loans = try await library.loans(of: me)
            let (kept, awaited) = try await library.lines(of: me)
            let waits = awaited.count
            let account: RichText = me.userID == nil
                ? RichText(stringLiteral: l.pick("Your loans and holds go under that name.", "Vos emprunts et réservations sont à ce nom."))
                : RichText(stringLiteral: l.pick("Your loans and holds go under that name and your chat account: they stay yours if you change your display name.",
                                                 "Vos emprunts et réservations sont à ce nom et à votre compte : ils restent les vôtres si vous changez de nom d'affichage."))
            let holding: String = switch (l, loans.count, waits) {
            case (.en, 0, 0): "You have no books, and are in no line."
            case (.en, _, 0): "You have \(words.books(loans.count))."
            case (.en, _, _): "You have \(loans.isEmpty ? "no books" : words.books(loans.count)), and are in line for \(words.books(waits))."
            case (.fr, 0, 0): "Vous n'avez aucun livre, et n'êtes dans aucune file."
            case (.fr, _, 0): "Vous avez \(words.books(loans.count))."
            case (.fr, 0, _): "Vous n'avez aucun livre, et êtes dans la file pour \(words.books(waits))."
            case (.fr, _, _): "Vous avez \(words.books(loans.count)), et êtes dans la file pour \(words.books(waits))."
            }
            // A book back and kept for them is theirs to take: said, and offered.
            let keptLines = kept.map { words.keptOnShelf($0, for: nil) }
            let suggestion = kept.first.map { l.pick("checkout ", "emprunter ") + words.reference($0.book) }
                ?? (loans.isEmpty && waits == 0 ? l.pick("list available", "liste disponibles") : l.pick("my books", "mes livres"))
            return Reply(.info, l == .en ? "You are \(bold: me.name) here." : "Ici, vous êtes \(bold: me.name).",
                         lines: [account, RichText(stringLiteral: holding)] + keptLines + [words.catalogRights(of: sender, settings.admins)],
                         suggestion: suggestion, language: l)

        case .recommend(var reference, let typed):
            // "recommend a classic": that category's books, named as the library names it
            // ("sci-fi" is Science fiction); words that name a book instead are books like it.
            var shelfCategory: String?
            if let typed {
                if let named = await category(named: typed) {
                    shelfCategory = named
                } else if Self.isBookNumber(typed) {
                    reference = typed
                } else if (try? await library.titleNamesBooks(typed)) == true {
                    reference = typed
                } else {
                    return words.noCategory(typed, among: try await library.categories().map(\.name))
                }
            }
            // The book asked about first, so that a title naming none (or several) is answered
            // as everywhere else.
            var like: Book?
            if let reference { like = try await library.whoHas(reference).first?.book }
            let found = try await library.recommendations(for: sender.borrower, like: like.map { "#\($0.id)" }, in: shelfCategory, at: now)
            if found.isEmpty, like == nil, shelfCategory == nil, try await library.counts().books == 0 {
                return Reply(.info, RichText(stringLiteral: l.pick("The library has no books yet.", "La bibliothèque n'a encore aucun livre.")),
                             suggestion: l.pick("add TITLE by AUTHOR", "ajouter TITRE par AUTEUR"), language: l)
            }
            if !found.isEmpty { listed.set(found.map(\.status.book.id), for: sender.key, at: now) }
            return words.recommendations(found, like: like, in: shelfCategory)

        case .remind(let name, let reference):
            return try await remind(name, of: reference, from: sender, at: now, words: words)

        case .show(let book):
            do {
                let details = try await library.show(book)
                return words.details(details, asker: sender.borrower)
            } catch LibraryError.notFound(let reference, let suggestions) {
                // "history of Ben", "info Ben": no book, but a member who borrowed some.
                if !book.hasPrefix("#"), let person = sender.person(named: book), person.name.count <= Borrower.maximumNameLength,
                   try await library.hasBorrowed(person) {
                    return try await run(.history(borrower: book), sender: sender, now: now, words: words)
                }
                // "show me science fiction", "show the fantasy books": no book, but a category: its books.
                let named = CommandParser.onShelfOnly(CommandParser.categoryBooks(book) ?? CommandParser.unquote(book))
                if let category = await category(named: named.text) {
                    return try await run(.search(query: category, onShelf: named.onShelf), sender: sender, now: now, words: words)
                }
                // "show me Ben's books", "show all of Ben's loans": what Ben has.
                if let name = CommandParser.someonesBooks(book), sender.person(named: name) != nil {
                    return try await run(.loansOf(borrower: name), sender: sender, now: now, words: words)
                }
                // "show me Dune and Emma": each book's page, one after the other (when each
                // part names a book: "War and Peace" missing is no book, not two).
                if Self.mayList(book), let parts = await books(listedIn: book), parts.count > 1, parts.count <= Self.mostBooksAtOnce {
                    var pages: [Reply] = []
                    for part in parts {
                        guard let details = try? await library.show(part) else { throw LibraryError.notFound(reference: reference, suggestions: suggestions) }
                        pages.append(words.details(details, asker: sender.borrower))
                    }
                    return words.oneAfterAnother(pages)
                }
                throw LibraryError.notFound(reference: reference, suggestions: suggestions)
            }

        case .help(let topic):
            return Help.reply(topic: topic, language: l)

        case .report(var reference, let kind, let note):
            // "I lost my book": the member's one book; with several, which one is asked.
            if await namesOwnBook(reference, also: ["my copy", "my library book"]) {
                let loans = try await library.loans(of: sender.borrower)
                guard loans.count == 1, let only = loans.first else {
                    guard let first = loans.first else {
                        return Reply(.info, RichText(stringLiteral: l.pick("You have no books.", "Vous n'avez aucun livre.")),
                                     suggestion: l.pick("my books", "mes livres"), language: l)
                    }
                    return whichOfYours(loans, .report(book: "#\(first.book.id)", kind: kind, note: note), words: words, to: sender, at: now)
                }
                reference = "#\(only.book.id)"
            }
            // A title of the library that reads as a report ("Everything Is Broken"): who has it.
            let asTitles = CommandParser.reportEndings(kind).map { reference + " " + $0 }
            if let title = try await library.firstTitle(among: asTitles) {
                return try await run(.whoHas(book: asTitles[title]), sender: sender, now: now, words: words)
            }
            let statuses = try await library.whoHas(reference)
            let me = sender.borrower
            let mine = { (status: BookStatus) in status.loan?.borrower.isSamePerson(as: me) == true }
            let reported = { (status: BookStatus) in status.book.report?.kind == kind.copyReport }
            // Found or repaired: a copy so reported, the member's first. Lost or damaged: the
            // copy the member has, else one on the shelf not reported yet, else the first.
            let picked = kind.takesBack
                ? statuses.first { mine($0) && reported($0) } ?? statuses.first(where: reported) ?? statuses.first(where: mine) ?? statuses.first
                : statuses.first(where: mine) ?? statuses.first { $0.loan == nil && !reported($0) } ?? statuses.first { $0.loan == nil } ?? statuses.first
            guard let status = picked else { throw LibraryError.notFound(reference: reference, suggestions: []) }
            if kind.takesBack { return try await takeBackReport(status, kind, from: sender, at: now, words: words) }
            // Reported so already: said, unless the member tells more of it (a new note).
            if let already = status.book.report, already.kind == kind.copyReport, note == nil || note == already.note {
                return Reply(.info, l == .en ? "\(bold: status.book.title) (#\(status.book.id)) is already reported \(kind.rawValue)."
                                             : "\(bold: status.book.title) (#\(status.book.id)) est déjà signalé \(kind == .lost ? "perdu" : "abîmé").",
                             lines: [words.status(status, asker: me)], suggestion: l.pick("show #", "info #") + "\(status.book.id)", language: l)
            }
            // What was said of it before is kept, and the new words follow.
            var note = note
            if let already = status.book.report, already.kind == kind.copyReport, let said = already.note, let more = note { note = said + "; " + more }
            let (book, previous, next) = try await library.setReport(of: status.book.id, to: CopyReport(kind.copyReport, by: me, at: now, note: note), at: now)
            undone(by: .restoreReport(bookID: book.id, previous), for: sender, at: now)
            var updated = status
            updated.book = book
            var reply = report(updated, damaged: kind == .damaged, from: sender, words: words)
            // Kept on the shelf for someone, now missing: they are told.
            if let notice = await noLongerKept(book, previous: previous, from: sender, words: words) { reply.notices.append(notice) }
            // A missing copy seen damaged has turned up: its line, which waited, is served.
            if let previous, previous.kind == .lost, status.loan == nil {
                let by = previous.by.isSamePerson(as: me) ? l.pick("you", "vous") : previous.by.name
                reply.lines.insert(l == .en ? "It was reported lost by \(by) on \(words.day(previous.at)): glad it turned up."
                                            : "Il avait été signalé perdu par \(by) le \(words.day(previous.at)) : content qu'il soit retrouvé.", at: 1)
            }
            if let next {
                reply.lines.insert(l == .en ? "\(next.holder.name) is first in line for it: it is kept for them\(words.until(next.keptUntil))."
                                            : "\(next.holder.name) est le premier à l'attendre : il lui est réservé\(words.until(next.keptUntil)).", at: min(2, reply.lines.count))
                reply.notices.append(words.keptNotice(book, for: next, language: language(of: next.holder)))
            }
            return reply

        case .rules(nil):
            return Reply(.info, RichText(stringLiteral: l.pick("Lending rules:", "Règles du prêt :")),
                         lines: words.rules(library.rules, reminders: settings.reminders, quiet: await isQuiet(sender.borrower))
                             + (settings.digest.map { [words.digestPosted($0)] } ?? []) + [words.catalogRights(of: sender, settings.admins)],
                         suggestion: l.pick("list available", "liste disponibles"), language: l)

        case .rules(let book?):
            // "How long can I keep Dune?": where Dune stands for the asker first (their own copy,
            // else one on the shelf, else the first), then the rules.
            let statuses = try await library.whoHas(book)
            let me = sender.borrower
            guard let status = statuses.first(where: { $0.loan?.borrower.isSamePerson(as: me) == true })
                ?? statuses.first(where: { $0.isOnShelf(for: me) }) ?? statuses.first
            else { throw LibraryError.notFound(reference: book, suggestions: []) }
            if let loan = status.loan, loan.borrower.isSamePerson(as: me) {
                return await rulesOfOwnLoan(status.book, loan, now: now, words: words)
            }
            let next = await followUp(status, for: sender, words: words)
            return Reply(.info, words.status(status, asker: me), lines: (next.line.map { [$0] } ?? []) + words.rules(library.rules, reminders: settings.reminders, quiet: await isQuiet(sender.borrower)),
                         suggestion: next.suggestion, language: l)

        case .unknown(let text, let suggestion):
            /// "Did you mean `meant`?", with `offered` to type; when it is a command, `yes` runs it,
            /// and so does a button where the platform has them (for whoever presses it).
            /// ("and Dune?" after `checkout Emma` was understood: it just does nothing alone.)
            func notUnderstood(didYouMean meant: String, offering offered: String, isCommand: Bool) -> Reply {
                let said: RichText = CommandParser.followUp(text) != nil
                    ? (l == .en ? "'\(shortened(text))' alone changes nothing." : "« \(shortened(text)) » seul ne change rien.")
                    : (l == .en ? "I did not understand '\(shortened(text))'." : "Je n'ai pas compris « \(shortened(text)) ».")
                var reply = Reply(.error, l == .en ? "\(said) Did you mean \(code: meant)?" : "\(said) Vouliez-vous dire \(code: meant) ?",
                                  suggestion: offered, language: l)
                if isCommand {
                    self.offered.set(.command(CommandParser.parse(offered)), for: sender.key, at: now)
                    reply.actions = [Reply.Action(label: l.pick("Yes: ", "Oui : ") + offered, command: offered)]
                }
                return reply
            }
            // "cancel my hold" alone: the one line the member is in; in several, which one.
            if let suggestion, TextKey.fold(text) == TextKey.fold(suggestion), VerbForm.named(suggestion)?.verb == .cancelHold {
                let (kept, awaited) = try await library.lines(of: sender.borrower)
                let books = kept.map(\.book) + awaited.map(\.status.book)
                if books.count == 1, let book = books.first {
                    return try await run(.cancelHold(book: "#\(book.id)", holder: nil), sender: sender, now: now, words: words)
                }
                guard let first = books.first else {
                    return Reply(.info, RichText(stringLiteral: l.pick("You are not in line for any book.", "Vous n'êtes dans la file pour aucun livre.")),
                                 suggestion: l.pick("my books", "mes livres"), language: l)
                }
                return Reply(.error, RichText(stringLiteral: l.pick("Which one? You are in line for \(books.count) books:", "Laquelle ? Vous êtes dans la file pour \(books.count) livres :")),
                             lines: kept.map { words.status($0, asker: sender.borrower) } + awaited.map(words.awaitedLine),
                             suggestion: l.pick("cancel hold ", "annuler la réservation de ") + words.reference(first), language: l)
            }
            if let suggestion, let usage = Help.usage(forVerb: suggestion, language: l) {
                let example = usage.example
                guard TextKey.fold(text) == TextKey.fold(suggestion) else {
                    // A typo in the verb: the same line with the verb spelled right, when that
                    // line is a command (`chekout Dune` → `checkout Dune`), else the example.
                    let typed = text.split(separator: " "), verbLength = suggestion.split(separator: " ").count
                    let corrected = ([suggestion] + typed.dropFirst(verbLength).map(String.init)).joined(separator: " ")
                    var fixed = typed.count > verbLength && isSuggestible(corrected)
                    if case .unknown = CommandParser.parse(corrected).intent { fixed = false }
                    return notUnderstood(didYouMean: suggestion, offering: fixed ? corrected : example, isCommand: fixed)
                }
                // The verb without what it needs, or with what it cannot use (`edit Emma set
                // colour to red`): what the command takes, then an example; for a return or a
                // renewal, with the asker's own book when they have one (`return Frankenstein`).
                var ownExample = example
                if let verb = VerbForm.named(suggestion)?.verb, verb == .returnBook || verb == .renew, TextKey.fold(text) == TextKey.fold(suggestion),
                   let first = try? await library.loans(of: sender.borrower).first {
                    ownExample = suggestion + " " + words.reference(first.book)
                }
                return Reply(.error, l == .en ? "\(bold: suggestion) needs more: for example \(code: ownExample)."
                                              : "Il manque quelque chose à \(bold: suggestion) : par exemple \(code: ownExample).",
                             lines: [RichText(markup: usage.explanation)], suggestion: ownExample, language: l)
            }
            // A whole command the words probably mean ("I'm done with Dune" → `return Dune`,
            // "Dnue" → `who has Dune`), when it names a book the library has.
            if let probable = suggestion, isSuggestible(probable), let suggestion = await workable(CommandParser.parse(probable).intent, probable, for: sender, l) {
                return notUnderstood(didYouMean: suggestion, offering: suggestion, isCommand: true)
            }
            return Reply(.error, l == .en ? "I did not understand '\(shortened(text))'." : "Je n'ai pas compris « \(shortened(text)) ».",
                         suggestion: l.pick("help", "aide"), language: l)
        }
    }
}
