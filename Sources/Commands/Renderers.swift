import Foundation

/// The console's rendering: plain text, commands in backquotes.
public enum PlainRenderer {
    public static func render(_ reply: Reply) -> String {
        var lines = [reply.title.description]
        lines += reply.lines.map { "  " + $0.description }
        lines += reply.fields.map { "  \($0.name): \($0.value.description)" }
        if let suggestion = reply.suggestion {
            lines.append("  " + reply.language.pick("Try: ", "Essayez : ") + "`\(suggestion)`")
        }
        return lines.joined(separator: "\n")
    }
}

/// Slack: mrkdwn text and Block Kit blocks, with a plain-text fallback.
/// Slack has no escape for `*`, `_`, `~` and `` ` ``, so in user text each is followed by a
/// zero-width space, which stops it from pairing; `&`, `<` and `>` become entities, so
/// `<!channel>` or `<@U123>` in a title is shown, never acted on.
public enum SlackRenderer {
    public struct Message: Encodable, Sendable, Hashable {
        public var text: String
        public var blocks: [Block]
    }

    public struct Block: Encodable, Sendable, Hashable {
        public var type: String
        public var text: TextObject?
        public var fields: [TextObject]?
        public var elements: [Element]?
    }

    /// An element of a context block (text) or of an actions block (a button).
    public enum Element: Encodable, Sendable, Hashable {
        case text(TextObject)
        case button(text: String, actionID: String, value: String, style: String?)

        public func encode(to encoder: any Encoder) throws {
            switch self {
            case .text(let object):
                try object.encode(to: encoder)
            case .button(let text, let actionID, let value, let style):
                struct Button: Encodable {
                    var type = "button"
                    var text: TextObject
                    var action_id: String
                    var value: String
                    var style: String?
                }
                try Button(text: TextObject(type: "plain_text", text: text), action_id: actionID, value: value, style: style).encode(to: encoder)
            }
        }
    }

    /// The action ids of the confirmation buttons.
    public static let confirmActionID = "librarybot_confirm"
    public static let cancelActionID = "librarybot_cancel"

    public struct TextObject: Encodable, Sendable, Hashable {
        public var type: String
        public var text: String
        static func mrkdwn(_ text: String) -> TextObject { TextObject(type: "mrkdwn", text: text) }
    }

    public static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "*", "_", "~", "`": result.append(character); result += "\u{200B}"
            default: result.append(character)
            }
        }
        return result
    }

    public static func mrkdwn(_ rich: RichText) -> String {
        rich.spans.map { span in
            switch span {
            case .text(let text): escape(text)
            case .bold(let text): "*\(escape(text))*"
            case .code(let text): "`\(escape(text.replacingOccurrences(of: "`", with: "\u{02CB}")))`"
            }
        }.joined()
    }

    public static func render(_ reply: Reply) -> Message {
        var blocks = [Block(type: "section", text: .mrkdwn(mrkdwn(reply.title)))]
        if !reply.lines.isEmpty {
            blocks.append(Block(type: "section", text: .mrkdwn(reply.lines.map(mrkdwn).joined(separator: "\n"))))
        }
        if !reply.fields.isEmpty {
            // Block Kit allows at most 10 fields per section.
            for chunk in stride(from: 0, to: reply.fields.count, by: 10) {
                let fields = reply.fields[chunk..<min(chunk + 10, reply.fields.count)]
                blocks.append(Block(type: "section", fields: fields.map { .mrkdwn("*\(escape($0.name))*\n\(mrkdwn($0.value))") }))
            }
        }
        if let suggestion = reply.suggestion {
            blocks.append(Block(type: "context", elements: [.text(.mrkdwn(reply.language.pick("Try", "Essayez") + " " + mrkdwn("\(code: suggestion)")))]))
        }
        if reply.kind == .confirmation {
            blocks.append(Block(type: "actions", elements: [
                .button(text: reply.language.pick("Yes", "Oui"), actionID: confirmActionID, value: "yes", style: "danger"),
                .button(text: reply.language.pick("Cancel", "Annuler"), actionID: cancelActionID, value: "cancel", style: nil),
            ]))
        }
        // Slack reads the fallback text for mentions too, so it gets the same entities.
        let fallback = PlainRenderer.render(reply).replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
        return Message(text: fallback, blocks: blocks)
    }
}

/// Discord: markdown content and an embed, mentions neutralized.
/// Markdown characters in user text get a backslash; `@everyone` and `@here` get a zero-width
/// space after the `@`; `<@…>`, `<#…>` and `<@&…>` lose their meaning through an escaped `<`.
/// The gateway also sends `allowed_mentions: {"parse": []}`, so a ping is blocked twice.
public enum DiscordRenderer {
    public struct Message: Encodable, Sendable, Hashable {
        public var content: String
        public var embeds: [Embed]
        /// The Yes / Cancel buttons of a confirmation request; `[]` removes earlier ones.
        public var components: [ActionRow]?
    }

    /// A row of message components (https://discord.com/developers/docs/components/reference).
    public struct ActionRow: Encodable, Sendable, Hashable {
        public var type = 1
        public var components: [Button]
    }

    public struct Button: Encodable, Sendable, Hashable {
        public var type = 2
        /// 2 secondary, 4 danger.
        public var style: Int
        public var label: String
        public var custom_id: String
    }

    /// The custom ids of the confirmation buttons (the same as Slack's action ids).
    public static let confirmID = SlackRenderer.confirmActionID
    public static let cancelID = SlackRenderer.cancelActionID

    public struct Embed: Encodable, Sendable, Hashable {
        public var title: String
        public var description: String?
        public var color: Int
        public var fields: [EmbedField]?
        public var footer: Footer?
    }

    public struct EmbedField: Encodable, Sendable, Hashable {
        public var name: String
        public var value: String
        public var inline: Bool
    }

    public struct Footer: Encodable, Sendable, Hashable {
        public var text: String
    }

    public static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\\", "*", "_", "~", "`", "|", ">", "<", "#", "[", "]", "(", ")", "-", ":":
                result += "\\" + String(character)
            case "@":
                result += "@\u{200B}"
            default:
                result.append(character)
            }
        }
        return result
    }

    public static func markdown(_ rich: RichText) -> String {
        rich.spans.map { span in
            switch span {
            case .text(let text): escape(text)
            case .bold(let text): "**\(escape(text))**"
            case .code(let text): "`\(text.replacingOccurrences(of: "`", with: "\u{02CB}").replacingOccurrences(of: "@", with: "@\u{200B}"))`"
            }
        }.joined()
    }

    static func color(_ kind: Reply.Kind) -> Int {
        switch kind {
        case .success: 0x2E_A0_43
        case .info: 0x58_65_F2
        case .error: 0xD9_3F_0B
        case .confirmation: 0xF0_B2_32
        }
    }

    public static func render(_ reply: Reply) -> Message {
        let suggestion = reply.suggestion.map { reply.language.pick("Try: ", "Essayez : ") + $0.replacingOccurrences(of: "@", with: "@\u{200B}") }
        let embed = Embed(
            title: String(markdown(reply.title).prefix(256)),
            description: reply.lines.isEmpty ? nil : String(reply.lines.map(markdown).joined(separator: "\n").prefix(4096)),
            color: color(reply.kind),
            fields: reply.fields.isEmpty ? nil : reply.fields.prefix(25).map {
                EmbedField(name: String(escape($0.name).prefix(256)), value: String(markdown($0.value).prefix(1024)), inline: true)
            },
            footer: suggestion.map(Footer.init))
        var content = [markdown(reply.title)] + reply.lines.map(markdown)
        content += reply.fields.map { "**\(escape($0.name))**: \(markdown($0.value))" }
        if let suggestion = reply.suggestion { content.append(reply.language.pick("Try", "Essayez") + " " + markdown("\(code: suggestion)")) }
        let buttons = reply.kind != .confirmation ? nil : [ActionRow(components: [
            Button(style: 4, label: reply.language.pick("Yes", "Oui"), custom_id: confirmID),
            Button(style: 2, label: reply.language.pick("Cancel", "Annuler"), custom_id: cancelID),
        ])]
        return Message(content: String(content.joined(separator: "\n").prefix(2000)), embeds: [embed], components: buttons)
    }
}

extension Encodable {
    /// The value as compact JSON with sorted keys.
    public func jsonString() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
