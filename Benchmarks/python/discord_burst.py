"""The Discord gateway benchmark: `librarybot run` (release build) connected to the Discord
emulator of the tests; resident memory when connected and idle; 20 messages one at a time, then
a burst of 1,000 MESSAGE_CREATE pushed back to back, with the latency from each push to its
reply arriving at the REST API (p50, p99); and 20 times, the time from an op 7 RECONNECT to the
RESUMED on the new connection. Run by `make bench`."""
import json, os, subprocess, sys, tempfile, time, urllib.request

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
emulator_script = os.path.join(root, "Tests", "GatewaysTests", "Resources", "discord_emulator.py")


def http(method, url, body=None):
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, method=method, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=120) as response:
        return json.loads(response.read() or b"null")


def percentile(values, fraction):
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * fraction))]


def message(id, content):
    return {"id": id, "channel_id": "500000000000000001", "guild_id": "600000000000000001", "type": 0, "content": content,
            "author": {"id": "700000000000000001", "username": "ana.r", "global_name": "Ana Ruiz", "discriminator": "0"},
            "member": {"nick": None, "roles": []}}


def wait_for(condition, seconds=60):
    deadline = time.time() + seconds
    while time.time() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.1)
    return None


subprocess.check_call(["swift", "build", "-c", "release", "--product", "librarybot"], cwd=root)
binary = os.path.join(subprocess.check_output(["swift", "build", "-c", "release", "--show-bin-path"], cwd=root, text=True).strip(), "librarybot")
emulator = subprocess.Popen([sys.executable, emulator_script], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
port = int(emulator.stdout.readline())
base = f"http://127.0.0.1:{port}"
folder = tempfile.mkdtemp()
database = os.path.join(folder, "bench.sqlite")
subprocess.run([binary, "console", "--database", database, "--as", "Ana"], input="add Dune by Frank Herbert\n", text=True, check=True, capture_output=True)
environment = dict(os.environ, DISCORD_ENABLED="true", DISCORD_TOKEN="discord-test-token",
                   DISCORD_API_URL=f"{base}/api/v10", REMINDERS_TIME="23:59:59")
bot = subprocess.Popen([binary, "run", "--database", database], env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
try:
    wait_for(lambda: any(p["op"] == 2 for p in http("GET", f"{base}/_gateway")), 20)
    time.sleep(2)
    with open(f"/proc/{bot.pid}/status") as status:
        rss = next(line for line in status if line.startswith("VmRSS")).split()[1]
    print(f"librarybot run, connected to Discord and idle: resident memory {int(rss) / 1024:.1f} MiB")

    for i in range(20):
        http("POST", f"{base}/_dispatch_many", {"t": "MESSAGE_CREATE", "events": [message(f"1{i:017d}", "!library who has Dune")]})
        time.sleep(0.05)
    wait_for(lambda: len(http("GET", f"{base}/_timings")["replied"]) >= 20, 10)
    timings = http("GET", f"{base}/_timings")
    paced = [(timings["replied"][k] - timings["sent"][k]) * 1000 for k in timings["sent"] if k in timings["replied"]]
    print(f"20 messages one at a time: reply p50 {percentile(paced, 0.5):.2f} ms, max {max(paced):.2f} ms")

    burst = [message(f"2{i:017d}", "!library who has Dune") for i in range(1000)]
    http("POST", f"{base}/_dispatch_many", {"t": "MESSAGE_CREATE", "events": burst})
    wait_for(lambda: len(http("GET", f"{base}/_timings")["replied"]) >= 1020)
    timings = http("GET", f"{base}/_timings")
    sent, replied = timings["sent"], timings["replied"]
    replies = [(replied[k] - sent[k]) * 1000 for k in sent if k in replied and k.startswith("2")]
    print(f"1,000 MESSAGE_CREATE in a burst: {len(replies)} answered, reply latency p50 {percentile(replies, 0.5):.2f} ms, "
          f"p99 {percentile(replies, 0.99):.2f} ms")

    resumes = []
    for i in range(20):
        before = len(http("GET", f"{base}/_timings")["resumed"])
        http("POST", f"{base}/_op", {"op": 7, "d": None})
        wait_for(lambda: len(http("GET", f"{base}/_timings")["resumed"]) > before, 10)
        timings = http("GET", f"{base}/_timings")
        resumes.append((timings["resumed"][-1] - timings["reconnect"][-1]) * 1000)
        time.sleep(0.1)
    print(f"op 7 RECONNECT to RESUMED, 20 times: p50 {percentile(resumes, 0.5):.2f} ms, max {max(resumes):.2f} ms")
finally:
    bot.terminate()
    bot.wait(10)
    emulator.stdin.close()
    emulator.wait(10)
