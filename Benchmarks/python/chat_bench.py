"""What the chat benchmarks (slack_burst.py, discord_burst.py) share: `librarybot` as deployed,
an emulator of the tests started as a child process, the floor responder (chat-floor), a
library holding Dune, JSON over HTTP to the emulator's controls, memory and percentiles."""
import json, os, statistics, subprocess, sys, tempfile, time, urllib.request

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")


def http(method, url, body=None):
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, method=method, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=120) as response:
        return json.loads(response.read() or b"null")


def wait_for_count(base, name, target, seconds=60):
    """Waits until the emulator at `base` has `target` timings `name` (GET /_counts). A burst is
    watched by its counts only: serializing every timing (GET /_timings, thousands after a few
    bursts) held the emulator's one loop up for 5-40 ms while the burst was being answered,
    longer with each burst, and that wait was counted in the bot's latency."""
    deadline = time.time() + seconds
    while time.time() < deadline and http("GET", f"{base}/_counts")[name] < target:
        time.sleep(0.05)


def percentile(values, fraction):
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * fraction))]


def release_binary():
    """Builds `librarybot` as it is deployed (`make release`) and returns its path, the last line
    that `make release` prints."""
    # An A/B comparison names the binary to measure (one built from another commit).
    if os.environ.get("LIBRARYBOT_BINARY"):
        return os.environ["LIBRARYBOT_BINARY"]
    print("Building librarybot as deployed (make release)…", flush=True)
    output = subprocess.run(["make", "--no-print-directory", "release"], cwd=root, check=True, text=True,
                            stdout=subprocess.PIPE).stdout
    return output.strip().splitlines()[-1]


def start_floor(platform, api_url, token, spend_us=0):
    """Builds Benchmarks' `chat-floor` (release), starts it against an emulator and waits until
    it is connected; returns the process. Close its stdin to stop it. With `spend_us`, it keeps
    busy that many microseconds of CPU on each command, as a bot's own work would."""
    benchmarks = os.path.join(root, "Benchmarks")
    subprocess.check_call(["swift", "build", "-c", "release", "--product", "chat-floor"], cwd=benchmarks)
    folder = subprocess.check_output(["swift", "build", "-c", "release", "--show-bin-path"], cwd=benchmarks, text=True).strip()
    floor = subprocess.Popen([os.path.join(folder, "chat-floor"), platform, api_url, token, str(spend_us)],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    if floor.stdout.readline().strip() != "ready":
        raise RuntimeError("chat-floor did not connect")
    return floor


def with_floor(platform, script, arguments, api_path, token, measure, spend_us=0):
    """Starts emulator `script` afresh and chat-floor connected to it (its API at base +
    `api_path`, spending `spend_us` of CPU a command); returns `measure(base, floor_pid)`, then
    stops both."""
    emulator, base = start_emulator(script, *arguments)
    try:
        floor = start_floor(platform, base + api_path, token, spend_us)
        try:
            return measure(base, floor.pid)
        finally:
            floor.stdin.close()
            floor.wait(10)
    finally:
        emulator.stdin.close()
        emulator.wait(10)


def start_emulator(script, *arguments):
    """Starts Tests/GatewaysTests/Resources/`script`; returns the process and its base URL."""
    path = os.path.join(root, "Tests", "GatewaysTests", "Resources", script)
    emulator = subprocess.Popen([sys.executable, "-B", path, *arguments], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    return emulator, f"http://127.0.0.1:{int(emulator.stdout.readline())}"


def database_with_dune(binary):
    """A new database file holding Dune."""
    database = os.path.join(tempfile.mkdtemp(), "bench.sqlite")
    subprocess.run([binary, "console", "--database", database, "--as", "Ana"], input="add Dune by Frank Herbert\n",
                   text=True, check=True, capture_output=True)
    return database


def memory_report(pid, idle_seconds=10):
    """Resident memory and what it is made of: anonymous (heap, stacks: the process's own) and
    file-backed (code and read-only data of the binary and its libraries, shared with the page
    cache), then the pages the process touches while idle for `idle_seconds` (its working set,
    measured by clearing the pages' referenced bits in /proc/PID/clear_refs)."""
    def totals():
        keys = {"Rss": 0, "Anonymous": 0, "Referenced": 0}
        with open(f"/proc/{pid}/smaps_rollup") as rollup:
            for line in rollup:
                name = line.split(":")[0]
                if name in keys:
                    keys[name] = int(line.split()[1]) / 1024
        return keys
    before = totals()
    with open(f"/proc/{pid}/clear_refs", "w") as clear:
        clear.write("1")
    time.sleep(idle_seconds)
    after = totals()
    return (f"resident memory {before['Rss']:.1f} MiB: {before['Anonymous']:.1f} MiB anonymous, "
            f"{before['Rss'] - before['Anonymous']:.1f} MiB file-backed (code and read-only data); "
            f"pages touched in {idle_seconds} s idle: {after['Referenced']:.1f} MiB")


def memory_after_bursts(pid, bursts, quiet_seconds=12):
    """Resident and anonymous memory right after `bursts()` (a callable that runs some bursts),
    then after `quiet_seconds` without commands, once `librarybot run` has given back what the
    bursts freed (it trims the heap after a quiet tick of 5 s); returns that line and what
    `bursts()` returned."""
    def now():
        with open(f"/proc/{pid}/smaps_rollup") as rollup:
            keys = {line.split(":")[0]: int(line.split()[1]) / 1024 for line in rollup if ":" in line and line.split()[1].isdigit()}
        return f"{keys['Rss']:.1f} MiB ({keys['Anonymous']:.1f} anonymous)"
    runs = bursts()
    right_after = now()
    time.sleep(quiet_seconds)
    return f"resident memory right after: {right_after}; {quiet_seconds} s later: {now()}", runs


def p99s(latency_lists):
    """The p99 of each burst, in order, and their median: one burst's p99 swings widely from
    run to run on a shared machine, so a goal is judged on the median of several."""
    values = [percentile(latencies, 0.99) for latencies in latency_lists]
    return ", ".join(f"{value:.1f}" for value in values) + f" ms (median {statistics.median(values):.1f})"


def cpu_seconds(pid):
    """User plus system CPU time the process has used so far (/proc/PID/stat), in seconds."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
