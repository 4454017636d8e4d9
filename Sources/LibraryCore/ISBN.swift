/// ISBN-10 and ISBN-13 normalization and checksum verification.
public enum ISBN {
    /// The ISBN with spaces and hyphens removed (a final `x` upper-cased), or nil when it is
    /// neither a valid ISBN-10 nor a valid ISBN-13.
    public static func normalize(_ text: String) -> String? {
        var characters: [Character] = []
        for character in text {
            switch character {
            case "-", " ", "\u{2010}", "\u{2011}", "\u{2013}": continue
            case "x", "X": characters.append("X")
            default:
                guard character.isASCII, character.isNumber else { return nil }
                characters.append(character)
            }
        }
        let candidate = String(characters)
        switch characters.count {
        case 10 where isValidISBN10(characters): return candidate
        case 13 where isValidISBN13(characters): return candidate
        default: return nil
        }
    }

    /// The forms a book with ISBN `text` may be stored under: the ISBN itself and, for a
    /// 978-prefixed ISBN-13 or an ISBN-10, the other form. Empty when `text` (after an optional
    /// `isbn` / `ISBN:` label) is not a valid ISBN.
    public static func equivalents(of text: String) -> [String] {
        var text = Substring(text.trimmingWhitespace())
        // Most references are titles: they are told apart at their first character.
        guard let first = text.first, first.isASCII, first.isNumber || first == "i" || first == "I" else { return [] }
        if text.prefix(4).lowercased() == "isbn" { text = text.dropFirst(4).drop { $0 == ":" || $0 == " " } }
        guard let isbn = normalize(String(text)) else { return [] }
        let digits = Array(isbn)
        if digits.count == 10 {
            let body = "978" + String(digits.prefix(9))
            return [isbn, body + String(checkDigit13(Array(body)))]
        }
        guard isbn.hasPrefix("978") else { return [isbn] }
        let body = Array(digits[3..<12])
        return [isbn, String(body) + checkDigit10(body)]
    }

    /// The check digit of the first 12 digits of an ISBN-13.
    static func checkDigit13(_ body: [Character]) -> Int {
        let sum = body.enumerated().reduce(0) { sum, item in sum + (item.element.wholeNumberValue ?? 0) * (item.offset.isMultiple(of: 2) ? 1 : 3) }
        return (10 - sum % 10) % 10
    }

    /// The check character of the first 9 digits of an ISBN-10 (`X` for 10).
    static func checkDigit10(_ body: [Character]) -> String {
        let sum = body.enumerated().reduce(0) { sum, item in sum + (item.element.wholeNumberValue ?? 0) * (10 - item.offset) }
        let check = (11 - sum % 11) % 11
        return check == 10 ? "X" : String(check)
    }

    static func isValidISBN10(_ characters: [Character]) -> Bool {
        var sum = 0
        for (index, character) in characters.enumerated() {
            let value: Int
            if character == "X" {
                guard index == 9 else { return false }
                value = 10
            } else {
                guard let digit = character.wholeNumberValue else { return false }
                value = digit
            }
            sum += value * (10 - index)
        }
        return sum % 11 == 0
    }

    static func isValidISBN13(_ characters: [Character]) -> Bool {
        var sum = 0
        for (index, character) in characters.enumerated() {
            guard let digit = character.wholeNumberValue else { return false }
            sum += digit * (index.isMultiple(of: 2) ? 1 : 3)
        }
        return sum % 10 == 0
    }
}
