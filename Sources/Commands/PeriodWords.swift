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

    /// The days of the week's names, folded, Monday first.
    static let weekdayNames: [Language: [String]] = [
        .en: ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"],
        .fr: ["lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche"],
    ]

    /// The period that `folded` words end with, and how many words say it: a phrase above, a
    /// month ("in November", "in November 2025", "en novembre", "en novembre 2025"), or since a
    /// day of the week or a month ("since Monday", "since last Monday", "since November 2025",
    /// "depuis lundi", "depuis lundi dernier", "depuis novembre").
    static func trailing(_ folded: [String]) -> (count: Int, period: LoanPeriod, language: Language)? {
        // Every period ends with one of a few words, or a year: most messages end with none.
        guard let end = folded.last, periodEnds.contains(end) || end.utf8.count == 4 && Int(end) != nil else { return nil }
        if let phrase = phrases.first(where: { folded.count >= $0.words.count && folded.suffix($0.words.count).elementsEqual($0.words) }) {
            return (phrase.words.count, phrase.period, phrase.language)
        }
        if let since = sinceWeekday(folded) { return since }
        var count = 2, year: Int? = nil
        if let last = folded.last, last.utf8.count == 4, let number = Int(last), (1900...2200).contains(number) {
            year = number
            count = 3
        }
        guard folded.count >= count else { return nil }
        let lead = folded[folded.count - count], name = folded[folded.count - count + 1]
        let language: Language, since: Bool
        switch lead {
        case "in": (language, since) = (.en, false)
        case "en": (language, since) = (.fr, false)
        case "since": (language, since) = (.en, true)
        case "depuis": (language, since) = (.fr, true)
        default: return nil
        }
        return monthNames[language]?.firstIndex(of: name).map {
            (count, since ? .sinceMonth($0 + 1, year: year) : .month($0 + 1, year: year), language)
        }
    }

    /// The last words of the periods `trailing` reads, but a year.
    private static let periodEnds: Set<String> = Set(phrases.compactMap(\.words.last) + monthNames.values.joined()
                                                       + weekdayNames.values.joined() + ["dernier"])

    /// "since Monday", "since last Monday", "depuis lundi", "depuis lundi dernier" at the end of
    /// `folded`.
    private static func sinceWeekday(_ folded: [String]) -> (count: Int, period: LoanPeriod, language: Language)? {
        for (language, lead, tail) in [(Language.en, ["since"], [String]()), (.en, ["since", "last"], []), (.fr, ["depuis"], []), (.fr, ["depuis"], ["dernier"])] {
            let count = lead.count + 1 + tail.count
            guard folded.count >= count, folded.suffix(tail.count).elementsEqual(tail),
                  folded[(folded.count - count)...].starts(with: lead),
                  let day = weekdayNames[language]?.firstIndex(of: folded[folded.count - tail.count - 1]) else { continue }
            return (count, .sinceWeekday(day + 1), language)
        }
        return nil
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
        case (.sinceMonth(let month, let asked), _):
            (language == .en ? "since " : "depuis ") + Self.monthsSaid[language == .en ? 0 : 1][max(0, min(11, month - 1))]
                + ((asked ?? shown).map { " \($0)" } ?? "")
        case (.sinceWeekday(let day), _):
            (language == .en ? "since " : "depuis ") + Self.weekdaysSaid[language == .en ? 0 : 1][max(0, min(6, day - 1))]
        }
    }

    private static let weekdaysSaid = [
        ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
        ["lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche"],
    ]

    private static let monthsSaid = [
        ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"],
        ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"],
    ]
}
