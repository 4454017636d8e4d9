@testable import Commands
import Foundation
import Testing

/// The parser's word trimming, written without Foundation for speed, must trim what
/// Foundation's `trimmingCharacters(in:)` did, or the same message would parse differently.
@Suite("Trimming words as Foundation did")
struct TrimmingTests {
    static let words = [
        "", "Dune", "Dune!", "Dune!!!", "«Dune»", "“Dune”", "(Dune)", "...", "¿qué?", "¡hola!", "—Dune—", "Dune…",
        "l'Étranger,", "C++", "$5", "#3", "@Ana", "a-b", "_x_", "Zoé.", "  Dune  ", "🙂", "Dune🙂!", "e\u{301}.", "\u{301}.",
        "[Dune]", "{x}", "'quoted'", "Ana's", "100%", "Dune:", "Dune;", "«\u{00A0}Dune\u{00A0}»", "・Dune・", "Dune。",
    ]

    @Test("without punctuation at either end, as CharacterSet.punctuationCharacters trims")
    func punctuation() {
        for word in Self.words {
            #expect(word.trimmingPunctuation() == word.trimmingCharacters(in: .punctuationCharacters), "\(word.debugDescription)")
            #expect(word[...].trimmingPunctuation() == word.trimmingCharacters(in: .punctuationCharacters), "\(word.debugDescription) as a Substring")
        }
    }

    @Test("without the scalars named, as a CharacterSet of them trims")
    func namedScalars() {
        for scalars in [",.", ",:!.", " )", ",.;:!?()\"“”«»"] {
            for word in Self.words + ["(Dune )", ",Dune,", ", ,", "Dune ,"] {
                #expect(word.trimming(scalars) == word.trimmingCharacters(in: CharacterSet(charactersIn: scalars)),
                        "\(word.debugDescription) without \(scalars.debugDescription)")
            }
        }
    }
}
