import ArgumentParser

/// The `librarybot` command: the SWAG committee's shared shelf, in team chat and the terminal.
@main
struct LibraryBot: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "librarybot",
        abstract: "The SWAG committee's library: books, loans and holds, from team chat or the terminal.",
        subcommands: [BooksCommand.self]
    )
}

/// Options every command that touches the library shares.
struct StoreOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The SQLite database file; created with its folder if missing.", valueName: "path"))
    var database: String = "data/library.sqlite"
}
