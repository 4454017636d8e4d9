"""A Slack emulator on loopback for the gateway tests: the Web API over HTTP and Socket Mode
over a websocket, payloads shaped as in Slack's documentation (https://api.slack.com/methods,
https://api.slack.com/apis/socket-mode). Prints its HTTP port, serves until stdin closes.

Tokens: xoxb-test (bot), xapp-test (app); anything else is invalid_auth.
Test controls: GET /_requests (every Web API request, in order), POST /_send (a JSON message
to push on the current Socket Mode connection), GET /_acks (what the app sent on the socket)."""
import asyncio, json, os, sys, threading, time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

received = []
acks = []
timings = {"sent": {}, "acked": {}, "responded": {}}
sockets = []
connection_log = []
loop = None
ws_port = None
lock = threading.Lock()
limited = set()
USERS = {
    "U-ANA": {"id": "U-ANA", "name": "ana.r", "real_name": "Ana Ruiz", "profile": {"display_name": "Ana", "real_name": "Ana Ruiz"}},
    "U-BEN": {"id": "U-BEN", "name": "ben", "real_name": "Ben Okafor", "profile": {"display_name": "", "real_name": "Ben Okafor"}},
}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True

    def log_message(self, *args):
        pass

    def reply(self, status, body, headers=()):
        data = body.encode() if isinstance(body, str) else json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json" if not isinstance(body, str) else "text/plain")
        self.send_header("Content-Length", str(len(data)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        if self.path == "/_requests":
            with lock:
                return self.reply(200, received)
        if self.path == "/_acks":
            with lock:
                return self.reply(200, acks)
        if self.path == "/_timings":
            with lock:
                return self.reply(200, timings)
        if self.path == "/_connections":
            with lock:
                return self.reply(200, connection_log)
        self.reply(404, {"ok": False, "error": "unknown_method"})

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length).decode() if length else ""
        content_type = self.headers.get("Content-Type", "")
        if content_type.startswith("application/json"):
            body = json.loads(raw or "{}")
        else:
            body = {k: v[0] for k, v in parse_qs(raw).items()}
        if self.path == "/_drop":
            with lock:
                target = sockets[-1] if sockets else None
            if target is not None:
                # Gone without a closing handshake, as when a network path dies.
                loop.call_soon_threadsafe(target.transport.abort)
            return self.reply(200, {"ok": True})
        if self.path == "/_send_to_first":
            with lock:
                target = sockets[0] if sockets else None
            asyncio.run_coroutine_threadsafe(target.send(raw), loop).result(5)
            return self.reply(200, {"ok": True})
        if self.path == "/_send_many":
            # A burst: every message pushed back to back, each stamped just before it goes.
            with lock:
                target = sockets[-1] if sockets else None

            async def burst():
                for message in body["messages"]:
                    timings["sent"][message["envelope_id"]] = time.perf_counter()
                    await target.send(json.dumps(message))
                    # Let the socket's reader take acks as they come, not after the burst.
                    await asyncio.sleep(0)
            asyncio.run_coroutine_threadsafe(burst(), loop).result(60)
            return self.reply(200, {"ok": True})
        if self.path == "/_send":
            with lock:
                target = sockets[-1] if sockets else None
            if target is None:
                return self.reply(409, {"ok": False, "error": "no_socket"})
            asyncio.run_coroutine_threadsafe(target.send(raw), loop).result(5)
            return self.reply(200, {"ok": True})
        with lock:
            received.append({"path": self.path, "authorization": self.headers.get("Authorization"),
                             "content_type": content_type, "body": body})
        auth = self.headers.get("Authorization", "")
        path = urlparse(self.path).path
        if path.startswith("/response/"):
            with lock:
                timings["responded"].setdefault(path.rsplit("/", 1)[-1], time.perf_counter())
            return self.reply(200, "ok")
        method = path.rsplit("/", 1)[-1]
        if method == "apps.connections.open":
            if auth != "Bearer xapp-test":
                return self.reply(200, {"ok": False, "error": "invalid_auth"})
            if ws_port is None:
                return self.reply(200, {"ok": True, "url": "wss://wss-emulated.slack.test/link/?ticket=t1&app_id=A1"})
            return self.reply(200, {"ok": True, "url": f"ws://127.0.0.1:{ws_port}/link/?ticket=t{len(sockets) + 1}&app_id=A1"})
        if auth != "Bearer xoxb-test":
            return self.reply(200, {"ok": False, "error": "invalid_auth"})
        if method == "auth.test":
            return self.reply(200, {"ok": True, "url": "https://swag.slack.test/", "team": "SWAG", "user": "librarybot",
                                    "team_id": "T1", "user_id": "U-BOT", "bot_id": "B-BOT"})
        if method == "chat.postMessage":
            channel = body.get("channel")
            with lock:
                first = channel == "C-LIMITED" and channel not in limited
                limited.add(channel)
            if first:
                return self.reply(429, {"ok": False, "error": "ratelimited"}, [("Retry-After", "1")])
            if channel == "C-NOWHERE":
                return self.reply(200, {"ok": False, "error": "channel_not_found"})
            return self.reply(200, {"ok": True, "channel": channel, "ts": "1700000000.000100", "message": {"text": body.get("text")}})
        if method == "users.info":
            user = USERS.get(body.get("user"))
            if not user:
                return self.reply(200, {"ok": False, "error": "user_not_found"})
            return self.reply(200, {"ok": True, "user": user})
        self.reply(200, {"ok": False, "error": "unknown_method"})


class Server(ThreadingHTTPServer):
    request_queue_size = 128


async def socket_mode(ws):
    with lock:
        sockets.append(ws)
        number = len(sockets)
        connection_log.append(f"open {number}")
    await ws.send(json.dumps({"type": "hello", "num_connections": len(sockets),
                              "debug_info": {"host": "emulator"}, "connection_info": {"app_id": "A1"}}))
    try:
        async for message in ws:
            now = time.perf_counter()
            ack = json.loads(message)
            with lock:
                acks.append(ack)
                if "envelope_id" in ack:
                    timings["acked"].setdefault(ack["envelope_id"], now)
    except Exception:
        pass
    with lock:
        connection_log.append(f"close {number}")


def run_socket_mode(ready):
    global loop, ws_port
    import websockets

    async def main():
        global ws_port
        async with websockets.serve(socket_mode, "127.0.0.1", 0, ping_interval=None) as server:
            ws_port = server.sockets[0].getsockname()[1]
            ready.set()
            await asyncio.Future()
    loop = asyncio.new_event_loop()
    loop.run_until_complete(main())


if __name__ == "__main__":
    threading.Thread(target=lambda: (sys.stdin.read(), os._exit(0)), daemon=True).start()
    if "--socket-mode" in sys.argv:
        ready = threading.Event()
        threading.Thread(target=run_socket_mode, args=(ready,), daemon=True).start()
        ready.wait(10)
    server = Server(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    server.serve_forever()
