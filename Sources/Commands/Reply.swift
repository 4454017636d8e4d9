import Foundation
import LibraryCore

/// Text whose pieces a renderer formats and escapes for its platform: plain words, **bold**
/// words and `code` (a command to type). Whatever a user typed goes in as a piece, never as
/// markup, so a title cannot ping anyone or break the formatting.
public struct RichText: Sendable, Hashable, ExpressibleByStringInterpolation, CustomStringConvertible {
    public enum Span: Sendable, Hashable {
        case text(String), bold(String), code(String)
    }

    public var spans: [Span]

    public init(spans: [Span]) { self.spans = spans }
    /// One of the bot's own sentences, with commands between backticks as `code`. Never for
    /// what a user typed: that goes in as a piece, so that its backticks stay plain.
    init(markup: String) {
        spans = markup.split(separator: "`", omittingEmptySubsequences: false).enumerated().compactMap { index, piece in
            piece.isEmpty ? nil : index.isMultiple(of: 2) ? .text(String(piece)) : .code(String(piece))
        }
    }
    /// `lines`, one under the other.
    public init(lines: [RichText]) {
        spans = lines.enumerated().flatMap { index, line in index == 0 ? line.spans : [.text("\n")] + line.spans }
    }
    public init(stringLiteral value: String) { spans = [.text(value)] }
    public init(stringInterpolation: StringInterpolation) { spans = stringInterpolation.spans }

    public struct StringInterpolation: StringInterpolationProtocol {
        var spans: [Span] = []
        public init(literalCapacity: Int, interpolationCount: Int) {}
        public mutating func appendLiteral(_ literal: String) {
            var literal = Substring(literal)
            // A French date ends with an abbreviation's dot ("3 déc."): no second dot after it.
            if literal.hasPrefix("."), case .text(let previous)? = spans.last, previous.hasSuffix(".") { literal = literal.dropFirst() }
            if !literal.isEmpty { spans.append(.text(String(literal))) }
        }
        public mutating func appendInterpolation(_ text: String) {
            // Nothing to add; an empty span would also hide a date's dot from the next literal.
            if !text.isEmpty { spans.append(.text(text)) }
        }
        public mutating func appendInterpolation<Number: BinaryInteger>(_ number: Number) { spans.append(.text(String(number))) }
        public mutating func appendInterpolation(bold text: String) { spans.append(.bold(text)) }
        public mutating func appendInterpolation(code text: String) { spans.append(.code(text)) }
        public mutating func appendInterpolation(_ rich: RichText) { spans += rich.spans }
    }

    /// The text cut at its line breaks.
    public var lines: [RichText] {
        var lines = [RichText(spans: [])]
        for span in spans {
            guard case .text(let text) = span, text.contains("\n") else {
                lines[lines.count - 1].spans.append(span)
                continue
            }
            for (index, piece) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if index > 0 { lines.append(RichText(spans: [])) }
                if !piece.isEmpty { lines[lines.count - 1].spans.append(.text(String(piece))) }
            }
        }
        return lines
    }

    /// The words without any formatting.
    public var description: String {
        spans.map { span in
            switch span {
            case .text(let text), .bold(let text): text
            case .code(let text): "`\(text)`"
            }
        }.joined()
    }
}

/// The answer to one command, before it is rendered for a platform.
public struct Reply: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case success, info, error, confirmation
    }

    public struct Field: Sendable, Hashable {
        public var name: String
        public var value: RichText
        public init(_ name: String, _ value: RichText) {
            self.name = name
            self.value = value
        }
    }

    public var kind: Kind
    public var title: RichText
    public var lines: [RichText]
    public var fields: [Field]
    /// A command worth typing next, such as `hold Dune`.
    public var suggestion: String?
    public var language: Language
    /// Messages for other members that the outcome concerns (the first in line for a book that
    /// came back), sent to each directly where the platform can reach them.
    public var notices: [Notice] = []
    /// Buttons for what the member may want to do next, each running a command as if its
    /// presser typed it (`renew #12`): on a reminder or a book kept for a member, on a "Did you
    /// mean `checkout Emma`?" and on a "which one?", where the platform has buttons. The
    /// console shows none.
    public var actions: [Action] = []

    public struct Action: Sendable, Hashable {
        public var label: String
        public var command: String
        public init(label: String, command: String) {
            self.label = label
            self.command = command
        }
    }

    public init(_ kind: Kind, _ title: RichText, lines: [RichText] = [], fields: [Field] = [],
                suggestion: String? = nil, language: Language) {
        self.kind = kind
        self.title = title
        self.lines = lines
        self.fields = fields
        self.suggestion = suggestion
        self.language = language
    }
}

/// A message for a member other than the one who typed the command.
public struct Notice: Sendable, Hashable {
    public var to: Borrower
    public var reply: Reply

    public init(to: Borrower, reply: Reply) {
        self.to = to
        self.reply = reply
    }
}
