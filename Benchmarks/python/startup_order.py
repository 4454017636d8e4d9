"""Writes the code layout `make release` links by (config/release/startup.order and
startup.ld): the code that `librarybot run` runs to start and connect first, then the code of
its commands, each function in a section of its own, so that the pages the idle bot touches are
a few megabytes in a row instead of one here and there across the binary's 22 MB of code. The
kernel maps the page cache around every page a process touches (a whole large folio, often
hundreds of KiB), so scattered start-up code kept most of the binary's code resident.

How: `make release` with a link map; the binary (debug information removed: this valgrind
cannot read DWARF 5) runs under callgrind connected to the Slack emulator of the tests, then to
the Discord one; once connected and idle, callgrind dumps what ran so far (start-up), then a few
commands run and the rest is the commands' part. Every instruction that ran is found in the
link map's input sections. A section with a symbol of its own goes in startup.order by that
name; sections whose only names are also another section's (merged thunks, outlined copies,
`.L` functions with no symbol at all) cannot be named in an order file without pulling every
namesake along, among them whole cold `.text` sections of the prebuilt Swift libraries, so
startup.ld places them by section name before `.text`. A symbol the order names that a later
change removes is skipped by the linker (no warning), and a new function lands where it always
did: the layout goes stale slowly and `make order` renews it.

Run by `make order` (which installs valgrind); then `make release` links by the new files and
this script prints the idle memory of the bot linked before and after."""
import bisect, collections, os, re, shutil, signal, subprocess, sys, tempfile, time

from chat_bench import database_with_dune, http, memory_report, root, start_emulator

OUTPUT = os.path.join(root, "config", "release")
# Where valgrind (amd64) loads a position-independent executable.
VALGRIND_PIE_BASE = 0x108000
DISCORD_TOKEN = "discord-test-token"
COMMANDS = ["who has Dune", "checkout Dune", "my books", "return Dune", "list", "search dune", "help",
            "what did I borrow this month?", "add Emma by Jane Austen", "who has Emmaa"]


def release(link_map=None):
    """`make release` (with a link map when asked); the binary's path."""
    arguments = ["make", "--no-print-directory", "release"] + ([f"RELEASE_MAP={link_map}"] if link_map else [])
    output = subprocess.run(arguments, cwd=root, check=True, text=True, stdout=subprocess.PIPE).stdout
    return output.strip().splitlines()[-1]


def text_sections(link_map):
    """The input sections of the code output sections, in address order: [address, size, name,
    symbols], from an lld map written with --no-demangle."""
    sections, in_text = [], False
    line_format = re.compile(r"^\s*([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)\s+\d+\s(.*)$")
    with open(link_map) as lines:
        for line in lines:
            match = line_format.match(line.rstrip("\n"))
            if not match:
                continue
            address, size, rest = int(match.group(1), 16), int(match.group(2), 16), match.group(3)
            if not rest.startswith(" "):  # an output section
                in_text = rest.strip().startswith(".text")
            elif in_text and ":(" in rest:
                sections.append([address, size, rest.strip(), []])
            elif in_text and sections and sections[-1][0] <= address < sections[-1][0] + max(sections[-1][1], 1):
                sections[-1][3].append(rest.strip())
    return sections


def sections_run(profile, binary_name, sections, starts):
    """Indexes of the sections holding an instruction that ran, in the order they first appear
    in a callgrind output written with --dump-instr=yes."""
    seen, position, in_binary, unknown, objects = {}, 0, False, False, {}
    object_line = re.compile(r"^(c?ob)=\((\d+)\)(?: (.*))?$")
    with open(profile, errors="replace") as lines:
        for line in lines:
            first = line[:1]
            if first.isdigit() or first in "+-*":
                field = line.split()[0]
                if field.startswith("0x"):
                    position = int(field, 16)
                elif first == "+":
                    position += int(field[1:])
                elif first == "-":
                    position -= int(field[1:])
                address = position
                if in_binary:
                    # Outside `.text` (in `.text.early`, which startup.ld adds), valgrind gives
                    # the address where it loaded the code, not the one of the link map.
                    address -= VALGRIND_PIE_BASE if unknown else 0
                    index = bisect.bisect_right(starts, address) - 1
                    if index >= 0 and address < sections[index][0] + sections[index][1] and index not in seen:
                        seen[index] = len(seen)
                continue
            match = object_line.match(line.rstrip("\n"))
            if match:
                if match.group(3):
                    objects[match.group(2)] = match.group(3)
                if match.group(1) == "ob":
                    # Callgrind names the code of `.text.early` "???", not the binary: the
                    # link map's sections tell whose it is.
                    name = objects[match.group(2)]
                    unknown = name == "???"
                    in_binary = name.endswith("/" + binary_name) or unknown
    return sorted(seen, key=seen.get)


def profile(binary, platform, directory):
    """Runs `binary` under callgrind, connected to the emulator of `platform`; returns the
    callgrind outputs of start-up (to connected and idle) and of a few commands."""
    if platform == "slack":
        emulator, base = start_emulator("slack_emulator.py", "--socket-mode")
        environment = dict(SLACK_ENABLED="true", SLACK_APP_TOKEN="xapp-test", SLACK_BOT_TOKEN="xoxb-test",
                           SLACK_API_URL=f"{base}/api/")
    else:
        emulator, base = start_emulator("discord_emulator.py")
        environment = dict(DISCORD_ENABLED="true", DISCORD_TOKEN=DISCORD_TOKEN, DISCORD_API_URL=f"{base}/api/v10")
    out = os.path.join(directory, f"callgrind.{platform}")
    database = database_with_dune(binary)
    bot = subprocess.Popen(["valgrind", "--tool=callgrind", "--dump-instr=yes", "--demangle=no",
                            f"--callgrind-out-file={out}", binary, "run", "--database", database],
                           # Set, as `librarybot run` sets it for itself by starting once more (GnuTLSStartup):
                           # under valgrind that second start would run the tool's binary, unprofiled.
                           env=dict(os.environ, REMINDERS_TIME="23:59:59", GNUTLS_NO_IMPLICIT_INIT="1", **environment),
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        def connected():
            if platform == "slack":
                return http("GET", f"{base}/_connections")
            return any(payload["op"] == 2 for payload in http("GET", f"{base}/_gateway"))
        deadline = time.time() + 180
        while not connected():
            if time.time() > deadline or bot.poll() is not None:
                sys.exit(f"librarybot under valgrind did not connect to the {platform} emulator")
            time.sleep(0.5)
        time.sleep(5)
        subprocess.run(["callgrind_control", "--dump=startup", str(bot.pid)], check=True, capture_output=True)
        for number, text in enumerate(COMMANDS):
            if platform == "slack":
                http("POST", f"{base}/_send_many", {"messages": [
                    {"envelope_id": f"e{number}", "type": "slash_commands", "accepts_response_payload": True,
                     "payload": {"channel_id": "C-LIB", "user_id": "U-ANA", "user_name": "ana.r", "command": "/library",
                                 "text": text, "response_url": f"{base}/response/e{number}"}}]})
            else:
                http("POST", f"{base}/_dispatch_many", {"t": "MESSAGE_CREATE", "events": [
                    {"id": f"9{number:017d}", "channel_id": "500000000000000001", "guild_id": "600000000000000001",
                     "type": 0, "content": f"!library {text}",
                     "author": {"id": "700000000000000001", "username": "ana.r", "global_name": "Ana Ruiz",
                                "discriminator": "0"}, "member": {"nick": None, "roles": []}}]})
            time.sleep(1)
    finally:
        bot.send_signal(signal.SIGTERM)
        bot.wait(180)
        emulator.stdin.close()
        emulator.wait(10)
    dumps = sorted(name for name in os.listdir(directory) if name.startswith(f"callgrind.{platform}"))
    startup = [os.path.join(directory, name) for name in dumps if name != f"callgrind.{platform}"]
    return startup[0], out


def idle_memory(binary):
    """The bot's memory connected to the Slack emulator and idle, as `make bench` reports it."""
    emulator, base = start_emulator("slack_emulator.py", "--socket-mode")
    database = database_with_dune(binary)
    bot = subprocess.Popen([binary, "run", "--database", database],
                           env=dict(os.environ, SLACK_ENABLED="true", SLACK_APP_TOKEN="xapp-test",
                                    SLACK_BOT_TOKEN="xoxb-test", SLACK_API_URL=f"{base}/api/",
                                    REMINDERS_TIME="23:59:59"),
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.time() + 20
        while not http("GET", f"{base}/_connections") and time.time() < deadline:
            time.sleep(0.1)
        time.sleep(2)
        return memory_report(bot.pid, idle_seconds=2)
    finally:
        bot.terminate()
        bot.wait(10)
        emulator.stdin.close()
        emulator.wait(10)


def main():
    directory = tempfile.mkdtemp(prefix="librarybot-order-")
    link_map = os.path.join(directory, "link.map")
    print("Linking librarybot with a map (make release)…", flush=True)
    built = release(link_map)
    binary = os.path.join(directory, "librarybot")
    shutil.copy(built, binary)
    subprocess.run(["objcopy", "--strip-debug", binary], check=True)
    sections = text_sections(link_map)
    starts = [section[0] for section in sections]
    names = collections.Counter(symbol for section in sections for symbol in section[3])

    order = {}  # section index -> phase (0: start-up, 1: commands)
    for platform in ["slack", "discord"]:
        print(f"Profiling start-up and a few commands on the {platform} emulator under callgrind…", flush=True)
        startup, commands = profile(binary, platform, directory)
        for phase, output in enumerate([startup, commands]):
            for index in sections_run(output, "librarybot", sections, starts):
                order[index] = min(order.get(index, phase), phase)

    ordered, by_name, phases = [], [], [0, 0]
    for phase in (0, 1):
        for index in (index for index, value in order.items() if value == phase):
            address, size, name, symbols = sections[index]
            phases[phase] += size
            unique = [symbol for symbol in symbols if names[symbol] == 1]
            section = name.split(":(", 1)[1][:-1]
            if unique:
                ordered.append(unique[0])
            elif section.startswith(".text.") and not section.startswith(".text..L") and section not in by_name:
                by_name.append(section)
    os.makedirs(OUTPUT, exist_ok=True)
    with open(os.path.join(OUTPUT, "startup.order"), "w") as order_file:
        order_file.write("".join(f"{symbol}\n" for symbol in dict.fromkeys(ordered)))
    with open(os.path.join(OUTPUT, "startup.ld"), "w") as script:
        script.write("/* Written by `make order` (Benchmarks/python/startup_order.py): before .text, the functions\n"
                     "   with no symbol (.L), then the code start-up runs that startup.order cannot name. */\n"
                     "SECTIONS {\n  .text.early : {\n"
                     "    *(.text..L*)\n" + "".join(f"    *({section})\n" for section in by_name) +
                     "  }\n}\nINSERT BEFORE .text;\n")
    print(f"{len(order)} sections ran: {phases[0] / 1048576:.2f} MiB at start-up, {phases[1] / 1048576:.2f} MiB "
          f"more in commands; {len(dict.fromkeys(ordered))} symbols in config/release/startup.order, "
          f"{len(by_name)} sections by name in startup.ld")

    print("Linking by the new layout (make release)…", flush=True)
    relinked = release()
    print(f"before: {idle_memory(binary)}")
    print(f"after:  {idle_memory(relinked)}")
    shutil.rmtree(directory)


if __name__ == "__main__":
    main()
