import Foundation

/// The lending rules of `library.*`: loan length, renewals, how long a book is kept for the
/// first in line, and the zone that days are counted in.
public struct LibraryRules: Sendable, Hashable {
    /// `library.loan_days`, default 14.
    public var loanDays: Int
    /// `library.max_renewals`, default 2.
    public var maxRenewals: Int
    /// `library.hold_days`, default 7: how many days a book back on the shelf is kept for the
    /// first in line before their hold lapses and the next in line gets it. 0 keeps it for them
    /// until they take it or give up their place.
    public var holdDays: Int
    /// `library.timezone`, default UTC: a loan is due at the end of a local day.
    public var timeZone: TimeZone

    public init(loanDays: Int = 14, maxRenewals: Int = 2, holdDays: Int = 7, timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .current) {
        self.loanDays = max(1, loanDays)
        self.maxRenewals = max(0, maxRenewals)
        self.holdDays = max(0, holdDays)
        self.timeZone = timeZone
    }

    var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }

    /// The days, weeks (Monday to Sunday), months and years of the library's calendar, this one or
    /// the one before `now`; a month named alone is the last one that has begun by `now` (asked in
    /// November, "in December" is last December); since a day of the week or a month, until the
    /// end of today.
    public func interval(of period: LoanPeriod, at now: Date) -> DateInterval {
        var calendar = self.calendar
        calendar.firstWeekday = 2
        func interval(_ unit: Calendar.Component, of date: Date) -> DateInterval {
            calendar.dateInterval(of: unit, for: date) ?? DateInterval(start: date, duration: 0)
        }
        func before(_ current: DateInterval, _ unit: Calendar.Component) -> DateInterval {
            interval(unit, of: current.start.addingTimeInterval(-1))
        }
        switch period {
        case .today: return interval(.day, of: now)
        case .yesterday: return before(interval(.day, of: now), .day)
        case .thisWeek: return interval(.weekOfYear, of: now)
        case .lastWeek: return before(interval(.weekOfYear, of: now), .weekOfYear)
        case .thisMonth: return interval(.month, of: now)
        case .lastMonth: return before(interval(.month, of: now), .month)
        case .thisYear: return interval(.year, of: now)
        case .lastYear: return before(interval(.year, of: now), .year)
        case .month(let month, let year):
            guard let first = firstDay(of: month, year) else { return DateInterval(start: now, duration: 0) }
            return interval(.month, of: first)
        case .sinceWeekday(let day):
            // Calendar weekdays count from Sunday (1); ours from Monday.
            let today = interval(.day, of: now)
            let back = (calendar.component(.weekday, from: now) + 5) % 7 + 1 - day
            let start = calendar.date(byAdding: .day, value: -((back + 7) % 7), to: today.start) ?? today.start
            return DateInterval(start: start, end: today.end)
        case .sinceMonth(let month, let year):
            guard let first = firstDay(of: month, year), first < now else { return DateInterval(start: now, duration: 0) }
            return DateInterval(start: first, end: interval(.day, of: now).end)
        }

        /// The start of `month` of `year`, or of the last such month that has begun.
        func firstDay(of month: Int, _ year: Int?) -> Date? {
            calendar.date(from: DateComponents(year: year ?? self.year(ofMonth: month, at: now), month: month, day: 1))
        }
    }

    /// The year of `now` in the library's calendar.
    public func year(at now: Date) -> Int {
        calendar.component(.year, from: now)
    }

    /// The year of the last `month` that has begun by `now`, in the library's calendar.
    public func year(ofMonth month: Int, at now: Date) -> Int {
        let today = calendar.dateComponents([.year, .month], from: now)
        let year = today.year ?? 1970
        return month <= (today.month ?? 12) ? year : year - 1
    }

    /// The due instant of a loan starting at `start`: the last second of the local day
    /// `loanDays` later, so a book due "Tue 3 Dec" may come back any time that Tuesday.
    public func dueDate(from start: Date) -> Date {
        endOfDay(days: loanDays, after: start)
    }

    /// Until when a book that is kept for the first in line from `start` stays kept for them:
    /// the last second of the local day `holdDays` later. Nil when `holdDays` is 0 (no limit).
    public func keptUntil(from start: Date) -> Date? {
        holdDays == 0 ? nil : endOfDay(days: holdDays, after: start)
    }

    /// The last second of the local day `days` after the day of `start`.
    private func endOfDay(days: Int, after start: Date) -> Date {
        let calendar = self.calendar
        let startOfDay = calendar.startOfDay(for: start)
        let dayAfter = calendar.date(byAdding: .day, value: days + 1, to: startOfDay)
            ?? startOfDay.addingTimeInterval(Double(days + 1) * 86_400)
        return dayAfter.addingTimeInterval(-1)
    }

    /// The start of the first local day on which a renewal moves a loan due at `due` further:
    /// a renewal on day D makes the loan due D + `loanDays`, later than `due` from the day
    /// `loanDays - 1` days before the due day.
    public func firstRenewalDay(forDue due: Date) -> Date {
        let calendar = self.calendar
        let dueDay = calendar.startOfDay(for: due)
        return calendar.date(byAdding: .day, value: -(loanDays - 1), to: dueDay)
            ?? dueDay.addingTimeInterval(-Double(loanDays - 1) * 86_400)
    }
}

/// A period a member asks their loans of: "what did I borrow last week?", "… in November?".
public enum LoanPeriod: Sendable, Hashable {
    case today, yesterday, thisWeek, lastWeek, thisMonth, lastMonth, thisYear, lastYear
    /// A month of the calendar (1 to 12), of `year`, or the last one that has begun when nil.
    case month(Int, year: Int? = nil)
    /// From the start of the last day of the week that has begun (1 Monday … 7 Sunday; today
    /// when it is that day) to the end of today: "since Monday".
    case sinceWeekday(Int)
    /// From the start of a month (of `year`, or the last one that has begun when nil) to the end
    /// of today: "since November".
    case sinceMonth(Int, year: Int? = nil)

    /// "last_week", "month_11", "month_11_2025": the period in `librarybot parse`'s JSON.
    public var name: String {
        switch self {
        case .today: "today"
        case .yesterday: "yesterday"
        case .thisWeek: "this_week"
        case .lastWeek: "last_week"
        case .thisMonth: "this_month"
        case .lastMonth: "last_month"
        case .thisYear: "this_year"
        case .lastYear: "last_year"
        case .month(let month, nil): "month_\(month)"
        case .month(let month, let year?): "month_\(month)_\(year)"
        case .sinceWeekday(let day): "since_" + ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"][max(0, min(6, day - 1))]
        case .sinceMonth(let month, nil): "since_month_\(month)"
        case .sinceMonth(let month, let year?): "since_month_\(month)_\(year)"
        }
    }
}
