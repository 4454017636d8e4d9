/// A JSON value (RFC 8259), read from bytes in one pass into plain values, for the frames a
/// gateway reads by the thousand: Foundation's `JSONDecoder` spends most of its time in the
/// `Decodable` machinery (containers, coding paths, generic metadata), not in the bytes, and it
/// was the largest single cost of reading a chat message (19 µs for a 380-byte Discord message,
/// against 2 µs here; measured on this project's 2-core machine).
///
/// Reading is strict: one value, with nothing but whitespace around it; literals, numbers and
/// escapes as the RFC writes them; no control character unescaped in a string; at most 512
/// levels of arrays and objects. Anything else throws `JSONValue.Malformed`, never a crash.
/// An escaped UTF-16 surrogate without its other half (`"\ud800"`) is read as U+FFFD, as
/// invalid UTF-8 is: the text around it still reads.
///
/// An object keeps its members in order; a key written twice answers with its first value.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    /// Why bytes are not JSON, and where (the byte offset).
    public struct Malformed: Error, CustomStringConvertible, Equatable {
        public var reason: String
        public var offset: Int
        public var description: String { "malformed JSON at byte \(offset): \(reason)" }
    }

    /// Reads `text`, a whole JSON document.
    public init(parsing text: String) throws(Malformed) {
        var text = text
        self = try text.withUTF8 { bytes in Result { () throws(Malformed) in try JSONValue(parsing: bytes) } }.get()
    }

    /// Reads `bytes`, a whole JSON document.
    public init(parsing bytes: UnsafeBufferPointer<UInt8>) throws(Malformed) {
        var reader = JSONReader(bytes)
        reader.skipWhitespace()
        let value = try reader.value(depth: 0)
        reader.skipWhitespace()
        guard reader.index == bytes.count else { throw reader.malformed("more after the value") }
        self = value
    }

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }

    /// The value of `key` when this is an object that has it (its first, if written twice).
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The text of a string.
    public var string: String? {
        if case .string(let text) = self { text } else { nil }
    }

    /// A number that is a whole number an `Int` holds.
    public var int: Int? {
        if case .number(let number) = self { Int(exactly: number) } else { nil }
    }

    public var bool: Bool? {
        if case .bool(let value) = self { value } else { nil }
    }

    /// The elements of an array.
    public var array: [JSONValue]? {
        if case .array(let elements) = self { elements } else { nil }
    }

    public var isNull: Bool {
        if case .null = self { true } else { false }
    }

    public var isObject: Bool {
        if case .object = self { true } else { false }
    }
}

/// The recursive descent over the bytes; `index` is the next byte to read.
private struct JSONReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    static let maximumDepth = 512

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    func malformed(_ reason: String) -> JSONValue.Malformed {
        JSONValue.Malformed(reason: reason, offset: index)
    }

    var next: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): index += 1
            default: return
            }
        }
    }

    mutating func value(depth: Int) throws(JSONValue.Malformed) -> JSONValue {
        guard let byte = next else { throw malformed("a value was expected") }
        switch byte {
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw malformed("a value was expected")
        }
    }

    mutating func literal(_ word: StaticString) throws(JSONValue.Malformed) {
        let count = word.utf8CodeUnitCount
        guard bytes.count - index >= count,
              (0..<count).allSatisfy({ bytes[index + $0] == word.utf8Start[$0] }) else { throw malformed("a value was expected") }
        index += count
    }

    mutating func object(depth: Int) throws(JSONValue.Malformed) -> JSONValue {
        guard depth <= Self.maximumDepth else { throw malformed("nested too deep") }
        index += 1  // {
        var members: [(key: String, value: JSONValue)] = []
        skipWhitespace()
        if next == UInt8(ascii: "}") { index += 1; return .object(members) }
        while true {
            guard next == UInt8(ascii: "\"") else { throw malformed("a key was expected") }
            let key = try string()
            skipWhitespace()
            guard next == UInt8(ascii: ":") else { throw malformed("':' was expected") }
            index += 1
            skipWhitespace()
            members.append((key, try value(depth: depth)))
            skipWhitespace()
            switch next {
            case UInt8(ascii: ","): index += 1; skipWhitespace()
            case UInt8(ascii: "}"): index += 1; return .object(members)
            default: throw malformed("',' or '}' was expected")
            }
        }
    }

    mutating func array(depth: Int) throws(JSONValue.Malformed) -> JSONValue {
        guard depth <= Self.maximumDepth else { throw malformed("nested too deep") }
        index += 1  // [
        var elements: [JSONValue] = []
        skipWhitespace()
        if next == UInt8(ascii: "]") { index += 1; return .array(elements) }
        while true {
            elements.append(try value(depth: depth))
            skipWhitespace()
            switch next {
            case UInt8(ascii: ","): index += 1; skipWhitespace()
            case UInt8(ascii: "]"): index += 1; return .array(elements)
            default: throw malformed("',' or ']' was expected")
            }
        }
    }

    /// A string, from its opening quote; the bytes between escapes are copied as they are.
    mutating func string() throws(JSONValue.Malformed) -> String {
        index += 1  // "
        let start = index
        // The common case: no escape, so the text is the bytes between the quotes.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index - 1]), as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") { break }
            guard byte >= 0x20 else { throw malformed("a control character in a string") }
            index += 1
        }
        var text = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: text, as: UTF8.self)
            case UInt8(ascii: "\\"):
                index += 1
                try escape(into: &text)
            case ..<0x20:
                throw malformed("a control character in a string")
            default:
                text.append(byte)
                index += 1
            }
        }
        throw malformed("a string was not closed")
    }

    /// The escape after a backslash, appended to `text` as UTF-8.
    mutating func escape(into text: inout [UInt8]) throws(JSONValue.Malformed) {
        guard let byte = next else { throw malformed("a string was not closed") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(byte)
        case UInt8(ascii: "b"): text.append(0x08)
        case UInt8(ascii: "f"): text.append(0x0C)
        case UInt8(ascii: "n"): text.append(0x0A)
        case UInt8(ascii: "r"): text.append(0x0D)
        case UInt8(ascii: "t"): text.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = UInt32(try hexQuad())
            if (0xD800..<0xDC00).contains(scalar) {
                // A high surrogate: with the low one that should follow, one scalar.
                if bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                    let mark = index
                    index += 2
                    let low = UInt32(try hexQuad())
                    if (0xDC00..<0xE000).contains(low) {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        index = mark  // not its other half: read on its own next
                    }
                }
            }
            UTF8.encode(Unicode.Scalar(scalar) ?? "\u{FFFD}") { text.append($0) }
        default:
            index -= 1
            throw malformed("an unknown escape")
        }
    }

    mutating func hexQuad() throws(JSONValue.Malformed) -> UInt16 {
        guard bytes.count - index >= 4 else { throw malformed("four hex digits were expected") }
        var value: UInt16 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw malformed("four hex digits were expected")
            }
            value = value << 4 | UInt16(digit)
            index += 1
        }
        return value
    }

    /// A number as the RFC writes it: `-`? (`0` | [1-9][0-9]*) (`.` [0-9]+)? ([eE] [+-]? [0-9]+)?
    mutating func number() throws(JSONValue.Malformed) -> Double {
        let start = index
        var whole = true
        if next == UInt8(ascii: "-") { index += 1 }
        guard let first = next, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { throw malformed("a digit was expected") }
        index += 1
        if first != UInt8(ascii: "0") { digits() }
        if next == UInt8(ascii: ".") {
            whole = false
            index += 1
            guard digits() > 0 else { throw malformed("a digit was expected") }
        }
        if next == UInt8(ascii: "e") || next == UInt8(ascii: "E") {
            whole = false
            index += 1
            if next == UInt8(ascii: "+") || next == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw malformed("a digit was expected") }
        }
        let text = UnsafeBufferPointer(rebasing: bytes[start..<index])
        // Up to 15 digits, a whole number is exact as a Double: summed here, without a String.
        let negative = text.first == UInt8(ascii: "-")
        if whole && text.count - (negative ? 1 : 0) <= 15 {
            var value = 0
            for byte in text.dropFirst(negative ? 1 : 0) { value = value * 10 + Int(byte - UInt8(ascii: "0")) }
            return Double(negative ? -value : value)
        }
        guard let value = Double(String(decoding: text, as: UTF8.self)), value.isFinite else { throw malformed("a number out of range") }
        return value
    }

    /// Skips decimal digits; returns how many.
    @discardableResult
    mutating func digits() -> Int {
        let start = index
        while let byte = next, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
        return index - start
    }
}
