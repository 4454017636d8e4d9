@testable import LibraryCore
import Testing

@Suite("Edit distance and its letter-count bound")
struct EditDistanceTests {
    func scalars(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }

    @Test("distances of known pairs, a swap counting as one edit", arguments: [
        ("dune", "dnue", 1), ("dune", "dune", 0), ("dune", "dunes", 1), ("kitten", "sitting", 3),
        ("hobbit", "hobit", 1), ("", "abc", 3), ("abc", "", 3), ("ca", "abc", 3),
    ])
    func known(a: String, b: String, distance: Int) {
        #expect(EditDistance.optimalStringAlignment(scalars(a), scalars(b), maximum: 10) == distance)
        #expect(EditDistance.optimalStringAlignment(scalars(b), scalars(a), maximum: 10) == distance)
        if distance > 0 {
            #expect(EditDistance.optimalStringAlignment(scalars(a), scalars(b), maximum: distance - 1) == nil)
        }
    }

    @Test("the letter-count bound never exceeds the distance (random strings)")
    func boundIsALowerBound() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("abcdefgh 12é")
        var workspace = EditDistance.Workspace()
        for _ in 0..<2_000 {
            let a = String((0..<Int.random(in: 0...12, using: &generator)).map { _ in alphabet.randomElement(using: &generator) ?? "a" })
            let b = String((0..<Int.random(in: 0...12, using: &generator)).map { _ in alphabet.randomElement(using: &generator) ?? "a" })
            let distance = workspace.distance(scalars(a), scalars(b), maximum: 100) ?? .max
            let bound = LetterProfile(scalars(a)).lowerBound(to: LetterProfile(scalars(b)))
            #expect(bound <= distance, "\(a) / \(b)")
        }
    }
}
