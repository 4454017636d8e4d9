"""A small HTTP/1.1 server (keep-alive, Content-Length bodies) on an asyncio event loop, shared
by the platform emulators: no thread per request, so an emulator keeps up with a burst and its
timestamps are not delayed by other threads holding the GIL."""
import asyncio, json, os, sys, threading

REASONS = {200: "OK", 204: "No Content", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found", 409: "Conflict",
           429: "Too Many Requests"}


class Request:
    def __init__(self, method, target, headers, raw):
        self.method, self.target, self.headers, self.raw = method, target, headers, raw

    def json(self):
        return json.loads(self.raw) if self.raw else None


async def start(route, backlog=256):
    """Serves `route(request) -> (status, body, headers)` on 127.0.0.1 and returns the port.
    `body` is None (no body), a str (text/plain) or anything JSON encodes."""

    async def connection(reader, writer):
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                lines = head.decode("latin-1").split("\r\n")
                method, target, _ = lines[0].split(" ", 2)
                headers = {}
                for line in lines[1:]:
                    if ":" in line:
                        name, value = line.split(":", 1)
                        headers[name.strip().lower()] = value.strip()
                length = int(headers.get("content-length") or 0)
                raw = await reader.readexactly(length) if length else b""
                status, body, extra = await route(Request(method, target, headers, raw))
                if body is None:
                    data, kind = b"", None
                elif isinstance(body, str):
                    data, kind = body.encode(), "text/plain"
                else:
                    data, kind = json.dumps(body).encode(), "application/json"
                out = [f"HTTP/1.1 {status} {REASONS.get(status, 'OK')}", f"Content-Length: {len(data)}"]
                if kind:
                    out.append(f"Content-Type: {kind}")
                out += [f"{name}: {value}" for name, value in extra]
                writer.write(("\r\n".join(out) + "\r\n\r\n").encode() + data)
        except (asyncio.IncompleteReadError, asyncio.LimitOverrunError, ConnectionError, ValueError):
            pass
        finally:
            writer.close()

    server = await asyncio.start_server(connection, "127.0.0.1", 0, backlog=backlog)
    return server.sockets[0].getsockname()[1]


def serve_until_stdin_closes(setup):
    """Runs an emulator: `setup()` (async) starts its other servers and returns its HTTP route;
    then the HTTP port is printed on the first line and everything is served until standard
    input closes, so the emulator never outlives its test."""
    threading.Thread(target=lambda: (sys.stdin.read(), os._exit(0)), daemon=True).start()

    async def main():
        print(await start(await setup()), flush=True)
        await asyncio.Future()
    asyncio.run(main())
