import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard output, shared by the console's line editor and everything else printed there. Text
/// printed while a line is being typed (a reminder or the digest posted by `librarybot run`'s
/// scheduler) goes above that line, which is drawn again under it as it was, cursor included.
final class Screen: Sendable {
    static let standardOutput = Screen(descriptor: STDOUT_FILENO)

    /// The prompt and the line on screen while one is typed, and how far the cursor is from its end.
    struct Editing: Sendable {
        var prompt: String
        var line: String
        var cursorFromEnd: Int

        /// The prompt and the line, drawn from the start of the screen's row.
        var drawing: String {
            "\r" + prompt + line + "\u{1B}[K" + (cursorFromEnd > 0 ? "\u{1B}[\(cursorFromEnd)D" : "")
        }
    }

    private let descriptor: Int32
    private let editing = Mutex<Editing?>(nil)

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Prints `text` and a line end, above the line being typed if there is one.
    func print(_ text: String) {
        put(text + "\n", on: descriptor)
    }

    /// Writes `lines` (ending with a line end) to standard error, above the line being typed on
    /// this screen if there is one: a log line, when both show on one terminal.
    func printError(_ lines: String) {
        put(lines, on: STDERR_FILENO)
    }

    private func put(_ text: String, on target: Int32) {
        editing.withLock { editing in
            guard let editing else { return write(text, to: target) }
            write("\r\u{1B}[K", to: descriptor)
            write(text, to: target)
            write(editing.drawing, to: descriptor)
        }
    }

    /// The line editor's output, after which `now` is on screen (nil: no line is being typed).
    func show(_ text: String, now: Editing?) {
        editing.withLock { editing in
            write(text, to: descriptor)
            editing = now
        }
    }

    /// The line editor's output that leaves the line on screen as it is (a bell, a list).
    func show(_ text: String) {
        editing.withLock { _ in write(text, to: descriptor) }
    }

    private func write(_ text: String, to target: Int32) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return Glibc.write(target, base + offset, buffer.count - offset)
            }
            if written <= 0 {
                if written < 0, errno == EINTR { continue }
                return
            }
            offset += written
        }
    }
}

/// Standard error as swift-log's stream: a line logged while one is typed at the console goes
/// above it, as the scheduler's messages do.
struct StandardErrorAboveTheLine: TextOutputStream, Sendable {
    mutating func write(_ string: String) {
        Screen.standardOutput.printError(string)
    }
}
