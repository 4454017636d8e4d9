"""Starts the native loopback peer (libwebsockets in server mode, Benchmarks/Sources/loopback-peer),
runs the command given after `--` with LIBRARYBOT_BENCH_WS_PORT and LIBRARYBOT_BENCH_HTTP_PORT
set, then the Python clients against the same peer, so that both sets of figures come from one
run and measure the clients rather than a slow server."""
import os, subprocess, sys

here = os.path.dirname(os.path.abspath(__file__))


subprocess.check_call(["swift", "build", "-c", "release", "--product", "loopback-peer"], cwd=os.path.join(here, ".."))
binary = subprocess.check_output(["swift", "build", "-c", "release", "--show-bin-path"], cwd=os.path.join(here, ".."), text=True).strip()
peer = subprocess.Popen([os.path.join(binary, "loopback-peer")], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
ws_port = http_port = int(peer.stdout.readline())
environment = dict(os.environ, LIBRARYBOT_BENCH_WS_PORT=str(ws_port), LIBRARYBOT_BENCH_HTTP_PORT=str(http_port))
command = sys.argv[sys.argv.index("--") + 1:]
status = subprocess.call(command, env=environment)
print("\nThe same measurements with Python clients, against the same servers:")
subprocess.call([sys.executable, os.path.join(here, "transport_clients.py"), str(ws_port), str(http_port)])
peer.stdin.close()
peer.wait()
sys.exit(status)
