import Foundation

/// A message's text as Slack sends it (https://docs.slack.dev/messaging/formatting-message-text):
/// `&`, `<` and `>` typed by the member arrive as `&amp;`, `&lt;` and `&gt;`, and `<…>` marks a
/// mention, a channel or a link. `plain` is the text as the member typed it, with each user
/// mention kept as `<@ID>` for the gateway to resolve.
struct SlackText {
    /// The text with entities decoded: a user as `<@U123>` (its `|name` dropped), a channel
    /// as `#name`, `@here` / `@channel` / `@everyone`, a user group or a link as its label (a
    /// link without one as its address).
    let plain: String
    /// The users mentioned, in order: their id and the name the token carried, if any.
    let users: [(id: String, label: String?)]

    init(_ text: String) {
        var plain = "", users: [(id: String, label: String?)] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "<") {
            plain += Self.decodeEntities(rest[..<open])
            guard let close = rest[open...].firstIndex(of: ">") else {
                rest = rest[open...]
                break
            }
            let inside = rest[rest.index(after: open)..<close]
            let bar = inside.firstIndex(of: "|")
            let target = bar.map { inside[..<$0] } ?? inside
            let label = bar.map { Self.decodeEntities(inside[inside.index(after: $0)...]) }
            switch target.first {
            case "@" where target.count > 1:
                let id = String(target.dropFirst())
                users.append((id, label.flatMap { $0.isEmpty ? nil : $0 }))
                plain += "<@\(id)>"
            case "#":
                plain += "#" + (label ?? String(target.dropFirst()))
            case "!":
                // <!here>, <!channel>, <!everyone>; <!subteam^ID|@group>, <!date^…|fallback>.
                plain += label ?? "@" + target.dropFirst()
            default:
                plain += label ?? Self.decodeEntities(target)
            }
            rest = rest[rest.index(after: close)...]
        }
        plain += Self.decodeEntities(rest)
        self.plain = plain
        self.users = users
    }

    private static func decodeEntities(_ text: Substring) -> String {
        guard text.contains("&") else { return String(text) }
        return text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
