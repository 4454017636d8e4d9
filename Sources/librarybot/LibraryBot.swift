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
        subcommands: [RunCommand.self, ConsoleCommand.self, ParseCommand.self, DigestCommand.self, RemindCommand.self, BooksCommand.self],
        defaultSubcommand: RunCommand.self
    )
}

/// `librarybot run`: one service group with every enabled gateway and the scheduler; the
/// console while no gateway is enabled.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the bot (the default command).",
        discussion: """
            Runs the scheduler (daily reminders and digest) with the Slack gateway when slack.enabled is true \
            (tokens from SLACK_APP_TOKEN and SLACK_BOT_TOKEN), or else the console on the terminal, where \
            scheduled messages are printed. SIGTERM or SIGINT shuts down gracefully (exit 0); the end of the \
            console's input does too.
            """)

    @OptionGroup var options: CommonOptions

    func run() async throws {
        let settings = try await options.loadSettings()
        LoggingSystem.bootstrap { StreamLogHandler.standardError(label: $0) }
        let logger = Logger(label: "librarybot")
        // One database for the whole process, shared by every service.
        let library = try settings.openLibrary()
        var services: [ServiceGroupConfiguration.ServiceConfiguration] = []
        let output: ScheduledOutput
        if let slack = settings.slack {
            let api = SlackWebAPI(baseURL: slack.apiURL, botToken: slack.botToken, appToken: slack.appToken)
            let gateway = SlackGateway(api: api, handler: CommandHandler(library: library, settings: settings.handler)) { [logger] line in
                logger.info("\(line)")
            }
            logger.info("Slack gateway starting.", metadata: ["api": "\(slack.apiURL)"])
            services.append(.init(service: SlackService(gateway: gateway), serviceName: "slack"))
            output = .slack(api)
        } else {
            logger.info("Console started on the terminal.", metadata: ["database": "\(settings.databasePath)"])
            services.append(.init(service: ConsoleService(console: Console(settings: settings, senderName: nil), library: library),
                                  successTerminationBehavior: .gracefullyShutdownGroup, serviceName: "console"))
            output = .console
        }
        services.append(.init(service: SchedulerService(settings: settings, library: library, output: output, logger: logger),
                              successTerminationBehavior: .gracefullyShutdownGroup, serviceName: "scheduler"))
        var configuration = ServiceGroupConfiguration(services: services, gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        // Past this, what is still running is cancelled: the process ends within 5 seconds.
        configuration.maximumGracefulShutdownDuration = .seconds(4)
        try await ServiceGroup(configuration: configuration).run()
    }
}
