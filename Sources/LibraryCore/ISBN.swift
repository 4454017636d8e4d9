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
