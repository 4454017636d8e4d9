import LibraryCore

extension LoanPeriod {
    /// The words after a history question that name a period ("what did I borrow last week",
    /// "qu'ai-je emprunté le mois dernier"), folded as `CommandParser.foldWord` folds them.
    static let phrases: [(words: [String], period: LoanPeriod, language: Language)] = [
        (["today"], .today, .en), (["yesterday"], .yesterday, .en),
        (["this", "week"], .thisWeek, .en), (["last", "week"], .lastWeek, .en), (["this", "month"], .thisMonth, .en),
        (["last", "month"], .lastMonth, .en), (["this", "year"], .thisYear, .en), (["last", "year"], .lastYear, .en),
        (["aujourd'hui"], .today, .fr), (["hier"], .yesterday, .fr),
        (["cette", "semaine"], .thisWeek, .fr), (["la", "semaine", "derniere"], .lastWeek, .fr), (["ce", "mois-ci"], .thisMonth, .fr),
        (["ce", "mois"], .thisMonth, .fr), (["le", "mois", "dernier"], .lastMonth, .fr), (["cette", "annee"], .thisYear, .fr),
        (["l'annee", "derniere"], .lastYear, .fr), (["l'an", "dernier"], .lastYear, .fr),
    ]

    /// The months' names, folded, January first.
    static let monthNames: [Language: [String]] = [
        .en: ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"],
        .fr: ["janvier", "fevrier", "mars", "avril", "mai", "juin", "juillet", "aout", "septembre", "octobre", "novembre", "decembre"],
    ]

    /// The period that `folded` words end with, and how many words say it: a phrase above, or a
    /// month ("in November", "in November 2025", "en novembre", "en novembre 2025").
    static func trailing(_ folded: [String]) -> (count: Int, period: LoanPeriod, language: Language)? {
        if let phrase = phrases.first(where: { folded.count >= $0.words.count && folded.suffix($0.words.count).elementsEqual($0.words) }) {
            return (phrase.words.count, phrase.period, phrase.language)
        }
        var count = 2, year: Int? = nil
        if let last = folded.last, last.utf8.count == 4, let number = Int(last), (1900...2200).contains(number) {
            year = number
            count = 3
        }
        guard folded.count >= count else { return nil }
        let lead = folded[folded.count - count], name = folded[folded.count - count + 1]
        let language: Language
        switch lead {
        case "in": language = .en
        case "en": language = .fr
        default: return nil
        }
        return monthNames[language]?.firstIndex(of: name).map { (count, .month($0 + 1, year: year), language) }
    }

    /// "last week", "la semaine dernière", "in November", "en décembre 2025": as a reply says
    /// it. A month says the year it was asked with, else `year` when given.
    func said(in language: Language, year shown: Int? = nil) -> String {
        switch (self, language) {
        case (.today, .en): "today"
        case (.yesterday, .en): "yesterday"
        case (.thisWeek, .en): "this week"
        case (.lastWeek, .en): "last week"
        case (.thisMonth, .en): "this month"
        case (.lastMonth, .en): "last month"
        case (.thisYear, .en): "this year"
        case (.lastYear, .en): "last year"
        case (.today, .fr): "aujourd'hui"
        case (.yesterday, .fr): "hier"
        case (.thisWeek, .fr): "cette semaine"
        case (.lastWeek, .fr): "la semaine dernière"
        case (.thisMonth, .fr): "ce mois-ci"
        case (.lastMonth, .fr): "le mois dernier"
        case (.thisYear, .fr): "cette année"
        case (.lastYear, .fr): "l'année dernière"
        case (.month(let month, let asked), _):
            (language == .en ? "in " : "en ") + Self.monthsSaid[language == .en ? 0 : 1][max(0, min(11, month - 1))]
                + ((asked ?? shown).map { " \($0)" } ?? "")
        }
    }

    private static let monthsSaid = [
        ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"],
        ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"],
    ]
}
