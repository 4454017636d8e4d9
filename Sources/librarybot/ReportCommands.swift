import ArgumentParser
import Commands
import Foundation
import Gateways
import LibraryCore
import Scheduler

/// `--at "2026-12-03 09:00"` (local time in library.timezone, or an ISO 8601 instant such as
/// 2026-12-03T08:00:00Z) and `--post`, shared by `digest` and `remind`.
struct ReportOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The time to report for: \"YYYY-MM-DD HH:MM\" in library.timezone, or an instant with its offset such as 2026-12-03T08:00:00Z (default: now).", valueName: "time"))
    var at: String?

    @Flag(help: "Send it through the enabled chat gateways instead of printing it.")
    var post = false

    /// Checked as the command line is read, so that the usage shown is this command's.
    func validate() throws {
        guard let at, Self.instant(at, in: .gmt) == nil else { return }
        throw ValidationError("--at takes a local time such as \"2026-12-03 09:00\" (in library.timezone) or an instant such as 2026-12-03T08:00:00Z (found '\(at)').")
    }

    func instant(in timeZone: TimeZone) throws -> Date {
        guard let at else { return Date() }
        guard let date = Self.instant(at, in: timeZone) else { throw ValidationError("--at: '\(at)' is no time.") }
        return date
    }

    /// `text` as a local time in `timeZone` ("2026-12-03 09:00", or with a T), or as an ISO 8601
    /// instant with its offset ("2026-12-03T08:00:00Z", "2026-12-03T09:00:00+01:00").
    private static func instant(_ text: String, in timeZone: TimeZone) -> Date? {
        let text = text.trimmingWhitespace()
        // Only with an offset: without one, a time is local to the library.
        let parts = text.split(separator: "T", maxSplits: 1)
        if parts.count == 2, let time = parts.last, time.hasSuffix("Z") || time.contains("+") || time.contains("-") {
            // Seconds may be left out ("2026-12-03T08:00Z"), as people write it.
            let instant = time.count > 5 && ["Z", "+", "-"].contains(time.dropFirst(5).first)
                ? "\(parts[0])T\(time.prefix(5)):00\(time.dropFirst(5))" : text
            return (try? Date(instant, strategy: .iso8601))
                ?? (try? Date(instant, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
        }
        let local = text.count > 10 && text.dropFirst(10).first == "T" ? text.prefix(10) + " " + text.dropFirst(11) : text
        return DailySchedule.instant(ofLocalTime: String(local), in: timeZone)
    }

    /// Where `--post` sends: the enabled gateways. Nil when printing.
    func output(_ settings: BotSettings) throws -> ScheduledOutput? {
        guard post else { return nil }
        guard settings.slack != nil || settings.discord != nil else {
            throw CLIFailure("No chat gateway is enabled (slack.enabled, discord.enabled), so nothing was posted. Without --post the message is printed.")
        }
        return settings.scheduledOutput
    }
}

/// `librarybot digest`: the "who has what" digest.
struct DigestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "digest",
        abstract: "Print the daily \"who has what\" digest as it would be posted now (or at --at).")

    @OptionGroup var options: CommonOptions
    @OptionGroup var report: ReportOptions

    func run() async throws {
        let settings = try await options.loadSettings()
        let output = try report.output(settings)
        let instant = try report.instant(in: settings.rules.timeZone)
        let reply = try await settings.reports.digest(at: instant)
        guard let output else { return emit(PlainRenderer.render(reply)) }
        let day = DailySchedule(time: settings.digestTime ?? settings.reminderTime, timeZone: settings.rules.timeZone).day(of: instant)
        try await output.post(digest: reply, on: day)
        emit("Posted the digest to \(output.digestChannels.joined(separator: " and ")).")
    }
}

/// `librarybot remind`: the reminders for loans due soon or overdue.
struct RemindCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remind",
        abstract: "Print the reminders (loans overdue or due within reminders.due_soon_days, books kept for a member whose last day is as near) as they would be sent now (or at --at), and the holds that lapse (books kept longer than library.hold_days).",
        discussion: "With --post, the holds lapse and everyone concerned is told, as the daily run does.")

    @OptionGroup var options: CommonOptions
    @OptionGroup var report: ReportOptions

    func run() async throws {
        let settings = try await options.loadSettings()
        let output = try report.output(settings)
        let instant = try report.instant(in: settings.rules.timeZone)
        let library = try settings.openLibrary(existing: true)
        let reports = LibraryReports(library: library, language: settings.handler.defaultLanguage, timeZone: settings.rules.timeZone)
        let language = settings.handler.defaultLanguage
        if let output {
            // As the daily run: holds kept past their last day lapse first.
            let (lapses, notices) = try await reports.lapseKeptHolds(at: instant)
            let (sent, failures) = await output.send(notices)
            for failure in failures { emit(failure) }
            if !lapses.isEmpty {
                let which = lapses.map { "\($0.book.title) (\($0.hold.holder.name))" }.joined(separator: ", ")
                emit("\(lapses.count) hold\(lapses.count == 1 ? "" : "s") lapsed: \(which); \(sent) of \(notices.count) message\(notices.count == 1 ? "" : "s") sent.")
            }
        }
        let reminders = try await reports.reminders(at: instant, dueSoonDays: settings.dueSoonDays)
        if let output {
            let day = DailySchedule(time: settings.reminderTime, timeZone: settings.rules.timeZone).day(of: instant)
            func report(sent: Int, unsent: Int = 0) {
                emit("Sent \(sent) reminder\(sent == 1 ? "" : "s") (\(reminders.count - sent - unsent) already sent today).")
            }
            do {
                return report(sent: try await output.send(reminders, on: day, store: ScheduleStore(database: library.database)))
            } catch let failure as RemindersNotSent {
                report(sent: failure.sent, unsent: failure.unsent.count)
                throw CLIFailure("\(failure). Run remind --post again to send them.")
            }
        }
        let lapses = try await reports.lapseKeptHolds(at: instant, apply: false).notices
        if reminders.isEmpty && lapses.isEmpty {
            emit(language.pick("Nothing is due soon or overdue: no reminder to send.",
                               "Rien à rendre bientôt ni en retard : aucun rappel à envoyer."))
        }
        let messages = reminders.map { ($0.borrower, $0.reply) } + lapses.map { ($0.to, $0.reply) }
        for (index, (person, reply)) in messages.enumerated() {
            if index > 0 { emit("") }
            let to = person.userID.map { "\(person.name) (\($0))" } ?? person.name
            emit(language.pick("To \(to):", "À \(to) :"))
            emit(PlainRenderer.render(reply))
        }
    }
}
