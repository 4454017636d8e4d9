import ArgumentParser

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

/// `librarybot run`: every enabled gateway; the console while none exists.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the bot (the default command).",
        discussion: "Chat gateways are not built yet, so this runs the console on the terminal.")

    @OptionGroup var options: CommonOptions

    func run() async throws {
        try await Console(settings: try await options.loadSettings(), senderName: nil).run()
    }
}
