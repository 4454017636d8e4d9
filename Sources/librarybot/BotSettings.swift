import ArgumentParser
import Catalogs
import Commands
import Configuration
import Foundation
import Gateways
import LibraryCore
import Logging
import Scheduler
import SystemPackage

/// Options every command that touches the library shares.
struct CommonOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The configuration file (YAML). Default: config/librarybot.yaml when present.", valueName: "path"))
    var config: String?

    @Option(name: .long, help: ArgumentHelp("The SQLite database file, overriding library.database; created with its folder if missing.", valueName: "path"))
    var database: String?

    /// The settings from the file, the environment (`LIBRARY_LOAN_DAYS` for `library.loan_days`)
    /// and these options, in rising priority.
    func loadSettings() async throws -> BotSettings {
        let path = config ?? (FileManager.default.fileExists(atPath: "config/librarybot.yaml") ? "config/librarybot.yaml" : nil)
        var providers: [any ConfigProvider] = [EnvironmentVariablesProvider()]
        if let path {
            guard FileManager.default.fileExists(atPath: path) else { throw CLIFailure("The configuration file \(path) does not exist.") }
            do {
                providers.append(try await FileProvider<YAMLSnapshot>(filePath: FilePath(path)))
            } catch {
                throw CLIFailure("The configuration file \(path) is not valid YAML: \(error)")
            }
        }
        do {
            var settings = try BotSettings(reader: ConfigReader(providers: providers))
            if let database { settings.databasePath = database }
            return settings
        } catch let failure as CLIFailure {
            // A configuration error: one clear message naming the key, exit status 2.
            FileHandle.standardError.write(Data("Configuration error: \(failure.description)\n".utf8))
            throw ExitCode(2)
        }
    }
}

/// The `library.*` settings: see `config/librarybot.example.yaml` for every key.
///
/// - `library.database` (string, default `data/library.sqlite`)
/// - `library.loan_days` (int, default 14), `library.max_renewals` (int, default 2),
///   `library.hold_days` (int, default 7; 0: no limit)
/// - `library.timezone` (IANA name, default `UTC`), `library.locale` (`en` or `fr`, default `en`)
/// - `library.admins` (list of chat user ids, default empty: everyone is an admin)
/// - `digest.time` (`HH:MM`, default off), `digest.channel` (channel id)
/// - `reminders.time` (`HH:MM`, default 10:00), `reminders.due_soon_days` (int, default 2)
/// - `slack.*` and `discord.*`: the gateways (see the README)
/// - `log.level` (`trace`, `debug`, `info`, `notice`, `warning`, `error` or `critical`, default
///   `info`; `debug` adds a line per command answered)
struct BotSettings {
    var databasePath: String
    /// `log.level`: the least severe log line `librarybot run` writes.
    var logLevel: Logger.Level
    var rules: LibraryRules
    var handler: HandlerSettings
    var digestTime: DailyTime?
    var digestChannel: String?
    var reminderTime: DailyTime
    var dueSoonDays: Int
    /// `backup.folder` and `backup.keep`: the daily copies of the library; nil when off.
    var backups: DailyBackups?
    /// `backup.time`: when the daily copy is made.
    var backupTime: DailyTime
    /// `isbn.lookup_url`: the Open Library where `add isbn N` finds a book; nil when off.
    var isbnLookupURL: String?
    /// `slack.enabled` with `slack.app_token` (SLACK_APP_TOKEN), `slack.bot_token`
    /// (SLACK_BOT_TOKEN) and `slack.api_url`; nil when Slack is off.
    var slack: SlackSettings?
    /// `discord.enabled` with `discord.token` (DISCORD_TOKEN), `discord.api_url`,
    /// `discord.prefix` and `discord.digest_channel`; nil when Discord is off.
    var discord: DiscordSettings?
    /// `discord.token`, `discord.application_id` and `discord.api_url`, read whether or not
    /// Discord is enabled (for `discord register-commands`).
    var discordAccess: DiscordAccess

    struct SlackSettings {
        var appToken: String
        var botToken: String
        var apiURL: String
    }

    struct DiscordAccess {
        var token: String?
        var applicationID: String?
        var apiURL: String
    }

    struct DiscordSettings {
        var token: String
        var apiURL: String
        var prefix: String
        /// Where the digest goes on Discord: `discord.digest_channel`, or `digest.channel` when
        /// Slack is off.
        var digestChannel: String?
    }

    init(reader: ConfigReader) throws {
        let library = reader.scoped(to: "library")
        databasePath = library.string(forKey: "database", default: LibraryDatabase.defaultPath)
        let loanDays = try library.wholeNumber("loan_days", default: 14, named: "library.loan_days")
        // Bounded: a loan is due within ten years, a date every part of the bot can write and read.
        guard (1...3650).contains(loanDays) else { throw CLIFailure("library.loan_days must be from 1 to 3650 (found \(loanDays)).") }
        let maxRenewals = try library.wholeNumber("max_renewals", default: 2, named: "library.max_renewals")
        guard (0...100).contains(maxRenewals) else { throw CLIFailure("library.max_renewals must be from 0 to 100 (found \(maxRenewals)).") }
        let holdDays = try library.wholeNumber("hold_days", default: 7, named: "library.hold_days")
        guard (0...365).contains(holdDays) else {
            throw CLIFailure("library.hold_days must be from 0 to 365 (found \(holdDays)); 0 keeps a book for the first in line without a limit.")
        }
        let zoneName = library.string(forKey: "timezone", default: "UTC")
        guard let timeZone = TimeZone(identifier: zoneName) else {
            throw CLIFailure("library.timezone: '\(zoneName)' is not an IANA time zone (such as Europe/Paris).")
        }
        let localeName = library.string(forKey: "locale", default: "en")
        guard let language = Language(rawValue: localeName.lowercased()) else {
            throw CLIFailure("library.locale must be en or fr (found '\(localeName)').")
        }
        let admins = try library.idList("admins", named: "library.admins")
        rules = LibraryRules(loanDays: loanDays, maxRenewals: maxRenewals, holdDays: holdDays, timeZone: timeZone)
        handler = HandlerSettings(admins: Set(admins), defaultLanguage: language, timeZone: timeZone)

        let digest = reader.scoped(to: "digest")
        let digestText = digest.string(forKey: "time", default: "")
        if digestText.isEmpty {
            digestTime = nil
        } else {
            guard let time = DailyTime(digestText) else {
                throw CLIFailure("digest.time must be HH:MM or HH:MM:SS (found '\(digestText)').")
            }
            digestTime = time
        }
        digestChannel = digest.string(forKey: "channel").flatMap { $0.isEmpty ? nil : $0 }
        let reminders = reader.scoped(to: "reminders")
        let reminderText = reminders.string(forKey: "time", default: "10:00")
        guard let reminderTime = DailyTime(reminderText) else {
            throw CLIFailure("reminders.time must be HH:MM or HH:MM:SS (found '\(reminderText)').")
        }
        self.reminderTime = reminderTime
        dueSoonDays = try reminders.wholeNumber("due_soon_days", default: 2, named: "reminders.due_soon_days")
        guard (0...365).contains(dueSoonDays) else { throw CLIFailure("reminders.due_soon_days must be from 0 to 365 (found \(dueSoonDays)).") }

        let backup = reader.scoped(to: "backup")
        let backupText = backup.string(forKey: "time", default: "03:30")
        guard let backupTime = DailyTime(backupText) else {
            throw CLIFailure("backup.time must be HH:MM or HH:MM:SS (found '\(backupText)').")
        }
        self.backupTime = backupTime
        let keep = try backup.wholeNumber("keep", default: 14, named: "backup.keep")
        guard (1...3650).contains(keep) else { throw CLIFailure("backup.keep must be from 1 to 3650 (found \(keep)).") }
        let backupFolder = backup.string(forKey: "folder", default: "").trimmingWhitespace()
        backups = backupFolder.isEmpty ? nil : DailyBackups(folder: backupFolder, keep: keep)

        // `add isbn N` looks the book up there; an empty value turns lookups off.
        let isbnScope = reader.scoped(to: "isbn")
        if isbnScope.string(forKey: "lookup_url")?.trimmingWhitespace().isEmpty == true {
            isbnLookupURL = nil
        } else {
            isbnLookupURL = try isbnScope.webAddress("lookup_url", default: "https://openlibrary.org", named: "isbn.lookup_url")
        }
        handler.isbnCatalog = isbnLookupURL.map { OpenLibraryCatalog(baseURL: $0) }

        let levelName = reader.scoped(to: "log").string(forKey: "level", default: "info")
        guard let logLevel = Logger.Level(rawValue: levelName.lowercased()) else {
            throw CLIFailure("log.level must be one of trace, debug, info, notice, warning, error, critical (found '\(levelName)').")
        }
        self.logLevel = logLevel

        let slackScope = reader.scoped(to: "slack")
        let slackAPI = try slackScope.webAddress("api_url", default: "https://slack.com/api/", named: "slack.api_url")
        if try slackScope.flag("enabled", named: "slack.enabled") {
            // Secrets: marked so that swift-configuration never prints them.
            guard let appToken = slackScope.string(forKey: "app_token", isSecret: true), !appToken.isEmpty else {
                throw CLIFailure("slack.app_token is missing: set SLACK_APP_TOKEN (xapp-…) in the environment, or turn slack.enabled off.")
            }
            guard let botToken = slackScope.string(forKey: "bot_token", isSecret: true), !botToken.isEmpty else {
                throw CLIFailure("slack.bot_token is missing: set SLACK_BOT_TOKEN (xoxb-…) in the environment, or turn slack.enabled off.")
            }
            slack = SlackSettings(appToken: appToken, botToken: botToken,
                                  apiURL: slackAPI)
            if digestTime != nil, digestChannel == nil {
                throw CLIFailure("digest.channel is missing: the digest needs a channel id to be posted to (or leave digest.time empty).")
            }
        } else {
            slack = nil
        }

        let discordScope = reader.scoped(to: "discord")
        discordAccess = DiscordAccess(
            token: discordScope.string(forKey: "token", isSecret: true).flatMap { $0.isEmpty ? nil : $0 },
            applicationID: discordScope.string(forKey: "application_id").flatMap { $0.isEmpty ? nil : $0 },
            apiURL: try discordScope.webAddress("api_url", default: "https://discord.com/api/v10", named: "discord.api_url"))
        if try discordScope.flag("enabled", named: "discord.enabled") {
            guard let token = discordAccess.token else {
                throw CLIFailure("discord.token is missing: set DISCORD_TOKEN (the bot token) in the environment, or turn discord.enabled off.")
            }
            let prefix = discordScope.string(forKey: "prefix", default: "!library").trimmingWhitespace()
            guard !prefix.isEmpty, !prefix.contains(where: \.isWhitespace) else {
                throw CLIFailure("discord.prefix must be one word such as !library (found '\(prefix)').")
            }
            let channel = discordScope.string(forKey: "digest_channel").flatMap { $0.isEmpty ? nil : $0 } ?? (slack == nil ? digestChannel : nil)
            if digestTime != nil, channel == nil {
                throw CLIFailure(slack == nil
                    ? "digest.channel is missing: the digest needs a channel id to be posted to (or leave digest.time empty)."
                    : "discord.digest_channel is missing: with Slack enabled too, digest.channel is Slack's; give Discord's channel id.")
            }
            discord = DiscordSettings(token: token, apiURL: discordAccess.apiURL, prefix: prefix, digestChannel: channel)
        } else {
            discord = nil
        }
        // A direct message reaches a user id of a platform that runs.
        handler.canMessage = { [slackOn = slack != nil, discordOn = discord != nil] id in ChatUserID.isDiscord(id) ? discordOn : slackOn }
        // Reminders go out through a chat gateway: the rules say when, once one runs.
        if slack != nil || discord != nil {
            handler.reminders = HandlerSettings.Reminders(time: reminderTime.description, dueSoonDays: dueSoonDays)
        }
        // The digest is posted where scheduled messages go, the console included; that none is
        // posted is said in chat.
        handler.digest = digestTime.map { .daily(time: $0.description) } ?? (slack != nil || discord != nil ? .off : nil)
    }

    /// Where scheduled messages go: every enabled gateway, or the console when none is.
    var scheduledOutput: ScheduledOutput {
        var targets: [ScheduledOutput.Target] = []
        if let slack {
            targets.append(.slack(SlackWebAPI(baseURL: slack.apiURL, botToken: slack.botToken, appToken: slack.appToken), channel: digestChannel))
        }
        if let discord {
            targets.append(.discord(DiscordREST(baseURL: discord.apiURL, token: discord.token), channel: discord.digestChannel))
        }
        return ScheduledOutput(targets: targets.isEmpty ? [.console] : targets)
    }

    /// Where the console's notices go (a book returned at the desk tells the member it is now
    /// kept for): the enabled platforms' direct messages; nil with none enabled.
    var directMessages: DirectMessages? {
        guard slack != nil || discord != nil else { return nil }
        return DirectMessages(slack: slack.map { SlackWebAPI(baseURL: $0.apiURL, botToken: $0.botToken, appToken: $0.appToken) },
                              discord: discord.map { DiscordREST(baseURL: $0.apiURL, token: $0.token) })
    }

    var reports: LibraryReports {
        get throws { LibraryReports(library: try openLibrary(existing: true), language: handler.defaultLanguage, timeZone: rules.timeZone) }
    }

    /// The library in `databasePath`, created there when missing, unless `existing`: the
    /// commands that only read (a list, an export, a report, a backup) refuse a path with no
    /// library rather than create an empty one (a mistyped --database would otherwise answer
    /// "no books" and leave a stray file behind).
    func openLibrary(existing: Bool = false) throws -> LibraryService {
        if existing, databasePath != ":memory:", !FileManager.default.fileExists(atPath: databasePath) {
            throw CLIFailure("There is no library at \(databasePath): check --database or library.database. (librarybot run, console, books import and books demo create one.)")
        }
        do {
            return LibraryService(database: try LibraryDatabase.file(at: databasePath), rules: rules)
        } catch {
            throw CLIFailure("Cannot open the database \(databasePath): \(error)")
        }
    }
}

/// Settings read strictly: a value that is there but is not of the expected kind stops the
/// program with a message naming its key, rather than the default taking its place in silence
/// (`loan_days: two weeks`, `enabled: yess` would otherwise run with 14 days, or the console).
extension ConfigReader {
    func wholeNumber(_ key: String, default defaultValue: Int, named name: String) throws -> Int {
        if let value = int(forKey: ConfigKey(key)) { return value }
        guard let found = text(of: key) else { return defaultValue }
        throw CLIFailure("\(name) must be a whole number (found '\(found)').")
    }

    /// An http(s) URL, checked here: otherwise every call would fail, and the gateway retry
    /// forever with a reason that names no setting.
    func webAddress(_ key: String, default defaultValue: String, named name: String) throws -> String {
        guard let found = text(of: key) else { return defaultValue }
        let address = found.trimmingWhitespace(), lowered = address.lowercased()
        let host = ["https://", "http://"].first(where: lowered.hasPrefix).map { lowered.dropFirst($0.count) } ?? ""
        guard !host.isEmpty, !host.hasPrefix("/"), !address.contains(" ") else {
            throw CLIFailure("\(name) must be an http:// or https:// URL (found '\(found)').")
        }
        return address
    }

    /// An on/off setting, off when absent.
    func flag(_ key: String, named name: String) throws -> Bool {
        if let value = bool(forKey: ConfigKey(key)) { return value }
        guard let found = text(of: key) else { return false }
        throw CLIFailure("\(name) must be true or false (found '\(found)').")
    }

    /// A list of ids, empty when absent: a YAML list, or one id or several separated by commas
    /// (`admins: U123`, `LIBRARY_ADMINS=U1,U2`). Read as nothing, one id would make everyone
    /// an admin.
    func idList(_ key: String, named name: String) throws -> [String] {
        let list = stringArray(forKey: ConfigKey(key)) ?? string(forKey: ConfigKey(key)).map { $0.split(separator: ",").map(String.init) }
        if let list { return list.map { $0.trimmingWhitespace() }.filter { !$0.isEmpty } }
        guard let found = text(of: key) else { return [] }
        throw CLIFailure("\(name) must be a list of chat user ids (found '\(found)').")
    }

    /// What the key holds, whatever its kind; nil when it is absent.
    private func text(of key: String) -> String? {
        let key = ConfigKey(key)
        return string(forKey: key) ?? int(forKey: key).map(String.init) ?? double(forKey: key).map { String($0) }
            ?? bool(forKey: key).map { String($0) }
    }
}
