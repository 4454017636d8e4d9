import Foundation
import GRDB

/// Dates are stored as UTC text, `YYYY-MM-DD HH:MM:SS.SSS` (GRDB's format). Reading them back
/// through Foundation's calendar costs microseconds per date, which dominates a list of loans,
/// so they are parsed here by hand.
enum StoredDate {
    /// The instant written in `text`, or nil when it is not in the stored format.
    static func parse(_ text: String) -> Date? {
        var utf8 = text.utf8.makeIterator()
        func number(_ digits: Int) -> Int? {
            var value = 0
            for _ in 0..<digits {
                guard let byte = utf8.next(), byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        func expect(_ separator: UInt8) -> Bool { utf8.next() == separator }
        guard let year = number(4), expect(0x2D), let month = number(2), expect(0x2D), let day = number(2),
              (1...12).contains(month), (1...31).contains(day) else { return nil }
        var seconds = Double(daysFromCivil(year: year, month: month, day: day)) * 86_400
        guard let separator = utf8.next() else { return Date(timeIntervalSince1970: seconds) }
        guard separator == 0x20 || separator == 0x54, let hour = number(2), expect(0x3A), let minute = number(2) else { return nil }
        seconds += Double(hour * 3600 + minute * 60)
        guard let colon = utf8.next() else { return Date(timeIntervalSince1970: seconds) }
        guard colon == 0x3A, let second = number(2) else { return nil }
        seconds += Double(second)
        guard let dot = utf8.next() else { return Date(timeIntervalSince1970: seconds) }
        guard dot == 0x2E, let milliseconds = number(3), utf8.next() == nil else { return nil }
        return Date(timeIntervalSince1970: seconds + Double(milliseconds) / 1000)
    }

    /// Days since 1970-01-01 in the proleptic Gregorian calendar (Howard Hinnant's algorithm).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}

extension Row {
    /// The date in column `index`, parsed quickly when it has the stored format. A value that is
    /// no date (a file edited by hand) throws, as a database error, rather than stopping the bot.
    func storedDate(_ index: Int) throws -> Date {
        if let text = self[index] as String?, let date = StoredDate.parse(text) { return date }
        return try decode(Date.self, atIndex: index)
    }

    func optionalStoredDate(_ index: Int) throws -> Date? {
        if hasNull(atIndex: index) { return nil }
        return try storedDate(index)
    }
}
