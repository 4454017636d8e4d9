import Foundation

/// The console's rendering: plain text, commands in backquotes.
public enum PlainRenderer {
    public static func render(_ reply: Reply) -> String {
        var lines = [reply.title.description]
        // A line after a blank one heads the next reply of a message of several commands
        // (`Words.oneAfterAnother`): at the margin, as the first reply's title is.
        for (index, line) in reply.lines.enumerated() {
            let heads = index > 0 && reply.lines[index - 1].spans.isEmpty
            lines.append(line.spans.isEmpty ? "" : (heads ? "" : "  ") + line.description)
        }
        // French puts a space before the colon ("Auteur : Frank Herbert").
        let colon = reply.language.pick(":", " :")
        for field in reply.fields {
            let value = field.value.description.split(separator: "\n", omittingEmptySubsequences: false)
            // A value of several lines starts under its name, indented further.
            lines += value.count == 1 ? ["  \(field.name)\(colon) \(value[0])"] : ["  \(field.name)\(colon)"] + value.map { "    " + $0 }
        }
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
    /// The action ids of a reply's buttons (`Reply.actions`) start so; the value is the command.
    public static let commandActionPrefix = "librarybot_command:"

    public struct TextObject: Encodable, Sendable, Hashable {
        public var type: String
        public var text: String
        static func mrkdwn(_ text: String) -> TextObject { TextObject(type: "mrkdwn", text: text) }
    }

    public static func escape(_ text: String) -> String {
        text.replacingScalars { scalar in
            switch scalar {
            case "&", "<", ">": entity(scalar)
            case "*", "_", "~", "`": "\(scalar)\u{200B}"
            default: nil
            }
        }
    }

    /// `&`, `<` and `>` as Slack's entities, everything else as it is.
    static func entities(_ text: String) -> String {
        text.replacingScalars(entity)
    }

    private static func entity(_ scalar: Unicode.Scalar) -> String? {
        switch scalar {
        case "&": "&amp;"
        case "<": "&lt;"
        case ">": "&gt;"
        default: nil
        }
    }

    public static func mrkdwn(_ rich: RichText) -> String {
        rich.spans.map { span in
            switch span {
            case .text(let text): escape(text)
            case .bold(let text): "*\(escape(text))*"
            case .code(let text): "`\(escape(text.replacingScalars { $0 == "`" ? "\u{02CB}" : nil }))`"
            }
        }.joined()
    }

    /// Block Kit's limits (https://api.slack.com/reference/block-kit/blocks): a message past
    /// any of them is refused with `invalid_blocks`, and the member would get no answer.
    static let maxBlocks = 50, maxSectionText = 3000, maxFieldsPerSection = 10, maxFieldText = 2000
    /// chat.postMessage truncates `text` beyond this.
    static let maxText = 40_000

    public static func render(_ reply: Reply) -> Message {
        var blocks = [Block(type: "section", text: .mrkdwn(mrkdwn(reply.title).limited(to: maxSectionText)))]
        var tail: [Block] = []
        // Block Kit allows at most 10 fields per section.
        for chunk in stride(from: 0, to: reply.fields.count, by: maxFieldsPerSection) {
            let fields = reply.fields[chunk..<min(chunk + maxFieldsPerSection, reply.fields.count)]
            tail.append(Block(type: "section", fields: fields.map { .mrkdwn("*\(escape($0.name))*\n\(mrkdwn($0.value))".limited(to: maxFieldText)) }))
        }
        if let suggestion = reply.suggestion {
            tail.append(Block(type: "context", elements: [.text(.mrkdwn((reply.language.pick("Try", "Essayez") + " " + mrkdwn("\(code: suggestion)")).limited(to: maxSectionText)))]))
        }
        if reply.kind == .confirmation {
            tail.append(Block(type: "actions", elements: [
                .button(text: reply.language.pick("Yes", "Oui"), actionID: confirmActionID, value: "yes", style: "danger"),
                .button(text: reply.language.pick("Cancel", "Annuler"), actionID: cancelActionID, value: "cancel", style: nil),
            ]))
        } else if !reply.actions.isEmpty {
            // Each button's action id is its own within the block; its value is the command.
            tail.append(Block(type: "actions", elements: reply.actions.prefix(maxActions).enumerated().map { index, action in
                .button(text: action.label.limited(to: maxButtonText), actionID: commandActionPrefix + String(index), value: action.command, style: nil)
            }))
        }
        // Long replies (a digest of many loans) take as many sections as they need, up to the
        // number of blocks a message may have.
        let sections = packLines(reply.lines.map(mrkdwn), limit: maxSectionText, pieces: maxBlocks - blocks.count - tail.count)
        blocks += sections.map { Block(type: "section", text: .mrkdwn($0)) } + tail
        // Slack reads the fallback text for mentions too, so it gets the same entities.
        return Message(text: entities(PlainRenderer.render(reply)).limited(to: maxText), blocks: blocks)
    }
}

/// Discord: the headline as the message's content (what notifications, previews and members
/// who turned embeds off see), the rest in an embed coloured by the kind of reply; Discord shows
/// both, so nothing is said twice. Mentions are neutralized.
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
    /// A reply's buttons carry their command in their custom id, after this.
    public static let commandPrefix = SlackRenderer.commandActionPrefix
    /// Discord's limits: 5 buttons a row (we use 2 rows), labels of 80 characters, custom ids of 100.
    static let maxButtonsPerRow = 5, maxActionRows = 2, maxButtonLabel = 80, maxCustomID = 100

    /// `actions` as rows of buttons, or nil when there are none; a command too long for a
    /// custom id, or already on a button, is left out.
    static func actionRows(_ actions: [Reply.Action]) -> [ActionRow]? {
        var seen = Set<String>()
        let buttons = actions.compactMap { action -> Button? in
            let id = commandPrefix + action.command
            guard id.utf16.count <= maxCustomID, seen.insert(id).inserted else { return nil }
            return Button(style: 2, label: action.label.limited(to: maxButtonLabel), custom_id: id)
        }.prefix(maxButtonsPerRow * maxActionRows)
        guard !buttons.isEmpty else { return nil }
        return stride(from: 0, to: buttons.count, by: maxButtonsPerRow).map { start in
            ActionRow(components: Array(buttons.dropFirst(start).prefix(maxButtonsPerRow)))
        }
    }

    public struct Embed: Encodable, Sendable, Hashable {
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
        text.replacingScalars { scalar in
            switch scalar {
            case "\\", "*", "_", "~", "`", "|", ">", "<", "#", "[", "]", "(", ")", "-", ":": "\\\(scalar)"
            case "@": "@\u{200B}"
            default: nil
            }
        }
    }

    /// A code span's text: a backquote cannot end it early, and `@` pings nobody.
    private static func codeText(_ text: String) -> String {
        text.replacingScalars { scalar in
            switch scalar {
            case "`": "\u{02CB}"
            case "@": "@\u{200B}"
            default: nil
            }
        }
    }

    public static func markdown(_ rich: RichText) -> String {
        rich.spans.map { span in
            switch span {
            case .text(let text): escape(text)
            case .bold(let text): "**\(escape(text))**"
            case .code(let text): "`\(codeText(text))`"
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

    /// Discord's limits (https://discord.com/developers/docs/resources/message#embed-object-embed-limits):
    /// past any of them the message is refused with a 400, and the member would get no answer.
    static let maxContent = 2000, maxDescription = 4096, maxFields = 25,
               maxFieldName = 256, maxFieldValue = 1024, maxFooter = 2048, maxEmbedTotal = 6000

    /// At most this many messages for one reply; past them, the last says how many lines are left out.
    public static let maxMessages = 5

    /// The reply as one message (where only one can go: a button's update).
    public static func render(_ reply: Reply) -> Message {
        messages(reply, atMost: 1)[0]
    }

    /// The reply as Discord messages: one, or for a reply too long for one embed (a big
    /// digest) up to `atMost`, its lines continuing in the embeds of the next ones, cut between
    /// lines. The headline and the fields open the first; the suggestion closes the last.
    public static func messages(_ reply: Reply, atMost count: Int = maxMessages) -> [Message] {
        let headline = markdown(reply.title).limited(to: maxContent)
        let suggestion = reply.suggestion.map { reply.language.pick("Try: ", "Essayez : ") + $0.replacingScalars { $0 == "@" ? "@\u{200B}" : nil } }
        let footer = suggestion.map { Footer(text: $0.limited(to: maxFooter)) }
        var fields = reply.fields.prefix(maxFields).map {
            EmbedField(name: escape($0.name).limited(to: maxFieldName), value: markdown($0.value).limited(to: maxFieldValue), inline: true)
        }
        // An embed's text together may not pass 6,000: fields go first, then the descriptions shrink.
        func size(_ fields: [EmbedField]) -> Int { fields.reduce(0) { $0 + $1.name.utf16.count + $1.value.utf16.count } }
        let fixed = footer?.text.utf16.count ?? 0
        while !fields.isEmpty, fixed + size(fields) > maxEmbedTotal { fields.removeLast() }
        let descriptionLimit = min(maxDescription, maxEmbedTotal - fixed - size(fields))
        let descriptions = packLines(reply.lines.map(markdown), limit: descriptionLimit, pieces: max(1, count))
        let buttons = reply.kind == .confirmation ? [ActionRow(components: [
            Button(style: 4, label: reply.language.pick("Yes", "Oui"), custom_id: confirmID),
            Button(style: 2, label: reply.language.pick("Cancel", "Annuler"), custom_id: cancelID),
        ])] : actionRows(reply.actions)
        let pieces = max(1, descriptions.count)
        return (0..<pieces).map { index in
            let first = index == 0, last = index == pieces - 1
            let description = descriptions.indices.contains(index) ? descriptions[index] : nil
            let embedFields = first && !fields.isEmpty ? fields : nil
            let embedFooter = last ? footer : nil
            let embeds = description == nil && embedFields == nil && embedFooter == nil ? [] : [
                Embed(description: description, color: color(reply.kind), fields: embedFields, footer: embedFooter),
            ]
            return Message(content: first ? headline : "", embeds: embeds, components: first ? buttons : nil)
        }
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

extension String {
    /// The text with some Unicode scalars replaced (`nil`: kept as is). Escaping works on
    /// scalars rather than characters, because platforms parse code points: a combining mark
    /// after `<` makes one `Character` of the two, and must not hide the `<`.
    func replacingScalars(_ replacement: (Unicode.Scalar) -> String?) -> String {
        var result = ""
        result.reserveCapacity(utf8.count)
        for scalar in unicodeScalars {
            if let replaced = replacement(scalar) {
                result += replaced
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

extension String {
    /// At most `limit` UTF-16 code units, the strictest way the platforms count a length, cut
    /// at a character boundary and ending in "…" when something was cut.
    func limited(to limit: Int) -> String {
        guard utf16.count > limit else { return self }
        guard limit > 0 else { return "" }
        var kept = 0
        var end = startIndex
        for character in self {
            let width = character.utf16.count
            if kept + width > limit - 1 { break }
            kept += width
            end = index(after: end)
        }
        return self[..<end] + "…"
    }
}

/// `lines` joined with newlines into at most `pieces` texts of at most `limit` UTF-16 code units
/// each, cut only between lines (a line longer than `limit` is shortened). When the lines do not
/// all fit, the last text ends with "… (+N)", N the number of lines left out.
func packLines(_ lines: [String], limit: Int, pieces: Int) -> [String] {
    guard !lines.isEmpty, pieces > 0, limit > 0 else { return [] }
    var packed: [String] = [], current: [String] = [], used = 0
    for (index, line) in lines.enumerated() {
        let line = line.limited(to: limit)
        let width = line.utf16.count + (current.isEmpty ? 0 : 1)
        if used + width <= limit {
            current.append(line)
            used += width
        } else if packed.count + 1 < pieces {
            packed.append(current.joined(separator: "\n"))
            current = [line]
            used = line.utf16.count
        } else {
            // Out of room: say how many lines are missing, dropping lines to make space for it.
            var left = lines.count - index
            while !current.isEmpty, used + "\n… (+\(left))".utf16.count > limit {
                used -= current.removeLast().utf16.count + (current.isEmpty ? 0 : 1)
                left += 1
            }
            packed.append((current + ["… (+\(left))"]).joined(separator: "\n").limited(to: limit))
            return packed
        }
    }
    packed.append(current.joined(separator: "\n"))
    return packed
}

// MARK: - Slack's Home tab

extension SlackRenderer {
    /// A Home tab view (https://docs.slack.dev/reference/views/home-tab-views), for `views.publish`.
    public struct HomeView: Encodable, Sendable, Hashable {
        public var type = "home"
        public var blocks: [Block]
    }

    /// A Home view may hold 100 blocks, an actions block 25 elements, a button's text 75 characters.
    static let maxHomeBlocks = 100, maxActions = 25, maxButtonText = 75
    /// Every Home button's action id starts so; the rest says what it does.
    public static let homeActionPrefix = "librarybot_home:"

    /// The member's Home tab: the outcome of the button they last pressed (if any), their books
    /// and lines (the `my books` reply), a button for each thing they can do with them (its
    /// command as typed: `return #12`), and a footer (how the shelf stands, how to ask for more).
    public static func home(outcome: Reply?, books: Reply, buttons: [Reply.Action], footer: RichText) -> HomeView {
        let pressable = Array(buttons.prefix(maxActions * 4))
        let rows = stride(from: 0, to: pressable.count, by: maxActions).map { start in
            Block(type: "actions", elements: pressable[start..<min(start + maxActions, pressable.count)].map { button in
                // The action id carries the command, which keeps it unique within its block; the
                // value is the command itself, sent back unchanged when the button is pressed.
                .button(text: button.label.limited(to: maxButtonText), actionID: homeActionPrefix + button.command,
                        value: button.command, style: nil)
            })
        }
        let closing = [Block(type: "divider"), Block(type: "context", elements: [.text(.mrkdwn(mrkdwn(footer).limited(to: maxSectionText)))])]
        // What the last button did takes at most 10 blocks, the books what is left of the 100.
        let said = outcome.map { Array(render($0).blocks.filter { $0.type != "actions" }.prefix(9)) + [Block(type: "divider")] } ?? []
        let room = maxHomeBlocks - said.count - rows.count - closing.count
        return HomeView(blocks: said + Array(render(books).blocks.prefix(room)) + rows + closing)
    }
}
