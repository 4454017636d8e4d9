@testable import Commands
import Foundation
import LibraryCore
import TestSupport
import Testing

@Suite("A reply's buttons (Renew on a reminder, Check out on a book kept for you)")
struct ReplyActionsTests {
    func reply(_ actions: [Reply.Action]) -> Reply {
        var reply = Reply(.info, "Library reminder for Ana: 1 book to bring back", language: .en)
        reply.actions = actions
        return reply
    }

    @Test("on Slack, an actions block: each button's value is its command, its action id its own")
    func slack() {
        let message = SlackRenderer.render(reply([Reply.Action(label: "Renew Dune", command: "renew #1"),
                                                  Reply.Action(label: "Check out Emma", command: "checkout #2")]))
        let row = message.blocks.last
        #expect(row?.type == "actions")
        #expect(row?.elements == [
            .button(text: "Renew Dune", actionID: "librarybot_command:0", value: "renew #1", style: nil),
            .button(text: "Check out Emma", actionID: "librarybot_command:1", value: "checkout #2", style: nil),
        ])
        #expect(!SlackRenderer.render(reply([])).blocks.contains { $0.type == "actions" })
    }

    @Test("on Discord, rows of at most 5 buttons whose custom id carries the command; the console shows none")
    func discord() {
        let many = (1...12).map { Reply.Action(label: "Renew book \($0) " + String(repeating: "x", count: 90), command: "renew #\($0)") }
            + [Reply.Action(label: "Renew #1 again", command: "renew #1"),
               Reply.Action(label: "Too long", command: "renew " + String(repeating: "y", count: 90))]
        let rows = DiscordRenderer.render(reply(many)).components ?? []
        #expect(rows.map(\.components.count) == [5, 5], "10 buttons at most, 5 a row")
        let buttons = rows.flatMap(\.components)
        #expect(buttons.first?.custom_id == "librarybot_command:renew #1")
        #expect(buttons.allSatisfy { $0.label.utf16.count <= 80 && $0.custom_id.utf16.count <= 100 })
        #expect(Set(buttons.map(\.custom_id)).count == buttons.count)
        #expect(DiscordRenderer.render(reply([])).components == nil)
        #expect(!PlainRenderer.render(reply(many)).contains("Renew book"))
    }

    @Test("the member a returned book is now kept for gets a button to take it")
    func keptNotice() async throws {
        let handler = try await makeHandler()
        _ = await handler.handle(text: "checkout Dune", from: ana, at: tuesday)
        _ = await handler.handle(text: "hold Dune", from: ben, at: tuesday)
        let returned = await handler.handle(text: "return Dune", from: ana, at: tuesday)
        let notice = try #require(returned.notices.first)
        #expect(notice.to == ben.borrower)
        #expect(notice.reply.actions == [Reply.Action(label: "Check out Dune", command: "checkout #1")])
        #expect(returned.actions.isEmpty, "the one who returned it gets no button")
    }
}
