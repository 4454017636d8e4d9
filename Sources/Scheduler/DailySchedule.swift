import Foundation
import LibraryCore

/// A time of day, `HH:MM` or `HH:MM:SS`.
public struct DailyTime: Sendable, Hashable, CustomStringConvertible {
    public var hour: Int
    public var minute: Int
    public var second: Int

    /// nil unless `text` is `HH:MM` or `HH:MM:SS` with hours 0-23 and minutes and seconds 0-59.
    public init?(_ text: String) {
        let parts = text.trimmingWhitespace().split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3,
              parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let hour = Int(parts[0]), let minute = Int(parts[1]), (0..<24).contains(hour), (0..<60).contains(minute) else {
            return nil
        }
        let second = parts.count == 3 ? Int(parts[2]) ?? -1 : 0
        guard (0..<60).contains(second) else { return nil }
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    public var description: String {
        second == 0 ? String(format: "%02d:%02d", hour, minute) : String(format: "%02d:%02d:%02d", hour, minute, second)
    }
}

/// A local time every day in a time zone, daylight-saving changes included: a time that does
/// not exist (spring forward) runs at the first instant after the gap; a time that happens twice
/// (fall back) runs at its first occurrence.
public struct DailySchedule: Sendable, Hashable {
    public var time: DailyTime
    public var timeZone: TimeZone

    public init(time: DailyTime, timeZone: TimeZone) {
        self.time = time
        self.timeZone = timeZone
    }

    var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }

    /// The local day of `date`, `YYYY-MM-DD`.
    public func day(of date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    /// The local time of `date`, `HH:MM`, for log lines.
    public func localTime(of date: Date) -> String {
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }

    /// The instant the job runs on the local day of `date`.
    public func instant(onDayOf date: Date) -> Date {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        guard let year = parts.year, let month = parts.month, let day = parts.day else { return date }
        return instant(year: year, month: month, day: day) ?? date
    }

    /// The instant the job runs on the local day `year`-`month`-`day`; nil when there is no
    /// such day (`2026-02-30`).
    public func instant(year: Int, month: Int, day: Int) -> Date? {
        let secondsIntoDay = time.hour * 3600 + time.minute * 60 + time.second
        // Wall-clock arithmetic: the instant whose local time is the wanted one, trying the day's
        // UTC offsets in order (the earlier offset first, for the repeated hour of a fall back).
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC") ?? .gmt
        guard (1...12).contains(month), (1...31).contains(day),
              let wallAsUTC = utc.date(from: DateComponents(year: year, month: month, day: day)),
              utc.component(.day, from: wallAsUTC) == day, utc.component(.month, from: wallAsUTC) == month else { return nil }
        let wall = wallAsUTC.addingTimeInterval(TimeInterval(secondsIntoDay))
        let offsets = Set([-43_200, -21_600, 0, 21_600, 43_200, 86_400].map {
            timeZone.secondsFromGMT(for: wall.addingTimeInterval(TimeInterval($0)))
        }).sorted(by: >)
        for offset in offsets {
            let candidate = wall.addingTimeInterval(TimeInterval(-offset))
            if timeZone.secondsFromGMT(for: candidate) == offset { return candidate }
        }
        // The wall time falls in a spring-forward gap: run when the gap ends.
        let earliest = wall.addingTimeInterval(TimeInterval(-(offsets.first ?? 0)))
        return timeZone.nextDaylightSavingTimeTransition(after: earliest) ?? earliest
    }

    /// A local time as `librarybot digest --at` and `remind --at` take it: `YYYY-MM-DD HH:MM`,
    /// `YYYY-MM-DD HH:MM:SS` or `YYYY-MM-DD` (midnight), in `timeZone`, daylight-saving changes
    /// handled as for a daily run. Nil when `text` is none of these or names a day that does not
    /// exist. Read by hand: Foundation's DateFormatter needs the system's time zone files, which
    /// a slim server without `tzdata` lacks (it crashed there), while `TimeZone` does not.
    public static func instant(ofLocalTime text: String, in timeZone: TimeZone) -> Date? {
        let parts = text.trimmingWhitespace().split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count == 1 || parts.count == 2 else { return nil }
        let date = parts[0].split(separator: "-", omittingEmptySubsequences: false)
        guard date.count == 3, zip(date, [4, 2, 2]).allSatisfy({ $0.count == $1 && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let year = Int(date[0]), let month = Int(date[1]), let day = Int(date[2]),
              let time = parts.count == 2 ? DailyTime(String(parts[1])) : DailyTime("00:00") else { return nil }
        return DailySchedule(time: time, timeZone: timeZone).instant(year: year, month: month, day: day)
    }

    /// The first run strictly after `date`.
    public func nextRun(after date: Date) -> Date {
        let today = instant(onDayOf: date)
        if today > date { return today }
        let calendar = self.calendar
        let tomorrow = calendar.date(byAdding: .day, value: 1, to: calendar.startOfDay(for: date)) ?? date.addingTimeInterval(86_400)
        return instant(onDayOf: tomorrow)
    }
}
