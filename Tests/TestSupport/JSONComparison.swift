import Foundation
import Transport

/// `value` as JSON written by `StreamingJSONEncoder` and by Foundation's `JSONEncoder`, judged
/// on what a reader gets: each is parsed and written again with sorted keys, so that key order
/// and the spelling of numbers do not count. Throws when either is not valid JSON.
public func bothEncodings<Value: Encodable>(_ value: Value) throws -> (ours: String, foundation: String) {
    let foundation = JSONEncoder()
    foundation.outputFormatting = [.withoutEscapingSlashes]
    return (try canonical(StreamingJSONEncoder().encode(value)), try canonical(foundation.encode(value)))
}

private func canonical(_ json: Data) throws -> String {
    let parsed = try JSONSerialization.jsonObject(with: json, options: [.fragmentsAllowed])
    return String(decoding: try JSONSerialization.data(withJSONObject: parsed, options: [.sortedKeys, .fragmentsAllowed]), as: UTF8.self)
}
