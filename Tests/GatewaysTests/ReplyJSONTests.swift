import Commands
import Foundation
import LibraryCore
import TestSupport
import Testing

@Suite("The replies sent to Slack and Discord, written by StreamingJSONEncoder")
struct ReplyJSONTests {
    /// Replies of every shape: a status, lists, help, an error with suggestions, a
    /// confirmation with buttons, a reminder's Renew button, French, and titles and names
    /// full of characters JSON must escape.
    func replies() async throws -> [Reply] {
        let library = LibraryService(database: try LibraryDatabase.inMemory())
        let now = utc("2026-11-25 10:00:00")
        try await library.add([NewBook(title: "Dune", author: "Frank Herbert"),
                               NewBook(title: #"The "Quoted" \ Book"#, author: "Ann\tTab\nNewline"),
                               NewBook(title: "👩🏽‍🚀 Project Hail Mary </script>", author: "Andy Weir")], at: now)
        let handler = CommandHandler(library: library)
        let ana = Sender(name: "Ana", userID: "U-ANA", isOperator: true)
        let ben = Sender(name: "Ben \u{1} <!channel>", userID: "U-BEN")
        var replies: [Reply] = []
        for (text, sender) in [("who has Dune", ana), ("checkout Dune", ana), ("hold Dune", ben), ("my books", ana),
                               ("checkout \"Quoted\"", ben), ("list", ana), ("help", ana), ("checkout Dnue", ben),
                               ("delete Dune", ana), ("qui a Dune ?", ben), ("history", ana), ("return Dune", ana),
                               ("who has 👩🏽‍🚀", ben), ("search weir", ana)] {
            replies.append(await handler.handle(text: text, from: sender, at: now))
        }
        var reminder = Reply(.info, "Library reminder for Ana: 1 book to bring back", language: .en)
        reminder.actions = [Reply.Action(label: "Renew Dune", command: "renew #1")]
        replies.append(reminder)
        return replies
    }

    @Test("every Slack and Discord reply reads the same as Foundation's JSONEncoder wrote it")
    func sameAsFoundation() async throws {
        let replies = try await replies()
        for reply in replies {
            let slack = try bothEncodings(SlackRenderer.render(reply))
            #expect(slack.ours == slack.foundation)
            for message in DiscordRenderer.messages(reply) {
                let discord = try bothEncodings(message)
                #expect(discord.ours == discord.foundation)
            }
        }
        let home = SlackRenderer.home(outcome: replies[1], books: replies[3], buttons: replies.last?.actions ?? [], footer: "2 of 3 books on the shelf.")
        let json = try bothEncodings(home)
        #expect(json.ours == json.foundation)
        // The replies did carry what needed escaping.
        #expect(replies.contains { SlackRenderer.render($0).text.contains(#"""#) })
    }
}
