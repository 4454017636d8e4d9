import Foundation

/// Dates as replies say them: "Tue 3 Dec" / "mar. 3 déc.", with the year when it is not the
/// current one, in the library's time zone.
public struct DateText: Sendable {
    public var timeZone: TimeZone

    public init(timeZone: TimeZone) { self.timeZone = timeZone }

    private static let englishDays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let frenchDays = ["dim.", "lun.", "mar.", "mer.", "jeu.", "ven.", "sam."]
    private static let englishMonths = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    private static let frenchMonths = ["janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.", "déc."]

    public func day(_ date: Date, _ language: Language, now: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .weekday], from: date)
        let thisYear = calendar.component(.year, from: now)
        guard let year = parts.year, let month = parts.month, let day = parts.day, let weekday = parts.weekday else {
            return date.formatted(.iso8601)
        }
        let days = language == .en ? Self.englishDays : Self.frenchDays
        let months = language == .en ? Self.englishMonths : Self.frenchMonths
        let base = "\(days[(weekday - 1) % 7]) \(day) \(months[(month - 1) % 12])"
        return year == thisYear ? base : "\(base) \(year)"
    }

    /// How many local days the day of `now` comes after the day of `date` (0 on that day or before).
    public func daysAfter(_ date: Date, now: Date) -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let days = calendar.dateComponents([.day], from: calendar.startOfDay(for: date), to: calendar.startOfDay(for: now)).day ?? 0
        return max(0, days)
    }
}
