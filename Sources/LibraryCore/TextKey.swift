import Foundation

/// How titles and names are compared: case, accents and punctuation do not count.
public enum TextKey {
    /// `text` with runs of whitespace collapsed to one space, the ends trimmed, and the hidden
    /// characters (`isHidden`) dropped.
    public static func tidy(_ text: String) -> String {
        if let tidied = asciiTidied(text) { return tidied }
        let shown = text.unicodeScalars.contains(where: isHidden)
            ? String(String.UnicodeScalarView(text.unicodeScalars.filter { !isHidden($0) })) : text
        return shown.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// `tidy` of a text that is all ASCII, byte by byte (most are, and splitting into
    /// characters is what `tidy` spends its time on); nil for any other text. A text already
    /// tidy comes back as it is.
    private static func asciiTidied(_ text: String) -> String? {
        var text = text
        var alreadyTidy = false
        let tidied = text.withUTF8 { bytes -> String? in
            var isTidy = true
            var previous = UInt8(ascii: " ")
            for byte in bytes {
                guard byte < 0x80 else { return nil }
                // Tidy: single spaces between words, nothing hidden, no other whitespace.
                if byte < 0x20 || byte == 0x7F || byte == 0x20 && previous == 0x20 { isTidy = false }
                previous = byte
            }
            if isTidy && previous != 0x20 {
                alreadyTidy = true
                return nil
            }
            return String(unsafeUninitializedCapacity: bytes.count) { tidied in
                var count = 0
                var pendingSpace = false
                for byte in bytes {
                    switch byte {
                    case 0x09...0x0D, 0x20: pendingSpace = count > 0
                    case 0x00...0x1F, 0x7F: continue  // hidden (`isHidden`): dropped
                    default:
                        if pendingSpace {
                            tidied[count] = 0x20
                            count += 1
                            pendingSpace = false
                        }
                        tidied[count] = byte
                        count += 1
                    }
                }
                return count
            }
        }
        return alreadyTidy ? text : tidied
    }

    /// Characters that show nothing, or change how the rest shows: control characters (but
    /// whitespace, which `tidy` collapses), the marks that reorder text (a right-to-left
    /// override makes "Dune" display backwards) and the invisible ones between letters (zero-width
    /// space, word joiner, byte order mark). In a title or a name they make two texts that read
    /// the same differ, or one display other than it is; a NUL cut titles short in SQLite.
    static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x85: false
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x061C, 0x200B, 0x200E, 0x200F, 0x202A...0x202E, 0x2060, 0x2066...0x2069, 0xFEFF: true
        default: false
        }
    }

    /// The comparison key: lower case, no accents, ligatures spelled out, apostrophes dropped,
    /// other punctuation turned into spaces, words separated by one space.
    /// "Les Misérables!" and "les miserables" have the same key.
    public static func fold(_ text: String) -> String {
        if let folded = asciiFolded(text) { return folded }
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        var result = ""
        result.reserveCapacity(folded.utf8.count)
        var pendingSpace = false
        for scalar in folded.unicodeScalars {
            switch scalar {
            case "'", "\u{2019}", "\u{2018}", "`", "\u{02BC}":
                continue
            case "œ": appendWord("oe")
            case "æ": appendWord("ae")
            case "ß": appendWord("ss")
            case "ø": appendWord("o")
            case "ł": appendWord("l")
            case "đ": appendWord("d")
            default:
                if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                    if pendingSpace { result.append(" ") }
                    pendingSpace = false
                    result.unicodeScalars.append(scalar)
                } else {
                    pendingSpace = !result.isEmpty
                }
            }
        }
        return result

        func appendWord(_ piece: String) {
            if pendingSpace { result.append(" ") }
            pendingSpace = false
            result.append(piece)
        }
    }

    /// `fold` of a text that is all ASCII, byte by byte: its letters and digits are the only
    /// alphabetic and numeric characters, lowered in place (the Unicode properties the general
    /// path asks of each character took 5% of a `who has`); nil for any other text.
    private static func asciiFolded(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            // At most one space is written before a letter, for a byte that was no letter.
            return String(unsafeUninitializedCapacity: bytes.count) { folded in
                var count = 0
                var pendingSpace = false
                for byte in bytes {
                    switch byte {
                    case UInt8(ascii: "'"), UInt8(ascii: "`"):
                        continue
                    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                        if pendingSpace {
                            folded[count] = UInt8(ascii: " ")
                            count += 1
                            pendingSpace = false
                        }
                        folded[count] = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
                        count += 1
                    default:
                        pendingSpace = count > 0
                    }
                }
                return count
            }
        }
    }

    /// `text` in lower case when it is all ASCII (where folding case, accents and width is
    /// just that), without Foundation's Unicode folding; nil for any other text.
    public static func asciiLowercased(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            // Written in place: no byte array between, and a short word needs no allocation.
            return String(unsafeUninitializedCapacity: bytes.count) { lowered in
                for (index, byte) in bytes.enumerated() {
                    lowered[index] = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
                }
                return bytes.count
            }
        }
    }

    /// Whether a key is made only of little words (articles, conjunctions, prepositions, in
    /// English and French): "and", "of the". Such a reference names a book only by its whole
    /// title ("It"), never as a part of one: `checkout and` is not Pride and Prejudice.
    static func isOnlyLittleWords(_ key: String) -> Bool {
        key.split(separator: " ").allSatisfy(littleWords.contains)
    }

    /// Whether a word of a key is one of those little words.
    public static func isLittleWord(_ word: Substring) -> Bool { littleWords.contains(word) }

    private static let littleWords: Set<Substring> = [
        "a", "an", "the", "and", "or", "of", "to", "in", "on", "at", "for", "by", "with", "from", "as", "is", "it", "i",
        "le", "la", "les", "l", "un", "une", "des", "de", "du", "d", "et", "ou", "au", "aux", "en", "pour", "par", "sur",
    ]

    /// The initials of a title key's words, with and without its leading article, when it
    /// has four words or more: "the lord of the rings" is "tlotr" and "lotr".
    public static func initials(ofTitle key: String) -> Set<String> {
        Set(([key] + (withoutArticle(key).map { [$0] } ?? [])).compactMap { key -> String? in
            let words = key.split(separator: " ")
            return words.count >= 4 ? String(words.compactMap(\.first)) : nil
        })
    }

    /// The initials a reference key stands for: one word of four to twelve letters ("lotr"),
    /// or four letters or more each standing alone ("l o t r", from "L.O.T.R."). Nil for any
    /// other key: three letters are too often a name ("ana") or a word.
    public static func initialism(_ key: String) -> String? {
        let words = key.split(separator: " ")
        let typed = words.count == 1 ? key : words.allSatisfy({ $0.count == 1 }) ? words.joined() : nil
        guard let typed, (4...12).contains(typed.utf8.count),
              typed.utf8.allSatisfy({ (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) }) else { return nil }
        return typed
    }

    /// The key without a leading English or French article ("the hobbit" → "hobbit").
    static func withoutArticle(_ key: String) -> String? {
        for article in ["the ", "a ", "an ", "le ", "la ", "les ", "l ", "un ", "une "] where key.hasPrefix(article) {
            let rest = key.dropFirst(article.count)
            return rest.isEmpty ? nil : String(rest)
        }
        return nil
    }
}

extension StringProtocol {
    /// The text without the spaces and tabs at either end (and the line breaks, with
    /// `newlines`): what `trimmingCharacters(in: .whitespaces)` or `(in: .whitespacesAndNewlines)`
    /// give, without their trip through NSString, which cost 4% of a chat command's CPU.
    public func trimmingWhitespace(newlines: Bool = false) -> String {
        func trims(_ scalar: Unicode.Scalar) -> Bool {
            // ASCII, most of what is typed, without a look-up of Unicode's properties: of it,
            // White_Space is the space and U+0009-U+000D (tab and the line breaks).
            if scalar.isASCII { return scalar == " " || scalar == "\t" || newlines && ("\u{0A}"..."\u{0D}").contains(scalar) }
            // Foundation counts the zero-width space too (it was Zs before Unicode 4.0.1).
            guard scalar.properties.isWhitespace || scalar == "\u{200B}" else { return false }
            // White_Space minus the line breaks is Foundation's `.whitespaces` (Zs and tab).
            return newlines || !(("\u{0A}"..."\u{0D}").contains(scalar) || scalar == "\u{85}" || scalar == "\u{2028}" || scalar == "\u{2029}")
        }
        let scalars = String(self).unicodeScalars
        guard let first = scalars.firstIndex(where: { !trims($0) }), let last = scalars.lastIndex(where: { !trims($0) }) else { return "" }
        return String(scalars[first...last])
    }
}
