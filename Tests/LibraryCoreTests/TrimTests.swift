import Foundation
import LibraryCore
import Testing

@Suite("Trimming white space without NSString")
struct TrimTests {
    @Test("the same as Foundation's trimmingCharacters(in:) on 5,000 random strings")
    func sameAsFoundation() {
        // Spaces, tabs, line breaks and the rarer white space, around and inside letters,
        // accents and emoji, so that both ends and the middle are exercised.
        let pieces: [String] = [" ", "\t", "\n", "\r\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{A0}", "\u{2003}", "\u{2028}", "\u{2029}",
                                "\u{3000}", "\u{200B}", "\u{1680}", "\u{180E}", "\u{FEFF}", "\u{2060}", "\u{202F}", "\u{205F}", "\u{1}", "a", "Dune", "é", "e\u{301}", "🙂", "«", "-", "x y"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            let text = (0..<Int.random(in: 0...8, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
            #expect(text.trimmingWhitespace() == text.trimmingCharacters(in: .whitespaces), "\(text.debugDescription)")
            #expect(text.trimmingWhitespace(newlines: true) == text.trimmingCharacters(in: .whitespacesAndNewlines), "\(text.debugDescription)")
            #expect(text[...].trimmingWhitespace() == text.trimmingCharacters(in: .whitespaces))
        }
    }

    @Test("what chat commands bring")
    func examples() {
        #expect("  who has Dune \t".trimmingWhitespace() == "who has Dune")
        #expect("who has Dune\n".trimmingWhitespace() == "who has Dune\n")
        #expect("\n who has Dune\r\n".trimmingWhitespace(newlines: true) == "who has Dune")
        #expect(" \u{3000} ".trimmingWhitespace() == "")
        #expect("".trimmingWhitespace(newlines: true) == "")
    }
}
