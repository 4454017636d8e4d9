"""Starts the loopback peers (Tests/TransportTests/Resources/servers.py), runs the command given
after `--` with LIBRARYBOT_BENCH_WS_PORT and LIBRARYBOT_BENCH_HTTP_PORT set, then the Python
clients against the same peers, so that both sets of figures come from one run."""
import os, subprocess, sys

here = os.path.dirname(os.path.abspath(__file__))
servers = os.path.join(here, "..", "..", "Tests", "TransportTests", "Resources", "servers.py")


def start(mode):
    process = subprocess.Popen([sys.executable, servers, mode], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    return process, int(process.stdout.readline())


ws, ws_port = start("ws")
http, http_port = start("http")
environment = dict(os.environ, LIBRARYBOT_BENCH_WS_PORT=str(ws_port), LIBRARYBOT_BENCH_HTTP_PORT=str(http_port))
command = sys.argv[sys.argv.index("--") + 1:]
status = subprocess.call(command, env=environment)
print("\nThe same measurements with Python clients, against the same servers:")
subprocess.call([sys.executable, os.path.join(here, "transport_clients.py"), str(ws_port), str(http_port)])
for process in (ws, http):
    process.stdin.close()
    process.wait()
sys.exit(status)
