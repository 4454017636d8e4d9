"""The Slack gateway benchmark: `librarybot run` (release build) connected to the Slack
emulator of the tests; its memory when connected and idle; 20 slash commands one at a time,
then a burst of 1,000 pushed back to back, with the latency from each push to its ack on the
socket, and to its reply on response_url (p50, p99); five more bursts, and every burst's p99
with their median. Then three bursts answered by the floor (chat-floor: the same transport, an
ack and a fixed reply, no bot work), on a fresh emulator, then three each answered by the floor
spending 100 and 200 µs of CPU a command. Run by `make bench`."""
import os, subprocess, time

from chat_bench import cpu_seconds, database_with_dune, http, memory_after_bursts, memory_report, p99s, percentile, release_binary, start_emulator, wait_for_count, with_floor


def command(base, id, text="who has Dune"):
    return {"envelope_id": id, "type": "slash_commands", "accepts_response_payload": True,
            "payload": {"channel_id": "C-LIB", "user_id": "U-ANA", "user_name": "ana.r", "command": "/library",
                        "text": text, "response_url": f"{base}/response/{id}"}}


def burst(base, pid, prefix, count=1000):
    """Pushes `count` slash commands back to back; returns the ack and reply latencies (ms) and
    the CPU time (s) process `pid` spent until the last reply."""
    answered = http("GET", f"{base}/_counts")["responded"]
    before = cpu_seconds(pid)
    http("POST", f"{base}/_send_many", {"messages": [command(base, f"{prefix}{i}") for i in range(count)]})
    wait_for_count(base, "responded", answered + count)
    cpu = cpu_seconds(pid) - before
    timings = http("GET", f"{base}/_timings")
    sent, acked, responded = timings["sent"], timings["acked"], timings["responded"]
    acks = [(acked[k] - sent[k]) * 1000 for k in sent if k in acked and k.startswith(prefix)]
    replies = [(responded[k] - sent[k]) * 1000 for k in sent if k in responded and k.startswith(prefix)]
    return acks, replies, cpu


def report(who, acks, replies, cpu):
    print(f"1,000 slash commands in a burst, answered by {who}: {len(acks)} acked, ack latency "
          f"p50 {percentile(acks, 0.5):.2f} ms, p99 {percentile(acks, 0.99):.2f} ms")
    print(f"  {len(replies)} answered on response_url, reply latency p50 {percentile(replies, 0.5):.2f} ms, "
          f"p99 {percentile(replies, 0.99):.2f} ms; CPU {cpu * 1000:.0f} µs a command (2 cores, shared with the emulator)")


def summarize(who, runs):
    """Every burst's p99 and their median, the figures a goal is judged on."""
    print(f"{len(runs)} bursts answered by {who}: ack p99 {p99s(acks for acks, _, _ in runs)}; "
          f"reply p99 {p99s(replies for _, replies, _ in runs)}; CPU "
          + ", ".join(f"{cpu * 1000:.0f}" for _, _, cpu in runs) + " µs a command")


def connected(base):
    deadline = time.time() + 20
    while not http("GET", f"{base}/_connections") and time.time() < deadline:
        time.sleep(0.1)


binary = release_binary()
emulator, base = start_emulator("slack_emulator.py", "--socket-mode")
database = database_with_dune(binary)
environment = dict(os.environ, SLACK_ENABLED="true", SLACK_APP_TOKEN="xapp-test", SLACK_BOT_TOKEN="xoxb-test",
                   SLACK_API_URL=f"{base}/api/", REMINDERS_TIME="23:59:59")
bot = subprocess.Popen([binary, "run", "--database", database], env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
try:
    connected(base)
    time.sleep(2)
    print(f"librarybot run (make release), connected to Slack and idle: {memory_report(bot.pid)}")

    # First, one command at a time (20 of them, 50 ms apart): the latency without queueing.
    for i in range(20):
        http("POST", f"{base}/_send_many", {"messages": [command(base, f"p{i}")]})
        time.sleep(0.05)
    time.sleep(0.5)
    timings = http("GET", f"{base}/_timings")
    paced_acks = [(timings["acked"][k] - timings["sent"][k]) * 1000 for k in timings["sent"] if k in timings["acked"]]
    paced_replies = [(timings["responded"][k] - timings["sent"][k]) * 1000 for k in timings["sent"] if k in timings["responded"]]
    print(f"20 slash commands one at a time: ack p50 {percentile(paced_acks, 0.5):.2f} ms, max {max(paced_acks):.2f} ms; "
          f"reply p50 {percentile(paced_replies, 0.5):.2f} ms, max {max(paced_replies):.2f} ms")

    first = burst(base, bot.pid, "e")
    report("librarybot", *first)
    memory, more = memory_after_bursts(bot.pid, lambda: [burst(base, bot.pid, f"m{run}-") for run in range(5)])
    print("librarybot after 5 more bursts of 1,000: " + memory)
    summarize("librarybot", [first] + more)
finally:
    bot.terminate()
    bot.wait(10)
    emulator.stdin.close()
    emulator.wait(10)

def idle_then_bursts(base, pid):
    """The floor's memory when connected and idle (the libraries and the transport, no bot),
    then three bursts."""
    time.sleep(2)
    print(f"chat-floor (swift build -c release, the Swift libraries linked dynamically), connected to Slack and idle: {memory_report(pid)}")
    return [burst(base, pid, f"f{run}-") for run in range(3)]


floor_runs = with_floor("slack", "slack_emulator.py", ["--socket-mode"], "/api/", "xapp-test", idle_then_bursts)
report("the floor (chat-floor)", *floor_runs[0])
summarize("the floor", floor_runs)

# The floor again, spending 100 then 200 µs of CPU on each command before its reply, as a bot's
# own work would: how the burst's latency grows with what a bot spends on a command on this
# machine. Three bursts each, as one burst swings widely from run to run.
for spend, prefix in ((100, "g"), (200, "h")):
    runs = with_floor("slack", "slack_emulator.py", ["--socket-mode"], "/api/", "xapp-test",
                      lambda base, pid: [burst(base, pid, f"{prefix}{run}-") for run in range(3)], spend_us=spend)
    summarize(f"the floor spending {spend} µs a command", runs)
