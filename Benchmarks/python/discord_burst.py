"""The Discord gateway benchmark: `librarybot run` (release build) connected to the Discord
emulator of the tests; resident memory when connected and idle; 20 messages one at a time, then
a burst of 1,000 MESSAGE_CREATE pushed back to back, with the latency from each push to its
reply arriving at the REST API (p50, p99); and 20 times, the time from an op 7 RECONNECT to the
RESUMED on the new connection. Run by `make bench`."""
import os, subprocess, time

from chat_bench import cpu_seconds, database_with_dune, http, percentile, release_binary, resident_mib, start_emulator


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


binary = release_binary()
emulator, base = start_emulator("discord_emulator.py")
database = database_with_dune(binary)
environment = dict(os.environ, DISCORD_ENABLED="true", DISCORD_TOKEN="discord-test-token",
                   DISCORD_API_URL=f"{base}/api/v10", REMINDERS_TIME="23:59:59")
bot = subprocess.Popen([binary, "run", "--database", database], env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
try:
    wait_for(lambda: any(p["op"] == 2 for p in http("GET", f"{base}/_gateway")), 20)
    time.sleep(2)
    print(f"librarybot run, connected to Discord and idle: resident memory {resident_mib(bot.pid):.1f} MiB")

    for i in range(20):
        http("POST", f"{base}/_dispatch_many", {"t": "MESSAGE_CREATE", "events": [message(f"1{i:017d}", "!library who has Dune")]})
        time.sleep(0.05)
    wait_for(lambda: len(http("GET", f"{base}/_timings")["replied"]) >= 20, 10)
    timings = http("GET", f"{base}/_timings")
    paced = [(timings["replied"][k] - timings["sent"][k]) * 1000 for k in timings["sent"] if k in timings["replied"]]
    print(f"20 messages one at a time: reply p50 {percentile(paced, 0.5):.2f} ms, max {max(paced):.2f} ms")

    burst = [message(f"2{i:017d}", "!library who has Dune") for i in range(1000)]
    cpu_before = cpu_seconds(bot.pid)
    http("POST", f"{base}/_dispatch_many", {"t": "MESSAGE_CREATE", "events": burst})
    wait_for(lambda: len(http("GET", f"{base}/_timings")["replied"]) >= 1020)
    cpu = cpu_seconds(bot.pid) - cpu_before
    timings = http("GET", f"{base}/_timings")
    sent, replied = timings["sent"], timings["replied"]
    replies = [(replied[k] - sent[k]) * 1000 for k in sent if k in replied and k.startswith("2")]
    print(f"1,000 MESSAGE_CREATE in a burst: {len(replies)} answered, reply latency p50 {percentile(replies, 0.5):.2f} ms, "
          f"p99 {percentile(replies, 0.99):.2f} ms")
    print(f"  librarybot's CPU time for the burst: {cpu * 1000:.0f} ms, {cpu * 1000:.0f} µs a message (2 cores, shared with the emulator)")

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
