@testable import LibraryCore
import Testing

@Suite("Numbers in titles: written in words or in digits, they read the same")
struct NumberWordsTests {
    @Test("numbers in English and French words become digits; the other words stay", arguments: [
        ("nineteen eighty four", "1984"),
        ("one hundred years of solitude", "100 years of solitude"),
        ("a hundred years", "a 100 years"),
        ("twenty thousand leagues under the sea", "20000 leagues under the sea"),
        ("the hundred and one dalmatians", "the 101 dalmatians"),
        ("one thousand and one nights", "1001 nights"),
        ("two thousand and one a space odyssey", "2001 a space odyssey"),
        ("catch twenty two", "catch 22"),
        ("slaughterhouse five", "slaughterhouse 5"),
        ("nineteen hundred", "1900"),
        ("twenty twenty", "2020"),
        ("two years eight months and twenty eight nights", "2 years 8 months and 28 nights"),
        ("one two three", "1 2 3"),
        ("vingt mille lieues sous les mers", "20000 lieues sous les mers"),
        ("le tour du monde en quatre vingts jours", "le tour du monde en 80 jours"),
        ("quatrevingt treize", "93"),
        ("les quatre cents coups", "les 400 coups"),
        ("vingt et un", "21"),
        ("soixante et onze", "71"),
        ("soixante dix sept", "77"),
        ("quatre vingt dix neuf", "99"),
        ("mille neuf cent quatre vingt quatre", "1984"),
        ("20 mille lieues", "20000 lieues"),
        ("20 000 lieues sous les mers", "20000 lieues sous les mers"),
        ("1 000 000", "1000000"),
        ("1984", "1984"),
        ("fahrenheit 451", "fahrenheit 451"),
        ("007 and the man", "007 and the man"),
        ("dune", "dune"),
        ("pride and prejudice", "pride and prejudice"),
        ("and one", "and 1"),
        ("one and", "1 and"),
        ("zero one", "0 1"),
        ("thousand thousand", "1000 1000"),
        ("", ""),
    ])
    func digits(words: String, digits: String) {
        #expect(NumberWords.digits(words) == digits)
    }
}
