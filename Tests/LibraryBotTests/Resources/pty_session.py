"""Runs a command in a pseudo-terminal, types the given keystrokes one chunk at a time,
and prints everything the program wrote, then its exit status on the last line.
Usage: pty_session.py CHUNKS_JSON -- COMMAND ARGS..."""
import json, os, pty, select, sys, time

chunks = json.loads(sys.argv[1])
command = sys.argv[sys.argv.index("--") + 1:]
pid, fd = pty.fork()
if pid == 0:
    os.execv(command[0], command)

output = b""
def drain(timeout):
    global output
    end = time.time() + timeout
    while time.time() < end:
        ready, _, _ = select.select([fd], [], [], 0.05)
        if ready:
            try:
                data = os.read(fd, 4096)
            except OSError:
                return False
            if not data:
                return False
            output += data
    return True

drain(1.0)
for chunk in chunks:
    os.write(fd, chunk.encode())
    drain(0.5)
deadline = time.time() + 10
status = None
while time.time() < deadline:
    drain(0.2)
    finished, code = os.waitpid(pid, os.WNOHANG)
    if finished:
        status = os.waitstatus_to_exitcode(code)
        break
drain(0.2)
sys.stdout.write(output.decode("utf-8", "replace"))
sys.stdout.write("\nEXIT %s\n" % status)
