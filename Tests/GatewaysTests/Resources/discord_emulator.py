"""A Discord emulator on loopback for the gateway tests and the benchmark: the REST API over HTTP
and the gateway over a websocket, payloads shaped as in Discord's documentation
(https://discord.com/developers/docs/events/gateway, .../topics/opcodes-and-status-codes,
.../topics/rate-limits, .../interactions/receiving-and-responding). Prints its HTTP port, serves
until stdin closes.

REST lives under /api/v10. The bot token is `discord-test-token`; anything else gets 401.
Channel `429000000000000001` answers its first message with a 429 (retry_after 0.5 s); channel
`429000000000000002` is a bucket of 2 messages a second that answers 429 to a third.

Gateway: HELLO with `--heartbeat-ms` (default 45000); IDENTIFY → READY; RESUME → the events the
client missed, then RESUMED; heartbeats are acknowledged unless the connection is a zombie.

Test controls (HTTP): POST /_dispatch {"t", "d"} (an event on the current session; buffered while
the connection is a zombie), POST /_dispatch_many {"t", "events": [d, ...]} (stamped by message
id), POST /_op (a raw payload on the current connection), POST /_zombie (stop acknowledging
heartbeats and delivering events on the current connection), POST /_close {"code", "reason"};
GET /_requests, /_gateway (every payload the bot sent: connection number, path, op, d),
/_timings."""
import asyncio, json, os, sys, threading, time, uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlparse

TOKEN = "discord-test-token"
BOT = {"id": "100000000000000001", "username": "librarybot", "global_name": None, "bot": True, "discriminator": "0"}
APPLICATION_ID = "100000000000000001"
LIMITED_ONCE = "429000000000000001"
BUCKET_OF_TWO = "429000000000000002"

lock = threading.Lock()
received = []
gateway_log = []
timings = {"sent": {}, "replied": {}, "reconnect": [], "resumed": []}
limited = set()
bucket_calls = []
loop = None
ws_port = None
heartbeat_ms = 45000
sessions = {}      # session id -> {"seq": int, "events": [(seq, payload)]}
connections = []   # every connection: {"ws", "number", "path", "session", "zombie"}


def current():
    with lock:
        return connections[-1] if connections else None


async def send_event(connection, t, d):
    """Records an event in the connection's session and delivers it unless the connection is a zombie."""
    session = sessions[connection["session"]]
    session["seq"] += 1
    payload = {"op": 0, "s": session["seq"], "t": t, "d": d}
    session["events"].append((session["seq"], payload))
    if not connection["zombie"]:
        await connection["ws"].send(json.dumps(payload))
    return session["seq"]


def new_session(connection):
    session_id = uuid.uuid4().hex
    sessions[session_id] = {"seq": 0, "events": []}
    connection["session"] = session_id
    return session_id


async def gateway(ws):
    path = ws.request.path if hasattr(ws, "request") else ws.path
    connection = {"ws": ws, "path": path, "session": None, "zombie": False}
    with lock:
        connections.append(connection)
        connection["number"] = len(connections)
    await ws.send(json.dumps({"op": 10, "s": None, "t": None, "d": {"heartbeat_interval": heartbeat_ms}}))
    try:
        async for raw in ws:
            payload = json.loads(raw)
            op, d = payload.get("op"), payload.get("d")
            with lock:
                gateway_log.append({"connection": connection["number"], "path": path, "op": op, "d": d})
            if op == 1:
                if not connection["zombie"]:
                    await ws.send(json.dumps({"op": 11, "s": None, "t": None, "d": None}))
            elif op == 2:
                if d.get("token") != TOKEN:
                    await ws.close(4004, "Authentication failed.")
                    return
                session_id = new_session(connection)
                await send_event(connection, "READY", {
                    "v": 10, "user": BOT, "guilds": [], "session_id": session_id,
                    "resume_gateway_url": f"ws://127.0.0.1:{ws_port}/resume", "shard": [0, 1],
                    "application": {"id": APPLICATION_ID, "flags": 0}})
            elif op == 6:
                session = sessions.get(d.get("session_id"))
                if session is None or d.get("token") != TOKEN:
                    await ws.send(json.dumps({"op": 9, "s": None, "t": None, "d": False}))
                    continue
                connection["session"] = d["session_id"]
                for seq, event in session["events"]:
                    if seq > (d.get("seq") or 0):
                        await ws.send(json.dumps(event))
                await send_event(connection, "RESUMED", None)
                with lock:
                    timings["resumed"].append(time.perf_counter())
    except Exception:
        pass


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True

    def log_message(self, *args):
        pass

    def reply(self, status, body=None, headers=()):
        data = b"" if body is None else json.dumps(body).encode()
        self.send_response(status)
        if body is not None:
            self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    def body(self):
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length).decode() if length else ""
        return json.loads(raw) if raw else None

    def control(self, method, path, body):
        def run(coroutine):
            return asyncio.run_coroutine_threadsafe(coroutine, loop).result(60)
        if method == "GET" and path == "/_requests":
            with lock:
                return self.reply(200, received)
        if method == "GET" and path == "/_gateway":
            with lock:
                return self.reply(200, gateway_log)
        if method == "GET" and path == "/_timings":
            with lock:
                return self.reply(200, timings)
        connection = current()
        if connection is None or (path in ("/_dispatch", "/_dispatch_many") and connection["session"] is None):
            return self.reply(409, {"error": "no connection with a session yet"})
        if path == "/_dispatch":
            return self.reply(200, {"s": run(send_event(connection, body["t"], body["d"]))})
        if path == "/_dispatch_many":
            async def burst():
                for d in body["events"]:
                    timings["sent"][d["id"]] = time.perf_counter()
                    await send_event(connection, body["t"], d)
                    await asyncio.sleep(0)
            run(burst())
            return self.reply(200, {})
        if path == "/_op":
            if body.get("op") == 7:
                with lock:
                    timings["reconnect"].append(time.perf_counter())
            run(connection["ws"].send(json.dumps(body)))
            return self.reply(200, {})
        if path == "/_zombie":
            connection["zombie"] = True
            return self.reply(200, {})
        if path == "/_close":
            run(connection["ws"].close(body["code"], body.get("reason", "")))
            return self.reply(200, {})
        return self.reply(404, {"message": "404: Not Found", "code": 0})

    def handle_request(self, method):
        url = urlparse(self.path)
        body = self.body() if method in ("POST", "PUT", "PATCH") else None
        if url.path.startswith("/_"):
            return self.control(method, url.path, body)
        path = url.path.removeprefix("/api/v10")
        with lock:
            received.append({"method": method, "path": path, "authorization": self.headers.get("Authorization"), "body": body})
        if path.startswith("/interactions/") and path.endswith("/callback"):
            # Authorized by the interaction's token in the path.
            with lock:
                timings["replied"].setdefault(path.split("/")[2], time.perf_counter())
            return self.reply(204)
        if self.headers.get("Authorization") != f"Bot {TOKEN}":
            return self.reply(401, {"message": "401: Unauthorized", "code": 0})
        if method == "GET" and path == "/gateway/bot":
            return self.reply(200, {"url": f"ws://127.0.0.1:{ws_port}", "shards": 1, "session_start_limit": {
                "total": 1000, "remaining": 999, "reset_after": 14400000, "max_concurrency": 1}})
        parts = path.strip("/").split("/")
        if method == "POST" and len(parts) == 3 and parts[0] == "channels" and parts[2] == "messages":
            return self.create_message(parts[1], body)
        if method == "POST" and path == "/users/@me/channels":
            return self.reply(200, {"id": "2" + body["recipient_id"][1:], "type": 1, "recipients": [{"id": body["recipient_id"]}]})
        if method == "PUT" and parts[0] == "applications" and parts[-1] == "commands":
            if parts[1] != APPLICATION_ID:
                return self.reply(403, {"message": "Missing Access", "code": 50001})
            return self.reply(200, [dict(command, id=str(200000000000000000 + i), application_id=APPLICATION_ID, version="1")
                                    for i, command in enumerate(body)])
        return self.reply(404, {"message": "404: Not Found", "code": 0})

    def create_message(self, channel, body):
        now = time.monotonic()
        # Other channels: a bucket generous enough never to hold the bot back (the benchmark's burst).
        headers = [("X-RateLimit-Bucket", "b0a1c2d3"), ("X-RateLimit-Limit", "100000"), ("X-RateLimit-Remaining", "99999"),
                   ("X-RateLimit-Reset-After", "1.000")]
        if channel == LIMITED_ONCE:
            with lock:
                first = channel not in limited
                limited.add(channel)
            if first:
                return self.reply(429, {"message": "You are being rate limited.", "retry_after": 0.5, "global": False},
                                  [("Retry-After", "1"), ("X-RateLimit-Scope", "user"), ("X-RateLimit-Limit", "5"),
                                   ("X-RateLimit-Remaining", "0"), ("X-RateLimit-Reset-After", "0.5"), ("X-RateLimit-Bucket", "b0a1c2d3")])
        if channel == BUCKET_OF_TWO:
            with lock:
                window = [t for t in bucket_calls if now - t < 1.0]
                if len(window) >= 2:
                    reset = 1.0 - (now - window[0])
                    return self.reply(429, {"message": "You are being rate limited.", "retry_after": reset, "global": False},
                                      [("X-RateLimit-Remaining", "0"), ("X-RateLimit-Reset-After", f"{reset:.3f}"),
                                       ("X-RateLimit-Bucket", "b2")])
                bucket_calls.append(now)
                window.append(now)
                headers = [("X-RateLimit-Bucket", "b2"), ("X-RateLimit-Limit", "2"), ("X-RateLimit-Remaining", str(2 - len(window))),
                           ("X-RateLimit-Reset-After", f"{1.0 - (now - window[0]):.3f}")]
        reference = (body or {}).get("message_reference") or {}
        if reference.get("message_id"):
            with lock:
                timings["replied"].setdefault(reference["message_id"], time.perf_counter())
        message = {"id": str(300000000000000000 + len(received)), "channel_id": channel, "author": BOT,
                   "content": (body or {}).get("content", ""), "type": 19 if reference else 0}
        return self.reply(200, message, headers)

    def do_GET(self):
        self.handle_request("GET")

    def do_POST(self):
        self.handle_request("POST")

    def do_PUT(self):
        self.handle_request("PUT")


class Server(ThreadingHTTPServer):
    request_queue_size = 256


def run_gateway(ready):
    global loop
    import websockets

    async def main():
        global ws_port
        async with websockets.serve(gateway, "127.0.0.1", 0, ping_interval=None, max_size=None) as server:
            ws_port = server.sockets[0].getsockname()[1]
            ready.set()
            await asyncio.Future()
    loop = asyncio.new_event_loop()
    loop.run_until_complete(main())


if __name__ == "__main__":
    if "--heartbeat-ms" in sys.argv:
        heartbeat_ms = int(sys.argv[sys.argv.index("--heartbeat-ms") + 1])
    threading.Thread(target=lambda: (sys.stdin.read(), os._exit(0)), daemon=True).start()
    ready = threading.Event()
    threading.Thread(target=run_gateway, args=(ready,), daemon=True).start()
    ready.wait(10)
    server = Server(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    server.serve_forever()
