"""The transport benchmarks' Python side: the same measurements with the `websockets` and
`aiohttp` clients, against the same loopback servers (ports as arguments, from with_peers.py).
Prints one line per measure."""
import asyncio, statistics, sys, time

import aiohttp
import websockets


def percentile(values, fraction):
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * fraction))]


async def main(ws_port, http_port):
    async with websockets.connect(f"ws://127.0.0.1:{ws_port}/echo", compression=None, max_size=None) as ws:
        times = []
        message = "x" * 32
        for i in range(20_100):
            start = time.perf_counter_ns()
            await ws.send(message)
            await ws.recv()
            if i >= 100:
                times.append((time.perf_counter_ns() - start) / 1000)
        print(f"python websockets echo round trip: p50 {percentile(times, 0.5):.0f} us, p99 {percentile(times, 0.99):.0f} us")

    async with websockets.connect(f"ws://127.0.0.1:{ws_port}/sink", compression=None) as ws:
        rates = []
        for _ in range(10):
            start = time.perf_counter()
            for _ in range(10_000):
                await ws.send("x" * 32)
            await ws.send("done")
            assert await ws.recv() == "10000"
            rates.append(10_000 / (time.perf_counter() - start))
        print(f"python websockets one-way: {statistics.median(rates):.0f} messages/s")

    async with aiohttp.ClientSession() as session:
        url = f"http://127.0.0.1:{http_port}/anything"
        async with session.get(url) as response:
            await response.read()
        times = []
        for _ in range(3_000):
            start = time.perf_counter_ns()
            async with session.get(url) as response:
                await response.read()
            times.append((time.perf_counter_ns() - start) / 1000)
        p50 = percentile(times, 0.5)
        print(f"python aiohttp GET keep-alive: p50 {p50:.0f} us ({1e6 / p50:.0f} requests/s at p50), p99 {percentile(times, 0.99):.0f} us, "
              f"{1e6 / statistics.mean(times):.0f} requests/s on average")

        async def worker():
            for _ in range(100):
                async with session.get(url) as response:
                    await response.read()
        rates = []
        for _ in range(10):
            start = time.perf_counter()
            await asyncio.gather(*[worker() for _ in range(16)])
            rates.append(1_600 / (time.perf_counter() - start))
        print(f"python aiohttp GETs keep-alive, 16 in flight: {statistics.median(rates):.0f} requests/s")


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]), int(sys.argv[2])))
