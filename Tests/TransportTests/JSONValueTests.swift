import Foundation
import Testing
import Transport

/// The JSON reader the gateways read their frames with: checked against Foundation's parser on
/// random documents, and on what JSON does not allow.
@Suite("JSONValue")
struct JSONValueTests {
    @Test("a gateway frame: members in order, strings, numbers, literals, nesting")
    func frame() throws {
        let json = try JSONValue(parsing: #"""
            {"op": 0, "s": 42, "t": "MESSAGE_CREATE", "d": {"content": "who has \"Dune\"?\n", "type": 0,
             "author": {"id": "700000000000000001", "bot": false}, "member": {"nick": null}, "mentions": [], "x": -1.5e2}}
            """#)
        #expect(json["op"]?.int == 0)
        #expect(json["s"]?.int == 42)
        #expect(json["t"]?.string == "MESSAGE_CREATE")
        let d = try #require(json["d"])
        #expect(d["content"]?.string == "who has \"Dune\"?\n")
        #expect(d["author"]?["id"]?.string == "700000000000000001")
        #expect(d["author"]?["bot"]?.bool == false)
        #expect(d["member"]?["nick"]?.isNull == true)
        #expect(d["member"]?.isObject == true && d["mentions"]?.isObject == false && d["content"]?.isObject == false)
        #expect(d["mentions"]?.array?.isEmpty == true)
        #expect(d["x"] == .number(-150))
        #expect(d["x"]?.int == -150)
        #expect(d["missing"] == nil)
        // Asked of the wrong kind, nothing.
        #expect(json["t"]?.int == nil)
        #expect(json["op"]?.string == nil)
        #expect(json["d"]?["content"]?["x"] == nil)
        guard case .object(let members) = json else { Issue.record("not an object"); return }
        #expect(members.map(\.key) == ["op", "s", "t", "d"])
    }

    @Test("escapes: the short ones, \\u, surrogate pairs; a lone surrogate is U+FFFD")
    func escapes() throws {
        #expect(try JSONValue(parsing: #""\"\\\/\b\f\n\r\t""#) == .string("\"\\/\u{8}\u{C}\n\r\t"))
        #expect(try JSONValue(parsing: #""caf\u00e9 \u00C9t\u00e9""#) == .string("café Été"))
        #expect(try JSONValue(parsing: #""\ud83d\udcda books""#) == .string("📚 books"))
        #expect(try JSONValue(parsing: #""a\ud800b""#) == .string("a\u{FFFD}b"))
        #expect(try JSONValue(parsing: #""a\udc00b""#) == .string("a\u{FFFD}b"))
        // A high surrogate followed by an escape that is not its other half: both read.
        #expect(try JSONValue(parsing: #""\ud800\u0041""#) == .string("\u{FFFD}A"))
        #expect(try JSONValue(parsing: #""\ud800\n""#) == .string("\u{FFFD}\n"))
        // Text that is not ASCII, unescaped, as it came.
        #expect(try JSONValue(parsing: "\"Les Misérables 📖\"") == .string("Les Misérables 📖"))
    }

    @Test("numbers as the RFC writes them, whole ones exactly")
    func numbers() throws {
        // Past 15 digits, the nearest Double, as Foundation reads it (2^53 + 1 is not one).
        let cases: [(String, Double)] = [
            ("0", 0), ("-0", 0), ("7", 7), ("-12", -12), ("1.5", 1.5), ("-0.25", -0.25), ("1e3", 1000), ("2E-2", 0.02),
            ("6.02e+23", 6.02e23), ("999999999999999", 999_999_999_999_999), ("-999999999999999", -999_999_999_999_999),
            ("9007199254740993", 9_007_199_254_740_992), ("123456789012345678901234567890", 1.2345678901234568e29),
        ]
        for (text, value) in cases {
            #expect(try JSONValue(parsing: text) == .number(value), "\(text)")
        }
        #expect(try JSONValue(parsing: "1700000000123").int == 1_700_000_000_123)
        #expect(try JSONValue(parsing: "2.5").int == nil)
    }

    @Test("what is not JSON throws, at the byte where it goes wrong")
    func malformed() {
        let bad = [
            "", " ", "{", "}", "[", "[1,]", "[,1]", "{\"a\":1,}", "{\"a\" 1}", "{a:1}", "{'a':1}", "{\"a\":}", "[1 2]",
            "01", "-", "+1", "1.", ".5", "1e", "1e+", "0x10", "NaN", "Infinity", "1e400", "tru", "nulll", "True",
            "\"unclosed", "\"bad \\x escape\"", "\"\\u12\"", "\"\\u12G4\"", "\"tab\there\"", "\"new\nline\"",
            "{} {}", "1 2", "[1]]", "\"a\"\"b\"", "{\"a\":1}x", "//c\n1", "[1,/*c*/2]",
        ]
        for text in bad {
            #expect(throws: JSONValue.Malformed.self, "\(text.debugDescription)") { try JSONValue(parsing: text) }
        }
        let error = #expect(throws: JSONValue.Malformed.self) { try JSONValue(parsing: "[1 2]") }
        #expect(error?.offset == 3)
        #expect(error?.description == "malformed JSON at byte 3: ',' or ']' was expected")
    }

    @Test("512 levels are read; one more throws, without exhausting the stack")
    func depth() throws {
        let deepest = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        _ = try JSONValue(parsing: deepest)
        let tooDeep = String(repeating: "{\"a\":", count: 513) + "1" + String(repeating: "}", count: 513)
        #expect(throws: JSONValue.Malformed.self) { try JSONValue(parsing: tooDeep) }
        #expect(throws: JSONValue.Malformed.self) { try JSONValue(parsing: String(repeating: "[", count: 100_000)) }
    }

    @Test("a key written twice answers with its first value")
    func duplicateKeys() throws {
        #expect(try JSONValue(parsing: #"{"a":1,"a":2}"#)["a"]?.int == 1)
    }

    /// Random documents, each made as a `JSONValue` and as the objects Foundation writes as
    /// JSON: read back, the text is the value it was made from.
    @Test("random documents written by Foundation read back as the values they were made from")
    func readsWhatFoundationWrites() throws {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["a", "é", "\"", "\\", "/", "{", "}", "[", "]", ":", ",", " ", "\n", "\u{1F4DA}", "\u{0007}", "\u{2028}", "\u{7F}"]
        func text() -> String { (0..<Int.random(in: 0...6, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined() }
        func value(depth: Int) -> (JSONValue, Any) {
            switch Int.random(in: 0..<(depth > 3 ? 5 : 7), using: &generator) {
            case 0: let string = text(); return (.string(string), string)
            case 1: let int = Int.random(in: -1_000_000_000_000...1_000_000_000_000, using: &generator); return (.number(Double(int)), int)
            case 2: let double = Double.random(in: -1e6...1e6, using: &generator); return (.number(double), double)
            case 3: let flag = Bool.random(using: &generator); return (.bool(flag), flag)
            case 4: return (.null, NSNull())
            case 5:
                let elements = (0..<Int.random(in: 0...4, using: &generator)).map { _ in value(depth: depth + 1) }
                return (.array(elements.map(\.0)), elements.map(\.1))
            default:
                var members: [String: (JSONValue, Any)] = [:]
                for _ in 0..<Int.random(in: 0...4, using: &generator) { members[text()] = value(depth: depth + 1) }
                return (.object(members.map { ($0.key, $0.value.0) }), members.mapValues(\.1))
            }
        }
        /// Objects with their members in the order of their keys (Foundation writes them in its own).
        func sorted(_ value: JSONValue) -> JSONValue {
            switch value {
            case .array(let elements): .array(elements.map(sorted))
            case .object(let members): .object(members.map { ($0.key, sorted($0.value)) }.sorted { $0.0 < $1.0 })
            default: value
            }
        }
        for _ in 0..<2_000 {
            let (expected, document) = bareOrWrapped(value(depth: 0), value(depth: 1), using: &generator)
            let text = String(decoding: try JSONSerialization.data(withJSONObject: document, options: [.fragmentsAllowed]), as: UTF8.self)
            #expect(sorted(try JSONValue(parsing: text)) == sorted(expected), "\(text)")
        }
    }

    /// A value as it is, or as the member `k` of an object.
    func bareOrWrapped(_ bare: (JSONValue, Any), _ inner: (JSONValue, Any), using generator: inout SystemRandomNumberGenerator) -> (JSONValue, Any) {
        Bool.random(using: &generator) ? bare : (.object([("k", inner.0)]), ["k": inner.1])
    }

    /// Whether `ours` is what Foundation's parser read as `theirs`.
    static func same(_ ours: JSONValue, _ theirs: Any) -> Bool {
        // Foundation gives a Boolean as an NSNumber whose type is `c` (a C char).
        func isBoolean(_ number: NSNumber) -> Bool { String(cString: number.objCType) == "c" }
        switch ours {
        case .null: return theirs is NSNull
        case .string(let text): return (theirs as? String) == text
        case .bool(let flag): return (theirs as? NSNumber).map { isBoolean($0) && $0.boolValue == flag } ?? false
        case .number(let number):
            // Foundation's reader can be an ulp off the nearest Double; ours is not.
            guard let other = theirs as? NSNumber, !isBoolean(other) else { return false }
            return abs(other.doubleValue - number) <= abs(number) * 1e-15
        case .array(let elements):
            guard let others = theirs as? [Any], others.count == elements.count else { return false }
            return zip(elements, others).allSatisfy { same($0, $1) }
        case .object(let members):
            // A key written twice: Foundation keeps one of its values, and which is its own affair.
            guard let others = theirs as? [String: Any], others.count == Set(members.map(\.key)).count else { return false }
            return others.allSatisfy { key, other in members.contains { $0.key == key && same($0.value, other) } }
        }
    }

    /// Foundation's parser also takes a comma before a closing bracket or brace; RFC 8259 does not.
    @Test("damaged documents never crash it, and what it reads, Foundation reads alike")
    func damaged() throws {
        var generator = SystemRandomNumberGenerator()
        let sample = #"{"op":0,"s":12,"t":"MESSAGE_CREATE","d":{"content":"who has \"Dune\" \u00e9?","n":[1,-2.5e3,true,false,null],"m":{}}}"#
        let bytes = Array(sample.utf8)
        let replacements = Array("{}[]\":,\\ -+.eE0123456789tfnulrsa\u{7}".utf8)
        for _ in 0..<5_000 {
            var damaged = bytes
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let at = Int.random(in: 0..<damaged.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: damaged.remove(at: at)
                case 1: damaged.insert(replacements.randomElement(using: &generator) ?? 0x20, at: at)
                default: damaged[at] = replacements.randomElement(using: &generator) ?? 0x20
                }
                if damaged.isEmpty { break }
            }
            let text = String(decoding: damaged, as: UTF8.self)
            let theirs = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
            if let ours = try? JSONValue(parsing: text) {
                #expect(theirs.map { Self.same(ours, $0) } == true, "\(text)")
            } else {
                let squeezed = text.filter { !" \n\r\t".contains($0) }
                #expect(theirs == nil || squeezed.contains(",]") || squeezed.contains(",}"), "\(text)")
            }
        }
    }
}
