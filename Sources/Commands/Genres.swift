import LibraryCore

/// The genres that a catalog's subjects name, as a book's categories: Open Library files Dune
/// under "Fiction, science fiction, general", "Life on other planets", "Large type books" and
/// more; the shelf wants "Science fiction". Subjects that are no genre (places, themes,
/// formats) give none.
enum Genres {
    /// At most `limit` genres of `subjects`, in the order the subjects first name them, in
    /// `language`.
    static func categories(fromSubjects subjects: [String], language: Language, limit: Int = 3) -> [String] {
        var found: [Int] = []
        for subject in subjects {
            let words = " " + TextKey.fold(subject) + " "
            for (index, genre) in table.enumerated() where !found.contains(index) && genre.phrases.contains(where: { words.contains(" \($0) ") }) {
                found.append(index)
            }
            if found.count >= limit { break }
        }
        return found.prefix(limit).map { language == .en ? table[$0].english : table[$0].french }
    }

    /// Both names of the genre that `key` (folded, in the singular) names, in English or French
    /// ("classique", "mystery", "polar"), each folded; none when it names no genre.
    static func names(of key: String) -> [String] {
        let english = memberWords[key]
        guard let genre = table.first(where: { genre in
            genre.english == english || [genre.english, genre.french].contains { TextKey.fold($0) == key } || genre.phrases.contains(key)
        }) else { return [] }
        return [TextKey.fold(genre.english), TextKey.fold(genre.french)]
    }

    /// What members call a genre that no subject does, folded, with its English name.
    private static let memberWords: [String: String] = [
        "sf": "Science fiction", "sci fi": "Science fiction", "scifi": "Science fiction", "polar": "Mystery", "crime": "Mystery",
        "whodunit": "Mystery", "bd": "Comics", "manga": "Comics", "kid": "Children", "enfant": "Children", "ya": "Young adult",
        "poem": "Poetry",
    ]

    /// Each genre: the phrases of a subject that name it (folded, whole words), and its name.
    private static let table: [(phrases: [String], english: String, french: String)] = [
        (["science fiction"], "Science fiction", "Science-fiction"),
        (["fantasy"], "Fantasy", "Fantasy"),
        (["detective", "mystery", "mysteries", "crime fiction", "policier", "policiers"], "Mystery", "Policier"),
        (["thriller", "thrillers", "suspense"], "Thriller", "Thriller"),
        (["horror", "epouvante"], "Horror", "Horreur"),
        (["romance", "love stories"], "Romance", "Romance"),
        (["historical fiction", "roman historique"], "Historical fiction", "Roman historique"),
        (["poetry", "poems", "poesie"], "Poetry", "Poésie"),
        (["biography", "autobiography", "memoir", "memoirs", "biographie"], "Biography", "Biographie"),
        (["philosophy", "philosophie"], "Philosophy", "Philosophie"),
        (["juvenile fiction", "juvenile literature", "childrens fiction", "childrens stories", "childrens literature", "picture books", "jeunesse"],
         "Children", "Jeunesse"),
        (["young adult"], "Young adult", "Young adult"),
        (["classic literature", "classics"], "Classic", "Classique"),
        (["comic books", "comics", "graphic novels", "bande dessinee", "bandes dessinees"], "Comics", "Bande dessinée"),
        (["dystopias", "dystopian", "dystopie"], "Dystopia", "Dystopie"),
        (["adventure stories", "adventure fiction"], "Adventure", "Aventure"),
        (["humor", "humorous", "humour"], "Humor", "Humour"),
        (["computer science", "computer programming", "computer algorithms", "programming", "informatique"], "Computing", "Informatique"),
        (["cooking", "cookery", "cuisine"], "Cooking", "Cuisine"),
        (["travel", "voyages"], "Travel", "Voyage"),
    ]
}
