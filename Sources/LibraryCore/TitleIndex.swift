import GRDB
import Synchronization

/// An in-memory index of the catalog's title keys, so that resolving a title (typos included)
/// costs microseconds. It reloads itself when the catalog version in the database changes,
/// whichever connection or process changed it.
final class TitleIndex: Sendable {
    private let cache = Mutex<Snapshot?>(nil)

    /// The index for the catalog as `db` sees it now.
    func snapshot(_ db: Database) throws -> Snapshot {
        let version = try Int64.fetchOne(db.cachedStatement(sql: "SELECT version FROM catalogVersion")) ?? 0
        if let cached = cache.withLock({ $0 }), cached.version == version { return cached }
        let rows = try Row.fetchAll(db, sql: "SELECT id, titleKey, author FROM book ORDER BY id")
        let snapshot = Snapshot(version: version, titles: rows.map { ($0["id"], $0["titleKey"]) },
                                severalAuthors: Self.severalAuthors(rows.map { ($0["titleKey"], $0["author"]) }))
        cache.withLock { $0 = snapshot }
        return snapshot
    }

    /// The index last loaded, without asking the database whether the catalog changed since.
    var latest: Snapshot? { cache.withLock { $0 } }

    /// The title keys that books by different authors share.
    private static func severalAuthors(_ books: [(titleKey: String, author: String)]) -> Set<String> {
        var authorOfTitle: [String: String] = [:]
        var shared: Set<String> = []
        for (title, author) in books {
            let author = TextKey.fold(author)
            if let other = authorOfTitle.updateValue(author, forKey: title), other != author { shared.insert(title) }
        }
        return shared
    }

    /// The titles of one version of the catalog.
    struct Snapshot: Sendable {
        struct Entry: Sendable {
            var id: Int64
            var key: String
            /// The key with its numbers in digits (`NumberWords`), when that differs.
            var numbered: String?
            var scalars: [UInt32]
            /// The key without its leading article, when it has one.
            var bare: [UInt32]?
            var profile: LetterProfile
            var bareProfile: LetterProfile?
        }

        let version: Int64
        let entries: [Entry]
        /// The title keys that books by different authors share ("Emma" by Jane Austen and by
        /// someone else): a title alone does not name one of them.
        let severalAuthors: Set<String>
        /// The length of the longest key, in scalars: a reference much longer designates nothing.
        private let longestKey: Int
        private let idsByKey: [String: [Int64]]
        /// The titles by their keys with numbers in digits, for those that write a number in words.
        private let idsByNumbered: [String: [Int64]]
        /// The titles by their keys without "and" or "et", for those that have one: "pride &
        /// prejudice" ("&" is no letter: "pride prejudice") is Pride and Prejudice.
        private let idsByUnjoined: [String: [Int64]]
        /// The titles of four words or more by their words' initials, with and without the
        /// leading article: "lotr" is The Lord of the Rings, "hgttg" The Hitchhiker's Guide to
        /// the Galaxy.
        private let idsByInitials: [String: [Int64]]
        private let entriesByWord: [Substring: [Int]]
        private let entriesByLength: [Int: [Int]]

        init(version: Int64, titles: [(Int64, String)], severalAuthors: Set<String>) {
            self.version = version
            self.severalAuthors = severalAuthors
            var entries: [Entry] = []
            var idsByKey: [String: [Int64]] = [:]
            var idsByNumbered: [String: [Int64]] = [:]
            var idsByUnjoined: [String: [Int64]] = [:]
            var idsByInitials: [String: [Int64]] = [:]
            var entriesByWord: [Substring: [Int]] = [:]
            var entriesByLength: [Int: [Int]] = [:]
            for (id, key) in titles {
                let bare = TextKey.withoutArticle(key)
                let scalars = key.unicodeScalars.map(\.value)
                let bareScalars = bare.map { $0.unicodeScalars.map(\.value) }
                let numbered = NumberWords.digits(key)
                let entry = Entry(id: id, key: key, numbered: numbered == key ? nil : numbered, scalars: scalars, bare: bareScalars,
                                  profile: LetterProfile(scalars), bareProfile: bareScalars.map(LetterProfile.init))
                let index = entries.count
                entries.append(entry)
                idsByKey[key, default: []].append(id)
                if let bare { idsByKey[bare, default: []].append(id) }
                let unjoined = Self.unjoined(key)
                if unjoined != key {
                    idsByUnjoined[unjoined, default: []].append(id)
                    if let bare = TextKey.withoutArticle(unjoined) { idsByUnjoined[bare, default: []].append(id) }
                }
                for initials in TextKey.initials(ofTitle: key) {
                    idsByInitials[initials, default: []].append(id)
                }
                if let numbered = entry.numbered {
                    idsByNumbered[numbered, default: []].append(id)
                    if let bare = TextKey.withoutArticle(numbered) { idsByNumbered[bare, default: []].append(id) }
                }
                for word in Set(key.split(separator: " ") + (entry.numbered?.split(separator: " ") ?? [])) {
                    entriesByWord[word, default: []].append(index)
                }
                entriesByLength[entry.scalars.count, default: []].append(index)
                if let bareScalars = entry.bare { entriesByLength[bareScalars.count, default: []].append(index) }
            }
            self.entries = entries
            self.longestKey = entries.map(\.scalars.count).max() ?? 0
            self.idsByKey = idsByKey
            self.idsByNumbered = idsByNumbered
            self.idsByUnjoined = idsByUnjoined
            self.idsByInitials = idsByInitials
            self.entriesByWord = entriesByWord
            self.entriesByLength = entriesByLength
        }

        /// The ids of the books that `key` (a folded reference) designates: the exact titles
        /// (article or not), else the titles containing it as whole words (not little words
        /// alone, such as "and"), else the same with numbers read as digits on both sides ("1984"
        /// is Nineteen Eighty-Four), else the titles within a small typo distance, nearest
        /// first (unless not `forgivingTypos`). Empty when nothing is close.
        func matches(_ key: String, forgivingTypos: Bool = true) -> [Int64] {
            // Longer than any title by more than an article and the typos forgiven: nothing to
            // find, and a pasted page is not compared with every title.
            guard !key.isEmpty, key.unicodeScalars.count <= longestKey + 8 else { return [] }
            let queries = [key] + (TextKey.withoutArticle(key).map { [$0] } ?? [])
            let exact = exactMatches(queries)
            if !exact.isEmpty { return exact }
            let containing = TextKey.isOnlyLittleWords(key) ? [] : entriesContaining(phrase: key, numbered: false)
            if !containing.isEmpty { return unique(containing.map { entries[$0].id }) }
            // A title as typed comes first: "1984" is the book titled 1984 when there is one.
            let numbered = NumberWords.digits(key)
            let numberedQueries = [numbered] + (TextKey.withoutArticle(numbered).map { [$0] } ?? [])
            let numberedExact = unique(numberedQueries.flatMap { (numbered == key ? [] : idsByKey[$0] ?? []) + (idsByNumbered[$0] ?? []) })
            if !numberedExact.isEmpty { return numberedExact }
            // A number alone, as short as an id ("3", "100"), is not looked for inside titles
            // written in words: the member may have meant #3.
            if Self.hasDigit(numbered), !Self.isShortNumber(numbered) {
                let containing = entriesContaining(phrase: numbered, numbered: true)
                if !containing.isEmpty { return unique(containing.map { entries[$0].id }) }
            }
            // "pride & prejudice", "pride and prejudice" for Pride & Prejudice: the titles that
            // differ by an "and" (or "et") alone.
            let unjoined = Self.unjoined(key)
            let unjoinedQueries = [unjoined] + (TextKey.withoutArticle(unjoined).map { [$0] } ?? [])
            let unjoinedExact = unique(unjoinedQueries.flatMap { (idsByUnjoined[$0] ?? []) + (unjoined == key ? [] : idsByKey[$0] ?? []) })
            if !unjoinedExact.isEmpty { return unjoinedExact }
            // "lotr", "L.O.T.R.": a title by its words' initials, typed as one word or as letters
            // apart. Four at least: three letters are too often a name ("Ana") or a word.
            let initialled = titlesWithInitials(key)
            if !initialled.isEmpty { return initialled }
            guard forgivingTypos else { return [] }
            let limit = Self.typoAllowance(forLength: key.unicodeScalars.count)
            let near = nearest(to: queries, within: limit)
            guard let best = near.first?.distance else { return startingWords(key) }
            return unique(near.filter { $0.distance == best }.map(\.id))
        }

        /// The titles whose words start with the words of `key`, in a row, the last maybe cut
        /// short: "les mis" is Les Misérables, "frankenst" Frankenstein. At least four letters
        /// in all, and not little words alone; empty when none (or too many: more than five).
        private func startingWords(_ key: String) -> [Int64] {
            let words = key.split(separator: " ")
            guard let last = words.last, last.count >= 2, words.reduce(0, { $0 + $1.count }) >= 4, !TextKey.isOnlyLittleWords(key) else { return [] }
            var found: [Int64] = []
            for entry in entries {
                let title = entry.key.split(separator: " ")
                guard title.count >= words.count else { continue }
                let fits = (0...(title.count - words.count)).contains { start in
                    words.indices.allSatisfy { offset in
                        let word = title[start + offset]
                        return offset == words.count - 1 ? word.hasPrefix(words[offset]) : word == words[offset]
                    }
                }
                if fits { found.append(entry.id) }
                if found.count > 5 { return [] }
            }
            return unique(found)
        }

        /// The ids of the books whose title is `key` (a folded reference), with or without its
        /// leading article.
        func exactMatches(_ key: String) -> [Int64] {
            guard !key.isEmpty else { return [] }
            return exactMatches([key] + (TextKey.withoutArticle(key).map { [$0] } ?? []))
        }

        /// The ids of the books whose title is one of `queries` (a key, and it without its article).
        private func exactMatches(_ queries: [String]) -> [Int64] {
            unique(queries.flatMap { idsByKey[$0] ?? [] })
        }

        /// The ids of the books whose title holds the number that `key` (a folded query) has,
        /// written either way, with the words around it: "1984" finds Nineteen Eighty-Four,
        /// "twenty thousand leagues" 20,000 Leagues Under the Sea. Empty when `key` has no
        /// number. What a full-text search of the words cannot find.
        func titlesWithNumber(_ key: String) -> [Int64] {
            let numbered = NumberWords.digits(key)
            guard Self.hasDigit(numbered) else { return [] }
            return unique(entriesContaining(phrase: numbered, numbered: true).map { entries[$0].id })
        }

        /// The ids of the books whose title's initials `key` (a folded query) spells, "lotr" or
        /// "l o t r" for The Lord of the Rings; empty when it is no initialism. What a full-text
        /// search of the words cannot find.
        func titlesWithInitials(_ key: String) -> [Int64] {
            guard let initials = TextKey.initialism(key) else { return [] }
            return unique(idsByInitials[initials] ?? [])
        }

        /// `key` without the words "and" and "et" (an "&" is already a space in a key).
        static func unjoined(_ key: String) -> String {
            guard key.contains(" and ") || key.contains(" et ") else { return key }
            return key.split(separator: " ").filter { $0 != "and" && $0 != "et" }.joined(separator: " ")
        }

        private static func hasDigit(_ key: String) -> Bool {
            key.utf8.contains { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        }

        /// One to three digits and nothing else.
        private static func isShortNumber(_ key: String) -> Bool {
            (1...3).contains(key.utf8.count) && key.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        }

        /// Titles somewhat like `key`, nearest first, for a "did you mean" answer.
        func suggestions(for key: String, limit: Int = 3) -> [Int64] {
            guard key.unicodeScalars.count <= 2 * longestKey + 8 else { return [] }
            // Each query within half its own length: "road" (from "the road") is not "dune".
            let queries = [key] + (TextKey.withoutArticle(key).map { [$0] } ?? [])
            let found = queries.flatMap { nearest(to: [$0], within: max(2, $0.unicodeScalars.count / 2)) }
                .sorted { ($0.distance, $0.id) < ($1.distance, $1.id) }
            return Array(unique(found.map(\.id)).prefix(limit))
        }

        /// How many edits a reference of `length` characters may be from a title: one for
        /// short words, up to three for long titles.
        static func typoAllowance(forLength length: Int) -> Int {
            switch length {
            case ..<3: 0
            case ..<6: 1
            case ..<12: 2
            default: 3
            }
        }

        /// The entries whose key holds `phrase` as whole words; with `numbered`, or whose key
        /// with its numbers in digits does.
        private func entriesContaining(phrase: String, numbered: Bool) -> [Int] {
            let words = phrase.split(separator: " ")
            var postings: [[Int]] = []
            for word in words {
                guard let list = entriesByWord[word] else { return [] }
                postings.append(list)
            }
            guard let shortest = postings.min(by: { $0.count < $1.count }) else { return [] }
            let padded = " \(phrase) "
            return shortest.filter { index in
                " \(entries[index].key) ".contains(padded) || (numbered && entries[index].numbered.map { " \($0) ".contains(padded) } == true)
            }
        }

        private func nearest(to queries: [String], within allowance: Int) -> [(id: Int64, distance: Int)] {
            guard allowance > 0 else { return [] }
            var found: [Int64: Int] = [:]
            var workspace = EditDistance.Workspace()
            for query in queries {
                let scalars = query.unicodeScalars.map(\.value)
                let profile = LetterProfile(scalars)
                let length = scalars.count
                for candidateLength in max(0, length - allowance)...(length + allowance) {
                    guard let bucket = entriesByLength[candidateLength] else { continue }
                    for index in bucket {
                        // Read fields in place: copying whole entries costs more than the test.
                        var best = Int.max
                        if entries[index].scalars.count == candidateLength,
                           profile.lowerBound(to: entries[index].profile) <= allowance,
                           let distance = workspace.distance(scalars, entries[index].scalars, maximum: allowance) {
                            best = distance
                        }
                        if let bareProfile = entries[index].bareProfile, profile.lowerBound(to: bareProfile) <= allowance,
                           let bare = entries[index].bare, bare.count == candidateLength,
                           let distance = workspace.distance(scalars, bare, maximum: allowance) {
                            best = min(best, distance)
                        }
                        if best != .max { found[entries[index].id] = min(found[entries[index].id] ?? .max, best) }
                    }
                }
            }
            return found.map { (id: $0.key, distance: $0.value) }
                .sorted { ($0.distance, $0.id) < ($1.distance, $1.id) }
        }

        private func unique(_ ids: [Int64]) -> [Int64] {
            var seen = Set<Int64>()
            return ids.filter { seen.insert($0).inserted }
        }
    }
}

/// How many times each character (folded into 32 buckets) occurs in a title. Half the
/// difference between two profiles is a lower bound of their edit distance (a substitution
/// changes two buckets by one, an insertion or deletion one bucket, a swap none), so most
/// titles are ruled out without computing the distance.
struct LetterProfile: Sendable {
    private var counts = InlineArray<32, UInt8>(repeating: 0)

    init(_ scalars: [UInt32]) {
        for scalar in scalars {
            let bucket = Int(scalar & 31)
            // Saturating keeps the bound a lower bound: capping never widens a difference.
            if counts[bucket] < .max { counts[bucket] &+= 1 }
        }
    }

    func lowerBound(to other: LetterProfile) -> Int {
        var total: UInt32 = 0
        for bucket in 0..<32 {
            let a = counts[bucket], b = other.counts[bucket]
            total &+= UInt32(a > b ? a &- b : b &- a)
        }
        return (Int(total) + 1) / 2
    }
}

/// The edit distance used to forgive typos, in titles and in command verbs.
public enum EditDistance {
    /// Levenshtein distance counting a swap of two neighbours as one edit ("Dnue" → "Dune"),
    /// or nil as soon as it must exceed `maximum`.
    public static func optimalStringAlignment(_ a: [UInt32], _ b: [UInt32], maximum: Int) -> Int? {
        var workspace = Workspace()
        return workspace.distance(a, b, maximum: maximum)
    }

    /// The same, on the Unicode scalars of two strings.
    public static func optimalStringAlignment(_ a: String, _ b: String, maximum: Int) -> Int? {
        optimalStringAlignment(a.unicodeScalars.map(\.value), b.unicodeScalars.map(\.value), maximum: maximum)
    }

    /// Three rows of the dynamic programme, kept between calls to spare allocations.
    public struct Workspace {
        private var previousPrevious: [Int] = []
        private var previous: [Int] = []
        private var current: [Int] = []

        public init() {}

        /// `optimalStringAlignment`, in these rows.
        public mutating func distance(_ a: [UInt32], _ b: [UInt32], maximum: Int) -> Int? {
            if abs(a.count - b.count) > maximum { return nil }
            if a.isEmpty { return b.count }
            if b.isEmpty { return a.count }
            let width = b.count + 1
            if current.count < width {
                previousPrevious = [Int](repeating: 0, count: width)
                previous = [Int](repeating: 0, count: width)
                current = [Int](repeating: 0, count: width)
            }
            for j in 0...b.count { previous[j] = j }
            for i in 1...a.count {
                current[0] = i
                var rowMinimum = i
                for j in 1...b.count {
                    let cost = a[i - 1] == b[j - 1] ? 0 : 1
                    var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                    if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                        value = min(value, previousPrevious[j - 2] + 1)
                    }
                    current[j] = value
                    rowMinimum = min(rowMinimum, value)
                }
                if rowMinimum > maximum { return nil }
                swap(&previousPrevious, &previous)
                swap(&previous, &current)
            }
            let distance = previous[b.count]
            return distance <= maximum ? distance : nil
        }
    }
}
