import Foundation
import TestSupport
import Testing
import Transport

/// Both encoders' JSON, as a reader gets it, must be the same.
func expectSame<Value: Encodable>(_ value: Value, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let json = try bothEncodings(value)
    #expect(json.ours == json.foundation, sourceLocation: sourceLocation)
}

@Suite("StreamingJSONEncoder writes the JSON Foundation's JSONEncoder writes")
struct StreamingJSONEncoderTests {
    struct Block: Codable, Equatable {
        var type: String
        var text: String?
        var fields: [String]?
        var accessory: Accessory?
    }

    struct Accessory: Codable, Equatable {
        var action_id: String
        var style: String?
        var confirm: [String: String]?
    }

    @Test("nested structs, arrays, optionals left out, and the order of keys kept")
    func nested() throws {
        let blocks = [
            Block(type: "section", text: "*Dune* is on the shelf", fields: ["a", "b"], accessory: Accessory(action_id: "renew", style: nil, confirm: ["title": "Sure?"])),
            Block(type: "divider", text: nil, fields: [], accessory: nil),
        ]
        try expectSame(blocks)
        let written = String(decoding: try StreamingJSONEncoder().encode(blocks[1]), as: UTF8.self)
        #expect(written == #"{"type":"divider","fields":[]}"#)
        #expect(try JSONDecoder().decode([Block].self, from: StreamingJSONEncoder().encode(blocks)) == blocks)
    }

    @Test("titles and names with quotes, backslashes, control characters, emoji and other scripts")
    func strings() throws {
        let controls = String(decoding: (0..<0x20).map { UInt8($0) }, as: UTF8.self)
        let texts = ["", "Dune", #"The "Hobbit" \ back"#, "a/b </script>", controls, "line\nbreak\ttab\r",
                     "Les Misérables", "東京物語", "👩🏽‍🚀 Hail Mary", "e\u{301}", "\u{2028}\u{2029}", "<!channel> @everyone"]
        for text in texts {
            try expectSame(text)
            try expectSame(["title": text, text: "key"])
            #expect(try JSONDecoder().decode(String.self, from: StreamingJSONEncoder().encode(text)) == text)
        }
        #expect(String(decoding: try StreamingJSONEncoder().encode("\u{0}\u{1F}\"\\/é"), as: UTF8.self) == #""\u0000\u001f\"\\/é""#)
    }

    @Test("numbers of every kind, whole and fractional")
    func numbers() throws {
        struct Numbers: Codable {
            var int = Int.min, int8 = Int8.max, int16 = Int16.min, int32 = Int32.max, int64 = Int64.min
            var uint = UInt.max, uint8 = UInt8.max, uint16 = UInt16.max, uint32 = UInt32.max, uint64 = UInt64.max
            var whole = 2.0, small = 0.1, tiny = 1e-7, huge = 1.5e300, negative = -0.25, float: Float = 0.1
            var color = 0x2ECC71
            var flags = [true, false]
            var nothing: Int? = nil
        }
        try expectSame(Numbers())
        try expectSame([0.1, 2, -3.5e-12])
        try expectSame([Int64.max, Int64.min])
    }

    @Test("a number JSON cannot write is refused, as Foundation refuses it")
    func nonFinite() {
        for number in [Double.nan, .infinity, -.infinity] {
            #expect(throws: EncodingError.self) { try StreamingJSONEncoder().encode(["ratio": number]) }
            #expect(throws: EncodingError.self) { try StreamingJSONEncoder().encode(number) }
        }
    }

    @Test("Data, URL, Date and Decimal as Foundation writes them, alone and in a struct")
    func foundationTypes() throws {
        struct Mixed: Codable {
            var data = Data([0, 1, 2, 250, 255])
            var url = URL(string: "https://slack.com/api/chat.postMessage?x=1")
            var date = Date(timeIntervalSinceReferenceDate: 1234.5)
            var decimal = Decimal(string: "3.14")
        }
        try expectSame(Mixed())
        try expectSame([Data("Dune".utf8)])
        try expectSame(URL(string: "https://example.com/a b"))
    }

    @Test("dictionaries keyed by text and by number, nested optionals and empty values")
    func collections() throws {
        try expectSame(["b": [1, 2], "a": []])
        try expectSame([3: "three", 1: "one"])
        try expectSame([[String: Int]]())
        try expectSame([[[Int]]]([[[1], []], []]))
        struct Optionals: Codable { var some: Int?? = .some(nil); var value: String?? = "x"; var list: [Int?] = [1, nil, 3] }
        try expectSame(Optionals())
        struct Empty: Codable {}
        try expectSame(Empty())
        try expectSame([Empty(), Empty()])
    }

    /// Hand-written `encode(to:)` shapes: nested containers (left open while the parent goes
    /// on), a single value wrapping a struct, `super` encoders, and a value that writes nothing.
    struct Handwritten: Encodable {
        enum Keys: String, CodingKey { case kind, text, element, items, parent, again, nothing }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode("mrkdwn", forKey: .kind)
            var element = container.nestedContainer(keyedBy: Keys.self, forKey: .element)
            try element.encode("inner", forKey: .text)
            var items = element.nestedUnkeyedContainer(forKey: .items)
            try items.encode(1)
            var pair = items.nestedUnkeyedContainer()
            try pair.encode("a")
            try pair.encodeNil()
            var object = items.nestedContainer(keyedBy: Keys.self)
            try object.encode(true, forKey: .kind)
            try items.encode(Wrapper(inner: Accessory(action_id: "x", style: "primary", confirm: nil)))
            // Back to the outer container while the nested ones are still open.
            try container.encode("after", forKey: .text)
            try Accessory(action_id: "parent", style: nil, confirm: nil).encode(to: container.superEncoder(forKey: .parent))
            try container.encode(Nothing(), forKey: .nothing)
            _ = container.superEncoder()
            var same = encoder.container(keyedBy: Keys.self)
            try same.encode(2, forKey: .again)
        }
    }

    struct Wrapper: Encodable {
        var inner: Accessory
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(inner)
        }
    }

    struct Nothing: Encodable {
        func encode(to encoder: any Encoder) throws {}
    }

    @Test("containers nested and left open, single values, super encoders and a value with nothing in it")
    func handwritten() throws {
        try expectSame(Handwritten())
        try expectSame([Handwritten(), Handwritten()])
        try expectSame(Wrapper(inner: Accessory(action_id: "top", style: nil, confirm: ["a": "b"])))
    }

    @Test("a single value written twice is an error, not broken JSON")
    func singleValueTwice() {
        struct Twice: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode(1)
                try container.encode(2)
            }
        }
        #expect(throws: EncodingError.self) { try StreamingJSONEncoder().encode(Twice()) }
    }

    /// Writes into a nested container, or through a `super` encoder, after its parent went on.
    struct OutOfTurn: Encodable {
        var throughSuper: Bool
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Handwritten.Keys.self)
            var items = container.nestedUnkeyedContainer(forKey: .items)
            let parent = container.superEncoder(forKey: .parent)
            try container.encode("after", forKey: .text)
            if throughSuper {
                var late = parent.container(keyedBy: Handwritten.Keys.self)
                try late.encode(1, forKey: .kind)
            } else {
                try items.encode(1)
            }
        }
    }

    @Test("a container used after its parent went on is an error, not broken JSON nor a crash")
    func outOfTurn() throws {
        for throughSuper in [false, true] {
            #expect(throws: EncodingError.self) { try StreamingJSONEncoder().encode(OutOfTurn(throughSuper: throughSuper)) }
            #expect(throws: EncodingError.self) { try StreamingJSONEncoder().encode(["a": [OutOfTurn(throughSuper: throughSuper)]]) }
        }
    }

    @Test("coding paths, for the errors a value reports")
    func codingPaths() throws {
        struct Path: Encodable {
            func encode(to encoder: any Encoder) throws {
                let path = encoder.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
                var container = encoder.singleValueContainer()
                try container.encode(path)
            }
        }
        struct Outer: Encodable { var list = [["deep": Path()]] }
        #expect(String(decoding: try StreamingJSONEncoder().encode(Outer()), as: UTF8.self) == #"{"list":[{"deep":"list.0.deep"}]}"#)
    }
}
