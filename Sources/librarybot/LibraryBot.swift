import ArgumentParser
import Commands
import Gateways
import Logging
import ServiceLifecycle

/// The `librarybot` command: the SWAG committee's shared shelf, in team chat and the terminal.
@main
struct LibraryBot: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "librarybot",
        abstract: "The SWAG committee's library: books, loans and holds, from team chat or the terminal.",
        subcommands: [RunCommand.self, ConsoleCommand.self, ParseCommand.self, DigestCommand.self, RemindCommand.self, BooksCommand.self,
                      BackupCommand.self, DiscordCommand.self],
        defaultSubcommand: RunCommand.self
    )
}

/// A command answered on a platform, at debug level: ids and outcome in metadata, never the
/// text typed.
private func logCommand(_ trace: CommandTrace, _ logger: Logger) {
    logger.debug("Command answered.", metadata: [
        "platform": "\(trace.platform)", "user": "\(trace.userID)", "intent": "\(trace.intent)",
        "outcome": "\(trace.outcome.rawValue)",
        "ms": "\(String(format: "%.2f", Double(trace.duration.components.attoseconds) / 1e15 + Double(trace.duration.components.seconds) * 1000))",
    ])
}

/// `librarybot run`: one service group with every enabled gateway and the scheduler; the
/// console while no gateway is enabled.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the bot (the default command).",
        discussion: """
            Runs the scheduler (daily reminders and digest) with the Slack gateway when slack.enabled is true \
            (tokens from SLACK_APP_TOKEN and SLACK_BOT_TOKEN) and the Discord gateway when discord.enabled is \
            true (DISCORD_TOKEN), both when both are; with neither, the console on the terminal, where \
            scheduled messages are printed. SIGTERM or SIGINT shuts down gracefully (exit 0); the end of the \
            console's input does too.
            """)

    @OptionGroup var options: CommonOptions

    func run() async throws {
        GnuTLSStartup.restartWithoutImplicitInit()
        let settings = try await options.loadSettings()
        let level = settings.logLevel
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler(label: label, stream: StandardErrorAboveTheLine())
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "librarybot")
        // One database for the whole process, shared by every service.
        let library = try settings.openLibrary()
        // The bot is what counts days in `library.timezone`: a changed zone keeps the due day of
        // every open loan. (Other commands only read, so a one-off run with another
        // configuration cannot move due dates.)
        if let change = try library.adoptTimeZone() {
            let loans = change.openLoans == 1 ? "1 open loan keeps its due day" : "\(change.openLoans) open loans keep their due day"
            logger.notice("library.timezone changed from \(zoneName(change.previous)) to \(zoneName(change.current)): \(loans).")
        }
        var services: [ServiceGroupConfiguration.ServiceConfiguration] = []
        // One handler for every gateway: a confirmation asked on one is answered there only
        // (the pending question is keyed by user id), and the library sees one stream of commands.
        let handler = CommandHandler(library: library, settings: settings.handler)
        let slackAPI = settings.slack.map { SlackWebAPI(baseURL: $0.apiURL, botToken: $0.botToken, appToken: $0.appToken) }
        let discordAPI = settings.discord.map { DiscordREST(baseURL: $0.apiURL, token: $0.token) }
        // A member waiting on one platform is told on it, whichever platform the book came back on.
        let directMessages = DirectMessages(slack: slackAPI, discord: discordAPI)
        let memory = MemoryTrim()
        let trace: @Sendable (CommandTrace) -> Void = { [logger] trace in
            logCommand(trace, logger)
            memory.noteCommand()
        }
        if let slack = settings.slack, let api = slackAPI {
            let gateway = SlackGateway(api: api, handler: handler, directMessages: directMessages, log: { [logger] line in logger.info("\(line)") },
                                       trace: trace)
            logger.info("Slack gateway starting.", metadata: ["api": "\(slack.apiURL)"])
            services.append(.init(service: SlackService(gateway: gateway), serviceName: "slack"))
        }
        if let discord = settings.discord, let api = discordAPI {
            let gateway = DiscordGateway(api: api, handler: handler, prefix: discord.prefix, directMessages: directMessages,
                                         log: { [logger] line in logger.info("\(line)") }, trace: trace)
            logger.info("Discord gateway starting.", metadata: ["api": "\(discord.apiURL)", "prefix": "\(discord.prefix)"])
            services.append(.init(service: DiscordService(gateway: gateway), serviceName: "discord"))
        }
        if !services.isEmpty {
            services.append(.init(service: MemoryTrimService(memory: memory, logger: logger), serviceName: "memory"))
        } else {
            logger.info("Console started on the terminal.", metadata: ["database": "\(settings.databasePath)"])
            services.append(.init(service: ConsoleService(console: Console(settings: settings, senderName: nil), library: library),
                                  successTerminationBehavior: .gracefullyShutdownGroup, serviceName: "console"))
        }
        let output = settings.scheduledOutput
        services.append(.init(service: SchedulerService(settings: settings, library: library, output: output, logger: logger),
                              successTerminationBehavior: .gracefullyShutdownGroup, serviceName: "scheduler"))
        var configuration = ServiceGroupConfiguration(services: services, gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        // Past this, what is still running is cancelled: the process ends within 5 seconds.
        configuration.maximumGracefulShutdownDuration = .seconds(4)
        // "it" and "the second one" said just before a restart still mean what they meant.
        do { try await handler.restoreContext() } catch { logger.warning("What members said before the restart could not be read (\(error)).") }
        var failure: (any Error)?
        do { try await ServiceGroup(configuration: configuration).run() } catch { failure = error }
        do { try await handler.saveContext() } catch { logger.warning("What members said lately could not be kept (\(error)).") }
        if let failure { throw failure }
    }
}

/// `librarybot discord …`: setting up the Discord application.
struct DiscordCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "discord",
        abstract: "Set up the Discord application.",
        subcommands: [RegisterCommands.self])

    /// `librarybot discord register-commands [--guild ID]`.
    struct RegisterCommands: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "register-commands",
            abstract: "Register the /library slash command with Discord (needs DISCORD_TOKEN and discord.application_id).",
            discussion: """
                Without --guild the command is registered for every server the bot is in and for its direct \
                messages; Discord may take a while to show it. With --guild it is registered in that one server, \
                where it shows at once (handy while trying the bot out). Running it again replaces the earlier \
                registration.
                """)

        @OptionGroup var options: CommonOptions

        @Option(help: ArgumentHelp("Register in this server (guild) id only.", valueName: "id"))
        var guild: String?

        func run() async throws {
            let access = try await options.loadSettings().discordAccess
            guard let token = access.token else {
                throw CLIFailure("discord.token is missing: set DISCORD_TOKEN (the bot token from the Developer Portal's Bot page).")
            }
            guard let applicationID = access.applicationID else {
                throw CLIFailure("discord.application_id is missing: set it to the Application ID from the Developer Portal's General Information page.")
            }
            let api = DiscordREST(baseURL: access.apiURL, token: token)
            do {
                let names = try await api.registerCommands(applicationID: applicationID, guildID: guild)
                emit("Registered \(names.map { "/" + $0 }.joined(separator: ", ")) \(guild.map { "in server \($0)" } ?? "for every server and direct messages").")
            } catch let error as DiscordAPIError {
                throw CLIFailure("Registering /library failed: \(error).")
            }
        }
    }
}
