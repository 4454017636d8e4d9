import Foundation
import LibraryCore

/// Turns a line of text into an `Intent`, as `SPEC.md`'s command language says. Pure: no I/O,
/// no clock, no database; the same text always gives the same intent.
public enum CommandParser {
    /// Parses one message (a slash command's text, a mention, a DM, a console line): one
    /// command, or `several` when it holds more than one (see `commandParts`). A long pasted
    /// text is one command, whatever it holds.
    public static func parse(_ typed: String) -> ParsedCommand {
        // "go ahead and return Dune": the command, not a `yes` before it (a loop, not a call
        // again: a pasted "go ahead and go ahead and …" does not run out of stack).
        var said = Substring(typed)
        while said.utf8.count > 13, said.utf8.first.map({ $0 | 0x20 }) == UInt8(ascii: "g"), said.prefix(13).lowercased() == "go ahead and ", said.dropFirst(13).contains(where: { !$0.isWhitespace }) {
            said = said.dropFirst(13)
        }
        var text = said.startIndex == typed.startIndex ? typed : String(said)
        // "*who has Dune*", "`checkout Dune`": the whole message in bold or as code.
        let unwrapped = withoutWrappingMarks(text.trimmingWhitespace(newlines: true))
        if unwrapped.utf8.count < text.trimmingWhitespace(newlines: true).utf8.count { text = unwrapped }
        // (`parseOne` reads a report first, as below.)
        guard text.utf8.count <= longestSplitMessage, mayHoldSeveral(text) else { return parseOne(text, whole: true) }
        // "Dune is damaged, the cover is torn": one report, with what is wrong, not two commands.
        if let report = reportWithNote(text) ?? damageSaid(text) { return report }
        var parts = commandParts(of: text)
        // "my books, in French please", "who has Dune; speak French": questions answered in the
        // language the last part asks for. "in French" alone asked only that; "speak French"
        // is still answered (changes are left as they were written).
        if parts.count > 1, case .speak(let asked) = parts[parts.count - 1].command.intent,
           parts.dropLast().allSatisfy({ $0.command.intent.onlyAsks }) {
            for index in parts.indices.dropLast() { parts[index].command.language = asked }
            var cues: [Language] = []
            let said = stripPoliteness(stripAddress(TextKey.tidy(parts[parts.count - 1].text)), cues: &cues).split(separator: " ")
            if said.count == 2, ["in", "en"].contains(foldWord(String(said[0]))) { parts.removeLast() }
        }
        guard parts.count > 1 else {
            var command = withWords(parts.first?.command ?? parseOne(text, whole: true), of: text)
            // "loved Dune, returning it": the words before the command, which may name "it".
            if let only = parts.first, text.hasSuffix(only.text), text.count > only.text.count {
                command.aside = String(text.dropLast(only.text.count)).trimmingWhitespace()
            }
            return command
        }
        return ParsedCommand(intent: .several(parts), language: parts.lazy.compactMap(\.command.language).first)
    }

    /// `command` with the words of `text` that could be a title as a whole, when its verb takes
    /// a book, a query or a name typed after it ("Take Me Home"), or is missing it ("Find Me",
    /// as "me" is no query): see `ParsedCommand.words`. Not for a command without one (`help`,
    /// `stats`, `list available`), which stays that command whatever the library holds.
    static func withWords(_ command: ParsedCommand, of text: String) -> ParsedCommand {
        withWords(command) {
            var cues: [Language] = []
            return stripPoliteness(stripAddress(TextKey.tidy(text)), cues: &cues)
        }
    }

    /// `command` with `words()`, the message's words without address and politeness, when they
    /// could be a whole title (see `withWords(_:of:)`).
    private static func withWords(_ command: ParsedCommand, _ words: () -> String) -> ParsedCommand {
        switch command.intent {
        // A verb missing what it needs keeps only the verb ("Find Me": `search` needs more).
        case .unknown(let text, let suggestion) where text != suggestion: return command
        case .several, .whoHas, .digest, .clean, .categories, .stats, .readers, .undo, .confirm, .cancel, .thanks, .help, .list,
             .rules(book: nil), .recommend(book: nil, category: nil), .loansOf(borrower: nil), .history(borrower: nil, _), .addISBN:
            return command
        default:
            var command = command
            command.words = words()
            return command
        }
    }

    /// Parses one command; `whole` when it is the whole message, not a part of one; `linked`
    /// when its linking words ("also", "btw") were dropped already; `placed` when where a book
    /// goes back ("to the library") was.
    static func parseOne(_ text: String, whole: Bool = false, linked: Bool = false, placed: Bool = false) -> ParsedCommand {
        if let report = reportWithNote(text) ?? damageSaid(text) { return report }
        var cues: [Language] = []
        let stripped = stripPoliteness(stripAddress(TextKey.tidy(text)), cues: &cues)
        // "thanks Ana!", "merci tout le monde": thanks to someone, not a command about them.
        if thanksTo(text, stripped: stripped) { return ParsedCommand(intent: .thanks, language: cues.first) }
        var command = parseOne(stripped, of: text, cues: &cues, whole: whole, linked: linked, placed: placed)
        // Not understood, whether it asked: its text has lost the "?".
        if case .unknown = command.intent, text.trimmingWhitespace(newlines: true).hasSuffix("?") { command.asked = true }
        // The whole message may be a title that starts with a verb: its words go with it.
        return whole ? withWords(command) { stripped } : command
    }

    /// `text` without the chat formatting marks around all of it: "*who has Dune*" (bold),
    /// "`checkout Dune`" or "```checkout Dune```" (code, as a reply's suggestion is written),
    /// "_return Dune_" (italics). Marks inside are kept: "who has *Dune*" is the title's.
    static func withoutWrappingMarks(_ text: String) -> String {
        for mark in ["```", "`", "*", "_"] where text.count > 2 * mark.count && text.hasPrefix(mark) && text.hasSuffix(mark) {
            let inner = text.dropFirst(mark.count).dropLast(mark.count)
            guard !inner.contains(mark), let first = inner.first, let last = inner.last, !first.isWhitespace, !last.isWhitespace else { continue }
            return String(inner)
        }
        return text
    }

    /// Whether `text` thanks someone: thanks first, then only whom (`stripped`, without the
    /// thanks), one to three capitalised names or words for everyone ("thanks Ana", "thank
    /// you Ben Okafor", "merci à tous").
    private static func thanksTo(_ text: String, stripped: String) -> Bool {
        let words = spaceSeparated(stripped)
        guard (1...3).contains(words.count), let first = TextKey.tidy(text).split(separator: " ", maxSplits: 1).first.map({ foldWord(String($0)) })?.trimmingPunctuation(),
              ["thanks", "thank", "thx", "cheers", "ty", "merci"].contains(first) else { return false }
        let folded = words.map(foldWord)
        if Self.thanked.contains(folded) { return true }
        return words.allSatisfy { word in
            word.first?.isUppercase == true && word.allSatisfy { $0.isLetter || $0 == "-" || $0 == "'" || $0 == "’" }
        }
    }
    private static let thanked: Set<[String]> = [
        ["everyone"], ["everybody"], ["all"], ["team"], ["guys"], ["folks"], ["y'all"], ["again"], ["mate"], ["man"],
        ["tout", "le", "monde"], ["a", "tous"], ["a", "toi"], ["a", "vous"], ["encore"],
    ]

    /// `parseOne` of `stripped`, `text` without its address and politeness (which gave `cues`).
    private static func parseOne(_ stripped: String, of text: String, cues: inout [Language], whole: Bool, linked: Bool,
                                 placed: Bool) -> ParsedCommand {
        // Praise alone ("good bot", "bien joué !") is thanked like thanks (not cut from a title:
        // "Well Done Steak" stays whole).
        if stripped.count <= 20 {
            let typed = stripped.split(separator: " ").map { foldWord(String($0)) }
            if let praise = Self.praise.first(where: { $0.words == typed }) {
                return ParsedCommand(intent: .thanks, language: praise.language)
            }
        }
        // "oops", "my bad", "zut": a slip, probably the last change to take back.
        if stripped.count <= 32 {
            let typed = stripped.split(separator: " ").map { foldWord(String($0)).trimmingPunctuation() }
            if let slip = Self.slips.first(where: { $0.words == typed }) {
                return ParsedCommand(intent: .unknown(text: stripped, suggestion: slip.language == .fr ? "défaire" : "undo"), language: slip.language)
            }
            // "speak French", "in English please", "réponds en anglais": replies in that language.
            if let asked = spokenLanguageAsked(typed) { return ParsedCommand(intent: .speak(asked), language: asked) }
            // "stop reminding me", "resume reminders", "plus de rappels".
            // ("don't remind me anymore", "stop the reminders please": the same, stressed.)
            let unstressed = Self.stressTails.first { typed.count > $0.count && typed.suffix($0.count).elementsEqual($0) }.map { Array(typed.dropLast($0.count)) }
            if let (on, language) = reminderSwitches[typed] ?? unstressed.flatMap({ reminderSwitches[$0] }) {
                return ParsedCommand(intent: .reminders(on: on), language: language)
            }
            // "ping", "are you there?", "tu es là ?": what the bot can do, as for a greeting.
            // "what's good?": something to read.
            if let (intent, language) = wholeMessages[typed] { return ParsedCommand(intent: intent, language: language) }
            // "next page", "more", "la suite": the list just shown, further on (the handler knows which).
            if let turn = pageTurn(stripped) { return ParsedCommand(intent: .unknown(text: stripped, suggestion: nil), language: turn.language) }
        }
        if stripped.isEmpty {
            // Courtesy alone: thanks get a short answer; a greeting, what the bot can do.
            // Thanks, "ok" or "bonne journée" only get a short answer; a greeting or the bot's
            // name alone, what it can do.
            let acknowledged = TextKey.fold(text).split(separator: " ").contains {
                ["thanks", "thank", "merci", "thx", "cheers", "ok", "okay", "journee", "soiree", "day"].contains($0)
            }
            return ParsedCommand(intent: acknowledged ? .thanks : .help(topic: nil), language: cues.first)
        }
        // An ISBN alone (a barcode scanned into the chat): which book is that, and who has it?
        // Not in a message of several, where it goes on a list (`add isbn A` then B on a line).
        if whole, let isbn = ISBN.normalize(stripped) ?? isbnAfterItsName(stripped) {
            return ParsedCommand(intent: .whoHas(book: isbn), language: cues.first)
        }
        // "who has Dune in French", "qui a Dune en anglais": a question answered in the language
        // asked, as if written in it. Not a list or a search, where the language may be the
        // books' ("search poems in French"), nor a change ("return Dune in French": which copy?).
        if let (asked, rest) = languageAskedAtEnd(stripped) {
            var restCues = cues
            var command = parseOne(rest, of: text, cues: &restCues, whole: whole, linked: linked, placed: placed)
            switch command.intent {
            case .list, .search, .recommend: break
            case let intent where intent.onlyAsks:
                command.language = asked
                return command
            default: break
            }
        }
        var words = spaceSeparated(stripped)
        if let joined = withContractionsJoined(words) { words = joined }
        var folded = words.map(foldWord)
        if !placed, let returned = returnedToPlace(words, folded: folded, whole: whole, linked: linked) { return returned }
        // "I took over Dune from Ben": Ben's copy, now the sender's (not a checkout of "over Dune
        // from Ben"); asked, who has it.
        if let taken = takenOver(words, folded: folded) ?? takenOverInFrench(words, folded: folded) {
            let asked = text.trimmingWhitespace().hasSuffix("?")
            return ParsedCommand(intent: asked ? .whoHas(book: taken.book) : .takeOver(book: taken.book, from: taken.giver), language: taken.language)
        }
        // "I returned Dune?", "j'ai rendu Dune ?": asked, not told, as "did I return Dune?" is:
        // everything about the book, its last loans with it.
        if let report = askedReports.first(where: { folded.count > $0.words.count && folded.starts(with: $0.words) }),
           text.trimmingWhitespace().hasSuffix("?") {
            return ParsedCommand(intent: .show(book: words.dropFirst(report.words.count).joined(separator: " ")), language: report.language)
        }
        if let asked = askedState(words, folded: folded), text.trimmingWhitespace().hasSuffix("?") { return asked }
        // "is Dune a classic?", "is it a good read?": the book's page, which says its categories.
        if text.trimmingWhitespace().hasSuffix("?"), folded.count >= 4, folded.count <= 12, folded[0] == "is",
           words[1].first?.isUppercase == true || folded[1] == "it",
           let article = folded.indices.dropFirst(2).first(where: { ["a", "an"].contains(folded[$0]) }), article < folded.count - 1, folded.count - article <= 4,
           // (A title's words, capitalised but for little ones: "is Dune on hold for a while?" is no title "Dune on hold for".)
           folded[1] == "it" ? article == 2 : words[1..<article].allSatisfy({ $0.first?.isUppercase == true || TextKey.isLittleWord(Substring(foldWord($0))) }) {
            return ParsedCommand(intent: .show(book: words[1..<article].joined(separator: " ")), language: .en)
        }
        // "rename category SF to Science fiction", "delete the Space category": a category of
        // every book that carries it.
        if let (intent, language) = categoryWide(words, folded: folded) { return ParsedCommand(intent: intent, language: language) }
        // "put Ben in line for Dune", "mets Ben sur la liste pour Dune": Ben's place in its line
        // (not a category "list for Dune").
        if let (name, book, language) = lineForSomeone(words, folded: folded) {
            var heldCues = cues
            let held = ([language.pick("hold", "réserver")] + book + [language.pick("for", "pour")] + name).joined(separator: " ")
            return parseOne(held, of: text, cues: &heldCues, whole: whole, linked: linked, placed: placed)
        }
        // "put Dune in Classic", "file Dune under SF": one more category, offered, not done (the
        // handler offers it when the book and the category are the library's).
        if let (book, category, language) = categoryPlacing(words, folded: folded) {
            return ParsedCommand(intent: .unknown(text: stripped, suggestion: language.pick("tag \(book) as \(category)", "classer \(book) dans \(category)")),
                                 language: language)
        }
        // "has Ben been reminded?", "as-tu relancé Ben ?": his books (before "as-tu" is read
        // as "do you have").
        if let command = remindedQuestion(words: words, folded: folded) { return command }
        if let rephrased = rephrase(words, folded: folded, cues: &cues) {
            words = rephrased
            folded = words.map(foldWord)
        }

        let matching = VerbForm.starting(folded)
        for form in matching {
            // "détails" typed with its accent is French, though "details" is also English.
            let typed = words.prefix(form.words.count).joined(separator: " ").lowercased()
            let exact = matching.first { $0.words == form.words && $0.text.lowercased() == typed } ?? form
            let rest = words.dropFirst(form.words.count).joined(separator: " ")
            // "show Ben's history", "list Ben's books": someone's, not a book of that name.
            if form.words == ["show"] || form.words == ["list"], folded.count > 2,
               let command = loansOfSomeone(words: words, folded: folded, cues: cues) {
                return command
            }
            if let command = interpret(exact, rest: rest, cues: cues) { return command }
        }
        if let command = loansOfSomeone(words: words, folded: folded, cues: cues) { return command }

        // "also who has Dune", "btw, return Dune", "et qui a Dune": words that only link to what
        // was said before, dropped when a command follows them (a title may start with them:
        // "And Then There Were None" alone stays whole).
        if !linked, let command = afterLinkingWords(spaceSeparated(stripped)) { return command }

        // "I'm done with Dune": probably a return, but asked about, not done.
        // ("I need to know the rules" is no checkout of "to know the rules", nor "I have a
        // question" of "a question"; "I finished A Tale of Two Cities" names a title.)
        // ("finished Reading Lolita in Tehran" names a title; "finished reading" alone no book.)
        if let (hint, verb, hintLanguage) = hints.first(where: { folded.count > $0.words.count && folded.starts(with: $0.words)
                                                                 && ($0.words.last != "reading" || !isCapitalised(words[$0.words.count - 1]))
                                                                 // ("Lost Horizon", capitalised, is a title.)
                                                                 && (!$0.verb.hasPrefix("report") && !$0.verb.hasPrefix("signaler") || words[0].first?.isLowercase == true) }),
           !["to", "some", "something", "more", "help", "savoir", "de", "des", "du", "que", "aide"].contains(folded[hint.count]),
           !["a", "an", "un", "une", "reading"].contains(words[hint.count]) {
            var restWords = Array(words.dropFirst(hint.count))
            // "I don't want Dune anymore", "je ne veux plus Dune du tout": the book, without the
            // words that only stress it (capitalised, they may end a title: "Nobody Lives Here Anymore").
            if let tail = Self.hintTails.first(where: { restWords.count > $0.count && restWords.suffix($0.count).map(foldWord).elementsEqual($0) }),
               restWords[restWords.count - tail.count].first?.isUppercase != true {
                restWords.removeLast(tail.count)
            }
            var rest = restWords.joined(separator: " ")
            // "I'll pick up The Hobbit tomorrow", "je passe prendre Dune demain": a plan, nothing
            // to lend yet: who has the book, and whether it is on the shelf.
            // (Capitalised, the time ends a title: "I'll take The Day After Tomorrow".)
            if verb == "checkout" || verb == "emprunter", let (book, later) = timeAfterBook(rest), later,
               restWords.dropFirst(spaceSeparated(book).count).first?.first?.isLowercase == true {
                return ParsedCommand(intent: .whoHas(book: book), language: hintLanguage)
            }
            // "I'm done with Dune, it was great": the book, without what is thought of it.
            if let (book, remark, _) = splitLast(rest, separators: [","]), !book.isEmpty, isRemark(remark) {
                rest = book
            }
            return ParsedCommand(intent: .unknown(text: stripped, suggestion: verb + " " + rest), language: hintLanguage)
        }
        // "je l'ai fini": the book last named, probably to bring back, asked about (as "j'ai fini Dune").
        if finishedIt.contains(folded) {
            return ParsedCommand(intent: .unknown(text: stripped, suggestion: "rendre ça"), language: .fr)
        }
        // "Ben a-t-il rendu Dune ?", "est-ce que j'ai lu Dune", "est-ce que Ben a Dune": a French
        // question by its form, read as the sentence it asks about, asked. Not understood so
        // either, the handler reads that sentence (`words`), asked, and quotes the message. A
        // question is no change: "est-ce que j'emprunte Dune ?" lends nothing.
        if let told = frenchQuestionTold(stripped) {
            var toldCues = cues
            let asked = parseOne(told, of: told + " ?", cues: &toldCues, whole: whole, linked: linked, placed: placed)
            if asked.intent.onlyAsks { return asked }
            switch asked.intent {
            case .unknown(_, let suggestion):
                var unknown = ParsedCommand(intent: .unknown(text: stripped, suggestion: suggestion), language: .fr, words: told)
                unknown.asked = true
                return unknown
            default:
                break
            }
        }
        // "Ben borrowed Dune?", "Ben returned Dune?": asked, not told; who has it answers.
        if text.trimmingWhitespace().hasSuffix("?"), let done = doneBySomeone(stripped) {
            switch done.intent {
            case .checkout, .returnBook: return ParsedCommand(intent: .whoHas(book: done.book), language: done.language)
            default: break
            }
        }
        // "Ben gave me Dune?", "Ben m'a passé Dune ?": asked too.
        if text.trimmingWhitespace().hasSuffix("?"), let received = receivedFrom(stripped) {
            return ParsedCommand(intent: .whoHas(book: received.book), language: received.language)
        }
        // "Dune returned?", "Dune back?", "Dune est rendu ?": asked, who has it. (Told, "Dune
        // returned" is a return, when the handler finds that the words before name a book.)
        if text.trimmingWhitespace().hasSuffix("?"), let returned = returnedBook(stripped) {
            return ParsedCommand(intent: .whoHas(book: returned.book), language: returned.language)
        }
        // "Ben hasn't returned Dune", "nobody returned Dune", "Dune n'a pas été rendu": who has it.
        if let kept = notReturned(stripped) {
            return ParsedCommand(intent: .whoHas(book: kept.book), language: kept.language)
        }
        // "Dune's publisher is Chilton", "the author of Dune is Frank Herbert": told, a fact that
        // may be one already; the edit is offered, not run.
        if !text.trimmingWhitespace().hasSuffix("?"), let edit = fieldStated(stripped) {
            return ParsedCommand(intent: .unknown(text: stripped, suggestion: edit), language: edit.hasPrefix("modifier") ? .fr : .en)
        }
        // "what am I reading right now?", "my books at the moment", "what books came in this week?":
        // words that only say when, after a command whole without them. (Only here, when nothing
        // else was understood: "who has Apocalypse Now" keeps its title.)
        if let tail = Self.whenTails.first(where: { folded.count > $0.count && folded.suffix($0.count).elementsEqual($0) }) {
            var shorterCues = cues
            let shorter = parseOne(words.dropLast(tail.count).joined(separator: " "), of: text, cues: &shorterCues, whole: whole, linked: linked, placed: placed)
            if case .unknown = shorter.intent {} else { return shorter }
        }
        // A verb of the other language is no typo of a message whose other words are plainly in
        // one ("send me a reminder for Dune" is not `rends`; "rendr The Hobbit" is `rendre`).
        let suggestion = closestVerb(to: folded).flatMap { verb in
            verb.language.map { Self.plainlyIn($0 == .en ? .fr : .en, folded.dropFirst()) } == true ? nil : verb
        }
        // A request's lead-in with no command after it ("pouvez-vous m'aider") still tells the language.
        let leadIn = folded.first.flatMap { phrasingsByFirstWord[$0] }?.first { folded.starts(with: $0.words) }?.language
        return ParsedCommand(intent: .unknown(text: stripped, suggestion: suggestion?.text),
                             language: suggestion?.language ?? cues.first ?? leadIn ?? language(ofWords: folded))
    }

    /// "est-ce que Ben a Dune", "est-ce qu'Ana a rendu Dune", "Ben a-t-il Dune", "Ben Okafor
    /// a-t-il rendu Dune": a French question by its form, as the sentence it asks about ("Ben a
    /// Dune"); nil for any other text.
    static func frenchQuestionTold(_ text: String) -> String? {
        var words = spaceSeparated(text)
        guard words.count >= 3 else { return nil }
        let folded = words.prefix(4).map(foldWord)
        if folded[0] == "est-ce", folded[1] == "que", words.count >= 4 {
            words.removeFirst(2)
        } else if folded[0] == "est-ce", folded[1].hasPrefix("qu'"), folded[1].count > 3 {
            words[1].removeFirst(3)
            words.removeFirst()
        } else if let verb = folded.indices.dropFirst().first(where: { ["a-t-il", "a-t-elle", "a-t-on"].contains(folded[$0]) }), verb < words.count - 1 {
            words[verb] = "a"
        } else {
            return nil
        }
        return words.joined(separator: " ")
    }

    /// "isbn 9780441172719", "ISBN: 978-0-441-17271-9": an ISBN with its name before it.
    private static func isbnAfterItsName(_ text: String) -> String? {
        let utf8 = text.utf8
        guard utf8.count > 5, utf8.prefix(4).map({ $0 | 0x20 }).elementsEqual("isbn".utf8) else { return nil }
        let rest = text.dropFirst(4).drop { $0 == ":" || $0 == " " }
        return rest.count < text.count - 4 ? ISBN.normalize(String(rest)) : nil
    }

    /// "put Dune back on the shelf", "give Dune back to the library": where a book goes back
    /// says nothing more. The return the rest says ("put Dune back"), if it says one. (A place
    /// after a title is left to the library, which knows whether it ends the title: "return
    /// Dune to the library", but "The Elf on the Shelf".)
    private static func returnedToPlace(_ words: [String], folded: [String], whole: Bool, linked: Bool) -> ParsedCommand? {
        guard let place = placesAfterBack.first(where: { folded.count > $0.count + 2 && folded.suffix($0.count + 1).elementsEqual(["back"] + $0) }) else { return nil }
        let command = parseOne(words.dropLast(place.count).joined(separator: " "), whole: whole, linked: linked, placed: true)
        guard case .returnBook = command.intent else { return nil }
        return command
    }

    private static let placesAfterBack: [[String]] = [["to", "the", "library"], ["to", "the", "shelf"], ["on", "the", "shelf"], ["in", "the", "library"]]

    /// Whether `name` is where books go back, not a person: "give Dune to the library".
    static func isPlace(_ name: String) -> Bool {
        places.contains(name.split(separator: " ").map { foldWord(String($0)) })
    }
    private static let places: Set<[String]> = [
        ["the", "library"], ["the", "shelf"], ["library"], ["shelf"], ["la", "bibliotheque"], ["l'etagere"], ["bibliotheque"],
    ]

    /// The command after the linking words that start `words` (at most three of them), if
    /// anything but words that are no command follows them.
    private static func afterLinkingWords(_ words: [String]) -> ParsedCommand? {
        var rest = words[...], dropped = 0
        // A few: a message of thousands ("and and and …") is not read thousands of times.
        while dropped < 3, let lead = linkingWords.first(where: { lead in
            rest.count > lead.count && zip(rest, lead).allSatisfy { foldWord($0.0.trimming(",:")) == $0.1 }
        }) {
            rest = rest.dropFirst(lead.count)
            dropped += 1
        }
        guard dropped > 0 else { return nil }
        let command = parseOne(rest.joined(separator: " "), linked: true)
        // (A command probably meant, asked about, counts: "sorry, Dune will be late".)
        if case .unknown(_, nil) = command.intent { return nil }
        return command
    }

    private static let linkingWords: [[String]] = [
        ["also"], ["and"], ["and", "also"], ["btw"], ["by", "the", "way"], ["oh"], ["so"], ["well"], ["hmm"], ["um"], ["anyway"],
        ["aussi"], ["et"], ["alors"], ["bon"], ["du", "coup"], ["au", "fait"], ["sinon"], ["euh"],
        ["ok"], ["okay"], ["done"], ["c'est", "bon"], ["c'est", "fait"], ["voila"], ["voilà"],
        ["fine"], ["alright"], ["all", "right"], ["great"], ["cool"], ["perfect"], ["d'accord"], ["parfait"], ["super"],
        ["sorry"], ["so", "sorry"], ["desole"], ["desolee"], ["actually"], ["never", "mind"], ["nevermind"], ["en", "fait"],
    ].sorted { $0.count > $1.count }

    /// The language a line that is no command seems written in, by its little words, so that
    /// "I did not understand" comes in the member's language; nil when it does not tell.
    /// Whether `folded` has at least two words that mark `language` and none that mark the other.
    static func plainlyIn(_ language: Language, _ folded: ArraySlice<String>) -> Bool {
        let french = folded.filter(frenchMarkers.contains).count, english = folded.filter(englishMarkers.contains).count
        return language == .en ? english >= 2 && french == 0 : french >= 2 && english == 0
    }

    static func language(ofWords folded: [String]) -> Language? {
        let french = folded.filter(frenchMarkers.contains).count, english = folded.filter(englishMarkers.contains).count
        return french > english ? .fr : english > french ? .en : nil
    }

    private static let frenchMarkers: Set<String> = [
        "je", "j'ai", "tu", "vous", "est", "est-ce", "qu'est-ce", "que", "qui", "quels", "quelles", "quel", "les", "des", "du",
        "livre", "livres", "mes", "mon", "ma", "pour", "avec", "sont", "une", "le", "la", "et", "ou", "pas", "ne", "n'est",
    ]
    private static let englishMarkers: Set<String> = [
        "i", "i'm", "you", "is", "are", "the", "what", "which", "who", "book", "books", "my", "for", "with", "do", "does",
        "can", "and", "or", "not", "it", "a", "an",
    ]

    // MARK: - Verbs

    private static func interpret(_ form: VerbForm, rest: String, cues: [Language]) -> ParsedCommand? {
        var language = form.language ?? cues.first
        func command(_ intent: Intent) -> ParsedCommand { ParsedCommand(intent: intent, language: language) }
        func needsArgument() -> ParsedCommand { command(.unknown(text: form.text, suggestion: form.text)) }
        let argument = unquote(rest)

        switch form.verb {
        case .categories:
            // "what genres do you have?", "quelles catégories avez-vous ?": the question's end says nothing more.
            let tail = rest.split(separator: " ").map { foldWord(String($0)) }
            guard tail.isEmpty || searchTails.contains(tail) || tail == ["are", "there", "in", "the", "library"] else { return nil }
            return command(.categories)
        case .stats:
            // "stats for the library", "how many loans this year", "statistiques de la bibliothèque".
            let tail = rest.split(separator: " ").map { foldWord(String($0)) }
            guard tail.isEmpty || statsTails.contains(tail) else { return nil }
            return command(.stats)
        case .readers:
            // "who reads the most this year?", "top readers of all time", "qui lit le plus ?".
            let tail = rest.split(separator: " ").map { foldWord(String($0)) }
            guard tail.isEmpty || statsTails.contains(tail) || readersTails.contains(tail) else { return nil }
            return command(.readers)
        case .whoAmI:
            guard rest.isEmpty else { return nil }
            return command(.whoAmI)
        case .digest, .clean, .confirm, .cancel, .myBooks, .undo:
            guard rest.isEmpty else { return nil }
            switch form.verb {
            case .digest: return command(.digest)
            case .undo: return command(.undo)
            case .clean: return command(.clean)
            case .confirm: return command(.confirm)
            case .cancel: return command(.cancel)
            default: return command(.loansOf(borrower: nil))
            }
        case .handOver:
            // "pass Dune to Ben", "passer Dune à Ben": the last " to " / " à " names who gets it.
            // (" a " is "à" typed without its accent: in French only, "give Dune a try" is no pass.)
            guard let (title, name, separator) = splitLast(rest, separators: form.language == .en ? [" to "] : [" to ", " à ", " a "]),
                  !unquote(title).isEmpty, !unquote(name).isEmpty else { return needsArgument() }
            if separator != " to " { language = language ?? .fr }
            // "pass Dune to Ben now": Ben; "… tomorrow", a plan: who has it, nothing done.
            let (person, later) = nameAndTime(unquote(name))
            if later { return command(.whoHas(book: unquote(title))) }
            // "pass Dune to me": a checkout for the sender.
            if ["me", "myself", "moi"].contains(foldWord(person)) { return command(.checkout(book: unquote(title), borrower: nil)) }
            // "give my place for Dune to Ben": a place in a line, which is no book to pass (and
            // cannot be given: not understood, rather than Dune passed on).
            let given = title.split(separator: " ").prefix(2).map { foldWord(String($0)) }
            if given.count == 2, ["my", "ma", "mon"].contains(given[0]), ["place", "spot", "turn", "tour"].contains(given[1]) { return nil }
            return command(.handOver(book: unquote(title), to: person))
        case .recommend:
            // "recommend me a book", "what should I read next?", "que lire ?"; "… like Dune".
            let tail = rest.split(separator: " ").map { foldWord(String($0)) }
            if tail.isEmpty || recommendTails.contains(tail) { return command(.recommend(book: nil)) }
            // "recommend me a good book please": nothing but the words around a category.
            if tail.allSatisfy({ recommendedCategoryLeads.contains($0) || recommendedCategoryEnds.contains($0) }) {
                return command(.recommend(book: nil))
            }
            // "recommend (something) like Dune": from the first "like" that is a word of its own.
            if let (_, book, separator) = splitFirst(" " + rest, separators: [" like ", " similar to ", " comme "]) {
                guard !unquote(book).isEmpty else { return nil }
                if separator.contains("comme") { language = language ?? .fr }
                return command(.recommend(book: unquote(book)))
            }
            // "recommend a classic", "recommend me some sci-fi", "conseille-moi un polar": books
            // of a category, the library to say whether it is one.
            guard let category = recommendedCategory(rest) else { return nil }
            return command(.recommend(book: nil, category: category))
        case .recommendLike:
            // "books like Dune", "something like The Hobbit", "des livres comme Dune".
            guard !unquote(rest).isEmpty else { return needsArgument() }
            return command(.recommend(book: unquote(rest)))
        case .remind:
            // "remind Ben to return Dune", "nudge @Ben about Dune", "relancer Ben pour Dune";
            // "remind me (about Dune)" is the member's own: when it is due, and the rules.
            guard !rest.isEmpty else { return needsArgument() }
            var name = rest, book: String?
            if let (person, title, separator) = splitFirst(rest, separators: remindSeparators), !unquote(title).isEmpty {
                if separator.hasPrefix(" de ") || separator == " pour " || separator.hasPrefix(" à ") { language = language ?? .fr }
                (name, book) = (person, unquote(title))
                // "remind Ben about his books", "… all of them": all of them, not a book so named
                // (capitalised, `Them` is a title).
                if let named = book, named.first?.isLowercase == true, Self.theirBooks.contains(TextKey.fold(named)) { book = nil }
                // "ask Ben for Dune back": the book, without the "back" that says what is asked.
                if let named = book, named.count > 5, named.hasSuffix(" back") { book = String(named.dropLast(5)) }
            }
            name = unquote(name)
            // "rappelle à Ben ses livres": all of them, not someone named "Ben ses livres".
            for theirs in [" tous ses livres", " ses livres"] where book == nil && name.count > theirs.count && name.lowercased().hasSuffix(theirs) {
                name = String(name.dropLast(theirs.count)).trimmingWhitespace()
                language = language ?? .fr
                break
            }
            // "remind Ben about": the book is missing, not part of a name.
            let dangling = remindSeparators.contains { (" " + name.lowercased()).hasSuffix(String($0.dropLast())) }
            guard !name.isEmpty, book != nil || !dangling else { return needsArgument() }
            // "remind me about Dune tomorrow": the reminders go out when they are due, whatever
            // time is asked; the rules say when.
            // (A capital is a title's: "The Day After Tomorrow".)
            if ["me", "myself", "moi"].contains(foldWord(name)) {
                return command(.rules(book: book.map { $0.split(separator: " ").last?.first?.isLowercase == true ? nameAndTime($0).name : $0 }))
            }
            // "remind me when Dune is due", "remind me that Dune is due": the member's own too.
            let asked = name.split(separator: " ", maxSplits: 1).map(String.init)
            if asked.count == 2, ["me", "moi"].contains(foldWord(asked[0])) {
                // "remind me on Friday", "remind me tomorrow": no book named.
                if timeSaid(asked[1].split(separator: " ").map(String.init)) != nil { return command(.rules(book: nil)) }
                var about = asked[1] + " "
                if let lead = ["when ", "that ", "quand ", "que "].first(where: { about.lowercased().hasPrefix($0) }) { about = String(about.dropFirst(lead.count)) }
                if let tail = [" is due back ", " is due ", " est à rendre "].first(where: { about.lowercased().hasSuffix($0) }) { about = String(about.dropLast(tail.count)) }
                about = unquote(about)
                return command(.rules(book: about.isEmpty ? nil : about))
            }
            // "remind Ben tomorrow", "remind Ben now": a time after the name is no part of it.
            // Later is a plan, as after a book: what Ben has, and until when (a reminder goes
            // now or not at all).
            if book == nil, case let (person, later) = nameAndTime(name), person != name, !person.isEmpty {
                if later { return command(.loansOf(borrower: person)) }
                name = person
            }
            return command(.remind(borrower: name, book: book))
        case .history:
            // "what did I borrow last week", "my history this year", "history for Ana last month":
            // the loans of that period.
            var rest = rest, period: LoanPeriod? = nil
            let restWords = rest.split(separator: " ").map(String.init)
            if let trailing = LoanPeriod.trailing(restWords.map(foldWord)) {
                period = trailing.period
                rest = restWords.dropLast(trailing.count).joined(separator: " ")
                if form.language != trailing.language { language = language ?? trailing.language }
            }
            // "history for Ana", "historique pour Ana"; "history of Dune" is the book's (`show`).
            // When says nothing more: "what did I borrow before?", "what have I read so far".
            guard !rest.isEmpty, !historyTails.contains(rest.split(separator: " ").map { foldWord(String($0)) }) else {
                return command(.history(borrower: nil, period: period))
            }
            guard let (before, name, separator) = splitFirst(rest, separators: ["for ", "pour "]), before.isEmpty, !unquote(name).isEmpty else {
                // "history Dune": the book's, or a member's if no book is so named (the library knows).
                // Not "what did I borrow last week", which asks more than the history says.
                guard ["history", "historique"].contains(form.text) else { return nil }
                if ["me", "myself", "moi"].contains(foldWord(unquote(rest))) { return command(.history(borrower: nil, period: period)) }
                // Not a sentence about history ("… and history are all there").
                if let next = rest.split(separator: " ").first.map({ foldWord(String($0)) }),
                   ["is", "are", "was", "were", "has", "have", "and", "or", "will", "can", "est", "sont", "et"].contains(next) { return nil }
                guard period == nil else { return nil }
                return unquote(rest).isEmpty || ["for", "pour", "of", "de"].contains(foldWord(unquote(rest))) ? nil : command(.show(book: unquote(rest)))
            }
            if separator == "pour " { language = language ?? .fr }
            // "what did people borrow this month?", "history for everyone": the library's figures.
            if Self.everyoneWords.contains(unquote(name).split(separator: " ").map { foldWord(String($0)) }) { return command(.stats) }
            let isSender = ["me", "myself", "moi"].contains(foldWord(unquote(name)))
            return command(.history(borrower: isSender ? nil : unquote(name), period: period))
        case .checkout:
            guard !rest.isEmpty else { return needsArgument() }
            // "can I borrow more than 3 books?", "several books", "plus de deux livres": how many
            // one may have, which the rules say.
            if Self.howManyAtOnce(rest) { return command(.rules(book: nil)) }
            // "borrow a book", "give me something to read", "emprunter un livre": no book in
            // particular, so the ones the member might like, each with its `checkout`.
            // A capital is a title's ("checkout Something").
            if rest.first?.isUppercase == false, Self.noBookInParticular.contains(rest.split(separator: " ").map { foldWord(String($0)) }) {
                return command(.recommend(book: nil))
            }
            // "checkout Dune until Friday" ("for two weeks" below): when it comes back is the
            // library's (`loan_days`), and the reply says the due day.
            let lent = withoutEnd(rest)
            if let (title, borrower, separator) = splitLast(lent, separators: [" as ", " for ", " pour ", " on behalf of "]) {
                if separator == " pour " { language = language ?? .fr }
                let name = withoutRelation(unquote(borrower))
                // "for two weeks" is how long, not whom: the loan's length is the library's.
                if separator != " as ", isDuration(name), !unquote(title).isEmpty { return command(.checkout(book: withoutEnd(unquote(title)), borrower: nil)) }
                // "checkout Dune as Ben today": Ben; "… tomorrow", a plan: who has it.
                let (person, later) = nameAndTime(name)
                guard !unquote(title).isEmpty, !person.isEmpty else { return needsArgument() }
                if later { return command(.whoHas(book: unquote(title))) }
                let isSender = ["me", "myself", "moi"].contains(foldWord(person))
                return command(.checkout(book: unquote(title), borrower: isSender ? nil : person))
            }
            return command(.checkout(book: unquote(lent), borrower: nil))
        case .cancelHold:
            // "annuler la réservation de Dune" / "d'Emma", "cancel hold on Dune"; someone
            // else's with the last " for " / " as " / " pour " ("cancel hold Dune for Ben").
            var book = rest, holder: String?
            let leads = form.language == .fr ? ["de ", "d'", "d\u{2019}", "pour "] : ["on ", "for "]
            for lead in leads where book.lowercased().hasPrefix(lead) && book.count > lead.count {
                book = String(book.dropFirst(lead.count))
                break
            }
            if let (title, name, separator) = splitLast(book, separators: [" as ", " for ", " pour "]), !unquote(title).isEmpty, !unquote(name).isEmpty {
                if separator == " pour " { language = language ?? .fr }
                (book, holder) = (title, withoutRelation(unquote(name)))
            }
            book = unquote(book)
            guard !book.isEmpty else { return needsArgument() }
            return command(.cancelHold(book: book, holder: holder))
        case .returnBook, .renew, .hold, .whoHas, .show, .search:
            guard !argument.isEmpty else { return needsArgument() }
            switch form.verb {
            case .returnBook: return command(.returnBook(book: argument))
            case .renew:
                // "renew again", "prolonger encore": the verb alone, which says how ("renew Again",
                // capitalised, is a title).
                if ["again", "encore", "once more", "one more time", "une fois de plus"].contains(argument) { return needsArgument() }
                // "renew Dune for another week", "extend Dune by a week", "prolonger Dune d'une
                // semaine": the renewal's length is the library's.
                for separator in [" for ", " pour ", " by ", " de ", " d'"] {
                    if let (title, length, _) = splitLast(rest, separators: [separator]), isDuration(length), !unquote(title).isEmpty {
                        return command(.renew(book: withoutEnd(unquote(title))))
                    }
                }
                return command(.renew(book: withoutEnd(argument)))
            case .hold:
                // "hold Dune for Ana" (or "as Ana", as a checkout says it) puts Ana in line; "hold
                // Dune for me" the sender, and "reserve Dune for two weeks" too: how long a book
                // is kept is the library's.
                // "hold Dune for me until Friday": when is not whom (how long a book is kept is the library's).
                if let (title, tail, separator) = splitLast(withoutEnd(rest), separators: [" for ", " as ", " pour "]), !unquote(title).isEmpty,
                   !unquote(tail).isEmpty {
                    if separator == " pour " { language = language ?? .fr }
                    // "hold Dune for Ben tomorrow": a place in line is taken now, whenever it is said for.
                    let name = withoutRelation(nameAndTime(unquote(tail)).name)
                    if isDuration(name) || ["me", "myself", "moi"].contains(foldWord(name)) { return command(.hold(book: unquote(title))) }
                    return command(.hold(book: unquote(title), holder: name))
                }
                return command(.hold(book: withoutEnd(argument)))
            case .whoHas: return command(.whoHas(book: argument))
            case .show:
                // "show me what you can do", "show me the commands": the help.
                if ["what you can do", "what you do", "the commands", "your commands", "how it works", "how you work"].contains(argument) {
                    return command(.help(topic: nil))
                }
                // "show my holds", "montre mes réservations": the member's own books or history.
                let restWords = rest.split(separator: " ").map { foldWord(String($0)) }
                if rest.first?.isLowercase == true,
                   let own = VerbForm.starting(restWords).first(where: { ($0.verb == .myBooks || $0.verb == .history) && $0.words.count == restWords.count }),
                   let mine = interpret(own, rest: "", cues: cues) {
                    return mine
                }
                // "show overdue", "show available books", "show popular": the list, as `list`
                // says it. A capital is a title's ("show Lost").
                if rest.first?.isLowercase == true,
                   rest.split(separator: " ").contains(where: { !["the", "les", "des", "of", "in"].contains(foldWord(String($0))) }),
                   let (filter, order, page) = parseListOptions(rest, language: &language) {
                    return command(.list(filter: filter, order: order, page: page))
                }
                return command(.show(book: argument))
            default:
                // "list books by author", "books by title": the list in that order, not a search
                // for the word.
                if let order = orderNamedAlone[argument.split(separator: " ").map { foldWord(String($0)) }] {
                    return command(.list(filter: .all, order: order))
                }
                // "search available sci-fi", "find fantasy on the shelf": only books there.
                let (query, onShelf) = onShelfOnly(argument)
                return command(.search(query: searchSubject(onShelf ? unquote(query) : query), onShelf: onShelf))
            }
        case .add:
            guard !rest.isEmpty else { return needsArgument() }
            if let (categories, book) = categoryChange(rest, remove: false, french: form.language == .fr) { return command(.categorize(book: book, categories: categories, remove: false)) }
            if let intent = parseAdd(rest, form: form, language: &language) { return command(intent) }
            // "add The Martian, Andy Weir", "add The Martian (Andy Weir)": the author apart, offered with "by".
            if let (title, author) = authorApart(rest) {
                let by = form.language == .fr ? " par " : " by "
                let literal = [" by ", " par ", " de "].contains { title.lowercased().contains($0) } ? quoted(title) : title
                return command(.unknown(text: form.text + " " + rest, suggestion: form.text + " " + literal + by + author))
            }
            return needsArgument()
        case .reportLost, .reportDamaged, .reportFound, .reportRepaired:
            guard !argument.isEmpty else { return needsArgument() }
            let kind: ReportKind = switch form.verb {
            case .reportDamaged: .damaged
            case .reportFound: .found
            case .reportRepaired: .repaired
            default: .lost
            }
            return command(.report(book: argument, kind: kind))
        case .tag, .untag:
            guard let (categories, book) = tagging(rest, remove: form.verb == .untag) else { return needsArgument() }
            return command(.categorize(book: book, categories: categories, remove: form.verb == .untag))
        case .edit:
            guard let intent = parseEdit(rest, language: &language) else { return needsArgument() }
            return command(intent)
        case .delete:
            if let (book, place) = copyToDelete(rest) { return command(.deleteCopy(book: book, place: place)) }
            // "delete 2 copies of Dune", "remove two of the copies of Dune": as many copies nobody has or waits for.
            let restWords = rest.split(separator: " ").map { foldWord(String($0)) }
            if let count = restWords.first.flatMap({ Int($0) ?? copyCounts[$0] }), (2...CommandHandler.mostBooksAtOnce).contains(count),
               let book = copyOf(rest.split(separator: " ").dropFirst().joined(separator: " "), leads: [["copies", "of"], ["of", "the", "copies", "of"], ["extra", "copies", "of"], ["exemplaires"]])?.book {
                return command(.deleteCopies(book: book, count: count))
            }
            if let (categories, book) = categoryChange(rest, remove: true, french: form.language == .fr) { return command(.categorize(book: book, categories: categories, remove: true)) }
            let books = splitOutsideQuotes(rest, on: ",").map(unquote).filter { !$0.isEmpty }
            guard !books.isEmpty else { return needsArgument() }
            return command(.delete(books: books))
        case .list:
            if let (filter, order, page) = parseListOptions(rest, language: &language) { return command(.list(filter: filter, order: order, page: page)) }
            // "list my books": the member's books.
            let words = rest.split(separator: " ").map { foldWord(String($0)) }.filter { !listFiller.contains($0) }
            if words == ["my"] || words == ["mes"] { return command(.loansOf(borrower: nil)) }
            // "list sci-fi books", "list books by Tolkien": the books about those words; "list
            // available classics", those on the shelf.
            let (shelfRest, onShelf) = onShelfOnly(rest)
            guard let query = listQuery(shelfRest) else { return nil }
            return command(.search(query: query, onShelf: onShelf))
        case .rules:
            // "how long can I keep Dune (for)?": the rules, and where Dune stands for the asker;
            // "how long can I keep a book?" and "rules" alone: the rules.
            guard !rest.isEmpty else { return command(.rules(book: nil)) }
            guard let last = form.words.last, Self.rulesAboutABook.contains(last) else { return nil }
            var text = rest
            for ending in [" for", " pour"] where text.lowercased().hasSuffix(ending) && text.count > ending.count {
                text = String(text.dropLast(ending.count))
            }
            let book = unquote(text)
            let bookWords = book.split(separator: " ").map { foldWord(String($0)) }
            return command(.rules(book: Self.anyBook.contains(bookWords) ? nil : book))
        case .help:
            guard !rest.isEmpty else { return command(.help(topic: nil)) }
            let topicWords = rest.split(separator: " ").map { foldWord(String($0)) }
            let topic = VerbForm.all.first { $0.words == topicWords }?.verb.topic ?? Self.helpAliases[topicWords]
                ?? Self.helpTopic(asked: topicWords) ?? argument
            return command(.help(topic: topic))
        }
    }

    /// The command a help request names among other words: "help me borrow a book", "help with
    /// checkout", "aide-moi à emprunter un livre", "aide pour rendre": its verb after words that
    /// only lead to it, followed by nothing or by a book in general.
    private static func helpTopic(asked words: [String]) -> String? {
        var words = words[...]
        while let first = words.first, ["me", "with", "for", "on", "about", "to", "how", "pour", "avec", "sur", "a", "de", "comment"].contains(first) {
            words = words.dropFirst()
        }
        if let alias = helpAliases[Array(words)] { return alias }
        guard let form = VerbForm.starting(words).max(by: { $0.words.count < $1.words.count }) else { return nil }
        let after = Array(words.dropFirst(form.words.count))
        guard after.isEmpty || Self.anyBook.contains(after) else { return nil }
        return form.verb.topic
    }

    /// Words asked about that are no verb of their own but belong to a topic: `help found`.
    private static let helpAliases: [[String]: String] = [
        ["lost"]: "report", ["damaged"]: "report", ["found"]: "report", ["repaired"]: "report", ["signaler"]: "report",
        ["perdu"]: "report", ["abime"]: "report", ["retrouve"]: "report", ["repare"]: "report",
        // What the commands do, named as things: "help with returns", "aide sur les retours".
        ["returns"]: "return", ["returning"]: "return", ["checkouts"]: "checkout", ["borrowing"]: "checkout", ["loans"]: "checkout",
        ["renewals"]: "renew", ["renewing"]: "renew", ["holds"]: "hold", ["reservations"]: "hold", ["waiting", "lists"]: "hold",
        ["les", "retours"]: "return", ["retours"]: "return", ["les", "emprunts"]: "checkout", ["emprunts"]: "checkout",
        ["les", "prolongations"]: "renew", ["prolongations"]: "renew", ["les", "reservations"]: "hold",
    ]

    /// Whether `text`, after a checkout's verb, asks how many books one may have ("more than 3
    /// books", "several books at once", "plus de deux livres") rather than naming one.
    static func howManyAtOnce(_ text: String) -> Bool {
        var folded = text.split(separator: " ").map { foldWord(String($0)).trimmingPunctuation() }
        if folded.suffix(2) == ["at", "once"] || folded.suffix(3) == ["a", "la", "fois"] { folded.removeLast(folded.suffix(2) == ["at", "once"] ? 2 : 3) }
        guard let noun = folded.last, ["books", "livres"].contains(noun) else { return false }
        let count = folded.dropLast()
        func isNumber(_ word: String) -> Bool { Int(word) != nil || copyCounts[word] != nil || ["many", "several", "plusieurs"].contains(word) }
        if count.count == 1, let word = count.first { return ["several", "many", "multiple", "plusieurs"].contains(word) }
        let leads: [[String]] = [["more", "than"], ["over"], ["up", "to"], ["plus", "de"], ["jusqu'a"]]
        return leads.contains { count.count == $0.count + 1 && count.starts(with: $0) } && count.last.map(isNumber) == true
    }

    /// The verbs of a rules question that a book may follow ("how long can I keep Dune").
    private static let rulesAboutABook: Set<String> = ["keep", "borrow", "have", "get", "renew", "garder", "emprunter", "prolonger"]
    /// Words that name no book in particular ("how long can I keep a book?"). ("it" and "the
    /// book" are the book last named, when there is one: the handler's.)
    private static let anyBook: Set<[String]> = [
        ["a", "book"], ["books"], ["the", "books"], ["my", "book"], ["my", "books"], ["them"],
        ["a", "loan"], ["one"], ["un", "livre"], ["les", "livres"], ["mon", "livre"], ["mes", "livres"], ["un", "emprunt"],
    ]

    /// `text` without a last "until Friday" ("till tomorrow", "jusqu'à lundi", "until the end
    /// of the month", "until 12/15"): when the member means to bring it back.
    static func withoutEnd(_ text: String) -> String {
        // "as soon as possible", "asap", "dès que possible", "right away": when, not whom;
        // before or after the day. Once each: a pasted "asap asap …" is not unwound word by word.
        withoutSoon(withoutDay(withoutSoon(text)))
    }

    private static func withoutSoon(_ text: String) -> String {
        var typed = text.split(separator: " ").map(String.init)
        guard let soon = soonWords.first(where: { typed.count > $0.count && typed.suffix($0.count).map(foldWord).elementsEqual($0) }) else { return text }
        typed.removeLast(soon.count)
        return typed.joined(separator: " ")
    }

    private static func withoutDay(_ text: String) -> String {
        guard let (title, end, _) = splitLast(text, separators: [" until ", " till ", " jusqu'à ", " jusqu'au ", " jusqu'a ", " jusqu\u{2019}à "]),
              !unquote(title).isEmpty else { return text }
        let words = end.split(separator: " ").map { foldWord(String($0)) }.filter { !endFillers.contains($0) }
        func isDayOrDate(_ word: String) -> Bool {
            if endWords.contains(word) { return true }
            // "15", "15th", "1er", "12/15", "2026-12-15".
            let digits = word.prefix { $0.isNumber }
            return !digits.isEmpty && (digits.count == word.count || ["st", "nd", "rd", "th", "er"].contains(String(word.dropFirst(digits.count)))
                                       || word.allSatisfy { $0.isNumber || $0 == "/" || $0 == "-" })
        }
        guard !words.isEmpty, words.count <= 4, words.allSatisfy(isDayOrDate) else { return text }
        return unquote(title)
    }

    private static let soonWords: [[String]] = [
        ["as", "soon", "as", "possible"], ["asap"], ["right", "away"], ["right", "now"], ["des", "que", "possible"], ["au", "plus", "vite"],
        ["tout", "de", "suite"],
    ]

    private static let endFillers: Set<String> = [
        "next", "this", "the", "end", "of", "prochain", "prochaine", "le", "la", "fin", "de", "du", "ce", "cette",
    ]
    private static let endWords: Set<String> = [
        "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "tomorrow", "tonight", "week", "weekend",
        "month", "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche", "demain", "semaine", "week-end", "mois",
        "january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december",
        "janvier", "fevrier", "mars", "avril", "mai", "juin", "juillet", "aout", "septembre", "octobre", "novembre", "decembre",
        "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec", "christmas", "noel", "easter", "paques",
    ]

    /// How a member asks to keep a book longer, before its title and how long.
    private static let keepLeads: [(words: [String], verb: String, language: Language)] = [
        (["keep"], "renew", .en), (["garder"], "prolonger", .fr), (["i", "need"], "renew", .en), (["i", "need", "to", "keep"], "renew", .en),
        (["i'd", "like", "to", "keep"], "renew", .en), (["j'ai", "besoin", "de"], "prolonger", .fr), (["je", "voudrais", "garder"], "prolonger", .fr),
        (["je", "garde"], "prolonger", .fr), (["je", "vais", "garder"], "prolonger", .fr), (["je", "dois", "garder"], "prolonger", .fr),
        (["can", "i", "have"], "renew", .en), (["could", "i", "have"], "renew", .en), (["can", "i", "get"], "renew", .en),
        (["could", "i", "get"], "renew", .en), (["est-ce", "que", "je", "peux", "avoir"], "prolonger", .fr), (["je", "peux", "avoir"], "prolonger", .fr),
    ].sorted { $0.words.count > $1.words.count }

    /// The words that make a length more time with a book the member has ("another week",
    /// "a bit longer", "une semaine de plus"), not a first loan's length.
    private static let moreTimeWords: Set<String> = ["another", "more", "longer", "extra", "additional", "plus", "autre", "supplementaire"]

    /// Of `keepLeads`, those that ask for a book as well as for more time with it: more time
    /// only when the length says more ("can I have Dune for another week"; "for a week" is a
    /// checkout).
    private static let keepOrHaveLeads: Set<[String]> = [
        ["can", "i", "have"], ["could", "i", "have"], ["can", "i", "get"], ["could", "i", "get"], ["est-ce", "que", "je", "peux", "avoir"],
        ["je", "peux", "avoir"],
    ]

    /// "until Friday", "till the end of the month", "jusqu'à lundi", "until Jan 5": a day, not a
    /// title's words (at most six of them).
    static func isUntil<Words: Collection<String>>(_ words: Words) -> Bool {
        guard let first = words.first, ["until", "till", "til", "jusqu'a", "jusqu'au", "jusqu'en", "through"].contains(first),
              (2...6).contains(words.count) else { return false }
        return words.dropFirst().allSatisfy { word in
            endFillers.contains(word) || endWords.contains(word) || Int(word) != nil
                || ["st", "nd", "rd", "th", "er"].contains { word.hasSuffix($0) && Int(word.dropLast(2)) != nil }
        }
    }

    /// Whether `text` is a length of time ("a week", "3 days", "the weekend", "deux semaines").
    static func isDuration(_ text: String) -> Bool {
        // "two more weeks", "une semaine de plus": the "more" says nothing of the length.
        let folded = text.split(separator: " ").map { foldWord(String($0)) }
        if longer.contains(folded) { return true }
        let words = folded.filter { !["more", "extra", "another", "de", "plus"].contains($0) }
        if words.count == 1, let unit = words.first, durationUnits.contains(unit), unit.hasSuffix("s") == false { return true }
        if durationPhrases.contains(words) { return true }
        // "a few days", "a couple of weeks", "quelques jours de plus".
        if words.count >= 3, ["a", "an"].contains(words[0]), ["few", "couple"].contains(words[1]) {
            let rest = words.dropFirst(2).drop { $0 == "of" }
            return rest.count == 1 && rest.first.map(durationUnits.contains) == true
        }
        guard words.count == 2, let unit = words.last, durationUnits.contains(unit), let count = words.first else { return false }
        return Int(count) != nil || durationCounts.contains(count)
    }

    private static let durationUnits: Set<String> = [
        "day", "days", "week", "weeks", "month", "months", "jour", "jours", "semaine", "semaines", "mois",
    ]
    private static let durationCounts: Set<String> = [
        "a", "an", "one", "two", "three", "four", "few", "couple", "un", "une", "deux", "trois", "quatre", "quelques",
    ]
    private static let durationPhrases: Set<[String]> = [
        ["the", "weekend"], ["the", "week"], ["the", "holidays"], ["the", "summer"], ["a", "while"], ["a", "bit"],
        ["le", "week-end"], ["les", "vacances"], ["l'ete", "prochain"], ["quelque", "temps"], ["un", "moment"],
    ]

    /// Words that are not part of a member's name ("one's books", "someone's loans").
    private static let notInAName: Set<String> = [
        "one", "someone", "somebody", "everyone", "everybody", "anyone", "anybody", "nobody", "no", "other", "others", "each", "every",
        "all", "of", "or", "and", "the", "a", "an", "my", "your", "his", "her", "their", "our", "its", "this", "that", "it", "he", "she",
        "they", "who", "whose", "library", "club", "committee", "today", "yesterday", "week", "month", "year", "can", "could", "you",
        "me", "please", "show", "tell", "give", "see", "what", "what's", "whats", "is", "are", "for",
    ]

    /// What comes before and after a name in "does Ben have …", "when does Ben have to return …".
    private static let someonesVerbs: [([String], [String])] = [
        (["does"], ["have"]), (["has"], ["got"]), (["when", "does"], ["have", "to", "return"]),
        (["when", "does"], ["have", "to", "bring", "back"]), (["when", "does"], ["need", "to", "return"]),
    ]

    /// The library itself, as the subject of "what does X have" (folded): no member.
    private static let librarySubjects: Set<[String]> = [
        ["the", "library"], ["this", "library"], ["our", "library"], ["the", "club"], ["the", "committee"], ["the", "shelf"],
        ["the", "collection"], ["you", "guys"], ["y'all"], ["the", "bot"], ["librarybot"], ["the", "swag", "library"],
        ["la", "bibliotheque"], ["cette", "bibliotheque"], ["notre", "bibliotheque"], ["le", "club"], ["le", "comite"], ["l'etagere"],
        ["la", "collection"], ["le", "bot"],
    ]

    /// Everyone, as a history's subject ("what did people borrow?"), which names no member.
    private static let everyoneWords: Set<[String]> = [
        ["people"], ["everyone"], ["everybody"], ["members"], ["the", "members"], ["all"], ["we"], ["us"], ["folks"],
        ["tout", "le", "monde"], ["les", "gens"], ["les", "membres"],
    ]

    /// A question of someone's books: its first words, the name, its last words.
    private static let someonesBooksQuestions: [(lead: [String], end: [String])] = [
        (["what", "books", "does"], ["have"]), (["what", "has"], ["got"]), (["what's"], ["got"]),
        (["what's"], ["reading"]), (["whats"], ["reading"]), (["what's"], ["reading", "now"]),
        (["what", "is"], ["reading", "now"]), (["what's"], ["reading", "right", "now"]), (["what", "is"], ["reading", "right", "now"]),
        (["is"], ["reading", "anything"]), (["is"], ["reading", "anything", "now"]),
    ]

    /// "has Ben been reminded?", "was Ben reminded about Dune?", "did Ben get a reminder?", "when
    /// was Ben last reminded?", "did you remind Ben?", "Ben a-t-il été relancé ?", "est-ce que
    /// Ben a reçu un rappel ?", "have I been reminded?", "ai-je été relancé ?": the books of the
    /// one asked about, each saying when its borrower was last reminded of it. A name of one to
    /// three words, capitalised; after it, nothing, a book ("about Dune") or "yet".
    private static func remindedQuestion(words: [String], folded: [String]) -> ParsedCommand? {
        guard folded.count >= 2, folded.count <= 16, folded.contains(where: remindedWords.contains) else { return nil }
        for (lead, end, language) in remindedQuestions where folded.count >= lead.count + end.count && folded.starts(with: lead) {
            let selfAsked = lead.last.map(["ai-je", "j'ai"].contains) ?? false
            for nameCount in (selfAsked ? 0...0 : 1...3) where lead.count + nameCount + end.count <= folded.count {
                let nameEnd = lead.count + nameCount
                guard folded[nameEnd...].starts(with: end) else { continue }
                let rest = folded[(nameEnd + end.count)...]
                guard rest.isEmpty || remindedTails.contains(Array(rest))
                        || rest.count >= 2 && ["about", "of", "for", "pour", "de", "d'", "sur", "au", "a", "à"].contains(rest[rest.startIndex]) else { return nil }
                let name = folded[lead.count..<nameEnd]
                if selfAsked || name.count == 1 && ["i", "me", "je", "moi"].contains(name[name.startIndex]) {
                    return ParsedCommand(intent: .loansOf(borrower: nil), language: language)
                }
                guard looksLikeName(words[lead.count]), !name.contains(where: notInAName.contains) else { return nil }
                return ParsedCommand(intent: .loansOf(borrower: unquote(words[lead.count..<nameEnd].joined(separator: " "))), language: language)
            }
        }
        return nil
    }

    /// What comes before and after a book in a question of when it is due, said its own way.
    private static let dueWhenFrames: [(lead: [String], tail: [String], language: Language)] = [
        ([], ["est", "a", "rendre", "quand"], .fr), ([], ["est", "a", "rendre", "pour", "quand"], .fr), ([], ["est", "a", "rendre", "quel", "jour"], .fr),
        ([], ["doit", "etre", "rendu", "quand"], .fr), ([], ["doit", "etre", "rendue", "quand"], .fr),
        (["quand", "est-ce", "que"], ["est", "a", "rendre"], .fr), (["quand"], ["est", "a", "rendre"], .fr),
        (["quand", "est-ce", "que"], ["doit", "etre", "rendu"], .fr), (["quand"], ["doit", "etre", "rendu"], .fr),
        ([], ["is", "due", "when"], .en), ([], ["is", "due", "back", "when"], .en), ([], ["due", "when"], .en),
    ]

    private static let membersQuestions: [[String]: Language] = [
        ["who", "are", "the", "members"]: .en, ["list", "members"]: .en, ["list", "the", "members"]: .en, ["list", "all", "members"]: .en,
        ["show", "members"]: .en, ["show", "the", "members"]: .en, ["who", "uses", "the", "library"]: .en,
        ["qui", "sont", "les", "membres"]: .fr, ["liste", "des", "membres"]: .fr,
    ]

    /// What comes before the book in "get Dune back from Ben".
    private static let backFromLeads: [[String]] = [
        ["get"], ["i", "need"], ["i", "want"], ["i'd", "like"], ["i", "would", "like"], ["can", "you", "get"], ["could", "you", "get"],
        ["please", "get"], ["we", "need"],
    ]

    /// "who borrowed … the most", "qui a le plus lu …": who read a book the most.
    private static let mostReadLeads: [(words: [String], language: Language)] = [
        (["who", "has", "borrowed"], .en), (["who", "has", "read"], .en), (["who", "borrowed"], .en), (["who", "read"], .en),
        (["who", "borrows"], .en), (["who", "reads"], .en), (["who's", "borrowed"], .en), (["who's", "read"], .en),
        (["qui", "a", "le", "plus", "emprunte"], .fr), (["qui", "a", "le", "plus", "lu"], .fr), (["qui", "emprunte", "le", "plus"], .fr),
        (["qui", "lit", "le", "plus"], .fr),
    ]
    private static let mostTails: [[String]] = [["the", "most", "often"], ["the", "most"], ["most", "often"], ["most"], ["the", "most", "times"]]

    /// The verbs of a book passed on, asked about: "did I give …", "has Ana lent …".
    private static let passVerbs: Set<String> = ["give", "pass", "lend", "hand"]
    private static let passedVerbs: Set<String> = ["given", "passed", "lent", "handed"]

    /// The words before and after the name in a question of whether someone was reminded.
    private static let remindedQuestions: [(lead: [String], end: [String], language: Language)] = {
        let english: [([String], [String])] = [
            (["has"], ["been", "reminded"]), (["have"], ["been", "reminded"]), (["was"], ["reminded"]), (["were"], ["reminded"]),
            (["has"], ["had", "a", "reminder"]), (["did"], ["get", "a", "reminder"]), (["did"], ["get", "reminded"]),
            (["did"], ["get", "any", "reminders"]), (["did"], ["get", "the", "reminder"]),
            (["when", "was"], ["last", "reminded"]), (["when", "was"], ["reminded"]),
            (["did", "you", "remind"], []), (["have", "you", "reminded"], []), (["did", "anyone", "remind"], []),
            (["has", "anyone", "reminded"], []), (["did", "someone", "remind"], []), (["has", "someone", "reminded"], []),
        ]
        let frenchEnds: [[String]] = [
            ["ete", "relance"], ["ete", "relancee"], ["recu", "un", "rappel"], ["eu", "un", "rappel"], ["ete", "rappele"], ["ete", "rappelee"],
        ]
        var french: [([String], [String])] = []
        for end in frenchEnds {
            for verb in [["a"], ["a-t-il"], ["a-t-elle"]] {
                french += [([], verb + end), (["est-ce", "que"], verb + end), (["est-ce", "qu'"], verb + end)]
            }
            french += [(["ai-je"], end), (["j'ai"], end), (["est-ce", "que", "j'ai"], end)]
        }
        french += [(["as-tu", "relance"], []), (["tu", "as", "relance"], []), (["avez-vous", "relance"], []), (["vous", "avez", "relance"], [])]
        return english.map { ($0.0, $0.1, Language.en) } + french.map { ($0.0, $0.1, Language.fr) }
    }()

    /// The words one of `remindedQuestions` has, one at least: any other text is none of them.
    private static let remindedWords: Set<String> = Set(remindedQuestions.flatMap { $0.lead + $0.end }.filter { $0.hasPrefix("remind") || $0.hasPrefix("rappel") || $0.hasPrefix("relance") })

    /// What may follow a question of whether someone was reminded and says nothing more.
    private static let remindedTails: Set<[String]> = [
        ["yet"], ["already"], ["today"], ["recently"], ["lately"], ["at", "all"], ["deja"], ["aujourd'hui"], ["recemment"],
    ]

    /// `what does X have` and `qu'a X`; the library's books when X is the library itself ("what
    /// does the library have?", "qu'a la bibliothèque ?"), which is no member.
    private static func loansOfSomeone(words: [String], folded: [String], cues: [Language]) -> ParsedCommand? {
        guard let command = loansOfAnyone(words: words, folded: folded, cues: cues) else { return nil }
        if case .loansOf(let name?) = command.intent, librarySubjects.contains(name.split(separator: " ").map { foldWord(String($0)) }) {
            return ParsedCommand(intent: .list(filter: .all, order: .newest), language: command.language)
        }
        return command
    }

    private static func loansOfAnyone(words: [String], folded: [String], cues: [Language]) -> ParsedCommand? {
        // "what did Ana borrow last week", "Ben's history this year": the loans of that period.
        if let trailing = LoanPeriod.trailing(folded), folded.count > trailing.count + 1,
           let whole = loansOfSomeone(words: Array(words.dropLast(trailing.count)), folded: Array(folded.dropLast(trailing.count)), cues: cues) {
            if case .history(let name?, nil) = whole.intent, !["i", "me", "myself", "je", "moi"].contains(foldWord(name)) {
                return ParsedCommand(intent: .history(borrower: name, period: trailing.period), language: whole.language)
            }
            // ("what did people borrow this month?": the library's figures, which count this month and year.)
            if whole.intent == .stats { return whole }
        }
        if folded.count >= 4, folded[0] == "what", folded[1] == "does", folded.last == "have" {
            let name = unquote(words[2..<(words.count - 1)].joined(separator: " "))
            return ParsedCommand(intent: .loansOf(borrower: name), language: .en)
        }
        // "what books does Ben have", "what has Ben got", "what's Ben got": his books.
        // "what's Ben reading (right now)?", "is Ben reading anything?": the same.
        let someonesBooks = Self.someonesBooksQuestions.first { folded.starts(with: $0.lead) && folded.count > $0.lead.count + $0.end.count
                                                                && folded.suffix($0.end.count).elementsEqual($0.end) }
        // ("what books does the club have?": the library's.)
        if let (lead, end) = someonesBooks, librarySubjects.contains(Array(folded[lead.count..<(folded.count - end.count)])) {
            return ParsedCommand(intent: .list(filter: .all, order: .newest), language: .en)
        }
        if let (lead, end) = someonesBooks,
           case let nameWords = folded[lead.count..<(folded.count - end.count)], nameWords.count <= 3, !nameWords.contains(where: notInAName.contains),
           looksLikeName(words[lead.count]) {
            let name = unquote(words[lead.count..<(words.count - end.count)].joined(separator: " "))
            return ParsedCommand(intent: .loansOf(borrower: name), language: .en)
        }
        // "what do Ben and Ana have": what each has ("what do you have", "what do you and Ben
        // have" are left: "you" is no member).
        if folded.count >= 5, folded[0] == "what", folded[1] == "do", folded.last == "have",
           case let name = unquote(words[2..<(words.count - 1)].joined(separator: " ")), namesMembers(name) {
            return ParsedCommand(intent: .loansOf(borrower: name), language: .en)
        }
        // "does Ben have any books?", "has Ben got anything?": what he has; "when does Ben have
        // to return Dune?": who has Dune, and until when. A name is one to three words, none of
        // a sentence. ("does Dune have water damage?" asks of a book: "does X have Y" is left.)
        if folded.count >= 3, let (verb, at) = Self.someonesVerbs.lazy.compactMap({ verb -> (([String], [String]), Int)? in
               // The verb after a name of one to three words.
               let last = min(verb.0.count + 3, folded.count - verb.1.count)
               guard folded.starts(with: verb.0), last > verb.0.count,
                     let at = (verb.0.count + 1...last).first(where: { folded[$0...].starts(with: verb.1) }) else { return nil }
               return (verb, at)
           }).first,
           !folded[verb.0.count..<at].contains(where: notInAName.contains) {
            let name = unquote(words[verb.0.count..<at].joined(separator: " ")), rest = Array(folded[(at + verb.1.count)...])
            if rest.isEmpty || [["any", "books"], ["anything"], ["any", "book"], ["books"]].contains(rest) {
                guard verb.0 != ["when", "does"] else { return nil }
                return ParsedCommand(intent: .loansOf(borrower: name), language: .en)
            }
            let book = unquote(words[(at + verb.1.count)...].joined(separator: " "))
            // "does Ben have Dune?", "has Ben got Dune?": who has it, which answers. (A name and a
            // title, each capitalised: "does Dune have water damage?" is left.)
            if verb.0 != ["when", "does"], looksLikeName(words[verb.0.count]), words[at + verb.1.count].first?.isUppercase == true, !book.isEmpty {
                return ParsedCommand(intent: .whoHas(book: book), language: .en)
            }
            guard verb.0 == ["when", "does"], !name.isEmpty, !book.isEmpty else { return nil }
            return ParsedCommand(intent: .whoHas(book: book), language: .en)
        }
        // "Ben's books", "Ben's history": what he has, what he borrowed.
        if folded.count >= 2, let possessive = words.lastIndex(where: { $0.hasSuffix("'s") || $0.hasSuffix("’s") }), possessive < words.count - 1 {
            let what = Array(folded[(possessive + 1)...])
            // "what's Ben's history", "what are Ben's books", "show me Ben's loans".
            let lead = [["what's"], ["whats"], ["what", "is"], ["what", "are"], ["show", "me"], ["show"], ["tell", "me"], ["list"], ["when", "is"], ["when", "are"]]
                .first { folded.count > $0.count && possessive >= $0.count && folded.starts(with: $0) }?.count ?? 0
            let name = unquote((words[lead..<possessive] + [String(words[possessive].dropLast(2))]).joined(separator: " "))
            // A name, not words of a sentence ("… or all of one's books").
            let nameWords = folded[lead...possessive].map { $0.hasSuffix("'s") || $0.hasSuffix("’s") ? String($0.dropLast(2)) : $0 }
            guard nameWords.count <= 3, !nameWords.contains(where: notInAName.contains) else { return nil }
            if !name.isEmpty, [["books"], ["loans"], ["current", "loans"], ["current", "books"], ["book", "due"], ["books", "due"]].contains(what) {
                return ParsedCommand(intent: .loansOf(borrower: name), language: .en)
            }
            if !name.isEmpty, [["history"], ["reading", "history"], ["loan", "history"], ["borrowing", "history"], ["past", "loans"]].contains(what) {
                return ParsedCommand(intent: .history(borrower: name), language: .en)
            }
        }
        // "what did Ana borrow", "what has Ana read", "which books did Ben return?", "what did
        // Ben borrow last?": their past loans.
        let historyLead = folded.starts(with: ["what", "books"]) || folded.starts(with: ["which", "books"]) ? 2 : folded.first == "what" ? 1 : 0
        let historyEnd = folded.count > historyLead + 3 && ["last", "recently", "lately"].contains(folded[folded.count - 1]) ? folded.count - 1 : folded.count
        if historyLead > 0, historyEnd >= historyLead + 3, ["did", "has"].contains(folded[historyLead]),
           case let verb = folded[historyEnd - 1], folded[historyLead] == "did" ? ["borrow", "read", "return"].contains(verb) : ["borrowed", "read", "returned"].contains(verb),
           // (Not of the one asked: "what did you read last?".)
           !["you", "u", "he", "she", "they", "we", "it"].contains(folded[historyLead + 1]) {
            let name = unquote(words[(historyLead + 1)..<(historyEnd - 1)].joined(separator: " "))
            // ("what did people borrow?": the library's figures.)
            if Self.everyoneWords.contains(Array(folded[(historyLead + 1)..<(historyEnd - 1)])) { return ParsedCommand(intent: .stats, language: .en) }
            return ParsedCommand(intent: .history(borrower: name), language: .en)
        }
        // "what is Ben reading?": his books ("what is everyone reading" is the digest, read before).
        if folded.count >= 4, folded[0] == "what", folded[1] == "is", folded.last == "reading",
           !["everyone", "everybody", "anyone", "anybody", "people", "he", "she", "they", "it", "this", "that"].contains(folded[2]) {
            let name = unquote(words[2..<(words.count - 1)].joined(separator: " "))
            return ParsedCommand(intent: .loansOf(borrower: name), language: .en)
        }
        // "qu'est-ce que Ben a emprunté", "qu'est-ce qu'Ana a lu": their history.
        if folded.count >= 4, folded[0] == "qu'est-ce", folded[folded.count - 2] == "a", ["emprunte", "lu"].contains(folded[folded.count - 1]) {
            let between = folded[1] == "que" ? Array(words[2..<(words.count - 2)])
                : folded[1].hasPrefix("qu'") ? [String(words[1].dropFirst(3))] + words[2..<(words.count - 2)] : []
            let name = unquote(between.filter { !$0.isEmpty }.joined(separator: " "))
            if !name.isEmpty, !["on", "il", "elle", "ils", "elles", "vous", "tu", "je"].contains(foldWord(name)) {
                return ParsedCommand(intent: .history(borrower: name), language: .fr)
            }
        }
        // "qu'est-ce que Ben lit ?", "qu'est-ce qu'Ana a ?", "que lit Ben ?", "Ben lit quoi ?": what they have.
        if folded.count >= 3, folded[0] == "qu'est-ce", ["lit", "a"].contains(folded[folded.count - 1]) {
            let between = folded[1] == "que" ? Array(words[2..<(words.count - 1)])
                : folded[1].hasPrefix("qu'") ? [String(words[1].dropFirst(3))] + words[2..<(words.count - 1)] : []
            let name = unquote(between.filter { !$0.isEmpty }.joined(separator: " "))
            if !name.isEmpty, between.count <= 3, !["on", "il", "elle", "ils", "elles", "vous", "tu", "je", "ca", "cela"].contains(foldWord(name)) {
                return ParsedCommand(intent: .loansOf(borrower: name), language: .fr)
            }
        }
        if folded.count >= 3, folded.count <= 5, folded[0] == "que", folded[1] == "lit" || folded[1] == "lisent" {
            let name = unquote(words.dropFirst(2).joined(separator: " "))
            if !["on", "il", "elle", "ils", "elles"].contains(foldWord(name)) { return ParsedCommand(intent: .loansOf(borrower: name), language: .fr) }
        }
        // "Ben lit quoi ?", "Ben a quoi ?".
        if folded.count >= 3, folded.count <= 5, folded.suffix(2).elementsEqual(["lit", "quoi"]) || folded.suffix(2).elementsEqual(["a", "quoi"]),
           words[0].first?.isUppercase == true {
            let name = unquote(words.dropLast(2).joined(separator: " "))
            return ParsedCommand(intent: .loansOf(borrower: name), language: .fr)
        }
        if let first = folded.first, first.hasPrefix("qu'a") {
            let attached = String(words[0].dropFirst(4))
            let rest = ([attached] + words.dropFirst()).filter { !$0.isEmpty }
            // "qu'a emprunté Ana", "qu'a lu Ben": what they borrowed (their history), not what they have.
            if rest.count > 1, ["emprunte", "lu"].contains(foldWord(rest[0])) {
                let name = unquote(rest.dropFirst().joined(separator: " "))
                return ParsedCommand(intent: .history(borrower: name), language: .fr)
            }
            let name = unquote(rest.joined(separator: " "))
            guard !name.isEmpty else { return nil }
            return ParsedCommand(intent: .loansOf(borrower: name), language: .fr)
        }
        // "qu'ont Ben et Ana", "qu'ont emprunté Ben et Ana": what each has, or borrowed.
        if folded.count >= 4, folded[0] == "qu'ont" {
            let borrowed = ["emprunte", "lu"].contains(folded[1])
            let name = unquote(words.dropFirst(borrowed ? 2 : 1).joined(separator: " "))
            guard namesMembers(name) else { return nil }
            return ParsedCommand(intent: borrowed ? .history(borrower: name) : .loansOf(borrower: name), language: .fr)
        }
        return nil
    }

    /// Whether `list` names several people, each a member or the sender ("Ben and I"), none
    /// someone the bot cannot tell ("you and Ben", "Ben et eux").
    private static func namesMembers(_ list: String) -> Bool {
        guard let names = Sender.severalNames(list) else { return false }
        let unknown = heldPronouns.union(["you", "them", "him", "her", "we", "us", "it", "vous", "toi", "tu", "eux", "ils", "elles", "lui", "nous", "on"])
        return !names.contains { unknown.contains(foldWord($0)) }
    }

    /// The ISBNs of `text` (what follows `add isbn`), hyphens removed: one, written with or
    /// without hyphens or spaces, or several, separated by commas, `and` / `et`, or spaces
    /// between whole numbers of 10 or 13 characters. Digits of any length otherwise: a wrong
    /// count or checksum gets its own reply from the handler. Empty when anything but digits,
    /// X, hyphens and those separators is there.
    static func isbnList(_ text: String) -> [String] {
        func isISBNCharacter(_ character: Character) -> Bool { character.isASCII && (character.isNumber || character == "X") }
        var numbers: [String] = []
        let chunks = text.uppercased().split { $0 == "," || $0 == ";" || $0 == "&" }
            .flatMap { $0.split(separator: " ").split { ["AND", "ET"].contains($0) }.map { $0.joined(separator: " ") } }
        for chunk in chunks {
            let groups = chunk.split(whereSeparator: \.isWhitespace).map { $0.replacingOccurrences(of: "-", with: "") }
            guard !groups.isEmpty, groups.allSatisfy({ $0.allSatisfy(isISBNCharacter) }) else { return [] }
            if groups.count > 1, groups.allSatisfy({ $0.count == 10 || $0.count == 13 }) {
                numbers += groups
            } else {
                numbers.append(groups.joined())
            }
        }
        return numbers
    }

    /// After `add`: "category Classic to Dune", "the categories SF, Classic to Dune", "la
    /// catégorie Classique à Dune" (`french`, after `ajouter`); after `remove` (`remove`):
    /// "category SF from Dune", "la catégorie SF de Dune". The categories and the book; nil when
    /// `rest` says neither. The first " to " / " from " ends the categories: titles hold such
    /// words more often ("Gone to Soldiers", "Letters from Iwo Jima").
    static func categoryChange(_ rest: String, remove: Bool, french: Bool) -> (categories: [String], book: String)? {
        let words = rest.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: true).map(String.init)
        let folded = words.prefix(2).map(foldWord)
        guard let lead = categoryLeads.first(where: { words.count > $0.count && folded.starts(with: $0) }) else { return nil }
        let afterLead = words.dropFirst(lead.count).joined(separator: " ")
        let separators = remove ? (french ? [" de ", " du ", " d'", " d\u{2019}"] : [" from ", " of "])
                                : (french ? [" à ", " a ", " au "] : [" to ", " on ", " for "])
        guard let (named, target, separator) = splitFirst(afterLead, separators: separators) else { return nil }
        let categories = NewBook.splitCategories(unquote(named)).map { unquote($0) }.filter { !$0.isEmpty }
        var book = unquote(target)
        // "du Petit Prince", "au Petit Prince": de / à + le.
        if separator == " du " || separator == " au " { book = "Le " + book }
        guard !categories.isEmpty, !book.isEmpty else { return nil }
        return (categories, book)
    }

    /// The categories and the book of "tag Dune as Classic", "tag Dune with Classic, SF",
    /// "classer Dune dans Classique", "untag Dune as SF" or "untag SF from Dune"; nil when none
    /// is named. The last " as " ends the title (`tag Death as a Way of Life as essay`).
    static func tagging(_ rest: String, remove: Bool) -> (categories: [String], book: String)? {
        func categories(_ named: String) -> [String] { NewBook.splitCategories(unquote(named)).map { unquote($0) }.filter { !$0.isEmpty } }
        if let (title, named, _) = splitLast(rest, separators: [" as ", " with ", " under ", " comme ", " dans ", " avec ", " sous "]) {
            let book = unquote(title), given = categories(named)
            if !book.isEmpty, !given.isEmpty { return (given, book) }
        }
        if remove, let (named, title, _) = splitFirst(rest, separators: [" from "]) {
            let book = unquote(title), taken = categories(named)
            if !book.isEmpty, !taken.isEmpty { return (taken, book) }
        }
        return nil
    }

    private static let categoryLeads: [[String]] = [
        ["category"], ["categories"], ["the", "category"], ["the", "categories"], ["genre"], ["genres"], ["the", "genre"], ["the", "genres"],
        ["tag"], ["tags"], ["the", "tag"], ["the", "tags"], ["label"], ["the", "label"],
        ["la", "categorie"], ["les", "categories"], ["categorie"], ["le", "genre"], ["les", "genres"],
    ].sorted { $0.count > $1.count }

    /// The book of "another copy of Dune", "un autre exemplaire d'Emma", or nil.
    private static func copyOf(_ rest: String) -> String? {
        copyOf(rest, leads: copyLeads)?.book
    }

    /// The lead of `leads` that `rest` starts with, and the book after it ("another copy of
    /// Dune"; French "exemplaire de Dune", "d'Emma", "du Petit Prince"); nil when none.
    private static func copyOf(_ rest: String, leads: [[String]]) -> (lead: [String], book: String)? {
        let words = rest.split(separator: " ").map(String.init)
        let folded = words.prefix(6).map(foldWord)
        guard let lead = leads.first(where: { folded.count > $0.count && folded.starts(with: $0) }) else { return nil }
        var book = Array(words.dropFirst(lead.count))
        // "add A Copy of Me by Ann Author" is a title of its own, with its author.
        if lead == ["a", "copy", "of"], book.contains(where: { foldWord($0) == "by" }) { return nil }
        // "add another Dune": a copy; "add Another Country by James Baldwin", a title.
        if lead == ["another"], words[0].first?.isUppercase == true || book.contains(where: { foldWord($0) == "by" })
            || [["one"], ["book"], ["copy"], ["one", "please"]].contains(book.map(foldWord)) { return nil }
        // French "de Dune", "d'Emma", "du Petit Prince" (de + le).
        if lead.last == "exemplaire" || lead.last == "exemplaires" {
            let next = foldWord(book[0])
            if next == "de", book.count > 1 { book.removeFirst() }
            else if next == "du", book.count > 1 { book[0] = "Le" }
            else if next.hasPrefix("d'"), next.count > 2 { book[0] = String(book[0].dropFirst(2)) }
            else { return nil }
        }
        // "a copy of Dune for the library", "un exemplaire de Dune pour la bibliothèque".
        if let place = Self.forTheLibrary.first(where: { book.count > $0.count && book.suffix($0.count).map(foldWord).elementsEqual($0) }) {
            book.removeLast(place.count)
        }
        let title = unquote(book.joined(separator: " "))
        return title.isEmpty ? nil : (lead, title)
    }
    private static let forTheLibrary: [[String]] = [
        ["for", "the", "library"], ["for", "the", "shelf"], ["for", "the", "committee"], ["pour", "la", "bibliotheque"], ["pour", "le", "comite"],
    ]

    private static let copyLeads: [[String]] = [
        ["another", "copy", "of"], ["a", "copy", "of"], ["one", "more", "copy", "of"], ["a", "second", "copy", "of"],
        ["an", "extra", "copy", "of"], ["a", "new", "copy", "of"], ["a", "third", "copy", "of"], ["a", "fourth", "copy", "of"],
        ["a", "fifth", "copy", "of"], ["un", "troisieme", "exemplaire"], ["un", "quatrieme", "exemplaire"], ["un", "exemplaire"], ["un", "autre", "exemplaire"],
        ["un", "nouvel", "exemplaire"], ["un", "second", "exemplaire"], ["un", "deuxieme", "exemplaire"], ["encore", "un", "exemplaire"],
        ["another"],
    ].sorted { $0.count > $1.count }

    /// "Frank Herbert (Ace, 1990)", "Frank Herbert, 1965", "Frank Herbert (1965)": the author
    /// without what a reference adds after the name, and the publisher that gave, if any. A
    /// year is dropped (a book keeps none); a role ("(ed.)") stays the author's.
    static func authorAndDetails(_ author: String) -> (author: String, publisher: String?) {
        func isYear(_ text: Substring) -> Bool {
            let digits = text.trimmingCharacters(in: .whitespaces)
            return digits.count == 4 && digits.allSatisfy(\.isASCII) && Int(digits).map { (1000...2199).contains($0) } == true
        }
        var name = Substring(author.trimmingCharacters(in: .whitespaces)), publisher: String? = nil
        if name.hasSuffix(")"), let open = name.lastIndex(of: "("), open > name.startIndex {
            let inside = name[name.index(after: open)..<name.index(before: name.endIndex)].split(separator: ",")
            let rest = inside.filter { !isYear($0) }.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            let role = rest.count == 1 && ["ed", "ed.", "eds", "eds.", "editor", "editors", "trans", "trans.", "translator", "illustrator", "dir", "dir."]
                .contains(rest[0].lowercased())
            if !role, rest.count <= 1, inside.count > rest.count || !rest.isEmpty {
                publisher = rest.first
                name = name[..<open]
            }
        } else if let comma = name.lastIndex(of: ","), isYear(name[name.index(after: comma)...]) {
            name = name[..<comma]
        }
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? (author, nil) : (trimmed, publisher)
    }

    private static let copyCounts: [String: Int] = [
        "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
        "deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "sept": 7, "huit": 8, "neuf": 9, "dix": 10,
    ]
    private static let severalCopiesLeads: [[String]] = [
        ["copies", "of"], ["more", "copies", "of"], ["extra", "copies", "of"], ["new", "copies", "of"], ["exemplaires"],
        ["autres", "exemplaires"], ["nouveaux", "exemplaires"], ["exemplaires", "de", "plus", "de"],
        ["copy", "of"], ["more", "copy", "of"], ["extra", "copy", "of"], ["new", "copy", "of"], ["exemplaire"], ["autre", "exemplaire"],
    ].sorted { $0.count > $1.count }

    /// After `delete`: "a copy of Dune" (place nil: the library picks one nobody has), "the
    /// second copy of Dune", "the last copy of Dune", "copy 2 of Dune", "un exemplaire de
    /// Dune", "le deuxième exemplaire de Dune". The book and the copy's place among its copies
    /// in number order (from 0; -1 for the last), or nil.
    static func copyToDelete(_ rest: String) -> (book: String, place: Int?)? {
        let folded = rest.split(separator: " ", maxSplits: 4).prefix(4).map { foldWord(String($0)) }
        // "copy 2 of Dune": the number is a place, as the copies are counted.
        if folded.count == 4, folded[0] == "copy", let number = Int(folded[1]), number >= 1, number <= 1_000, folded[2] == "of" {
            return copyOf(rest, leads: [["copy", folded[1], "of"]]).map { ($0.book, number - 1) }
        }
        guard let (lead, book) = copyOf(rest, leads: deletionLeads) else { return nil }
        // "delete A Copy of Me": a capitalised Copy is a title's.
        let typed = rest.split(separator: " ").prefix(lead.count)
        if typed.contains(where: { ["copy", "copies"].contains(foldWord(String($0))) && $0.first?.isUppercase == true }) { return nil }
        return (book, lead.lazy.compactMap { ordinals[$0] }.first)
    }

    /// Ordinal words, folded, to a place from 0 (-1: the last).
    private static let englishOrdinals: [String: Int] = [
        "first": 0, "1st": 0, "second": 1, "2nd": 1, "third": 2, "3rd": 2, "fourth": 3, "4th": 3, "fifth": 4, "5th": 4, "last": -1,
    ]
    private static let frenchOrdinals: [String: Int] = [
        "premier": 0, "1er": 0, "deuxieme": 1, "2e": 1, "troisieme": 2, "3e": 2, "quatrieme": 3, "4e": 3, "cinquieme": 4, "5e": 4, "dernier": -1,
    ]
    private static let ordinals = englishOrdinals.merging(frenchOrdinals) { first, _ in first }

    private static let deletionLeads: [[String]] = (
        [["a", "copy", "of"], ["one", "copy", "of"], ["one", "of", "the", "copies", "of"], ["an", "extra", "copy", "of"],
         ["the", "extra", "copy", "of"], ["the", "duplicate", "of"], ["a", "duplicate", "of"], ["the", "spare", "copy", "of"],
         ["le", "doublon", "de"], ["un", "doublon", "de"],
         ["un", "exemplaire"], ["un", "des", "exemplaires"]]
        + englishOrdinals.keys.flatMap { [["the", $0, "copy", "of"], [$0, "copy", "of"]] }
        + frenchOrdinals.keys.map { ["le", $0, "exemplaire"] }
    ).sorted { $0.count > $1.count }

    /// "The Martian, Andy Weir", "The Martian (Andy Weir)", "The Martian - Andy Weir": a title
    /// and, set apart, what looks like its author's name (capitalised words, two to four after a
    /// comma or a dash, one to four in brackets); nil for any other text.
    static func authorApart(_ text: String) -> (title: String, author: String)? {
        func name(_ words: [Substring], _ counts: ClosedRange<Int>) -> String? {
            guard counts.contains(words.count), let first = words.first, let last = words.last,
                  first.first?.isUppercase == true, last.first?.isUppercase == true,
                  words.allSatisfy({ $0.first?.isUppercase == true || ["de", "van", "von", "le", "du", "da", "di", "la", "der"].contains($0) })
            else { return nil }
            return words.joined(separator: " ")
        }
        let text = text.trimmingWhitespace(newlines: true)
        if text.hasSuffix(")"), let open = text.range(of: " (", options: .backwards) {
            let title = String(text[..<open.lowerBound]).trimmingWhitespace(newlines: true)
            let inside = text[open.upperBound..<text.index(before: text.endIndex)].split(separator: " ")
            if !title.isEmpty, let author = name(inside, 1...4) { return (unquote(title), author) }
        }
        for separator in [" - ", " \u{2013} ", " \u{2014} ", ", "] {
            guard let cut = text.range(of: separator, options: .backwards) else { continue }
            let title = String(text[..<cut.lowerBound]).trimmingWhitespace(newlines: true)
            if !title.isEmpty, let author = name(text[cut.upperBound...].split(separator: " "), 2...4) { return (unquote(title), author) }
        }
        return nil
    }

    private static func parseAdd(_ rest: String, form: VerbForm, language: inout Language?) -> Intent? {
        // "…, published by Ace", "…, publié par Gallimard": its publisher, not a book
        // "published" by Ace (the last such words, outside quotes).
        var rest = rest
        for said in [", published by ", " published by ", ", publié par ", " publié par ", ", édité par ", " édité par ", ", publisher "] {
            if let range = rest.range(of: said, options: [.caseInsensitive, .backwards]), !rest[..<range.lowerBound].isEmpty,
               !rest[range.upperBound...].trimmingWhitespace().isEmpty, !quotedMask(Array(rest))[rest.distance(from: rest.startIndex, to: range.lowerBound)] {
                rest.replaceSubrange(range, with: " publisher: ")
                break
            }
        }
        let restWords = rest.split(separator: " ").map { foldWord(String($0)) }
        // "add isbn 9780441172719 to Dune", "ajouter l'isbn … à Dune": the number of a book the
        // library has, as `edit Dune set isbn to …`.
        if restWords.count >= 4, ["isbn", "l'isbn", "the"].contains(restWords[0]),
           let to = restWords.indices.dropFirst().first(where: { ["to", "for", "a", "pour"].contains(restWords[$0]) }), to + 1 < restWords.count {
            let words = rest.split(separator: " ").map(String.init)
            let number = words[1..<to].drop { foldWord($0) == "isbn" }.joined(separator: " ")
            // (A number that is no ISBN goes too: the edit says what is wrong with it.)
            if !number.isEmpty, number.allSatisfy({ $0.isNumber || $0 == "-" || $0 == "X" || $0 == "x" }) {
                return .edit(book: unquote(words[(to + 1)...].joined(separator: " ")), field: .isbn, value: ISBN.normalize(number) ?? number)
            }
        }
        if restWords.first == "isbn" || restWords.first == "isbn:" || restWords.first == "isbns" {
            let numbers = isbnList(rest.split(separator: " ").dropFirst().joined(separator: " "))
            if numbers.count == 1 { return .addISBN(isbn: numbers[0]) }
            if numbers.count > 1 {
                // A pile of books scanned at once: one command each, answered in turn.
                let verb = form.text
                return .several(numbers.map { number in
                    CommandPart(text: "\(verb) isbn \(number)", command: ParsedCommand(intent: .addISBN(isbn: number), language: language), joiner: nil)
                })
            }
        }
        // "add another copy of Dune", "ajouter un exemplaire de Dune": one more of a book the library has.
        if let book = copyOf(rest) { return .addCopy(book: book) }
        // "add 3 copies of Dune", "ajouter deux exemplaires de Dune": as many more.
        // ("add 1 copy of Dune" is one; more digits than a number holds, too many.)
        if let count = restWords.first.flatMap({ Int($0) ?? copyCounts[$0] ?? ($0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) ? Int.max : nil) }),
           count >= 1, restWords.count > 2,
           let book = copyOf(rest.split(separator: " ").dropFirst().joined(separator: " "), leads: severalCopiesLeads)?.book {
            return .addCopy(book: book, count: count)
        }
        // "add 978-0-441-17271-9": a valid ISBN alone is one, without the word too.
        if let isbn = ISBN.normalize(rest) { return .addISBN(isbn: isbn) }
        // "add Dune by Frank Herbert and Emma by Jane Austen": each book added as if typed alone.
        if let books = booksToAdd(rest) {
            return .several(books.map { book in
                let text = form.text + " " + book
                return CommandPart(text: text, command: parseOne(text), joiner: nil)
            })
        }
        // "… isbn 978-0-441-17271-9" at the end, without its colon, is the ISBN all the same.
        var typed = rest.split(separator: " ").map(String.init)
        if let index = typed.lastIndex(where: { foldWord($0) == "isbn" }), index > 0, index + 1 < typed.count,
           typed[(index + 1)...].allSatisfy({ $0.allSatisfy { $0.isASCII && ($0.isNumber || "-xX".contains($0)) } }) {
            typed[index] = "isbn:"
        }
        var (main, options) = splitOptions(typed.joined(separator: " "))
        var publisher: String? = nil, categories: [String] = [], isbn: String? = nil
        // "add a new book: Dune by …", "… by Frank Herbert to the library": the book alone.
        var mainWords = main.split(separator: " ").map(String.init)
        if let colon = mainWords.firstIndex(where: { $0.hasSuffix(":") }), colon + 1 < mainWords.count,
           Self.addLeads.contains(mainWords[...colon].map { foldWord($0) }.joined(separator: " ").dropLast().trimmingWhitespace()) {
            mainWords.removeFirst(colon + 1)
        } else if let lead = (1...3).first(where: { count in
                      mainWords.count > count && Self.addLeads.contains(mainWords.prefix(count).joined(separator: " "))
                  }),
                  let next = mainWords[lead].first, next.isUppercase || "\"\u{201C}«".contains(next) {
            // "add book The Name of the Wind by …": the lead typed in lower case, the title in
            // its own capitals ("add Book Lovers by Emily Henry" is that title).
            mainWords.removeFirst(lead)
        }
        if let end = Self.addEnds.first(where: { mainWords.count > $0.count && mainWords.suffix($0.count).map(foldWord).elementsEqual($0) }) {
            mainWords.removeLast(end.count)
        }
        main = mainWords.joined(separator: " ")
        for (key, value) in options {
            switch key {
            case "publisher", "editeur":
                publisher = value
                if key == "editeur" { language = language ?? .fr }
            case "categories", "category", "categorie":
                categories = NewBook.splitCategories(value).map { TextKey.tidy($0) }.filter { !$0.isEmpty }
            case "isbn":
                isbn = value.replacingOccurrences(of: "-", with: "").replacingOccurrences(of: " ", with: "").uppercased()
            default:
                return nil
            }
        }
        // Brackets at the end hold details or a name, whose "de" cuts no title from its author:
        // `ajouter Le Petit Prince (Antoine de Saint-Exupéry)` has no author outside them (and
        // is offered with "par"); `add Dune by Frank Herbert (Ace)` keeps Ace as the publisher.
        var (head, bracket) = (main, "")
        if main.hasSuffix(")"), let open = main.range(of: " (", options: .backwards), !quotedMask(Array(main))[main.distance(from: main.startIndex, to: open.lowerBound)] {
            (head, bracket) = (String(main[..<open.lowerBound]), String(main[open.lowerBound...]))
        }
        for separators in [[" by "], [" par "], [" de "]] {
            // A quoted title is literal: the author is all that follows it, even an author
            // with a "de" in the name (`ajouter «Le Petit Prince» de Antoine de Saint-Exupéry`).
            if let (title, author, separator) = splitAfterQuotedTitle(main, separators: separators)
                ?? (separators == [" de "] ? firstAndLastNameAfterDe(head) : nil).map({ ($0.0, $0.1 + bracket, $0.2) })
                ?? splitLast(head, separators: separators).map({ ($0.0, $0.1 + bracket, $0.2) }) {
                guard !unquote(title).isEmpty, !unquote(author).isEmpty else { return nil }
                if separator != " by " { language = language ?? .fr }
                let (name, details) = authorAndDetails(unquote(author))
                // "add Dune by Frank Herbert to Classic", "… in the SF section": a category
                // after the author, offered as one (no author is named "Frank Herbert to Classic").
                if publisher == nil, details == nil, isbn == nil, categories.isEmpty,
                   let (person, category) = categoryAfterAuthor(name, french: separator != " by ") {
                    return .unknown(text: form.text + " " + rest,
                                    suggestion: form.text + " " + title + separator + person + (separator == " by " ? " categories: " : " catégories: ") + category)
                }
                return .add(title: unquote(title), author: name, publisher: publisher ?? details, categories: categories, isbn: isbn)
            }
        }
        return nil
    }

    /// A French title and its author, cut where "de" or "d'" leaves exactly a first and a last
    /// name, the last such cut: `Le Comte de Monte-Cristo d'Alexandre Dumas` is Alexandre
    /// Dumas', `Notre-Dame de Paris de Victor Hugo` Victor Hugo's. The last name may have its
    /// own "de" when a known first name comes before it (`Le Deuxième Sexe de Simone de
    /// Beauvoir`, `Le Petit Prince d'Antoine de Saint-Exupéry`; not `Le Comte de Monte-Cristo
    /// de Dumas`), and then no later cut is looked at. Nil when no cut does: the caller then
    /// cuts at the last "de" (`Les Aventures de Tintin de Hergé`).
    static func firstAndLastNameAfterDe(_ text: String) -> (String, String, String)? {
        let characters = Array(text)
        let mask = quotedMask(characters)
        var found: (String, String, String)?
        for (index, character) in characters.enumerated() where character == " " && index + 3 < characters.count && !mask[index] {
            let next = characters[index + 1].lowercased(), after = characters[index + 2]
            let skip: Int
            if next == "d", after == "'" || after == "\u{2019}" { skip = 3 }
            else if next == "d", after == "e" || after == "E", characters[index + 3] == " " { skip = 4 }
            else { continue }
            let title = String(characters[..<index]).trimmingWhitespace()
            let author = String(characters[(index + skip)...]).trimmingWhitespace()
            let names = author.split(separator: " ")
            func isName(_ word: Substring) -> Bool { word.first?.isUppercase == true && word.allSatisfy { $0.isLetter || $0 == "-" || $0 == "." } }
            guard !title.isEmpty else { continue }
            let cut = (title, author, skip == 3 ? String(characters[index..<(index + 3)]) : " de ")
            // (The cuts after this one are inside the name: "La Fayette" is not the author of
            // `La Princesse de Clèves de Madame`.)
            if isNameWithParticle(names, isName: isName) { return cut }
            if names.count == 2, names.allSatisfy(isName) { found = cut }
        }
        return found
    }

    /// "Simone de Beauvoir", "Madame de La Fayette", "Pierre Choderlos de Laclos", "Joachim du
    /// Bellay": a known first name (`givenNames`, each part of "Jean-Jacques"), perhaps a middle
    /// name, a particle, then one or two capitalised words.
    private static func isNameWithParticle(_ names: [Substring], isName: (Substring) -> Bool) -> Bool {
        guard (3...5).contains(names.count), isName(names[0]),
              names[0].split(separator: "-").allSatisfy({ givenNames.contains(foldWord(String($0))) }),
              let particle = names.indices.dropFirst().prefix(2).first(where: { ["de", "du", "des"].contains(names[$0]) }),
              names[1..<particle].allSatisfy(isName) else { return false }
        var last = names[(particle + 1)...]
        if last.first == "la" { last = last.dropFirst() }
        return (1...2).contains(last.count) && last.allSatisfy(isName)
    }

    /// First names (folded) that come before a "de" in French authors' names, and the titles
    /// that do ("Madame de Staël").
    private static let givenNames: Set<String> = [
        "alain", "albert", "alexandre", "alexis", "alfred", "alphonse", "andre", "antoine", "armand", "arthur", "benjamin", "bernard",
        "blaise", "charles", "christian", "claude", "cyrano", "daniel", "denis", "dominique", "edmond", "edouard", "emile", "eric", "etienne",
        "eugene", "francois", "frederic", "gabriel", "georges", "gerard", "gilles", "guillaume", "guy", "henri", "honore", "hugues",
        "jacques", "jean", "joachim", "joseph", "jules", "julien", "laurent", "louis", "luc", "marc", "marcel", "maurice", "maximilien",
        "michel", "nicolas", "olivier", "paul", "philippe", "pierre", "rene", "robert", "roger", "samuel", "theophile", "thomas",
        "victor", "vincent", "xavier", "yves",
        "anne", "annie", "catherine", "charlotte", "christine", "claire", "colette", "delphine", "elisabeth", "francoise", "genevieve",
        "george", "germaine", "helene", "isabelle", "jacqueline", "jeanne", "julie", "louise", "madeleine", "marguerite", "marie",
        "marthe", "nathalie", "pauline", "simone", "sophie", "suzanne", "sylvie", "therese", "valerie",
        "madame", "marquis", "marquise", "comtesse",
    ]

    /// The author and the category of "Frank Herbert to Classic", "Frank Herbert in the SF
    /// section", "Victor Hugo dans les classiques" (what follows "by" in an `add`); nil when no
    /// category follows the name, or a place does ("to the library" is dropped before).
    private static func categoryAfterAuthor(_ author: String, french: Bool) -> (person: String, category: String)? {
        guard let (person, placed, _) = splitLast(author, separators: french ? [" dans ", " avec ", " parmi "] : [" to ", " in ", " into ", " under ", " with "]),
              !person.isEmpty, person.split(separator: " ").count <= 5 else { return nil }
        let typed = placed.split(separator: " ").map(String.init)
        let (words, folded) = categoryName(typed, folded: typed.map(foldWord))
        guard !words.isEmpty, words.count <= 4, !isPlace(folded.joined(separator: " ")),
              !["my", "mes", "ma", "mon", "our", "nos"].contains(folded[0]) else { return nil }
        return (person, words.joined(separator: " "))
    }

    /// What may come before an added book's title, with a colon: "add a new book: Dune by …".
    private static let addLeads: Set<String> = [
        "book", "a book", "a new book", "new book", "the book", "livre", "un livre", "un nouveau livre", "le livre", "nouveau livre",
    ]
    /// Where a book is added to, said after it: "add Dune by Frank Herbert to the library".
    private static let addEnds: [[String]] = [
        ["to", "the", "library"], ["to", "the", "shelf"], ["to", "the", "catalog"], ["to", "the", "catalogue"], ["for", "the", "library"],
        ["a", "la", "bibliotheque"], ["sur", "l'etagere"], ["au", "catalogue"],
    ]

    private static let fieldNames: [String: (BookField, Language?)] = [
        "title": (.title, .en), "titre": (.title, .fr), "author": (.author, .en), "auteur": (.author, .fr),
        "publisher": (.publisher, .en), "editeur": (.publisher, .fr), "categories": (.categories, nil),
        "category": (.categories, .en), "categorie": (.categories, .fr), "isbn": (.isbn, nil),
    ]

    private static func parseEdit(_ rest: String, language: inout Language?) -> Intent? {
        // edit B set [the] FIELD [to|=|:] VALUE ("set the author to …", "set publisher Ace")
        if let (book, assignment, _) = splitLast(rest, separators: [" set "]), !unquote(book).isEmpty {
            var words = assignment.split(separator: " ").map(String.init)
            if words.first.map(foldWord) == "the" { words.removeFirst() }
            if let first = words.first {
                var field = foldWord(first), rest = Array(words.dropFirst())
                if field.hasSuffix(":") { field.removeLast() }
                if let link = rest.first.map(foldWord), ["to", "=", ":"].contains(link) { rest.removeFirst() }
                if let (bookField, fieldLanguage) = fieldNames[field], !rest.isEmpty {
                    language = language ?? fieldLanguage
                    return .edit(book: unquote(book), field: bookField, value: unquote(rest.joined(separator: " ")))
                }
            }
        }
        // edit B FIELD: VALUE ("edit Dune author: Frank Herbert", "modifier Dune auteur : …")
        let words = rest.split(separator: " ").map(String.init)
        for index in words.indices.dropFirst() {
            var field = foldWord(words[index]), valueStart = index + 1
            if field.hasSuffix(":") { field.removeLast() } else if valueStart < words.count, words[valueStart] == ":" { valueStart += 1 } else { continue }
            guard let (bookField, fieldLanguage) = fieldNames[field], valueStart < words.count else { continue }
            let book = unquote(words[..<index].joined(separator: " ")), value = unquote(words[valueStart...].joined(separator: " "))
            guard !book.isEmpty, !value.isEmpty else { continue }
            language = language ?? fieldLanguage
            return .edit(book: book, field: bookField, value: value)
        }
        // modifier B FIELD = VALUE
        if let (left, value, _) = splitFirst(rest, separators: [" = "]) ?? splitFirst(rest, separators: ["="]) {
            var leftWords = left.split(separator: " ").map(String.init)
            guard let fieldWord = leftWords.popLast(), let (bookField, fieldLanguage) = fieldNames[foldWord(fieldWord)] else { return nil }
            let book = unquote(leftWords.joined(separator: " "))
            guard !book.isEmpty else { return nil }
            language = language ?? fieldLanguage
            return .edit(book: book, field: bookField, value: unquote(TextKey.tidy(value)))
        }
        // edit B FIELD VALUE ("edit The Martian author Andy Weir"): the last field's name ends the book.
        if let index = words.indices.dropFirst().dropLast().last(where: { fieldNames[foldWord(words[$0])] != nil }),
           let (bookField, fieldLanguage) = fieldNames[foldWord(words[index])] {
            let book = unquote(words[..<index].joined(separator: " ")), value = unquote(words[(index + 1)...].joined(separator: " "))
            guard !book.isEmpty, !value.isEmpty else { return nil }
            language = language ?? fieldLanguage
            return .edit(book: book, field: bookField, value: value)
        }
        return nil
    }

    private static let filterWords: [[String]: (BookFilter, Language?)] = [
        ["all"]: (.all, .en), ["everything"]: (.all, .en), ["tous"]: (.all, .fr), ["tout"]: (.all, .fr),
        ["available"]: (.available, .en), ["disponibles"]: (.available, .fr), ["disponible"]: (.available, .fr), ["dispo"]: (.available, .fr),
        ["checked", "out"]: (.checkedOut, .en), ["out"]: (.checkedOut, .en), ["borrowed"]: (.checkedOut, .en),
        ["empruntes"]: (.checkedOut, .fr), ["emprunte"]: (.checkedOut, .fr),
        ["overdue"]: (.overdue, .en), ["late"]: (.overdue, .en), ["en", "retard"]: (.overdue, .fr), ["retard"]: (.overdue, .fr),
        ["reported"]: (.reported, .en), ["lost"]: (.reported, .en), ["missing"]: (.reported, .en), ["damaged"]: (.reported, .en),
        ["signales"]: (.reported, .fr), ["perdus"]: (.reported, .fr), ["abimes"]: (.reported, .fr),
        ["never", "borrowed"]: (.neverBorrowed, .en), ["never", "lent"]: (.neverBorrowed, .en), ["unborrowed"]: (.neverBorrowed, .en),
        ["jamais", "empruntes"]: (.neverBorrowed, .fr), ["jamais", "emprunte"]: (.neverBorrowed, .fr),
    ]
    private static let orderWords: [[String]: (BookOrder, Language?)] = [
        ["newest"]: (.newest, .en), ["newest", "first"]: (.newest, .en), ["recent"]: (.newest, .en),
        ["oldest"]: (.oldest, .en), ["oldest", "first"]: (.oldest, .en),
        ["plus", "recents"]: (.newest, .fr), ["recents"]: (.newest, .fr),
        ["plus", "anciens"]: (.oldest, .fr), ["anciens"]: (.oldest, .fr),
        ["title"]: (.title, .en), ["titles"]: (.title, .en), ["alphabetically"]: (.title, .en), ["alphabetical"]: (.title, .en),
        ["a", "to", "z"]: (.title, .en), ["a-z"]: (.title, .en), ["from", "a", "to", "z"]: (.title, .en), ["de", "a", "a", "z"]: (.title, .fr),
        ["author"]: (.author, .en), ["authors"]: (.author, .en),
        ["titre"]: (.title, .fr), ["titres"]: (.title, .fr), ["alphabetique"]: (.title, .fr), ["auteur"]: (.author, .fr), ["auteurs"]: (.author, .fr),
        ["popular"]: (.popular, .en), ["most", "popular"]: (.popular, .en), ["most", "borrowed"]: (.popular, .en), ["most", "read"]: (.popular, .en),
        ["popularity"]: (.popular, .en), ["populaires"]: (.popular, .fr), ["plus", "empruntes"]: (.popular, .fr), ["plus", "lus"]: (.popular, .fr),
        ["popularite"]: (.popular, .fr),
        // ("out" is the filter's: "list out longest", "list longest out".)
        ["longest"]: (.longestOut, .en), ["longest", "first"]: (.longestOut, .en), ["depuis", "le", "plus", "longtemps"]: (.longestOut, .fr),
    ]
    private static let listFiller: Set<String> = ["books", "livres", "the", "les", "des", "of", "by", "par", "sorted", "tries", "order", "ordre", "in"]

    /// What a `list` that is not of options asks for ("sci-fi" in "list sci-fi books"), or nil
    /// when a word looks like a misspelt option ("list avialable", answered with the usage) or
    /// speaks of the member ("list books I have").
    private static func listQuery(_ rest: String) -> String? {
        let words = rest.split(separator: " ").map(String.init).filter { !listFiller.contains(foldWord($0)) && !queryFiller.contains(foldWord($0)) }
        guard !words.isEmpty else { return nil }
        for word in words.map(foldWord) {
            if personalWords.contains(word) { return nil }
            let allowance = word.count <= 4 ? 1 : 2
            if optionWords.contains(where: { EditDistance.optimalStringAlignment(word, $0, maximum: allowance) != nil }) { return nil }
        }
        return words.joined(separator: " ")
    }
    /// "available sci-fi", "fantasy on the shelf", "classiques disponibles": the words of a
    /// search without those saying only books on the shelf are wanted, and whether they did.
    /// Typed in lowercase ("Available Light" is a title), and not alone ("search available").
    static func onShelfOnly(_ text: String) -> (text: String, onShelf: Bool) {
        var words = text.split(separator: " ").map(String.init)
        var onShelf = false
        // ("The Elf on the Shelf": capitalised, a title's end.)
        if let tail = shelfTails.first(where: { words.count > $0.count && words.suffix($0.count).allSatisfy { $0 == $0.lowercased() }
                                                && words.suffix($0.count).map(foldWord).elementsEqual($0) }) {
            words.removeLast(tail.count)
            onShelf = true
        }
        let kept = words.filter { !(shelfWords.contains($0)) }
        if !kept.isEmpty, kept.count < words.count {
            words = kept
            onShelf = true
        }
        return onShelf ? (words.joined(separator: " "), true) : (text, false)
    }
    /// What leads up to a search among the books on the shelf, and whether it says so itself
    /// ("what's available in"), else its end must ("any sci-fi available").
    private static let shelfQuestionLeads: [(words: [String], saysShelf: Bool, language: Language)] = [
        (["what's", "available", "in"], true, .en), (["whats", "available", "in"], true, .en), (["what", "is", "available", "in"], true, .en),
        (["anything", "available", "in"], true, .en), (["what", "do", "you", "have", "available", "in"], true, .en),
        (["what", "have", "you", "got", "available", "in"], true, .en),
        (["do", "you", "have", "any"], false, .en), (["do", "we", "have", "any"], false, .en), (["is", "there", "any"], false, .en),
        (["are", "there", "any"], false, .en), (["have", "you", "got", "any"], false, .en), (["got", "any"], false, .en), (["any"], false, .en),
        (["qu'est-ce", "qui", "est", "disponible", "en"], true, .fr), (["quoi", "de", "disponible", "en"], true, .fr),
        (["avez-vous", "des"], false, .fr), (["vous", "avez", "des"], false, .fr), (["tu", "as", "des"], false, .fr), (["y", "a-t-il", "des"], false, .fr),
    ]
    private static let shelfWords: Set<String> = ["available", "disponible", "disponibles", "dispo", "dispos"]
    private static let shelfTails: [[String]] = [
        ["on", "the", "shelf"], ["on", "the", "shelves"], ["in", "stock"], ["right", "now", "available"], ["en", "rayon"], ["sur", "l'etagere"],
    ]

    /// "books about whales", "a book on space", "des livres sur les baleines": what a search is
    /// about, without the words that only say books are wanted (lowercase: "Books of Blood"
    /// stays a title).
    private static func searchSubject(_ query: String) -> String {
        guard query.first?.isLowercase == true else { return query }
        var words = query.split(separator: " ")[...]
        // "search for books about whales" ("search For Whom the Bell Tolls" is capitalised).
        if words.count > 1, words.first == "for" { words = words.dropFirst() }
        let folded = words.prefix(4).map { foldWord(String($0)) }
        guard let lead = searchSubjectLeads.first(where: { words.count > $0.count && folded.starts(with: $0) }) else { return words.joined(separator: " ") }
        return words.dropFirst(lead.count).joined(separator: " ")
    }
    private static let searchSubjectLeads: [[String]] = [
        ["books", "about"], ["books", "on"], ["books", "by"], ["a", "book", "about"], ["a", "book", "on"], ["a", "book", "by"],
        ["something", "about"], ["something", "on"], ["something", "by"], ["anything", "about"], ["anything", "on"], ["anything", "by"],
        ["des", "livres", "sur"], ["des", "livres", "de"], ["un", "livre", "sur"], ["un", "livre", "de"], ["livres", "sur"],
        ["quelque", "chose", "sur"], ["quelque", "chose", "de"],
    ]

    /// Every word of a `list` option, for telling a misspelt one.
    /// (Not the letters and links of "from A to Z": "list books to read" has no misspelt option.)
    private static let optionWords = Set((Array(filterWords.keys) + Array(orderWords.keys)).joined()).subtracting(["a", "to", "z", "from", "de"])
    private static let queryFiller: Set<String> = ["about", "on", "sur", "de", "du", "with", "avec", "some", "any",
                                                   "tagged", "tag", "labelled", "labeled", "category", "genre", "la", "categorie", "dans"]
    private static let personalWords: Set<String> = ["my", "mine", "me", "i", "i'm", "mes", "moi", "j'ai", "je"]

    /// The highest page of a list a command can ask for.
    static let maximumPage = 1_000_000_000

    /// An order named alone where a search's words go ("books by author").
    private static let orderNamedAlone: [[String]: BookOrder] = [
        ["author"]: .author, ["authors"]: .author, ["the", "author"]: .author, ["author", "name"]: .author, ["surname"]: .author,
        ["title"]: .title, ["titles"]: .title, ["the", "title"]: .title, ["auteur"]: .author, ["l'auteur"]: .author, ["titre"]: .title, ["le", "titre"]: .title,
    ]

    private static func parseListOptions(_ rest: String, language: inout Language?) -> (BookFilter, BookOrder, Int)? {
        var words = rest.split(separator: " ").map { foldWord(String($0)) }
        var filter = BookFilter.all, order = BookOrder.newest, page = 1, filterSaid = false
        while !words.isEmpty {
            if listFiller.contains(words[0]) { words.removeFirst(); continue }
            // "page 2" (the same word in French): the next 25.
            // A page before the first is the first; one past any list, past its end ("There is no
            // page …"). Past a billion (where no list goes), a billion: what the list skips stays
            // a number it can count.
            if words[0] == "page", words.count > 1, !words[1].isEmpty, words[1].utf8.count <= 40, words[1].utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
                page = min(max(Int(words[1]) ?? maximumPage, 1), maximumPage)
                words.removeFirst(2)
                continue
            }
            var matched = false
            for length in [4, 3, 2, 1] where words.count >= length {
                let head = Array(words.prefix(length))
                if let (value, cue) = filterWords[head] {
                    filter = value
                    filterSaid = true
                    language = language ?? cue
                } else if let (value, cue) = orderWords[head] {
                    order = value
                    language = language ?? cue
                } else { continue }
                words.removeFirst(length)
                matched = true
                break
            }
            if !matched { return nil }
        }
        // Out the longest: of the books out ("list longest"), unless said ("list all longest").
        if order == .longestOut, !filterSaid { filter = .checkedOut }
        return (filter, order, page)
    }

    // MARK: - Text

    /// The bot's name as an address: as a member types it in the console, and as the gateways
    /// write the bot's own mention (Slack's `<@U123>`, Discord's `<@123>`) wherever it stands in
    /// a message, so that "hey @librarybot, who has Dune?" reads as its command.
    public static let botHandle = "@librarybot"

    /// Drops the leading mention or prefix: `<@U123>`, `<@!123>`, `@librarybot`, `/library`,
    /// `!library`; and `@librarybot` after a greeting ("hey @librarybot, …") or at the end
    /// ("who has Dune, @librarybot?"). Elsewhere it stays: "ask @librarybot" is no address.
    static func stripAddress(_ text: String) -> String {
        withoutHandle(stripLeadingAddress(text))
    }

    /// Whether `text` calls the bot by `botHandle` where `stripAddress` reads it as an address:
    /// first, after a greeting, or last ("who has Dune, @librarybot?"), not in passing ("I
    /// asked @librarybot yesterday").
    public static func addressesBot(_ text: String) -> Bool {
        let text = TextKey.tidy(text)
        guard text.range(of: botHandle, options: .caseInsensitive) != nil else { return false }
        return stripAddress(text).range(of: botHandle, options: .caseInsensitive) == nil
    }

    private static func stripLeadingAddress(_ text: String) -> String {
        var text = Substring(text)
        while true {
            let before = text
            if text.hasPrefix("<@"), let end = text.firstIndex(of: ">") {
                text = text[text.index(after: end)...]
            } else {
                for prefix in ["@librarybot", "/library", "!library"] where text.lowercased().hasPrefix(prefix) {
                    let after = text.dropFirst(prefix.count)
                    if after.isEmpty || after.first == " " || after.first == ":" || after.first == "," {
                        text = after
                        break
                    }
                }
            }
            // An emoji first (":wave: who has Dune") goes whole, not its colon alone.
            if text.first == ":" || text.first == "<", let first = text.split(separator: " ", maxSplits: 1).first, isEmojiCode(String(first)) {
                text = text.dropFirst(first.count)
            }
            text = text.drop { $0 == " " || $0 == ":" || $0 == "," }
            if text == before { return String(text) }
        }
    }

    /// The words a greeting or a "please" may be made of, before the bot's handle ("good
    /// morning @librarybot", "please @librarybot who has Dune").
    private static let greetingWords: Set<String> = [
        "hi", "hey", "hello", "yo", "ok", "okay", "dear", "good", "morning", "afternoon", "evening", "there", "thanks", "thank",
        "you", "please", "pls", "plz", "bonjour", "salut", "coucou", "bonsoir", "merci", "svp", "stp",
    ]

    /// `text` without `botHandle` where it addresses the bot: after a greeting at the start, or
    /// at the end (what ends the sentence kept: "who has Dune, @librarybot?" → "who has Dune?").
    private static func withoutHandle(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "@")), text.range(of: botHandle, options: .caseInsensitive) != nil else { return text }
        var words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        func isHandle(_ word: String) -> Bool { word.trimming(",:;.!?").lowercased() == botHandle }
        var end = ""
        while let last = words.last, isHandle(last) {
            end = String(last.reversed().prefix { "?!.".contains($0) }.reversed()) + end
            words.removeLast()
            if let before = words.last { words[words.count - 1] = String(before.reversed().drop { ",:;".contains($0) }.reversed()) }
        }
        if !words.isEmpty, !end.isEmpty, !"?!.".contains(words[words.count - 1].last ?? " ") { words[words.count - 1] += end }
        if let at = words.prefix(4).firstIndex(where: isHandle), at > 0,
           words[..<at].allSatisfy({ greetingWords.contains(foldWord($0.trimming(",:;.!"))) }) {
            words.remove(at: at)
        }
        return words.joined(separator: " ")
    }

    /// Other ways members start a command, each with the verb it means: a request that leads
    /// up to a verb ("can I borrow Dune", "je voudrais emprunter Dune": `nil`, the verb follows;
    /// not a plan, "I'll return Dune" is not a return yet),
    /// a report of what was done ("I returned Dune", "j'ai rendu Dune"), a contraction or
    /// another spelling ("who's got Dune", "check-out Dune", "return: Dune").
    private static let phrasings: [(words: [String], verb: String?, language: Language?)] = ([
        (["can", "i"], nil, .en), (["could", "i"], nil, .en), (["may", "i"], nil, .en), (["can", "we"], nil, .en),
        (["can", "you"], nil, .en), (["could", "you"], nil, .en), (["would", "you"], nil, .en),
        (["i'd", "like", "to"], nil, .en), (["i", "would", "like", "to"], nil, .en), (["i", "want", "to"], nil, .en),
        (["i", "need", "to"], nil, .en), (["i", "want", "to", "know"], nil, .en), (["i'd", "like", "to", "know"], nil, .en),
        (["i", "need", "help"], "help", .en), (["i", "need", "help", "with"], "help", .en),
        (["je", "voudrais", "savoir"], nil, .fr), (["je", "veux", "savoir"], nil, .fr), (["j'aimerais", "savoir"], nil, .fr),
        (["garde-moi"], "réserver", .fr), (["gardez-moi"], "réserver", .fr), (["c'est", "qui", "qui", "a"], "qui a", .fr),
        (["il", "y", "a", "quoi", "de", "neuf"], "liste récents", .fr), (["il", "y", "a", "quoi", "de", "nouveau"], "liste récents", .fr),
        (["quoi", "de", "nouveau"], "liste récents", .fr), (["y", "a", "quoi", "de", "neuf"], "liste récents", .fr),
        (["y", "a", "quoi", "de", "nouveau"], "liste récents", .fr), (["t'as", "quoi", "comme", "livres"], "liste", .fr),
        (["vous", "avez", "quoi", "comme", "livres"], "liste", .fr), (["tu", "as", "quoi", "comme", "livres"], "liste", .fr),
        (["qu'est-ce", "que", "vous", "avez", "comme", "livres"], "liste", .fr),
        // "il me reste combien de temps ?": the member's books and their due days.
        (["il", "me", "reste", "combien", "de", "temps"], "mes livres", .fr), (["il", "me", "reste", "combien", "de", "jours"], "mes livres", .fr),
        (["combien", "de", "temps", "il", "me", "reste"], "mes livres", .fr), (["combien", "de", "jours", "il", "me", "reste"], "mes livres", .fr),
        (["combien", "de", "temps", "me", "reste-t-il"], "mes livres", .fr),
        // "c'est pour quand le retour de Dune ?": who has it, until when.
        (["c'est", "pour", "quand", "le", "retour", "de"], "qui a", .fr), (["c'est", "quand", "le", "retour", "de"], "qui a", .fr),
        (["quand", "est", "le", "retour", "de"], "qui a", .fr),
        (["quels", "sont", "les", "nouveaux", "livres"], "liste récents", .fr), (["les", "nouveaux", "livres"], "liste récents", .fr),
        (["les", "derniers", "livres"], "liste récents", .fr), (["les", "livres", "en", "retard"], "liste en retard", .fr),
        (["t'as", "des", "livres", "de"], "chercher", .fr), (["tu", "as", "des", "livres", "de"], "chercher", .fr),
        (["vous", "avez", "des", "livres", "de"], "chercher", .fr), (["avez-vous", "des", "livres", "de"], "chercher", .fr),
        (["un", "conseil", "de", "lecture"], "que lire", .fr), (["des", "conseils", "de", "lecture"], "que lire", .fr),
        (["une", "idee", "de", "lecture"], "que lire", .fr), (["une", "suggestion", "de", "lecture"], "que lire", .fr),
        // Before "who borrowed Dune" and "qui a Dune": who borrowed the most books.
        (["who", "borrowed", "the", "most"], "top readers", .en), (["who", "borrows", "the", "most"], "top readers", .en),
        (["who", "reads", "the", "most"], "top readers", .en), (["who", "read", "the", "most"], "top readers", .en),
        (["who's", "got", "the", "most", "books"], "who has what", .en), (["who", "has", "the", "most", "books"], "who has what", .en),
        (["who", "has", "got", "the", "most", "books"], "who has what", .en), (["qui", "a", "le", "plus", "de", "livres"], "qui a quoi", .fr),
        (["who", "has", "read", "the", "most"], "top readers", .en), (["who", "has", "borrowed", "the", "most"], "top readers", .en),
        (["who's", "read", "the", "most"], "top readers", .en), (["who's", "borrowed", "the", "most"], "top readers", .en),
        (["who", "borrowed", "the", "most", "books"], "top readers", .en), (["who", "read", "the", "most", "books"], "top readers", .en),
        (["who", "has", "read", "the", "most", "books"], "top readers", .en), (["who", "has", "borrowed", "the", "most", "books"], "top readers", .en),
        (["qui", "lit", "le", "plus"], "meilleurs lecteurs", .fr), (["qui", "emprunte", "le", "plus"], "meilleurs lecteurs", .fr),
        (["qui", "a", "le", "plus", "lu"], "meilleurs lecteurs", .fr), (["qui", "a", "le", "plus", "emprunte"], "meilleurs lecteurs", .fr),
        (["qui", "a", "lu", "le", "plus"], "meilleurs lecteurs", .fr), (["qui", "a", "emprunte", "le", "plus"], "meilleurs lecteurs", .fr),
        (["qui", "a", "emprunte", "le", "plus", "de", "livres"], "meilleurs lecteurs", .fr), (["qui", "a", "lu", "le", "plus", "de", "livres"], "meilleurs lecteurs", .fr),
        (["i", "wanna"], nil, .en), (["let", "me"], nil, .en), (["tell", "me"], nil, .en), (["can", "you", "tell", "me"], nil, .en),
        (["could", "you", "tell", "me"], nil, .en), (["do", "you", "know"], nil, .en), (["dis-moi"], nil, .fr), (["sais-tu"], nil, .fr),
        (["je", "voudrais"], nil, .fr), (["je", "veux"], nil, .fr), (["je", "peux"], nil, .fr), (["puis-je"], nil, .fr),
        (["est-ce", "que", "je", "peux"], nil, .fr), (["je", "souhaite"], nil, .fr), (["j'aimerais"], nil, .fr),
        (["peux-tu"], nil, .fr), (["pouvez-vous"], nil, .fr), (["pourrais-tu"], nil, .fr), (["pourriez-vous"], nil, .fr),
        (["tu", "peux"], nil, .fr), (["vous", "pouvez"], nil, .fr), (["est-ce", "que", "tu", "peux"], nil, .fr),
        (["est-ce", "que", "vous", "pouvez"], nil, .fr), (["savez-vous"], nil, .fr), (["dites-moi"], nil, .fr),
        // After "peux-tu", "tu peux…": "me dire qui a Dune", "me montrer Dune", "m'aider".
        (["me", "dire"], nil, .fr), (["me", "montrer"], "info", .fr), (["me", "reserver"], "réserver", .fr), (["me", "garder"], "réserver", .fr),
        (["reserve-moi"], "réserver", .fr), (["reservez-moi"], "réserver", .fr), (["m'aider"], "aide", .fr), (["nous", "aider"], "aide", .fr),
        (["j'ai", "besoin", "d'aide"], "aide", .fr), (["j'ai", "besoin", "d'aide", "pour"], "aide", .fr),
        (["i", "returned"], "return", .en), (["i've", "returned"], "return", .en), (["i", "have", "returned"], "return", .en),
        (["i'm", "returning"], "return", .en), (["i", "am", "returning"], "return", .en), (["returning"], "return", .en),
        (["bringing", "back"], "return", .en), (["i'm", "bringing", "back"], "return", .en), (["i", "am", "bringing", "back"], "return", .en),
        (["i", "brought", "back"], "return", .en), (["i've", "brought", "back"], "return", .en),
        (["i", "put", "back"], "return", .en), (["i've", "put", "back"], "return", .en),
        (["i", "took"], "take", .en), (["i've", "taken"], "take", .en), (["i", "have", "taken"], "take", .en),
        (["i'm", "taking"], "take", .en), (["i", "am", "taking"], "take", .en), (["taking"], "take", .en),
        (["i", "borrowed"], "borrow", .en), (["i've", "borrowed"], "borrow", .en), (["i'm", "borrowing"], "borrow", .en),
        (["borrowing"], "borrow", .en),
        (["j'ai", "rendu"], "rendre", .fr), (["je", "rends"], "rendre", .fr), (["je", "rapporte"], "rendre", .fr),
        (["j'ai", "rapporte"], "rendre", .fr), (["j'ai", "emprunte"], "emprunter", .fr), (["j'emprunte"], "emprunter", .fr),
        (["je", "prends"], "emprunter", .fr), (["j'ai", "pris"], "emprunter", .fr), (["je", "reserve"], "réserver", .fr),
        // The book before the verb ("je le prends"): the one last named ("ça").
        (["je", "le", "prends"], "emprunter ça", .fr), (["je", "la", "prends"], "emprunter ça", .fr), (["je", "l'emprunte"], "emprunter ça", .fr),
        (["je", "l'ai", "pris"], "emprunter ça", .fr), (["je", "l'ai", "prise"], "emprunter ça", .fr), (["je", "l'ai", "emprunte"], "emprunter ça", .fr),
        (["je", "le", "reserve"], "réserver ça", .fr), (["je", "la", "reserve"], "réserver ça", .fr),
        (["je", "le", "rends"], "rendre ça", .fr), (["je", "la", "rends"], "rendre ça", .fr), (["je", "le", "rapporte"], "rendre ça", .fr),
        (["je", "la", "rapporte"], "rendre ça", .fr), (["je", "l'ai", "rendu"], "rendre ça", .fr), (["je", "l'ai", "rendue"], "rendre ça", .fr),
        (["je", "le", "prolonge"], "prolonger ça", .fr), (["je", "la", "prolonge"], "prolonger ça", .fr),
        (["who's", "got"], "who has", .en), (["whos", "got"], "who has", .en), (["who", "has", "got"], "who has", .en),
        (["who", "got"], "who has", .en), (["where's"], "where is", .en), (["wheres"], "where is", .en),
        (["qui", "a", "emprunte"], "qui a", .fr), (["ou", "est", "passe"], "où est", .fr),
        (["il", "est", "ou"], "où est", .fr), (["elle", "est", "ou"], "où est", .fr),
        (["what's", "overdue"], "list overdue", .en), (["what", "is", "overdue"], "list overdue", .en),
        (["what's", "available"], "list available", .en), (["what", "is", "available"], "list available", .en),
        (["what", "books", "are", "available"], "list available", .en), (["which", "books", "are", "available"], "list available", .en),
        (["what", "can", "i", "borrow"], "list available", .en), (["what", "can", "i", "check", "out"], "list available", .en),
        (["qui", "l'a"], "qui a ça", .fr), (["qui", "l'a", "emprunte"], "qui a ça", .fr), (["qui", "l'a", "pris"], "qui a ça", .fr),
        (["qui", "l'a", "maintenant"], "qui a ça", .fr), (["qui", "l'a", "en", "ce", "moment"], "qui a ça", .fr),
        (["a", "qui", "est"], "qui a", .fr), (["chez", "qui", "est"], "qui a", .fr), (["il", "est", "a", "qui"], "qui a", .fr),
        (["il", "est", "chez", "qui"], "qui a", .fr),
        (["qu'est-ce", "qui", "est", "disponible"], "liste disponibles", .fr), (["qu'est-ce", "qui", "est", "dispo"], "liste disponibles", .fr),
        (["qu'est-ce", "qui", "est", "libre"], "liste disponibles", .fr), (["il", "y", "a", "quoi", "de", "dispo"], "liste disponibles", .fr),
        (["il", "y", "a", "quoi", "de", "disponible"], "liste disponibles", .fr), (["qu'est-ce", "qui", "est", "en", "retard"], "liste en retard", .fr),
        (["qu'est-ce", "qui", "est", "emprunte"], "liste empruntés", .fr), (["qu'est-ce", "que", "vous", "avez"], "liste", .fr),
        (["qu'est-ce", "que", "tu", "as"], "liste", .fr),
        (["how", "many", "do", "i", "have"], "my books", .en), (["do", "i", "need", "to", "return", "anything"], "my books", .en),
        (["do", "i", "have", "to", "return", "anything"], "my books", .en), (["what", "do", "i", "need", "to", "return"], "my books", .en),
        (["who", "should", "i", "ask", "for"], "who has", .en), (["who", "do", "i", "ask", "for"], "who has", .en),
        (["c'est", "moi", "qui", "ai"], "qui a", .fr), (["how", "many", "have", "i", "got"], "my books", .en),
        (["where", "are", "my", "books"], "my books", .en), (["ou", "sont", "mes", "livres"], "mes livres", .fr),
        (["can", "i", "renew", "twice"], "rules", .en), (["can", "i", "renew", "more", "than", "once"], "rules", .en),
        (["how", "often", "can", "i", "renew"], "rules", .en), (["how", "many", "times", "can", "i", "renew"], "rules", .en),
        (["what's", "on", "hold", "for", "me"], "my books", .en), (["what", "is", "on", "hold", "for", "me"], "my books", .en),
        (["what", "do", "i", "have", "on", "hold"], "my books", .en), (["what", "have", "i", "got", "on", "hold"], "my books", .en),
        (["qu'est-ce", "que", "je", "devrais", "lire"], "que lire", .fr), (["que", "devrais-je", "lire"], "que lire", .fr),
        (["qu'est-ce", "que", "je", "pourrais", "lire"], "que lire", .fr), (["que", "pourrais-je", "lire"], "que lire", .fr),
        (["show", "my", "loans"], "my books", .en), (["show", "my", "books"], "my books", .en), (["show", "me", "my", "books"], "my books", .en),
        (["show", "me", "my", "loans"], "my books", .en), (["am", "i", "next", "for"], "who has", .en),
        (["send", "me", "a", "reminder", "for"], "remind me about", .en), (["send", "me", "a", "reminder", "about"], "remind me about", .en),
        (["what's", "out"], "list checked out", .en), (["what's", "new"], "list newest", .en), (["help", "me"], "help", .en),
        (["do", "we", "have"], "who has", .en), (["do", "you", "have"], "who has", .en), (["have", "we", "got"], "who has", .en),
        (["does", "the", "library", "have"], "who has", .en), (["does", "the", "club", "have"], "who has", .en), (["do", "we", "own"], "who has", .en),
        (["does", "the", "library", "have", "anything", "by"], "search", .en), (["does", "the", "library", "have", "books", "by"], "search", .en),
        (["does", "the", "library", "have", "any", "books", "by"], "search", .en), (["does", "the", "library", "have", "any"], "search", .en),
        (["does", "the", "club", "have", "anything", "by"], "search", .en), (["does", "the", "club", "have", "any"], "search", .en),
        (["does", "the", "library", "have", "a", "copy", "of"], "who has", .en), (["do", "we", "own", "a", "copy", "of"], "who has", .en),
        (["do", "we", "own", "any"], "search", .en), (["do", "we", "own", "anything", "by"], "search", .en),
        (["we", "got", "a", "new", "book"], "add", .en), (["we", "got", "a", "new", "book:"], "add", .en),
        (["we", "have", "a", "new", "book"], "add", .en), (["we", "have", "a", "new", "book:"], "add", .en), (["i", "donated"], "add", .en),
        (["i've", "donated"], "add", .en), (["i'm", "donating"], "add", .en), (["donating"], "add", .en), (["adding"], "add", .en),
        (["new", "addition"], "add", .en), (["new", "addition:"], "add", .en),
        (["what's", "in", "my", "queue"], "my books", .en), (["whats", "in", "my", "queue"], "my books", .en), (["my", "queue"], "my books", .en),
        (["what", "have", "i", "reserved"], "my books", .en), (["what", "did", "i", "reserve"], "my books", .en),
        (["what", "am", "i", "on", "hold", "for"], "my books", .en), (["what", "have", "i", "put", "on", "hold"], "my books", .en),
        (["is", "there", "a", "book", "by"], "search", .en), (["are", "there", "books", "by"], "search", .en),
        (["any", "books", "by"], "search", .en), (["books", "by"], "search", .en), (["anything", "by"], "search", .en),
        (["list", "all", "books", "by"], "search", .en), (["list", "books", "by"], "search", .en), (["list", "the", "books", "by"], "search", .en),
        (["show", "all", "books", "by"], "search", .en), (["show", "books", "by"], "search", .en), (["all", "books", "by"], "search", .en),
        (["every", "book", "by"], "search", .en), (["tous", "les", "livres", "de"], "chercher", .fr),
        (["is", "there", "anything", "by"], "search", .en), (["do", "we", "have", "anything", "by"], "search", .en),
        (["do", "you", "have", "anything", "by"], "search", .en), (["do", "we", "have", "books", "by"], "search", .en),
        (["do", "we", "have", "any", "books", "by"], "search", .en), (["have", "we", "got", "anything", "by"], "search", .en),
        (["des", "livres", "de"], "chercher", .fr), (["un", "livre", "de"], "chercher", .fr),
        (["avez-vous"], "qui a", .fr), (["est-ce", "qu'on", "a"], "qui a", .fr), (["est-ce", "que", "tu", "as"], "qui a", .fr),
        (["qu'est-ce", "que", "j'ai"], "mes livres", .fr), (["qu'ai-je"], "mes livres", .fr),
        (["quels", "livres", "sont", "en", "retard"], "liste en retard", .fr), (["quels", "sont", "les", "livres", "en", "retard"], "liste en retard", .fr),
        (["what", "are", "the", "overdue", "books"], "list overdue", .en), (["what", "are", "the", "late", "books"], "list overdue", .en),
        (["quels", "livres", "sont", "disponibles"], "liste disponibles", .fr), (["quoi", "de", "neuf"], "liste récents", .fr),
        (["quels", "livres", "sont", "empruntes"], "liste empruntés", .fr), (["which", "books", "are", "overdue"], "list overdue", .en),
        (["which", "books", "are", "out"], "list checked out", .en), (["pick", "up"], "checkout", .en), (["which", "books", "are", "late"], "list overdue", .en),
        (["what", "books", "are", "overdue"], "list overdue", .en), (["what", "books", "are", "late"], "list overdue", .en),
        (["what's", "late"], "list overdue", .en), (["what", "is", "late"], "list overdue", .en),
        (["check-out"], "check out", .en), (["check-in"], "check in", .en),
        (["grab", "me"], "checkout", .en), (["get", "help"], "help", .en), (["take", "out"], "checkout", .en),
        (["get", "off", "the", "list", "for"], "cancel hold", .en), (["get", "off", "the", "waitlist", "for"], "cancel hold", .en),
        (["get", "off", "the", "queue", "for"], "cancel hold", .en), (["take", "my", "name", "off", "the", "list", "for"], "cancel hold", .en),
        (["take", "my", "name", "off"], "cancel hold", .en), (["get", "a", "reminder", "for"], "remind me about", .en),
        (["get", "a", "reminder", "about"], "remind me about", .en),
        (["give", "me"], "checkout", .en), (["donne-moi"], "emprunter", .fr), (["donnez-moi"], "emprunter", .fr), (["donne"], "donner", .fr), (["lend", "me"], "checkout", .en), (["gimme"], "checkout", .en),
        (["what", "books", "do", "you", "have"], "list", .en), (["what", "books", "do", "we", "have"], "list", .en),
        (["which", "books", "do", "you", "have"], "list", .en), (["what's", "on", "the", "shelf"], "list available", .en),
        (["what", "is", "on", "the", "shelf"], "list available", .en), (["quels", "livres", "avez-vous"], "liste", .fr),
        (["quels", "livres", "avons-nous"], "liste", .fr), (["qu'est-ce", "qu'il", "y", "a", "sur", "l'etagere"], "liste disponibles", .fr),
        (["anything", "about"], "search", .en), (["books", "about"], "search", .en), (["any", "books", "about"], "search", .en),
        (["something", "about"], "search", .en), (["des", "livres", "sur"], "chercher", .fr), (["un", "livre", "sur"], "chercher", .fr),
        // "who lost Dune": its page, which says who reported it lost. "write off Dune": a delete.
        (["who", "lost"], "show", .en), (["who", "reported"], "show", .en), (["write", "off"], "delete", .en),
        // How many members: the library's figures, which count those who borrowed.
        (["how", "many", "members"], "stats", .en), (["how", "many", "members", "are", "there"], "stats", .en),
        (["how", "many", "members", "do", "we", "have"], "stats", .en), (["combien", "de", "membres"], "statistiques", .fr),
        (["combien", "de", "membres", "y", "a-t-il"], "statistiques", .fr),
        (["who", "borrowed"], "who has", .en), (["who's", "reading"], "who has", .en), (["who", "is", "reading"], "who has", .en),
        (["what's", "checked", "out"], "list checked out", .en), (["what", "is", "checked", "out"], "list checked out", .en),
        (["est-ce", "que", "quelqu'un", "a"], "qui a", .fr), (["quelqu'un", "a"], "qui a", .fr),
        (["est-ce", "que", "quelqu'un", "a", "emprunte"], "qui a", .fr), (["quelqu'un", "a", "emprunte"], "qui a", .fr),
        (["est-ce", "que", "quelqu'un", "a", "rendu"], "qui a", .fr), (["quelqu'un", "a", "rendu"], "qui a", .fr),
        (["does", "anyone", "have"], "who has", .en), (["does", "somebody", "have"], "who has", .en),
        (["does", "anybody", "have"], "who has", .en), (["has", "anyone", "got"], "who has", .en), (["has", "anybody", "got"], "who has", .en),
        (["is", "anyone", "reading"], "who has", .en), (["is", "anybody", "reading"], "who has", .en), (["who", "took"], "who has", .en),
        (["qui", "a", "pris"], "qui a", .fr), (["qui", "lit"], "qui a", .fr), (["quelqu'un", "lit"], "qui a", .fr),
        // Late or not: the member's books say each due day.
        (["am", "i", "late"], "my books", .en), (["am", "i", "overdue"], "my books", .en), (["do", "i", "have", "anything", "overdue"], "my books", .en),
        (["do", "i", "have", "any", "overdue", "books"], "my books", .en), (["are", "my", "books", "overdue"], "my books", .en),
        (["are", "any", "of", "my", "books", "overdue"], "my books", .en), (["is", "anything", "of", "mine", "overdue"], "my books", .en),
        (["je", "suis", "en", "retard"], "mes livres", .fr), (["suis-je", "en", "retard"], "mes livres", .fr),
        (["est-ce", "que", "je", "suis", "en", "retard"], "mes livres", .fr), (["ai-je", "des", "livres", "en", "retard"], "mes livres", .fr),
        (["ai-je", "du", "retard"], "mes livres", .fr),
        (["has", "anyone", "returned"], "who has", .en), (["did", "anyone", "return"], "who has", .en),
        (["quels", "sont", "mes", "livres"], "mes livres", .fr), (["what", "are", "my", "books"], "my books", .en),
        (["which", "books", "do", "i", "have"], "my books", .en),
        (["y", "a-t-il", "des", "livres", "de"], "chercher", .fr), (["y", "a-t-il", "un", "livre", "de"], "chercher", .fr),
        (["est-ce", "qu'il", "y", "a", "des", "livres", "de"], "chercher", .fr),
        (["where", "am", "i", "in", "line", "for"], "who has", .en), (["where", "am", "i", "in", "the", "line", "for"], "who has", .en),
        (["am", "i", "in", "line", "for"], "who has", .en), (["what's", "my", "place", "in", "line", "for"], "who has", .en),
        (["what", "is", "my", "place", "in", "line", "for"], "who has", .en), (["quelle", "est", "ma", "place", "pour"], "qui a", .fr),
        (["what", "am", "i", "waiting", "for"], "my books", .en), (["what", "am", "i", "in", "line", "for"], "my books", .en),
        (["what", "lists", "am", "i", "on"], "my books", .en), (["which", "lists", "am", "i", "on"], "my books", .en),
        (["what", "queues", "am", "i", "in"], "my books", .en), (["which", "queues", "am", "i", "in"], "my books", .en),
        (["qu'est-ce", "que", "j'attends"], "mes livres", .fr),
        // "retirer la catégorie SF de Dune": the category goes, not the book.
        (["retirer", "la", "categorie"], "supprimer la catégorie", .fr), (["enlever", "la", "categorie"], "supprimer la catégorie", .fr),
        (["retirer", "les", "categories"], "supprimer les catégories", .fr), (["enlever", "les", "categories"], "supprimer les catégories", .fr),
        (["retire", "la", "categorie"], "supprimer la catégorie", .fr), (["enleve", "la", "categorie"], "supprimer la catégorie", .fr),
        (["history", "of"], "show", .en), (["the", "history", "of"], "show", .en), (["historique", "de"], "info", .fr), (["l'historique", "de"], "info", .fr),
        (["put", "me", "on", "the", "waitlist", "for"], "hold", .en), (["put", "me", "in", "line", "for"], "hold", .en),
        (["get", "in", "line", "for"], "hold", .en), (["join", "the", "line", "for"], "hold", .en), (["waitlist"], "hold", .en),
        (["queue", "for"], "hold", .en), (["take", "me", "out", "of", "the", "line", "for"], "cancel hold", .en),
        (["remove", "me", "from", "the", "line", "for"], "cancel hold", .en), (["leave", "the", "line", "for"], "cancel hold", .en),
        (["remove", "me", "from", "the", "waitlist", "for"], "cancel hold", .en),
        (["join", "the", "queue", "for"], "hold", .en), (["join", "the", "waitlist", "for"], "hold", .en),
        (["join", "the", "waiting", "list", "for"], "hold", .en), (["get", "in", "the", "queue", "for"], "hold", .en),
        (["leave", "the", "queue", "for"], "cancel hold", .en), (["leave", "the", "waitlist", "for"], "cancel hold", .en),
        (["get", "out", "of", "the", "line", "for"], "cancel hold", .en), (["get", "me", "out", "of", "the", "line", "for"], "cancel hold", .en),
        (["get", "me", "out", "of", "the", "queue", "for"], "cancel hold", .en),
        (["am", "i", "still", "in", "line", "for"], "who has", .en),
        (["am", "i", "on", "the", "waitlist", "for"], "who has", .en), (["am", "i", "on", "the", "list", "for"], "who has", .en),
        (["am", "i", "still", "on", "the", "list", "for"], "who has", .en),
        (["how", "many", "people", "before", "me", "for"], "who has", .en), (["how", "many", "people", "are", "ahead", "of", "me", "for"], "who has", .en),
        (["how", "many", "people", "ahead", "of", "me", "for"], "who has", .en),
        (["where", "am", "i", "in", "line"], "my books", .en), (["my", "place", "in", "line"], "my books", .en),
        (["my", "places", "in", "line"], "my books", .en),
        (["je", "suis", "ou", "dans", "la", "file"], "mes livres", .fr), (["ma", "place", "dans", "la", "file"], "mes livres", .fr),
        (["mettez-moi", "dans", "la", "file", "pour"], "réserver", .fr), (["retirez-moi", "de", "la", "file", "pour"], "annuler la réservation de", .fr),
        (["can", "i", "get"], "checkout", .en), (["could", "i", "get"], "checkout", .en), (["can", "i", "have"], "checkout", .en),
        (["could", "i", "have"], "checkout", .en),
        (["add", "me", "to", "the", "queue", "for"], "hold", .en), (["add", "me", "to", "the", "waitlist", "for"], "hold", .en),
        (["add", "me", "to", "the", "line", "for"], "hold", .en), (["add", "me", "to", "the", "waiting", "list", "for"], "hold", .en),
        (["add", "me", "to", "the", "list", "for"], "hold", .en), (["add", "me", "to", "the", "hold", "list", "for"], "hold", .en),
        (["add", "me", "to", "the", "reservation", "list", "for"], "hold", .en), (["add", "my", "name", "to", "the", "list", "for"], "hold", .en),
        (["add", "my", "name", "to", "the", "waitlist", "for"], "hold", .en), (["add", "my", "name", "to", "the", "queue", "for"], "hold", .en),
        (["put", "my", "name", "down", "for"], "hold", .en), (["put", "my", "name", "on", "the", "list", "for"], "hold", .en),
        (["put", "my", "name", "on", "the", "waitlist", "for"], "hold", .en), (["get", "me", "on", "the", "list", "for"], "hold", .en),
        (["get", "me", "on", "the", "waitlist", "for"], "hold", .en), (["get", "me", "in", "line", "for"], "hold", .en),
        (["get", "me", "in", "the", "queue", "for"], "hold", .en),
        (["put", "me", "on", "the", "waiting", "list", "for"], "hold", .en), (["put", "me", "on", "the", "list", "for"], "hold", .en),
        (["put", "me", "in", "the", "queue", "for"], "hold", .en),
        (["who", "is", "waiting", "for"], "show", .en), (["who's", "waiting", "for"], "show", .en),
        (["who", "is", "in", "line", "for"], "show", .en), (["who's", "in", "line", "for"], "show", .en),
        (["qui", "attend"], "info", .fr),
        (["tell", "me", "about"], "show", .en), (["info", "on"], "show", .en), (["info", "about"], "show", .en),
        (["info", "for"], "show", .en), (["information", "on"], "show", .en), (["information", "about"], "show", .en),
        (["details", "of"], "show", .en), (["details", "on"], "show", .en), (["details", "about"], "show", .en),
        (["details", "for"], "show", .en), (["infos", "sur"], "info", .fr), (["info", "sur"], "info", .fr),
        (["details", "de"], "info", .fr), (["details", "du"], "info", .fr), (["parle-moi", "de"], "info", .fr),
        (["find", "me"], "search", .en), (["find", "me", "something", "by"], "search", .en),
        (["find", "me", "something", "about"], "search", .en), (["find", "me", "books", "by"], "search", .en),
        (["put", "a", "hold", "on"], "hold", .en), (["place", "a", "hold", "on"], "hold", .en),
        (["i'd", "like", "to", "reserve"], "hold", .en),
        (["cancel", "my", "reservation", "for"], "cancel hold", .en), (["cancel", "my", "reservation", "on"], "cancel hold", .en),
        (["cancel", "my", "reservation", "of"], "cancel hold", .en), (["cancel", "my", "reservation"], "cancel hold", .en),
        (["remove", "my", "reservation", "for"], "cancel hold", .en), (["remove", "my", "reservation", "on"], "cancel hold", .en),
        (["remove", "my", "hold", "on"], "cancel hold", .en), (["remove", "my", "hold", "for"], "cancel hold", .en),
        (["delete", "my", "hold", "on"], "cancel hold", .en), (["delete", "my", "reservation", "for"], "cancel hold", .en),
        (["cancel", "my", "hold", "on"], "cancel hold", .en), (["cancel", "my", "hold", "for"], "cancel hold", .en),
        (["cancel", "the", "hold", "on"], "cancel hold", .en), (["cancel", "the", "hold", "for"], "cancel hold", .en),
        (["remove", "the", "hold", "on"], "cancel hold", .en), (["remove", "the", "hold", "for"], "cancel hold", .en),
        (["delete", "the", "hold", "on"], "cancel hold", .en), (["delete", "my", "reservation", "on"], "cancel hold", .en),
        (["take", "a", "look", "at"], "show", .en), (["have", "a", "look", "at"], "show", .en),
        (["can", "i", "have", "a", "look", "at"], "show", .en), (["could", "i", "have", "a", "look", "at"], "show", .en),
        (["can", "i", "take", "a", "look", "at"], "show", .en),
        (["who", "had"], "show", .en), (["has", "anyone", "read"], "show", .en), (["has", "anybody", "read"], "show", .en),
        (["who", "has", "read"], "show", .en), (["who", "else", "read"], "show", .en), (["who", "else", "had"], "show", .en),
        (["qui", "a", "lu"], "info", .fr),
        (["who", "has", "had"], "show", .en), (["qui", "a", "eu"], "info", .fr),
        // Who borrowed a book before: its details and last loans.
        (["who", "has", "borrowed"], "show", .en), (["who's", "borrowed"], "show", .en), (["has", "anyone", "borrowed"], "show", .en),
        (["has", "anybody", "borrowed"], "show", .en), (["who", "else", "borrowed"], "show", .en), (["past", "borrowers", "of"], "show", .en),
        (["previous", "borrowers", "of"], "show", .en), (["the", "past", "borrowers", "of"], "show", .en), (["loan", "history", "of"], "show", .en),
        (["borrowing", "history", "of"], "show", .en), (["qui", "a", "deja", "emprunte"], "info", .fr), (["qui", "a", "deja", "lu"], "info", .fr),
        (["extend", "my", "loan", "on"], "renew", .en), (["extend", "my", "loan", "of"], "renew", .en),
        (["extend", "my", "loan", "for"], "renew", .en), (["renew", "my", "loan", "on"], "renew", .en),
        (["renew", "my", "loan", "of"], "renew", .en), (["renew", "my", "loan", "for"], "renew", .en),
        (["prolonger", "mon", "emprunt", "de"], "prolonger", .fr),
        (["latest", "books"], "list newest", .en), (["newest", "books"], "list newest", .en), (["recent", "books"], "list newest", .en),
        (["oldest", "books"], "list oldest", .en),
        (["any", "news"], "list newest", .en),
        (["what's", "on", "my", "plate"], "my books", .en), (["anything", "for", "me"], "my books", .en),
        (["anything", "for", "me", "to", "read"], "recommend", .en),
        (["what's", "new", "in", "the", "library"], "list newest", .en), (["what", "is", "new", "in", "the", "library"], "list newest", .en),
        (["what", "came", "in", "recently"], "list newest", .en), (["what", "are", "the", "newest", "books"], "list newest", .en),
        (["what", "are", "the", "latest", "books"], "list newest", .en), (["recently", "added"], "list newest", .en),
        (["new", "arrivals"], "list newest", .en), (["nouveautes"], "liste récents", .fr),
        // Reminders come by themselves: when the book is due, and the rules, which say when.
        (["remind", "me", "to", "return"], "how long can i keep", .en), (["remind", "me", "to", "bring", "back"], "how long can i keep", .en),
        (["rappelle-moi", "de", "rendre"], "combien de temps puis-je garder", .fr),
        (["rappelez-moi", "de", "rendre"], "combien de temps puis-je garder", .fr),
        // Next in line: a hold.
        (["i'm", "next", "for"], "hold", .en), (["im", "next", "for"], "hold", .en), (["next", "in", "line", "for"], "hold", .en),
        (["i", "want", "to", "be", "next", "for"], "hold", .en), (["i'd", "like", "to", "be", "next", "for"], "hold", .en),
        (["je", "veux", "etre", "le", "prochain", "pour"], "réserver", .fr), (["je", "veux", "etre", "la", "prochaine", "pour"], "réserver", .fr),
        (["je", "voudrais", "etre", "le", "prochain", "pour"], "réserver", .fr), (["je", "voudrais", "etre", "la", "prochaine", "pour"], "réserver", .fr),
        (["put", "me", "next", "for"], "hold", .en),
        // Who wrote it, what it is about, its categories, when it went and came back: everything about a book.
        (["who", "wrote"], "show", .en), (["who", "is", "the", "author", "of"], "show", .en), (["qui", "a", "ecrit"], "info", .fr),
        (["who's", "the", "author", "of"], "show", .en), (["whos", "the", "author", "of"], "show", .en), (["qui", "est", "l'auteur", "de"], "info", .fr),
        // The digest asked for in chat: shown to the asker (posting it is the operator's `librarybot digest --post`).
        (["post", "the", "digest"], "digest", .en), (["post", "digest"], "digest", .en), (["send", "the", "digest"], "digest", .en),
        (["send", "digest"], "digest", .en), (["send", "me", "the", "digest"], "digest", .en), (["show", "the", "digest"], "digest", .en), (["show", "digest"], "digest", .en),
        (["envoie", "le", "resume"], "résumé", .fr), (["affiche", "le", "resume"], "résumé", .fr), (["montre", "le", "resume"], "résumé", .fr),
        (["how", "many", "are", "available"], "list available", .en), (["how", "many", "are", "on", "the", "shelf"], "list available", .en),
        (["how", "many", "are", "out"], "list checked out", .en), (["how", "many", "are", "checked", "out"], "list checked out", .en),
        (["how", "many", "are", "overdue"], "list overdue", .en), (["how", "many", "are", "late"], "list overdue", .en),
        (["combien", "sont", "disponibles"], "liste disponibles", .fr), (["combien", "sont", "empruntes"], "liste empruntés", .fr),
        (["combien", "sont", "en", "retard"], "liste en retard", .fr),
        (["what's", "in", "the", "library"], "list", .en), (["whats", "in", "the", "library"], "list", .en),
        (["what", "is", "in", "the", "library"], "list", .en), (["qu'y", "a-t-il", "dans", "la", "bibliotheque"], "liste", .fr),
        (["qu'est-ce", "qu'il", "y", "a", "dans", "la", "bibliotheque"], "liste", .fr),
        (["recently", "added", "books"], "list newest", .en), (["books", "added", "recently"], "list newest", .en),
        (["les", "derniers", "livres", "ajoutes"], "liste récents", .fr), (["derniers", "livres", "ajoutes"], "liste récents", .fr),
        (["livres", "ajoutes", "recemment"], "liste récents", .fr), (["les", "livres", "ajoutes", "recemment"], "liste récents", .fr),
        (["what", "is", "the", "category", "of"], "show", .en), (["what's", "the", "category", "of"], "show", .en),
        (["what", "is", "the", "genre", "of"], "show", .en), (["what's", "the", "genre", "of"], "show", .en),
        (["what", "are", "the", "categories", "of"], "show", .en), (["what", "are", "the", "genres", "of"], "show", .en),
        (["show", "the", "categories", "of"], "show", .en), (["show", "the", "genres", "of"], "show", .en), (["show", "categories", "of"], "show", .en),
        (["show", "genres", "of"], "show", .en),
        (["quelle", "categorie", "pour"], "info", .fr), (["quel", "genre", "pour"], "info", .fr),
        (["quelle", "est", "la", "categorie", "de"], "info", .fr), (["quel", "est", "le", "genre", "de"], "info", .fr),
        (["quelles", "sont", "les", "categories", "de"], "info", .fr), (["dans", "quelle", "categorie", "est"], "info", .fr),
        (["tell", "me", "more", "about"], "show", .en), (["de", "quoi", "parle"], "info", .fr),
        (["when", "did", "i", "borrow"], "show", .en), (["when", "did", "i", "take"], "show", .en), (["who", "returned"], "show", .en),
        (["when", "did", "i", "return"], "show", .en), (["when", "did", "i", "bring", "back"], "show", .en), (["did", "i", "return"], "show", .en),
        (["have", "i", "read"], "show", .en), (["have", "i", "borrowed"], "show", .en), (["have", "i", "returned"], "show", .en),
        (["did", "i", "borrow"], "show", .en), (["have", "i", "already", "read"], "show", .en),
        (["did", "i", "read"], "show", .en), (["did", "i", "already", "read"], "show", .en), (["did", "i", "ever", "read"], "show", .en),
        (["have", "i", "ever", "read"], "show", .en), (["have", "i", "already", "borrowed"], "show", .en),
        (["did", "i", "already", "borrow"], "show", .en), (["did", "i", "already", "return"], "show", .en),
        (["quand", "ai-je", "rendu"], "info", .fr), (["quand", "ai-je", "emprunte"], "info", .fr), (["ai-je", "deja", "lu"], "info", .fr),
        (["ai-je", "lu"], "info", .fr), (["ai-je", "rendu"], "info", .fr), (["ai-je", "emprunte"], "info", .fr),
        (["ai-je", "deja", "emprunte"], "info", .fr), (["ai-je", "deja", "rendu"], "info", .fr),
        // Asked, a loss is no report: "has anyone lost Dune?" asks about the book (its report among it).
        (["has", "someone", "lost"], "show", .en), (["has", "somebody", "lost"], "show", .en), (["has", "anyone", "lost"], "show", .en),
        (["has", "anybody", "lost"], "show", .en), (["did", "someone", "lose"], "show", .en), (["did", "somebody", "lose"], "show", .en),
        (["did", "anyone", "lose"], "show", .en), (["did", "anybody", "lose"], "show", .en), (["did", "i", "lose"], "show", .en),
        (["have", "i", "lost"], "show", .en), (["est-ce", "que", "quelqu'un", "a", "perdu"], "info", .fr), (["ai-je", "perdu"], "info", .fr),
        (["what", "did", "i", "read", "last"], "my history", .en), (["what", "did", "i", "read"], "my history", .en),
        (["what", "have", "i", "read"], "my history", .en),
        (["which", "books", "did", "i", "read"], "my history", .en), (["which", "books", "have", "i", "read"], "my history", .en),
        (["what", "books", "did", "i", "read"], "my history", .en), (["what", "books", "have", "i", "read"], "my history", .en),
        (["which", "books", "did", "i", "borrow"], "my history", .en), (["which", "books", "have", "i", "borrowed"], "my history", .en),
        // What the member has not read is what recommendations are.
        (["what", "haven't", "i", "read"], "recommend", .en), (["what", "have", "i", "not", "read"], "recommend", .en),
        (["which", "books", "haven't", "i", "read"], "recommend", .en), (["books", "i", "haven't", "read"], "recommend", .en),
        (["list", "books", "i", "haven't", "read"], "recommend", .en), (["list", "unread", "books"], "recommend", .en),
        (["unread", "books"], "recommend", .en), (["qu'est-ce", "que", "je", "n'ai", "pas", "lu"], "recommande-moi", .fr),
        // "what do I have out?", "what am I reading (right now)?": the member's books.
        (["what", "do", "i", "have", "out"], "my books", .en), (["what", "have", "i", "got", "out"], "my books", .en),
        (["what", "am", "i", "reading"], "my books", .en), (["what", "am", "i", "currently", "reading"], "my books", .en),
        // "how long will I have to wait?": the member's lines, each with who has the book until when.
        (["how", "long", "will", "i", "have", "to", "wait", "for"], "who has", .en), (["how", "long", "will", "i", "wait", "for"], "who has", .en),
        (["how", "long", "do", "i", "have", "to", "wait", "for"], "who has", .en), (["how", "long", "will", "i", "have", "to", "wait"], "my books", .en),
        (["how", "long", "do", "i", "have", "to", "wait"], "my books", .en), (["how", "long", "is", "my", "wait"], "my books", .en),
        (["put", "me", "back", "in", "line", "for"], "hold", .en), (["put", "me", "back", "on", "the", "list", "for"], "hold", .en),
        (["add", "me", "back", "to", "the", "line", "for"], "hold", .en), (["add", "me", "back", "to", "the", "list", "for"], "hold", .en),
        // "I'm almost done with The Hobbit", "I'll finish The Hobbit this weekend": who has it, until when.
        (["i'm", "almost", "done", "with"], "who has", .en), (["i", "am", "almost", "done", "with"], "who has", .en),
        (["i'm", "nearly", "done", "with"], "who has", .en), (["i'm", "almost", "finished", "with"], "who has", .en),
        (["i'll", "finish"], "who has", .en), (["i", "will", "finish"], "who has", .en), (["i'm", "halfway", "through"], "who has", .en),
        // "what's the wait for The Hobbit?": its line, with who has it until when.
        (["what's", "the", "wait", "for"], "who has", .en), (["what", "is", "the", "wait", "for"], "who has", .en),
        (["whats", "the", "wait", "for"], "who has", .en),
        // "I'm waiting for Dune": where the member is in its line (or, not in it, `hold` offered).
        (["i'm", "waiting", "for"], "who has", .en), (["i", "am", "waiting", "for"], "who has", .en), (["im", "waiting", "for"], "who has", .en),
        (["i'm", "still", "waiting", "for"], "who has", .en), (["i", "am", "still", "waiting", "for"], "who has", .en),
        // "what books came in this month?", "what came in lately?": the newest books.
        (["what", "books", "came", "in"], "list newest", .en), (["what", "came", "in"], "list newest", .en),
        (["what's", "come", "in"], "list newest", .en), (["what", "has", "come", "in"], "list newest", .en),
        (["which", "books", "came", "in"], "list newest", .en), (["what", "new", "books", "came", "in"], "list newest", .en),
        // "any good sci-fi?", "anything good in fantasy?": something to read in that category.
        (["any", "good"], "recommend", .en), (["anything", "good", "in"], "recommend", .en), (["something", "good", "in"], "recommend", .en),
        (["any", "good", "books", "about"], "search", .en), (["any", "good", "books", "on"], "search", .en),
        // "show me everything by Orwell": his books.
        (["everything", "by"], "search", .en), (["show", "me", "everything", "by"], "search", .en), (["show", "everything", "by"], "search", .en),
        (["list", "everything", "by"], "search", .en), (["anything", "and", "everything", "by"], "search", .en),
        // A book not where it should be: who has it.
        (["i", "can't", "find"], "who has", .en), (["i", "cannot", "find"], "who has", .en), (["i", "cant", "find"], "who has", .en),
        (["i", "can't", "find", "my", "copy", "of"], "who has", .en), (["i", "cannot", "find", "my", "copy", "of"], "who has", .en),
        (["i", "cant", "find", "my", "copy", "of"], "who has", .en),
        (["where", "can", "i", "find"], "who has", .en), (["je", "ne", "trouve", "pas"], "qui a", .fr), (["je", "trouve", "pas"], "qui a", .fr),
        (["how", "many", "copies", "of"], "who has", .en), (["combien", "d'exemplaires", "de"], "qui a", .fr),
        (["books", "in"], "search", .en), (["books", "on"], "search", .en),
        (["books", "on", "the", "shelf"], "list available", .en), (["books", "in", "stock"], "list available", .en),
        (["books", "on", "loan"], "list checked out", .en),
        (["les", "livres", "de"], "chercher", .fr), (["as-tu"], "qui a", .fr), (["y", "a-t-il"], "qui a", .fr),
        (["qu'est-ce", "que", "j'ai", "emprunte"], "mon historique", .fr), (["qu'est-ce", "que", "j'ai", "lu"], "mon historique", .fr),
        (["enleve-moi", "de", "la", "file", "pour"], "annuler la réservation de", .fr),
        (["take", "me", "off", "the", "list", "for"], "cancel hold", .en), (["take", "me", "off", "the", "waitlist", "for"], "cancel hold", .en),
        (["take", "me", "off", "the", "queue", "for"], "cancel hold", .en),
        (["remove", "me", "from", "the", "list", "for"], "cancel hold", .en),
        (["remove", "me", "from", "the", "queue", "for"], "cancel hold", .en),
        (["stop", "waiting", "for"], "cancel hold", .en), (["i'm", "no", "longer", "waiting", "for"], "cancel hold", .en),
        (["sors-moi", "de", "la", "file", "pour"], "annuler la réservation de", .fr),
        (["enleve-moi", "de", "la", "file", "d'attente", "de"], "annuler la réservation de", .fr),
        (["enleve-moi", "de", "la", "file", "d'attente", "pour"], "annuler la réservation de", .fr),
        (["enleve-moi", "de", "la", "liste", "pour"], "annuler la réservation de", .fr), (["retire-moi", "de", "la", "liste", "pour"], "annuler la réservation de", .fr),
        (["retire-moi", "de", "la", "file", "pour"], "annuler la réservation de", .fr),
        (["retire-moi", "de", "la", "file", "d'attente", "de"], "annuler la réservation de", .fr),
        (["retire-moi", "de", "la", "file", "d'attente", "pour"], "annuler la réservation de", .fr),
        (["montre", "l'historique", "de"], "info", .fr), (["affiche", "l'historique", "de"], "info", .fr),
        (["quand", "puis-je", "prolonger"], "combien de temps puis-je garder", .fr),
        (["quand", "est-ce", "que", "je", "peux", "prolonger"], "combien de temps puis-je garder", .fr),
        (["what", "can", "you", "do"], "help", .en), (["show", "me", "what", "you", "can", "do"], "help", .en), (["what", "do", "you", "do"], "help", .en), (["how", "does", "this", "work"], "help", .en),
        (["how", "do", "i", "use", "you"], "help", .en), (["que", "sais-tu", "faire"], "aide", .fr),
        (["how", "do", "i", "use", "this"], "help", .en), (["how", "do", "i", "use", "this", "bot"], "help", .en),
        (["how", "do", "i", "use", "the", "bot"], "help", .en), (["what", "commands", "are", "there"], "help", .en),
        (["what", "commands", "do", "you", "know"], "help", .en), (["what", "commands", "can", "i", "use"], "help", .en),
        (["what", "can", "i", "say"], "help", .en), (["what", "can", "i", "ask"], "help", .en), (["what", "can", "i", "ask", "you"], "help", .en),
        (["who", "are", "you"], "help", .en), (["what", "are", "you"], "help", .en), (["are", "you", "a", "bot"], "help", .en),
        (["qui", "es-tu"], "aide", .fr), (["t'es", "qui"], "aide", .fr), (["quelles", "sont", "les", "commandes"], "aide", .fr),
        (["comment", "on", "t'utilise"], "aide", .fr), (["comment", "ca", "fonctionne"], "aide", .fr),
        (["enleve"], "supprimer", .fr), (["enlever"], "supprimer", .fr), (["enlevez"], "supprimer", .fr),
        (["best", "books"], "list popular", .en), (["what's", "hot"], "list popular", .en), (["qu'est-ce", "qui", "est", "populaire"], "liste populaires", .fr),
        (["get", "rid", "of"], "delete", .en), (["throw", "away"], "delete", .en), (["throw", "out"], "delete", .en),
        (["whohas"], "who has", .en), (["who-has"], "who has", .en),
        (["ping"], "remind", .en), (["poke"], "remind", .en), (["forget", "it"], "cancel", .en), (["oublie", "ca"], "annuler", .fr), (["who's", "borrowing"], "who has what", .en), (["who", "is", "borrowing"], "who has what", .en),
        (["who's", "got", "books"], "who has what", .en), (["who", "has", "books"], "who has what", .en), (["who", "has", "books", "out"], "who has what", .en),
        (["who", "has", "borrowed", "books"], "who has what", .en), (["who", "borrowed", "books"], "who has what", .en),
        (["il", "y", "a", "des", "livres", "de"], "chercher", .fr),
        (["c'est", "quoi", "les", "nouveautes"], "liste récents", .fr), (["quelles", "sont", "les", "nouveautes"], "liste récents", .fr),
        (["quels", "sont", "les", "livres", "les", "plus", "populaires"], "liste populaires", .fr),
        (["quels", "sont", "les", "livres", "les", "plus", "empruntes"], "liste populaires", .fr),
        (["les", "livres", "les", "plus", "populaires"], "liste populaires", .fr),
        (["what", "do", "you", "know", "about", "me"], "who am I", .en), (["what's", "my", "name"], "who am I", .en),
        (["which", "book", "do", "i", "have"], "my books", .en),
        (["has", "the", "library", "got"], "who has", .en), (["has", "the", "club", "got"], "who has", .en),
        (["quels", "livres", "a", "la", "bibliotheque"], "liste", .fr), (["quels", "livres", "a", "le", "club"], "liste", .fr),
        (["est-ce", "que", "quelqu'un", "a", "des", "livres"], "qui a quoi", .fr), (["quelqu'un", "a", "des", "livres"], "qui a quoi", .fr),
        (["qui", "a", "quelque", "chose"], "qui a quoi", .fr), (["qui", "a", "des", "livres"], "qui a quoi", .fr),
        (["c'est", "quoi", "le", "titre", "du"], "info", .fr), (["c'est", "quoi", "le", "titre", "de"], "info", .fr),
        (["quel", "est", "le", "titre", "du"], "info", .fr),
        (["who", "has", "any", "books"], "who has what", .en), (["who", "has", "anything"], "who has what", .en),
        (["does", "anyone", "have", "any", "books"], "who has what", .en), (["does", "anybody", "have", "any", "books"], "who has what", .en),
        (["does", "anyone", "have", "anything"], "who has what", .en), (["does", "anybody", "have", "anything"], "who has what", .en),
        (["has", "anyone", "got", "any", "books"], "who has what", .en), (["has", "anybody", "got", "any", "books"], "who has what", .en),
        // "what's the title of #3?", "what's the author of Dune?", "how many people borrowed Dune?": its details.
        (["what's", "the", "title", "of"], "show", .en), (["what", "is", "the", "title", "of"], "show", .en),
        (["what's", "the", "author", "of"], "show", .en), (["what", "is", "the", "author", "of"], "show", .en),
        (["what's", "the", "publisher", "of"], "show", .en), (["what", "is", "the", "publisher", "of"], "show", .en),
        (["quel", "est", "le", "titre", "de"], "info", .fr), (["quel", "est", "l'auteur", "de"], "info", .fr),
        (["how", "many", "people", "borrowed"], "show", .en), (["how", "many", "people", "have", "borrowed"], "show", .en),
        (["how", "many", "people", "read"], "show", .en), (["how", "many", "people", "have", "read"], "show", .en),
        (["how", "many", "people", "took"], "show", .en), (["how", "many", "members", "borrowed"], "show", .en),
        (["how", "many", "members", "have", "borrowed"], "show", .en), (["how", "many", "members", "have", "read"], "show", .en),
        (["combien", "de", "personnes", "ont", "emprunte"], "info", .fr), (["combien", "de", "personnes", "ont", "lu"], "info", .fr),
        (["who", "published"], "show", .en), (["who's", "the", "publisher", "of"], "show", .en), (["who", "is", "the", "publisher", "of"], "show", .en),
        (["qui", "a", "publie"], "montrer", .fr), (["qui", "a", "edite"], "montrer", .fr),
        (["qu'est-ce", "que", "tu", "sais", "faire"], "aide", .fr), (["comment", "ca", "marche"], "aide", .fr),
        (["anything", "new"], "list newest", .en), (["any", "new", "books"], "list newest", .en), (["new", "books"], "list newest", .en),
        (["du", "nouveau"], "liste récents", .fr), (["nouveaux", "livres"], "liste récents", .fr),
        (["something", "by"], "search", .en), (["read", "something", "by"], "search", .en), (["read", "something", "about"], "search", .en),
        (["quelque", "chose", "de"], "chercher", .fr), (["lire", "quelque", "chose", "de"], "chercher", .fr),
        (["i'm", "looking", "for", "a", "book", "by"], "search", .en), (["i'm", "looking", "for", "books", "by"], "search", .en),
        (["i'm", "looking", "for", "something", "by"], "search", .en), (["looking", "for", "a", "book", "by"], "search", .en),
        (["looking", "for", "books", "by"], "search", .en), (["looking", "for", "something", "by"], "search", .en),
        (["i'm", "looking", "for"], "search", .en), (["i", "am", "looking", "for"], "search", .en), (["looking", "for"], "search", .en),
        (["je", "cherche", "un", "livre", "de"], "chercher", .fr), (["je", "cherche", "des", "livres", "de"], "chercher", .fr),
        (["je", "cherche", "un", "livre", "sur"], "chercher", .fr), (["je", "cherche"], "chercher", .fr), (["je", "recherche"], "chercher", .fr),
        (["peux-tu", "me", "preter"], "emprunter", .fr), (["pouvez-vous", "me", "preter"], "emprunter", .fr),
        (["tu", "peux", "me", "preter"], "emprunter", .fr), (["vous", "pouvez", "me", "preter"], "emprunter", .fr),
        (["prete-moi"], "emprunter", .fr), (["pretez-moi"], "emprunter", .fr),
        (["il", "reste", "des", "livres"], "liste disponibles", .fr), (["reste-t-il", "des", "livres"], "liste disponibles", .fr),
        (["c'est", "quand", "que", "je", "dois", "rendre"], "qui a", .fr), (["quand", "est-ce", "que", "je", "dois", "rendre"], "qui a", .fr),
        (["quand", "je", "dois", "rendre"], "qui a", .fr),
        (["c'est", "quand", "que", "je", "dois", "rendre", "mes", "livres"], "mes livres", .fr),
        (["quand", "est-ce", "que", "je", "dois", "rendre", "mes", "livres"], "mes livres", .fr),
        (["quand", "je", "dois", "rendre", "mes", "livres"], "mes livres", .fr),
        (["quels", "sont", "mes", "emprunts"], "mes livres", .fr),
        (["c'est", "quoi", "mes", "livres"], "mes livres", .fr), (["c'est", "quoi", "mes", "emprunts"], "mes livres", .fr),
        (["les", "livres", "empruntes"], "liste empruntés", .fr),
        (["mets-moi", "en", "file", "d'attente", "pour"], "réserver", .fr), (["mets-moi", "sur", "la", "liste", "d'attente", "pour"], "réserver", .fr),
        (["j'ai", "des", "livres", "en", "retard"], "mes livres", .fr),
        (["est-ce", "que", "j'ai", "des", "livres", "en", "retard"], "mes livres", .fr), (["j'ai", "un", "livre", "en", "retard"], "mes livres", .fr),
        (["mets-moi", "en", "attente", "pour"], "réserver", .fr), (["mettez-moi", "en", "attente", "pour"], "réserver", .fr),
        (["mettez-moi", "sur", "la", "liste", "d'attente", "pour"], "réserver", .fr),
        (["inscris-moi", "pour"], "réserver", .fr), (["inscrivez-moi", "pour"], "réserver", .fr),
        // A plan, not done yet ("I'll return Dune"): who has it, and until when.
        (["i'll", "return"], "who has", .en), (["i", "will", "return"], "who has", .en), (["i'm", "going", "to", "return"], "who has", .en),
        (["je", "rendrai"], "qui a", .fr), (["je", "vais", "rendre"], "qui a", .fr),
        (["i'll", "bring", "back"], "who has", .en), (["i", "will", "bring", "back"], "who has", .en),
        (["i'm", "going", "to", "bring", "back"], "who has", .en), (["i'll", "give", "back"], "who has", .en),
        (["je", "ramenerai"], "qui a", .fr), (["je", "rapporterai"], "qui a", .fr), (["je", "vais", "ramener"], "qui a", .fr),
        (["je", "vais", "rapporter"], "qui a", .fr),
        (["how", "many", "days", "left"], "my books", .en), (["how", "many", "days", "do", "i", "have", "left"], "my books", .en),
        (["how", "long", "do", "i", "have", "left"], "my books", .en), (["how", "much", "time", "do", "i", "have", "left"], "my books", .en),
        (["suggest", "a", "book"], "recommend", .en), (["something", "to", "read"], "recommend", .en),
        (["i", "don't", "know", "what", "to", "read"], "recommend", .en), (["i", "dont", "know", "what", "to", "read"], "recommend", .en),
        (["je", "ne", "sais", "pas", "quoi", "lire"], "que lire", .fr), (["je", "sais", "pas", "quoi", "lire"], "que lire", .fr),
        (["un", "livre", "a", "lire"], "que lire", .fr),
        (["i", "want", "a", "book"], "recommend", .en), (["i'd", "like", "a", "book"], "recommend", .en), (["i", "need", "a", "book"], "recommend", .en),
        (["i", "want", "something", "to", "read"], "recommend", .en), (["i", "need", "something", "to", "read"], "recommend", .en),
        (["je", "veux", "un", "livre"], "que lire", .fr), (["je", "voudrais", "un", "livre"], "que lire", .fr),
        (["i", "want", "a", "book", "by"], "search", .en), (["i'd", "like", "a", "book", "by"], "search", .en), (["i", "need", "a", "book", "by"], "search", .en),
        (["i", "want", "a", "book", "about"], "search", .en), (["i'd", "like", "a", "book", "about"], "search", .en), (["i", "need", "a", "book", "about"], "search", .en),
        (["i", "want", "something", "to", "read", "by"], "search", .en), (["i", "want", "something", "to", "read", "about"], "search", .en),
        (["je", "veux", "un", "livre", "de"], "chercher", .fr), (["je", "voudrais", "un", "livre", "de"], "chercher", .fr),
        (["je", "veux", "un", "livre", "sur"], "chercher", .fr), (["je", "voudrais", "un", "livre", "sur"], "chercher", .fr),
        (["who", "hasn't", "returned", "their", "books"], "list overdue", .en), (["who", "hasn't", "returned", "their", "book"], "list overdue", .en),
        (["who", "hasn't", "brought", "their", "books", "back"], "list overdue", .en), (["qui", "n'a", "pas", "rendu", "ses", "livres"], "liste en retard", .fr),
        (["what's", "trending"], "list popular", .en), (["whats", "trending"], "list popular", .en), (["what", "is", "trending"], "list popular", .en),
        (["trending", "books"], "list popular", .en), (["unpopular", "books"], "list never borrowed", .en),
        (["what's", "checked", "out", "to", "me"], "my books", .en), (["what", "is", "checked", "out", "to", "me"], "my books", .en),
        (["what", "do", "i", "have", "checked", "out"], "my books", .en), (["do", "i", "have", "any", "books"], "my books", .en),
        (["do", "i", "have", "anything", "checked", "out"], "my books", .en), (["do", "i", "have", "anything", "out"], "my books", .en),
        (["what", "do", "i", "owe"], "my books", .en), (["do", "i", "owe", "anything"], "my books", .en), (["my", "stuff"], "my books", .en),
        (["is", "anything", "overdue"], "list overdue", .en), (["anything", "overdue"], "list overdue", .en),
        (["are", "any", "books", "overdue"], "list overdue", .en), (["any", "overdue", "books"], "list overdue", .en),
        (["who", "has", "overdue", "books"], "list overdue", .en), (["who", "is", "overdue"], "list overdue", .en),
        (["who's", "overdue"], "list overdue", .en), (["who", "is", "late"], "list overdue", .en), (["who's", "late"], "list overdue", .en),
        (["who", "has", "late", "books"], "list overdue", .en), (["who", "is", "late", "with", "a", "book"], "list overdue", .en),
        (["who's", "late", "with", "a", "book"], "list overdue", .en), (["overdue", "books"], "list overdue", .en), (["late", "books"], "list overdue", .en),
        (["who", "is", "late", "with", "their", "books"], "list overdue", .en), (["who's", "late", "with", "their", "books"], "list overdue", .en),
        (["who", "is", "late", "returning", "books"], "list overdue", .en), (["who", "is", "late", "returning", "their", "books"], "list overdue", .en),
        (["who's", "late", "returning", "books"], "list overdue", .en), (["who", "is", "late", "with", "books"], "list overdue", .en),
        (["which", "books", "have", "never", "been", "borrowed"], "list never borrowed", .en),
        (["books", "never", "borrowed"], "list never borrowed", .en), (["books", "nobody", "borrowed"], "list never borrowed", .en),
        (["books", "nobody", "has", "borrowed"], "list never borrowed", .en), (["what", "has", "never", "been", "borrowed"], "list never borrowed", .en),
        (["livres", "jamais", "empruntes"], "liste jamais empruntés", .fr),
        (["quels", "livres", "n'ont", "jamais", "ete", "empruntes"], "liste jamais empruntés", .fr),
        (["lost", "books"], "list lost", .en), (["missing", "books"], "list lost", .en), (["damaged", "books"], "list lost", .en),
        (["which", "books", "are", "lost"], "list lost", .en), (["which", "books", "are", "missing"], "list lost", .en),
        (["which", "books", "are", "damaged"], "list lost", .en), (["any", "lost", "books"], "list lost", .en),
        (["is", "anything", "missing"], "list lost", .en), (["is", "anything", "lost"], "list lost", .en),
        (["are", "any", "books", "missing"], "list lost", .en), (["are", "any", "books", "lost"], "list lost", .en),
        (["livres", "perdus"], "liste perdus", .fr), (["livres", "abimes"], "liste perdus", .fr),
        (["qui", "est", "en", "retard"], "liste en retard", .fr), (["des", "livres", "en", "retard"], "liste en retard", .fr),
        (["is", "anything", "available"], "list available", .en), (["anything", "available"], "list available", .en),
        (["grab"], "checkout", .en), (["returned"], "return", .en), (["what", "i", "have"], "my books", .en),
        (["get"], "checkout", .en), (["get", "me"], "checkout", .en), (["sign", "out"], "checkout", .en),
        (["drop", "off"], "return", .en), (["i", "dropped", "off"], "return", .en), (["hand", "in"], "return", .en),
        (["i", "handed", "in"], "return", .en), (["i've", "dropped", "off"], "return", .en), (["dropped", "off"], "return", .en),
        (["ramener"], "rendre", .fr), (["rapporter"], "rendre", .fr), (["je", "ramene"], "rendre", .fr), (["j'ai", "ramene"], "rendre", .fr),
        (["ramene"], "rendre", .fr), (["ramenez"], "rendre", .fr), (["je", "te", "rends"], "rendre", .fr), (["je", "vous", "rends"], "rendre", .fr),
        // Forgetting to bring a book back: where the member's loan of it stands (due, overdue).
        (["i", "forgot", "to", "return"], "who has", .en), (["i", "forgot", "to", "bring", "back"], "who has", .en),
        (["i", "forgot", "to", "give", "back"], "who has", .en), (["j'ai", "oublie", "de", "rendre"], "qui a", .fr),
        (["j'ai", "oublie", "de", "rapporter"], "qui a", .fr), (["j'ai", "oublie", "de", "ramener"], "qui a", .fr),
        // Anyone's help asked for: the request that follows.
        (["can", "someone"], nil, .en), (["could", "someone"], nil, .en), (["can", "anyone"], nil, .en), (["could", "anyone"], nil, .en),
        (["can", "somebody"], nil, .en), (["could", "somebody"], nil, .en),
        (["suggest", "something"], "recommend", .en), (["suggest", "me", "something"], "recommend", .en),
        (["suggest", "me", "a", "book"], "recommend", .en), (["any", "recommendations"], "recommend", .en),
        (["tu", "me", "conseilles", "quoi"], "que lire", .fr), (["vous", "me", "conseillez", "quoi"], "que lire", .fr),
        (["qu'est-ce", "que", "tu", "me", "conseilles"], "que lire", .fr), (["qu'est-ce", "que", "vous", "me", "conseillez"], "que lire", .fr),
        (["que", "me", "conseillez-vous"], "que lire", .fr),
        (["mets-moi", "sur", "la", "liste", "pour"], "réserver", .fr), (["mettez-moi", "sur", "la", "liste", "pour"], "réserver", .fr),
        (["rajoute-moi", "a", "la", "liste", "pour"], "réserver", .fr), (["ajoute-moi", "a", "la", "liste", "pour"], "réserver", .fr),
        // A line with no book named: the book last named ("who has Dune?" … "add me to the list"),
        // or which one is asked.
        (["add", "me", "to", "the", "list"], "hold it", .en), (["add", "me", "to", "the", "waitlist"], "hold it", .en),
        (["add", "me", "to", "the", "waiting", "list"], "hold it", .en), (["add", "me", "to", "the", "queue"], "hold it", .en),
        (["add", "me", "to", "the", "line"], "hold it", .en), (["put", "me", "on", "the", "list"], "hold it", .en),
        (["put", "me", "on", "the", "waitlist"], "hold it", .en), (["put", "me", "on", "the", "waiting", "list"], "hold it", .en),
        (["put", "me", "in", "line"], "hold it", .en), (["put", "me", "in", "the", "queue"], "hold it", .en),
        (["get", "me", "on", "the", "list"], "hold it", .en), (["get", "me", "on", "the", "waitlist"], "hold it", .en),
        (["get", "me", "in", "line"], "hold it", .en), (["get", "in", "line"], "hold it", .en), (["get", "in", "the", "queue"], "hold it", .en),
        (["join", "the", "queue"], "hold it", .en), (["join", "the", "line"], "hold it", .en), (["join", "the", "waitlist"], "hold it", .en),
        (["join", "the", "waiting", "list"], "hold it", .en), (["add", "my", "name", "to", "the", "list"], "hold it", .en),
        (["put", "my", "name", "down"], "hold it", .en), (["put", "my", "name", "on", "the", "list"], "hold it", .en),
        (["mets-moi", "sur", "la", "liste"], "réserver ça", .fr), (["mets-moi", "sur", "la", "liste", "d'attente"], "réserver ça", .fr),
        (["mets-moi", "en", "file", "d'attente"], "réserver ça", .fr), (["mets-moi", "en", "attente"], "réserver ça", .fr),
        (["mettez-moi", "sur", "la", "liste"], "réserver ça", .fr), (["ajoute-moi", "a", "la", "liste"], "réserver ça", .fr),
        (["rajoute-moi", "a", "la", "liste"], "réserver ça", .fr), (["ajoutez-moi", "a", "la", "liste"], "réserver ça", .fr),
        (["inscris-moi", "sur", "la", "liste"], "réserver ça", .fr), (["inscrivez-moi", "sur", "la", "liste"], "réserver ça", .fr),
        (["inscris-moi", "sur", "la", "liste", "d'attente"], "réserver ça", .fr),
        (["ajoutez-moi", "a", "la", "liste", "pour"], "réserver", .fr), (["inscris-moi", "sur", "la", "liste", "pour"], "réserver", .fr),
        (["qui", "attend", "apres"], "info", .fr), (["j'ai", "quoi", "en", "ce", "moment"], "mes livres", .fr),
        (["je", "dois", "rendre", "quoi"], "mes livres", .fr), (["qu'est-ce", "que", "je", "dois", "rendre"], "mes livres", .fr),
        (["quels", "sont", "les", "livres", "disponibles"], "liste disponibles", .fr),
        (["tu", "as", "quelque", "chose", "de"], "chercher", .fr), (["vous", "avez", "quelque", "chose", "de"], "chercher", .fr),
        (["any", "books", "overdue"], "list overdue", .en),
        (["what's", "out", "right", "now"], "list checked out", .en), (["what", "is", "out"], "list checked out", .en),
        (["mets-moi", "dans", "la", "file", "pour"], "réserver", .fr),
        (["j'ai", "combien", "de", "livres"], "mes livres", .fr), (["combien", "de", "livres", "ai-je"], "mes livres", .fr),
        (["combien", "de", "livres", "j'ai"], "mes livres", .fr),
        (["j'ai", "tout", "rendu"], "rendre tout", .fr), (["j'ai", "tout", "ramene"], "rendre tout", .fr),
        (["as-tu", "des", "livres", "de"], "chercher", .fr), (["tu", "as", "des", "livres", "sur"], "chercher", .fr),
        (["vous", "avez", "des", "livres", "sur"], "chercher", .fr), (["as-tu", "des", "livres", "sur"], "chercher", .fr),
        (["les", "nouveautes"], "liste récents", .fr), (["aide-moi"], "aide", .fr), (["aidez-moi"], "aide", .fr),
        (["just", "returned"], "return", .en), (["i", "just", "returned"], "return", .en), (["i've", "just", "returned"], "return", .en),
        (["grabbing"], "take", .en), (["i'm", "grabbing"], "take", .en), (["took"], "take", .en), (["i", "just", "took"], "take", .en),
        (["just", "took"], "take", .en),
        (["brought", "back"], "return", .en), (["i", "just", "brought", "back"], "return", .en), (["just", "brought", "back"], "return", .en),
        (["dropping", "off"], "return", .en),
        (["i'm", "dropping", "off"], "return", .en), (["i", "just", "dropped", "off"], "return", .en),
        // A book's line: its details list who waits.
        (["who", "reserved"], "show", .en), (["who", "has", "reserved"], "show", .en), (["how", "many", "holds", "on"], "show", .en),
        (["how", "many", "holds", "for"], "show", .en), (["how", "long", "is", "the", "waitlist", "for"], "show", .en),
        (["how", "long", "is", "the", "line", "for"], "show", .en), (["how", "long", "is", "the", "queue", "for"], "show", .en),
        (["how", "many", "people", "are", "in", "line", "for"], "show", .en),
        (["what's", "the", "status", "of"], "who has", .en), (["what", "is", "the", "status", "of"], "who has", .en),
        (["status", "of"], "who has", .en), (["status", "for"], "who has", .en), (["how", "late", "is"], "who has", .en),
        (["how", "overdue", "is"], "who has", .en), (["can", "i", "keep", "reading"], "renew", .en), (["could", "i", "keep", "reading"], "renew", .en),
        (["what's", "the", "latest", "addition"], "list newest", .en), (["what", "is", "the", "latest", "addition"], "list newest", .en),
        (["latest", "addition"], "list newest", .en), (["latest", "additions"], "list newest", .en),
        (["books", "due", "soon"], "my books", .en), (["books", "due", "this", "week"], "my books", .en),
        (["list", "books", "due", "this", "week"], "my books", .en), (["books", "due", "today"], "my books", .en),
        (["books", "due", "tomorrow"], "my books", .en), (["when", "will", "i", "get"], "who has", .en), (["when", "do", "i", "get"], "who has", .en),
        (["when", "will", "i", "have"], "who has", .en), (["am", "i", "first", "in", "line", "for"], "who has", .en),
        (["am", "i", "next", "in", "line", "for"], "who has", .en), (["who", "read"], "show", .en),
        (["show", "my", "history"], "my history", .en), (["show", "me", "my", "history"], "my history", .en),
        (["show", "my", "reading", "history"], "my history", .en), (["my", "stats"], "my history", .en), (["my", "statistics"], "my history", .en),
        (["how", "many", "holds", "do", "i", "have"], "my books", .en), (["how", "many", "reservations", "do", "i", "have"], "my books", .en),
        (["which", "of", "my", "books", "are", "overdue"], "my books", .en), (["which", "of", "my", "books", "are", "late"], "my books", .en),
        (["list", "my", "overdue", "books"], "my books", .en), (["show", "my", "overdue", "books"], "my books", .en),
        (["list", "my", "late", "books"], "my books", .en), (["list", "my", "books"], "my books", .en), (["list", "my", "loans"], "my books", .en),
        (["list", "my", "holds"], "my books", .en), (["list", "my", "reservations"], "my books", .en),
        (["do", "i", "still", "have"], "who has", .en), (["am", "i", "still", "borrowing"], "who has", .en),
        (["do", "i", "still", "have", "any", "books"], "my books", .en), (["do", "i", "still", "have", "anything"], "my books", .en),
        (["do", "i", "still", "have", "books"], "my books", .en),
        (["am", "i", "late", "with"], "who has", .en), (["am", "i", "late", "returning"], "who has", .en),
        (["am", "i", "late", "with", "anything"], "my books", .en), (["am", "i", "late", "with", "any", "books"], "my books", .en),
        (["am", "i", "late", "with", "something"], "my books", .en), (["am", "i", "late", "on", "anything"], "my books", .en),
        (["am", "i", "behind", "on", "anything"], "my books", .en), (["do", "i", "have", "anything", "late"], "my books", .en),
        (["am", "i", "late", "on"], "who has", .en),
        (["who", "wants"], "show", .en), (["who", "else", "wants"], "show", .en), (["does", "anyone", "want"], "show", .en),
        (["does", "anybody", "want"], "show", .en), (["does", "someone", "want"], "show", .en),
        (["where", "am", "i", "in", "the", "queue", "for"], "who has", .en),
        (["where", "am", "i", "on", "the", "waitlist", "for"], "who has", .en),
        (["where", "am", "i", "on", "the", "list", "for"], "who has", .en), (["where", "am", "i", "in", "the", "queue"], "my books", .en),
        (["what", "books", "do", "i", "need", "to", "return"], "my books", .en),
        (["what", "do", "i", "have", "to", "return"], "my books", .en), (["what", "should", "i", "return"], "my books", .en),
        (["show", "all", "books"], "list", .en), (["show", "all", "the", "books"], "list", .en), (["all", "books"], "list", .en),
        (["all", "the", "books"], "list", .en), (["full", "list"], "list", .en), (["catalog"], "list", .en), (["catalogue"], "list", .en),
        (["the", "catalog"], "list", .en), (["the", "catalogue"], "list", .en), (["browse"], "list", .en),
        (["what", "do", "you", "have"], "list", .en), (["what", "have", "you", "got"], "list", .en),
        // More time with a book.
        (["get", "an", "extension", "on"], "renew", .en), (["get", "an", "extension", "for"], "renew", .en),
        (["can", "i", "get", "an", "extension", "on"], "renew", .en), (["can", "i", "get", "an", "extension", "for"], "renew", .en),
        (["could", "i", "get", "an", "extension", "on"], "renew", .en), (["could", "i", "get", "an", "extension", "for"], "renew", .en),
        (["can", "i", "have", "an", "extension", "on"], "renew", .en), (["can", "i", "have", "an", "extension", "for"], "renew", .en),
        (["an", "extension", "on"], "renew", .en), (["an", "extension", "for"], "renew", .en), (["extension", "on"], "renew", .en),
        (["extension", "for"], "renew", .en), (["i", "need", "an", "extension", "on"], "renew", .en), (["i", "need", "an", "extension", "for"], "renew", .en),
        // A book given to the library: added, as `add` asks (title and author).
        (["donate"], "add", .en), (["i", "want", "to", "donate"], "add", .en), (["i'd", "like", "to", "donate"], "add", .en),
        (["can", "i", "donate"], "add", .en), (["je", "veux", "donner"], "ajouter", .fr), (["je", "voudrais", "donner"], "ajouter", .fr),
        // Whether it is there: what it can do, as for a greeting.
        (["is", "the", "library", "open"], "help", .en), (["are", "you", "open"], "help", .en), (["is", "the", "bot", "up"], "help", .en),
        (["la", "bibliotheque", "est", "ouverte"], "aide", .fr), (["c'est", "ouvert"], "aide", .fr),
        // "suggest a classic", "random sci-fi book": what follows may be a category.
        (["suggest"], "recommend", .en), (["random"], "recommend", .en), (["a", "random"], "recommend", .en),
        (["suggere-moi"], "recommande-moi", .fr), (["suggerez-moi"], "recommande-moi", .fr), (["recommandez-moi"], "recommande-moi", .fr),
        (["conseillez-moi"], "conseille-moi", .fr),
        (["random", "book"], "recommend", .en), (["a", "random", "book"], "recommend", .en), (["surprise", "me"], "recommend", .en),
        (["un", "livre", "au", "hasard"], "que lire", .fr), (["livre", "au", "hasard"], "que lire", .fr),
        (["combien", "de", "personnes", "attendent"], "info", .fr), (["combien", "de", "gens", "attendent"], "info", .fr),
        (["combien", "de", "personnes", "attendent", "pour"], "info", .fr), (["combien", "de", "membres", "attendent"], "info", .fr),
        (["i", "need", "another", "week", "with"], "renew", .en), (["another", "week", "with"], "renew", .en),
        (["i", "need", "more", "time", "with"], "renew", .en), (["more", "time", "with"], "renew", .en),
        (["give", "me", "more", "time", "with"], "renew", .en), (["give", "me", "more", "time", "on"], "renew", .en),
        (["give", "me", "more", "time", "for"], "renew", .en), (["i", "need", "more", "time"], "renew my book", .en),
        (["give", "me", "more", "time"], "renew my book", .en),
        (["i'm", "on", "the", "waitlist", "for"], "who has", .en), (["i'm", "in", "line", "for"], "who has", .en),
        (["a", "few", "more", "days", "with"], "renew", .en), (["i", "need", "a", "few", "more", "days", "with"], "renew", .en),
        (["cancel", "that"], "cancel", .en), (["cancel", "it"], "cancel", .en),
        (["transfer"], "pass", .en),
        (["je", "peux", "avoir"], "emprunter", .fr), (["puis-je", "avoir"], "emprunter", .fr), (["je", "pourrais", "avoir"], "emprunter", .fr),
        (["est-ce", "que", "je", "peux", "avoir"], "emprunter", .fr), (["pourrais-je", "avoir"], "emprunter", .fr),
        // Who is first in a book's line: its details, which list the line.
        (["who's", "next", "for"], "show", .en), (["who", "is", "next", "for"], "show", .en), (["who", "gets", "it", "after"], "show", .en),
        (["who's", "first", "in", "line", "for"], "show", .en), (["who", "is", "first", "in", "line", "for"], "show", .en),
        (["is", "anyone", "else", "waiting", "for"], "show", .en), (["how", "many", "people", "want"], "show", .en),
        (["how", "many", "people", "are", "waiting", "for"], "show", .en), (["how", "long", "is", "the", "queue", "for"], "show", .en),
        (["how", "long's", "the", "queue", "for"], "show", .en), (["how", "long", "is", "the", "line", "for"], "show", .en),
        // Where the asker stands: who has it, and their place.
        (["what's", "the", "wait", "on"], "who has", .en), (["who's", "after", "me", "for"], "who has", .en), (["who", "is", "after", "me", "for"], "who has", .en),
        (["when", "will", "it", "be", "my", "turn", "for"], "who has", .en), (["when", "is", "it", "my", "turn", "for"], "who has", .en),
        (["when", "is", "my", "turn", "for"], "who has", .en),
        (["qui", "est", "le", "prochain", "pour"], "info", .fr), (["qui", "est", "le", "suivant", "pour"], "info", .fr),
        (["my", "reading", "history"], "my history", .en), (["reading", "history"], "my history", .en),
        (["my", "loan", "history"], "my history", .en), (["my", "borrowing", "history"], "my history", .en), (["loan", "history"], "my history", .en),
        (["mon", "historique", "de", "lecture"], "mon historique", .fr), (["mes", "lectures"], "mon historique", .fr),
        (["am", "i", "an", "admin"], "rules", .en), (["am", "i", "admin"], "rules", .en), (["who", "are", "the", "admins"], "rules", .en),
        // Asking to be one: the rules say who may add books, and whether the asker may.
        (["make", "me", "an", "admin"], "rules", .en), (["make", "me", "admin"], "rules", .en), (["add", "me", "as", "admin"], "rules", .en),
        (["add", "me", "as", "an", "admin"], "rules", .en), (["add", "me", "to", "the", "admins"], "rules", .en),
        (["add", "me", "to", "the", "list", "of", "admins"], "rules", .en), (["add", "me", "to", "the", "admin", "list"], "rules", .en),
        (["can", "i", "be", "an", "admin"], "rules", .en), (["can", "i", "become", "an", "admin"], "rules", .en),
        (["how", "do", "i", "become", "an", "admin"], "rules", .en), (["how", "can", "i", "become", "an", "admin"], "rules", .en),
        (["i", "want", "to", "be", "an", "admin"], "rules", .en), (["fais-moi", "admin"], "règles", .fr), (["je", "veux", "etre", "admin"], "règles", .fr),
        (["comment", "devenir", "admin"], "règles", .fr), (["ajoute-moi", "aux", "admins"], "règles", .fr),
        (["who", "is", "the", "admin"], "rules", .en), (["who's", "the", "admin"], "rules", .en), (["who", "can", "add", "books"], "rules", .en),
        (["who", "runs", "the", "library"], "rules", .en), (["who", "manages", "the", "library"], "rules", .en), (["contact", "admin"], "rules", .en),
        (["contact", "an", "admin"], "rules", .en), (["who", "do", "i", "ask", "for", "help"], "rules", .en), (["qui", "gere", "la", "bibliotheque"], "règles", .fr),
        (["how", "long", "is", "the", "loan"], "rules", .en), (["how", "long", "is", "a", "loan"], "rules", .en), (["how", "long", "are", "loans"], "rules", .en),
        (["what", "happens", "if", "i'm", "late"], "rules", .en), (["what", "happens", "if", "i", "am", "late"], "rules", .en),
        (["what", "if", "i'm", "late"], "rules", .en), (["are", "there", "late", "fees"], "rules", .en), (["is", "there", "a", "late", "fee"], "rules", .en),
        (["what", "happens", "when", "i'm", "late"], "rules", .en), (["what", "happens", "when", "i", "am", "late"], "rules", .en),
        (["what's", "the", "fine"], "rules", .en), (["what", "is", "the", "fine"], "rules", .en), (["y", "a-t-il", "une", "amende"], "règles", .fr),
        (["is", "there", "a", "fine"], "rules", .en), (["are", "there", "fines"], "rules", .en), (["y", "a-t-il", "des", "amendes"], "règles", .fr),
        (["et", "si", "je", "suis", "en", "retard"], "règles", .fr), (["how", "many", "renewals", "do", "i", "have", "left"], "rules", .en),
        (["how", "many", "renewals", "left"], "rules", .en),
        (["is", "there", "a", "fine", "for", "late", "books"], "rules", .en), (["is", "there", "a", "fine", "for", "being", "late"], "rules", .en),
        (["are", "there", "fines", "for", "late", "books"], "rules", .en), (["is", "there", "a", "fee", "for", "late", "books"], "rules", .en),
        (["how", "many", "more", "books", "can", "i", "take"], "rules", .en), (["how", "many", "more", "books", "can", "i", "borrow"], "rules", .en),
        (["how", "many", "more", "books", "can", "i", "have"], "rules", .en), (["can", "i", "borrow", "another", "one"], "rules", .en),
        (["can", "i", "borrow", "another", "book"], "rules", .en), (["can", "i", "take", "another", "book"], "rules", .en),
        (["can", "i", "take", "another", "one"], "rules", .en), (["can", "i", "have", "another", "book"], "rules", .en),
        (["can", "i", "borrow", "more", "books"], "rules", .en), (["can", "i", "borrow", "one", "more"], "rules", .en),
        (["am", "i", "allowed", "to", "renew"], "rules", .en),
        // A book lost or damaged: how to say so (its help).
        (["what", "if", "i", "lose", "a", "book"], "help report", .en), (["what", "happens", "if", "i", "lose", "a", "book"], "help report", .en),
        (["what", "do", "i", "do", "if", "i", "lose", "a", "book"], "help report", .en), (["what", "if", "i", "damage", "a", "book"], "help report", .en),
        (["what", "happens", "if", "i", "damage", "a", "book"], "help report", .en), (["what", "if", "i", "lose", "it"], "help report", .en),
        (["et", "si", "je", "perds", "un", "livre"], "aide signaler", .fr), (["que", "faire", "si", "je", "perds", "un", "livre"], "aide signaler", .fr),
        (["who", "can", "delete", "books"], "rules", .en), (["who", "can", "edit", "books"], "rules", .en), (["can", "i", "add", "books"], "rules", .en),
        (["suis-je", "admin"], "règles", .fr), (["suis-je", "administrateur"], "règles", .fr), (["je", "suis", "admin"], "règles", .fr),
        (["qui", "sont", "les", "admins"], "règles", .fr), (["qui", "sont", "les", "administrateurs"], "règles", .fr),
        (["qui", "peut", "ajouter", "des", "livres"], "règles", .fr),
        (["is", "there", "a", "limit"], "rules", .en), (["is", "there", "a", "loan", "limit"], "rules", .en),
        (["combien", "de", "livres", "puis-je", "emprunter"], "règles", .fr), (["combien", "de", "livres", "je", "peux", "emprunter"], "règles", .fr),
        (["y", "a-t-il", "une", "limite"], "règles", .fr), (["il", "y", "a", "une", "limite"], "règles", .fr),
        (["newest", "book"], "list newest", .en), (["latest", "book"], "list newest", .en), (["last", "book", "added"], "list newest", .en),
        (["last", "books", "added"], "list newest", .en), (["what", "was", "added", "recently"], "list newest", .en),
        (["what's", "the", "newest", "book"], "list newest", .en), (["what", "is", "the", "newest", "book"], "list newest", .en),
        (["what's", "the", "latest", "book"], "list newest", .en), (["what", "is", "the", "latest", "book"], "list newest", .en),
        (["dernier", "livre", "ajoute"], "liste récents", .fr),
        (["derniers", "livres"], "liste récents", .fr),
        (["nevermind"], "cancel", .en), (["never", "mind"], "cancel", .en), (["laisse", "tomber"], "annuler", .fr),
        (["quels", "livres", "ai-je"], "mes livres", .fr), (["quels", "livres", "j'ai"], "mes livres", .fr), (["j'ai", "quoi"], "mes livres", .fr),
        (["what", "books", "have", "i", "got"], "my books", .en), (["what", "have", "i", "got"], "my books", .en),
        (["is", "there", "a", "copy", "of"], "who has", .en), (["are", "there", "copies", "of"], "who has", .en),
        (["is", "there", "a", "waiting", "list", "for"], "show", .en), (["is", "there", "a", "waitlist", "for"], "show", .en),
        (["is", "there", "a", "queue", "for"], "show", .en), (["is", "there", "a", "line", "for"], "show", .en),
        (["how", "long", "is", "the", "wait", "for"], "who has", .en),
        (["when", "can", "i", "get"], "who has", .en), (["when", "can", "i", "borrow"], "who has", .en), (["when", "can", "i", "have"], "who has", .en),
        (["what's", "the", "due", "date", "for"], "who has", .en), (["what", "is", "the", "due", "date", "for"], "who has", .en),
        (["what's", "the", "due", "date", "of"], "who has", .en), (["due", "date", "for"], "who has", .en), (["due", "date", "of"], "who has", .en),
        (["the", "library", "is", "missing"], "who has", .en),
        (["anything", "similar", "to"], "recommend like", .en), (["something", "similar", "to"], "recommend like", .en),
        (["anything", "like"], "recommend like", .en), (["what", "should", "i", "read", "after"], "recommend like", .en),
        (["what", "to", "read", "after"], "recommend like", .en), (["que", "lire", "apres"], "des livres comme", .fr),
        (["y", "a-t-il", "une", "liste", "d'attente", "pour"], "info", .fr), (["quand", "puis-je", "avoir"], "qui a", .fr),
        (["quand", "est-ce", "que", "je", "peux", "avoir"], "qui a", .fr),
        (["are", "there", "any", "copies", "of"], "who has", .en), (["any", "copies", "of"], "who has", .en),
        (["do", "we", "have", "a", "copy", "of"], "who has", .en), (["do", "we", "have", "any", "copies", "of"], "who has", .en),
        (["do", "you", "have", "a", "copy", "of"], "who has", .en), (["un", "exemplaire", "de"], "qui a", .fr),
        (["what's", "due"], "my books", .en), (["whats", "due"], "my books", .en), (["what", "is", "due"], "my books", .en),
        (["what's", "due", "soon"], "my books", .en), (["what", "is", "due", "soon"], "my books", .en),
        (["what's", "due", "this", "week"], "my books", .en), (["what", "is", "due", "this", "week"], "my books", .en),
        (["what's", "due", "today"], "my books", .en), (["what's", "due", "tomorrow"], "my books", .en),
        (["what", "is", "due", "today"], "my books", .en), (["what", "is", "due", "tomorrow"], "my books", .en),
        (["anything", "due", "today"], "my books", .en), (["anything", "due", "tomorrow"], "my books", .en),
        (["is", "anything", "due", "today"], "my books", .en), (["is", "anything", "due", "tomorrow"], "my books", .en),
        (["what's", "the", "isbn", "of"], "show", .en), (["what", "is", "the", "isbn", "of"], "show", .en), (["isbn", "of"], "show", .en),
        (["quel", "est", "l'isbn", "de"], "info", .fr), (["which", "copy", "of"], "who has", .en),
        (["which", "books", "are", "due"], "my books", .en), (["which", "books", "are", "due", "soon"], "my books", .en),
        (["any", "books", "due", "soon"], "my books", .en), (["any", "books", "due", "this", "week"], "my books", .en),
        (["anything", "due", "soon"], "my books", .en), (["is", "anything", "due", "soon"], "my books", .en),
        (["what", "do", "i", "have", "due"], "my books", .en),
        (["what", "books", "are", "due"], "my books", .en), (["what", "books", "are", "due", "soon"], "my books", .en),
        (["what", "books", "are", "due", "this", "week"], "my books", .en), (["which", "books", "are", "due", "this", "week"], "my books", .en),
        (["due", "this", "week"], "my books", .en), (["due", "soon"], "my books", .en), (["due", "today"], "my books", .en),
        (["due", "tomorrow"], "my books", .en),
        (["has", "anyone", "seen"], "who has", .en), (["has", "anybody", "seen"], "who has", .en), (["anyone", "have"], "who has", .en),
        (["anybody", "have"], "who has", .en), (["is", "someone", "reading"], "who has", .en),
        (["is", "somebody", "reading"], "who has", .en), (["who", "has", "seen"], "who has", .en), (["anyone", "seen"], "who has", .en),
        (["quelqu'un", "a", "vu"], "qui a", .fr),
        (["quelqu'un", "sait", "ou", "est"], "où est", .fr), (["tu", "sais", "ou", "est"], "où est", .fr),
        (["vous", "savez", "ou", "est"], "où est", .fr), (["qui", "d'autre", "a", "lu"], "info", .fr),
        (["qui", "d'autre", "a", "emprunte"], "info", .fr),
        // "someone took Dune": who, then.
        (["someone", "took"], "who has", .en), (["somebody", "took"], "who has", .en), (["someone", "borrowed"], "who has", .en),
        (["somebody", "borrowed"], "who has", .en), (["someone", "has"], "who has", .en), (["somebody", "has"], "who has", .en),
        (["someone", "must", "have"], "who has", .en), (["quelqu'un", "a", "pris"], "qui a", .fr),
        (["anyone", "have", "any"], "search", .en), (["anyone", "have", "anything", "by"], "search", .en),
        (["give", "up", "my", "spot", "for"], "cancel hold", .en), (["give", "up", "my", "place", "for"], "cancel hold", .en),
        (["give", "up", "my", "spot", "in", "line", "for"], "cancel hold", .en), (["give", "up", "my", "place", "in", "line", "for"], "cancel hold", .en),
        (["how", "long", "must", "i", "wait", "for"], "who has", .en),
        (["who's", "ahead", "of", "me", "for"], "show", .en), (["who", "is", "ahead", "of", "me", "for"], "show", .en),
        (["who's", "before", "me", "for"], "show", .en), (["who", "is", "before", "me", "for"], "show", .en),
        (["qui", "est", "avant", "moi", "pour"], "info", .fr), (["combien", "de", "temps", "je", "dois", "attendre", "pour"], "qui a", .fr),
        (["how", "many", "renewals", "do", "i", "have", "left", "on"], "how long can I keep", .en),
        (["how", "many", "renewals", "do", "i", "have", "left", "for"], "how long can I keep", .en),
        (["when", "can", "i", "renew"], "how long can I keep", .en), (["when", "do", "reminders", "go", "out"], "rules", .en),
        (["what", "time", "do", "reminders", "go", "out"], "rules", .en), (["a", "quelle", "heure", "sont", "les", "rappels"], "règles", .fr),
        (["when", "are", "reminders", "sent"], "rules", .en), (["what", "time", "are", "reminders", "sent"], "rules", .en),
        (["when", "do", "the", "reminders", "go", "out"], "rules", .en), (["when", "are", "the", "reminders", "sent"], "rules", .en),
        // "when is the digest?", "à quelle heure est le résumé ?": the rules say when it is posted.
        (["when", "is", "the", "digest"], "rules", .en), (["when", "is", "the", "daily", "digest"], "rules", .en),
        (["what", "time", "is", "the", "digest"], "rules", .en), (["what", "time", "is", "the", "daily", "digest"], "rules", .en),
        (["when", "is", "the", "digest", "posted"], "rules", .en), (["when", "is", "the", "digest", "sent"], "rules", .en),
        (["when", "does", "the", "digest", "go", "out"], "rules", .en), (["when", "does", "the", "digest", "come", "out"], "rules", .en),
        (["when", "does", "the", "digest", "come"], "rules", .en), (["what", "time", "does", "the", "digest", "go", "out"], "rules", .en),
        (["what", "time", "does", "the", "digest", "come", "out"], "rules", .en), (["when", "do", "you", "post", "the", "digest"], "rules", .en),
        (["when", "do", "you", "send", "the", "digest"], "rules", .en), (["is", "there", "a", "daily", "digest"], "rules", .en),
        (["is", "there", "a", "digest"], "rules", .en), (["do", "you", "post", "a", "digest"], "rules", .en),
        (["do", "you", "post", "a", "daily", "digest"], "rules", .en),
        (["quand", "est", "le", "resume"], "règles", .fr), (["quand", "est", "publie", "le", "resume"], "règles", .fr),
        (["quand", "le", "resume", "est-il", "publie"], "règles", .fr), (["quand", "sort", "le", "resume"], "règles", .fr),
        (["a", "quelle", "heure", "est", "le", "resume"], "règles", .fr), (["a", "quelle", "heure", "est", "publie", "le", "resume"], "règles", .fr),
        (["a", "quelle", "heure", "sort", "le", "resume"], "règles", .fr), (["y", "a-t-il", "un", "resume", "quotidien"], "règles", .fr),
        (["how", "many", "renewals", "left", "on"], "how long can I keep", .en), (["how", "many", "renewals", "left", "for"], "how long can I keep", .en),
        (["what's", "the", "status", "of", "the", "library"], "who has what", .en), (["what", "is", "the", "status", "of", "the", "library"], "who has what", .en),
        (["give", "me", "a", "summary"], "who has what", .en), (["give", "me", "an", "overview"], "who has what", .en),
        (["everything", "that's", "out"], "list checked out", .en), (["everything", "that", "is", "out"], "list checked out", .en),
        (["remind", "me", "tomorrow", "about"], "remind me about", .en), (["remind", "me", "later", "about"], "remind me about", .en),
        (["remind", "me", "tonight", "about"], "remind me about", .en), (["remind", "me", "tomorrow", "to", "return"], "remind me about", .en),
        (["remind", "me", "later", "to", "return"], "remind me about", .en),
        (["who", "else", "has", "read"], "show", .en), (["who", "else", "has", "borrowed"], "show", .en),
        (["d'autres", "livres", "de"], "chercher", .fr), (["d'autres", "livres", "du"], "chercher", .fr), (["autre", "chose", "de"], "chercher", .fr),
        (["autre", "chose", "du"], "chercher", .fr), (["quoi", "d'autre", "de"], "chercher", .fr), (["quoi", "d'autre", "du"], "chercher", .fr),
        (["que", "dois-je", "rendre"], "mes livres", .fr),
        (["where's", "my", "place", "in", "line", "for"], "who has", .en), (["where", "is", "my", "place", "in", "line", "for"], "who has", .en),
        (["what's", "my", "place", "in", "the", "line", "for"], "who has", .en), (["what's", "my", "position", "for"], "who has", .en),
        (["does", "anyone", "have", "books", "out"], "who has what", .en),
        (["what", "is", "everyone", "reading"], "who has what", .en), (["what's", "everyone", "reading"], "who has what", .en),
        // The newest books.
        (["books", "added", "this", "week"], "list newest", .en), (["books", "added", "this", "month"], "list newest", .en),
        (["what's", "been", "added", "recently"], "list newest", .en),
        (["what", "has", "been", "added", "recently"], "list newest", .en), (["what's", "been", "added", "lately"], "list newest", .en),
        (["what", "books", "are", "new"], "list newest", .en), (["what", "books", "are", "new", "this", "month"], "list newest", .en),
        (["any", "new", "arrivals"], "list newest", .en), (["books", "added", "today"], "list newest", .en), (["books", "added", "yesterday"], "list newest", .en),
        (["list", "books", "added", "today"], "list newest", .en), (["list", "books", "added", "this", "week"], "list newest", .en),
        (["list", "books", "added", "recently"], "list newest", .en), (["what", "was", "added", "today"], "list newest", .en),
        // Your books' due days.
        (["what's", "my", "due", "date"], "my books", .en), (["what", "is", "my", "due", "date"], "my books", .en),
        (["when", "is", "my", "due", "date"], "my books", .en), (["what", "are", "my", "due", "dates"], "my books", .en),
        // Who is late with a book: the overdue list.
        // (The whole message: "who hasn't returned Dune" asks about Dune.)
        (["who", "owes", "books"], "list overdue newest", .en), (["who", "owes", "a", "book"], "list overdue newest", .en),
        (["who", "owes", "us", "books"], "list overdue newest", .en), (["list", "late", "people"], "list overdue newest", .en),
        (["who", "has", "the", "most", "overdue", "books"], "list overdue longest", .en),
        (["who", "hasn't", "returned"], "list overdue newest", .en), (["who", "has", "not", "returned"], "list overdue newest", .en),
        (["what's", "the", "most", "overdue"], "list overdue longest", .en),
        (["what", "is", "the", "most", "overdue"], "list overdue longest", .en),
        // Something to read, no book in particular.
        (["anything", "good", "to", "read"], "recommend", .en), (["something", "good", "to", "read"], "recommend", .en),
        // Sorting the list: its order.
        (["sort", "by"], "list by", .en), (["sort", "books", "by"], "list by", .en), (["sort", "the", "books", "by"], "list by", .en),
        (["sort", "the", "list", "by"], "list by", .en), (["alphabetical", "list"], "list by title", .en),
        (["trier", "par"], "liste par", .fr), (["trie", "par"], "liste par", .fr), (["trie", "les", "livres", "par"], "liste par", .fr),
        (["trier", "les", "livres", "par"], "liste par", .fr),
        // When and by whom a book came: its details say when it was added.
        (["who", "added"], "show", .en), (["qui", "a", "ajoute"], "info", .fr),
        (["what", "did", "we", "add", "recently"], "list newest", .en), (["what", "have", "we", "added", "recently"], "list newest", .en),
        (["what", "did", "you", "add", "recently"], "list newest", .en), (["what", "have", "you", "added", "recently"], "list newest", .en),
        (["what", "did", "we", "add", "lately"], "list newest", .en), (["what", "have", "we", "added", "lately"], "list newest", .en),
        // More than one copy: its copies, and who has each.
        (["do", "we", "have", "two", "copies", "of"], "who has", .en), (["do", "we", "have", "2", "copies", "of"], "who has", .en),
        (["do", "we", "have", "several", "copies", "of"], "who has", .en), (["do", "we", "have", "multiple", "copies", "of"], "who has", .en),
        (["do", "we", "have", "more", "than", "one", "copy", "of"], "who has", .en), (["is", "there", "more", "than", "one", "copy", "of"], "who has", .en),
        (["are", "there", "two", "copies", "of"], "who has", .en), (["are", "there", "several", "copies", "of"], "who has", .en),
        (["are", "there", "multiple", "copies", "of"], "who has", .en), (["do", "you", "have", "two", "copies", "of"], "who has", .en),
        (["y", "a-t-il", "plusieurs", "exemplaires", "de"], "qui a", .fr), (["a-t-on", "plusieurs", "exemplaires", "de"], "qui a", .fr),
        (["what's", "good", "to", "read"], "recommend", .en), (["what", "is", "good", "to", "read"], "recommend", .en),
        // Every line for a book: the digest has them.
        (["what's", "on", "hold"], "who has what", .en), (["whats", "on", "hold"], "who has what", .en), (["what", "is", "on", "hold"], "who has what", .en),
        // Who waits, for any book: every line, with who has what.
        (["who", "is", "waiting"], "who has what", .en), (["who's", "waiting"], "who has what", .en), (["is", "anyone", "waiting"], "who has what", .en),
        (["is", "anybody", "waiting"], "who has what", .en), (["anyone", "waiting"], "who has what", .en),
        (["who", "is", "waiting", "for", "books"], "who has what", .en), (["who", "is", "waiting", "for", "a", "book"], "who has what", .en),
        (["who's", "waiting", "for", "books"], "who has what", .en), (["is", "anyone", "waiting", "for", "anything"], "who has what", .en),
        (["what", "books", "are", "on", "hold"], "who has what", .en), (["which", "books", "are", "on", "hold"], "who has what", .en),
        (["what's", "reserved"], "who has what", .en), (["what", "is", "reserved"], "who has what", .en),
        (["which", "books", "are", "reserved"], "who has what", .en), (["what", "books", "are", "reserved"], "who has what", .en),
        (["all", "holds"], "who has what", .en), (["all", "the", "holds"], "who has what", .en), (["who", "is", "waiting", "for", "what"], "who has what", .en),
        (["who's", "waiting", "for", "what"], "who has what", .en), (["qui", "attend", "quoi"], "qui a quoi", .fr),
        (["quels", "livres", "sont", "reserves"], "qui a quoi", .fr), (["toutes", "les", "reservations"], "qui a quoi", .fr),
        (["what", "are", "people", "reading"], "who has what", .en), (["qu'est-ce", "que", "tout", "le", "monde", "lit"], "qui a quoi", .fr),
        (["que", "lit", "tout", "le", "monde"], "qui a quoi", .fr), (["qui", "lit", "quoi"], "qui a quoi", .fr),
        // The books out the longest: who has had one the longest.
        (["which", "book", "has", "been", "out", "the", "longest"], "list checked out longest", .en),
        (["which", "books", "have", "been", "out", "the", "longest"], "list checked out longest", .en),
        (["which", "book", "has", "been", "out", "longest"], "list checked out longest", .en),
        (["what", "has", "been", "out", "the", "longest"], "list checked out longest", .en),
        (["what's", "been", "out", "the", "longest"], "list checked out longest", .en), (["whats", "been", "out", "the", "longest"], "list checked out longest", .en),
        (["longest", "loans"], "list checked out longest", .en), (["oldest", "loans"], "list checked out longest", .en),
        (["the", "longest", "loans"], "list checked out longest", .en), (["the", "oldest", "loans"], "list checked out longest", .en),
        (["who", "has", "had", "their", "book", "the", "longest"], "list checked out longest", .en),
        (["who", "has", "had", "a", "book", "the", "longest"], "list checked out longest", .en),
        (["who's", "had", "their", "book", "the", "longest"], "list checked out longest", .en),
        (["who's", "had", "a", "book", "the", "longest"], "list checked out longest", .en),
        (["who", "has", "had", "a", "book", "for", "the", "longest"], "list checked out longest", .en),
        (["who's", "had", "a", "book", "for", "the", "longest"], "list checked out longest", .en),
        (["quel", "livre", "est", "emprunte", "depuis", "le", "plus", "longtemps"], "liste empruntés depuis le plus longtemps", .fr),
        (["quels", "livres", "sont", "empruntes", "depuis", "le", "plus", "longtemps"], "liste empruntés depuis le plus longtemps", .fr),
        (["qui", "a", "un", "livre", "depuis", "le", "plus", "longtemps"], "liste empruntés depuis le plus longtemps", .fr),
        (["the", "most", "overdue", "book"], "list overdue longest", .en), (["most", "overdue", "book"], "list overdue longest", .en),
        (["which", "book", "is", "the", "most", "overdue"], "list overdue longest", .en),
        (["what's", "the", "most", "overdue", "book"], "list overdue longest", .en), (["what", "is", "the", "most", "overdue", "book"], "list overdue longest", .en),
        (["who's", "got", "the", "most", "overdue", "book"], "list overdue longest", .en), (["who", "has", "the", "most", "overdue", "book"], "list overdue longest", .en),
        (["le", "livre", "le", "plus", "en", "retard"], "liste en retard depuis le plus longtemps", .fr),
        // The most borrowed books.
        (["most", "popular"], "list popular", .en), (["most", "borrowed"], "list popular", .en), (["the", "most", "popular"], "list popular", .en),
        (["the", "most", "borrowed"], "list popular", .en), (["most", "read", "books"], "list popular", .en),
        (["popular", "books"], "list popular", .en), (["what's", "popular"], "list popular", .en), (["whats", "popular"], "list popular", .en),
        (["what", "is", "popular"], "list popular", .en), (["books", "by", "popularity"], "list popular", .en), (["top", "books"], "list popular", .en),
        (["what", "are", "the", "most", "popular", "books"], "list popular", .en), (["which", "books", "are", "popular"], "list popular", .en),
        (["les", "livres", "les", "plus", "empruntes"], "liste populaires", .fr), (["livres", "les", "plus", "empruntes"], "liste populaires", .fr),
        (["les", "plus", "empruntes"], "liste populaires", .fr), (["livres", "populaires"], "liste populaires", .fr),
        (["les", "livres", "les", "plus", "lus"], "liste populaires", .fr), (["les", "plus", "lus"], "liste populaires", .fr),
        // An author's books, asked as a question ("what books by Le Guin do you have?").
        (["what", "books", "by"], "search", .en), (["which", "books", "by"], "search", .en), (["what", "do", "you", "have", "by"], "search", .en),
        (["what", "do", "we", "have", "by"], "search", .en), (["what", "have", "you", "got", "by"], "search", .en),
        (["what", "have", "we", "got", "by"], "search", .en), (["what", "else", "by"], "search", .en), (["more", "books", "by"], "search", .en),
        (["other", "books", "by"], "search", .en), (["what", "else", "do", "you", "have", "by"], "search", .en),
        (["quels", "livres", "de"], "chercher", .fr), (["qu'avez-vous", "de"], "chercher", .fr),
        (["qu'est-ce", "que", "vous", "avez", "de"], "chercher", .fr), (["qu'est-ce", "qu'on", "a", "de"], "chercher", .fr),
        (["i", "need", "more", "time", "for"], "renew", .en), (["more", "time", "for"], "renew", .en),
        (["j'ai", "besoin", "de", "plus", "de", "temps", "pour"], "prolonger", .fr),
        (["how", "many", "people", "are", "waiting", "for"], "show", .en), (["is", "anyone", "waiting", "for"], "show", .en),
        (["anyone", "waiting", "for"], "show", .en), (["is", "somebody", "waiting", "for"], "show", .en),
        (["quelqu'un", "attend"], "info", .fr), (["est-ce", "que", "quelqu'un", "attend"], "info", .fr),
        (["drop", "my", "hold", "on"], "cancel hold", .en), (["drop", "my", "hold", "for"], "cancel hold", .en),
        (["any"], "search", .en), (["got", "any"], "search", .en), (["do", "we", "have", "any"], "search", .en),
        (["do", "you", "have", "any"], "search", .en), (["have", "we", "got", "any"], "search", .en),
        (["anything", "else", "by"], "search", .en), (["something", "else", "by"], "search", .en), (["more", "by"], "search", .en),
        (["books", "written", "by"], "search", .en), (["anything", "written", "by"], "search", .en),
        (["les", "livres", "ecrits", "par"], "chercher", .fr),
        (["recent", "additions"], "list newest", .en), (["new", "additions"], "list newest", .en),
        (["what", "was", "added", "last"], "list newest", .en), (["what", "was", "added", "lately"], "list newest", .en),
        (["what", "got", "added", "recently"], "list newest", .en),
        (["derniers", "ajouts"], "liste récents", .fr), (["les", "derniers", "ajouts"], "liste récents", .fr),
        (["oldest", "book"], "list oldest", .en), (["the", "oldest", "book"], "list oldest", .en), (["the", "oldest", "books"], "list oldest", .en),
        (["what", "is", "the", "oldest", "book"], "list oldest", .en), (["what's", "the", "oldest", "book"], "list oldest", .en),
        (["what", "are", "the", "oldest", "books"], "list oldest", .en), (["les", "plus", "anciens"], "liste anciens", .fr),
        (["les", "livres", "les", "plus", "anciens"], "liste anciens", .fr),
        (["most", "popular", "book"], "list popular", .en), (["the", "most", "popular", "book"], "list popular", .en),
        (["most", "borrowed", "book"], "list popular", .en), (["the", "most", "borrowed", "book"], "list popular", .en),
        (["what", "is", "the", "most", "popular", "book"], "list popular", .en), (["what's", "the", "most", "popular", "book"], "list popular", .en),
        (["what", "is", "the", "most", "borrowed", "book"], "list popular", .en), (["what's", "the", "most", "borrowed", "book"], "list popular", .en),
        (["what", "are", "the", "most", "borrowed", "books"], "list popular", .en), (["which", "book", "is", "the", "most", "popular"], "list popular", .en),
        (["le", "plus", "emprunte"], "liste populaires", .fr), (["le", "livre", "le", "plus", "emprunte"], "liste populaires", .fr),
        (["quel", "est", "le", "livre", "le", "plus", "emprunte"], "liste populaires", .fr),
        (["send", "reminders"], "remind everyone", .en), (["send", "reminders", "now"], "remind everyone", .en),
        (["send", "the", "reminders", "now"], "remind everyone", .en), (["send", "out", "the", "reminders", "now"], "remind everyone", .en),
        (["send", "out", "reminders", "now"], "remind everyone", .en), (["send", "the", "reminders"], "remind everyone", .en),
        (["send", "out", "reminders"], "remind everyone", .en), (["send", "out", "the", "reminders"], "remind everyone", .en),
        (["send", "reminders", "to", "everyone"], "remind everyone", .en), (["send", "a", "reminder", "to", "everyone"], "remind everyone", .en),
        (["envoyer", "les", "rappels"], "relancer tout le monde", .fr), (["envoie", "les", "rappels"], "relancer tout le monde", .fr),
        (["how", "many", "people", "before", "me"], "my books", .en), (["how", "many", "people", "are", "before", "me"], "my books", .en),
        (["how", "many", "people", "are", "ahead", "of", "me"], "my books", .en), (["how", "many", "people", "ahead", "of", "me"], "my books", .en),
        (["what", "is", "lost"], "list lost", .en), (["what's", "lost"], "list lost", .en), (["what", "is", "missing"], "list lost", .en),
        (["what's", "missing"], "list lost", .en), (["what", "is", "broken"], "list damaged", .en), (["what's", "broken"], "list damaged", .en), (["what", "is", "damaged"], "list damaged", .en),
        (["what's", "damaged"], "list damaged", .en), (["which", "books", "are", "broken"], "list damaged", .en), (["broken", "books"], "list damaged", .en),
        (["anything", "due"], "my books", .en),
        (["anything", "due", "this", "week"], "my books", .en), (["is", "anything", "due"], "my books", .en),
        (["do", "i", "have", "anything", "due"], "my books", .en), (["do", "i", "have", "anything", "due", "soon"], "my books", .en),
        (["what", "did", "i", "return"], "my history", .en), (["what", "did", "i", "return", "last"], "my history", .en),
        (["what", "have", "i", "returned"], "my history", .en), (["what", "did", "i", "return", "recently"], "my history", .en),
        (["qu'ai-je", "rendu"], "mon historique", .fr),
        (["count", "books"], "stats", .en), (["count", "the", "books"], "stats", .en), (["number", "of", "books"], "stats", .en),
        (["book", "count"], "stats", .en), (["nombre", "de", "livres"], "statistiques", .fr),
        (["put", "me", "down", "for"], "hold", .en), (["sign", "me", "up", "for"], "hold", .en), (["count", "me", "in", "for"], "hold", .en),
        (["pick", "a", "book", "for", "me"], "recommend", .en), (["choose", "a", "book", "for", "me"], "recommend", .en),
        (["pick", "something", "for", "me"], "recommend", .en), (["what", "would", "you", "recommend"], "recommend", .en),
        (["what", "do", "you", "recommend"], "recommend", .en), (["what", "should", "i", "borrow"], "recommend", .en),
        (["what", "should", "i", "borrow", "next"], "recommend", .en), (["choisis-moi", "un", "livre"], "recommande-moi", .fr),
        (["que", "me", "recommandes-tu"], "recommande-moi", .fr), (["que", "me", "recommandez-vous"], "recommande-moi", .fr),
    ] + leavingEveryLine + copiesReceived + lostPlaceInLine).sorted { $0.words.count > $1.words.count }

    /// How a member says copies came in ("we got", "I bought"), before what came.
    private static let receivedLeads: [[String]] = [
        ["we", "got"], ["we've", "got"], ["we", "have"], ["i", "got"], ["i've", "got"], ["i", "bought"], ["we", "bought"], ["i", "donated"],
        ["i'm", "donating"], ["we", "received"], ["i", "received"],
    ]

    /// "we got another copy of Dune", "I bought a copy of Dune": one more copy of it.
    private static let copiesReceived: [(words: [String], verb: String?, language: Language?)] = {
        var phrasings: [(words: [String], verb: String?, language: Language?)] = []
        for lead in receivedLeads + [["here's"], ["here", "is"]] {
            // ("another" alone only after `add`: "here is another one" names no book.)
            for copy in copyLeads where copy.first != "un" && copy.first != "encore" && copy != ["another"] {
                phrasings.append((lead + copy, "add " + copy.joined(separator: " "), .en))
            }
        }
        return phrasings
    }()

    /// "I lost my place in line for Dune", "j'ai perdu ma place pour Dune": who has it, which says
    /// where the member is in its line now, or offers a place in it (not a report of a lost book).
    private static let lostPlaceInLine: [(words: [String], verb: String?, language: Language?)] = {
        var phrasings: [(words: [String], verb: String?, language: Language?)] = []
        for subject in [["i"], ["i've"], ["i", "have"]] {
            for place in [["place"], ["spot"], ["hold"]] {
                for line in [["in", "line"], ["in", "the", "line"], ["in", "the", "queue"], []] where place != ["hold"] || line.isEmpty {
                    for preposition in place == ["hold"] ? ["on", "for"] : ["for"] {
                        phrasings.append((subject + ["lost", "my"] + place + line + [preposition], "who has", .en))
                    }
                }
            }
        }
        for place in [["ma", "place"], ["ma", "place", "dans", "la", "file"], ["ma", "reservation"]] {
            for preposition in ["pour", "de"] { phrasings.append((["j'ai", "perdu"] + place + [preposition], "qui a", .fr)) }
        }
        return phrasings
    }()

    /// "cancel all my holds", "clear my reservations", "annuler mes réservations": leaving every
    /// line the member is in.
    private static let leavingEveryLine: [(words: [String], verb: String?, language: Language?)] = {
        var phrasings: [(words: [String], verb: String?, language: Language?)] = [
            (["leave", "all", "lines"], "cancel hold all", .en), (["leave", "all", "my", "lines"], "cancel hold all", .en),
            (["leave", "every", "line"], "cancel hold all", .en), (["take", "me", "off", "all", "lines"], "cancel hold all", .en),
            (["take", "me", "out", "of", "all", "lines"], "cancel hold all", .en),
            (["take", "me", "off", "all", "lists"], "cancel hold all", .en), (["take", "me", "off", "all", "the", "lists"], "cancel hold all", .en),
            (["take", "me", "off", "all", "waitlists"], "cancel hold all", .en), (["take", "me", "off", "all", "queues"], "cancel hold all", .en),
            (["remove", "me", "from", "all", "lists"], "cancel hold all", .en), (["remove", "me", "from", "all", "queues"], "cancel hold all", .en),
            (["remove", "me", "from", "all", "waitlists"], "cancel hold all", .en), (["leave", "all", "queues"], "cancel hold all", .en),
            (["retire-moi", "de", "toutes", "les", "listes"], "annuler la réservation tout", .fr),
            (["quitter", "toutes", "les", "files"], "annuler la réservation tout", .fr),
            (["sors-moi", "de", "toutes", "les", "files"], "annuler la réservation tout", .fr),
        ]
        for verb in ["cancel", "clear", "remove", "delete", "drop"] {
            for middle in [["my"], ["all", "my"], ["all"], ["all", "of", "my"]] {
                for noun in ["holds", "reservations"] { phrasings.append(([verb] + middle + [noun], "cancel hold all", .en)) }
            }
            // "cancel my holds on Dune and Emma": those lines.
            for noun in ["holds", "reservations"] {
                for preposition in ["on", "for"] { phrasings.append(([verb, "my", noun, preposition], "cancel hold", .en)) }
            }
        }
        for verb in ["annuler", "annule", "annulez", "supprimer", "supprime", "supprimez", "retirer", "retire", "effacer", "efface"] {
            for middle in [["mes"], ["toutes", "mes"]] { phrasings.append(([verb] + middle + ["reservations"], "annuler la réservation tout", .fr)) }
        }
        return phrasings
    }()

    private static let availabilityTails: [[String]] = [
        ["available"], ["in"], ["free"], ["out"], ["taken"], ["checked", "out"], ["on", "the", "shelf"], ["back"],
        ["overdue"], ["late"], ["due", "soon"], ["lost"], ["missing"], ["damaged"], ["broken"],
        ["still", "out"], ["still", "checked", "out"], ["still", "taken"], ["back", "yet"], ["in", "yet"], ["available", "yet"], ["available", "now"],
        // "is it kept for me?", "is Dune ready for me?": whether it waits on the shelf for the asker.
        ["kept", "for", "me"], ["still", "kept", "for", "me"], ["being", "kept", "for", "me"], ["waiting", "for", "me"], ["ready", "for", "me"],
        ["ready"], ["ready", "for", "pickup"], ["set", "aside", "for", "me"], ["on", "hold", "for", "me"],
    ].sorted { $0.count > $1.count }

    private static let frenchAvailabilityTails: [[String]] = [
        ["est", "disponible"], ["est", "dispo"], ["est-il", "dispo"], ["est", "libre"], ["est", "la"], ["est", "emprunte"], ["est", "sorti"], ["est-il", "disponible"],
        ["est-il", "libre"], ["est-il", "la"], ["est-elle", "disponible"], ["est-elle", "libre"],
        ["est", "en", "retard"], ["est-il", "en", "retard"], ["est-elle", "en", "retard"], ["c'est", "a", "qui"], ["est", "a", "qui"],
        ["c'est", "chez", "qui"], ["est", "chez", "qui"],
    ].sorted { $0.count > $1.count }

    /// The end of "Dune available?" ("Dune is on the shelf?", "Dune dispo ?"): a question about that book.
    private static let bareAvailabilityTails: [(words: [String], language: Language)] = [
        (["available"], .en), (["is", "available"], .en), (["on", "the", "shelf"], .en), (["is", "on", "the", "shelf"], .en),
        (["is", "back"], .en), (["is", "back", "on", "the", "shelf"], .en), (["dispo"], .fr), (["disponible"], .fr), (["est", "de", "retour"], .fr),
        // Not where it should be: who has it, if anyone.
        (["is", "missing"], .en), (["is", "missing", "from", "the", "shelf"], .en), (["is", "gone"], .en), (["is", "not", "on", "the", "shelf"], .en),
        (["isn't", "on", "the", "shelf"], .en), (["manque"], .fr), (["n'est", "pas", "sur", "l'etagere"], .fr),
        (["in", "stock"], .en), (["is", "in", "stock"], .en), (["est", "ou"], .fr), (["est", "passe", "ou"], .fr),
        // Late: who has it, and since when.
        (["is", "overdue"], .en),
    ].sorted { $0.words.count > $1.words.count }

    /// The ends of a question for books ("… do you have", "… avez-vous") after a search's words.
    private static let searchTails: [[String]] = [
        ["do", "you", "have"], ["do", "we", "have"], ["have", "you", "got"], ["have", "we", "got"], ["are", "there"],
        ["do", "you", "have", "in", "the", "library"], ["do", "we", "have", "in", "the", "library"], ["avez-vous"], ["avons-nous"],
        ["y", "a-t-il"], ["est-ce", "que", "vous", "avez"],
    ].sorted { $0.count > $1.count }

    /// What a checkout may name that is no book in particular ("borrow a book", "lend me
    /// something to read").
    private static let noBookInParticular: Set<[String]> = [
        ["a", "book"], ["any", "book"], ["a", "good", "book"], ["a", "book", "to", "read"], ["something"], ["something", "to", "read"],
        ["something", "good"], ["something", "good", "to", "read"], ["anything"], ["a", "random", "book"],
        ["un", "livre"], ["un", "bon", "livre"], ["un", "livre", "a", "lire"], ["quelque", "chose"], ["quelque", "chose", "a", "lire"],
        ["n'importe", "quel", "livre"],
    ]

    /// The category in what follows `recommend` ("a classic", "me some science fiction books",
    /// "un bon polar", "de la science-fiction"), its words as typed; nil when more than a
    /// category's few words remain, or the words name someone it is for ("a book to Ben").
    static func recommendedCategory(_ rest: String) -> String? {
        var words = rest.split(separator: " ").map(String.init)
        var folded = words.map(foldWord)
        while let first = folded.first, folded.count > 1, recommendedCategoryLeads.contains(first) {
            words.removeFirst()
            folded.removeFirst()
        }
        while let last = folded.last, folded.count > 1, recommendedCategoryEnds.contains(last) {
            words.removeLast()
            folded.removeLast()
        }
        // "des livres de science-fiction", "books of poetry".
        if folded.count > 2, ["book", "books", "livre", "livres", "roman", "romans"].contains(folded[0]), ["of", "de", "d'"].contains(folded[1]) {
            words.removeFirst(2)
            folded.removeFirst(2)
        }
        if folded.count > 2, ["to", "a"].contains(folded[folded.count - 2]), ["read", "lire"].contains(folded.last) {
            words.removeLast(2)
            folded.removeLast(2)
        }
        guard (1...3).contains(folded.count), !folded.contains(where: recommendedCategoryStops.contains),
              !recommendedCategoryLeads.contains(folded[0]) else { return nil }
        return unquote(words.joined(separator: " "))
    }

    /// The words before a category's name after `recommend`: "me a good", "moi un bon", "some".
    private static let recommendedCategoryLeads: Set<String> = [
        "me", "us", "a", "an", "some", "something", "any", "good", "great", "nice", "new", "random", "in", "from", "the",
        "un", "une", "des", "du", "de", "d'", "la", "le", "les", "bon", "bonne", "quelque", "chose", "en",
    ]
    /// The words after it: "books", "novel", "please", "pour moi".
    private static let recommendedCategoryEnds: Set<String> = [
        "book", "books", "novel", "novels", "title", "titles", "read", "reads", "please", "for", "me", "pls", "now", "next",
        "livre", "livres", "roman", "romans", "titre", "titres", "stp", "svp", "pour", "moi", "maintenant", "ensuite",
    ]
    /// Words that are no category's: whom it is for, what it is about, a book it is like.
    private static let recommendedCategoryStops: Set<String> = [
        "to", "for", "about", "with", "by", "on", "a", "pour", "avec", "sur", "par", "de", "like", "comme", "than", "that", "which",
    ]

    /// What may follow `recommend` and say nothing more.
    private static let recommendTails: Set<[String]> = [
        ["a", "book"], ["me", "a", "book"], ["something"], ["me", "something"], ["something", "to", "read"], ["a", "good", "book"],
        ["next"], ["please"], ["now"], ["un", "livre"], ["quelque", "chose"], ["a", "lire"], ["ensuite"], ["maintenant"],
        // What the member has not read is what recommendations are.
        ["something", "new"], ["me", "something", "new"], ["something", "different"], ["me", "something", "different"],
        ["something", "i", "haven't", "read"], ["me", "something", "i", "haven't", "read"], ["a", "book", "i", "haven't", "read"],
        ["me", "a", "book", "i", "haven't", "read"], ["i", "haven't", "read"], ["i", "haven't", "read", "yet"], ["i", "haven't", "read", "before"], ["quelque", "chose", "de", "nouveau"], ["un", "livre", "que", "je", "n'ai", "pas", "lu"],
    ]

    /// Someone's books as a whole after `remind Ben about` (folded).
    private static let theirBooks: Set<String> = [
        "his books", "her books", "their books", "his loans", "her loans", "their loans", "all his books", "all her books", "all their books",
        "all of his books", "all of her books", "all of their books", "them", "all of them", "everything", "ses livres", "tous ses livres",
    ]

    /// Between whom and which book after `remind`.
    private static let remindSeparators = [
        " to return ", " to bring back ", " to give back ", " about ", " of ", " for ", " de rendre ", " de ramener ", " pour ", " à propos de ",
    ]

    /// What may follow `my history` and say nothing more.
    private static let historyTails: Set<[String]> = [
        ["before"], ["so", "far"], ["already"], ["recently"], ["lately"], ["in", "the", "past"], ["last"], ["last", "time"], ["until", "now"],
        ["here"], ["from", "the", "library"], ["avant"], ["jusqu'ici"], ["deja"], ["recemment"], ["dernierement"],
    ]

    /// What may follow `stats` and say nothing more.
    private static let statsTails: Set<[String]> = [
        ["this", "month"], ["this", "year"], ["so", "far"], ["this", "year", "so", "far"], ["of", "the", "library"], ["for", "the", "library"],
        ["in", "the", "library"], ["have", "there", "been"], ["are", "there"], ["ce", "mois-ci"], ["cette", "annee"], ["de", "la", "bibliotheque"],
        ["du", "club"], ["of", "the", "club"], ["please"],
    ]

    /// What may follow `top readers` and say nothing more.
    private static let readersTails: Set<[String]> = [
        ["ever"], ["of", "all", "time"], ["in", "all"], ["in", "the", "club"], ["here"], ["books"], ["de", "tous", "les", "temps"], ["ici"],
        ["du", "club"], ["en", "tout"],
    ]

    /// The commands of `phrasings` that take nothing after them.
    private static let takesNothing: Set<String> = ["who has what", "qui a quoi", "my books", "mes livres", "rules", "règles", "my history",
                                                    "mon historique", "list newest", "liste récents", "liste en retard", "list overdue newest", "list checked out longest", "liste empruntés depuis le plus longtemps",
                                                    "list overdue longest", "liste en retard depuis le plus longtemps", "remind everyone", "relancer tout le monde", "stats", "statistiques",
                                                    "cancel hold all", "annuler la réservation tout", "hold it", "réserver ça"]

    /// When books may be asked to be due ("what's due this week?"): the member's books answer,
    /// each with its due day.
    private static let dueTails: Set<[String]> = [
        ["today"], ["tomorrow"], ["soon"], ["now"], ["this", "week"], ["next", "week"], ["this", "weekend"], ["this", "month"],
        ["next", "month"], ["back", "soon"], ["in", "the", "next", "few", "days"], ["before", "the", "weekend"],
    ]

    /// `phrasings` by their first word, longest first: a line is checked against a few, not all.
    private static let phrasingsByFirstWord = Dictionary(grouping: phrasings) { $0.words[0] }

    /// What may end a hinted command and say nothing of the book.
    private static let hintTails: [[String]] = [
        ["anymore"], ["any", "more"], ["any", "longer"], ["du", "tout"], ["yet"], ["encore"],
    ].sorted { $0.count > $1.count }

    /// Words that probably mean a command, though not surely enough to act on: the command is
    /// suggested ("I'm done with Dune" → `return Dune`; finished reading is not brought back).
    private static let hints: [(words: [String], verb: String, language: Language)] = [
        (["i'm", "done", "with"], "return", .en), (["im", "done", "with"], "return", .en), (["i", "am", "done", "with"], "return", .en),
        (["done", "with"], "return", .en), (["finished"], "return", .en), (["i", "finished"], "return", .en),
        (["i've", "finished"], "return", .en), (["i", "have", "finished"], "return", .en), (["i'll", "take"], "checkout", .en),
        (["i'll", "pick", "up"], "checkout", .en), (["i", "will", "pick", "up"], "checkout", .en),
        (["i'll", "come", "get"], "checkout", .en), (["i'll", "come", "and", "get"], "checkout", .en), (["i'll", "come", "for"], "checkout", .en),
        (["j'emprunterai"], "emprunter", .fr), (["je", "vais", "emprunter"], "emprunter", .fr), (["je", "prendrai"], "emprunter", .fr),
        (["just", "finished"], "return", .en), (["i", "just", "finished"], "return", .en), (["i've", "just", "finished"], "return", .en),
        (["je", "viens", "de", "finir"], "rendre", .fr), (["je", "passe", "prendre"], "emprunter", .fr), (["je", "viens", "chercher"], "emprunter", .fr),
        // A report without its "I" ("lost Dune"): asked about, as titles start so too (Lost
        // Horizon, which its capital leaves a title).
        (["lost"], "report lost", .en), (["damaged"], "report damaged", .en), (["perdu"], "signaler perdu", .fr),
        // Done reading it: bringing it back, asked about.
        (["finished", "reading"], "return", .en), (["i", "finished", "reading"], "return", .en),
        (["i've", "finished", "reading"], "return", .en), (["i", "have", "finished", "reading"], "return", .en),
        (["just", "finished", "reading"], "return", .en), (["i", "just", "finished", "reading"], "return", .en),
        (["i've", "just", "finished", "reading"], "return", .en), (["done", "reading"], "return", .en),
        (["i'm", "done", "reading"], "return", .en), (["im", "done", "reading"], "return", .en), (["i", "am", "done", "reading"], "return", .en),
        (["j'ai", "fini", "de", "lire"], "rendre", .fr), (["je", "viens", "de", "finir", "de", "lire"], "rendre", .fr),
        (["j'ai", "termine", "de", "lire"], "rendre", .fr),
        (["i'll", "borrow"], "checkout", .en), (["i", "will", "borrow"], "checkout", .en), (["i", "will", "take"], "checkout", .en),
        // Wanting to read a book: a checkout, asked about.
        (["i'd", "like", "to", "read"], "checkout", .en), (["i", "would", "like", "to", "read"], "checkout", .en),
        (["i", "want", "to", "read"], "checkout", .en), (["j'aimerais", "lire"], "emprunter", .fr), (["je", "voudrais", "lire"], "emprunter", .fr),
        (["je", "veux", "lire"], "emprunter", .fr),
        // Still reading a book one has: more time, asked about.
        (["i'll", "be", "late", "with"], "renew", .en), (["i", "will", "be", "late", "with"], "renew", .en),
        (["i'm", "going", "to", "be", "late", "with"], "renew", .en), (["i", "am", "going", "to", "be", "late", "with"], "renew", .en),
        (["i'll", "be", "late", "returning"], "renew", .en), (["i", "will", "be", "late", "returning"], "renew", .en),
        (["je", "serai", "en", "retard", "pour"], "prolonger", .fr), (["je", "vais", "etre", "en", "retard", "pour"], "prolonger", .fr),
        (["je", "serai", "en", "retard", "avec"], "prolonger", .fr), (["je", "vais", "etre", "en", "retard", "avec"], "prolonger", .fr),
        (["i'm", "still", "reading"], "renew", .en), (["i", "am", "still", "reading"], "renew", .en), (["i", "still", "have"], "renew", .en),
        (["i", "haven't", "finished"], "renew", .en), (["i", "have", "not", "finished"], "renew", .en), (["i'm", "not", "done", "with"], "renew", .en),
        (["i'm", "not", "finished", "with"], "renew", .en), (["je", "n'ai", "pas", "fini"], "prolonger", .fr), (["je", "n'ai", "pas", "encore", "fini"], "prolonger", .fr), (["je", "lis", "encore"], "prolonger", .fr),
        (["i", "have"], "checkout", .en), (["i've", "got"], "checkout", .en), (["i", "want"], "checkout", .en), (["i", "do", "want"], "checkout", .en),
        (["i'd", "like"], "checkout", .en), (["je", "voudrais"], "emprunter", .fr), (["je", "veux"], "emprunter", .fr),
        (["i", "need"], "checkout", .en), (["j'ai", "besoin", "de"], "emprunter", .fr),
        // No longer wanting a book one waits for: leaving its line, asked about (bringing it
        // back instead, when the member has it: the handler's `fittingOffer`).
        (["i", "no", "longer", "want"], "cancel hold", .en), (["i", "no", "longer", "need"], "cancel hold", .en),
        (["i", "don't", "need"], "cancel hold", .en), (["i", "dont", "need"], "cancel hold", .en), (["i", "do", "not", "need"], "cancel hold", .en),
        (["je", "n'ai", "plus", "besoin", "de"], "annuler la réservation de", .fr), (["je", "n'ai", "plus", "besoin", "d'"], "annuler la réservation de", .fr),
        (["je", "ne", "veux", "plus", "de"], "annuler la réservation de", .fr),
        (["i'm", "not", "interested", "in"], "cancel hold", .en), (["i", "am", "not", "interested", "in"], "cancel hold", .en),
        (["not", "interested", "in"], "cancel hold", .en), (["i'm", "no", "longer", "interested", "in"], "cancel hold", .en),
        (["i", "gave", "up", "my", "spot", "for"], "cancel hold", .en), (["i", "gave", "up", "my", "place", "for"], "cancel hold", .en),
        (["i", "gave", "up", "my", "spot", "in", "line", "for"], "cancel hold", .en), (["i", "gave", "up", "my", "place", "in", "line", "for"], "cancel hold", .en),
        (["je", "ne", "suis", "plus", "interesse", "par"], "annuler la réservation de", .fr),
        (["je", "ne", "suis", "plus", "interessee", "par"], "annuler la réservation de", .fr),
        (["forget", "about"], "cancel hold", .en), (["i", "changed", "my", "mind", "about"], "cancel hold", .en),
        (["i'll", "pass", "on"], "cancel hold", .en), (["i", "will", "pass", "on"], "cancel hold", .en),
        (["i've", "changed", "my", "mind", "about"], "cancel hold", .en), (["i", "don't", "want"], "cancel hold", .en),
        (["i", "dont", "want"], "cancel hold", .en), (["i", "do", "not", "want"], "cancel hold", .en),
        (["je", "ne", "veux", "plus", "attendre"], "annuler la réservation de", .fr), (["je", "ne", "veux", "plus"], "annuler la réservation de", .fr),
        // A checkout by mistake: bringing it back, asked about.
        (["cancel", "my", "checkout", "of"], "return", .en), (["i", "didn't", "mean", "to", "borrow"], "return", .en),
        (["i", "didn't", "mean", "to", "take"], "return", .en), (["i", "didn't", "take"], "return", .en),
        (["i", "didn't", "borrow"], "return", .en), (["je", "n'ai", "pas", "emprunte"], "rendre", .fr),
        (["i", "never", "had"], "return", .en), (["i", "never", "borrowed"], "return", .en), (["i", "never", "took"], "return", .en),
        (["je", "n'ai", "jamais", "emprunte"], "rendre", .fr),
        // "I gave Dune to Ben" (the book changed hands): passing it on, asked about.
        (["i", "gave"], "pass", .en), (["i've", "given"], "pass", .en), (["i", "handed"], "pass", .en),
        (["i", "passed"], "pass", .en), (["i've", "passed"], "pass", .en),
        (["i", "lent"], "lend", .en), (["i've", "lent"], "lend", .en),
        (["j'ai", "donne"], "passer", .fr), (["j'ai", "passe"], "passer", .fr), (["j'ai", "prete"], "prête", .fr),
        // ("I'm giving Dune to Ben", "je passe Dune à Ben": as it happens.)
        (["i'm", "giving"], "pass", .en), (["i'm", "passing"], "pass", .en), (["i'm", "handing"], "pass", .en), (["i'm", "lending"], "lend", .en),
        (["je", "donne"], "passer", .fr), (["je", "passe"], "passer", .fr), (["je", "prete"], "prête", .fr),
        (["j'ai", "fini"], "rendre", .fr), (["j'ai", "termine"], "rendre", .fr),
        // Reading a book: probably had from the shelf, asked about.
        (["let", "me", "have"], "checkout", .en),
        (["grabbed"], "checkout", .en), (["i", "grabbed"], "checkout", .en), (["i've", "grabbed"], "checkout", .en), (["got"], "checkout", .en),
        (["snagged"], "checkout", .en), (["i", "snagged"], "checkout", .en), (["picked", "up"], "checkout", .en), (["i", "picked", "up"], "checkout", .en),
        (["i", "just", "grabbed"], "checkout", .en), (["just", "grabbed"], "checkout", .en),
        (["i'm", "reading"], "checkout", .en), (["i", "am", "reading"], "checkout", .en), (["i", "started"], "checkout", .en),
        (["i'll", "grab"], "checkout", .en), (["i'm", "holding"], "checkout", .en), (["je", "lis"], "emprunter", .fr),
    ].sorted { $0.words.count > $1.words.count }

    /// "how do I", "comment": before a verb, a question of how to use it.
    private static let howToLeads: [(words: [String], language: Language)] = [
        (["how", "do", "i"], .en), (["how", "can", "i"], .en), (["how", "to"], .en), (["how", "should", "i"], .en),
        (["how", "do", "we"], .en), (["how", "can", "we"], .en), (["how", "does", "one"], .en), (["how", "do", "you"], .en),
        (["comment", "je", "peux"], .fr), (["comment", "puis-je"], .fr), (["comment", "on"], .fr), (["comment", "faire", "pour"], .fr),
        (["comment", "est-ce", "qu'on"], .fr), (["comment", "est-ce", "que", "je"], .fr), (["comment", "je"], .fr), (["comment"], .fr),
    ].sorted { $0.words.count > $1.words.count }

    /// "rename category SF to Science fiction", "rename the SF category as Sci-fi", "renommer la
    /// catégorie SF en Science-fiction"; "delete category SF", "remove the Space category",
    /// "supprimer la catégorie SF": a category renamed on, or taken off, every book that carries
    /// it. Not a category of one book ("remove category SF from Dune", "change the category of Dune to SF").
    static func categoryWide(_ words: [String], folded: [String]) -> (Intent, Language)? {
        guard folded.count >= 2, folded.count <= 14 else { return nil }
        let language: Language
        let rename: Bool
        switch folded[0] {
        case "rename", "change": (language, rename) = (.en, true)
        case "delete", "remove", "drop": (language, rename) = (.en, false)
        case "renommer", "renomme", "renommez": (language, rename) = (.fr, true)
        case "supprimer", "supprime", "supprimez", "retirer", "retire", "retirez", "effacer", "efface": (language, rename) = (.fr, false)
        default: return nil
        }
        var rest = Array(words.dropFirst()), restFolded = Array(folded.dropFirst())
        if restFolded.first == "the" || restFolded.first == "la" {
            rest.removeFirst()
            restFolded.removeFirst()
        }
        // The name, and what follows it: "category SF to …" or "SF category to …".
        let nameWords: ArraySlice<String>, after: ArraySlice<String>, afterFolded: ArraySlice<String>
        let categoryWords: Set<String> = ["category", "categorie", "genre"]
        // "delete category", "rename the category": no name, which the handler asks for (an
        // empty name; for a renaming, an empty new name too).
        if rest.count == 1, categoryWords.contains(restFolded[0]), rest[0].first?.isLowercase == true {
            return (.renameCategory(from: "", to: rename ? "" : nil), language)
        }
        // (The word "category" as typed, in lower case: "delete Genre Fiction" names a book.)
        if let first = restFolded.first, categoryWords.contains(first), rest[0].first?.isLowercase == true {
            let end = rename ? (restFolded.firstIndex { ["to", "as", "into", "en"].contains($0) } ?? restFolded.count) : restFolded.count
            (nameWords, after, afterFolded) = (rest[1..<end], rest[end...], restFolded[end...])
        } else if language == .en, let at = restFolded.firstIndex(where: categoryWords.contains), at > 0, rest[at].first?.isLowercase == true {
            (nameWords, after, afterFolded) = (rest[..<at], rest[(at + 1)...], restFolded[(at + 1)...])
        } else {
            return nil
        }
        let name = unquote(nameWords.joined(separator: " "))
        guard !name.isEmpty, nameWords.count <= 4,
              !nameWords.map(foldWord).contains(where: { ["from", "of", "de", "du", "des", "d'"].contains($0) || $0.hasPrefix("d'") }) else { return nil }
        guard rename else { return after.isEmpty ? (.renameCategory(from: name, to: nil), language) : nil }
        // "rename category SF": the new name is missing, which the handler asks for.
        if after.isEmpty, restFolded.first.map(categoryWords.contains) == true { return (.renameCategory(from: name, to: ""), language) }
        guard let link = afterFolded.first, ["to", "as", "into", "en"].contains(link), after.count >= 2, after.count <= 5 else { return nil }
        let newName = unquote(after.dropFirst().joined(separator: " "))
        return newName.isEmpty ? nil : (.renameCategory(from: name, to: newName), language)
    }

    /// Before a name the member gives themselves (folded).
    private static let namingLeads: [(words: [String], language: Language)] = [
        (["change", "my", "name", "to"], .en), (["call", "me"], .en), (["my", "name", "is"], .en), (["i'm", "called"], .en),
        (["appelle-moi"], .fr), (["je", "m'appelle"], .fr), (["change", "mon", "nom", "en"], .fr),
    ]

    /// After a book, that it will come back late.
    private static let lateTails: [(words: [String], language: Language)] = [
        (["will", "be", "late"], .en), (["is", "going", "to", "be", "late"], .en), (["will", "be", "a", "bit", "late"], .en),
        (["will", "be", "a", "few", "days", "late"], .en), (["sera", "en", "retard"], .fr), (["va", "etre", "en", "retard"], .fr),
    ]

    /// Around a verb, a question of what it does: "what does checkout do?", "how does hold work?".
    private static let verbQuestions: [(lead: [String], end: [String], language: Language)] = [
        (["what", "does"], ["do"], .en), (["what", "does"], ["mean"], .en), (["how", "does"], ["work"], .en), (["what", "is"], ["for"], .en),
        (["what's"], ["for"], .en), (["que", "fait"], [], .fr), (["comment", "marche"], [], .fr), (["comment", "fonctionne"], [], .fr),
        (["a", "quoi", "sert"], [], .fr),
    ]

    /// "let me know when", "préviens-moi quand": before a book and `backTails`, a hold.
    private static let whenBackLeads: [(words: [String], language: Language)] = [
        (["let", "me", "know", "when"], .en), (["remind", "me", "when"], .en), (["notify", "me", "when"], .en), (["tell", "me", "when"], .en),
        (["ping", "me", "when"], .en), (["alert", "me", "when"], .en), (["message", "me", "when"], .en), (["let", "me", "know", "once"], .en),
        (["i", "want", "to", "get", "notified", "when"], .en), (["get", "notified", "when"], .en), (["i'd", "like", "to", "know", "when"], .en),
        (["previens-moi", "quand"], .fr), (["prevenez-moi", "quand"], .fr), (["dis-moi", "quand"], .fr), (["dites-moi", "quand"], .fr),
        (["previens-moi", "lorsque"], .fr), (["prevenez-moi", "lorsque"], .fr), (["avertis-moi", "quand"], .fr),
        (["je", "veux", "etre", "prevenu", "quand"], .fr), (["je", "voudrais", "etre", "prevenu", "quand"], .fr),
        (["je", "veux", "etre", "prevenue", "quand"], .fr), (["je", "voudrais", "etre", "prevenue", "quand"], .fr),
        (["previens-moi", "des", "que"], .fr), (["prevenez-moi", "des", "que"], .fr),
    ]
    /// The first of `entries` whose lead starts `folded` and one of whose tails ends it, with
    /// words between them; that entry and the tail.
    private static func framing<Entry>(_ folded: [String], _ entries: [Entry], ends: FramingEnds? = nil, lead: (Entry) -> [String],
                                       tails: (Entry) -> [[String]]) -> (entry: Entry, tail: [String])? {
        if let ends, !ends.mayFrame(folded) { return nil }
        for entry in entries {
            let lead = lead(entry)
            guard folded.starts(with: lead) else { continue }
            // The last word first: it rules out most tails at once.
            if let tail = tails(entry).first(where: { folded.count > lead.count + $0.count && ($0.last == nil || $0.last == folded.last)
                                                      && folded.suffix($0.count).elementsEqual($0) }) {
                return (entry, tail)
            }
        }
        return nil
    }

    /// The words that framings (a lead, a tail) can start or end a message with: a message
    /// that neither starts nor ends with one (most messages) is framed by none of them, which
    /// this tells at once.
    struct FramingEnds {
        /// The first words of the leads.
        private let firsts: Set<String>
        /// The last words of the tails that come without a lead.
        private let lasts: Set<String>
        /// A framing of neither lead nor tail fits anything.
        private let fitsAnything: Bool

        init(_ framings: [(lead: [String], tails: [[String]])]) {
            firsts = Set(framings.compactMap(\.lead.first))
            let tailsAlone = framings.filter(\.lead.isEmpty).flatMap(\.tails)
            lasts = Set(tailsAlone.compactMap(\.last))
            fitsAnything = tailsAlone.contains(where: \.isEmpty)
        }

        /// Whether one of the framings may fit `folded`.
        func mayFrame(_ folded: [String]) -> Bool {
            fitsAnything || folded.first.map(firsts.contains) == true || folded.last.map(lasts.contains) == true
        }
    }

    private static let reportEnds = FramingEnds(reports.map { ($0.lead, $0.tails) })
    private static let setAsideEnds = FramingEnds(setAside.map { ($0.lead, $0.tails) })
    private static let particleEnds = FramingEnds(particleAfterBook.map { ($0.lead, $0.tails) })
    private static let timeLeftEnds = FramingEnds(timeLeft.map { ($0.lead, $0.tails) })
    private static let offTheLineEnds = FramingEnds(offTheLine.map { ($0.lead, $0.tails) })

    /// The endings that make a title a report ("is broken", "est perdu"), as `parse` reads them
    /// after a book: the handler asks whether the book and one of them are a whole title
    /// ("Everything Is Broken"), which is asked about, not reported.
    public static func reportEndings(_ kind: ReportKind) -> [String] {
        let verb = ["report " + kind.said(in: .en), "signaler " + kind.said(in: .fr)]
        return reports.filter { $0.lead.isEmpty && verb.contains($0.verb) }.flatMap { $0.tails.map { $0.joined(separator: " ") } }
    }

    /// How a report of a lost or damaged book starts and ends (folded), and the report it is;
    /// the first that fits is taken. ("I lost my place in line for Dune" is not one: it asks who
    /// has the book.)
    private static let reports: [(lead: [String], tails: [[String]], verb: String, language: Language)] = {
        let lost = [["is", "lost"], ["is", "missing", "for", "good"], ["got", "lost"], ["has", "been", "lost"], ["has", "gone", "missing"],
                    ["went", "missing"], ["has", "disappeared"], ["was", "stolen"], ["got", "stolen"], ["has", "been", "stolen"], ["was", "lost"]]
        let damaged = [["is", "damaged"], ["got", "damaged"], ["is", "ruined"], ["got", "ruined"], ["is", "torn"], ["got", "torn"], ["got", "wet"],
                       ["has", "been", "damaged"], ["fell", "apart"], ["is", "falling", "apart"], ["is", "broken"]]
        let perdu = [["est", "perdu"], ["est", "perdue"], ["a", "ete", "perdu"], ["a", "ete", "perdue"], ["a", "disparu"], ["est", "introuvable"],
                     ["a", "ete", "vole"], ["a", "ete", "volee"]]
        let abime = [["est", "abime"], ["est", "abimee"], ["est", "endommage"], ["est", "endommagee"], ["a", "ete", "abime"], ["a", "ete", "abimee"]]
        let found = [["turned", "up"], ["has", "turned", "up"], ["is", "found"], ["was", "found"], ["has", "been", "found"]]
        let repaired = [["is", "repaired"], ["was", "repaired"], ["is", "fixed"], ["was", "fixed"], ["has", "been", "repaired"], ["got", "fixed"],
                        ["got", "repaired"], ["is", "fine", "now"], ["is", "ok", "now"], ["is", "okay", "now"], ["is", "as", "good", "as", "new"],
                        ["is", "back", "from", "repair"], ["is", "back", "from", "the", "repair", "shop"], ["came", "back", "from", "repair"]]
        let retrouve = [["est", "retrouve"], ["a", "ete", "retrouve"], ["est", "reapparu"]]
        let repare = [["est", "repare"], ["a", "ete", "repare"]]
        return [
            (["i", "found"], [[]], "report found", .en), (["i've", "found"], [[]], "report found", .en), (["found"], [[]], "report found", .en),
            (["i", "repaired"], [[]], "report repaired", .en), (["i", "fixed"], [[]], "report repaired", .en),
            (["i've", "repaired"], [[]], "report repaired", .en), (["i've", "fixed"], [[]], "report repaired", .en),
            (["report"], [["as", "found"], ["found"]], "report found", .en), (["report"], [["as", "repaired"], ["repaired"]], "report repaired", .en),
            (["j'ai", "retrouve"], [[]], "signaler retrouvé", .fr), (["j'ai", "repare"], [[]], "signaler réparé", .fr),
            ([], found, "report found", .en), ([], repaired, "report repaired", .en), ([], retrouve, "signaler retrouvé", .fr), ([], repare, "signaler réparé", .fr),
            (["i", "lost"], [[]], "report lost", .en), (["i've", "lost"], [[]], "report lost", .en), (["i", "have", "lost"], [[]], "report lost", .en),
            // Whoever it was: the copy is lost all the same.
            (["we", "lost"], [[]], "report lost", .en), (["we've", "lost"], [[]], "report lost", .en), (["we", "have", "lost"], [[]], "report lost", .en),
            (["someone", "lost"], [[]], "report lost", .en), (["somebody", "lost"], [[]], "report lost", .en),
            (["someone", "has", "lost"], [[]], "report lost", .en), (["somebody", "has", "lost"], [[]], "report lost", .en),
            (["someone", "stole"], [[]], "report lost", .en), (["somebody", "stole"], [[]], "report lost", .en),
            (["someone", "has", "stolen"], [[]], "report lost", .en), (["quelqu'un", "a", "vole"], [[]], "signaler perdu", .fr),
            (["on", "a", "vole"], [[]], "signaler perdu", .fr), (["on", "m'a", "vole"], [[]], "signaler perdu", .fr),
            (["quelqu'un", "a", "perdu"], [[]], "signaler perdu", .fr), (["on", "a", "perdu"], [[]], "signaler perdu", .fr),
            (["nous", "avons", "perdu"], [[]], "signaler perdu", .fr),
            (["i", "damaged"], [[]], "report damaged", .en), (["i've", "damaged"], [[]], "report damaged", .en),
            (["i", "ruined"], [[]], "report damaged", .en), (["i", "broke"], [[]], "report damaged", .en), (["i", "tore"], [[]], "report damaged", .en),
            (["i", "spilled", "coffee", "on"], [[]], "report damaged", .en), (["i", "spilled", "water", "on"], [[]], "report damaged", .en),
            (["i", "spilled", "tea", "on"], [[]], "report damaged", .en), (["i", "spilled", "wine", "on"], [[]], "report damaged", .en),
            (["je", "ne", "trouve", "plus"], [[]], "signaler perdu", .fr), (["j'ai", "egare"], [[]], "signaler perdu", .fr),
            (["report"], [["as", "lost"], ["lost"], ["as", "missing"], ["missing"]], "report lost", .en),
            (["report"], [["as", "damaged"], ["damaged"]], "report damaged", .en),
            (["j'ai", "perdu"], [[]], "signaler perdu", .fr), (["j'ai", "abime"], [[]], "signaler abîmé", .fr),
            (["j'ai", "endommage"], [[]], "signaler abîmé", .fr),
            (["signaler"], [["perdu"], ["perdue"], ["comme", "perdu"]], "signaler perdu", .fr),
            (["signaler"], [["abime"], ["abimee"], ["comme", "abime"]], "signaler abîmé", .fr),
            ([], lost, "report lost", .en), ([], damaged, "report damaged", .en), ([], perdu, "signaler perdu", .fr), ([], abime, "signaler abîmé", .fr),
        ]
    }()

    /// What names a copy of a book, or a part of it, before its title in a report ("I lost my
    /// copy of Dune", "the cover of Dune is torn"): the report is of that book.
    private static let copyOf: [[String]] = [
        ["my", "copy", "of"], ["the", "copy", "of"], ["our", "copy", "of"], ["mon", "exemplaire", "de"], ["the", "cover", "of"], ["the", "spine", "of"],
        ["a", "page", "of"], ["some", "pages", "of"], ["the", "pages", "of"], ["la", "couverture", "de"],
    ]

    /// How a request for a book starts (folded) when it may end with someone else being done
    /// with it ("can I have Dune when Ben is done").
    private static let nextAfterSomeoneLeads: [(words: [String], language: Language)] = [
        (["i", "want"], .en), (["i'd", "like"], .en), (["i", "would", "like"], .en), (["can", "i", "have"], .en), (["could", "i", "have"], .en),
        (["can", "i", "get"], .en), (["could", "i", "get"], .en), (["can", "i", "borrow"], .en), (["could", "i", "borrow"], .en),
        (["i'd", "like", "to", "borrow"], .en), (["i", "want", "to", "borrow"], .en), (["i'll", "take"], .en), (["i'll", "borrow"], .en),
        (["checkout"], .en), (["borrow"], .en), (["hold"], .en), (["reserve"], .en),
        (["je", "voudrais"], .fr), (["je", "veux"], .fr), (["je", "peux", "avoir"], .fr), (["puis-je", "avoir"], .fr),
        (["est-ce", "que", "je", "peux", "avoir"], .fr), (["est-ce", "que", "je", "peux", "emprunter"], .fr),
        (["je", "voudrais", "emprunter"], .fr), (["je", "veux", "emprunter"], .fr), (["emprunter"], .fr), (["reserver"], .fr),
    ].sorted { $0.words.count > $1.words.count }

    /// What says that someone will be done with a book (folded), after "when", "once" or "after"
    /// and their name: "is done", "has finished with it", "returns it", "l'aura fini".
    private static let someoneDone: [[String]] = [
        ["is", "done"], ["is", "done", "with", "it"], ["is", "done", "reading", "it"], ["is", "finished"], ["is", "finished", "with", "it"],
        ["has", "finished"], ["has", "finished", "it"], ["has", "finished", "with", "it"], ["finishes"], ["finishes", "it"],
        ["finishes", "with", "it"], ["is", "through"], ["is", "through", "with", "it"], ["returns", "it"], ["has", "returned", "it"],
        ["brings", "it", "back"], ["gives", "it", "back"], ["has", "read", "it"],
        ["l'aura", "fini"], ["l'aura", "finie"], ["l'aura", "termine"], ["l'aura", "lu"], ["l'aura", "rendu"], ["aura", "fini"],
        ["aura", "termine"], ["le", "rendra"], ["l'a", "fini"], ["l'a", "rendu"],
    ]

    /// The words before a name and `someoneDone`.
    /// ("dès que", "une fois que": "que".)
    private static let whenSomeone: Set<String> = ["when", "once", "after", "quand", "lorsque", "que"]

    /// How many words at the end of `folded` say that someone else will be done with the book:
    /// "when Ben is done", "once Ben Okafor has finished with it", "when he's done", "quand Ben
    /// l'aura fini"; nil when it does not end so.
    private static func waitingForSomeone(_ folded: [String]) -> Int? {
        guard let last = folded.last, ["done", "finished", "it", "through", "back", "fini", "finie", "termine", "lu", "rendu", "rendra"].contains(last) else { return nil }
        for ending in someoneDone where folded.count > ending.count + 2 && folded.suffix(ending.count).elementsEqual(ending) {
            let named = folded.count - ending.count
            for length in 1...3 where named - length - 1 >= 1 && whenSomeone.contains(folded[named - length - 1]) {
                let conjunction = named - length - 1
                // "dès que", "une fois que", "après que".
                let lead = conjunction >= 2 && folded[(conjunction - 2)..<conjunction].elementsEqual(["une", "fois"]) ? 2
                    : conjunction >= 1 && ["des", "apres"].contains(folded[conjunction - 1]) && folded[conjunction] == "que" ? 1 : 0
                return ending.count + length + 1 + lead
            }
        }
        // "when he's done", "once they're finished with it".
        for contracted in [["done"], ["done", "with", "it"], ["finished"], ["finished", "with", "it"], ["through"], ["through", "with", "it"]]
        where folded.count > contracted.count + 2 && folded.suffix(contracted.count).elementsEqual(contracted) {
            let subject = folded[folded.count - contracted.count - 1]
            if subject.hasSuffix("'s") || subject.hasSuffix("'re"), whenSomeone.contains(folded[folded.count - contracted.count - 2]) {
                return contracted.count + 2
            }
        }
        return nil
    }

    /// How a request to keep a book for the member starts and may end (folded), the longest
    /// tail first.
    private static let setAside: [(lead: [String], tails: [[String]], language: Language)] = [
        (["keep"], [["aside", "for", "me"], ["for", "me"]], .en), (["save"], [["aside", "for", "me"], ["for", "me"]], .en),
        (["set"], [["aside", "for", "me"], ["aside"]], .en),
        (["put"], [["on", "hold", "for", "me"], ["aside", "for", "me"], ["on", "hold"], ["aside"]], .en),
        (["i", "want"], [["next"]], .en), (["i'd", "like"], [["next"]], .en), (["i", "would", "like"], [["next"]], .en),
        (["can", "i", "have"], [["next"]], .en), (["could", "i", "have"], [["next"]], .en), (["can", "i", "get"], [["next"]], .en),
        (["can", "i", "borrow"], [["next"]], .en),
        (["mets"], [["de", "cote", "pour", "moi"], ["de", "cote"]], .fr), (["mettez"], [["de", "cote", "pour", "moi"], ["de", "cote"]], .fr),
        (["garde"], [["pour", "moi"]], .fr), (["gardez"], [["pour", "moi"]], .fr),
        // "add Dune to my list", as "remove Dune from my list" leaves its line.
        (["add"], [["to", "my", "list"], ["to", "my", "holds"], ["to", "my", "reservations"], ["to", "my", "hold", "list"], ["to", "my", "waitlist"]], .en),
    ]

    /// The book and the category of "put Dune in Classic", "add Dune to the SF section", "file
    /// Dune under Classic", "move Dune to SF", "shelve Dune with the classics", "Dune belongs
    /// in SF", "range Dune dans les classiques", "mets Dune avec la science-fiction", and the
    /// language; nil for other words (a person, a place, the member's own list, a line).
    static func categoryPlacing(_ words: [String], folded: [String]) -> (book: String, category: String, language: Language)? {
        guard folded.count >= 4, folded.count <= 16 else { return nil }
        let place: (book: Range<Int>, category: Int, language: Language)
        if let verb = categoryVerbs[folded[0]] {
            // The last separator: a title may hold one ("put Alice in Wonderland in Classic").
            guard let at = folded.indices.dropFirst(2).last(where: { verb.separators.contains(folded[$0]) }), at + 1 < folded.count else { return nil }
            place = (1..<at, at + 1, verb.language)
        } else if let verb = folded.indices.dropFirst().first(where: { ["belongs", "goes", "va"].contains(folded[$0]) }), verb + 2 < folded.count,
                  (folded[verb] == "va" ? ["dans", "avec"] : ["in", "with", "under"]).contains(folded[verb + 1]) {
            place = (0..<verb, verb + 2, folded[verb] == "va" ? .fr : .en)
        } else {
            return nil
        }
        let (category, foldedCategory) = categoryName(Array(words[place.category...]), folded: Array(folded[place.category...]))
        let book = Array(words[place.book]), foldedBook = Array(folded[place.book])
        guard !book.isEmpty, !category.isEmpty, foldedCategory.count <= 4,
              // A person ("put me in line"), a copy back on the shelf ("put Dune back in the
              // library"), the member's own list or a line ("add Dune to my list").
              !["me", "us", "myself", "moi", "my", "mon", "ma"].contains(foldedBook[0]), !foldedBook.contains("back"),
              // (A new book with its author, "add Dune by Frank Herbert to Classic", and a
              // category named first, "add category Classic to Dune", are `add`'s.)
              folded[0] != "add" || !foldedBook.contains("by") && !categoryLeads.contains(where: { foldedBook.starts(with: $0) }),
              // (Nor a field: "add isbn 9780441172719 to Dune", "put the author in Dune".)
              fieldNames[foldedBook.first == "the" ? foldedBook.dropFirst().first ?? "" : foldedBook[0]] == nil,
              !["my", "mes", "ma", "mon", "our", "nos"].contains(foldedCategory[0]),
              !isPlace(foldedCategory.joined(separator: " ")),
              !lineWords.contains(foldedCategory[foldedCategory.count - 1]), !["hold", "stock", "line", "attente"].contains(foldedCategory[0])
        else { return nil }
        return (book.joined(separator: " "), category.joined(separator: " "), place.language)
    }

    /// The verbs that place a book among others, with the words before the category.
    private static let categoryVerbs: [String: (separators: Set<String>, language: Language)] = {
        var verbs: [String: (separators: Set<String>, language: Language)] = [:]
        for verb in ["put", "place"] { verbs[verb] = (["in", "into", "under", "with"], .en) }
        for verb in ["file", "shelve"] { verbs[verb] = (["in", "under", "with"], .en) }
        verbs["move"] = (["to", "into", "under"], .en)
        verbs["add"] = (["to"], .en)
        for verb in ["mets", "mettre", "mettez", "range", "ranger", "rangez"] { verbs[verb] = (["dans", "avec", "parmi"], .fr) }
        for verb in ["deplace", "deplacer", "deplacez"] { verbs[verb] = (["dans", "vers"], .fr) }
        return verbs
    }()

    /// A category's name alone, typed and folded: "the SF section", "la catégorie Classique",
    /// "les classiques" are SF, Classique, classiques.
    private static func categoryName(_ words: [String], folded: [String]) -> (words: [String], folded: [String]) {
        var (words, folded) = (words, folded)
        if let lead = categoryLeadWords.first(where: { folded.count > $0.count && folded.starts(with: $0) }) {
            words.removeFirst(lead.count)
            folded.removeFirst(lead.count)
        }
        if folded.count > 1, let last = folded.last, ["category", "section", "shelf", "genre", "books", "pile"].contains(last) {
            words.removeLast()
            folded.removeLast()
        }
        return (words, folded)
    }

    /// The words before a category's name: "the", "la catégorie".
    private static let categoryLeadWords: [[String]] = [
        ["the", "category"], ["the", "genre"], ["the", "section"], ["category"], ["genre"], ["the"],
        ["la", "categorie"], ["le", "genre"], ["le", "rayon"], ["la", "section"], ["les"], ["la"], ["le"],
    ]

    /// The book of "join Dune's queue", "put me on Dune's waitlist", "add me to the Dune
    /// waitlist" (its line, named by the book: after "the", or with "'s"); nil for other words.
    private static func lineNamedByBook(_ words: [String], folded: [String]) -> [String]? {
        guard folded.count >= 3, folded.count <= 16, let last = folded.last, lineWords.contains(last),
              let lead = lineLeads.first(where: { folded.count > $0.count + 1 && folded.starts(with: $0) }),
              let line = lineNames.first(where: { folded.count > lead.count + $0.count && folded.suffix($0.count).elementsEqual($0) }) else { return nil }
        var book = Array(words[lead.count..<(words.count - line.count)])
        if let end = book.last, let ending = ["'s", "\u{2019}s"].first(where: { end.count > $0.count && end.hasSuffix($0) }) {
            book[book.count - 1] = String(end.dropLast(ending.count))
        } else if folded[lead.count] == "the", book.count > 1 {
            book.removeFirst()
        } else {
            return nil
        }
        // (Not the member's own: "join my queue".)
        return ["my", "your", "our", "his", "her", "their"].contains(foldWord(book[0])) ? nil : book
    }

    private static let lineLeads: [[String]] = [
        ["join"], ["add", "me", "to"], ["put", "me", "on"], ["put", "me", "in"], ["get", "me", "on"], ["get", "me", "in"], ["sign", "me", "up", "for"],
        ["add", "my", "name", "to"], ["put", "my", "name", "on"],
    ]
    /// The names of a book's line, the longest first.
    private static let lineNames: [[String]] = [["waiting", "list"], ["hold", "list"], ["reservation", "list"], ["queue"], ["waitlist"], ["line"], ["list"]]
    private static let lineWords = Set(lineNames.compactMap(\.last))

    /// How a question of the time left with a book starts and ends (folded): "how many days
    /// left on Dune", "how long until Dune is due".
    private static let timeLeft: [(lead: [String], tails: [[String]], language: Language)] = {
        let due = [["is", "due"], ["is", "due", "back"], ["has", "to", "go", "back"], ["needs", "to", "go", "back"], ["must", "go", "back"]]
        var questions: [(lead: [String], tails: [[String]], language: Language)] = [
            (["how", "long", "until"], due, .en), (["how", "many", "days", "until"], due, .en), (["how", "long", "before"], due, .en),
        ]
        for lead in [["how", "many", "days", "left"], ["how", "many", "days", "do", "i", "have", "left"], ["how", "many", "days", "do", "i", "have"],
                     ["how", "much", "time", "left"], ["how", "much", "time", "is", "left"], ["how", "much", "time", "do", "i", "have", "left"],
                     ["how", "much", "time", "do", "i", "have"], ["how", "long", "do", "i", "have", "left"]] {
            for preposition in ["on", "for", "with"] { questions.append((lead + [preposition], [[]], .en)) }
        }
        questions.append((["how", "long", "do", "i", "have", "to", "return"], [[]], .en))
        for lead in [["combien", "de", "jours", "il", "me", "reste", "pour"], ["combien", "de", "jours", "reste-t-il", "pour"],
                     ["combien", "de", "temps", "il", "me", "reste", "pour"], ["combien", "de", "temps", "reste-t-il", "pour"],
                     ["il", "me", "reste", "combien", "de", "jours", "pour"], ["il", "me", "reste", "combien", "de", "temps", "pour"],
                     ["il", "reste", "combien", "de", "jours", "pour"], ["il", "reste", "combien", "de", "temps", "pour"],
                     ["combien", "de", "jours", "restent", "pour"]] {
            questions.append((lead, [[]], .fr))
        }
        return questions.sorted { $0.lead.count > $1.lead.count }
    }()

    /// How a question of where a book is, or a request that someone else bring it back, starts
    /// and ends (folded): "I can't find Dune on the shelf", "where did Dune go", "can someone
    /// return Dune".
    private static let whereabouts: [(lead: [String], tails: [[String]], language: Language)] = {
        let places = [["on", "the", "shelf"], ["anywhere"], ["in", "the", "library"], []]
        var questions: [(lead: [String], tails: [[String]], language: Language)] = []
        for lead in [["i", "can't", "find"], ["i", "cant", "find"], ["i", "cannot", "find"], ["i", "can", "not", "find"], ["can't", "find"],
                     ["cant", "find"], ["i", "couldn't", "find"], ["i", "can't", "see"]] {
            questions.append((lead, places, .en))
        }
        for lead in [["je", "ne", "trouve", "pas"], ["je", "trouve", "pas"], ["je", "n'ai", "pas", "trouve"]] {
            questions.append((lead, [["sur", "l'etagere"], ["dans", "la", "bibliotheque"], ["nulle", "part"], []], .fr))
        }
        questions.append((["where", "did"], [["go"], ["go", "to"], ["end", "up"]], .en))
        questions.append((["where", "has"], [["gone"], ["gone", "to"], ["got", "to"]], .en))
        questions.append((["where's"], [["gone"], ["gone", "to"], ["got", "to"]], .en))
        for modal in [["can"], ["could"], ["will"], ["would"], []] {
            for someone in ["someone", "somebody", "anyone", "anybody"] {
                for please in [[], ["please"]] {
                    let lead = modal + [someone] + please
                    questions.append((lead + ["return"], [[], ["please"]], .en))
                    questions.append((lead + ["bring"], [["back"], ["back", "please"]], .en))
                }
            }
        }
        for lead in [["quelqu'un", "peut", "rendre"], ["quelqu'un", "peut-il", "rendre"], ["est-ce", "que", "quelqu'un", "peut", "rendre"],
                     ["quelqu'un", "pourrait", "rendre"], ["quelqu'un", "peut", "ramener"], ["quelqu'un", "pourrait", "ramener"]] {
            questions.append((lead, [[], ["svp"], ["s'il", "vous", "plait"]], .fr))
        }
        return questions.sorted { $0.lead.count > $1.lead.count }
    }()

    private static let whereaboutsEnds = FramingEnds(whereabouts.map { ($0.lead, $0.tails) })

    /// How a request to leave a book's line starts and ends (folded): "take Dune off hold".
    private static let offTheLine: [(lead: [String], tails: [[String]])] = {
        let fromList = [["from", "my", "list"], ["from", "my", "holds"], ["from", "my", "reservations"], ["from", "the", "waitlist"],
                        ["from", "the", "queue"], ["from", "the", "list"]]
        // "remove me from the Dune queue", "take me off the Dune waitlist".
        let lines = [["queue"], ["waitlist"], ["waiting", "list"], ["line"], ["list"], ["hold", "list"]]
        return [(["take"], [["off", "hold"], ["off", "the", "list"], ["off", "my", "list"], ["off", "the", "waitlist"], ["off", "my", "holds"]]),
                (["remove"], fromList), (["delete"], fromList),
                (["remove", "me", "from", "the"], lines), (["take", "me", "off", "the"], lines), (["take", "me", "out", "of", "the"], lines)]
            .sorted { $0.lead.count > $1.lead.count }
    }()

    /// A verb whose particle comes after the book (folded): "check Dune in", "sign Dune out to
    /// me", "take Dune home", "more time on Dune". The longest tail first.
    private static let particleAfterBook: [(lead: [String], tails: [[String]], verb: String)] = {
        let toMe = [["out", "to", "me"], ["out", "for", "me"], ["out"]]
        return [
            (["check"], [["back", "in"], ["in"]], "return"), (["sign"], [["back", "in"], ["in"]], "return"),
            (["check"], toMe, "checkout"), (["sign"], toMe, "checkout"),
            (["take"], [["home"], ["out"]], "checkout"), (["taking"], [["home"], ["out"]], "checkout"),
            (["i'm", "taking"], [["home"]], "checkout"), (["i", "am", "taking"], [["home"]], "checkout"),
            (["more", "time", "on"], [[]], "renew"), (["more", "time", "with"], [[]], "renew"), (["more", "time", "for"], [[]], "renew"),
        ]
    }()

    /// "is back", "revient": the end of a request to be told when a book is back (folded).
    private static let backTails: [[String]] = [
        ["is", "back"], ["comes", "back"], ["gets", "back"], ["is", "available"], ["becomes", "available"], ["is", "available", "again"],
        ["is", "returned"], ["gets", "returned"], ["has", "been", "returned"], ["is", "in"], ["is", "free"], ["is", "back", "in"],
        ["is", "on", "the", "shelf"], ["is", "back", "on", "the", "shelf"],
        ["revient"], ["est", "de", "retour"], ["sera", "de", "retour"], ["est", "disponible"], ["sera", "disponible"],
        ["redevient", "disponible"], ["est", "rendu"], ["sera", "rendu"], ["est", "libre"], ["sera", "libre"], ["est", "dispo"],
    ].sorted { $0.count > $1.count }

    /// French imperatives (folded) that may take the book as "-le", with the verb they mean.
    private static let frenchImperatives: [String: String] = [
        "prends": "emprunter", "prenez": "emprunter", "emprunte": "emprunter", "empruntez": "emprunter",
        "reserve": "réserver", "reservez": "réserver", "garde": "réserver", "gardez": "réserver",
        "rends": "rendre", "rendez": "rendre", "rapporte": "rendre", "rapportez": "rendre",
        "prolonge": "prolonger", "prolongez": "prolonger",
    ]

    /// Words after "has" or "did" that name no one else: "did I return Dune" is a phrasing of
    /// its own, "did anyone return Dune" asks of nobody in particular.
    private static let notSomeone: Set<String> = [
        "i", "you", "we", "they", "it", "anyone", "anybody", "someone", "somebody", "everyone", "everybody", "nobody", "the", "a", "my", "this", "that",
    ]

    /// Where a book goes back to, after "back" ("I'll bring Dune back to the library tomorrow").
    private static let backPlaces: [[String]] = [["to", "the", "library"], ["to", "the", "shelf"], ["on", "the", "shelf"]]

    /// How a member says they liked a book, before asking what to read next.
    private static let likedLeads: [(words: [String], language: Language)] = [
        (["i", "loved"], .en), (["i", "liked"], .en), (["i", "enjoyed"], .en), (["i", "really", "liked"], .en), (["i", "really", "enjoyed"], .en),
        (["loved"], .en), (["enjoyed"], .en), (["j'ai", "adore"], .fr), (["j'ai", "aime"], .fr), (["j'ai", "bien", "aime"], .fr),
    ].sorted { $0.words.count > $1.words.count }

    /// "… what next?", "… what else should I read?", "… et maintenant ?" (folded, without "?").
    private static let whatNext: Set<[String]> = [
        ["what", "next"], ["what", "now"], ["what", "else"], ["what", "should", "i", "read", "next"], ["what", "else", "should", "i", "read"],
        ["what", "should", "i", "read", "now"], ["any", "suggestions"], ["any", "recommendations"], ["anything", "similar"],
        ["et", "maintenant"], ["quoi", "d'autre"], ["que", "lire", "ensuite"], ["que", "lire", "maintenant"], ["une", "suggestion"],
    ]

    /// "I'll bring … back" and the like: a return to come.
    private static let bringBackLater: [[String]] = [
        ["i'll", "bring"], ["i", "will", "bring"], ["i'm", "going", "to", "bring"], ["im", "going", "to", "bring"],
        ["i'll", "give"], ["i", "will", "give"], ["i'm", "going", "to", "give"],
    ].sorted { $0.count > $1.count }

    private static let putBack: [[String]] = [
        ["give"], ["hand"], ["put"], ["bring"], ["gave"], ["brought"], ["i", "gave"], ["i", "brought"], ["i", "put"], ["i've", "put"], ["i've", "brought"], ["i", "have", "put"], ["i", "have", "brought"],
    ].sorted { $0.count > $1.count }

    /// Putting a book on the shelf, without "back": the leads, the place, the language.
    private static let putOnShelf: [(leads: [[String]], place: [String], language: Language)] = [
        ([["i", "have", "put"], ["i've", "put"], ["i", "put"], ["put"]], ["on", "the", "shelf"], .en),
        ([["j'ai", "remis"], ["je", "remets"], ["remettre"], ["remets"]], ["sur", "l'etagere"], .fr),
    ]

    /// How "has Dune …?" ends when it asks whether the book is back.
    private static let returnedTails: [[String]] = [["been", "returned"], ["been", "brought", "back"], ["come", "back"], ["been", "given", "back"]]

    /// How "what categories does Dune …" ends.
    private static let categoryQuestionTails: [[String]] = [["have"], ["carry"], ["belong", "to"], ["fall", "under"], ["fall", "into"], ["come", "under"]]

    /// `words` with a French object pronoun ("le", "la", "l'") moved after the infinitive it
    /// stands before, as "ça"; nil when there is none. Not the first word ("la liste"), and
    /// only before a verb of books ("le lire", "l'emprunter").
    static func frenchPronounAfterVerb(_ words: [String], folded: [String]) -> [String]? {
        guard folded.count >= 3 else { return nil }
        for index in 1..<folded.count {
            let word = folded[index]
            if (word == "le" || word == "la"), index + 1 < folded.count, pronounVerbs.contains(folded[index + 1]) {
                var moved = words
                moved.remove(at: index)
                moved.insert("ça", at: index + 1)
                return moved
            }
            if word.hasPrefix("l'"), pronounVerbs.contains(String(word.dropFirst(2))) {
                var moved = words
                moved[index] = String(words[index].dropFirst(2))
                moved.insert("ça", at: index + 1)
                return moved
            }
        }
        return nil
    }
    private static let pronounVerbs: Set<String> = [
        "rendre", "garder", "prolonger", "emprunter", "reserver", "prendre", "avoir", "ramener", "rapporter", "lire", "renouveler",
        "passer", "preter", "signaler", "supprimer", "montrer",
    ]

    /// The message with its phrasing replaced by the verb it means; a request's lead-in only
    /// when a verb follows it. A verb written with a colon ("return: Dune") loses the colon.
    /// Nil when nothing changed.
    /// How many lead-ins deep a request is read ("can you tell me who's got Dune" is two): a
    /// message of thousands ("can you can you …") is not read thousands of times.
    private static let deepestRephrasing = 3

    private static func rephrase(_ words: [String], folded: [String], cues: inout [Language], depth: Int = 0) -> [String]? {
        guard depth < deepestRephrasing else { return nil }
        // "je peux le garder plus longtemps ?", "quand dois-je le rendre ?", "je voudrais
        // l'emprunter": the pronoun before the verb is the book last named, said after it ("ça").
        if let moved = frenchPronounAfterVerb(words, folded: folded) {
            cues.append(.fr)
            return rephrase(moved, folded: moved.map(foldWord), cues: &cues, depth: depth + 1) ?? moved
        }
        if let first = folded.first, first.count > 1, first.hasSuffix(":") {
            let bare = String(first.dropLast())
            if VerbForm.anyStarts(withWord: bare) {
                return [String(words[0].dropLast())] + words.dropFirst()
            }
        }
        // "who has: Dune", "cancel hold: Dune": a verb of several words, then a colon.
        // (Not a pasted line of help or of a reply: a few words after the colon, no ";".)
        if folded.count > 2, folded.count <= 12, !folded.contains(where: { $0.utf8.contains(UInt8(ascii: ";")) }),
           let colon = folded.prefix(3).dropFirst().firstIndex(where: { $0.count > 1 && $0.hasSuffix(":") }) {
            var verb = Array(folded[...colon])
            verb[colon].removeLast()
            // (A verb that takes nothing, "who has what:", heads a pasted reply.)
            if VerbForm.starting(verb[...]).contains(where: { $0.words.count == verb.count && !Self.takesNothing.contains($0.text) }) {
                var words = words
                words[colon].removeLast()
                return words
            }
        }
        // "how do I return a book?", "how can I borrow Dune", "comment emprunter un livre ?": how
        // to use a command, which its help says.
        // After "how to", only a verb with no book, or any book: "How to Take Smart Notes" is a title.
        if let lead = Self.howToLeads.first(where: { folded.count > $0.words.count && folded.starts(with: $0.words) }),
           let form = VerbForm.starting(folded[lead.words.count...]).first,
           lead.words != ["how", "to"] || folded.count == lead.words.count + form.words.count
               || Self.anyBook.contains(Array(folded.dropFirst(lead.words.count + form.words.count))) {
            let language = form.language ?? lead.language
            cues.append(language)
            return [language.pick("help", "aide")] + words[lead.words.count..<(lead.words.count + form.words.count)]
        }
        // "how many copies of Dune are available?", "… do we have", "combien d'exemplaires de
        // Dune avons-nous ?": who has each copy.
        for (lead, language) in [(["how", "many", "copies", "of"], Language.en), (["combien", "d'exemplaires", "de"], .fr)] where folded.starts(with: lead) {
            if let tail = Self.copyCountTails.first(where: { folded.count > lead.count + $0.count && folded.suffix($0.count).elementsEqual($0) }) {
                cues.append(language)
                return (language == .en ? ["who", "has"] : ["qui", "a"]) + words[lead.count..<(folded.count - tail.count)]
            }
        }
        // "who is Ben?", "who's Ben Okafor?": what `who has Ben` says, a member's books (or who
        // has a book so named). A name of one to three words, each capitalised, or a mention.
        let askedWho = folded.starts(with: ["who", "is"]) ? 2 : folded.first == "who's" ? 1 : 0
        if askedWho > 0, (1...3).contains(folded.count - askedWho), words.dropFirst(askedWho).allSatisfy(looksLikeName) {
            cues.append(.en)
            return ["who", "has"] + words.dropFirst(askedWho)
        }
        // "send Ben a reminder about Dune", "give Ben a nudge": a reminder to Ben (of Dune).
        if folded.count >= 4, ["send", "give"].contains(folded[0]),
           let a = folded.indices.dropFirst(2).prefix(3).first(where: { folded[$0] == "a" && folded.indices.contains($0 + 1) && ["reminder", "nudge"].contains(folded[$0 + 1]) }),
           words[1..<a].allSatisfy(looksLikeName) {
            // Nothing after, a book after "about", or when ("… a reminder tomorrow" is no book:
            // `remind Ben tomorrow`, a plan).
            let after = Array(words[(a + 2)...])
            let when = timeSaid(after) != nil
            if after.isEmpty || when || after.count > 1 && ["about", "for", "of"].contains(foldWord(after[0])) {
                cues.append(.en)
                return ["remind"] + words[1..<a] + (after.isEmpty || when ? after : ["about"] + after.dropFirst())
            }
        }
        // "tell Ben Dune is due", "remind Ben that Dune is overdue": a reminder to Ben of Dune
        // (a name of one word, or any before "that").
        if folded.count >= 5, ["tell", "remind"].contains(folded[0]),
           let due = [["is", "due"], ["is", "overdue"], ["is", "late"], ["is", "due", "back"]].first(where: { folded.suffix($0.count).elementsEqual($0) }) {
            let end = folded.count - due.count
            let that = folded[2..<end].firstIndex(of: "that")
            let nameEnd = that ?? 2
            let bookStart = that.map { $0 + 1 } ?? 2
            if nameEnd > 1, nameEnd <= 4, bookStart < end, words[1..<nameEnd].allSatisfy(looksLikeName) {
                cues.append(.en)
                return ["remind"] + words[1..<nameEnd] + ["about"] + words[bookStart..<end]
            }
        }
        // "call me Anna", "my name is Anna", "je m'appelle Zoé": the name is the chat profile's,
        // which "who am I" says, with what goes under it.
        if let lead = Self.namingLeads.first(where: { folded.count > $0.words.count && folded.count <= $0.words.count + 3 && folded.starts(with: $0.words) }),
           words[lead.words.count].first?.isUppercase == true {
            cues.append(lead.language)
            return lead.language == .fr ? ["qui", "suis-je"] : ["who", "am", "I"]
        }
        // "Dune will be late", "Dune va être en retard": as "I'll be late with Dune", more time
        // asked about. (A title, capitalised, or the book last named; not "Ben will be late",
        // which the handler's offer finds no book for.)
        if let tail = Self.lateTails.first(where: { folded.count > $0.words.count && folded.suffix($0.words.count).elementsEqual($0.words) }),
           folded.count - tail.words.count <= 12, words[0].first?.isUppercase == true || ["it", "my", "il", "elle", "mon", "ma"].contains(folded[0]) {
            cues.append(tail.language)
            return (tail.language == .en ? ["i'll", "be", "late", "with"] : ["je", "serai", "en", "retard", "pour"]) + words.dropLast(tail.words.count)
        }
        // "what does checkout do?", "how does `hold` work?", "que fait réserver ?": the verb's help.
        if let frame = Self.verbQuestions.first(where: { folded.count > $0.lead.count + $0.end.count && folded.starts(with: $0.lead)
                                                         && folded.suffix($0.end.count).elementsEqual($0.end) }) {
            let asked = folded[frame.lead.count..<(folded.count - frame.end.count)].map { $0.trimming("`'\"‘’") }
            if let form = VerbForm.starting(asked[...]).first(where: { $0.words.count == asked.count }) {
                cues.append(form.language ?? frame.language)
                return [(form.language ?? frame.language).pick("help", "aide")] + asked
            }
        }
        // "let me know when Dune is back", "préviens-moi quand Dune revient": a place in its line,
        // which is how a member is told.
        if let lead = Self.whenBackLeads.first(where: { folded.count > $0.words.count && folded.starts(with: $0.words) }) {
            // "when it's back", "when Dune's in": the "is" written with the book.
            var (words, folded) = (words, folded)
            if let index = folded.indices.dropLast().last(where: { folded[$0].hasSuffix("'s") }), index >= lead.words.count,
               Self.backTails.contains(where: { $0.first == "is" && folded[(index + 1)...].elementsEqual($0.dropFirst()) }) {
                words[index].removeLast(2)
                folded[index].removeLast(2)
                words.insert("is", at: index + 1)
                folded.insert("is", at: index + 1)
            }
            if let tail = Self.backTails.first(where: { folded.count > lead.words.count + $0.count && folded.suffix($0.count).elementsEqual($0) }) {
                cues.append(lead.language)
                return [lead.language.pick("hold", "réserver")] + words[lead.words.count..<(words.count - tail.count)]
            }
        }
        // "I lost Dune", "Dune is damaged", "report Dune as lost", "j'ai perdu Dune": a report.
        // Not a command that says what it is ("who has Everything Is Broken").
        if let (report, tail) = framing(folded, Self.reports, ends: Self.reportEnds, lead: \.lead, tails: \.tails),
           !report.lead.isEmpty || !VerbForm.anyStarts(folded),
           // "what is broken?", "anything damaged?": a question about the shelf, not a book.
           !(folded.count - report.lead.count - tail.count == 1 && ["what", "which", "anything", "something", "nothing", "quoi"]
               .contains(folded[report.lead.count])) {
            // "I lost my copy of Dune" is about Dune; "I lost my place in line" about no book.
            var start = report.lead.count
            if let copy = Self.copyOf.first(where: { folded[start...].starts(with: $0) && folded.count - tail.count > start + $0.count }) {
                start += copy.count
            }
            // ("I lost my book", "mon livre est abîmé": the member's one book, the library says which.)
            let ownBook = [["my", "book"], ["my", "copy"], ["my", "library", "book"], ["mon", "livre"]].contains(Array(folded[start..<(folded.count - tail.count)]))
            if ownBook || !["my", "mon", "ma", "mes"].contains(folded[start]) {
                cues.append(report.language)
                return report.verb.split(separator: " ").map(String.init) + words[start..<(words.count - tail.count)]
            }
        }
        // "can I get Dune when Ben is done?", "je voudrais Dune quand Ben l'aura fini": someone
        // has it and the member would be next, a place in its line.
        // (The ending first: it rules out almost every message by its last word.)
        if let tail = waitingForSomeone(folded), let (lead, language) = Self.nextAfterSomeoneLeads.first(where: { folded.starts(with: $0.words) }),
           folded.count > lead.count + tail {
            cues.append(language)
            return [language.pick("hold", "réserver")] + words[lead.count..<(words.count - tail)]
        }
        // "keep Dune for me", "set Dune aside", "I want Dune next", "mets Dune de côté": a place
        // in its line.
        if let (request, tail) = framing(folded, Self.setAside, ends: Self.setAsideEnds, lead: \.lead, tails: \.tails) {
            cues.append(request.language)
            return [request.language.pick("hold", "réserver")] + words[request.lead.count..<(words.count - tail.count)]
        }
        // "join Dune's queue", "add me to the Dune waitlist": its line, named by the book.
        if let book = lineNamedByBook(words, folded: folded) {
            cues.append(.en)
            return ["hold"] + book
        }
        // "how many days left on Dune?", "how long until Dune is due?", "combien de jours il me
        // reste pour Dune ?": who has it, and until when.
        if let (question, tail) = framing(folded, Self.timeLeft, ends: Self.timeLeftEnds, lead: \.lead, tails: \.tails) {
            cues.append(question.language)
            return [question.language.pick("who", "qui"), question.language.pick("has", "a")] + words[question.lead.count..<(words.count - tail.count)]
        }
        // "I can't find Dune on the shelf", "where did Dune go?", "can someone return Dune?",
        // "je ne trouve pas Dune": who has it (a request to others returns nothing).
        if let (question, tail) = framing(folded, Self.whereabouts, ends: Self.whereaboutsEnds, lead: \.lead, tails: \.tails) {
            cues.append(question.language)
            // ("I can't find my copy of Dune": Dune.)
            var start = question.lead.count
            if let copy = Self.copyOf.first(where: { folded[start...].starts(with: $0) && folded.count - tail.count > start + $0.count }) {
                start += copy.count
            }
            return [question.language.pick("who", "qui"), question.language.pick("has", "a")] + words[start..<(words.count - tail.count)]
        }
        // "Dune - who has it?", "Dune: who's got it?", "Dune, qui l'a ?": who has that book.
        // (The mark may end the title's last word: "Dune: who has it?".)
        if folded.count > 2, let (tail, language) = Self.questionsAfterTitle
            .first(where: { folded.count > $0.words.count && folded.suffix($0.words.count).elementsEqual($0.words) }) {
            var book = Array(words.dropLast(tail.count))
            var separated = false
            if let last = book.last, ["-", "--", "\u{2013}", "\u{2014}", ":", ","].contains(last) {
                book.removeLast()
                separated = true
            } else if let last = book.last, let mark = last.last, ":,".contains(mark) {
                book[book.count - 1] = String(last.dropLast())
                separated = true
            }
            if separated, !book.isEmpty {
                cues.append(language)
                return [language.pick("who", "qui"), language.pick("has", "a")] + book
            }
        }
        // "we got 2 more copies of Dune", "I bought three copies of Dune": as many copies added.
        if folded.count > 4, folded[0] == "we" || folded[0] == "i",
           let lead = Self.receivedLeads.first(where: { folded.count > $0.count + 2 && folded.starts(with: $0) }),
           Int(folded[lead.count]).map({ (2...CommandHandler.mostBooksAtOnce).contains($0) }) ?? (copyCounts[folded[lead.count]] != nil),
           Self.severalCopiesLeads.contains(where: { folded.count > lead.count + 1 + $0.count && folded[(lead.count + 1)...].starts(with: $0) }) {
            cues.append(.en)
            return ["add"] + words[lead.count...]
        }
        // "check Dune in", "sign Dune out to me", "more time on Dune": the verb, its particle
        // after the book.
        // Not of a person ("Take Me Home" is a title), nor "check it out", which says "look".
        if let (request, tail) = framing(folded, Self.particleAfterBook, ends: Self.particleEnds, lead: \.lead, tails: \.tails),
           case let middle = folded[request.lead.count..<(folded.count - tail.count)],
           middle.count != 1 || !["me", "us", "you", "him", "her"].contains(middle.first ?? "") && !(tail.first == "out" && middle.first == "it") {
            cues.append(.en)
            return [request.verb] + words[request.lead.count..<(words.count - tail.count)]
        }
        // "take Dune off hold", "remove Dune from my list": leaving its line.
        if let (request, tail) = framing(folded, Self.offTheLine, ends: Self.offTheLineEnds, lead: \.lead, tails: \.tails) {
            cues.append(.en)
            // "remove me from the queue", "take me off the list": the line the member is in.
            let book = words[request.lead.count..<(words.count - tail.count)]
            return book.count == 1 && ["me", "myself"].contains(foldWord(book[book.startIndex])) ? ["cancel", "hold"] : ["cancel", "hold"] + book
        }
        // "has Dune been returned?", "has Dune come back?": who has it now.
        if let (_, tail) = framing(folded, [["has"]], lead: { $0 }, tails: { _ in Self.returnedTails }) {
            cues.append(.en)
            return ["who", "has"] + words[1..<(words.count - tail.count)]
        }
        // "what's Dune about?", "what is Dune about": everything about the book.
        // ("what's everyone reading about" asks about people, not a book.)
        if folded.count > 2, folded.last == "about", folded[0] == "what's" || folded.count > 3 && folded.starts(with: ["what", "is"]) {
            let start = folded[0] == "what's" ? 1 : 2
            if !["everyone", "everybody", "anyone", "anybody", "people", "you", "we", "he", "she", "they"].contains(folded[start]) {
                cues.append(.en)
                return ["show"] + words[start..<(words.count - 1)]
            }
        }
        // "what genre is Dune?", "which category is Dune in", "what categories does Dune have":
        // everything about the book, its categories with it.
        // ("what genres do you have", "what categories are there" ask for the library's.)
        if folded.count > 3, ["what", "which"].contains(folded[0]), ["category", "categories", "genre", "genres"].contains(folded[1]),
           !["there", "here", "you", "we", "they", "available", "popular", "most"].contains(folded[3]) {
            var end = words.count
            if ["is", "are"].contains(folded[2]), words[end - 1] == "in" { end -= 1 }
            else if folded[2] == "does", let tail = Self.categoryQuestionTails.first(where: { folded.count > 3 + $0.count && folded.suffix($0.count).elementsEqual($0) }) {
                end -= tail.count
            } else if !["is", "are"].contains(folded[2]) { end = 0 }
            if end > 3 {
                cues.append(.en)
                return ["show"] + words[3..<end]
            }
        }
        // "prends-le", "réserve-la", "rends-le-moi": the verb, of the book last named ("ça").
        if let first = folded.first, let dash = first.firstIndex(of: "-"),
           ["-le", "-la", "-le-moi", "-la-moi"].contains(first[dash...]), let verb = Self.frenchImperatives[String(first[..<dash])] {
            cues.append(.fr)
            return [verb, "ça"] + words.dropFirst()
        }
        // "do you know where Dune is?", "any idea where Dune is?", "where is Dune kept": who has it.
        if folded.count > 2, folded.last == "is" || folded.last == "kept",
           let lead = [["do", "you", "know", "where"], ["does", "anyone", "know", "where"], ["any", "idea", "where"], ["where", "is"], ["where's"]]
            .first(where: { folded.count > $0.count + 1 && folded.starts(with: $0) }),
           lead.first != "where" && lead.first != "where's" || folded.last == "kept" {
            cues.append(.en)
            return ["who", "has"] + words[lead.count..<(words.count - 1)]
        }
        // "marquer Dune comme rendu": a return.
        if folded.count > 3, folded[0] == "marquer",
           let tail = [["comme", "rendu"], ["comme", "rendue"], ["comme", "disponible"], ["rendu"], ["rendue"]]
            .first(where: { folded.count > $0.count + 1 && folded.suffix($0.count).elementsEqual($0) }) {
            cues.append(.fr)
            return ["rendre"] + words[1..<(words.count - tail.count)]
        }
        // "mark Dune returned", "mark Dune as available", "set Dune as available": a return (not a
        // question of whether it is: "Mark Twain available?" stays one).
        if folded.count > 2, folded[0] == "mark" || folded[0] == "set",
           let tail = [["as", "available"], ["as", "returned"], ["returned"]].first(where: { folded.count > $0.count + 1 && folded.suffix($0.count).elementsEqual($0) }),
           tail.first == "as" || folded[0] == "mark" {
            cues.append(.en)
            return ["return"] + words[1..<(words.count - tail.count)]
        }
        // "tu as Dune ?", "vous avez Le Petit Prince ?": qui a (a title is capitalised; "tu as
        // des livres de Hugo ?" is a search).
        // (A title's few words: not a reply pasted back, "Vous avez Dune depuis mar. 1 déc.")
        if let lead = [["tu", "as"], ["vous", "avez"], ["t'as"]].first(where: { folded.count > $0.count && folded.count <= $0.count + 8 && folded.starts(with: $0) }),
           let next = words[lead.count].first, next.isUppercase || next == "#",
           !words[lead.count...].contains(where: { $0.contains(where: { ",:;().".contains($0) }) }) {
            cues.append(.fr)
            return ["qui", "a"] + words[lead.count...]
        }
        // "do you have any sci-fi available?", "is there any fantasy on the shelf?", "what's
        // available in sci-fi?": a search among the books on the shelf.
        if let lead = Self.shelfQuestionLeads.first(where: { folded.count > $0.words.count && folded.starts(with: $0.words) }) {
            let rest = Array(words[lead.words.count...])
            let shelf = onShelfOnly(rest.joined(separator: " "))
            if lead.saysShelf || shelf.onShelf {
                cues.append(lead.language)
                // "any copies of Dune available?": that book's copies, which `who has` lists.
                let asked = shelf.text.split(separator: " ").map(String.init)
                if let copies = [["copy", "of"], ["copies", "of"], ["a", "copy", "of"], ["exemplaires", "de"]]
                    .first(where: { asked.count > $0.count && asked.prefix($0.count).map(foldWord).elementsEqual($0) }) {
                    return lead.language.pick("who has", "qui a").split(separator: " ").map(String.init) + asked[copies.count...]
                }
                return [lead.language.pick("search", "chercher")] + rest + (lead.saysShelf ? ["available"] : [])
            }
        }
        // "is Dune reserved?", "is Dune on hold": its details, which list who waits.
        if folded.count >= 3, folded[0] == "is",
           let tail = [["reserved"], ["on", "hold"], ["held"]].first(where: { folded.count > $0.count + 1 && folded.suffix($0.count).elementsEqual($0) }) {
            cues.append(.en)
            return ["show"] + words[1..<(words.count - tail.count)]
        }
        // "is Dune available?", "is Dune in", "is Dune on the shelf": who has it.
        if folded.count >= 3, folded[0] == "is", !["anything", "something", "everything"].contains(folded[1]),
           let tail = Self.availabilityTails.first(where: { folded.count > $0.count + 1 && folded.suffix($0.count).elementsEqual($0) }) {
            cues.append(.en)
            return ["who", "has"] + words[1..<(words.count - tail.count)]
        }
        // "est-ce que Dune est disponible ?", "Dune est-il libre ?": qui a Dune (not when a verb
        // leads: "qui a Le loup est là" names a title).
        // ("qui est en retard ?" asks for the people, not about a book.)
        if let tail = Self.frenchAvailabilityTails.first(where: { folded.count > $0.count && folded.suffix($0.count).elementsEqual($0) }),
           !VerbForm.anyStarts(folded), folded != ["qui"] + tail,
           // ("qu'est-ce qui est disponible ?", "quels livres sont en retard ?" ask for a list.)
           !["qu'est-ce", "quoi", "quels", "quelles", "lesquels", "lesquelles"].contains(folded[0]) {
            let lead = folded.starts(with: ["est-ce", "que"]) ? 2 : 0
            if folded.count > lead + tail.count {
                cues.append(.fr)
                // "il est disponible ?", "elle est libre ?": the book last named.
                if [["il"], ["elle"], ["est-ce", "qu'il"], ["est-ce", "qu'elle"]].contains(Array(folded[lead..<(folded.count - tail.count)])) {
                    return ["qui", "a", "ça"]
                }
                return ["qui", "a"] + words[lead..<(words.count - tail.count)]
            }
        }
        // "put Dune on the shelf", "remettre Dune sur l'étagère": a return. The place stays, for
        // the library to drop unless it ends the title ("put The Elf on the Shelf").
        for (leads, place, language) in Self.putOnShelf {
            guard folded.count > place.count + 1, folded.suffix(place.count).elementsEqual(place),
                  let lead = leads.first(where: { folded.count > $0.count + place.count && folded.starts(with: $0) }) else { continue }
            cues.append(language)
            // "put it on the shelf": the book last named, the place dropped.
            let book = words[lead.count..<(words.count - place.count)]
            if LastNamedBook.pointsBack(book.joined(separator: " ")) { return [language.pick("return", "rendre")] + book }
            return [language.pick("return", "rendre")] + words[lead.count...]
        }
        // "Dune available?", "Dune is on the shelf?", "Dune dispo ?": who has it (not after a
        // verb, nor about anything: "what's available" is the list).
        if let (tail, language) = Self.bareAvailabilityTails.first(where: { folded.count > $0.words.count && folded.suffix($0.words.count).elementsEqual($0.words) })
            .map({ ($0.words, $0.language) }),
           !VerbForm.anyStarts(folded), let first = folded.first,
           // ("lsit available" is `list available` misspelt.)
           !(folded.count == tail.count + 1 && words[0].first?.isLowercase == true && ["list", "liste"].contains(closestVerb(to: [first])?.text ?? "")),
           !questionWords.contains(first), !["anything", "something", "everything", "nothing", "any", "all", "is", "are", "what's", "whats", "books", "livres",
                                             "qu'est-ce", "quels", "quelles"].contains(first),
           // ("il y a quoi de dispo ?" asks for the list.)
           !folded.dropLast(tail.count).contains("quoi"),
           // (Late, a sentence is no book: "… and each day it is overdue".)
           tail != ["is", "overdue"] || folded.count <= 10 && !words.contains(where: { $0.hasSuffix(",") }),
           // ("Dune back on the shelf", told, is a return: the handler reads it, as "Dune back".)
           !(tail == ["on", "the", "shelf"] && folded.dropLast(tail.count).last == "back") {
            cues.append(language)
            // "il est où ?", "elle est dispo ?": the book last named.
            if language == .fr, [["il"], ["elle"], ["il", "est"], ["elle", "est"]].contains(Array(folded.dropLast(tail.count))) { return ["qui", "a", "ça"] }
            return (language == .en ? ["who", "has"] : ["qui", "a"]) + words[..<(words.count - tail.count)]
        }
        if let question = someoneElsesQuestion(words, folded: folded, cues: &cues) { return question }
        if let question = whenQuestion(words, folded: folded, cues: &cues) { return question }
        // "lend Dune to Ana", "loan out Dune to Ana", "prête Dune à Ana": a checkout for Ana.
        if let first = folded.first, let (to, verb, language) = Self.lendings[first],
           // ("lend Out of Africa to Ana": a capital is a title's.)
           case let start = language == .en && folded.count > 3 && words[1] == "out" ? 2 : 1,
           let index = folded.lastIndex(of: to), index > start, index < folded.count - 1 {
            cues.append(language)
            return [verb] + words[start..<index] + [language == .en ? "as" : "pour"] + words[(index + 1)...]
        }
        // "rename Dune to Arrakis", "renommer Dune en Arrakis": a new title; "change the author
        // of Emma to Jane Austen": a new author. An edit, the first "to" / "en" ending the book.
        if let edit = editInWords(words, folded: folded, cues: &cues) { return edit }
        // "keep Dune longer", "keep Dune for another week", "garder Dune plus longtemps": a
        // renewal (its length is the library's). "Keep the Aspidistra Flying" stays a title.
        // "keep Dune until Friday", "I need Dune for another week" too.
        if folded.count > 2, let keep = Self.keepLeads.first(where: { folded.count > $0.words.count + 1 && folded.starts(with: $0.words) }) {
            // "can I have another week with Dune", "can I get two more weeks on Dune": the length
            // first.
            if Self.keepOrHaveLeads.contains(keep.words),
               let with = folded.indices.dropFirst(keep.words.count + 1).prefix(6).first(where: { ["with", "on", "for", "avec", "pour"].contains(folded[$0]) }),
               with < folded.count - 1, case let length = folded[keep.words.count..<with],
               length.contains(where: Self.moreTimeWords.contains), isDuration(length.joined(separator: " ")) {
                cues.append(keep.language)
                return [keep.verb] + words[(with + 1)...]
            }
            // The length said in at most seven words: a pasted page is not cut at every word.
            for cut in max(keep.words.count + 1, folded.count - 7)..<folded.count {
                let tail = folded[cut...].filter { !["for", "pour", "pendant", "encore"].contains($0) }
                guard Self.longer.contains(Array(tail)) || isDuration(tail.joined(separator: " ")) || Self.isUntil(tail) else { continue }
                if Self.keepOrHaveLeads.contains(keep.words),
                   !tail.contains(where: Self.moreTimeWords.contains) { break }
                cues.append(keep.language)
                return [keep.verb] + words[keep.words.count..<cut]
            }
        }
        // "give back Dune": a return; "give Back to the Future to Ben" is a hand-over.
        if folded.count > 2, folded[0] == "give" || folded[0] == "hand", folded[1] == "back", !folded.contains("to") {
            cues.append(.en)
            return ["return"] + words.dropFirst(2)
        }
        // "do I have Dune?", "is Dune mine?": who has it, which says whether the asker does
        // ("do I have to …", "do I have any …" are other questions: a title is capitalised).
        if folded.count > 3, folded.starts(with: ["do", "i", "have"]), words[3].first.map({ $0.isUppercase || $0 == "#" }) == true {
            cues.append(.en)
            return ["who", "has"] + words.dropFirst(3)
        }
        if folded.count > 2, folded[0] == "is", folded.last == "mine" {
            cues.append(.en)
            return ["who", "has"] + words[1..<(words.count - 1)]
        }
        if let tail = [["c'est", "a", "moi"], ["est", "a", "moi"]].first(where: { folded.count > $0.count && folded.suffix($0.count).elementsEqual($0) }) {
            cues.append(.fr)
            return ["qui", "a"] + words.dropLast(tail.count)
        }
        // "how many books do we have", "how many books are overdue": the list, which counts them;
        // "how many books do I have": the member's.
        if folded.first == "how", folded.starts(with: Self.howMany) {
            cues.append(.en)
            if [["do", "i", "have"], ["have", "i", "got"]].contains(Array(folded.dropFirst(3))) { return ["my", "books"] }
            if let asked = borrowedHowMany(Array(words.dropFirst(3)), folded: Array(folded.dropFirst(3))) { return asked }
            // "how many books by Tolkien (do we have)?", "how many books are there by Tolkien": his books.
            if let by = folded.indices.dropFirst(3).first(where: { folded[$0] == "by" }), by + 1 < folded.count {
                var author = Array(words[(by + 1)...])
                if let tail = Self.searchTails.first(where: { author.count > $0.count && author.suffix($0.count).map(foldWord).elementsEqual($0) }) {
                    author.removeLast(tail.count)
                }
                return ["search"] + author
            }
            // "how many books can I borrow?": the rules say there is no limit.
            if folded.dropFirst(3).starts(with: ["can", "i"]) || folded.dropFirst(3).starts(with: ["may", "i"]) || folded.dropFirst(3).starts(with: ["can", "we"]) {
                return ["rules"]
            }
            guard folded.dropFirst(3).first == "are" else { return ["list"] }
            // "… are there (in the library)": all of them; "… are on the shelf", "… are out": those.
            switch Array(folded.dropFirst(4)) {
            case ["there"], ["there", "in", "the", "library"], ["in", "the", "library"], ["there", "on", "the", "list"]: return ["list"]
            case ["on", "the", "shelf"], ["in"]: return ["list", "available"]
            case ["out"], ["on", "loan"], ["borrowed"]: return ["list", "checked", "out"]
            default: return ["list"] + words.dropFirst(4)
            }
        }
        if folded.first == "combien", folded.starts(with: Self.combien) {
            cues.append(.fr)
            if [["ai-je"], ["j'ai"], ["est-ce", "que", "j'ai"]].contains(Array(folded.dropFirst(3))) { return ["mes", "livres"] }
            if let asked = empruntésCombien(Array(words.dropFirst(3)), folded: Array(folded.dropFirst(3))) { return asked }
            if ["puis-je", "peut-on"].contains(folded.dropFirst(3).first) || folded.dropFirst(3).starts(with: ["je", "peux"]) { return ["règles"] }
            let rest = folded.dropFirst(3).first == "sont" ? Array(words.dropFirst(4)) : []
            return ["liste"] + rest
        }
        // "I'll bring Dune back on Friday", "I'm going to give Dune back": a plan, as "I'll return
        // Dune" is: who has it, until when (the time after "back" goes with the book, which the
        // handler reads as a time).
        if let lead = Self.bringBackLater.first(where: { folded.count > $0.count + 1 && folded.starts(with: $0) }),
           let back = folded.lastIndex(of: "back"), back > lead.count {
            // Where it goes back to says nothing more: "… back to the library tomorrow".
            let place = Self.backPlaces.first { folded[(back + 1)...].starts(with: $0) }?.count ?? 0
            let when = words[(back + 1 + place)...]
            if when.isEmpty || Self.timeSaid(when) != nil {
                cues.append(.en)
                return ["who", "has"] + words[lead.count..<back] + when
            }
        }
        // "I put Dune back", "I brought Dune back": a return. ("I took Dune back" is left
        // alone: it may be a return, or the checkout of a title ending in "Back".)
        if folded.starts(with: ["i", "took"]) || folded.first == "took", folded.last == "back" { return nil }
        if folded.count >= 3, folded.last == "back",
           let lead = Self.putBack.first(where: { folded.starts(with: $0) }), folded.count > lead.count + 1 {
            cues.append(.en)
            return ["return"] + words[lead.count..<(words.count - 1)]
        }
        // "I gave Dune back yesterday": the same, when it was (the handler drops it).
        if folded.count >= 4, let back = folded.lastIndex(of: "back"), back < folded.count - 1,
           let lead = Self.putBack.first(where: { folded.starts(with: $0) }), back > lead.count,
           Self.timeSaid(words[(back + 1)...]) == false {
            cues.append(.en)
            return ["return"] + words[lead.count..<back] + words[(back + 1)...]
        }
        // "ask Ben to return Dune", "demande à Ben de rendre Dune": a reminder sent to Ben.
        if folded.count > 4, folded[0] == "ask" || folded[0] == "tell",
           let to = folded.firstIndex(of: "to"), to > 1, to + 2 < folded.count,
           folded[to + 1] == "return" || folded[(to + 1)...].starts(with: ["bring", "back"]) || folded[(to + 1)...].starts(with: ["give", "back"]) {
            cues.append(.en)
            return ["remind"] + words.dropFirst()
        }
        // "ask Ben to hurry up with Dune", "tell Ben I want Dune", "let Ben know I'm waiting for
        // Dune": a reminder sent to Ben about Dune.
        if folded.count > 4, ["ask", "tell", "let"].contains(folded[0]) {
            for tail in Self.hurryTails where folded.count - tail.count > 2 {
                guard let at = (2..<(folded.count - tail.count)).first(where: { folded[$0...].starts(with: tail) }) else { continue }
                cues.append(.en)
                return ["remind"] + words[1..<at] + ["about"] + words[(at + tail.count)...]
            }
        }
        // "tell Ben to hurry up", "ask Ana to bring back her books": a reminder of all their books.
        if folded.count >= 4, folded.count <= 9, ["ask", "tell", "remind"].contains(folded[0]), looksLikeName(words[1]),
           let tail = Self.hurryAlone.first(where: { folded.count > $0.count + 1 && folded.suffix($0.count).elementsEqual($0) }),
           !folded[1..<(folded.count - tail.count)].contains(where: notInAName.contains) {
            cues.append(.en)
            return ["remind"] + words[1..<(words.count - tail.count)]
        }
        // "ask Ben for Dune": a reminder to Ben about Dune (a name of one to three words).
        if folded.count > 3, folded[0] == "ask", let at = folded.lastIndex(of: "for"), at > 1, at <= 4, at + 1 < folded.count,
           looksLikeName(words[1]),
           !folded[1..<at].contains(where: notInAName.contains),
           // ("ask Ben for help", "ask Ana for a coffee": no book; "A Wrinkle in Time", capitalised, is one.)
           !["help", "advice", "money", "directions", "permission"].contains(folded[at + 1]), !["a", "an", "some"].contains(words[at + 1]) {
            cues.append(.en)
            return ["remind"] + words[1..<at] + ["about"] + words[(at + 1)...]
        }
        if folded.count > 5, folded[0] == "demande" || folded[0] == "demandez", folded[1] == "a",
           let de = folded.firstIndex(of: "de"), de > 2, de + 1 < folded.count, ["rendre", "ramener", "rapporter"].contains(folded[de + 1]) {
            cues.append(.fr)
            return ["rappeler", "à"] + words.dropFirst(2)
        }
        // "mark Dune as lost", "flag Dune as damaged", "mark Dune as found", "mark Dune as a
        // classic": a report of the copy, or one more category.
        if folded.count >= 4, folded[0] == "mark" || folded[0] == "flag", let at = folded.lastIndex(of: "as"), at > 1, at + 1 < folded.count {
            let book = words[1..<at]
            cues.append(.en)
            switch Array(folded[(at + 1)...]) {
            case ["lost"], ["missing"]: return ["report", "lost"] + book
            case ["damaged"], ["broken"], ["torn"]: return ["report", "damaged"] + book
            case ["found"]: return ["report", "found"] + book
            case ["repaired"], ["fixed"]: return ["report", "repaired"] + book
            case ["returned"], ["back"], ["checked", "in"], ["available"], ["available", "again"], ["back", "on", "the", "shelf"]: return ["return"] + book
            default:
                // A member's own reading ("mark Dune as read") is no category of the book.
                guard folded[0] == "mark", !["read", "unread", "done", "finished", "seen", "favorite", "favourite", "mine"].contains(folded[at + 1]) else { break }
                let category = folded[at + 1] == "a" || folded[at + 1] == "an" ? at + 2 : at + 1
                guard category < words.count else { break }
                return ["tag"] + book + ["as"] + words[category...]
            }
        }
        // "I dropped Dune off", "drop Dune off": a return.
        if folded.count >= 3, folded.last == "off",
           let lead = [["i", "dropped"], ["i've", "dropped"], ["dropped"], ["drop"]].first(where: { folded.count > $0.count + 1 && folded.starts(with: $0) }) {
            cues.append(.en)
            return ["return"] + words[lead.count..<(words.count - 1)]
        }
        // "show me Dune", "show me my books", "show me the available books" ("montre-moi …"):
        // what follows is a request, or options of `list`, or else the book to show.
        let showMe = folded.count > 2 && folded[0] == "show" && folded[1] == "me" ? 2
            : folded.count > 1 && ["montre-moi", "montrez-moi"].contains(folded[0]) ? 1
            : folded.count > 2 && ["montre", "montrez"].contains(folded[0]) && folded[1] == "moi" ? 2 : 0
        if showMe > 0 {
            let french = folded[0].hasPrefix("montr")
            var heard = cues
            var request = Array(words.dropFirst(showMe))
            request = rephrase(request, folded: request.map(foldWord), cues: &heard, depth: depth + 1) ?? request
            let foldedRequest = request.map(foldWord)
            cues = heard
            cues.append(french ? .fr : .en)
            if VerbForm.anyStarts(foldedRequest) { return request }
            var listLanguage: Language?
            if parseListOptions(request.joined(separator: " "), language: &listLanguage) != nil { return [french ? "liste" : "list"] + request }
            return [french ? "info" : "show"] + request
        }
        // "get Dune back from Ben", "I need Dune back from Ben Okafor": a reminder to Ben of Dune.
        // "hurry Ben up": of his books.
        if folded.count >= 5, let lead = Self.backFromLeads.first(where: { folded.count > $0.count + 3 && folded.starts(with: $0) }),
           let back = folded.indices.dropFirst(lead.count + 1).first(where: { folded[$0] == "back" && folded.indices.contains($0 + 1) && folded[$0 + 1] == "from" }),
           (1...3).contains(folded.count - back - 2), words[(back + 2)...].allSatisfy(looksLikeName) {
            cues.append(.en)
            return ["remind"] + words[(back + 2)...] + ["about"] + words[lead.count..<back]
        }
        if (3...5).contains(folded.count), folded[0] == "hurry", folded.last == "up", words[1..<(words.count - 1)].allSatisfy(looksLikeName) {
            cues.append(.en)
            return ["remind"] + words[1..<(words.count - 1)]
        }
        // "chase Ben about Dune": a name after it (no verb form: "change" is no typo of it).
        if folded.count >= 2, folded[0] == "chase", looksLikeName(words[1]) {
            cues.append(.en)
            return ["remind"] + words[1...]
        }
        // "Dune est à rendre quand ?", "quand est-ce que Dune est à rendre ?", "Dune is due when?":
        // who has it, until when ("il", "it": the book last named).
        if folded.count >= 3, let last = folded.last, ["quand", "rendre", "rendu", "rendue", "when", "jour"].contains(last),
           let (lead, tail, language) = Self.dueWhenFrames.first(where: { folded.count > $0.lead.count + $0.tail.count && folded.starts(with: $0.lead)
                                                                          && folded.suffix($0.tail.count).elementsEqual($0.tail) }) {
            let book = Array(words[lead.count..<(words.count - tail.count)])
            let pointer = book.count == 1 && ["il", "elle", "it", "it's", "ca", "c'est"].contains(foldWord(book[0]))
            cues.append(language)
            return (language == .en ? ["who", "has"] : ["qui", "a"]) + (pointer ? [language.pick("it", "ça")] : book)
        }
        // "who are the members?", "list members", "qui sont les membres ?": who borrowed, and how
        // much (the whole message: "list members who are late" is another question).
        if (2...4).contains(folded.count), let last = folded.last, last == "members" || last == "membres" || last == "library",
           let language = Self.membersQuestions[folded] {
            cues.append(language)
            return language == .en ? ["top", "readers"] : ["meilleurs", "lecteurs"]
        }
        // "who checked out Dune (last)?", "who checked Dune out", "who has checked out Dune": as
        // "who borrowed …" is read.
        if folded.count > 3, folded[0] == "who" || folded[0] == "who's" {
            let lead = [["who", "checked", "out"], ["who", "has", "checked", "out"], ["who's", "checked", "out"], ["who", "checked"]]
                .first { folded.count > $0.count && folded.starts(with: $0) }
            if let lead, lead.last == "out" || folded.last == "out" {
                let book = words[lead.count..<(words.count - (lead.last == "out" ? 0 : 1))]
                let borrowed = ["who", "borrowed"] + book
                cues.append(.en)
                return rephrase(borrowed, folded: borrowed.map(foldWord), cues: &cues, depth: depth + 1) ?? borrowed
            }
        }
        // "who borrowed Dune last", "who had Dune before (me)": the book's past loans (`show`).
        // A capitalised tail may end the title ("who had Free at Last"): it is left on, for the
        // library to read the whole title first, and the words as a remark only when the whole
        // names nothing.
        if folded.count > 3, folded.starts(with: ["who", "borrowed"]) || folded.starts(with: ["who", "had"]),
           let tail = [["before", "me"], ["before", "you"], ["last"], ["before"], ["recently"]]
            .first(where: { folded.count > $0.count + 2 && folded.suffix($0.count).elementsEqual($0) }) {
            cues.append(.en)
            let capitalised = words[words.count - tail.count].first?.isUppercase == true
            return ["show"] + words[2..<(words.count - (capitalised ? 0 : tail.count))]
        }
        // "who had Dune before Ben": the same, the member named set aside ("Love Before Breakfast",
        // capitalised, stays a title).
        if folded.count > 4, folded.starts(with: ["who", "borrowed"]) || folded.starts(with: ["who", "had"]),
           folded[folded.count - 2] == "before", words[words.count - 2].first?.isLowercase == true, looksLikeName(words[words.count - 1]) {
            cues.append(.en)
            return ["show"] + words[2..<(words.count - 2)]
        }
        // "how many times has Dune been borrowed?", "how often was Dune read", "combien de fois
        // Dune a été emprunté ?": its details, which say how many times, and its last loans.
        if folded.count > 4, let lead = [["how", "many", "times", "has"], ["how", "many", "times", "was"], ["how", "often", "has"], ["how", "often", "was"],
                                         ["how", "many", "times", "have"], ["how", "often", "is"], ["combien", "de", "fois"]]
            .first(where: { folded.starts(with: $0) }),
           let tail = [["been", "borrowed"], ["been", "read"], ["been", "lent"], ["been", "checked", "out"], ["borrowed"], ["read"], ["lent"],
                       ["a", "ete", "emprunte"], ["a", "ete", "lu"], ["a", "ete", "prete"]]
            .first(where: { folded.count > lead.count + $0.count && folded.suffix($0.count).elementsEqual($0) }) {
            let french = lead[0] == "combien"
            cues.append(french ? .fr : .en)
            // ("combien de fois a-t-on emprunté Dune" is left alone: the book ends it.)
            let book = words[lead.count..<(words.count - tail.count)]
            return [french ? "info" : "show"] + book
        }
        // "Dune history", "Dune loan history": the book's details and last loans ("my history",
        // "reading history" are the member's own; "Ben history", no book, is Ben's).
        // ("Ben's history", "what's Ben's reading history", "can you show my history": someone's,
        // read elsewhere.)
        if folded.count > 1, folded.count <= 12, folded.last == "history", !folded.contains(where: { $0.hasSuffix("'s") || $0.hasSuffix("’s") }) {
            let end = folded.count > 2 && ["loan", "borrowing"].contains(folded[folded.count - 2]) ? words.count - 2 : words.count - 1
            if end > 0, folded[..<end] != ["the"], !folded[..<end].contains(where: Self.notInABookHistory.contains), !VerbForm.anyStarts(Array(folded[..<end])) {
                cues.append(.en)
                return ["show"] + words[..<end]
            }
        }
        // "qui a emprunté Dune en dernier", "qui a eu Dune avant moi": the same in French.
        if folded.count > 4, folded.starts(with: ["qui", "a", "emprunte"]) || folded.starts(with: ["qui", "a", "eu"]),
           let tail = [["en", "dernier"], ["avant", "moi"], ["avant"], ["dernierement"], ["recemment"]]
            .first(where: { folded.count > $0.count + 3 && folded.suffix($0.count).elementsEqual($0) }) {
            cues.append(.fr)
            return ["info"] + words[3..<(words.count - tail.count)]
        }
        // "who borrowed Dune the most?", "who has read Dune most often", "qui a le plus emprunté
        // Dune ?": its details, which say who borrowed it the most. (A capital may end a title.)
        if folded.count > 3, folded[0] == "who" || folded[0] == "qui", words.last?.first?.isUppercase != true || folded[0] == "qui",
           let (lead, language) = Self.mostReadLeads.first(where: { folded.count > $0.words.count && folded.starts(with: $0.words) }),
           let tail = language == .fr ? [] : Self.mostTails.first(where: { folded.count > lead.count + $0.count && folded.suffix($0.count).elementsEqual($0) }),
           // ("who borrowed the most": the top readers.)
           !folded[lead.count..<(folded.count - tail.count)].allSatisfy({ TextKey.isLittleWord(Substring($0)) }) {
            cues.append(language)
            return [language.pick("show", "info")] + words[lead.count..<(words.count - tail.count)]
        }
        // "has Ben returned Dune?", "did Ben return Dune?", "did Ana give Dune back", "did I
        // give Dune back?": the book's details and last loans, as "did I return Dune?" is.
        if folded.count > 3, folded[0] == "has" || folded[0] == "did", !Self.notSomeone.contains(folded[1]) || folded[0] == "did" && folded[1] == "i" {
            let (verbs, split) = folded[0] == "has" ? ([["returned"], ["brought", "back"], ["given", "back"]], ["brought", "given"])
                                                    : ([["return"], ["bring", "back"], ["give", "back"]], ["bring", "give"])
            if let verb = verbs.first(where: { folded[2...].starts(with: $0) && folded.count > 2 + $0.count }) {
                cues.append(.en)
                return ["show"] + withoutAskedEnd(Array(words[(2 + verb.count)...]))
            }
            // "did Ana give Dune back", "has Ana given Dune back yet"
            let asked = withoutAskedEnd(words)
            if split.contains(folded[2]), asked.count > 4, foldWord(asked[asked.count - 1]) == "back" {
                cues.append(.en)
                return ["show"] + asked[3..<(asked.count - 1)]
            }
        }
        // "did I give Dune to Ben?", "did Ana pass Dune to Ben Okafor?", "has Ana lent Dune to
        // me?", "did I give Dune to the library?": the book's details and last loans, which say
        // it. Asked, nothing is passed on.
        if folded.count >= 5, folded.count <= 24, let given = ["did": Self.passVerbs, "has": Self.passedVerbs, "have": Self.passedVerbs][folded[0]],
           let verbAt = (2...4).first(where: { $0 < folded.count && given.contains(folded[$0]) }),
           words[1..<verbAt].allSatisfy({ looksLikeName($0) || ["i", "you"].contains(foldWord($0)) }),
           let to = folded.lastIndex(of: "to"), to > verbAt + 1, (1...3).contains(folded.count - to - 1),
           words[(to + 1)...].allSatisfy({ looksLikeName($0) || ["me", "you", "him", "her", "them"].contains(foldWord($0)) })
            || isPlace(words[(to + 1)...].joined(separator: " ")) {
            cues.append(.en)
            return ["show"] + words[(verbAt + 1)..<to]
        }
        // "I loved Dune, what next?", "j'ai adoré Dune, et maintenant ?": books like it.
        if let lead = Self.likedLeads.first(where: { folded.count > $0.words.count + 2 && folded.starts(with: $0.words) }),
           let comma = words.indices.dropFirst(lead.words.count).first(where: { words[$0].hasSuffix(",") }),
           Self.whatNext.contains(Array(folded[(comma + 1)...])) {
            cues.append(lead.language)
            var book = Array(words[lead.words.count...comma])
            book[book.count - 1].removeLast()
            return (lead.language == .en ? ["recommend", "like"] : ["des", "livres", "comme"]) + book
        }
        // "Dune by who?": who wrote it, which its details say. (Capitalised, it may end a title.)
        if folded.count > 2, folded.suffix(2).elementsEqual(["by", "who"]) || folded.suffix(2).elementsEqual(["by", "whom"]),
           words.last?.first?.isUppercase != true, !VerbForm.anyStarts(folded) {
            cues.append(.en)
            return ["show"] + words.dropLast(2)
        }
        // "mark Dune as returned": a return.
        if folded.count > 3, folded[0] == "mark", folded.suffix(2).elementsEqual(["as", "returned"]) {
            cues.append(.en)
            return ["return"] + words[1..<(words.count - 2)]
        }
        guard let first = folded.first, let candidates = phrasingsByFirstWord[first] else { return nil }
        // "what did I read last week": the history of a period, not "what did I read last" + "week".
        let periodStart = LoanPeriod.trailing(folded).map { folded.count - $0.count } ?? folded.count
        for phrasing in candidates where folded.starts(with: phrasing.words) {
            let rest = Array(words.dropFirst(phrasing.words.count))
            if let verb = phrasing.verb {
                let history = ["my history", "mon historique"].contains(verb)
                if history, phrasing.words.count > periodStart { continue }
                // A question that is the whole message ("who has books?"), not the start of
                // one that names a title ("who has Books of Blood"); a history may end with its period.
                // "which books are due tomorrow": the member's books say when each is due.
                let whenDue = verb == "my books" && phrasing.words.last == "due" && Self.dueTails.contains(rest.map(foldWord))
                if !rest.isEmpty, Self.takesNothing.contains(verb), !(history && phrasing.words.count == periodStart), !whenDue { continue }
                if whenDue { return ["my", "books"] }
                if let language = phrasing.language { cues.append(language) }
                var rest = rest
                if verb == "show" || verb == "info" { rest = withoutAskedEnd(rest) }
                // "did anyone return 1984 yet?": the question's end says nothing more.
                if verb == "who has", rest.count > 1, let last = rest.last, ["yet", "already"].contains(foldWord(last)) { rest.removeLast() }
                // "what books by Le Guin do you have": the question's end says nothing more.
                if verb == "search" || verb == "chercher",
                   let tail = Self.searchTails.first(where: { rest.count > $0.count && rest.suffix($0.count).map(foldWord).elementsEqual($0) }) {
                    rest.removeLast(tail.count)
                }
                return verb.split(separator: " ").map(String.init) + rest
            }
            // "can I please borrow Dune": courtesy after the lead-in too; "can you tell me who's
            // got Dune": another phrasing after it.
            var heard = cues
            var request = stripPoliteness(rest.joined(separator: " "), cues: &heard).split(separator: " ").map(String.init)
            request = rephrase(request, folded: request.map(foldWord), cues: &heard, depth: depth + 1) ?? request
            let foldedRequest = request.map(foldWord)
            guard VerbForm.anyStarts(foldedRequest) else { continue }
            cues = heard
            if let language = phrasing.language { cues.append(language) }
            return request
        }
        return nil
    }

    /// A book asked about without the word after it that only stresses the question ("did I
    /// return Dune yet?", "has Ben returned it already", "ai-je lu Dune déjà"); capitalised, it
    /// may end a title ("Not Dead Yet"), and stays.
    private static func withoutAskedEnd(_ words: [String]) -> [String] {
        guard words.count > 1, let last = words.last, ["yet", "already", "deja"].contains(foldWord(last)), !isCapitalised(last) else { return words }
        return words.dropLast()
    }

    private static func editInWords(_ words: [String], folded: [String], cues: inout [Language]) -> [String]? {
        func value(after start: Int, to: String) -> Int? {
            folded.indices.first { $0 > start && $0 < folded.count - 1 && folded[$0] == to }
        }
        if let first = folded.first, ["rename", "renommer", "renomme", "renommez"].contains(first) {
            let english = folded[0] == "rename"
            cues.append(english ? .en : .fr)
            // Without its new title ("rename Dune to"): the edit, which says what it needs.
            // "rename Dune as Arrakis" too, when no "to" says it.
            guard let to = value(after: 1, to: english ? "to" : "en") ?? (english ? value(after: 1, to: "as") : nil) else {
                return [english ? "edit" : "modifier"] + words.dropFirst()
            }
            let book = Array(words[1..<to]), title = Array(words[(to + 1)...])
            let assignment: [String] = english ? ["set", "title", "to"] : ["titre", "="]
            return [english ? "edit" : "modifier"] + book + assignment + title
        }
        // changer / modifier / corriger le titre (l'auteur, …) de|du|d'BOOK en|pour VALUE
        if folded.count >= 5, ["changer", "modifier", "corriger", "change", "modifie", "corrige"].contains(folded[0]) {
            let (field, after) = ["le", "la", "les"].contains(folded[1]) ? (folded[2], 3)
                : folded[1].hasPrefix("l'") ? (String(folded[1].dropFirst(2)), 2) : ("", 0)
            if after > 0, after + 1 < folded.count, let (_, fieldLanguage) = fieldNames[field], fieldLanguage != .en {
                // "de Dune", "du Petit Prince", "d'Emma": where the book's words start.
                let lead = folded[after]
                let start = lead == "de" || lead == "du" ? after + 1 : lead.hasPrefix("d'") && lead.count > 2 ? after : nil
                if let start, let to = folded.indices.first(where: { $0 > start && $0 < folded.count - 1 && (folded[$0] == "en" || folded[$0] == "pour") }) {
                    var book = Array(words[start..<to])
                    if start == after { book[0] = String(book[0].dropFirst(2)) }
                    cues.append(.fr)
                    return ["modifier"] + book + [field, "="] + words[(to + 1)...]
                }
            }
        }
        // "the author of Dune should be Frank Herbert", "Dune's publisher is Chilton": a correction.
        if let correction = correctionInWords(words, folded: folded) {
            cues.append(.en)
            return correction
        }
        // change / set / update / fix / correct [the] FIELD of|for|on BOOK to VALUE, or BOOK's FIELD
        guard folded.count >= 4, ["change", "set", "update", "fix", "correct"].contains(folded[0]) else { return nil }
        if let owner = folded.indices.first(where: { $0 >= 1 && $0 + 2 < folded.count && (folded[$0].hasSuffix("'s")) }),
           let (_, fieldLanguage) = fieldNames[folded[owner + 1]], fieldLanguage != .fr, let to = value(after: owner + 1, to: "to") {
            cues.append(.en)
            let book = Array(words[1...owner])
            return ["edit"] + book.dropLast() + [String(book[book.count - 1].dropLast(2))] + ["set", words[owner + 1], "to"] + words[(to + 1)...]
        }
        let field = folded[1] == "the" ? 2 : 1
        guard field + 2 < folded.count, let (_, fieldLanguage) = fieldNames[folded[field]], fieldLanguage != .fr,
              ["of", "for", "on"].contains(folded[field + 1]) else { return nil }
        if let to = value(after: field + 2, to: "to") {
            cues.append(.en)
            return ["edit"] + words[(field + 2)..<to] + ["set", words[field], "to"] + words[(to + 1)...]
        }
        // "fix the author of Dune: Frank Herbert": the colon ends the book.
        guard let colon = folded.indices.first(where: { $0 >= field + 2 && $0 < folded.count - 1 && folded[$0].count > 1 && folded[$0].hasSuffix(":") }) else { return nil }
        cues.append(.en)
        return ["edit"] + words[(field + 2)..<colon] + [String(words[colon].dropLast()), "set", words[field], "to"] + words[(colon + 1)...]
    }

    /// "the author of Dune should be Frank Herbert", "Dune's publisher should be Chilton": the
    /// edit they mean, in words `edit` reads.
    private static func correctionInWords(_ words: [String], folded: [String]) -> [String]? {
        guard let (book, field, verb, value) = fieldSentence(words, folded: folded) else { return nil }
        // "… should be X" sets it; "… is wrong" says what is not right: the edit, which asks for
        // the value. ("… is X" may be a question, its "?" dropped: it changes nothing.)
        if Self.judgments.contains(value.map(foldWord)) { return ["edit"] + book }
        return folded[verb] == "should" ? ["edit"] + book + ["set", field, "to"] + value : nil
    }

    /// "the author of Dune should be Frank Herbert", "Dune's publisher is Chilton": the book, the
    /// field as typed, where the verb ("should be", else "is") stands, and the value after it.
    private static func fieldSentence(_ words: [String], folded: [String]) -> (book: [String], field: String, verb: Int, value: ArraySlice<String>)? {
        // Where the value starts, after the first "should be" (else "is") past `start`.
        func value(after start: Int) -> (verb: Int, value: Int)? {
            if let should = folded.indices.first(where: { $0 > start && $0 + 2 < folded.count && folded[$0] == "should" && folded[$0 + 1] == "be" }) {
                return (should, should + 2)
            }
            return folded.indices.first { $0 > start && $0 + 1 < folded.count && folded[$0] == "is" }.map { ($0, $0 + 1) }
        }
        if folded.count >= 6, folded[0] == "the", let (_, language) = fieldNames[folded[1]], language != .fr, ["of", "for"].contains(folded[2]),
           let (verb, start) = value(after: 3) {
            return (Array(words[3..<verb]), words[1], verb, words[start...])
        }
        if folded.count >= 4, let owner = folded.indices.first(where: { $0 + 2 < folded.count && folded[$0].count > 2 && folded[$0].hasSuffix("'s") }),
           let (_, language) = fieldNames[folded[owner + 1]], language != .fr, let (verb, start) = value(after: owner + 1), verb == owner + 2 {
            return (words[..<owner] + [String(words[owner].dropLast(2))], words[owner + 1], verb, words[start...])
        }
        return nil
    }

    /// "Dune's publisher is Chilton", "the author of Dune is Frank Herbert": the edit that would
    /// make it so (`edit Dune set publisher to Chilton`); nil for any other text.
    static func fieldStated(_ text: String) -> String? {
        let words = toldWords(text), folded = words.map(foldWord)
        guard words.count >= 4, words.count <= 30 else { return nil }
        if let (book, field, verb, value) = fieldSentence(words, folded: folded) {
            guard folded[verb] == "is", !book.isEmpty, !judgments.contains(value.map(foldWord)), value.first.map(foldWord) != "not" else { return nil }
            let title = book.joined(separator: " ")
            return "edit " + (title.lowercased().contains(" set ") ? quoted(title) : title) + " set " + field.lowercased() + " to " + value.joined(separator: " ")
        }
        // "l'auteur de Dune est Frank Herbert", "le titre de Dune est Arrakis": `modifier Dune auteur = …`.
        let (field, after) = folded[0] == "le" || folded[0] == "la" ? (folded[1], 2) : folded[0].hasPrefix("l'") ? (String(folded[0].dropFirst(2)), 1) : ("", 0)
        if after > 0, let (_, language) = fieldNames[field], language != .en, folded[after] == "de" || folded[after] == "du",
           let verb = folded.indices.first(where: { $0 > after + 1 && $0 + 1 < folded.count && folded[$0] == "est" }) {
            let book = Array(words[(after + 1)..<verb]), value = words[(verb + 1)...]
            guard !value.isEmpty, !["faux", "fausse", "incorrect", "incorrecte", "mauvais", "mauvaise", "pas"].contains(foldWord(value[value.startIndex])) else { return nil }
            let typedField = after == 2 ? words[1] : String(words[0].dropFirst(2))
            return "modifier " + book.joined(separator: " ") + " " + typedField.lowercased() + " = " + value.joined(separator: " ")
        }
        return nil
    }

    private static let judgments: Set<[String]> = [
        ["wrong"], ["incorrect"], ["not", "right"], ["not", "correct"], ["misspelled"], ["mistyped"], ["a", "typo"], ["missing"],
        ["empty"], ["off"], ["broken"], ["bad"], ["all", "wrong"], ["wrong", "too"], ["also", "wrong"], ["still", "wrong"],
    ]

    /// "everyone", "everyone who is late", "all late borrowers", "tout le monde": who `remind`
    /// reaches, when it names no one (folded words).
    static func isEveryoneLate(_ text: String) -> Bool {
        everyoneLate.contains(text.split(separator: " ").map { foldWord(String($0)) })
    }
    private static let everyoneLate: Set<[String]> = {
        var said: Set<[String]> = [
            ["all", "late", "borrowers"], ["late", "borrowers"], ["the", "late", "borrowers"], ["the", "late", "ones"], ["all", "late", "members"],
            ["everyone", "late"], ["everybody", "late"], ["all"], ["tout", "le", "monde"], ["les", "retardataires"], ["tous", "les", "retardataires"],
            ["tout", "le", "monde", "en", "retard"], ["ceux", "en", "retard"], ["ceux", "qui", "sont", "en", "retard"],
        ]
        for who in [["everyone"], ["everybody"]] {
            said.insert(who)
            for late in [["who", "is", "late"], ["who's", "late"], ["who", "is", "overdue"], ["who's", "overdue"], ["with", "late", "books"],
                         ["with", "overdue", "books"], ["overdue"]] { said.insert(who + late) }
        }
        return said
    }()

    /// "whoever has Dune", "the person who took Dune", "celui qui a Dune": who a reminder is
    /// for, named by the book they have. The book; nil for a name.
    static func whoeverHas(_ name: String) -> String? {
        let words = name.split(separator: " ").map(String.init)
        let folded = words.map(foldWord)
        guard let lead = whoeverLeads.first(where: { folded.count > $0.count && folded.starts(with: $0) }) else { return nil }
        return unquote(words.dropFirst(lead.count).joined(separator: " "))
    }

    /// "the borrower", "l'emprunteur": who a reminder is for when the book follows ("remind the
    /// borrower of Dune").
    static func isTheBorrower(_ name: String) -> Bool {
        ["the borrower", "its borrower", "the holder", "whoever has it", "l'emprunteur", "l'emprunteuse"].contains(TextKey.fold(name))
    }

    private static let whoeverLeads: [[String]] = {
        var leads: [[String]] = [["whoever", "has", "got"], ["whoever's", "got"], ["whoever", "has"], ["whoever", "took"], ["whoever", "borrowed"]]
        for who in [["the", "person"], ["the", "one"], ["the", "member"], ["the", "guy"], ["someone"]] {
            for verb in [["has"], ["took"], ["borrowed"], ["has", "got"]] { leads.append(who + ["who"] + verb) }
        }
        for who in [["celui"], ["celle"], ["la", "personne"]] {
            for verb in [["a"], ["a", "emprunte"], ["a", "pris"]] { leads.append(who + ["qui"] + verb) }
        }
        return leads.sorted { $0.count > $1.count }
    }()

    /// Words that turn the member's reminders before a due day off or back on (folded, courtesy gone).
    /// Words at the end of a message that only say when (folded), longest first.
    private static let whenTails: [[String]] = [
        ["right", "now"], ["at", "the", "moment"], ["these", "days"], ["at", "present"], ["this", "week"], ["this", "month"],
        ["en", "ce", "moment"], ["ces", "jours-ci"], ["cette", "semaine"], ["ce", "mois-ci"],
        ["now"], ["currently"], ["nowadays"], ["lately"], ["recently"], ["today"], ["anymore"], ["yet"], ["already"],
        ["maintenant"], ["actuellement"], ["recemment"], ["dernierement"], ["aujourd'hui"],
    ]

    /// Words that only stress a whole message: "don't remind me anymore".
    /// (Courtesy at the end, "please", "svp", is gone already: `stripPoliteness`.)
    private static let stressTails: [[String]] = [["anymore"], ["any", "more"], ["du", "tout"]]

    private static let reminderSwitches: [[String]: (on: Bool, language: Language)] = {
        var said: [[String]: (on: Bool, language: Language)] = [:]
        for words in [["stop", "reminding", "me"], ["stop", "reminders"], ["stop", "the", "reminders"], ["stop", "sending", "reminders"],
                      ["stop", "sending", "me", "reminders"], ["no", "more", "reminders"], ["mute", "reminders"], ["mute", "the", "reminders"],
                      ["turn", "off", "reminders"], ["turn", "reminders", "off"], ["turn", "off", "the", "reminders"], ["disable", "reminders"],
                      ["pause", "reminders"], ["don't", "remind", "me"], ["dont", "remind", "me"], ["do", "not", "remind", "me"],
                      ["unsubscribe"], ["unsubscribe", "from", "reminders"], ["i", "don't", "want", "reminders"], ["no", "reminders"],
                      ["reminders", "off"], ["opt", "out", "of", "reminders"], ["turn", "the", "reminders", "off"]] {
            said[words] = (false, .en)
        }
        for words in [["resume", "reminders"], ["turn", "on", "reminders"], ["turn", "reminders", "on"], ["turn", "on", "the", "reminders"],
                      ["enable", "reminders"], ["start", "reminders"], ["start", "reminding", "me"], ["start", "reminding", "me", "again"],
                      ["remind", "me", "again"], ["unmute", "reminders"], ["subscribe"], ["subscribe", "to", "reminders"], ["reminders", "on"],
                      ["i", "want", "reminders"], ["send", "me", "reminders"], ["send", "me", "reminders", "again"], ["turn", "reminders", "back", "on"],
                      ["turn", "the", "reminders", "back", "on"], ["turn", "back", "on", "reminders"], ["reminders", "back", "on"], ["resume", "the", "reminders"]] {
            said[words] = (true, .en)
        }
        for words in [["arrete", "les", "rappels"], ["arretez", "les", "rappels"], ["plus", "de", "rappels"], ["pas", "de", "rappels"],
                      ["desactive", "les", "rappels"], ["desactiver", "les", "rappels"], ["ne", "me", "rappelle", "plus"],
                      ["stop", "les", "rappels"], ["coupe", "les", "rappels"], ["je", "ne", "veux", "plus", "de", "rappels"], ["desactive", "mes", "rappels"],
                      ["coupe", "mes", "rappels"], ["arrete", "mes", "rappels"]] {
            said[words] = (false, .fr)
        }
        for words in [["reactive", "les", "rappels"], ["reactiver", "les", "rappels"], ["active", "les", "rappels"], ["activer", "les", "rappels"],
                      ["remets", "les", "rappels"], ["je", "veux", "des", "rappels"], ["rappelle-moi", "a", "nouveau"], ["reactive", "mes", "rappels"],
                      ["active", "mes", "rappels"], ["remets", "mes", "rappels"]] {
            said[words] = (true, .fr)
        }
        return said
    }()

    /// The language asked for in "speak French", "answer in English", "en français", "parle
    /// anglais" (folded words, courtesy gone); nil for any other words.
    static func spokenLanguageAsked(_ typed: [String]) -> Language? {
        guard let last = typed.last, typed.count <= 6 else { return nil }
        let asked: Language
        switch last {
        case "french", "francais": asked = .fr
        case "english", "anglais": asked = .en
        default: return nil
        }
        return speakLeads.contains(Array(typed.dropLast())) ? asked : nil
    }

    /// "who has Dune in French", "qui a Dune, en anglais": the language a message ends by
    /// asking for, and the message before it; nil when it ends otherwise.
    private static func languageAskedAtEnd(_ text: String) -> (Language, String)? {
        // The last word first: most messages end otherwise, and are not cut into words for it.
        guard let lastSpace = text.lastIndex(of: " ") else { return nil }
        let asked: Language
        switch foldWord(text[text.index(after: lastSpace)...].trimming(",.!?")) {
        case "french", "francais": asked = .fr
        case "english", "anglais": asked = .en
        default: return nil
        }
        let words = text[..<lastSpace].split(separator: " ")
        guard words.count > 1, let before = words.last, ["in", "en"].contains(foldWord(String(before))) else { return nil }
        var rest = words.dropLast().joined(separator: " ")
        while let end = rest.last, ",;:-".contains(end) { rest.removeLast() }
        return rest.isEmpty ? nil : (asked, rest)
    }

    /// What may come before the language's name in `spokenLanguageAsked` (not the name alone:
    /// "French" may be a category, or a title).
    private static let speakLeads: Set<[String]> = [
        ["in"], ["speak"], ["talk"], ["reply", "in"], ["answer", "in"], ["respond", "in"], ["switch", "to"], ["change", "to"],
        ["can", "you", "speak"], ["do", "you", "speak"], ["speak", "to", "me", "in"], ["talk", "to", "me", "in"], ["answer", "me", "in"],
        ["reply", "to", "me", "in"], ["language"], ["set", "language", "to"], ["change", "language", "to"], ["switch", "language", "to"],
        ["en"], ["parle"], ["parlez"], ["parle", "en"], ["parlez", "en"], ["reponds", "en"], ["repondez", "en"], ["reponds-moi", "en"],
        ["repondez-moi", "en"], ["passe", "en"], ["passez", "en"], ["tu", "parles"], ["vous", "parlez"], ["parle-moi", "en"], ["langue"],
        ["set", "my", "language", "to"], ["change", "my", "language", "to"], ["set", "my", "reminders", "to"], ["my", "reminders", "in"],
        ["send", "my", "reminders", "in"], ["send", "me", "reminders", "in"], ["remind", "me", "in"], ["mes", "rappels", "en"],
    ]

    /// The name in "my colleague Ben", "my friend Ana Ruiz", "ma collègue Chloé": the person,
    /// not how the member knows them; `text` itself otherwise ("my trip" is no one).
    /// Several of them ("my friends Ben and Ana", "mes collègues Ben et Chloé") are the names,
    /// which say that several people are meant.
    static func withoutRelation(_ text: String) -> String {
        let typed = text.split(separator: " ").map(String.init)
        guard (3...7).contains(typed.count), ["my", "our", "mon", "ma", "mes", "notre", "nos"].contains(foldWord(typed[0])),
              relations.contains(foldWord(typed[1])) || relations.contains(String(foldWord(typed[1]).dropLast())) && foldWord(typed[1]).hasSuffix("s"),
              typed.dropFirst(2).allSatisfy({ $0.first?.isUppercase == true || ["and", "&", "et", ","].contains($0) }),
              typed.last?.first?.isUppercase == true else { return text }
        return typed.dropFirst(2).joined(separator: " ")
    }
    private static let relations: Set<String> = [
        "colleague", "coworker", "co-worker", "friend", "teammate", "partner", "wife", "husband", "son", "daughter", "brother",
        "sister", "neighbour", "neighbor", "flatmate", "roommate", "boss", "collegue", "ami", "amie", "copain", "copine", "voisin",
        "voisine", "frere", "soeur", "fils", "fille", "femme", "mari",
    ]

    /// Whether the words after a title's " for " are no one's name: a reason or a time ("the
    /// trip", "my son", "a friend", "tonight", "pour ce soir"), which leaves the book with the
    /// sender. A name may start like an article ("Le Minh", "Ma Long", "Des"): those count only
    /// before a word in lower case ("pour le voyage").
    static func isNoName(_ text: String) -> Bool {
        let typed = text.split(separator: " ").map(String.init), words = typed.map(foldWord)
        guard let first = words.first else { return false }
        if notNames.contains(words) || isDuration(text) { return true }
        guard words.count > 1 else { return false }
        if notNameStarts.contains(first) { return true }
        return maybeNameStarts.contains(first) && typed[1].first?.isLowercase == true
    }
    private static let notNameStarts: Set<String> = [
        "the", "a", "an", "my", "our", "his", "her", "their", "this", "that", "next", "some",
        "l'", "un", "une", "mon", "mes", "notre", "nos", "cette", "cet", "ces",
    ]
    private static let maybeNameStarts: Set<String> = ["le", "la", "les", "ma", "sa", "son", "ses", "des", "ce"]
    private static let notNames: Set<[String]> = [
        ["now"], ["today"], ["tonight"], ["tomorrow"], ["later"], ["reading"], ["maintenant"], ["aujourd'hui"], ["demain"],
        ["plus", "tard"], ["lire"], ["well"], ["usual"], ["always"], ["discussed"], ["agreed"], ["planned"], ["promised"],
        ["prevu"], ["convenu"], ["d'habitude"], ["someone"], ["somebody"], ["someone", "else"], ["somebody", "else"],
        ["quelqu'un"], ["quelqu'un", "d'autre"],
    ]

    /// "Longer" in words: how a member asks for more time with a book.
    static let longer: Set<[String]> = [
        ["longer"], ["a", "bit", "longer"], ["a", "little", "longer"], ["a", "while", "longer"], ["some", "more", "time"], ["more", "time"],
        ["a", "little", "more", "time"], ["a", "bit", "more", "time"], ["extra", "time"], ["plus", "longtemps"], ["plus", "de", "temps"], ["un", "peu"], ["un", "peu", "plus"], ["un", "peu", "plus", "longtemps"],
    ]

    private static let lendings: [String: (to: String, verb: String, language: Language)] = [
        "lend": ("to", "checkout", .en), "loan": ("to", "checkout", .en), "prete": ("a", "emprunter", .fr), "preter": ("a", "emprunter", .fr),
    ]
    private static let howMany = ["how", "many", "books"], combien = ["combien", "de", "livres"]
    /// Between whom and which book in "ask Ben to hurry up with Dune", "let Ben know I want Dune".
    /// After a name, a hurry with no book: all of their books.
    private static let hurryAlone: [[String]] = [
        ["to", "hurry", "up"], ["to", "hurry"], ["to", "return", "his", "books"], ["to", "return", "her", "books"], ["to", "return", "their", "books"],
        ["to", "bring", "back", "his", "books"], ["to", "bring", "back", "her", "books"], ["to", "bring", "back", "their", "books"],
        ["to", "return", "everything"], ["to", "bring", "everything", "back"],
    ]
    private static let hurryTails: [[String]] = [
        ["to", "hurry", "up", "with"], ["to", "hurry", "with"], ["to", "finish"], ["know", "i", "want"], ["know", "i", "need"],
        ["know", "i'm", "waiting", "for"], ["know", "im", "waiting", "for"], ["know", "i", "am", "waiting", "for"], ["know", "that", "i", "want"],
        ["know", "someone", "wants"], ["know", "someone", "is", "waiting", "for"], ["i", "want"], ["i", "need"], ["i'm", "waiting", "for"],
        ["im", "waiting", "for"], ["i", "am", "waiting", "for"], ["that", "i", "want"], ["someone", "wants"], ["someone", "is", "waiting", "for"],
    ]

    /// After "how many books": "have I borrowed (so far)", "did I read", "has Ben borrowed",
    /// "did Ben ever borrow": what they borrowed (`my history`, `history for Ben`); "have we
    /// lent", "have been borrowed": the library's figures.
    private static func borrowedHowMany(_ words: [String], folded: [String]) -> [String]? {
        // "how many books did I borrow last month": the history of that period.
        if let period = LoanPeriod.trailing(folded), folded.count > period.count + 1,
           let asked = borrowedHowMany(Array(words.dropLast(period.count)), folded: Array(folded.dropLast(period.count))) {
            return asked.starts(with: ["my", "history"]) || asked.starts(with: ["history", "for"]) ? asked + words.suffix(period.count) : asked
        }
        var folded = folded
        if let tail = countTails.first(where: { folded.count > $0.count + 2 && folded.suffix($0.count).elementsEqual($0) }) { folded.removeLast(tail.count) }
        // "how many books has Ben got", "… does Ben have": what Ben has now.
        if folded.count >= 3, folded[0] == "has" && folded.last == "got" || folded[0] == "does" && folded.last == "have",
           !["we", "you", "it", "he", "she", "they", "everyone"].contains(folded[1]) {
            return ["what", "does"] + words[1..<(folded.count - 1)] + ["have"]
        }
        // "how many books were borrowed (this year)": the library's figures.
        if folded == ["were", "borrowed"] || folded == ["were", "lent"] || folded == ["were", "read"] || folded == ["were", "checked", "out"] {
            return ["stats"]
        }
        guard folded.count >= 3, ["have", "has", "did"].contains(folded[0]) else { return nil }
        var end = folded.count
        if folded[end - 1] == "out", ["checked", "check"].contains(folded[end - 2]) { end -= 1 }
        guard ["borrowed", "borrow", "read", "returned", "return", "checked", "check", "taken", "take", "lent", "lend"].contains(folded[end - 1]) else { return nil }
        end -= 1
        if folded[end - 1] == "ever" || folded[end - 1] == "already" { end -= 1 }
        let subject = folded[1..<end]
        guard !subject.isEmpty else { return nil }
        switch Array(subject) {
        case ["i"]: return ["my", "history"]
        case ["we"], ["you"], ["been"], ["people"], ["members"], ["everyone"], ["the", "members"]: return ["stats"]
        default:
            guard !["been", "they", "he", "she", "it"].contains(subject.first ?? "") else { return nil }
            return ["history", "for"] + words[1..<end]
        }
    }

    /// After "combien de livres": "ai-je empruntés", "j'ai lus (jusqu'ici)", "Ben a-t-il
    /// empruntés", "a emprunté Ben": what they borrowed; "ont été empruntés", "avons-nous
    /// prêtés": the library's figures.
    private static func empruntésCombien(_ words: [String], folded: [String]) -> [String]? {
        // "combien de livres ai-je empruntés le mois dernier": the history of that period.
        if let period = LoanPeriod.trailing(folded), folded.count > period.count + 1,
           let asked = empruntésCombien(Array(words.dropLast(period.count)), folded: Array(folded.dropLast(period.count))) {
            return asked.starts(with: ["mon", "historique"]) || asked.starts(with: ["historique", "pour"]) ? asked + words.suffix(period.count) : asked
        }
        var folded = folded
        if let tail = countTails.first(where: { folded.count > $0.count + 1 && folded.suffix($0.count).elementsEqual($0) }) { folded.removeLast(tail.count) }
        let verbs: Set<String> = ["empruntes", "emprunte", "empruntees", "lus", "lu", "rendus", "rendu", "pris", "pretes"]
        func verb(_ at: Int) -> Bool { folded.indices.contains(at) && verbs.contains(folded[at]) }
        let shapes: [[String]] = [["ai-je"], ["j'ai"], ["est-ce", "que", "j'ai"], ["ai-je", "deja"], ["j'ai", "deja"]]
        if let shape = shapes.first(where: { folded.count == $0.count + 1 && folded.starts(with: $0) }), verb(shape.count) { return ["mon", "historique"] }
        if [["ont", "ete"], ["avons-nous"], ["a-t-on"], ["on", "a"], ["nous", "avons"]]
            .contains(where: { folded.count == $0.count + 1 && folded.starts(with: $0) }), verb(folded.count - 1) {
            return ["statistiques"]
        }
        // "a Ben", "Ben a", "Ben a-t-il": what Ben has now (a name of one to three words; "a la
        // maison" is no name).
        if folded.count >= 2, folded.count <= 4, folded[0] == "a", words.dropFirst().allSatisfy(looksLikeName) {
            return ["qu'a"] + words.dropFirst()
        }
        if folded.count >= 2, folded.count <= 4, ["a", "a-t-il", "a-t-elle"].contains(folded[folded.count - 1]), words.dropLast().allSatisfy(looksLikeName) {
            return ["qu'a"] + words.dropLast()
        }
        // "a emprunté Ben"; "Ben a emprunté", "Ben a-t-il emprunté".
        if folded.count >= 3, folded[0] == "a", verb(1) { return ["historique", "pour"] + words[2..<folded.count] }
        if folded.count >= 3, verb(folded.count - 1), ["a", "a-t-il", "a-t-elle"].contains(folded[folded.count - 2]),
           !["on", "il", "elle", "ils", "elles", "nous", "vous", "je", "tu"].contains(folded[0]) {
            return ["historique", "pour"] + words.prefix(folded.count - 2)
        }
        return nil
    }

    /// What may end "how many copies of Dune" and say nothing more.
    private static let copyCountTails: [[String]] = [
        ["do", "we", "have"], ["do", "you", "have"], ["does", "the", "library", "have"], ["have", "we", "got"], ["are", "there"],
        ["are", "available"], ["are", "on", "the", "shelf"], ["are", "left"], ["are", "free"], ["are", "in"], ["are", "in", "the", "library"],
        ["avons-nous"], ["y", "a-t-il"], ["a-t-on"], ["il", "y", "a"], ["sont", "disponibles"], ["reste-t-il"], ["a", "la", "bibliotheque"],
    ].sorted { $0.count > $1.count }

    /// What may end "how many books have I borrowed" and say nothing more.
    private static let countTails: [[String]] = [
        ["so", "far"], ["in", "all"], ["in", "total"], ["altogether"], ["from", "the", "library"], ["until", "now"], ["to", "date"],
        ["jusqu'ici"], ["jusqu'a", "present"], ["en", "tout"], ["au", "total"], ["deja"],
    ]

    /// Questions about an author's books or someone's loan: "what else did Frank Herbert write?",
    /// "what has Tolkien written": a search for the author; "when did Ben borrow Dune?": the
    /// book's details and last loans; "how long has Ben had Dune?", "how long have I had
    /// Dune?": who has it, and since when.
    private static func someoneElsesQuestion(_ words: [String], folded: [String], cues: inout [Language]) -> [String]? {
        guard folded.count >= 4, ["what", "when", "how", "since", "depuis"].contains(folded[0]) else { return nil }
        // "since when does Ben have Dune?", "depuis quand Ben a Dune ?": who has it, and since when.
        if folded.starts(with: ["since", "when"]), ["does", "has", "have", "do"].contains(folded[2]),
           let had = folded.indices.dropFirst(3).first(where: { ["have", "had", "kept"].contains(folded[$0]) }), had + 1 < words.count {
            cues.append(.en)
            return ["who", "has"] + words[(had + 1)...]
        }
        if folded.starts(with: ["depuis", "quand"]) {
            let start = folded[2...].starts(with: ["est-ce", "que"]) ? 4 : folded[2] == "est-ce" && folded[3] == "qu'il" ? 3 : 2
            if let had = folded.indices.dropFirst(start).first(where: { ["a", "a-t-il", "a-t-elle", "ai", "ai-je", "as-tu", "avez-vous", "j'ai"].contains(folded[$0]) }),
               had + 1 < words.count, had - start <= 3 {
                cues.append(.fr)
                return ["qui", "a"] + words[(had + 1)...]
            }
        }
        for (lead, last) in [(["what", "else", "did"], "write"), (["what", "did"], "write"), (["what", "other", "books", "did"], "write"),
                             (["what", "else", "has"], "written"), (["what", "has"], "written"), (["what", "other", "books", "has"], "written")]
        where folded.count > lead.count + 1 && folded.starts(with: lead) && folded.last == last && folded[lead.count] != "you" && folded[lead.count] != "i" {
            cues.append(.en)
            return ["search"] + words[lead.count..<(words.count - 1)]
        }
        let verbs: Set<String> = ["take", "borrow", "get", "checkout", "check", "pick"]
        if folded.starts(with: ["when", "did"]), folded[2] != "i", folded[2] != "you", folded[2] != "we",
           let verb = folded.indices.dropFirst(3).first(where: { verbs.contains(folded[$0]) }) {
            let after = folded[verb] == "check" || folded[verb] == "pick" ? (folded.indices.contains(verb + 1) && ["out", "up"].contains(folded[verb + 1]) ? verb + 2 : nil) : verb + 1
            if let after, after < words.count {
                cues.append(.en)
                return ["show"] + words[after...]
            }
        }
        if folded.starts(with: ["how", "long", "has"]) || folded.starts(with: ["how", "long", "have", "i"]),
           let had = folded.indices.dropFirst(3).first(where: { folded[$0] == "had" || folded[$0] == "kept" }), had + 1 < words.count {
            cues.append(.en)
            return ["who", "has"] + words[(had + 1)...]
        }
        return nil
    }

    /// "Dune status": the words before "status", which may name a book (for the library to say:
    /// "exit status" names none); nil for any other text ("status" alone is the digest).
    static func statusOf(_ text: String) -> String? {
        let words = toldWords(text)
        guard words.count > 1, words.count <= 12, foldWord(words[words.count - 1]) == "status" else { return nil }
        return unquote(words.dropLast().joined(separator: " "))
    }

    /// Words that make "… history" someone's, or a request, rather than a book's ("Dune history").
    private static let notInABookHistory: Set<String> = [
        "my", "your", "his", "her", "our", "their", "reading", "borrowing", "show", "full", "whole", "what", "whats",
        "me", "i", "you", "can", "could", "please", "tell", "loan", "loans", "borrowing", "book", "books", "library",
    ]

    /// The name in "Ben's books", "all of Ben's books", "everything Ben has", "les livres de
    /// Ben": whose books a return names; nil for anything else.
    static func someonesBooks(_ reference: String) -> String? {
        var words = reference.split(separator: " ").map(String.init)
        var folded = words.map(foldWord)
        for lead in [["all", "the", "books"], ["all", "of"], ["all"], ["tous", "les", "livres", "de"], ["les", "livres", "de"], ["everything"]]
        where folded.count > lead.count && folded.starts(with: lead) {
            words.removeFirst(lead.count)
            folded.removeFirst(lead.count)
            if lead.last == "de" { return words.count <= 3 ? unquote(words.joined(separator: " ")) : nil }
            if lead == ["everything"] || lead == ["all", "the", "books"], folded.last == "has", folded.count > 1, folded.count <= 4 {
                return unquote(words.dropLast().joined(separator: " "))
            }
            break
        }
        guard (2...4).contains(folded.count), ["books", "loans"].contains(folded.last),
              let owner = words.dropLast().last, owner.hasSuffix("'s") || owner.hasSuffix("’s") else { return nil }
        let name = (words.dropLast(2) + [String(owner.dropLast(2))]).joined(separator: " ")
        guard !["my", "his", "her", "their", "our", "your", "one", "someone", "everyone", "the", "all"].contains(foldWord(name)) else { return nil }
        return unquote(name)
    }

    /// "science fiction books", "any classic novels?", "the classics", "what's in sci-fi?",
    /// "des livres de science-fiction", "c'est quoi les livres de fantasy ?": the words that may
    /// be a category, the library to say whether they are one.
    static func categoryBooks(_ text: String) -> String? {
        var words = toldWords(text)
        var folded = words.map(foldWord)
        if let lead = categoryQuestionLeads.first(where: { folded.count > $0.count && folded.starts(with: $0) }) {
            words.removeFirst(lead.count)
            folded.removeFirst(lead.count)
        }
        if words.count >= 2, ["books", "novels", "titles", "stuff", "category", "section", "genre", "shelf"].contains(folded.last) {
            words.removeLast()
        }
        // ("all the classics": both words; "the category Space", "la catégorie Policier": the name.)
        for _ in 0..<3 {
            guard words.count > 1, ["any", "some", "more", "the", "your", "our", "all", "category", "genre", "section", "la", "categorie"].contains(foldWord(words[0])) else { break }
            words.removeFirst()
        }
        return words.isEmpty ? nil : unquote(words.joined(separator: " "))
    }

    /// What may lead up to a category's name in a question about its books.
    private static let categoryQuestionLeads: [[String]] = [
        ["what's", "in"], ["whats", "in"], ["what", "is", "in"], ["what", "have", "you", "got", "in"], ["what", "do", "you", "have", "in"],
        ["what", "do", "we", "have", "in"], ["anything", "in"], ["show", "me"],
        ["c'est", "quoi", "les", "livres", "de"], ["quels", "sont", "les", "livres", "de"], ["quels", "livres", "de"],
        ["qu'est-ce", "qu'il", "y", "a", "en"], ["qu'est-ce", "que", "vous", "avez", "en"], ["tu", "as", "quoi", "en"], ["t'as", "quoi", "en"],
        ["vous", "avez", "quoi", "en"], ["qu'avez-vous", "en"], ["il", "y", "a", "quoi", "en"],
        ["des", "livres", "de"], ["livres", "de"], ["les", "livres", "de"], ["des", "romans", "de"], ["romans", "de"],
    ].sorted { $0.count > $1.count }

    /// "when is Dune due (back)?", "when will Dune be back?", "when do I have to return Dune?":
    /// who has it, which says until when; about "my books", the member's books.
    private static func whenQuestion(_ words: [String], folded: [String], cues: inout [Language]) -> [String]? {
        guard folded.first == "when" || folded.first == "when's" || folded.first == "whens" || folded.first == "quand" else { return nil }
        // "when was Dune last borrowed?": its last loans, which `show` lists.
        if folded.starts(with: ["when", "was"]),
           let tail = [["last", "borrowed"], ["last", "checked", "out"], ["last", "returned"], ["last", "read"], ["borrowed", "last"],
                       ["added"], ["added", "to", "the", "library"], ["bought"], ["borrowed"], ["checked", "out"], ["taken", "out"], ["lent", "out"]]
            .first(where: { folded.count > $0.count + 2 && folded.suffix($0.count).elementsEqual($0) }) {
            cues.append(.en)
            return ["show"] + words[2..<(words.count - tail.count)]
        }
        for (lead, tail, language) in whenPhrasings where folded.starts(with: lead) && folded.count > lead.count + tail.count
            && folded.suffix(tail.count).elementsEqual(tail) {
            let subject = Array(words[lead.count..<(words.count - tail.count)])
            cues.append(language)
            let foldedSubject = subject.map(foldWord)
            if Self.ownBooks.contains(foldedSubject) { return language == .en ? ["my", "books"] : ["mes", "livres"] }
            // "when are Ben's books due?": what Ben has, each with its due day.
            if language == .en, (2...4).contains(subject.count), let last = foldedSubject.last, ["book", "books", "loans"].contains(last),
               let possessive = subject.dropLast().last, possessive.hasSuffix("'s") || possessive.hasSuffix("’s"), possessive.count > 2,
               !foldedSubject.dropLast(2).contains(where: notInAName.contains), !notInAName.contains(foldWord(String(possessive.dropLast(2)))) {
                return ["what", "does"] + subject.dropLast(2) + [String(possessive.dropLast(2)), "have"]
            }
            return (language == .en ? ["who", "has"] : ["qui", "a"]) + subject
        }
        return nil
    }

    private static let whenPhrasings: [(lead: [String], tail: [String], language: Language)] = {
        var phrasings: [(lead: [String], tail: [String], language: Language)] = []
        for lead in [["when", "is"], ["when's"], ["whens"], ["when", "are"]] {
            for tail in [["due"], ["due", "back"], ["back"], ["coming", "back"], ["available"]] { phrasings.append((lead, tail, .en)) }
        }
        for tail in [["be", "back"], ["be", "available"], ["be", "returned"], ["be", "free"], ["come", "back"]] {
            phrasings.append((["when", "will"], tail, .en))
        }
        for asking in [["when", "do", "i", "have", "to"], ["when", "do", "i", "need", "to"], ["when", "should", "i"], ["when", "must", "i"]] {
            phrasings.append((asking + ["return"], [], .en))
            phrasings.append((asking + ["give", "back"], [], .en))
            phrasings.append((asking + ["bring", "back"], [], .en))
            // "when should I bring Dune back?"
            phrasings.append((asking + ["bring"], ["back"], .en))
            phrasings.append((asking + ["give"], ["back"], .en))
        }
        for lead in [["quand", "dois-je", "rendre"], ["quand", "est-ce", "que", "je", "dois", "rendre"], ["quand", "faut-il", "rendre"]] {
            phrasings.append((lead, [], .fr))
        }
        for tail in [["sera-t-il", "disponible"], ["sera-t-elle", "disponible"], ["sera-t-il", "rendu"], ["sera-t-il", "de", "retour"],
                     ["revient-il"], ["sera", "disponible"], ["sera", "rendu"], ["sera", "de", "retour"], ["revient"]] {
            phrasings.append((["quand"], tail, .fr))
            phrasings.append((["quand", "est-ce", "que"], tail, .fr))
        }
        return phrasings.sorted { $0.lead.count + $0.tail.count > $1.lead.count + $1.tail.count }
    }()

    private static let ownBooks: Set<[String]> = [
        ["my", "book"], ["my", "books"], ["my", "loans"], ["my", "loan"], ["my", "next", "book"], ["my", "next", "loan"],
        ["mon", "livre"], ["mes", "livres"], ["mon", "prochain", "livre"],
        ["everything"], ["all"], ["all", "my", "books"], ["them"], ["they"], ["them", "all"], ["all", "of", "them"], ["these"], ["those"],
        ["tout"], ["tous", "mes", "livres"],
    ]

    /// Praise that is thanked when it comes alone (each at most 20 characters).
    private static let praise: [(words: [String], language: Language)] = [
        (["good", "bot"], .en), (["great", "job"], .en), (["well", "done"], .en), (["nice", "one"], .en), (["bien", "joue"], .fr),
        (["bravo"], .fr), (["parfait"], .fr), (["awesome"], .en), (["perfect"], .en), (["genial"], .fr),
        (["you're", "the", "best"], .en), (["you", "are", "the", "best"], .en), (["you", "rock"], .en), (["you're", "awesome"], .en),
        (["you're", "great"], .en), (["tu", "es", "le", "meilleur"], .fr), (["t'es", "le", "meilleur"], .fr), (["tu", "es", "genial"], .fr),
        (["t'es", "genial"], .fr), (["tu", "es", "top"], .fr), (["t'es", "top"], .fr),
        (["cool"], .en), (["great"], .en), (["nice"], .en), (["sounds", "good"], .en), (["got", "it"], .en), (["super"], .fr),
    ]

    /// Whether `part`, after a comma, says what the member thinks of a book rather than naming
    /// one: "it was great", "loved it", "great read", "what a book", "thanks", "c'était génial",
    /// "je l'ai adoré", "merci". One word is a remark only as thanks or praise ("It" alone may
    /// be a title the library lacks, which the reply should name); the caller checks that the
    /// part names no book.
    static func isRemark(_ part: String) -> Bool {
        let folded = part.split(separator: " ").map { foldWord(String($0)).trimmingPunctuation() }
        guard let first = folded.first, folded.count <= 8 else { return false }
        if remarkLeads.contains(first) { return true }
        guard folded.count > 1 else { return false }
        if [["what", "a"], ["quel"], ["quelle"]].contains(where: { folded.starts(with: $0) }) { return true }
        return folded.contains { remarkWords.contains($0) }
    }
    private static let remarkWords: Set<String> = ["it", "it's", "its", "ca", "c'etait", "c'est", "l'ai", "read", "lecture"]
    private static let remarkLeads: Set<String> = ["thanks", "thank", "thx", "merci", "loved", "enjoyed", "adore", "j'ai", "super", "genial"]

    /// What a member says of a slip: `undo` is what they probably want.
    private static let slips: [(words: [String], language: Language)] = [
        (["oops"], .en), (["whoops"], .en), (["oopsie"], .en), (["my", "bad"], .en), (["my", "mistake"], .en),
        (["that", "was", "a", "mistake"], .en), (["wrong", "book"], .en), (["oups"], .fr), (["zut"], .fr), (["mince"], .fr),
        (["that's", "not", "right"], .en), (["that's", "wrong"], .en), (["that", "is", "wrong"], .en), (["that's", "not", "what", "i", "meant"], .en),
        (["not", "what", "i", "meant"], .en), (["no", "that's", "wrong"], .en), (["c'est", "faux"], .fr), (["ce", "n'est", "pas", "ce", "que", "je", "voulais"], .fr),
        (["je", "me", "suis", "trompe"], .fr), (["je", "me", "suis", "trompee"], .fr), (["mauvais", "livre"], .fr),
    ]

    /// A question asked after a title and a mark ("Dune: who has it?", "Frankenstein - when is it
    /// due?"): who has the book, which says when it is due and who waits.
    private static let questionsAfterTitle: [(words: [String], language: Language)] = [
        (["who", "has", "it"], .en), (["who's", "got", "it"], .en), (["who", "has", "got", "it"], .en), (["when", "is", "it", "due"], .en),
        (["when's", "it", "due"], .en), (["when", "is", "it", "due", "back"], .en), (["when", "is", "it", "back"], .en),
        (["is", "it", "available"], .en), (["is", "it", "in"], .en), (["is", "it", "out"], .en), (["where", "is", "it"], .en),
        (["qui", "l'a"], .fr), (["c'est", "chez", "qui"], .fr), (["elle", "est", "ou"], .fr), (["il", "est", "ou"], .fr),
        (["c'est", "pour", "quand"], .fr), (["il", "est", "disponible"], .fr), (["elle", "est", "disponible"], .fr),
    ]

    /// Messages that mean something only whole, folded, courtesy gone: "ping" alone checks the bot
    /// is there ("ping Ben about Dune" is a reminder).
    private static let wholeMessages: [[String]: (intent: Intent, language: Language)] = {
        var said: [[String]: (intent: Intent, language: Language)] = [:]
        for words in [["ping"], ["ping", "bot"], ["are", "you", "there"], ["you", "there"], ["anyone", "there"], ["anybody", "there"],
                      ["is", "anyone", "there"], ["is", "anybody", "there"], ["are", "you", "awake"], ["are", "you", "alive"],
                      ["are", "you", "online"], ["are", "you", "up"]] {
            said[words] = (.help(topic: nil), .en)
        }
        // "qui attend ?", "quelqu'un attend ?": who waits for any book (every line, with who has what).
        for words in [["qui", "attend"], ["quelqu'un", "attend"], ["est-ce", "que", "quelqu'un", "attend"]] {
            said[words] = (.digest, .fr)
        }
        // "c'est pour quand le retour ?": when the book last named is due.
        for words in [["c'est", "pour", "quand", "le", "retour"], ["c'est", "quand", "le", "retour"], ["quand", "est", "le", "retour"]] {
            said[words] = (.whoHas(book: "ça"), .fr)
        }
        for words in [["tu", "es", "la"], ["t'es", "la"], ["vous", "etes", "la"], ["y", "a", "quelqu'un"], ["il", "y", "a", "quelqu'un"],
                      ["tu", "es", "reveille"], ["tu", "es", "en", "ligne"]] {
            said[words] = (.help(topic: nil), .fr)
        }
        for words in [["what's", "up"], ["whats", "up"], ["sup"], ["how", "are", "you"], ["how's", "it", "going"], ["how", "is", "it", "going"]] {
            said[words] = (.help(topic: nil), .en)
        }
        for words in [["comment", "ca", "va"], ["comment", "vas-tu"], ["comment", "allez-vous"]] {
            said[words] = (.help(topic: nil), .fr)
        }
        for words in [["what's", "good"], ["whats", "good"], ["what", "is", "good"], ["anything", "good"], ["something", "good"],
                      ["any", "good", "books"], ["any", "good", "reads"]] {
            said[words] = (.recommend(book: nil), .en)
        }
        for words in [["quoi", "de", "bon"], ["quelque", "chose", "de", "bien"], ["des", "bons", "livres"]] {
            said[words] = (.recommend(book: nil), .fr)
        }
        return said
    }()

    /// An emoji as chat writes it in text: `:books:`, `:+1:`, `:thumbsup::skin-tone-2:` (Slack),
    /// `<:shelf:123>`, `<a:wave:456>` (Discord's own).
    static func isEmojiCode(_ word: String) -> Bool {
        let utf8 = word.utf8
        guard utf8.count >= 3, utf8.count <= 80 else { return false }
        if word.hasPrefix("<:") || word.hasPrefix("<a:"), word.hasSuffix(">") {
            let parts = word.dropFirst().dropLast().split(separator: ":", omittingEmptySubsequences: false)
            return parts.count == 3 && !parts[1].isEmpty && !parts[2].isEmpty && parts[2].allSatisfy(\.isASCII) && parts[2].allSatisfy(\.isNumber)
        }
        guard word.hasPrefix(":"), word.hasSuffix(":") else { return false }
        let names = word.dropFirst().dropLast().split(separator: ":", omittingEmptySubsequences: true)
        return !names.isEmpty && names.allSatisfy { name in
            name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_+-'".contains($0)) }
        }
    }

    private static let politeWords: [([String], Language?)] = [
        (["please"], .en), (["pls"], .en), (["plz"], .en), (["thanks"], .en), (["thank", "you"], .en),
        (["hi"], .en), (["hello"], .en), (["hey"], .en), (["thx"], .en), (["cheers"], .en), (["ok"], nil), (["okay"], .en),
        (["have", "a", "nice", "day"], .en), (["bonne", "journee"], .fr), (["bonne", "soiree"], .fr), (["merci", "bien"], .fr),
        (["merci"], .fr), (["merci", "beaucoup"], .fr), (["svp"], .fr), (["stp"], .fr), (["bonjour"], .fr), (["salut"], .fr),
        (["s'il", "vous", "plait"], .fr), (["s'il", "te", "plait"], .fr), (["s", "il", "vous", "plait"], .fr), (["s", "il", "te", "plait"], .fr),
        (["good", "morning"], .en), (["good", "afternoon"], .en), (["good", "evening"], .en), (["hi", "there"], .en),
        (["hello", "there"], .en), (["hey", "there"], .en), (["hi", "all"], .en), (["hello", "everyone"], .en), (["hi", "everyone"], .en),
        (["bonsoir"], .fr), (["coucou"], .fr), (["bonjour", "a", "tous"], .fr),
        (["tysm"], .en), (["thanks", "a", "lot"], .en), (["thanks", "in", "advance"], .en), (["thank", "you", "so", "much"], .en),
        (["many", "thanks"], .en), (["thank", "u"], .en), (["merci", "d'avance"], .fr), (["merci", "par", "avance"], .fr),
        // The bot called by its name ("hello librarybot", "thanks librarybot"), or "bot" after a greeting.
        (["librarybot"], nil), (["hey", "bot"], .en), (["hi", "bot"], .en), (["hello", "bot"], .en), (["ok", "bot"], .en),
        (["okay", "bot"], .en), (["thanks", "bot"], .en), (["yo"], .en), (["yo", "bot"], .en), (["salut", "bot"], .fr), (["merci", "bot"], .fr),
    ].sorted { $0.0.count > $1.0.count }
    /// `politeWords`' places by their first word and by their last: the only phrases a message
    /// can start or end with, rather than every phrase compared at each pass (parsing 12 typical
    /// lines took 6% less).
    private static let politeByFirst = Dictionary(grouping: politeWords.indices) { politeWords[$0].0[0] }
    private static let politeByLast = Dictionary(grouping: politeWords.indices) { politeWords[$0].0[politeWords[$0].0.count - 1] }

    /// Drops leading and trailing courtesy (`please`, `merci`, `?`, `!`, `.`), noting its language.
    static func stripPoliteness(_ text: String, cues: inout [Language]) -> String {
        var words = spaceSeparated(text)
        // Emoji and other signs standing alone at either end ("📚 who has Dune 🙏") are not words
        // of the command; inside it they are a title's ("Pride & Prejudice").
        func isSign(_ word: String) -> Bool {
            !word.unicodeScalars.contains { $0.properties.isAlphabetic || $0.properties.numericType != nil || "?#\"«»“”„'’".unicodeScalars.contains($0) }
                || isEmojiCode(word)
        }
        while let first = words.first, isSign(first) { words.removeFirst() }
        while let last = words.last, isSign(last) { words.removeLast() }
        func trimPunctuation() {
            while let last = words.last {
                var trimmed = String(last[..<(last.lastIndex { !"?!.,;:".contains($0) }.map(last.index(after:)) ?? last.startIndex)])
                // The dot of an initial or an abbreviation is part of a name ("Frank H.", "J.R.R.",
                // "Jr."), not the end of a sentence.
                if last.dropFirst(trimmed.count).first == ".", endsWithAbbreviation(trimmed) { trimmed += "." }
                if trimmed == last { break }
                if trimmed.isEmpty { words.removeLast() } else { words[words.count - 1] = trimmed }
            }
            while let first = words.first, first == "," || first == "!" { words.removeFirst() }
        }
        if words == ["?"] { return "help" }
        var changed = true
        while changed && !words.isEmpty {
            changed = false
            trimPunctuation()
            let folded = words.map { word in
                let isMark = { (character: Character) in character == "," || character == "!" }
                let start = word.firstIndex { !isMark($0) } ?? word.endIndex
                let end = word.lastIndex { !isMark($0) }.map(word.index(after:)) ?? start
                return foldWord(String(word[start..<end]))
            }
            // A message of courtesy alone ("hello", "merci", "thanks!") is stripped to nothing,
            // which asks for help: what the bot can do, in the language of the greeting.
            guard let first = folded.first, let last = folded.last else { break }
            // In the list's order, as if each phrase were tried.
            let candidates = Set((politeByFirst[first] ?? []) + (politeByLast[last] ?? [])).sorted()
            for (polite, language) in candidates.map({ politeWords[$0] }) where folded.count >= polite.count {
                if folded.first == polite.first && folded.prefix(polite.count).elementsEqual(polite) {
                    words.removeFirst(polite.count)
                    if let language { cues.append(language) }
                    changed = true
                    break
                }
                if folded.last == polite.last && folded.suffix(polite.count).elementsEqual(polite) {
                    words.removeLast(polite.count)
                    // "return Dune please and thank you": the "and" that led to the thanks goes too.
                    if let last = words.last.map(foldWord), last == "and" || last == "et" { words.removeLast() }
                    if let language { cues.append(language) }
                    changed = true
                    break
                }
            }
        }
        return words.joined(separator: " ")
    }

    private static let abbreviations: Set<String> = ["jr", "sr", "st", "dr", "mr", "mrs", "ms", "inc", "co", "ltd"]

    /// Whether `word`, followed by a dot, is an initial (`H`, `J.R.R`) or a common abbreviation
    /// of a name (`Jr`, `St`), whose dot belongs to it.
    private static func endsWithAbbreviation(_ word: String) -> Bool {
        guard let last = word.last, last.isLetter else { return false }
        return word.count == 1 || word.contains(".") || abbreviations.contains(foldWord(word))
    }

    /// `words` with each contraction written apart, its apostrophe turned into a space ("j ai
    /// perdu Dune", "qu a Ben", "qu est ce que j ai", "what s new"), made one word again, as
    /// typed ("j ai"), which `foldWord` reads as the contraction ("j'ai"). Only among the first
    /// words of a message, where phrasings are. Nil when there is none.
    static func withContractionsJoined(_ words: [String]) -> [String]? {
        let reach = min(words.count, contractionReach)
        // The contractions' first parts are few: most messages have none of them.
        let folded = words.prefix(reach + 2).map(plainFold)
        guard (0..<reach).contains(where: { index in
            index + 1 < folded.count && contractionStarts.contains(folded[index]) && contractionSeconds.contains(folded[index + 1])
        }) else { return nil }
        var joined: [String] = []
        var index = 0, changed = false
        while index < words.count {
            let length = index < reach && contractionStarts.contains(folded[index]) ? [3, 2].first { length in
                index + length <= folded.count && contractions[folded[index..<(index + length)].joined(separator: " ")] != nil
            } : nil
            if let length {
                joined.append(words[index..<(index + length)].joined(separator: " "))
                index += length
                changed = true
            } else {
                joined.append(words[index])
                index += 1
            }
        }
        return changed ? joined : nil
    }

    /// How many words from the start of a message `withContractionsJoined` reads.
    private static let contractionReach = 6

    /// Contractions as chat often writes them, without their apostrophe, run together ("whats",
    /// "ive") or apart ("j ai", "what s"; see `withContractionsJoined`), and as the phrasings
    /// spell them.
    private static let contractions: [String: String] = [
        "whats": "what's", "whos": "who's", "wheres": "where's", "whens": "when's", "ive": "i've", "im": "i'm",
        "cant": "can't", "dont": "don't", "didnt": "didn't", "isnt": "isn't", "quelquun": "quelqu'un",
        // Chat spellings: "can u renew my book", "what's ur name".
        "u": "you", "ur": "your",
        "what s": "what's", "who s": "who's", "where s": "where's", "when s": "when's", "i ve": "i've", "i m": "i'm",
        "can t": "can't", "don t": "don't", "didn t": "didn't", "isn t": "isn't",
        "qu est ce": "qu'est-ce", "qu est-ce": "qu'est-ce", "est ce": "est-ce", "j ai": "j'ai", "qu a": "qu'a", "l ai": "l'ai", "n est": "n'est",
        "n ai": "n'ai", "n ont": "n'ont", "j aimerais": "j'aimerais", "qu ai-je": "qu'ai-je", "qu avez-vous": "qu'avez-vous",
        "s il": "s'il", "j emprunte": "j'emprunte", "j attends": "j'attends", "c est": "c'est", "qu il": "qu'il", "qu on": "qu'on",
        "quelqu un": "quelqu'un",
    ]

    /// The first words of the contractions written apart, and their second words.
    private static let contractionStarts = Set(contractions.keys.compactMap { $0.split(separator: " ").count > 1 ? String($0.split(separator: " ")[0]) : nil })
    private static let contractionSeconds = Set(contractions.keys.compactMap { $0.split(separator: " ").count > 1 ? String($0.split(separator: " ")[1]) : nil })

    /// "Ben borrowed Dune", "Ben took Emma", "Ben returned Dune", "give Ben Dune", "Ben m'a
    /// rendu Dune": what someone else did or is to get, as the command that records it, with the
    /// name, the book it would take and the language; nil when the words do not read so. Names
    /// and titles look alike ("Dune has been returned"): the handler checks that the book is one
    /// and the name is not.
    static func doneBySomeone(_ text: String) -> (intent: Intent, name: String, book: String, language: Language)? {
        let words = spaceSeparated(text)
        guard words.count >= 3, words.count <= 30 else { return nil }
        let folded = words.map(foldWord)
        // "give Ben Dune", "hand Ana the hobbit" (with "to", `pass` reads it); "lend Ben Dune",
        // a loan from the library.
        if ["give", "hand", "pass", "lend"].contains(folded[0]), !folded.contains("to"), looksLikeName(words[1]),
           !["back", "me", "it", "the", "a", "an", "my", "this", "that", "over", "in", "out"].contains(folded[1]) {
            let book = words.dropFirst(2).joined(separator: " ")
            return (folded[0] == "lend" ? .checkout(book: book, borrower: words[1]) : .handOver(book: book, to: words[1]), words[1], book, .en)
        }
        // ("Nobody returned Dune" is no return.)
        guard looksLikeName(words[0]), !["i", "i'm", "i've", "we", "you", "it", "this", "that", "who", "what", "which", "the", "a", "nobody", "no",
                                         "noone", "none", "never", "personne", "anyone", "anybody", "everyone", "everybody", "le", "la", "les", "un", "une"]
            .contains(folded[0]) else { return nil }
        // Someone's return closes the loan whoever they are ("She returned Dune"); a loan is to
        // a person, never to "Someone", "He" or "They".
        let lendsTo = !["someone", "somebody", "he", "she", "they", "quelqu'un", "il", "elle", "on"].contains(folded[0])
        // A name of one to three words, each capitalised: "Ben Okafor returned Dune".
        for length in 1...3 where words.count >= length + 2 {
            guard words[1..<length].allSatisfy(looksLikeName), !folded[1..<length].contains(where: notInAName.contains) else { break }
            let name = words[..<length].joined(separator: " ")
            if let done = done(by: name, Array(words[length...]), folded: Array(folded[length...]), lendsTo: lendsTo) { return done }
        }
        return nil
    }

    /// `doneBySomeone` after the name: `words` start with the verb.
    private static func done(by name: String, _ words: [String], folded: [String],
                             lendsTo: Bool) -> (intent: Intent, name: String, book: String, language: Language)? {
        // (Not "Ben has Dune": as a question, "?" dropped, it would lend Dune to Ben.)
        if lendsTo, ["borrowed", "took"].contains(folded[0]) {
            var rest = Array(words.dropFirst())
            if rest.last.map(foldWord) == "now" { rest.removeLast() }
            let book = rest.joined(separator: " ")
            return book.isEmpty ? nil : (.checkout(book: book, borrower: name), name, book, .en)
        }
        if folded[0] == "returned" || ["brought", "gave"].contains(folded[0]) && folded[1] == "back" && words.count > 2 {
            let book = words.dropFirst(folded[0] == "returned" ? 1 : 2).joined(separator: " ")
            return (.returnBook(book: book), name, book, .en)
        }
        // "Ben brought Dune back", "Ben has returned Dune".
        if ["brought", "gave", "handed"].contains(folded[0]), folded.last == "back", words.count > 2, folded[1] != "me" {
            let book = words[1..<(words.count - 1)].joined(separator: " ")
            return (.returnBook(book: book), name, book, .en)
        }
        if words.count > 2, folded[0] == "has", folded[1] == "returned" {
            let book = words.dropFirst(2).joined(separator: " ")
            return (.returnBook(book: book), name, book, .en)
        }
        // "Ben gave me Dune back", "Ben gave me back Dune": his return, made to the sender.
        if ["brought", "gave", "handed"].contains(folded[0]), folded[1] == "me", words.count > 3, folded[2] == "back" || folded.last == "back" {
            let book = (folded[2] == "back" ? words[3...] : words[2..<(words.count - 1)]).joined(separator: " ")
            return book.isEmpty ? nil : (.returnBook(book: book), name, book, .en)
        }
        // "Ben lost Dune", "Ben damaged Emma", "Ben a perdu Dune": that copy reported so,
        // whoever did it.
        if words.count > 1, let kind = [("lost", ReportKind.lost), ("damaged", .damaged), ("ruined", .damaged)].first(where: { $0.0 == folded[0] })?.1 {
            let book = words.dropFirst().joined(separator: " ")
            return (.report(book: book, kind: kind), name, book, .en)
        }
        if words.count > 2, folded[0] == "a", let kind = [("perdu", ReportKind.lost), ("abime", .damaged)].first(where: { $0.0 == folded[1] })?.1 {
            let book = words.dropFirst(2).joined(separator: " ")
            return (.report(book: book, kind: kind), name, book, .fr)
        }
        // "Ben m'a rendu Dune", "Ben a rendu Dune", "Ben a ramené Dune": his return; "Ben a
        // emprunté Dune", "Ben a pris Dune": his loan.
        if words.count > 2, ["m'a", "a"].contains(folded[0]), ["rendu", "ramene", "rapporte"].contains(folded[1]) {
            let book = words.dropFirst(2).joined(separator: " ")
            return (.returnBook(book: book), name, book, .fr)
        }
        if lendsTo, words.count > 2, folded[0] == "a", ["emprunte", "pris"].contains(folded[1]) {
            var rest = Array(words.dropFirst(2))
            if rest.count > 1, rest.last.map(foldWord) == "maintenant" { rest.removeLast() }
            let book = rest.joined(separator: " ")
            return (.checkout(book: book, borrower: name), name, book, .fr)
        }
        return nil
    }

    /// "and Dune?", "what about Dune?", "how about the second one", "et Dune ?", "et pour Dune ?":
    /// another book for the question just asked (which the handler knows). The book and the
    /// language; nil for any other text.
    public static func followUp(_ text: String) -> (book: String, language: Language)? {
        let words = toldWords(text)
        guard words.count >= 2, words.count <= 16 else { return nil }
        let folded = words.map { foldWord($0.trimming(",")) }
        guard let (lead, language) = followUpLeads.first(where: { folded.count > $0.0.count && folded.starts(with: $0.0) }) else { return nil }
        var end = words.count
        if ["then", "alors"].contains(folded[end - 1]), end - 1 > lead.count { end -= 1 }
        let book = words[lead.count..<end].joined(separator: " ").trimming(", ")
        return book.isEmpty ? nil : (book, language)
    }

    /// "next page", "more", "la suite" (+1); "previous page", "page précédente" (-1): the page of
    /// the list just shown to turn to, and the language it was asked in. Nil for any other text.
    public static func pageTurn(_ text: String) -> (by: Int, language: Language)? {
        // (The handler asks of every message not understood: a pasted page is not tidied for it.)
        guard text.utf8.count <= 48 else { return nil }
        // Most messages start with a letter that no page turn starts with, which tells at once.
        // (What a page turn's words leave out: spaces, hidden characters, the marks trimmed.)
        if let initial = text.utf8.first(where: { $0 > 0x20 && $0 != 0x7F && !",.!?".utf8.contains($0) }), initial < 0x80,
           !pageTurnInitials.contains((0x41...0x5A).contains(initial) ? initial | 0x20 : initial) {
            return nil
        }
        let words = toldWords(text)
        guard words.count <= 5 else { return nil }
        return pageTurns[words.map { foldWord($0.trimming(",.!?")) }.filter { !$0.isEmpty }]
    }

    /// The bytes a page turn's first word starts with, folded: its own first letters, and those
    /// of the contractions that fold into one of those words.
    private static let pageTurnInitials: Set<UInt8> = {
        let firstWords = Set(pageTurns.keys.compactMap(\.first))
        let contracted = contractions.filter { firstWords.contains($0.value) }.keys
        return Set((firstWords.map { $0 } + contracted).compactMap(\.utf8.first))
    }()

    private static let pageTurns: [[String]: (by: Int, language: Language)] = {
        var turns: [[String]: (by: Int, language: Language)] = [:]
        for words in [["next"], ["next", "page"], ["the", "next", "page"], ["more"], ["show", "more"], ["show", "me", "more"], ["next", "ones"],
                      ["the", "next", "ones"], ["show", "the", "next", "ones"], ["the", "rest"], ["show", "the", "rest"], ["show", "me", "the", "rest"],
                      ["go", "on"], ["keep", "going"], ["more", "books"], ["and", "the", "rest"], ["page", "down"]] {
            turns[words] = (1, .en)
        }
        for words in [["previous"], ["previous", "page"], ["the", "previous", "page"], ["back", "a", "page"], ["page", "up"], ["go", "back", "a", "page"]] {
            turns[words] = (-1, .en)
        }
        for words in [["suivant"], ["suivants"], ["page", "suivante"], ["la", "page", "suivante"], ["la", "suite"], ["la", "suite", "de", "la", "liste"],
                      ["les", "suivants"], ["montre", "la", "suite"]] {
            turns[words] = (1, .fr)
        }
        for words in [["precedent"], ["page", "precedente"], ["la", "page", "precedente"]] {
            turns[words] = (-1, .fr)
        }
        return turns
    }()

    /// "me", "mine", "moi", "les miens": the sender, in a follow-up ("and me?", "what about mine?").
    static func meansTheSender(_ text: String) -> Bool {
        senderWords.contains(text.split(separator: " ").map { foldWord(String($0)) })
    }

    private static let senderWords: Set<[String]> = [
        ["me"], ["myself"], ["mine"], ["i"], ["my", "books"], ["my", "loans"], ["moi"], ["moi-meme"], ["les", "miens"], ["mes", "livres"],
    ]

    /// "Ben's" as "Ben": a member named in a follow-up about someone's books ("and Ben's?").
    static func withoutPossessive(_ name: String) -> String {
        for ending in ["'s", "\u{2019}s"] where name.count > ending.count + 1 && name.hasSuffix(ending) {
            return String(name.dropLast(ending.count))
        }
        return name
    }

    private static let followUpLeads: [([String], Language)] = [
        (["and", "what", "about"], .en), (["and", "how", "about"], .en), (["what", "about"], .en), (["how", "about"], .en),
        (["and", "for"], .en), (["and"], .en), (["et", "pour"], .fr), (["et", "qu'en", "est-il", "de"], .fr), (["et"], .fr),
    ]

    /// The words of a sentence that tells something (someone's doing), without the "?", "!"
    /// or "." that end it.
    private static func toldWords(_ text: String) -> [String] {
        var text = text.trimmingWhitespace(newlines: true)
        while let last = text.last, "?!.".contains(last) { text.removeLast() }
        return spaceSeparated(TextKey.tidy(text))
    }

    /// A word that may start someone's name: capitalised, or a mention (`@Ben`, `<@U123>`).
    private static func looksLikeName(_ word: String) -> Bool {
        word.first?.isUppercase == true || word.hasPrefix("@") || word.hasPrefix("<@")
    }

    /// "Ben wants Dune", "can Ben borrow Dune?", "Ben veut Dune": a book someone else would
    /// have, which may mean lending it to them or putting them in line. The name (one to three
    /// words, the first capitalised or a mention), the book and the language; nil for any other
    /// text. Whether the name is no title and the book one is for the library to say.
    static func wantedBySomeone(_ text: String) -> (name: String, book: String, language: Language)? {
        let words = toldWords(text)
        guard words.count >= 3, words.count <= 30 else { return nil }
        let folded = words.map(foldWord)
        // ("let Ben borrow Dune": the verb bare, as in a question.)
        let leads: [([String], Language)] = [(["can"], .en), (["could"], .en), (["may"], .en), (["let"], .en), (["est-ce", "que"], .fr), ([], .en), ([], .fr)]
        let verbs: [([String], Language)] = [
            (["borrow"], .en), (["have"], .en), (["get"], .en), (["take"], .en), (["wants"], .en), (["wants", "to", "borrow"], .en),
            (["would", "like"], .en), (["would", "like", "to", "borrow"], .en), (["needs"], .en),
            (["can", "borrow"], .en), (["can", "have"], .en), (["can", "take"], .en), (["may", "borrow"], .en), (["may", "have"], .en),
            (["peut", "emprunter"], .fr), (["peut", "avoir"], .fr), (["veut"], .fr), (["voudrait"], .fr), (["veut", "emprunter"], .fr),
            (["voudrait", "emprunter"], .fr),
        ].sorted { $0.0.count > $1.0.count }  // "wants to borrow" before "wants"
        for (lead, leadLanguage) in leads where folded.starts(with: lead) {
            // "can Ben borrow", but "Ben wants": a question's verb is bare.
            let asked = !lead.isEmpty
            for (verb, language) in verbs where language == leadLanguage && ["borrow", "have", "get", "take"].contains(verb[0]) == (asked && language == .en) {
                // A name of one to three words between, and a book after.
                let last = min(lead.count + 3, folded.count - verb.count - 1)
                guard last > lead.count, let at = (lead.count + 1...last).first(where: { folded[$0...].starts(with: verb) }) else { continue }
                let name = words[lead.count..<at]
                var book = words[(at + verb.count)...]
                // "Ben can have Dune after me", "Ben peut avoir Dune après moi": when says no more
                // (the library says whether it is a loan or a place in line).
                if let tail = Self.afterMeTails.first(where: { book.count > $0.count && book.suffix($0.count).map(foldWord).elementsEqual($0) }) {
                    book = book.dropLast(tail.count)
                }
                guard let first = name.first, looksLikeName(first), !name.map(foldWord).contains(where: notInAName.contains),
                      !["i", "we", "je", "on", "nous", "il", "elle", "someone", "anyone", "quelqu'un"].contains(foldWord(first)) else { continue }
                return (unquote(name.joined(separator: " ")), unquote(book.joined(separator: " ")), language)
            }
        }
        return nil
    }

    /// "put Ben in line for Dune", "add Ben Okafor to the waitlist for Dune", "mets Ben sur la
    /// liste pour Dune": someone else (one to three words, capitalised, or a mention) put in a
    /// book's line. The name, the book and the language; nil for any other text.
    private static func lineForSomeone(_ words: [String], folded: [String]) -> (name: ArraySlice<String>, book: ArraySlice<String>, language: Language)? {
        guard folded.count >= 4, let language = ["put": Language.en, "add": .en, "mets": .fr, "mettre": .fr, "ajoute": .fr, "inscris": .fr][folded[0]],
              !["me", "moi", "us", "nous", "it", "le", "la", "les", "the", "a", "an", "un", "une"].contains(folded[1]) else { return nil }
        for end in 2...min(4, folded.count - 2) {
            guard words[1..<end].allSatisfy(looksLikeName),
                  let middle = Self.lineMiddles[language]?.first(where: { folded.count > end + $0.count && folded[end...].starts(with: $0) }) else { continue }
            return (words[1..<end], words[(end + middle.count)...], language)
        }
        return nil
    }
    private static let lineMiddles: [Language: [[String]]] = [
        .en: [["in", "line", "for"], ["in", "the", "queue", "for"], ["on", "the", "list", "for"], ["on", "the", "waitlist", "for"],
              ["on", "the", "waiting", "list", "for"], ["to", "the", "list", "for"], ["to", "the", "waitlist", "for"],
              ["to", "the", "waiting", "list", "for"], ["to", "the", "queue", "for"], ["to", "the", "line", "for"], ["on", "hold", "for"]],
        .fr: [["sur", "la", "liste", "pour"], ["sur", "la", "liste", "d'attente", "pour"], ["dans", "la", "file", "pour"],
              ["dans", "la", "file", "d'attente", "pour"], ["en", "attente", "pour"], ["a", "la", "liste", "pour"], ["pour"]],
    ]

    /// What may follow the book someone else would have: after the sender has it (folded).
    private static let afterMeTails: [[String]] = [
        ["after", "me"], ["next"], ["when", "i'm", "done"], ["when", "i'm", "finished"], ["when", "i", "am", "done"], ["once", "i'm", "done"],
        ["after", "i'm", "done"], ["when", "i'm", "done", "with", "it"], ["after", "i", "return", "it"], ["when", "i", "return", "it"],
        ["apres", "moi"], ["ensuite"], ["quand", "j'ai", "fini"], ["quand", "j'aurai", "fini"], ["quand", "je", "l'aurai", "fini"],
    ].sorted { $0.count > $1.count }

    /// "does Ben have Dune?", "has Ben got Dune", "is Ben reading Dune", "Ben has Dune now",
    /// "Ben's got Dune", "est-ce que Ben a Dune ?", "Ben a encore Dune": someone said to have a
    /// book, asked or told. The name (one to three words, the first capitalised or a mention,
    /// or a pronoun), the book, whether it was asked, and the language; nil for any other text.
    /// Whether the name is no title and the book one is for the library to say.
    static func heldBySomeone(_ text: String) -> (name: String, book: String, asked: Bool, language: Language)? {
        var words = toldWords(text)
        guard words.count >= 3, words.count <= 30 else { return nil }
        // "Ben's got Dune": the name, then "has got".
        if let possessive = words.prefix(3).firstIndex(where: { $0.hasSuffix("'s") || $0.hasSuffix("\u{2019}s") }),
           possessive + 2 < words.count, foldWord(words[possessive + 1]) == "got" {
            words[possessive] = String(words[possessive].dropLast(2))
            words.insert("has", at: possessive + 1)
        }
        var folded = words.map(foldWord)
        // When, which says no more: "now", "at the moment".
        if let tail = [["right", "now"], ["now"], ["at", "the", "moment"], ["maintenant"], ["en", "ce", "moment"]]
            .first(where: { folded.count > $0.count + 2 && folded.suffix($0.count).elementsEqual($0) }) {
            words.removeLast(tail.count)
            folded.removeLast(tail.count)
        }
        let asked = text.trimmingWhitespace(newlines: true).hasSuffix("?")
        for form in heldBySomeoneForms where folded.starts(with: form.lead) {
            // A name of one to three words between, and a book after.
            let last = min(form.lead.count + 3, folded.count - form.verb.count - 1)
            guard last > form.lead.count, let at = (form.lead.count + 1...last).first(where: { folded[$0...].starts(with: form.verb) }) else { continue }
            let name = words[form.lead.count..<at], book = unquote(words[(at + form.verb.count)...].joined(separator: " "))
            let foldedName = name.map(foldWord)
            let pronoun = foldedName.count == 1 && heldPronouns.contains(foldedName[0])
            // "Il y a Dune" (there is) names no one.
            guard let first = name.first, pronoun || looksLikeName(first) && !foldedName.contains(where: { notInAName.contains($0) || notInAFrenchName.contains($0) }),
                  !book.isEmpty else { continue }
            return (unquote(name.joined(separator: " ")), book, asked || !form.lead.isEmpty, form.language)
        }
        return nil
    }

    /// The pronouns `heldBySomeone` takes for a name ("does she have Dune?"), which name no one
    /// the library could lend to.
    static let heldPronouns: Set<String> = ["he", "she", "they", "il", "elle"]

    private static let notInAFrenchName: Set<String> = ["il", "elle", "ils", "elles", "on", "y", "je", "tu", "nous", "vous", "ce", "c'est", "qui", "que", "en", "ne"]

    /// The question's first words (none for a statement) and the verb after the name, longest
    /// verb first ("Ben has got Dune" is not "has" the book "got Dune").
    private static let heldBySomeoneForms: [(lead: [String], verb: [String], language: Language)] = [
        (["does"], ["still", "have"], .en), (["does"], ["have"], .en), (["has"], ["still", "got"], .en), (["has"], ["got"], .en),
        (["is"], ["still", "reading"], .en), (["is"], ["reading"], .en),
        ([], ["has", "still", "got"], .en), ([], ["has", "got"], .en), ([], ["still", "has"], .en), ([], ["has"], .en),
        ([], ["is", "still", "reading"], .en), ([], ["is", "reading"], .en),
        (["est-ce", "que"], ["a", "encore"], .fr), (["est-ce", "que"], ["a", "toujours"], .fr), (["est-ce", "que"], ["a"], .fr),
        ([], ["a", "encore"], .fr), ([], ["a", "toujours"], .fr), ([], ["a"], .fr),
    ]

    /// "Ben gave me Dune", "Ben passed Dune to me", "I got Dune from Ben", "Ben m'a passé Dune",
    /// "j'ai récupéré Dune de Ben": someone's book now in the sender's hands. The book, who gave
    /// it (a capitalized word or a mention) and the language; nil for any other text. Whether
    /// the name is no title and the book one is for the library to say.
    static func receivedFrom(_ text: String) -> (book: String, giver: String, language: Language)? {
        var words = toldWords(text)
        guard words.count >= 4, words.count <= 30 else { return nil }
        var folded = words.map(foldWord)
        if folded.last == "now" || folded.last == "today" {
            words.removeLast()
            folded.removeLast()
        }
        func isName(_ word: String) -> Bool {
            looksLikeName(word) && !notGivers.contains(foldWord(word))
        }
        func received(_ book: ArraySlice<String>, from giver: String, _ language: Language) -> (book: String, giver: String, language: Language)? {
            let book = unquote(book.joined(separator: " "))
            return book.isEmpty || giver.isEmpty ? nil : (book, giver, language)
        }
        let count = words.count
        // "Ben gave me Dune back", "Ben gave me back Dune": Ben returned it (to an admin, say).
        if folded.last == "back" || folded.contains("back") && ["gave", "handed", "passed"].contains(folded[1]) { return nil }
        if isName(words[0]), ["gave", "passed", "handed", "lent", "loaned"].contains(folded[1]) {
            // "Ben gave me Dune"
            if folded[2] == "me" { return received(words[3...], from: words[0], .en) }
            // "Ben passed Dune to me", "Ben handed Dune over to me"
            if folded.suffix(2) == ["to", "me"] {
                let end = folded[count - 3] == "over" ? count - 3 : count - 2
                return received(words[2..<end], from: words[0], .en)
            }
            return nil
        }
        // "Ben m'a passé Dune", "Ana m'a prêté Dune" ("Ben m'a rendu Dune" is his return)
        if isName(words[0]), folded[1] == "m'a", ["passe", "donne", "prete", "refile", "transmis", "laisse"].contains(folded[2]) {
            return received(words[3...], from: words[0], .fr)
        }
        // "I got Dune from Ben", "received Dune from Ben" ("took Dune from Ben" is a checkout's)
        let start = folded[0] == "i" ? 1 : 0
        let lead = [["got"], ["received"]].first { folded[start...].starts(with: $0) }
        if let lead, folded[count - 2] == "from", isName(words[count - 1]) {
            return received(words[(start + lead.count)..<(count - 2)], from: words[count - 1], .en)
        }
        // "j'ai récupéré Dune de Ben", "j'ai eu Dune auprès de Ben", "j'ai reçu Dune d'Ana"
        if folded[0] == "j'ai", ["recupere", "eu", "recu"].contains(folded[1]) {
            if folded[count - 1].hasPrefix("d'") {
                let giver = String(words[count - 1].dropFirst(2))
                return isName(giver) ? received(words[2..<(count - 1)], from: giver, .fr) : nil
            }
            if folded[count - 2] == "de", isName(words[count - 1]) {
                let end = folded[count - 3] == "aupres" ? count - 3 : count - 2
                return received(words[2..<end], from: words[count - 1], .fr)
            }
        }
        return nil
    }

    /// "I took over Dune from Ben", "I took Dune over from Ben", "I'm taking over Dune from Ben",
    /// "take over Dune from Ben": the book and the one it is taken over from. "Over" says it: "I
    /// took Dune from Ben" stays a checkout's words.
    static func takenOver(_ words: [String], folded: [String]) -> (book: String, giver: String, language: Language)? {
        guard let lead = takeOverLeads.first(where: { folded.starts(with: $0) }),
              let from = folded.lastIndex(of: "from"), from > lead.count + 1, from < folded.count - 1 else { return nil }
        var start = lead.count, end = from
        if folded[start] == "over" {
            start += 1
        } else if folded[end - 1] == "over" {
            end -= 1
        } else {
            return nil
        }
        var giverWords = Array(words[(from + 1)...])
        if var last = giverWords.popLast() {
            while let character = last.last, "?!.".contains(character) { last.removeLast() }
            if !last.isEmpty { giverWords.append(last) }
        }
        let book = unquote(words[start..<end].joined(separator: " ")), giver = unquote(giverWords.joined(separator: " "))
        return book.isEmpty || giver.isEmpty ? nil : (book, giver, .en)
    }

    /// "reprendre Dune de Ben", "je reprends Dune d'Ana": the same in French, the name (one
    /// capitalised word or a mention) after the last "de" or "d'".
    static func takenOverInFrench(_ words: [String], folded: [String]) -> (book: String, giver: String, language: Language)? {
        guard let lead = [["reprendre"], ["je", "reprends"], ["j'ai", "repris"]].first(where: { folded.starts(with: $0) }),
              folded.count >= lead.count + 2, var last = words.last else { return nil }
        while let character = last.last, "?!.".contains(character) { last.removeLast() }
        let giver: String, end: Int
        if folded[folded.count - 1].hasPrefix("d'") {
            (giver, end) = (String(last.dropFirst(2)), words.count - 1)
        } else if folded.count >= lead.count + 3, folded[folded.count - 2] == "de" {
            (giver, end) = (last, words.count - 2)
        } else {
            return nil
        }
        guard looksLikeName(giver), !notGivers.contains(foldWord(giver)), end > lead.count else { return nil }
        let book = unquote(words[lead.count..<end].joined(separator: " "))
        return book.isEmpty ? nil : (book, unquote(giver), .fr)
    }

    /// "I have Dune", "I've got Dune at home", "Dune is at my place", "Dune est chez moi": the
    /// sender says a book is in their hands, which the library may not know. The book and the
    /// language; nil for any other text. Whether the book is one is for the library to say.
    static func heldBySender(_ text: String) -> (book: String, language: Language)? {
        var words = toldWords(text)
        guard words.count >= 2, words.count <= 30 else { return nil }
        var folded = words.map(foldWord)
        // Where it is, which says no more: "at home", "chez moi".
        if let tail = heldTails.first(where: { folded.count > $0.words.count + 1 && folded.suffix($0.words.count).elementsEqual($0.words) }) {
            words.removeLast(tail.words.count)
            folded.removeLast(tail.words.count)
            // "Dune is at my place", "Dune est chez moi": the book before the verb.
            if let verb = [["is"], ["est"], ["is", "here"]].first(where: { folded.count > $0.count && folded.suffix($0.count).elementsEqual($0) }) {
                let book = unquote(words.dropLast(verb.count).joined(separator: " "))
                return book.isEmpty || notGivers.contains(foldWord(book)) ? nil : (book, verb == ["est"] ? .fr : .en)
            }
        }
        guard let lead = heldLeads.first(where: { folded.count > $0.words.count && folded.starts(with: $0.words) }) else { return nil }
        let book = unquote(words.dropFirst(lead.words.count).joined(separator: " "))
        return book.isEmpty ? nil : (book, lead.language)
    }

    private static let heldLeads: [(words: [String], language: Language)] = [
        (["i", "have", "got"], .en), (["i've", "got"], .en), (["i", "have"], .en), (["j'ai"], .fr),
    ]
    private static let heldTails: [(words: [String], language: Language)] = [
        (["at", "my", "place"], .en), (["at", "my", "house"], .en), (["at", "home"], .en), (["with", "me"], .en), (["on", "my", "desk"], .en),
        (["chez", "moi"], .fr), (["avec", "moi"], .fr), (["a", "la", "maison"], .fr), (["sur", "mon", "bureau"], .fr),
    ]

    private static let takeOverLeads: [[String]] = [
        ["i", "have", "taken"], ["i", "am", "taking"], ["i've", "taken"], ["i'm", "taking"], ["i", "took"], ["we", "took"],
        ["took"], ["taking"], ["take"],
    ]

    /// Capitalized words that name nobody who could hand a book over ("I got …", "The …").
    private static let notGivers: Set<String> = ["i", "you", "we", "he", "she", "they", "it", "this", "that", "someone", "somebody", "the", "a", "an", "my"]

    /// "Dune is damaged: the cover is torn", "I lost Dune, left it on the train", "report Dune
    /// damaged - water stain": a report of a copy lost or damaged, with what the member says of
    /// it after a colon, a comma or a dash. Not a second command ("Dune is damaged, Emma is
    /// lost"), unless it tells of the copy ("…, the cover is torn"); an apology is no note.
    /// "my copy of Dune has coffee stains", "Dune has a torn cover", "a page is missing from
    /// Dune", "there's a stain on Dune": the copy reported damaged, with what the member said.
    private static func damageSaid(_ text: String) -> ParsedCommand? {
        // Most messages have neither "has", "have", "page" nor "there": passed at once, by bytes.
        guard text.utf8.count <= 500, mentions(text, anyOf: damageFrames), mentions(text, anyOf: damageSigns) else { return nil }
        var cues: [Language] = []
        let words = stripPoliteness(stripAddress(TextKey.tidy(text)), cues: &cues).split(separator: " ").map(String.init)
        let folded = words.map { foldWord($0).trimming(",.;:!") }
        // A message that goes on with another command ("…, and return Emma") is split first,
        // each part read alone.
        for index in words.indices.dropLast() where words[index].hasSuffix(",") || words[index].hasSuffix(";") || ["and", "then", "et", "puis"].contains(folded[index + 1]) {
            var next = index + 1
            while next < folded.count, ["and", "then", "et", "puis", "also", "aussi"].contains(folded[next]) { next += 1 }
            if next < folded.count, VerbForm.anyStarts(Array(folded[next...])) { return nil }
        }
        func damaged(_ note: ArraySlice<String>) -> Bool {
            note.contains(where: damageWords.contains) || note.contains("missing") && note.contains { $0 == "page" || $0 == "pages" }
        }
        // A question is asked, not told ("does Dune have water damage?").
        if text.trimmingWhitespace().hasSuffix("?") || ["does", "do", "did", "is", "are", "has", "have", "what", "who", "why", "how", "which", "where", "when"]
            .contains(folded.first ?? "") { return nil }
        // "Dune has coffee stains", "my copy of Dune has a torn cover".
        if let has = folded.firstIndex(where: { $0 == "has" || $0 == "have" }), has > 0, has + 1 < folded.count,
           folded.count - has <= 7, !["been", "gone", "got"].contains(folded[has + 1]), damaged(folded[(has + 1)...]) {
            let start = [["my", "copy", "of"], ["the", "copy", "of"], ["our", "copy", "of"]].first { $0.count < has && folded.starts(with: $0) }?.count ?? 0
            let book = unquote(words[start..<has].joined(separator: " "))
            if !book.isEmpty, !["i", "we", "you", "he", "she", "they", "someone", "somebody", "everyone"].contains(folded[start]) {
                // An apology after a comma is no part of what is wrong ("…, sorry").
                var note = words[has...].joined(separator: " ")
                if let comma = note.range(of: ", ", options: .backwards), apologies.contains(TextKey.fold(String(note[comma.upperBound...]))) {
                    note = String(note[..<comma.lowerBound])
                }
                return ParsedCommand(intent: .report(book: book, kind: .damaged, note: note), language: .en)
            }
        }
        // "Dune is missing a page", "Dune is missing some pages".
        if let missing = folded.firstIndex(of: "missing"), missing >= 2, folded[missing - 1] == "is", missing + 1 < folded.count, folded.count - missing <= 5,
           folded[(missing + 1)...].contains(where: { $0 == "page" || $0 == "pages" }) {
            let book = unquote(words[..<(missing - 1)].joined(separator: " "))
            if !["it", "this", "that", "something", "nothing", "what", "which"].contains(TextKey.fold(book)) {
                return ParsedCommand(intent: .report(book: book, kind: .damaged, note: words[missing...].joined(separator: " ")), language: .en)
            }
        }
        // "a page is missing from Dune", "page missing in Dune", "there's a coffee stain on Dune".
        if let lead = [["a", "page"], ["page"], ["pages"], ["some", "pages"], ["a", "few", "pages"], ["the", "pages"], ["missing", "page"], ["missing", "pages"],
                       ["there's"], ["there", "is"], ["there", "are"]]
            .first(where: { folded.count > $0.count + 2 && folded.starts(with: $0) }),
           let at = folded.indices.dropFirst(lead.count).last(where: { ["from", "in", "on", "of", "inside"].contains(folded[$0]) }), at + 1 < folded.count,
           at <= 8, damaged(folded[..<at]) {
            let book = unquote(words[(at + 1)...].joined(separator: " "))
            return book.isEmpty ? nil : ParsedCommand(intent: .report(book: book, kind: .damaged, note: words[..<at].joined(separator: " ")), language: .en)
        }
        return nil
    }
    /// Whether `text` holds one of `signs` (lower-case ASCII), ASCII letters' case aside.
    private static func mentions(_ text: String, anyOf signs: [[UInt8]]) -> Bool {
        func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            signs.contains { sign in
                guard bytes.count >= sign.count else { return false }
                return (0...(bytes.count - sign.count)).contains { start in
                    sign.indices.allSatisfy { offset in
                        let byte = bytes[start + offset]
                        return ((0x41...0x5A).contains(byte) ? byte | 0x20 : byte) == sign[offset]
                    }
                }
            }
        }
        return text.utf8.withContiguousStorageIfAvailable(scan) ?? Array(text.utf8).withUnsafeBufferPointer(scan)
    }
    /// What a message that tells of a damaged copy as `damageSaid` reads it holds (lower-cased).
    private static let damageFrames: [[UInt8]] = ["has", "have", "page", "there"].map { Array($0.utf8) }
    /// Words without which a message says no copy is damaged (lower-cased).
    private static let damageSigns: [[UInt8]] = ["stain", "coffee", "water", "wet", "torn", "tear", "rip", "broken", "loose", "mold", "mould",
                                                 "scribbl", "writing", "marks", "damage", "dog-ear", "crease", "burn", "dirty", "sticky", "page"]
        .map { Array($0.utf8) }
    /// What a member says is wrong with a copy (folded).
    private static let damageWords: Set<String> = [
        "stain", "stains", "stained", "coffee", "tea", "water", "wine", "wet", "torn", "tear", "tears", "ripped", "rip", "rips", "broken",
        "loose", "mold", "mould", "moldy", "mouldy", "scribbles", "scribbled", "scribbling", "writing", "marks", "damage", "damaged",
        "dog-eared", "crease", "creased", "creases", "burn", "burnt", "burned", "dirty", "sticky",
    ]

    private static func reportWithNote(_ text: String) -> ParsedCommand? {
        // Most messages have no colon, comma, dash or bracket: they are passed at once, by bytes
        // (0xE2 starts the en and em dashes).
        guard text.utf8.count <= 2_000, text.utf8.contains(where: { $0 == 0x3A || $0 == 0x2C || $0 == 0x2D || $0 == 0x28 || $0 == 0xE2 }) else {
            return nil
        }
        // And most of the rest say nothing of a copy lost or damaged.
        guard mentions(text, anyOf: reportSigns) else { return nil }
        for separator in [": ", ", ", " - ", " – ", " — ", " ("] {
            guard let cut = text.range(of: separator) else { continue }
            let head = parseOne(String(text[..<cut.lowerBound]))
            guard case .report(let book, let kind, nil) = head.intent, kind == .lost || kind == .damaged else { continue }
            var cues: [Language] = []
            let tail = stripPoliteness(text[cut.upperBound...].trimming(" )"), cues: &cues)
            guard !tail.isEmpty else { continue }
            if apologies.contains(TextKey.fold(tail)) { return ParsedCommand(intent: .report(book: book, kind: kind), language: head.language) }
            switch parseOne(tail).intent {
            case .unknown: break
            case .report(let part, _, _) where LastNamedBook.pointsBack(part) || TextKey.fold(part).split(separator: " ").contains(where: { partsOfABook.contains(String($0)) }):
                break
            default: return nil
            }
            return ParsedCommand(intent: .report(book: book, kind: kind, note: tail), language: head.language)
        }
        return nil
    }
    /// Words without which a message is no report of a copy lost or damaged (lower-cased).
    private static let reportSigns: [[UInt8]] = ["lost", "damag", "torn", "tore", "ruin", "broke", "missing", "wet", "apart", "spill", "report",
                                                 "perdu", "abim", "abîm", "endommag", "egar", "égar", "disparu", "introuvable", "signal", "déchir", "dechir"]
        .map { Array($0.utf8) }
    private static let apologies: Set<String> = ["sorry", "so sorry", "oops", "my bad", "thanks", "thank you", "desole", "desolee", "pardon", "oups", "merci"]
    /// The parts of a copy (folded) that a note may say are damaged, where it reads as a report of its own ("the cover is torn").
    private static let partsOfABook: Set<String> = [
        "cover", "covers", "spine", "page", "pages", "binding", "jacket", "corner", "corners", "back", "front", "sleeve",
        "couverture", "dos", "reliure", "jaquette", "coin", "coins", "tranche",
    ]

    private static let finishedIt: Set<[String]> = [
        ["je", "l'ai", "fini"], ["je", "l'ai", "finie"], ["je", "l'ai", "termine"], ["je", "l'ai", "terminee"], ["je", "l'ai", "lu"], ["je", "l'ai", "lue"],
    ]

    /// What a member tells of their own doing, which asked ("I returned Dune?") is a question.
    private static let askedReports: [(words: [String], language: Language)] = [
        (["i", "returned"], .en), (["i've", "returned"], .en), (["i", "have", "returned"], .en), (["i", "brought", "back"], .en),
        (["i", "borrowed"], .en), (["i've", "borrowed"], .en), (["i", "took"], .en), (["i", "checked", "out"], .en),
        (["j'ai", "rendu"], .fr), (["j'ai", "rapporte"], .fr), (["j'ai", "emprunte"], .fr), (["j'ai", "pris"], .fr),
        (["j'ai", "lu"], .fr), (["j'ai", "deja", "lu"], .fr), (["j'ai", "deja", "emprunte"], .fr), (["j'ai", "deja", "rendu"], .fr),
        // "someone lost Dune?": asked, not reported.
        (["someone", "lost"], .en), (["somebody", "lost"], .en), (["someone", "has", "lost"], .en), (["somebody", "has", "lost"], .en),
        (["quelqu'un", "a", "perdu"], .fr),
    ].sorted { $0.words.count > $1.words.count }

    /// "Dune is lost?", "Dune est abîmé ?": the state a report tells of, said of a book and
    /// asked (the caller checks the "?"), which asks about the book: its page, with its report
    /// if it has one. Nil when the words are no such statement, when they start with a command
    /// ("return Dune is lost"), ask about the shelf ("what is broken?") or the member's own book
    /// ("my book is lost?", which the library cannot name).
    private static func askedState(_ words: [String], folded: [String]) -> ParsedCommand? {
        guard let (report, tail) = framing(folded, Self.reports, ends: Self.reportEnds, lead: \.lead, tails: \.tails), report.lead.isEmpty,
              folded.count > tail.count, !VerbForm.anyStarts(folded),
              !["what", "which", "anything", "something", "nothing", "quoi", "my", "mon", "ma", "mes"].contains(folded[0]) else { return nil }
        // "the cover of Dune is torn?" asks about Dune.
        let start = copyOf.first { folded.starts(with: $0) && folded.count - tail.count > $0.count }?.count ?? 0
        return ParsedCommand(intent: .show(book: words[start..<(words.count - tail.count)].joined(separator: " ")), language: report.language)
    }

    /// "Ben hasn't returned Dune", "nobody returned Dune", "Dune was never returned", "Ben n'a
    /// pas rendu Dune", "Dune n'est toujours pas revenu": a book said not to be back, which asks
    /// who has it (and since when). The book and the language; nil for any other text. Someone
    /// named is one to three words; "Nobody Returned" alone says nothing of a book.
    static func notReturned(_ text: String) -> (book: String, language: Language)? {
        var words = toldWords(text)
        guard words.count >= 3, words.count <= 40 else { return nil }
        // "… Dune yet": stressing, no part of the book (capitalised, it may end a title).
        if let last = words.last, ["yet", "still", "encore"].contains(last) { words.removeLast() }
        let folded = words.map(foldWord)
        if let tail = notReturnedTails.first(where: { folded.count > $0.words.count && folded.suffix($0.words.count).elementsEqual($0.words) }) {
            let book = unquote(words.dropLast(tail.words.count).joined(separator: " "))
            return book.isEmpty || notABookBeforeBack.contains(folded[0]) ? nil : (book, tail.language)
        }
        // "Nobody returned Dune": the verb that says it done, after no one.
        let nobody = [["nobody"], ["no", "one"], ["noone"], ["personne"]].first { folded.starts(with: $0) }
        for (verb, language) in notReturnedVerbs + (nobody == nil ? [] : nobodyVerbs) {
            // Who (one to three words), then the verb, then the book.
            let last = min(nobody?.count ?? 3, folded.count - verb.count - 1)
            guard last >= 1, let at = (1...last).first(where: { folded[$0...].starts(with: verb) }) else { continue }
            let book = unquote(words[(at + verb.count)...].joined(separator: " "))
            return book.isEmpty ? nil : (book, language)
        }
        return nil
    }
    private static let notReturnedVerbs: [(words: [String], language: Language)] = [
        (["never", "returned"], .en), (["hasn't", "returned"], .en), (["has", "not", "returned"], .en), (["still", "hasn't", "returned"], .en),
        (["has", "still", "not", "returned"], .en), (["didn't", "return"], .en), (["did", "not", "return"], .en), (["never", "brought", "back"], .en),
        (["hasn't", "brought", "back"], .en), (["still", "has", "not", "returned"], .en), (["haven't", "returned"], .en),
        (["have", "not", "returned"], .en), (["still", "haven't", "returned"], .en),
        (["n'a", "pas", "rendu"], .fr), (["n'ai", "pas", "rendu"], .fr), (["n'ai", "pas", "encore", "rendu"], .fr),
        (["n'a", "pas", "encore", "rendu"], .fr), (["n'a", "jamais", "rendu"], .fr), (["n'a", "toujours", "pas", "rendu"], .fr),
    ].sorted { $0.words.count > $1.words.count }
    private static let nobodyVerbs: [(words: [String], language: Language)] = [
        (["has", "returned"], .en), (["returned"], .en), (["has", "brought", "back"], .en), (["brought", "back"], .en), (["n'a", "rendu"], .fr),
    ]
    private static let notReturnedTails: [(words: [String], language: Language)] = [
        (["was", "never", "returned"], .en), (["hasn't", "been", "returned"], .en), (["has", "not", "been", "returned"], .en),
        (["still", "hasn't", "been", "returned"], .en), (["has", "never", "been", "returned"], .en), (["isn't", "back"], .en), (["is", "not", "back"], .en),
        (["still", "isn't", "back"], .en), (["is", "still", "not", "back"], .en), (["never", "came", "back"], .en),
        (["n'a", "pas", "ete", "rendu"], .fr), (["n'a", "jamais", "ete", "rendu"], .fr), (["n'a", "toujours", "pas", "ete", "rendu"], .fr),
        (["n'est", "pas", "revenu"], .fr), (["n'est", "toujours", "pas", "revenu"], .fr), (["n'est", "jamais", "revenu"], .fr),
    ].sorted { $0.words.count > $1.words.count }

    /// "Dune returned", "Dune has been returned", "Dune back on the shelf", "Dune rendu": a book
    /// said to be back (as typed), and the language of the words; nil when the words do not read
    /// so. Whether the words before name a book is the handler's to say: "welcome back" names none.
    static func returnedBook(_ text: String) -> (book: String, language: Language)? {
        let words = spaceSeparated(text)
        guard words.count >= 2, words.count <= 40 else { return nil }
        let folded = words.map(foldWord)
        guard let tail = returnedStatements.first(where: { folded.count > $0.words.count && folded.suffix($0.words.count).elementsEqual($0.words) }),
              !notABookBeforeBack.contains(folded[0]) else { return nil }
        return (words.dropLast(tail.words.count).joined(separator: " "), tail.language)
    }
    private static let returnedStatements: [(words: [String], language: Language)] = [
        (["returned"], .en), (["back"], .en), (["is", "returned"], .en), (["was", "returned"], .en), (["has", "been", "returned"], .en),
        (["got", "returned"], .en), (["checked", "in"], .en), (["is", "checked", "in"], .en), (["was", "checked", "in"], .en),
        (["has", "been", "checked", "in"], .en), (["back", "in", "the", "library"], .en), (["back", "on", "the", "shelf"], .en),
        (["returned", "to", "the", "library"], .en), (["returned", "to", "the", "shelf"], .en), (["has", "been", "brought", "back"], .en),
        (["rendu"], .fr), (["rendue"], .fr), (["est", "rendu"], .fr), (["est", "rendue"], .fr), (["a", "ete", "rendu"], .fr),
        (["a", "ete", "rendue"], .fr), (["rapporte"], .fr), (["rapportee"], .fr), (["a", "ete", "rapporte"], .fr),
        (["a", "ete", "rapportee"], .fr), (["de", "retour"], .fr),
    ].sorted { $0.words.count > $1.words.count }
    /// First words of "… back" that say something of people, not of a book ("I'm back", "welcome back").
    private static let notABookBeforeBack: Set<String> = [
        "i", "i'm", "im", "we", "we're", "you", "you're", "he", "he's", "she", "she's", "they", "they're", "is", "was", "has", "have",
        "did", "do", "does", "when", "who", "what", "which", "where", "be", "welcome", "come", "came", "get", "got", "go", "going",
        "right", "call", "write", "can", "could", "would", "will", "no", "nothing", "nobody", "everyone", "everything", "all",
        "je", "j'ai", "il", "elle", "on", "nous", "vous", "quand", "qui", "est-ce", "quoi", "suis", "rien", "personne", "tout",
    ]

    /// "Dune tomorrow", "Dune ce soir", "Dune now", "Dune yesterday": a book named with when (as
    /// typed), and whether that is later (a plan, not done yet) rather than now or past (done);
    /// nil without a time at the end.
    static func timeAfterBook(_ reference: String) -> (book: String, later: Bool)? {
        guard reference.utf8.contains(0x20) else { return nil }
        var words = spaceSeparated(reference)
        guard words.count >= 2, words.count <= 60 else { return nil }
        var folded = words.map { foldWord($0.trimming(",.?!")) }
        // "… tomorrow instead", "… demain plutôt": what the time is said against says nothing more.
        if folded.count > 2, ["instead", "then", "plutot"].contains(folded[folded.count - 1]) {
            folded.removeLast()
            words.removeLast()
        }
        for (times, later) in [(laterTimes, true), (nowTimes, false)] {
            if let time = times.first(where: { folded.count > $0.count && folded.suffix($0.count).elementsEqual($0) }) {
                let book = words.dropLast(time.count).joined(separator: " ").trimming(", ")
                return book.isEmpty ? nil : (book, later)
            }
        }
        // "… in 3 days", "… in a couple of weeks".
        if let span = (3...5).first(where: { folded.count > $0 && isSpanAhead(Array(folded.suffix($0))) }) {
            let book = words.dropLast(span).joined(separator: " ").trimming(", ")
            return book.isEmpty ? nil : (book, true)
        }
        return nil
    }

    /// A name said with when ("Ben tomorrow", "Ben now", "Ben demain"): the name, and whether
    /// the time is later than now, as `timeAfterBook` reads a time after a book; the name as it
    /// is, and false, when no time ends it.
    static func nameAndTime(_ name: String) -> (name: String, later: Bool) {
        guard let (person, later) = timeAfterBook(name) else { return (name, false) }
        return (person, later)
    }

    /// Whether `words`, all of them, say a time later than now (true) or now or past (false);
    /// nil when they are not a time.
    static func timeSaid(_ words: some Collection<String>) -> Bool? {
        let folded = words.map { foldWord($0.trimming(",.?!")) }
        if laterTimes.contains(folded) || isSpanAhead(folded) { return true }
        return nowTimes.contains(folded) ? false : nil
    }

    /// "in 3 days", "in two weeks", "in a few days", "dans 3 jours", "dans quelques semaines":
    /// a time ahead, counted from now.
    private static func isSpanAhead(_ folded: [String]) -> Bool {
        guard folded.count >= 3, folded[0] == "in" || folded[0] == "dans", let unit = folded.last, spanUnits.contains(unit) else { return false }
        let count = folded.dropFirst().dropLast()
        if count.count == 1, let only = count.first, only.allSatisfy({ $0.isASCII && $0.isNumber }) || spanCounts.contains(only) { return true }
        return [["a", "few"], ["a", "couple", "of"], ["a", "couple"], ["quelques"], ["deux", "ou", "trois"], ["two", "or", "three"]].contains(Array(count))
    }
    private static let spanUnits: Set<String> = ["day", "days", "week", "weeks", "hours", "hour", "jours", "jour", "semaines", "semaine", "heures"]
    private static let spanCounts: Set<String> = [
        "a", "an", "one", "two", "three", "four", "five", "six", "seven", "ten", "un", "une", "deux", "trois", "quatre", "cinq", "six", "sept", "dix",
    ]

    private static let laterTimes: [[String]] = {
        var times: [[String]] = [
            ["tomorrow"], ["tomorrow", "morning"], ["tomorrow", "afternoon"], ["tomorrow", "evening"], ["tonight"], ["later"],
            ["later", "today"], ["this", "afternoon"], ["this", "evening"], ["next", "week"], ["soon"], ["after", "the", "weekend"],
            ["demain"], ["demain", "matin"], ["demain", "soir"], ["ce", "soir"], ["cet", "apres-midi"], ["plus", "tard"],
            ["la", "semaine", "prochaine"], ["bientot"], ["apres", "le", "week-end"],
            ["next", "month"], ["this", "weekend"], ["over", "the", "weekend"], ["at", "the", "weekend"], ["christmas"], ["after", "christmas"],
            ["le", "mois", "prochain"], ["ce", "week-end"], ["noel"], ["a", "noel"], ["apres", "noel"],
        ]
        for day in ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] { times += [[day], ["on", day], ["next", day]] }
        for day in ["lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche"] { times += [[day], [day, "prochain"]] }
        return times.sorted { $0.count > $1.count }
    }()
    /// Now, or already past: what is told was done, and is done now.
    private static let nowTimes: [[String]] = [
        ["now"], ["right", "now"], ["today"], ["just", "now"], ["maintenant"], ["aujourd'hui"], ["tout", "de", "suite"],
        ["yesterday"], ["last", "night"], ["this", "morning"], ["earlier"], ["earlier", "today"], ["last", "week"], ["the", "other", "day"],
        ["hier"], ["hier", "soir"], ["avant-hier"], ["ce", "matin"], ["tout", "a", "l'heure"], ["la", "semaine", "derniere"], ["l'autre", "jour"],
    ].sorted { $0.count > $1.count }

    /// "swap Dune for Emma", "exchange Dune for Emma", "échanger Dune contre Emma": one book
    /// brought back and another taken. Each way to cut the words at a separator, as typed (the
    /// handler keeps the one where both sides name books: "swap A Prayer for Owen Meany for
    /// Emma"), and the language; nil when the words do not read so.
    static func swaps(_ text: String) -> (cuts: [(give: String, take: String)], language: Language)? {
        let words = spaceSeparated(text)
        guard words.count >= 4, words.count <= 60 else { return nil }
        let folded = words.map(foldWord)
        guard let lead = swapLeads.first(where: { folded.starts(with: $0.words) }) else { return nil }
        let separators: Set<String> = lead.language == .en ? ["for", "with"] : ["contre", "pour"]
        var cuts: [(give: String, take: String)] = []
        for index in (lead.words.count + 1)..<(words.count - 1) where separators.contains(folded[index]) {
            cuts.append((words[lead.words.count..<index].joined(separator: " "), words[(index + 1)...].joined(separator: " ")))
        }
        return cuts.isEmpty ? nil : (cuts, lead.language)
    }
    private static let swapLeads: [(words: [String], language: Language)] = [
        (["swap"], .en), (["exchange"], .en), (["trade"], .en), (["i'm", "swapping"], .en), (["i", "swapped"], .en),
        (["echanger"], .fr), (["echange"], .fr), (["j'echange"], .fr), (["j'ai", "echange"], .fr),
        // Asked: "can I swap Dune for Emma?", "puis-je échanger Dune contre Emma ?".
        (["can", "i", "swap"], .en), (["could", "i", "swap"], .en), (["can", "i", "exchange"], .en), (["could", "i", "exchange"], .en),
        (["can", "i", "trade"], .en), (["i'd", "like", "to", "swap"], .en), (["i'd", "like", "to", "exchange"], .en),
        (["i", "want", "to", "swap"], .en), (["i", "want", "to", "exchange"], .en), (["i'll", "swap"], .en),
        (["puis-je", "echanger"], .fr), (["je", "peux", "echanger"], .fr), (["je", "voudrais", "echanger"], .fr), (["je", "veux", "echanger"], .fr),
    ]

    /// "I meant Emma", "sorry, I meant Emma", "no, Emma", "non, je voulais dire Emma": the book the member
    /// meant in their last command (as typed), and the language of the words.
    static func correction(_ text: String) -> (book: String, language: Language)? {
        let words = spaceSeparated(text)
        let folded = words.prefix(6).map { foldWord($0.trimming(",:!.")) }
        guard let lead = correctionLeads.first(where: { folded.count > $0.words.count && folded.starts(with: $0.words) }) else {
            // "no, Emma", "non, Emma": the comma says the rest answers.
            guard words.count > 1, ["no,", "non,", "nope,"].contains(words[0].lowercased()) else { return nil }
            let book = unquote(words.dropFirst().joined(separator: " "))
            return (book, words[0].lowercased() == "non," ? .fr : .en)
        }
        let book = unquote(words.dropFirst(lead.words.count).joined(separator: " "))
        return book.isEmpty ? nil : (book, lead.language)
    }
    private static let correctionLeads: [(words: [String], language: Language)] = {
        var leads: [(words: [String], language: Language)] = []
        for before in [[], ["sorry"], ["no"], ["oops"], ["oh"], ["nope"], ["sorry", "no"], ["no", "sorry"]] {
            for said in [["i", "meant"], ["i", "mean"], ["i", "meant", "to", "say"]] { leads.append((before + said, .en)) }
        }
        for before in [[], ["pardon"], ["non"], ["oups"], ["desole"], ["desolee"], ["non", "pardon"]] {
            for said in [["je", "voulais", "dire"], ["je", "veux", "dire"]] { leads.append((before + said, .fr)) }
        }
        return leads.sorted { $0.words.count > $1.words.count }
    }()

    /// "what is Dune?", "c'est quoi Dune ?", "qu'est-ce que Dune": what is asked about (as
    /// typed) and the question's language. Whether that names a book is the library's to say:
    /// "what's up" asks nothing of a book.
    static func whatIsQuestion(_ text: String) -> (subject: String, language: Language)? {
        var words = spaceSeparated(text)
        if let joined = withContractionsJoined(words) { words = joined }
        let folded = words.prefix(4).map(foldWord)
        guard let lead = whatIsLeads.first(where: { folded.count > $0.words.count && folded.starts(with: $0.words) }) else { return nil }
        return (words.dropFirst(lead.words.count).joined(separator: " "), lead.language)
    }
    private static let whatIsLeads: [(words: [String], language: Language)] = [
        (["what", "is"], .en), (["what's"], .en), (["c'est", "quoi"], .fr), (["qu'est-ce", "que"], .fr),
        (["qu'est-ce", "que", "c'est", "que"], .fr),
    ].sorted { $0.words.count > $1.words.count }

    /// `text` cut at its spaces, as `split(separator: " ")` cuts it; byte by byte when the text
    /// is ASCII (most messages are), which is faster than by characters and the same there.
    static func spaceSeparated(_ text: String) -> [String] {
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return text.split(separator: " ").map(String.init) }
        return text.utf8.split(separator: UInt8(ascii: " ")).map { String(Substring($0)) }
    }

    /// Whether `word` is written as a title's word is ("Reading"), not shouted ("READING").
    private static func isCapitalised(_ word: String) -> Bool {
        word.first?.isUppercase == true && word.dropFirst().contains(where: \.isLowercase)
    }

    /// Lower case, no accents, curly apostrophes straightened: how verbs and keywords compare.
    /// A contraction written without its apostrophe ("whats", "j ai") is read as written with it.
    static func foldWord(_ word: String) -> String {
        let folded = plainFold(word)
        // Keys are short, and most words are longer or hold no letter a contraction starts with.
        guard folded.utf8.count <= 12, let first = folded.utf8.first, contractionFirstLetters.contains(first) else { return folded }
        return contractions[folded] ?? folded
    }

    /// `foldWord` without the contractions.
    private static func plainFold(_ word: String) -> String {
        TextKey.asciiLowercased(word) ?? word.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .replacingOccurrences(of: "\u{2019}", with: "'")
    }

    /// The letters the contractions' keys start with.
    private static let contractionFirstLetters = Set(contractions.keys.compactMap(\.utf8.first))

    private static let quotePairs: [Character: Character] = ["\"": "\"", "\u{201C}": "\u{201D}", "\u{201E}": "\u{201C}", "«": "»"]

    /// The text inside surrounding quotes (straight, curly or guillemets), or the text itself.
    static func unquote(_ text: String) -> String {
        let trimmed = text.trimmingWhitespace()
        guard let first = trimmed.first, let closer = quotePairs[first], trimmed.count >= 2, trimmed.last == closer else {
            return trimmed
        }
        let inner = trimmed.dropFirst().dropLast()
        guard !inner.contains(closer) else { return trimmed }
        return TextKey.tidy(String(inner))
    }

    /// Which characters of `text` sit inside a quoted stretch (quotes included).
    static func quotedMask(_ characters: [Character]) -> [Bool] {
        var mask = [Bool](repeating: false, count: characters.count)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if let closer = quotePairs[character], index == 0 || characters[index - 1] == " " {
                if let end = characters[(index + 1)...].firstIndex(of: closer) {
                    for position in index...end { mask[position] = true }
                    index = end + 1
                    continue
                }
            }
            index += 1
        }
        return mask
    }

    /// When `text` starts with a quoted stretch followed by one of `separators`: that stretch,
    /// what follows the separator, and the separator.
    static func splitAfterQuotedTitle(_ text: String, separators: [String]) -> (String, String, String)? {
        let characters = Array(text.trimmingWhitespace())
        let mask = quotedMask(characters)
        guard mask.first == true, let end = mask.firstIndex(of: false) else { return nil }
        let after = String(characters[end...]).lowercased()
        for separator in separators where after.hasPrefix(separator) {
            return (String(characters[..<end]), String(characters[(end + separator.count)...]).trimmingWhitespace(), separator)
        }
        return nil
    }

    /// Splits at the last of `separators` found outside quotes (case-insensitive).
    static func splitLast(_ text: String, separators: [String]) -> (String, String, String)? {
        split(text, separators: separators, last: true)
    }

    static func splitFirst(_ text: String, separators: [String]) -> (String, String, String)? {
        split(text, separators: separators, last: false)
    }

    private static func split(_ text: String, separators: [String], last: Bool) -> (String, String, String)? {
        let characters = Array(text)
        let lowered = characters.map { Character($0.lowercased().count == 1 ? $0.lowercased() : String($0)) }
        let mask = quotedMask(characters)
        var best: (Int, String)? = nil
        for separator in separators {
            let pattern = Array(separator)
            guard pattern.count <= characters.count else { continue }
            for start in 0...(characters.count - pattern.count) where !mask[start] {
                if Array(lowered[start..<(start + pattern.count)]) == pattern, !mask[start + pattern.count - 1] {
                    if let current = best, last ? start <= current.0 : start >= current.0 { continue }
                    best = (start, separator)
                }
            }
        }
        guard let (start, separator) = best else { return nil }
        let before = String(characters[..<start]), after = String(characters[(start + separator.count)...])
        return (before.trimmingWhitespace(), after.trimmingWhitespace(), separator)
    }

    /// Pieces of `text` between `separator`s that are outside quotes.
    static func splitOutsideQuotes(_ text: String, on separator: Character) -> [String] {
        let characters = Array(text)
        let mask = quotedMask(characters)
        var pieces: [String] = [], current = ""
        for (index, character) in characters.enumerated() {
            if character == separator, !mask[index] {
                pieces.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        pieces.append(current)
        return pieces.map { $0.trimmingWhitespace() }
    }

    private static let optionKeys = ["publisher:", "editeur:", "categories:", "category:", "categorie:", "isbn:"]

    /// `Dune by Frank Herbert publisher: Ace categories: SF, Classic` → the main part and the options.
    static func splitOptions(_ text: String) -> (String, [(String, String)]) {
        let words = text.split(separator: " ").map(String.init)
        var main: [String] = [], options: [(String, [String])] = []
        for word in words {
            let folded = foldWord(word)
            if let key = optionKeys.first(where: { folded.hasPrefix($0) }) {
                // "by Andy Weir, categories: SF": the comma or semicolon before an option ends what came before.
                func trimmed(_ words: inout [String]) {
                    guard let last = words.last else { return }
                    let kept = String(last.reversed().drop { $0 == "," || $0 == ";" }.reversed())
                    if kept.isEmpty { words.removeLast() } else { words[words.count - 1] = kept }
                }
                if options.isEmpty { trimmed(&main) } else { trimmed(&options[options.count - 1].1) }
                let attached = String(word.dropFirst(key.count))
                options.append((String(key.dropLast()), attached.isEmpty ? [] : [attached]))
            } else if options.isEmpty {
                main.append(word)
            } else {
                options[options.count - 1].1.append(word)
            }
        }
        return (main.joined(separator: " "), options.map { ($0.0, unquote($0.1.joined(separator: " "))) })
    }

    /// First words that are never a typo of a verb: questions ("when is" is not "where is") and
    /// articles ("les" is not "ls").
    private static let questionWords: Set<String> = ["when", "what", "why", "how", "who", "which", "where", "quand", "quoi", "pourquoi", "comment", "qui", "ou"]
    private static let articles: Set<String> = ["the", "les", "des", "une", "aux"]
    /// Nor are words of their own: one that links ("and Dune?" is not "add Dune"), or "lost"
    /// ("lost Dune" is a report, "Lost Horizon" a title: neither is "list").
    private static let ownWords: Set<String> = ["and", "but", "et", "mais", "lost"]

    /// The verb nearest to a mistyped first word, if it is close.
    private static func closestVerb(to folded: [String]) -> VerbForm? {
        guard let first = folded.first, first.count >= 3 else { return nil }
        var best: (VerbForm, Int)? = nil
        // The first 1, 2, … words of the line, joined once each rather than once a form.
        var prefixes: [TypoText] = []
        var workspace = EditDistance.Workspace()
        let targets = typoTargets, wordCounts = typoWordCounts
        for index in targets.indices where wordCounts[index] <= folded.count {
            while prefixes.count < wordCounts[index] { prefixes.append(TypoText(folded.prefix(prefixes.count + 1).joined(separator: " "))) }
            let allowance = targets[index].length <= 4 ? 1 : 2
            // More letters apart than allowed: no need to align them (most forms, read by counts).
            guard abs(prefixes[wordCounts[index] - 1].scalars.count - targets[index].scalars.count) <= allowance else { continue }
            let form = VerbForm.all[index], candidate = prefixes[wordCounts[index] - 1], target = targets[index]
            // An answer of several words is no verb to offer ("does it …" is not "do it").
            if wordCounts[index] > 1, form.verb == .confirm || form.verb == .cancel { continue }
            guard let distance = workspace.distance(candidate.scalars, target.scalars, maximum: allowance),
                  distance < target.length / 2 + 1 else { continue }
            // Two letters off and two shorter is another word, not a typo ("can" is not "clean").
            if distance == 2, candidate.length + 2 <= target.length { continue }
            // Two letters off from its first one on is another word too ("send" is not "rends").
            if distance == 2, candidate.text.first != target.text.first { continue }
            // A short verb one letter off is often another word ("make" is not "take").
            if target.length <= 4, candidate.text.first != target.text.first { continue }
            // A question word is not a typo of another ("when is" is not "where is"), and one asked of
            // the asker has its own verb ("who am I" is not "who has").
            if let word = folded.first, word != form.words.first, questionWords.contains(word) { continue }
            if folded.count > 1, questionWords.contains(folded[0]), folded[1] == "am" || folded[1] == "suis", folded[1] != form.words.dropFirst().first { continue }
            // Nor an article ("les nouveaux livres" is not "ls").
            if let word = folded.first, word != form.words.first, articles.contains(word) || ownWords.contains(word) { continue }
            if let current = best, current.1 <= distance { continue }
            best = (form, distance)
        }
        return best?.0
    }

    /// A text `closestVerb` compares: its scalars and its length in characters, read once.
    private struct TypoText {
        let text: String
        let scalars: [UInt32]
        let length: Int

        init(_ text: String) {
            self.text = text
            scalars = text.unicodeScalars.map(\.value)
            length = text.count
        }
    }

    /// Each verb form's words joined (`VerbForm.all`'s order), read once rather than at each
    /// line that starts with no verb; and how many words each has.
    private static let typoTargets = VerbForm.all.map { TypoText($0.words.joined(separator: " ")) }
    private static let typoWordCounts = VerbForm.all.map(\.words.count)
}
