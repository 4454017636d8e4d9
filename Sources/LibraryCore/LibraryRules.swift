import Foundation

/// The lending rules of `library.*`: loan length, renewals, and the zone that days are counted in.
public struct LibraryRules: Sendable, Hashable {
    /// `library.loan_days`, default 14.
    public var loanDays: Int
    /// `library.max_renewals`, default 2.
    public var maxRenewals: Int
    /// `library.timezone`, default UTC: a loan is due at the end of a local day.
    public var timeZone: TimeZone

    public init(loanDays: Int = 14, maxRenewals: Int = 2, timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .current) {
        self.loanDays = max(1, loanDays)
        self.maxRenewals = max(0, maxRenewals)
        self.timeZone = timeZone
    }

    var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }

    /// The due instant of a loan starting at `start`: the last second of the local day
    /// `loanDays` later, so a book due "Tue 3 Dec" may come back any time that Tuesday.
    public func dueDate(from start: Date) -> Date {
        let calendar = self.calendar
        let startOfDay = calendar.startOfDay(for: start)
        let dayAfterDue = calendar.date(byAdding: .day, value: loanDays + 1, to: startOfDay)
            ?? startOfDay.addingTimeInterval(Double(loanDays + 1) * 86_400)
        return dayAfterDue.addingTimeInterval(-1)
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
