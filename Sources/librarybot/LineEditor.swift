import Commands
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads lines from a terminal with editing: left and right arrows, Home / End (and Ctrl-A /
/// Ctrl-E), Backspace and Delete, Ctrl-U to clear, Up and Down through the session's history,
/// Tab to complete (with `complete`). Ctrl-D on an empty line or Ctrl-C ends the input. The
/// terminal is put back as it was after each line, so a crash between lines cannot leave it raw.
struct LineEditor {
    /// The suggestions for a line being typed, for Tab: the one there is completes the line; of
    /// several, the start they share does, or else they are listed under it.
    var complete: ((String) -> [CommandSuggestion])? = nil
    private var history: [[Character]] = []
    private let input: Int32 = STDIN_FILENO
    private let screen = Screen.standardOutput

    /// The next line (without its newline), or nil at the end of input.
    mutating func readLine(prompt: String) -> String? {
        var saved = termios()
        guard tcgetattr(input, &saved) == 0 else { return Swift.readLine(strippingNewline: true) }
        Self.restoreAtExit(saved)
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
        withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
            bytes[Int(VMIN)] = 1
            bytes[Int(VTIME)] = 0
        }
        guard tcsetattr(input, TCSADRAIN, &raw) == 0 else { return Swift.readLine(strippingNewline: true) }
        defer { _ = tcsetattr(input, TCSADRAIN, &saved) }
        // Whatever ends the line, it is no longer on screen to be drawn again.
        defer { screen.show("", now: nil) }

        var line: [Character] = []
        var cursor = 0
        var historyIndex = history.count
        screen.show(prompt, now: Screen.Editing(prompt: prompt, line: "", cursorFromEnd: 0))
        while true {
            guard let byte = readByte() else { return line.isEmpty ? nil : finish(line) }
            switch byte {
            case 0x0D, 0x0A:
                screen.show("\r\n", now: nil)
                return finish(line)
            case 0x04:  // Ctrl-D
                if line.isEmpty { screen.show("\r\n", now: nil); return nil }
                if cursor < line.count { line.remove(at: cursor) }
            case 0x03:  // Ctrl-C
                screen.show("\r\n", now: nil)
                return nil
            case 0x7F, 0x08:
                if cursor > 0 { cursor -= 1; line.remove(at: cursor) }
            case 0x01: cursor = 0
            case 0x05: cursor = line.count
            case 0x15: line.removeAll(); cursor = 0
            case 0x09:
                guard cursor == line.count, let complete else { break }
                line = completed(line, with: complete(String(line)), prompt: prompt)
                cursor = line.count
            case 0x1B:
                guard let next = readByte(), next == UInt8(ascii: "[") || next == UInt8(ascii: "O"), let code = readByte() else { break }
                switch code {
                case UInt8(ascii: "A"):
                    if historyIndex > 0 { historyIndex -= 1; line = history[historyIndex]; cursor = line.count }
                case UInt8(ascii: "B"):
                    if historyIndex < history.count - 1 {
                        historyIndex += 1; line = history[historyIndex]
                    } else {
                        historyIndex = history.count; line = []
                    }
                    cursor = line.count
                case UInt8(ascii: "C"): cursor = min(line.count, cursor + 1)
                case UInt8(ascii: "D"): cursor = max(0, cursor - 1)
                case UInt8(ascii: "H"): cursor = 0
                case UInt8(ascii: "F"): cursor = line.count
                case UInt8(ascii: "3"):
                    if readByte() == UInt8(ascii: "~"), cursor < line.count { line.remove(at: cursor) }
                default: break
                }
            default:
                guard byte >= 0x20, let character = readCharacter(startingWith: byte) else { break }
                line.insert(character, at: cursor)
                cursor += 1
            }
            redraw(prompt: prompt, line: line, cursor: cursor)
        }
    }

    /// `line` after Tab: the one suggestion's command and a space (to go on typing: after a
    /// verb, Tab again offers its books), or the start that several share; when there is no such
    /// start longer than the line, the suggestions are listed under it (a bell when there is none).
    private func completed(_ line: [Character], with suggestions: [CommandSuggestion], prompt: String) -> [Character] {
        let commands = suggestions.map { Array($0.command) }
        guard let first = commands.first else {
            screen.show("\u{07}")
            return line
        }
        if commands.count == 1 { return first + [" "] }
        var shared = first
        for command in commands.dropFirst() {
            var length = 0
            while length < min(shared.count, command.count), shared[length].lowercased() == command[length].lowercased() { length += 1 }
            shared = Array(shared.prefix(length))
        }
        if shared.count > line.count { return shared }
        screen.show("\r\n" + suggestions.map(\.label).joined(separator: "\r\n") + "\r\n")
        return line
    }

    private mutating func finish(_ line: [Character]) -> String {
        if !line.isEmpty, history.last != line { history.append(line) }
        return String(line)
    }

    private func redraw(prompt: String, line: [Character], cursor: Int) {
        let editing = Screen.Editing(prompt: prompt, line: String(line), cursorFromEnd: line.count - cursor)
        screen.show(editing.drawing, now: editing)
    }

    /// The terminal's modes before the first line was read, put back when the process exits:
    /// `librarybot run` shut down (SIGTERM) while a line is typed would otherwise leave the
    /// shell without echo, its reader thread never getting to put them back.
    private static let modesAtStart = Mutex<termios?>(nil)

    private static func restoreAtExit(_ modes: termios) {
        modesAtStart.withLock { first in
            guard first == nil else { return }
            first = modes
            atexit {
                guard var modes = LineEditor.modesAtStart.withLock({ $0 }) else { return }
                _ = tcsetattr(STDIN_FILENO, TCSANOW, &modes)
            }
        }
    }

    /// A whole UTF-8 character whose first byte is `first`.
    private func readCharacter(startingWith first: UInt8) -> Character? {
        let length = first < 0x80 ? 1 : first < 0xE0 ? 2 : first < 0xF0 ? 3 : 4
        var bytes = [first]
        while bytes.count < length, let next = readByte() { bytes.append(next) }
        return String(validating: bytes, as: UTF8.self).flatMap(\.first)
    }

    private func readByte() -> UInt8? {
        var byte: UInt8 = 0
        while true {
            let count = Glibc.read(input, &byte, 1)
            if count == 1 { return byte }
            if count < 0, errno == EINTR { continue }
            return nil
        }
    }
}
