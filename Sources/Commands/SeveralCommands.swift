import LibraryCore

extension CommandParser {
    /// The commands of a message, in order. A message holds several when they are on lines of
    /// their own, or joined in a sentence: "return Dune; checkout Emma", "return Dune then
    /// checkout Emma", "return Dune and checkout Emma", "I returned Dune. Can I borrow Emma?".
    /// A piece only starts a command when it reads as one: "checkout Dune and Emma" and "Dr.
    /// No" stay whole. What comes before the first command when it is no command (a greeting,
    /// "Sorry I'm late.") is dropped; what follows a command and is none belongs to it.
    static func commandParts(of text: String) -> [CommandPart] {
        var parts: [CommandPart] = []
        /// Whether the part's command must be parsed again, its text having grown; whether
        /// items of a list, one a line, were added to it.
        var stale: [Bool] = [], listed: [Bool] = []
        /// The verb of a list of books to add ("add:" then a book a line), for its next line.
        var adding: [String?] = []
        for rawLine in text.split(whereSeparator: \.isNewline) {
            let (line, bulleted) = withoutBullet(String(rawLine))
            for (index, segment) in segments(of: line).enumerated() {
                let command = parseOne(segment.text)
                let lineStart = index == 0
                // Under "add:", a line with an author or an ISBN is a book to add, even one whose
                // title starts with a verb ("Return of the King by J.R.R. Tolkien").
                let addingBook = lineStart && !parts.isEmpty && (adding[parts.count - 1] ?? addVerb(of: parts[parts.count - 1], stale: stale[parts.count - 1])) != nil
                    && (splitLast(segment.text, separators: [" by ", " par ", " de "]) != nil || ISBN.normalize(segment.text) != nil)
                if parts.isEmpty || !addingBook && startsCommand(command, atLineStart: lineStart) && !repeatsAboutIt(command, parts[parts.count - 1]) {
                    let joiner = lineStart || sureSeparators.contains(segment.separator.lowercased()) ? nil : segment.separator
                    parts.append(CommandPart(text: segment.text, command: command, joiner: joiner))
                    stale.append(false)
                    listed.append(false)
                    adding.append(nil)
                    continue
                }
                let last = parts.count - 1
                // "add:" then "Dune by Frank Herbert", "Emma by Jane Austen": a book a line, each
                // added as if typed alone (a title and author do not make a list with commas).
                if lineStart, let verb = adding[last] ?? addVerb(of: parts[last], stale: stale[last]) {
                    let text = verb + " " + segment.text
                    let item = CommandPart(text: text, command: parseOne(text), joiner: nil)
                    if adding[last] == nil {
                        // The header ("add:") gives way to its first book.
                        parts[last] = item
                        stale[last] = false
                    } else {
                        parts.append(item)
                        stale.append(false)
                        listed.append(false)
                        adding.append(nil)
                    }
                    adding[parts.count - 1] = verb
                    continue
                }
                // An item of a list: bulleted, or under "Returning:" or a verb alone ("return").
                var isBareVerb: Bool {
                    guard !stale[last], case .unknown(let text, let suggestion) = parts[last].command.intent else { return false }
                    return suggestion == text
                }
                let header = parts[last].text.hasSuffix(":") || isBareVerb
                if lineStart && (bulleted || listed[last] || header) {
                    // "Returning:" then "- Dune", "- Emma": "Returning Dune, Emma"; "checkout
                    // Dune" then "- Emma": "checkout Dune, Emma".
                    if parts[last].text.hasSuffix(":") { parts[last].text.removeLast() }
                    parts[last].text += (header ? " " : ", ") + segment.text
                    listed[last] = true
                } else if lineStart {
                    // A line that only lengthens the book's name is kept apart by a sentence end,
                    // so that a remark ("return Dune" then "I loved it!") is not read as part of
                    // the title when the whole names no book; "as Ana" on a line of its own
                    // joins as it is.
                    let current = stale[last] ? parseOne(parts[last].text) : parts[last].command
                    let joined = parts[last].text + " " + segment.text
                    let lengthensTitle = bookReference(current.intent).map { book in
                        bookReference(parseOne(joined).intent).map(TextKey.fold) == TextKey.fold(book + " " + segment.text)
                    } ?? false
                    let endsWithMark = parts[last].text.last.map { ".!?…,;:".contains($0) } ?? false
                    parts[last].text = lengthensTitle && !endsWithMark ? parts[last].text + ". " + segment.text : joined
                } else {
                    parts[last].text += segment.typed
                }
                stale[last] = true
            }
        }
        for index in parts.indices where stale[index] {
            parts[index].text = parts[index].text.trimmingWhitespace()
            parts[index].command = parseOne(parts[index].text)
        }
        if parts.count > 1, isChat(parts[0].command.intent) { parts.removeFirst() }
        return parts
    }

    /// The book a command names, for the commands about one book whose name a line may go on
    /// (not an edit's, whose value comes last).
    private static func bookReference(_ intent: Intent) -> String? {
        switch intent {
        case .edit, .delete, .rules: nil
        default: intent.bookReference
        }
    }

    /// "hold Dune and tell me when it is back": the same command again, about "it" (the book
    /// just named), adds nothing: it stays words of the first.
    private static func repeatsAboutIt(_ command: ParsedCommand, _ last: CommandPart) -> Bool {
        guard let book = command.intent.bookReference, LastNamedBook.pointsBack(book) else { return false }
        return command.intent.name == last.command.intent.name
    }

    /// The verb of a part that is an add verb alone ("add", "add:", "ajouter :"), as typed.
    private static func addVerb(of part: CommandPart, stale: Bool) -> String? {
        guard !stale, case .unknown(_, let suggestion?) = part.command.intent, TextKey.fold(part.text) == TextKey.fold(suggestion),
              VerbForm.named(suggestion)?.verb == .add else { return nil }
        return suggestion
    }

    /// A line without its list bullet ("- ", "• ", "* ", "1. ", "2) "), and whether it had one.
    private static func withoutBullet(_ line: String) -> (String, Bool) {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        for bullet in ["- ", "• ", "* ", "· ", "– ", "— "] where trimmed.hasPrefix(bullet) {
            return (String(trimmed.dropFirst(bullet.count)), true)
        }
        let digits = trimmed.prefix { $0.isASCII && $0.isNumber }
        let after = trimmed.dropFirst(digits.count)
        if !digits.isEmpty, digits.count <= 2, after.hasPrefix(". ") || after.hasPrefix(") ") {
            return (String(after.dropFirst(2)), true)
        }
        return (line, false)
    }

    /// Whether `text` has a separator: a line break, ";", a ",", ".", "?" or "!" followed by a
    /// space, or "and", "et", "then", "puis" or "ensuite" between spaces. Most commands have
    /// none, and are not looked at further.
    static func mayHoldSeveral(_ text: String) -> Bool {
        hasSeparator(text, anywhere: commandBreaks, beforeSpace: sentenceEnds, words: commandWords)
    }

    private static let commandBreaks = Set("\n\r;".utf8), sentenceEnds = Set(",.?!".utf8)
    private static let commandWords: [[UInt8]] = ["and", "et", "then", "puis", "ensuite"].map { Array($0.utf8) }

    /// Whether `text` has one of the bytes `anywhere`, one of `beforeSpace` followed by a space,
    /// or one of `words` (lower-case ASCII, matched in any case) between spaces. Reads the bytes
    /// without allocating: it runs on every command.
    static func hasSeparator(_ text: String, anywhere: Set<UInt8>, beforeSpace: Set<UInt8>, words: [[UInt8]]) -> Bool {
        func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            for (index, byte) in bytes.enumerated() {
                if anywhere.contains(byte) { return true }
                if beforeSpace.contains(byte), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: " ") { return true }
                guard byte == UInt8(ascii: " ") else { continue }
                for word in words where index + 1 + word.count < bytes.count && bytes[index + 1 + word.count] == UInt8(ascii: " ") {
                    // ASCII letters only: `| 0x20` lowers them.
                    if word.indices.allSatisfy({ bytes[index + 1 + $0] | 0x20 == word[$0] }) { return true }
                }
            }
            return false
        }
        return text.utf8.withContiguousStorageIfAvailable(scan) ?? Array(text.utf8).withUnsafeBufferPointer(scan)
    }

    /// Past this many bytes, a message is not cut into commands.
    static let longestSplitMessage = 4_000

    /// Separators after which a command always starts, when one follows.
    private static let sureSeparators: Set<String> = [
        ", and then ", " and then ", ", then ", " then ", ";", ", puis ", " et puis ", " puis ", ", ensuite ", " ensuite ",
    ]
    /// Separators that may as well join two books ("Dune and Emma") or sit inside a title.
    private static let joiningSeparators: Set<String> = [", and ", " and ", ", et ", " et ", ". ", "? ", "! ", ", "]
    private static let separatorsLongestFirst = (sureSeparators.union(joiningSeparators)).sorted { $0.count > $1.count }.map(Array.init)

    /// Whether `command` starts a command of its own rather than continuing the one before: when
    /// it reads as one, or at the start of a line as a typo to ask about ("chekout Emma"); a
    /// line of other words goes on ("checkout Dune\nas Ana"). Inside a line, a "no" or "yes"
    /// starts nothing: prose is full of them ("Dr. No").
    private static func startsCommand(_ command: ParsedCommand, atLineStart: Bool) -> Bool {
        switch command.intent {
        case .unknown(_, let suggestion): atLineStart && suggestion != nil
        case .confirm, .cancel: atLineStart
        default: isCommand(command.intent)
        }
    }

    private static func isCommand(_ intent: Intent) -> Bool {
        switch intent {
        case .unknown, .thanks, .help, .several: false
        default: true
        }
    }

    /// A greeting, thanks, or words that are no command and look like none ("Sorry I'm late."):
    /// what a member says before their commands.
    private static func isChat(_ intent: Intent) -> Bool {
        switch intent {
        case .thanks, .help(topic: nil), .unknown(_, suggestion: nil): true
        default: false
        }
    }

    /// The books of one line to add, "Dune by Frank Herbert and Emma by Jane Austen": the
    /// pieces between separators, each book ending with its author (after " by " / " par "). A
    /// piece without one starts the next book's title ("Pride and Prejudice by …"), or goes on
    /// the book before: after the last author (co-authors, "… by Terry Pratchett and Neil
    /// Gaiman"), or once the book has options ("categories: SF, Classic"). Nil for one book.
    static func booksToAdd(_ text: String) -> [String]? {
        let pieces = segments(of: text)
        let authored = pieces.map { splitLast($0.text, separators: [" by ", " par "]) != nil }
        guard authored.filter({ $0 }).count > 1 else { return nil }
        var books: [String] = [], current = "", complete = false
        for (index, piece) in pieces.enumerated() {
            let nextBook = authored[index] || authored[(index + 1)...].contains(true) && !current.contains(":")
            if current.isEmpty || complete && nextBook {
                if !current.isEmpty { books.append(current) }
                (current, complete) = (piece.text, authored[index])
            } else {
                current += piece.typed
                complete = complete || authored[index]
            }
        }
        books.append(current)
        return books.count > 1 ? books : nil
    }

    /// The pieces of `line` between separators outside quotes, each with the separator before it
    /// ("" for the first) and both as typed, to be put back as they were; empty pieces are left out.
    private static func segments(of line: String) -> [(separator: String, text: String, typed: String)] {
        let characters = Array(line)
        let lowered = characters.map { Character($0.lowercased().count == 1 ? $0.lowercased() : String($0)) }
        let mask = quotedMask(characters)
        var pieces: [(separator: String, text: String, typed: String)] = []
        var separator = "", start = 0, index = 0
        func close(at end: Int) {
            let typed = String(characters[start..<end]), text = typed.trimmingWhitespace()
            guard !text.isEmpty else { return }
            pieces.append(pieces.isEmpty ? ("", text, text) : (separator, text, separator + typed))
        }
        while index < characters.count {
            guard !mask[index], let pattern = separatorsLongestFirst.first(where: { pattern in
                index + pattern.count <= characters.count && !mask[index + pattern.count - 1]
                    && lowered[index..<(index + pattern.count)].elementsEqual(pattern)
            }) else {
                index += 1
                continue
            }
            close(at: index)
            separator = String(characters[index..<(index + pattern.count)])
            index += pattern.count
            start = index
        }
        close(at: characters.count)
        return pieces
    }
}
