/// Numbers written out in words, read as digits, so that a title and a reference that write a
/// number differently still meet: "1984" and Nineteen Eighty-Four, "100 years of solitude" and
/// One Hundred Years of Solitude, "20 000 lieues" and Vingt mille lieues sous les mers.
public enum NumberWords {
    /// `key` (a folded key: `TextKey.fold`) with each number written in English or French words
    /// replaced by its digits ("one hundred years" → "100 years", "vingt et un" → "21", "deux
    /// mille" → "2000"), a year read in pairs joined ("nineteen eighty four" → "1984") and digits
    /// grouped by thousands joined ("20 000" → "20000"). The other words stay as they are.
    public static func digits(_ key: String) -> String {
        let words = key.split(separator: " ")
        guard words.contains(where: { lexicon[$0] != nil || $0.first?.isASCIIDigit == true }) else { return key }
        var output: [Substring] = []
        var index = 0
        while index < words.count {
            if let grouped = thousandsGroups(words, from: index) {
                output.append(grouped.digits)
                index = grouped.end
            } else if var reading = number(words, from: index) {
                // "nineteen eighty four": a year said as two pairs.
                if reading.isPair, let second = number(words, from: reading.end), second.isPair {
                    reading = Reading(value: reading.value * 100 + second.value, end: second.end, isPair: false)
                }
                output.append(Substring(String(reading.value)))
                index = reading.end
            } else {
                output.append(words[index])
                index += 1
            }
        }
        return output.joined(separator: " ")
    }

    /// A number read from words: its value, the index of the first word after it, and whether
    /// it is a pair such as "nineteen" or "eighty four" (10 to 99 with no hundred or thousand),
    /// the half of a year said in pairs.
    private struct Reading {
        var value: Int
        var end: Int
        var isPair: Bool
    }

    private enum Word {
        case unit(Int)      // 0 to 9
        case teen(Int)      // 10 to 19
        case tens(Int)      // 20 to 90
        case hundred
        case scale(Int)     // thousand, million, billion
        case and            // "hundred and one", "vingt et un"
    }

    /// What the last word read was, which decides what may follow it.
    private enum Last { case nothing, unit, teen, tens, hundred, scale, digits }

    /// The number written in words starting at `start`, if one is; the longest that reads as
    /// one number ("two three" is two numbers, "twenty three" one).
    private static func number(_ words: [Substring], from start: Int) -> Reading? {
        var total = 0, group = 0, last = Last.nothing, lastScale = Int.max
        var index = start, end = start
        var isPair = false
        reading: while index < words.count {
            let word = words[index]
            guard let kind = lexicon[word] else {
                // Digits count only before a scale word ("20 mille"); alone they stay as typed.
                guard last == .nothing, word.count <= 3, let value = Int(word), index + 1 < words.count,
                      case .scale = lexicon[words[index + 1]] else { break reading }
                group = value
                last = .digits
                index += 1
                continue
            }
            switch kind {
            case .and:
                // Only between two parts of one number: after a hundred or a thousand in English,
                // in "vingt et un" and "soixante et onze" in French.
                guard index + 1 < words.count, let next = lexicon[words[index + 1]],
                      joinsWithAnd(after: last, group: group, next) else { break reading }
                index += 1
                continue
            case .unit(let unit):
                switch last {
                case .nothing, .scale, .hundred: group += unit
                case .tens where group % 10 == 0: group += unit
                case .teen where group % 20 == 10 && unit >= 7: group += unit  // dix-sept, soixante-dix-sept
                default: break reading
                }
                if unit == 0, last != .nothing { break reading }
                last = .unit
            case .teen(let teen):
                switch last {
                case .nothing, .scale, .hundred: group += teen
                case .tens where group % 100 == 60 || group % 100 == 80: group += teen  // soixante-dix, quatre-vingt-onze
                default: break reading
                }
                last = .teen
            case .tens(let tens):
                switch last {
                case .nothing, .scale, .hundred: group += tens
                case .unit where group % 100 == 4 && tens == 20: group += 76  // quatre-vingt
                default: break reading
                }
                last = .tens
            case .hundred:
                switch last {
                case .nothing, .scale: group += 100
                case .unit, .teen:
                    guard group % 100 > 0, group < 100 else { break reading }
                    group *= 100
                default: break reading
                }
                last = .hundred
            case .scale(let scale):
                guard scale < lastScale, last != .scale else { break reading }
                total += max(group, 1) * scale
                group = 0
                lastScale = scale
                last = .scale
            }
            index += 1
            end = index
            isPair = total == 0 && (10...99).contains(group)
        }
        guard end > start, last != .digits else { return nil }
        return Reading(value: total + group, end: end, isPair: isPair)
    }

    /// Whether "and" / "et" between `last` (the group so far being `group`) and `next` joins
    /// two parts of one number.
    private static func joinsWithAnd(after last: Last, group: Int, _ next: Word) -> Bool {
        switch next {
        case .unit(let unit): unit > 0 && (last == .hundred || last == .scale || (last == .tens && unit == 1 && group % 10 == 0))
        case .teen(let teen): last == .hundred || last == .scale || (last == .tens && teen == 11 && group % 100 == 60)
        case .tens: last == .hundred || last == .scale
        case .hundred, .scale, .and: false
        }
    }

    /// Digits written in groups of three after the first ("20 000", "1 000 000", once a comma or
    /// a dot between them is folded to a space), joined; nil unless there are such groups.
    private static func thousandsGroups(_ words: [Substring], from start: Int) -> (digits: Substring, end: Int)? {
        guard (1...3).contains(words[start].count), words[start].allSatisfy(\.isASCIIDigit) else { return nil }
        var end = start + 1
        while end < words.count, words[end].count == 3, words[end].allSatisfy(\.isASCIIDigit) { end += 1 }
        guard end > start + 1 else { return nil }
        return (Substring(words[start..<end].joined()), end)
    }

    private static let lexicon: [Substring: Word] = {
        var lexicon: [Substring: Word] = [:]
        let english = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                       "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]
        let french = ["zero", "un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix", "onze",
                      "douze", "treize", "quatorze", "quinze", "seize"]
        for names in [english, french] {
            for (value, name) in names.enumerated() {
                lexicon[Substring(name)] = value < 10 ? .unit(value) : .teen(value)
            }
        }
        lexicon["une"] = .unit(1)
        let tens: [(String, Int)] = [
            ("twenty", 20), ("thirty", 30), ("forty", 40), ("fifty", 50), ("sixty", 60), ("seventy", 70), ("eighty", 80), ("ninety", 90),
            ("vingt", 20), ("vingts", 20), ("trente", 30), ("quarante", 40), ("cinquante", 50), ("soixante", 60),
            ("septante", 70), ("huitante", 80), ("octante", 80), ("nonante", 90), ("quatrevingt", 80), ("quatrevingts", 80),
        ]
        for (name, value) in tens { lexicon[Substring(name)] = .tens(value) }
        for name in ["hundred", "cent", "cents"] { lexicon[Substring(name)] = .hundred }
        let scales: [(String, Int)] = [
            ("thousand", 1_000), ("mille", 1_000), ("million", 1_000_000), ("millions", 1_000_000),
            ("billion", 1_000_000_000), ("milliard", 1_000_000_000), ("milliards", 1_000_000_000),
        ]
        for (name, value) in scales { lexicon[Substring(name)] = .scale(value) }
        lexicon["and"] = .and
        lexicon["et"] = .and
        return lexicon
    }()
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isWholeNumber }
}
