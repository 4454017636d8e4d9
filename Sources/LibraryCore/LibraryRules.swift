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

    /// The weeks (Monday to Sunday), months and years of the library's calendar, this one or the
    /// one before `now`.
    public func interval(of period: LoanPeriod, at now: Date) -> DateInterval {
        var calendar = self.calendar
        calendar.firstWeekday = 2
        let unit: Calendar.Component = switch period {
        case .thisWeek, .lastWeek: .weekOfYear
        case .thisMonth, .lastMonth: .month
        case .thisYear, .lastYear: .year
        }
        let current = calendar.dateInterval(of: unit, for: now) ?? DateInterval(start: now, duration: 0)
        switch period {
        case .thisWeek, .thisMonth, .thisYear: return current
        case .lastWeek, .lastMonth, .lastYear:
            return calendar.dateInterval(of: unit, for: current.start.addingTimeInterval(-1)) ?? current
        }
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

/// A period a member asks their loans of: "what did I borrow last week?".
public enum LoanPeriod: String, Sendable, Hashable, CaseIterable {
    case thisWeek = "this_week", lastWeek = "last_week", thisMonth = "this_month", lastMonth = "last_month"
    case thisYear = "this_year", lastYear = "last_year"
}
