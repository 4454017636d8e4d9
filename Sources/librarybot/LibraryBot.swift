import ArgumentParser
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
            Runs the scheduler (daily reminders and digest) and, while no chat gateway is enabled, the console \
            on the terminal, where scheduled messages are printed too. SIGTERM or SIGINT shuts down gracefully \
            (exit 0); the end of the console's input does too.
            """)

    @OptionGroup var options: CommonOptions

    func run() async throws {
        let settings = try await options.loadSettings()
        LoggingSystem.bootstrap { StreamLogHandler.standardError(label: $0) }
        let logger = Logger(label: "librarybot")
        // One database for the whole process, shared by every service.
        let library = try settings.openLibrary()
        logger.info("Console started on the terminal.", metadata: ["database": "\(settings.databasePath)"])
        var configuration = ServiceGroupConfiguration(
            services: [
                .init(service: ConsoleService(console: Console(settings: settings, senderName: nil), library: library),
                      successTerminationBehavior: .gracefullyShutdownGroup, serviceName: "console"),
                .init(service: SchedulerService(settings: settings, library: library, logger: logger),
                      successTerminationBehavior: .gracefullyShutdownGroup, serviceName: "scheduler"),
            ],
            gracefulShutdownSignals: [.sigterm, .sigint],
            logger: logger)
        // Past this, what is still running is cancelled: the process ends within 5 seconds.
        configuration.maximumGracefulShutdownDuration = .seconds(4)
        try await ServiceGroup(configuration: configuration).run()
    }
}
