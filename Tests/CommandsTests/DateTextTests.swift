import Commands
import Foundation
import Testing

/// The days replies say, checked against Foundation's Gregorian calendar, which `DateText` no
/// longer asks for each date (it counts days from the zone's offset).
@Suite("Dates as replies say them")
struct DateTextTests {
    static let zones = ["UTC", "Europe/Paris", "America/New_York", "America/Sao_Paulo", "America/St_Johns", "Asia/Kathmandu",
                        "Australia/Lord_Howe", "Pacific/Apia", "Pacific/Kiritimati", "Pacific/Pago_Pago"]

    /// What Calendar says of `date` and of the days from it to `now`.
    static func expected(_ date: Date, now: Date, in zone: TimeZone, _ language: Language) -> (text: String, daysAfter: Int) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.year, .month, .day, .weekday], from: date)
        let days = language == .en ? ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] : ["dim.", "lun.", "mar.", "mer.", "jeu.", "ven.", "sam."]
        let months = language == .en ? ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
                                     : ["janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.", "déc."]
        let year = parts.year ?? 0, base = "\(days[(parts.weekday ?? 1) - 1]) \(parts.day ?? 0) \(months[(parts.month ?? 1) - 1])"
        let text = year == calendar.component(.year, from: now) ? base : "\(base) \(year)"
        // Counted between the two dates, not their first instants: where a day begins at 01:00
        // (São Paulo's summer time started at midnight) the instants are 23 hours short.
        // So each date is placed at midnight UTC, where every day has 24 hours, and counted there.
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC") ?? .gmt
        let from = utc.date(from: calendar.dateComponents([.year, .month, .day], from: date)) ?? date
        let to = utc.date(from: calendar.dateComponents([.year, .month, .day], from: now)) ?? now
        let after = utc.dateComponents([.day], from: from, to: to).day ?? 0
        return (text, max(0, after))
    }

    @Test("each day and each count of days agree with Foundation's calendar, in zones with odd offsets and daylight saving",
          arguments: zones)
    func agreesWithCalendar(_ identifier: String) throws {
        let zone = try #require(TimeZone(identifier: identifier))
        let dates = DateText(timeZone: zone)
        var generator = SystemRandomNumberGenerator()
        var instants: [Date] = []
        // Random instants from 1900 to 2100, and the hours around every change of offset in
        // 2010-2030 (where a day has 23 or 25 hours, or, in Apia at the end of 2011, none).
        for _ in 0..<2_000 { instants.append(Date(timeIntervalSince1970: .random(in: -2_208_988_800...4_102_444_800, using: &generator))) }
        var transition = zone.nextDaylightSavingTimeTransition(after: Date(timeIntervalSince1970: 1_262_304_000))
        while let change = transition, change < Date(timeIntervalSince1970: 1_893_456_000) {
            for minutes in stride(from: -26 * 60, through: 26 * 60, by: 30) { instants.append(change.addingTimeInterval(Double(minutes * 60))) }
            instants.append(change.addingTimeInterval(-1))
            transition = zone.nextDaylightSavingTimeTransition(after: change)
        }
        for _ in 0..<200 {
            // Around the 1 January of a random year: the year said or not.
            let newYear = Date(timeIntervalSince1970: Double(Int.random(in: 0...100, using: &generator)) * 31_556_952)
            instants.append(newYear.addingTimeInterval(.random(in: -100_000...100_000, using: &generator)))
        }
        for date in instants {
            // Now: the same instant, a few hours, days or months later.
            let later: [TimeInterval] = [0, 18_000, 259_207, 3_456_000, 34_560_000]
            let now = date.addingTimeInterval(later.randomElement(using: &generator) ?? 0)
            for language in [Language.en, .fr] {
                let expected = Self.expected(date, now: now, in: zone, language)
                #expect(dates.day(date, language, now: now) == expected.text, "\(identifier) \(date.timeIntervalSince1970)")
                #expect(dates.daysAfter(date, now: now) == expected.daysAfter, "\(identifier) \(date.timeIntervalSince1970) → \(now.timeIntervalSince1970)")
            }
            #expect(dates.daysAfter(now, now: date) == 0)
        }
    }

    @Test("dates before 1600 are left to Foundation's calendar (Julian before October 1582)")
    func oldDates() throws {
        let dates = DateText(timeZone: try #require(TimeZone(identifier: "UTC")))
        // 1 January 1500 (proleptic Gregorian): 22 December 1499 on the Julian calendar.
        let old = Date(timeIntervalSince1970: -14_831_769_600)
        let now = Date(timeIntervalSince1970: 1_764_547_200)
        let utc = try #require(TimeZone(identifier: "UTC"))
        let said = dates.day(old, .en, now: now)
        #expect(said == Self.expected(old, now: now, in: utc, .en).text)
        #expect(said.hasSuffix("Dec 1499"))
    }
}
