import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A child process for the tests (a Python peer, `openssl`, the built `librarybot`), started
/// with `posix_spawn` and reaped by a thread of its own.
///
/// Foundation's `Process` is not used: on Linux it learns of a child's exit through a socket
/// the child inherits, and closes the child's other descriptors only up to the highest one open
/// a moment before the spawn. With tests spawning in parallel, a child started in that moment
/// inherits another child's socket (seen: a Python server holding a `librarybot` child's socket
/// and output files), and `waitUntilExit` then waits for the wrong process, for as long as
/// that one lives. Here the child closes every descriptor above 2 as it starts
/// (`posix_spawn_file_actions_addclosefrom_np`, at the spawn itself, so nothing opened in
/// between can slip through), and `waitpid` says when it has exited.
public final class ChildProcess: Sendable {
    /// Where one of the child's standard streams goes.
    public enum Stream: Sendable {
        /// The test process's own.
        case inherited
        case nullDevice
        /// A file, read for standard input, written (from its start) for output and error.
        case file(String)
        /// A pipe; the other end is `input` (for standard input) or `output` (for standard
        /// output). Not for standard error.
        case pipe
    }

    public enum Exit: Equatable, Sendable {
        case exited(Int32)
        case signalled(Int32)
    }

    public let pid: pid_t
    private let ends: Mutex<(input: Int32?, output: Int32?)>
    private let status = ExitStatus()

    /// Starts `executable` with `arguments` and exactly `environment`, in `directory` if given.
    public init(_ executable: String, _ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment,
                directory: String? = nil, stdin: Stream = .nullDevice, stdout: Stream = .nullDevice, stderr: Stream = .inherited) throws {
        var actions = posix_spawn_file_actions_t()
        try Self.check(posix_spawn_file_actions_init(&actions), "posix_spawn_file_actions_init")
        defer { posix_spawn_file_actions_destroy(&actions) }
        var pipes: [Int32] = []
        defer { pipes.forEach { _ = close($0) } }
        var parentInput: Int32?, parentOutput: Int32?
        if let directory { try Self.check(Self.addChdir(&actions, directory), "addchdir \(directory)") }
        for (target, stream) in [(Int32(0), stdin), (1, stdout), (2, stderr)] {
            switch stream {
            case .inherited:
                continue
            case .nullDevice:
                try Self.check(posix_spawn_file_actions_addopen(&actions, target, "/dev/null", O_RDWR, 0), "addopen /dev/null")
            case .file(let path):
                let flags = target == 0 ? O_RDONLY : O_WRONLY | O_CREAT | O_TRUNC
                try Self.check(posix_spawn_file_actions_addopen(&actions, target, path, flags, 0o600), "addopen \(path)")
            case .pipe:
                guard target != 2 else { throw Self.error("a pipe for standard error", EINVAL) }
                var fds: [Int32] = [-1, -1]
                guard pipe(&fds) == 0 else { throw Self.error("pipe", errno) }
                pipes += fds
                // Every child of these tests closes what it inherits (below); this is for others.
                fds.forEach { _ = fcntl($0, F_SETFD, FD_CLOEXEC) }
                // fds[0] is the end to read.
                let childEnd = target == 0 ? fds[0] : fds[1]
                try Self.check(posix_spawn_file_actions_adddup2(&actions, childEnd, target), "adddup2")
                if target == 0 { parentInput = fds[1] } else { parentOutput = fds[0] }
            }
        }
        try Self.check(Self.addCloseFrom(&actions, 3), "addclosefrom")

        var attributes = posix_spawnattr_t()
        try Self.check(posix_spawnattr_init(&attributes), "posix_spawnattr_init")
        defer { posix_spawnattr_destroy(&attributes) }
        // A process group of its own (a Ctrl-C at the terminal is for the test runner), no
        // blocked signals and default handling of the ones the runner changes, whichever
        // thread spawns it.
        var empty = sigset_t(), defaults = sigset_t()
        sigemptyset(&empty)
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGCHLD, SIGINT, SIGTERM, SIGHUP, SIGQUIT] { sigaddset(&defaults, signal) }
        try Self.check(posix_spawnattr_setsigmask(&attributes, &empty), "setsigmask")
        try Self.check(posix_spawnattr_setsigdefault(&attributes, &defaults), "setsigdefault")
        try Self.check(posix_spawnattr_setpgroup(&attributes, 0), "setpgroup")
        try Self.check(posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)),
                       "setflags")

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        try Self.check(posix_spawn(&pid, executable, &actions, &attributes, argv, envp), "posix_spawn \(executable)")
        self.pid = pid
        // Keep the parent's ends; the deferred close takes the child's.
        pipes.removeAll { $0 == parentInput || $0 == parentOutput }
        ends = Mutex((parentInput, parentOutput))

        // The reaper holds the status, not the ChildProcess, so that dropping the last reference
        // still ends the child (deinit).
        let status = self.status, child = pid
        Thread {
            var code: Int32 = 0
            while waitpid(child, &code, 0) < 0, errno == EINTR {}
            status.record(code & 0x7f == 0 ? .exited((code >> 8) & 0xff) : .signalled(code & 0x7f))
        }.start()
    }

    /// The write end of the child's standard input, while open (`Stream.pipe`).
    public var input: Int32? { ends.withLock { $0.input } }
    /// The read end of the child's standard output, while open (`Stream.pipe`).
    public var output: Int32? { ends.withLock { $0.output } }

    /// How the child ended, or nil while it runs.
    public var exit: Exit? { status.state.withLock { $0.exit } }
    public var isRunning: Bool { exit == nil }

    /// Waits for the end of the child, without holding a thread.
    public func waitForExit() async -> Exit {
        await withCheckedContinuation { continuation in
            let done: Exit? = status.state.withLock { value in
                if value.exit == nil { value.waiters.append { continuation.resume(returning: $0) } }
                return value.exit
            }
            if let done { continuation.resume(returning: done) }
        }
    }

    /// Waits for the end of the child for up to `timeout`; nil if it still runs.
    public func waitForExit(timeout: Duration) async -> Exit? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let exit { return exit }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return exit
    }

    /// Sends `signal` while the child has not been reaped (its pid cannot have been reused).
    public func send(_ signal: Int32) {
        status.state.withLock { value in
            if value.exit == nil { _ = kill(pid, signal) }
        }
    }

    public func terminate() { send(SIGTERM) }

    /// Closes our end of the child's standard input: the child reads its end.
    public func closeInput() {
        if let fd = ends.withLock({ value -> Int32? in defer { value.input = nil }; return value.input }) { close(fd) }
    }

    /// Closes our end of the child's standard output.
    public func closeOutput() {
        if let fd = ends.withLock({ value -> Int32? in defer { value.output = nil }; return value.output }) { close(fd) }
    }

    deinit {
        terminate()
        closeInput()
        closeOutput()
    }

    /// The exit, once reaped, and who waits for it.
    private final class ExitStatus: Sendable {
        let state = Mutex<(exit: Exit?, waiters: [@Sendable (Exit) -> Void])>((nil, []))

        func record(_ exit: Exit) {
            let waiters = state.withLock { value in
                value.exit = exit
                defer { value.waiters = [] }
                return value.waiters
            }
            waiters.forEach { $0(exit) }
        }
    }

    // MARK: - glibc

    private static func check(_ result: Int32, _ what: String) throws {
        guard result == 0 else { throw error(what, result) }
    }

    private static func error(_ what: String, _ code: Int32) -> Error {
        CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "\(what): \(String(cString: strerror(code)))"])
    }

    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private typealias Chdir = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32

    /// glibc (2.34 and later) declares these only for _GNU_SOURCE, which Swift's Glibc module
    /// does not define: they are looked up by name.
    private static func addCloseFrom(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ from: Int32) -> Int32 {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else { return ENOSYS }
        return unsafeBitCast(symbol, to: CloseFrom.self)(actions, from)
    }

    private static func addChdir(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ path: String) -> Int32 {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addchdir_np") else { return ENOSYS }
        return path.withCString { unsafeBitCast(symbol, to: Chdir.self)(actions, $0) }
    }
}
