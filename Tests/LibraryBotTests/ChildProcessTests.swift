import Foundation
import TestSupport
import Testing

@Suite("ChildProcess: the tests' children inherit nothing but their three streams")
struct ChildProcessTests {
    @Test("a descriptor open in the test process (not close-on-exec) does not reach the child; the exit status does")
    func onlyStandardStreams() async throws {
        // A pipe the way other code may open it: inheritable.
        var fds: [Int32] = [-1, -1]
        try #require(pipe(&fds) == 0)
        defer { fds.forEach { _ = close($0) } }
        let streams = try StreamFiles()
        defer { streams.remove() }
        let child = try ChildProcess("/usr/bin/env", ["python3", "-c", "import os, sys; print(sorted(int(fd) for fd in os.listdir('/proc/self/fd'))); sys.exit(3)"],
                                     stdout: .file(streams.output.path))
        #expect(await child.waitForExit() == .exited(3))
        // 0, 1, 2 and the descriptor listdir itself opened.
        let listed = try streams.outputText().trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(listed == "[0, 1, 2, 3]", "the child had \(listed)")
        #expect(!child.isRunning)
    }

    @Test("SIGTERM ends a child; its exit is seen without a thread waiting for it")
    func terminate() async throws {
        let child = try ChildProcess("/bin/sleep", ["30"])
        #expect(child.isRunning)
        child.terminate()
        #expect(await child.waitForExit() == .signalled(SIGTERM))
    }
}
