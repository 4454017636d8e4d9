"""The Slack gateway benchmark: `librarybot run` (release build) connected to the Slack
emulator of the tests; a burst of 1,000 slash commands pushed back to back; the latency from
each push to its ack on the socket, and to its reply on response_url (p50, p99); and the
resident memory of the process connected and idle. Run by `make bench`."""
import os, subprocess, time

from chat_bench import cpu_seconds, database_with_dune, http, percentile, release_binary, resident_mib, start_emulator

binary = release_binary()
emulator, base = start_emulator("slack_emulator.py", "--socket-mode")
database = database_with_dune(binary)
environment = dict(os.environ, SLACK_ENABLED="true", SLACK_APP_TOKEN="xapp-test", SLACK_BOT_TOKEN="xoxb-test",
                   SLACK_API_URL=f"{base}/api/", REMINDERS_TIME="23:59:59")
bot = subprocess.Popen([binary, "run", "--database", database], env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
try:
    deadline = time.time() + 20
    while not http("GET", f"{base}/_connections") and time.time() < deadline:
        time.sleep(0.1)
    time.sleep(2)
    print(f"librarybot run, connected to Slack and idle: resident memory {resident_mib(bot.pid):.1f} MiB")

    # First, one command at a time (20 of them, 50 ms apart): the latency without queueing.
    for i in range(20):
        http("POST", f"{base}/_send_many", {"messages": [{"envelope_id": f"p{i}", "type": "slash_commands", "payload": {
            "channel_id": "C-LIB", "user_id": "U-ANA", "command": "/library", "text": "who has Dune",
            "response_url": f"{base}/response/p{i}"}}]})
        time.sleep(0.05)
    time.sleep(0.5)
    timings = http("GET", f"{base}/_timings")
    paced_acks = [(timings["acked"][k] - timings["sent"][k]) * 1000 for k in timings["sent"] if k in timings["acked"]]
    paced_replies = [(timings["responded"][k] - timings["sent"][k]) * 1000 for k in timings["sent"] if k in timings["responded"]]
    print(f"20 slash commands one at a time: ack p50 {percentile(paced_acks, 0.5):.2f} ms, max {max(paced_acks):.2f} ms; "
          f"reply p50 {percentile(paced_replies, 0.5):.2f} ms, max {max(paced_replies):.2f} ms")

    messages = [{"envelope_id": f"e{i}", "type": "slash_commands", "accepts_response_payload": True,
                 "payload": {"channel_id": "C-LIB", "user_id": "U-ANA", "user_name": "ana.r", "command": "/library",
                             "text": "who has Dune", "response_url": f"{base}/response/e{i}"}} for i in range(1000)]
    cpu_before = cpu_seconds(bot.pid)
    http("POST", f"{base}/_send_many", {"messages": messages})
    deadline = time.time() + 60
    while time.time() < deadline:
        timings = http("GET", f"{base}/_timings")
        if len(timings["responded"]) >= 1020:
            break
        time.sleep(0.2)
    cpu = cpu_seconds(bot.pid) - cpu_before
    sent, acked, responded = timings["sent"], timings["acked"], timings["responded"]
    acks = [(acked[k] - sent[k]) * 1000 for k in sent if k in acked and k.startswith("e")]
    replies = [(responded[k] - sent[k]) * 1000 for k in sent if k in responded and k.startswith("e")]
    print(f"1,000 slash commands in a burst: {len(acks)} acked, ack latency p50 {percentile(acks, 0.5):.2f} ms, p99 {percentile(acks, 0.99):.2f} ms")
    print(f"  {len(replies)} answered on response_url, reply latency p50 {percentile(replies, 0.5):.2f} ms, p99 {percentile(replies, 0.99):.2f} ms")
    print(f"  librarybot's CPU time for the burst: {cpu * 1000:.0f} ms, {cpu * 1000:.0f} µs a command (2 cores, shared with the emulator)")
finally:
    bot.terminate()
    bot.wait(10)
    emulator.stdin.close()
    emulator.wait(10)
