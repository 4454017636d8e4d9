"""What the chat benchmarks (slack_burst.py, discord_burst.py) share: the release `librarybot`,
an emulator of the tests started as a child process, a library holding Dune, JSON over HTTP to
the emulator's controls, and percentiles."""
import json, os, subprocess, sys, tempfile, urllib.request

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")


def http(method, url, body=None):
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, method=method, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=120) as response:
        return json.loads(response.read() or b"null")


def percentile(values, fraction):
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * fraction))]


def release_binary():
    """Builds `librarybot` in release mode and returns its path."""
    subprocess.check_call(["swift", "build", "-c", "release", "--product", "librarybot"], cwd=root)
    folder = subprocess.check_output(["swift", "build", "-c", "release", "--show-bin-path"], cwd=root, text=True).strip()
    return os.path.join(folder, "librarybot")


def start_emulator(script, *arguments):
    """Starts Tests/GatewaysTests/Resources/`script`; returns the process and its base URL."""
    path = os.path.join(root, "Tests", "GatewaysTests", "Resources", script)
    emulator = subprocess.Popen([sys.executable, path, *arguments], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    return emulator, f"http://127.0.0.1:{int(emulator.stdout.readline())}"


def database_with_dune(binary):
    """A new database file holding Dune."""
    database = os.path.join(tempfile.mkdtemp(), "bench.sqlite")
    subprocess.run([binary, "console", "--database", database, "--as", "Ana"], input="add Dune by Frank Herbert\n",
                   text=True, check=True, capture_output=True)
    return database


def resident_mib(pid):
    with open(f"/proc/{pid}/status") as status:
        return int(next(line for line in status if line.startswith("VmRSS")).split()[1]) / 1024


def cpu_seconds(pid):
    """User plus system CPU time the process has used so far (/proc/PID/stat), in seconds."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
