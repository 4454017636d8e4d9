"""The Discord gateway benchmark: `librarybot run` (release build) connected to the Discord
emulator of the tests; its memory when connected and idle; 20 messages one at a time, then a
burst of 1,000 MESSAGE_CREATE pushed back to back, with the latency from each push to its reply
arriving at the REST API (p50, p99); 20 times, the time from an op 7 RECONNECT to the RESUMED
on the new connection; five more bursts, and every burst's p99 with their median. Then three
bursts answered by the floor (chat-floor: the same transport, a fixed reply, no bot work), on a
fresh emulator, then three each answered by the floor spending 100 and 200 µs of CPU a message.
Run by `make bench`."""
import os, subprocess, time

from chat_bench import cpu_seconds, database_with_dune, http, memory_after_bursts, memory_report, p99s, percentile, release_binary, start_emulator, wait_for_count, with_floor

TOKEN = "discord-test-token"


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


def burst(base, pid, prefix, count=1000):
    """Pushes `count` MESSAGE_CREATE back to back; returns the reply latencies (ms) and the
    CPU time (s) process `pid` spent until the last reply."""
    events = [message(f"{prefix}{i:017d}", "!library who has Dune") for i in range(count)]
    answered = http("GET", f"{base}/_counts")["replied"]
    before = cpu_seconds(pid)
    http("POST", f"{base}/_dispatch_many", {"t": "MESSAGE_CREATE", "events": events})
    wait_for_count(base, "replied", answered + count)
    cpu = cpu_seconds(pid) - before
    timings = http("GET", f"{base}/_timings")
    sent, replied = timings["sent"], timings["replied"]
    return [(replied[k] - sent[k]) * 1000 for k in sent if k in replied and k.startswith(prefix)], cpu


def report(who, latencies, cpu):
    print(f"1,000 MESSAGE_CREATE in a burst, answered by {who}: {len(latencies)} answered, reply latency "
          f"p50 {percentile(latencies, 0.5):.2f} ms, p99 {percentile(latencies, 0.99):.2f} ms; "
          f"CPU {cpu * 1000:.0f} µs a message (2 cores, shared with the emulator)")


def summarize(who, runs):
    """Every burst's p99 and their median, the figures a goal is judged on."""
    print(f"{len(runs)} bursts answered by {who}: reply p99 {p99s(latencies for latencies, _ in runs)}; CPU "
          + ", ".join(f"{cpu * 1000:.0f}" for _, cpu in runs) + " µs a message")


binary = release_binary()
emulator, base = start_emulator("discord_emulator.py")
database = database_with_dune(binary)
environment = dict(os.environ, DISCORD_ENABLED="true", DISCORD_TOKEN=TOKEN,
                   DISCORD_API_URL=f"{base}/api/v10", REMINDERS_TIME="23:59:59")
bot = subprocess.Popen([binary, "run", "--database", database], env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
try:
    wait_for(lambda: any(p["op"] == 2 for p in http("GET", f"{base}/_gateway")), 20)
    time.sleep(2)
    print(f"librarybot run (make release), connected to Discord and idle: {memory_report(bot.pid)}")

    for i in range(20):
        http("POST", f"{base}/_dispatch_many", {"t": "MESSAGE_CREATE", "events": [message(f"1{i:017d}", "!library who has Dune")]})
        time.sleep(0.05)
    wait_for_count(base, "replied", 20, 10)
    timings = http("GET", f"{base}/_timings")
    paced = [(timings["replied"][k] - timings["sent"][k]) * 1000 for k in timings["sent"] if k in timings["replied"]]
    print(f"20 messages one at a time: reply p50 {percentile(paced, 0.5):.2f} ms, max {max(paced):.2f} ms")

    first = burst(base, bot.pid, "2")
    report("librarybot", *first)

    resumes = []
    for i in range(20):
        before = http("GET", f"{base}/_counts")["resumed"]
        http("POST", f"{base}/_op", {"op": 7, "d": None})
        wait_for_count(base, "resumed", before + 1, 10)
        timings = http("GET", f"{base}/_timings")
        resumes.append((timings["resumed"][-1] - timings["reconnect"][-1]) * 1000)
        time.sleep(0.1)
    print(f"op 7 RECONNECT to RESUMED, 20 times: p50 {percentile(resumes, 0.5):.2f} ms, max {max(resumes):.2f} ms")
    memory, more = memory_after_bursts(bot.pid, lambda: [burst(base, bot.pid, str(run)) for run in range(3, 8)])
    print("librarybot after 5 more bursts of 1,000: " + memory)
    summarize("librarybot", [first] + more)
finally:
    bot.terminate()
    bot.wait(10)
    emulator.stdin.close()
    emulator.wait(10)

floor_runs = with_floor("discord", "discord_emulator.py", [], "/api/v10", TOKEN,
                        lambda base, pid: [burst(base, pid, f"3{run}") for run in range(3)])
report("the floor (chat-floor)", *floor_runs[0])
summarize("the floor", floor_runs)

# The floor again, spending 100 then 200 µs of CPU on each command before its reply, as a bot's
# own work would: how the burst's latency grows with what a bot spends on a command on this
# machine. Three bursts each, as one burst swings widely from run to run.
for spend, prefix in ((100, "4"), (200, "5")):
    runs = with_floor("discord", "discord_emulator.py", [], "/api/v10", TOKEN,
                      lambda base, pid: [burst(base, pid, f"{prefix}{run}") for run in range(3)], spend_us=spend)
    summarize(f"the floor spending {spend} µs a message", runs)
