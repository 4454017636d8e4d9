import Commands
import Foundation

/// A line of piped input: its text, or how long it was when it was too long to be a command.
enum InputLine: Sendable, Equatable {
    case text(String)
    /// A line of more than `InputLines.maximum` bytes, read through to its end and dropped, so
    /// that a runaway input (`< /dev/zero`) cannot grow the process without bound.
    case tooLong(bytes: Int)
}

/// Reads lines from a file descriptor (standard input) with plain `read` calls, each line at
/// most `maximum` bytes; "\n" or "\r\n" ends a line, and invalid UTF-8 is repaired as
/// `readLine` does.
struct InputLines {
    static let maximum = 64 * 1024

    /// What is said of a skipped line, in `language`.
    static func skipped(bytes: Int, in language: Language = .en) -> String {
        language.pick("A line of \(bytes) bytes was skipped: a command is at most \(maximum) bytes.",
                      "Une ligne de \(bytes) octets a été ignorée : une commande en fait au plus \(maximum).")
    }

    private let descriptor: Int32
    private var buffer = [UInt8]()
    private var start = 0
    private var ended = false

    init(descriptor: Int32 = STDIN_FILENO) {
        self.descriptor = descriptor
    }

    /// The next line, or nil at the end of input (a last line without "\n" still counts).
    mutating func next() -> InputLine? {
        var dropped = 0
        while true {
            if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                let length = newline - start
                defer { start = newline + 1 }
                if dropped > 0 || length > Self.maximum { return .tooLong(bytes: dropped + length) }
                var end = newline
                if end > start, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                return .text(String(decoding: buffer[start..<end], as: UTF8.self))
            }
            if buffer.count - start > Self.maximum {
                // No end in sight: count these bytes and keep reading to the line's end.
                dropped += buffer.count - start
                buffer.removeAll(keepingCapacity: true)
                start = 0
            }
            if ended {
                guard buffer.count > start || dropped > 0 else { return nil }
                defer { buffer.removeAll(); start = 0 }
                if dropped > 0 { return .tooLong(bytes: dropped + buffer.count - start) }
                return .text(String(decoding: buffer[start...], as: UTF8.self))
            }
            if start > 0 {
                buffer.removeFirst(start)
                start = 0
            }
            var chunk = [UInt8](repeating: 0, count: 16 * 1024)
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 {
                ended = true
            } else {
                buffer.append(contentsOf: chunk[..<count])
            }
        }
    }
}
