import Foundation

/// Encodes an `Encodable` value as compact JSON in one pass: the bytes are written while the
/// value's `encode(to:)` runs. Foundation's `JSONEncoder` first builds a tree of every key and
/// value, then writes the tree, which made it the largest single cost of a chat reply.
///
/// The JSON is what `JSONEncoder` with `.withoutEscapingSlashes` and its default strategies
/// writes, keys aside, which stay in the order they were encoded:
/// - `nil` given to `encodeIfPresent` leaves the key out; `encodeNil` writes `null`;
/// - `Data` is a Base64 string, `Date` its seconds since 2001 (Foundation's `deferredToDate`),
///   `URL` its absolute string, `Decimal` a number;
/// - a value that encodes nothing is `{}`;
/// - infinite and NaN numbers throw `EncodingError.invalidValue`, as JSON has no way to write them.
///
/// Containers may be used as `encode(to:)` implementations use them, one after the other, a
/// nested container being finished before its parent goes on (which is how synthesized
/// conformances, and ours, work); one used after that throws `EncodingError.invalidValue`
/// rather than write broken JSON. A key encoded twice in one object is written twice.
public struct StreamingJSONEncoder: Sendable {
    public init() {}

    public func encode<Value: Encodable>(_ value: Value) throws -> Data {
        let output = JSONOutput()
        try output.writeValue(value, parent: nil, key: nil)
        if let misuse = output.misuse {
            throw EncodingError.invalidValue(value, EncodingError.Context(codingPath: [], debugDescription: misuse))
        }
        return Data(output.bytes)
    }
}

/// The bytes written so far and the containers still open, innermost last. They live behind a
/// pointer: as stored properties of a class, every append would pay Swift's run-time
/// exclusivity checks, which took a quarter of the time. Only one encoding uses an output, on
/// one thread, and only while `encode` runs.
final class JSONOutput {
    enum Kind { case object, array, value }

    struct Frame {
        var kind: Kind
        /// Elements written in an object or array; for a value, 1 once it is written.
        var count = 0
        /// Told apart from a frame opened later at the same depth.
        var id: Int
    }

    /// A container's or a value's place: its depth, and which frame it was there.
    struct FrameRef {
        var index: Int
        var id: Int
        /// Where a container used out of turn writes: nowhere.
        static let closed = FrameRef(index: -1, id: -1)
    }

    struct State {
        var bytes: [UInt8] = []
        var frames: [Frame] = []
        var opened = 0
        var misuse: String?
    }

    private let state: UnsafeMutablePointer<State>

    init() {
        state = .allocate(capacity: 1)
        state.initialize(to: State())
        state.pointee.bytes.reserveCapacity(1024)
    }

    deinit {
        state.deinitialize(count: 1)
        state.deallocate()
    }

    var bytes: [UInt8] { state.pointee.bytes }

    /// Why the JSON could not be written, when a container was used after it was done.
    var misuse: String? { state.pointee.misuse }

    var frames: [Frame] {
        _read { yield state.pointee.frames }
        _modify { yield &state.pointee.frames }
    }

    private func append(_ byte: UInt8) {
        state.pointee.bytes.append(byte)
    }

    private func append<Bytes: Sequence<UInt8>>(contentsOf bytes: Bytes) {
        state.pointee.bytes.append(contentsOf: bytes)
    }

    /// Ends every container above the first `depth`: a nested container is done once its
    /// parent writes again, a value once the `encode(to:)` that wrote it returns.
    func close(downTo depth: Int) {
        while frames.count > depth {
            let frame = frames.removeLast()
            switch frame.kind {
            case .object: append(UInt8(ascii: "}"))
            case .array: append(UInt8(ascii: "]"))
            case .value: if frame.count == 0 { append(contentsOf: [UInt8(ascii: "{"), UInt8(ascii: "}")]) }
            }
        }
    }

    func isOpen(_ frame: FrameRef) -> Bool {
        frame.index >= 0 && frame.index < frames.count && frames[frame.index].id == frame.id
    }

    /// Notes that a container was used after it was done; nothing more is written for it.
    func refuse(_ frame: FrameRef) {
        if frame.index >= 0, state.pointee.misuse == nil {
            state.pointee.misuse = "a container was used after its value was done"
        }
    }

    /// Starts the next element of the container `frame`, with `key` in an object: ends what is
    /// open inside it, and writes the comma before all but the first. False, and nothing
    /// written, when that container is done.
    func beginElement(in frame: FrameRef, key: String? = nil) -> Bool {
        guard isOpen(frame) else {
            refuse(frame)
            return false
        }
        close(downTo: frame.index + 1)
        if frames[frame.index].count > 0 { append(UInt8(ascii: ",")) }
        frames[frame.index].count += 1
        if let key {
            writeString(key)
            append(UInt8(ascii: ":"))
        }
        return true
    }

    /// Opens an object, an array (as the element just begun) or a value to be written.
    func open(_ kind: Kind) -> FrameRef {
        switch kind {
        case .object: append(UInt8(ascii: "{"))
        case .array: append(UInt8(ascii: "["))
        case .value: break
        }
        state.pointee.opened += 1
        frames.append(Frame(kind: kind, id: state.pointee.opened))
        return FrameRef(index: frames.count - 1, id: state.pointee.opened)
    }

    /// Writes `value` as the element just begun: scalars and the types `JSONEncoder` treats
    /// apart directly, anything else through its `encode(to:)` with an encoder of its own.
    func writeValue<Value: Encodable>(_ value: Value, parent: StreamingJSONEncoderImpl?, key: (any CodingKey)?) throws {
        // Types compared first: a cast that fails costs a call into the runtime each.
        if Self.isWrittenApart(Value.self) {
            switch value {
            case let string as String: return writeString(string)
            case let number as Int: return writeInteger(number)
            case let flag as Bool: return writeLiteral(flag ? "true" : "false")
            case let number as Double: return try writeFloat(number)
            case let data as Data: return writeString(data.base64EncodedString())
            case let url as URL: return writeString(url.absoluteString)
            case let date as Date: return try writeFloat(date.timeIntervalSinceReferenceDate)
            case let decimal as Decimal: return writeLiteral(decimal.description)
            default: break
            }
        }
        let frame = open(.value)
        try value.encode(to: StreamingJSONEncoderImpl(output: self, valueFrame: frame, parent: parent, key: key))
        close(downTo: frame.index)
    }

    /// Whether `writeValue` writes values of `type` itself, rather than through their `encode(to:)`.
    static func isWrittenApart(_ type: Any.Type) -> Bool {
        type == String.self || type == Int.self || type == Bool.self || type == Double.self
            || type == Data.self || type == URL.self || type == Date.self || type == Decimal.self
    }

    func writeLiteral(_ text: StaticString) {
        append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    func writeLiteral(_ text: String) {
        append(contentsOf: text.utf8)
    }

    func writeInteger<Integer: BinaryInteger>(_ value: Integer) {
        writeLiteral(String(value))
    }

    func writeFloat<Float: BinaryFloatingPoint & LosslessStringConvertible>(_ value: Float) throws {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, EncodingError.Context(codingPath: [], debugDescription: "\(value) cannot be written in JSON"))
        }
        // Swift writes the shortest digits that read back as the same number ("0.1", "1e-05"),
        // which JSON accepts as they are; a whole number keeps its ".0", as with JSONEncoder.
        writeLiteral(value.description)
    }

    /// `text` as a JSON string: quotes and backslashes escaped, control characters as `\n`,
    /// `\t`… or `\u00XX`; everything else, "/" and non-ASCII included, as UTF-8.
    func writeString(_ text: String) {
        append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var clean = 0  // the bytes from `clean` up to the current one need no escape
            for (index, byte) in utf8.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                append(contentsOf: UnsafeBufferPointer(rebasing: utf8[clean..<index]))
                clean = index + 1
                append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): append(byte)
                case 0x0A: append(UInt8(ascii: "n"))
                case 0x0D: append(UInt8(ascii: "r"))
                case 0x09: append(UInt8(ascii: "t"))
                case 0x08: append(UInt8(ascii: "b"))
                case 0x0C: append(UInt8(ascii: "f"))
                default:
                    let hex: StaticString = "0123456789abcdef"
                    append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                        hex.utf8Start[Int(byte >> 4)], hex.utf8Start[Int(byte & 0xF)]])
                }
            }
            append(contentsOf: UnsafeBufferPointer(rebasing: utf8[clean...]))
        }
        append(UInt8(ascii: "\""))
    }
}

/// The encoder one value's `encode(to:)` is given: its containers write at the value's place.
final class StreamingJSONEncoderImpl: Encoder {
    let output: JSONOutput
    /// The frame of the value this encoder writes.
    let valueFrame: JSONOutput.FrameRef
    private let parent: StreamingJSONEncoderImpl?
    private let key: (any CodingKey)?
    /// The container this encoder opened, asked for again by a second `container(keyedBy:)`.
    private var opened: JSONOutput.FrameRef?

    init(output: JSONOutput, valueFrame: JSONOutput.FrameRef, parent: StreamingJSONEncoderImpl?, key: (any CodingKey)?) {
        self.output = output
        self.valueFrame = valueFrame
        self.parent = parent
        self.key = key
    }

    var codingPath: [any CodingKey] {
        var path = parent?.codingPath ?? []
        if let key { path.append(key) }
        return path
    }

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// The container this encoder opened and still has open, else a new one of `kind`.
    private func container(_ kind: JSONOutput.Kind) -> JSONOutput.FrameRef {
        if let opened, output.isOpen(opened), output.frames[opened.index].kind == kind { return opened }
        guard output.isOpen(valueFrame), output.frames[valueFrame.index].count == 0 else {
            output.refuse(valueFrame)
            return .closed
        }
        output.close(downTo: valueFrame.index + 1)
        output.frames[valueFrame.index].count = 1
        let frame = output.open(kind)
        opened = frame
        return frame
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(StreamingKeyedContainer<Key>(encoder: self, frame: container(.object), nesting: []))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        StreamingUnkeyedContainer(encoder: self, frame: container(.array), nesting: [])
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        StreamingSingleValueContainer(encoder: self)
    }
}

/// A key for positions in an array and for `super`, in coding paths.
struct StreamingJSONKey: CodingKey {
    var stringValue: String
    var intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
    }

    init(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }
}

struct StreamingKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: StreamingJSONEncoderImpl
    let frame: JSONOutput.FrameRef
    /// The keys from the encoder's value to this container, for a nested one.
    let nesting: [any CodingKey]

    var codingPath: [any CodingKey] { encoder.codingPath + nesting }
    private var output: JSONOutput { encoder.output }

    mutating func encodeNil(forKey key: Key) throws {
        guard output.beginElement(in: frame, key: key.stringValue) else { return }
        output.writeLiteral("null")
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws {
        guard output.beginElement(in: frame, key: key.stringValue) else { return }
        output.writeLiteral(value ? "true" : "false")
    }

    mutating func encode(_ value: String, forKey key: Key) throws {
        guard output.beginElement(in: frame, key: key.stringValue) else { return }
        output.writeString(value)
    }

    mutating func encode(_ value: Double, forKey key: Key) throws {
        guard output.beginElement(in: frame, key: key.stringValue) else { return }
        try output.writeFloat(value)
    }

    mutating func encode(_ value: Float, forKey key: Key) throws {
        guard output.beginElement(in: frame, key: key.stringValue) else { return }
        try output.writeFloat(value)
    }

    mutating func encode(_ value: Int, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try integer(value, key) }

    private func integer<Integer: BinaryInteger>(_ value: Integer, _ key: Key) throws {
        guard output.beginElement(in: frame, key: key.stringValue) else { return }
        output.writeInteger(value)
    }

    mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws {
        guard output.beginElement(in: frame, key: key.stringValue) else { return }
        try output.writeValue(value, parent: encoder, key: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(StreamingKeyedContainer<NestedKey>(encoder: encoder, frame: open(.object, key), nesting: nesting + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        StreamingUnkeyedContainer(encoder: encoder, frame: open(.array, key), nesting: nesting + [key])
    }

    /// Opens `kind` as the value of `key`; a container used out of turn opens nothing.
    private func open(_ kind: JSONOutput.Kind, _ key: any CodingKey) -> JSONOutput.FrameRef {
        output.beginElement(in: frame, key: key.stringValue) ? output.open(kind) : .closed
    }

    mutating func superEncoder() -> any Encoder {
        superEncoder(key: StreamingJSONKey(stringValue: "super"))
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        superEncoder(key: key)
    }

    private func superEncoder(key: any CodingKey) -> any Encoder {
        StreamingJSONEncoderImpl(output: output, valueFrame: open(.value, key), parent: encoder, key: key)
    }
}

struct StreamingUnkeyedContainer: UnkeyedEncodingContainer {
    let encoder: StreamingJSONEncoderImpl
    let frame: JSONOutput.FrameRef
    let nesting: [any CodingKey]

    var codingPath: [any CodingKey] { encoder.codingPath + nesting }
    var count: Int { output.isOpen(frame) ? output.frames[frame.index].count : 0 }
    private var output: JSONOutput { encoder.output }

    /// Starts the next element: its key in coding paths, or nil when this container is done.
    private func next() -> StreamingJSONKey? {
        let key = StreamingJSONKey(intValue: count)
        return output.beginElement(in: frame) ? key : nil
    }

    mutating func encodeNil() throws {
        guard next() != nil else { return }
        output.writeLiteral("null")
    }

    mutating func encode(_ value: Bool) throws {
        guard next() != nil else { return }
        output.writeLiteral(value ? "true" : "false")
    }

    mutating func encode(_ value: String) throws {
        guard next() != nil else { return }
        output.writeString(value)
    }

    mutating func encode(_ value: Double) throws {
        guard next() != nil else { return }
        try output.writeFloat(value)
    }

    mutating func encode(_ value: Float) throws {
        guard next() != nil else { return }
        try output.writeFloat(value)
    }

    mutating func encode(_ value: Int) throws { try integer(value) }
    mutating func encode(_ value: Int8) throws { try integer(value) }
    mutating func encode(_ value: Int16) throws { try integer(value) }
    mutating func encode(_ value: Int32) throws { try integer(value) }
    mutating func encode(_ value: Int64) throws { try integer(value) }
    mutating func encode(_ value: UInt) throws { try integer(value) }
    mutating func encode(_ value: UInt8) throws { try integer(value) }
    mutating func encode(_ value: UInt16) throws { try integer(value) }
    mutating func encode(_ value: UInt32) throws { try integer(value) }
    mutating func encode(_ value: UInt64) throws { try integer(value) }

    private func integer<Integer: BinaryInteger>(_ value: Integer) throws {
        guard next() != nil else { return }
        output.writeInteger(value)
    }

    mutating func encode<Value: Encodable>(_ value: Value) throws {
        guard let key = next() else { return }
        try output.writeValue(value, parent: encoder, key: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let (frame, key) = open(.object)
        return KeyedEncodingContainer(StreamingKeyedContainer<NestedKey>(encoder: encoder, frame: frame, nesting: nesting + [key]))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let (frame, key) = open(.array)
        return StreamingUnkeyedContainer(encoder: encoder, frame: frame, nesting: nesting + [key])
    }

    mutating func superEncoder() -> any Encoder {
        let (frame, key) = open(.value)
        return StreamingJSONEncoderImpl(output: output, valueFrame: frame, parent: encoder, key: key)
    }

    /// Opens `kind` as the next element; a container used out of turn opens nothing.
    private func open(_ kind: JSONOutput.Kind) -> (JSONOutput.FrameRef, any CodingKey) {
        let key = StreamingJSONKey(intValue: count)
        return (output.beginElement(in: frame) ? output.open(kind) : .closed, key)
    }
}

struct StreamingSingleValueContainer: SingleValueEncodingContainer {
    let encoder: StreamingJSONEncoderImpl

    var codingPath: [any CodingKey] { encoder.codingPath }
    private var output: JSONOutput { encoder.output }

    /// Claims the encoder's value, which may be written once.
    private func claim(_ value: Any) throws {
        let frame = encoder.valueFrame
        guard output.isOpen(frame), output.frames[frame.index].count == 0, output.frames.count == frame.index + 1 else {
            throw EncodingError.invalidValue(value, EncodingError.Context(codingPath: codingPath, debugDescription: "a single value was encoded twice, after a container, or after its place was done"))
        }
        output.frames[frame.index].count = 1
    }

    mutating func encodeNil() throws {
        try claim(Optional<Int>.none as Any)
        output.writeLiteral("null")
    }

    mutating func encode(_ value: Bool) throws {
        try claim(value)
        output.writeLiteral(value ? "true" : "false")
    }

    mutating func encode(_ value: String) throws {
        try claim(value)
        output.writeString(value)
    }

    mutating func encode(_ value: Double) throws {
        try claim(value)
        try output.writeFloat(value)
    }

    mutating func encode(_ value: Float) throws {
        try claim(value)
        try output.writeFloat(value)
    }

    mutating func encode(_ value: Int) throws { try integer(value) }
    mutating func encode(_ value: Int8) throws { try integer(value) }
    mutating func encode(_ value: Int16) throws { try integer(value) }
    mutating func encode(_ value: Int32) throws { try integer(value) }
    mutating func encode(_ value: Int64) throws { try integer(value) }
    mutating func encode(_ value: UInt) throws { try integer(value) }
    mutating func encode(_ value: UInt8) throws { try integer(value) }
    mutating func encode(_ value: UInt16) throws { try integer(value) }
    mutating func encode(_ value: UInt32) throws { try integer(value) }
    mutating func encode(_ value: UInt64) throws { try integer(value) }

    private func integer<Integer: BinaryInteger>(_ value: Integer) throws {
        try claim(value)
        output.writeInteger(value)
    }

    /// A scalar or a type written apart is written here; anything else encodes itself into
    /// the same place (a wrapper's value is the wrapped one's).
    mutating func encode<Value: Encodable>(_ value: Value) throws {
        if JSONOutput.isWrittenApart(Value.self) {
            try claim(value)
            try output.writeValue(value, parent: encoder, key: nil)
        } else {
            try value.encode(to: encoder)
        }
    }
}
