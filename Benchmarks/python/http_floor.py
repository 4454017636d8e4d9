"""How much of an HTTP request's time is libcurl's own: `http-floor` (libcurl driven from C, with
the options HTTPClient sets) and `http-load` (the same measures through HTTPClient), against
the native loopback peer of `make bench`, alternated RUNS times (default 3) so that the
machine's noise falls on both. Each run prints one request at a time (p50, p99) and 16 in flight
(requests per second), then the same with aiohttp when it is installed (`make bench` installs
it). Not part of `make bench`: run it with `python3 Benchmarks/python/http_floor.py [RUNS]`."""
import asyncio, os, statistics, subprocess, sys, time

here = os.path.dirname(os.path.abspath(__file__))
benchmarks = os.path.join(here, "..")

for product in ["loopback-peer", "http-floor", "http-load"]:
    subprocess.check_call(["swift", "build", "-c", "release", "--product", product], cwd=benchmarks)
binary = subprocess.check_output(["swift", "build", "-c", "release", "--show-bin-path"], cwd=benchmarks, text=True).strip()
peer = subprocess.Popen([os.path.join(binary, "loopback-peer")], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
url = f"http://127.0.0.1:{int(peer.stdout.readline())}/anything"
runs = int(sys.argv[1]) if len(sys.argv) > 1 else 3


async def aiohttp_run(aiohttp):
    async with aiohttp.ClientSession() as session:
        async def get():
            async with session.get(url) as response:
                await response.read()
        times = []
        for index in range(5_100):
            start = time.perf_counter_ns()
            await get()
            if index >= 100:
                times.append((time.perf_counter_ns() - start) / 1000)
        times.sort()
        print(f"aiohttp, one at a time: p50 {times[len(times) // 2]:.0f} us, p99 {times[len(times) * 99 // 100]:.0f} us")

        async def worker():
            for _ in range(100):
                await get()
        rates = []
        for _ in range(20):
            start = time.perf_counter()
            await asyncio.gather(*[worker() for _ in range(16)])
            rates.append(1_600 / (time.perf_counter() - start))
        print(f"aiohttp, 16 in flight: {statistics.median(rates):.0f} requests/s (median of 20 rounds)", flush=True)


try:
    import aiohttp
except ImportError:
    aiohttp = None
try:
    for run in range(runs):
        print(f"run {run + 1} of {runs}", flush=True)
        for tool in ["http-floor", "http-load"]:
            subprocess.check_call([os.path.join(binary, tool), url, "20"])
        if aiohttp:
            asyncio.run(aiohttp_run(aiohttp))
finally:
    peer.stdin.close()
    peer.wait()
