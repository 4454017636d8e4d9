import ArgumentParser
import Commands
import Foundation
import LibraryCore
import Scheduler

/// `--at "2026-12-03 09:00"` (local time in library.timezone) and `--post`, shared by
/// `digest` and `remind`.
struct ReportOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The local time to report for, \"YYYY-MM-DD HH:MM\" in library.timezone (default: now).", valueName: "time"))
    var at: String?

    @Flag(help: "Send it through the enabled chat gateways instead of printing it.")
    var post = false

    func instant(in timeZone: TimeZone) throws -> Date {
        guard let at else { return Date() }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        for format in ["yyyy-MM-dd HH:mm", "yyyy-MM-dd HH:mm:ss", "yyyy-MM-dd"] {
            formatter.dateFormat = format
            if let date = formatter.date(from: at.trimmingCharacters(in: .whitespaces)) { return date }
        }
        throw ValidationError("--at takes a local time such as \"2026-12-03 09:00\" (found '\(at)').")
    }

    /// No gateway exists yet (Slack and Discord are the next issues), so nothing can be posted.
    func refusePostingWithoutGateway() throws {
        guard post else { return }
        throw CLIFailure("No chat gateway is enabled (slack.enabled, discord.enabled), so nothing was posted. Without --post the message is printed.")
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
        try report.refusePostingWithoutGateway()
        let reply = try await settings.reports.digest(at: try report.instant(in: settings.rules.timeZone))
        emit(PlainRenderer.render(reply))
    }
}

/// `librarybot remind`: the reminders for loans due soon or overdue.
struct RemindCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remind",
        abstract: "Print the reminders (loans overdue or due within reminders.due_soon_days) as they would be sent now (or at --at).")

    @OptionGroup var options: CommonOptions
    @OptionGroup var report: ReportOptions

    func run() async throws {
        let settings = try await options.loadSettings()
        try report.refusePostingWithoutGateway()
        let instant = try report.instant(in: settings.rules.timeZone)
        let reminders = try await settings.reports.reminders(at: instant, dueSoonDays: settings.dueSoonDays)
        if reminders.isEmpty {
            emit(settings.handler.defaultLanguage.pick("Nothing is due soon or overdue: no reminder to send.",
                                                       "Rien à rendre bientôt ni en retard : aucun rappel à envoyer."))
        }
        for (index, reminder) in reminders.enumerated() {
            if index > 0 { emit("") }
            let to = reminder.borrower.userID.map { "\(reminder.borrower.name) (\($0))" } ?? reminder.borrower.name
            emit(settings.handler.defaultLanguage.pick("To ", "À ") + to + ":")
            emit(PlainRenderer.render(reminder.reply))
        }
    }
}
