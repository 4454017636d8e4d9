"""Runs a command in a pseudo-terminal, types the given keystrokes one chunk at a time,
and prints everything the program wrote, then its exit status on the last line.
It types nothing before the first prompt, and after a chunk with Enter in it, nothing
until the next prompt, so that a slow machine cannot reorder what a person would see.
A chunk {"wait": TEXT} types nothing: it waits (up to 30 s) until the program has written TEXT;
{"signal": N} sends the program signal N. The terminal's modes once the program is gone are
printed before the exit status ("TERMINAL echo=1 icanon=1" when it was left as found).
Usage: pty_session.py CHUNKS_JSON -- COMMAND ARGS..."""
import json, os, pty, select, sys, termios, time

PROMPT = b"\nlibrary> "
chunks = json.loads(sys.argv[1])
command = sys.argv[sys.argv.index("--") + 1:]
pid, fd = pty.fork()
if pid == 0:
    os.execv(command[0], command)

output = b""
def read_for(timeout):
    """Reads what arrives within timeout seconds; False once the program is gone."""
    global output
    ready, _, _ = select.select([fd], [], [], timeout)
    if not ready:
        return True
    try:
        data = os.read(fd, 4096)
    except OSError:
        return False
    output += data
    return bool(data)

def wait_until(condition, timeout=30):
    end = time.time() + timeout
    while not condition() and time.time() < end:
        if not read_for(0.05):
            return

def settle(quiet=0.2):
    """Reads until nothing more arrives for `quiet` seconds."""
    while True:
        before = len(output)
        if not read_for(quiet) or len(output) == before:
            return

# The banner ends with "Ctrl-D quits."; the line editor shows the prompt on its own thread.
wait_until(lambda: b"quits." in output and output.count(PROMPT) >= 1)
settle()
for chunk in chunks:
    if isinstance(chunk, dict):
        if "signal" in chunk:
            os.kill(pid, chunk["signal"])
        else:
            wait_until(lambda: chunk["wait"].encode() in output)
            settle()
        continue
    before, prompts = len(output), output.count(PROMPT)
    os.write(fd, chunk.encode())
    wait_until(lambda: len(output) > before)
    if "\r" in chunk:
        wait_until(lambda: output.count(PROMPT) > prompts)
    settle()
deadline = time.time() + 30
status = None
while time.time() < deadline:
    read_for(0.05)
    finished, code = os.waitpid(pid, os.WNOHANG)
    if finished:
        status = os.waitstatus_to_exitcode(code)
        break
settle()
modes = termios.tcgetattr(fd)[3]
sys.stdout.write(output.decode("utf-8", "replace"))
sys.stdout.write("\nTERMINAL echo=%d icanon=%d" % (bool(modes & termios.ECHO), bool(modes & termios.ICANON)))
sys.stdout.write("\nEXIT %s\n" % status)
