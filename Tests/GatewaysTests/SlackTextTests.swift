@testable import Gateways
import Testing

@Suite("SlackText: a message's text as the member typed it")
struct SlackTextTests {
    @Test("entities are decoded, once")
    func entities() {
        #expect(SlackText("Pride &amp; Prejudice &lt;2nd&gt;").plain == "Pride & Prejudice <2nd>")
        // The member typed "&lt;" literally: Slack sends "&amp;lt;".
        #expect(SlackText("R&amp;D &amp;lt;x&amp;gt;").plain == "R&D &lt;x&gt;")
        #expect(SlackText("who has Dune").plain == "who has Dune")
    }

    @Test("user mentions stay <@ID> tokens, with their label as a fallback name; other markup reads as shown")
    func markup() {
        let text = SlackText("<@U-BOT> checkout Dune as <@U-BEN|ben> for <#C1|library> <!here> <https://x.test/a?b=1&amp;c=2|the list> <mailto:a@b.c> <!subteam^S1|@admins>")
        #expect(text.plain == "<@U-BOT> checkout Dune as <@U-BEN> for #library @here the list mailto:a@b.c @admins")
        #expect(text.users.map(\.id) == ["U-BOT", "U-BEN"])
        #expect(text.users.map(\.label) == [nil, "ben"])
    }

    @Test("a lone < (never sent by Slack, which escapes it) is kept as it is")
    func unterminated() {
        #expect(SlackText("a <b").plain == "a <b")
        #expect(SlackText("<@U1").users.isEmpty)
        #expect(SlackText("as <@>").users.isEmpty)
    }
}
