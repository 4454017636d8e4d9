import LibraryCore

extension LoanPeriod {
    /// The words after a history question that name a period ("what did I borrow last week",
    /// "qu'ai-je emprunté le mois dernier"), folded as `CommandParser.foldWord` folds them.
    static let phrases: [(words: [String], period: LoanPeriod, language: Language)] = [
        (["this", "week"], .thisWeek, .en), (["last", "week"], .lastWeek, .en), (["this", "month"], .thisMonth, .en),
        (["last", "month"], .lastMonth, .en), (["this", "year"], .thisYear, .en), (["last", "year"], .lastYear, .en),
        (["cette", "semaine"], .thisWeek, .fr), (["la", "semaine", "derniere"], .lastWeek, .fr), (["ce", "mois-ci"], .thisMonth, .fr),
        (["ce", "mois"], .thisMonth, .fr), (["le", "mois", "dernier"], .lastMonth, .fr), (["cette", "annee"], .thisYear, .fr),
        (["l'annee", "derniere"], .lastYear, .fr), (["l'an", "dernier"], .lastYear, .fr),
    ]

    /// The period that `folded` words end with, and how many words say it.
    static func trailing(_ folded: [String]) -> (count: Int, period: LoanPeriod, language: Language)? {
        phrases.first { folded.count >= $0.words.count && folded.suffix($0.words.count).elementsEqual($0.words) }
            .map { ($0.words.count, $0.period, $0.language) }
    }

    /// "last week", "la semaine dernière": as a reply says it.
    func said(in language: Language) -> String {
        switch (self, language) {
        case (.thisWeek, .en): "this week"
        case (.lastWeek, .en): "last week"
        case (.thisMonth, .en): "this month"
        case (.lastMonth, .en): "last month"
        case (.thisYear, .en): "this year"
        case (.lastYear, .en): "last year"
        case (.thisWeek, .fr): "cette semaine"
        case (.lastWeek, .fr): "la semaine dernière"
        case (.thisMonth, .fr): "ce mois-ci"
        case (.lastMonth, .fr): "le mois dernier"
        case (.thisYear, .fr): "cette année"
        case (.lastYear, .fr): "l'année dernière"
        }
    }
}
