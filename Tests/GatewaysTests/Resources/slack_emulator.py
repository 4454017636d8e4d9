"""A Slack Web API emulator on loopback for the gateway tests, shaped as in Slack's
documentation (https://api.slack.com/methods). Prints its port, serves until stdin closes.

Tokens: xoxb-test (bot), xapp-test (app); anything else is invalid_auth.
GET /_requests returns every request received, in order, for the tests to inspect."""
import json, os, sys, threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

received = []
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
        self.reply(404, {"ok": False, "error": "unknown_method"})

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length).decode() if length else ""
        content_type = self.headers.get("Content-Type", "")
        if content_type.startswith("application/json"):
            body = json.loads(raw or "{}")
        else:
            body = {k: v[0] for k, v in parse_qs(raw).items()}
        with lock:
            received.append({"path": self.path, "authorization": self.headers.get("Authorization"),
                             "content_type": content_type, "body": body})
        auth = self.headers.get("Authorization", "")
        path = urlparse(self.path).path
        if path.startswith("/response/"):
            return self.reply(200, "ok")
        method = path.rsplit("/", 1)[-1]
        if method == "apps.connections.open":
            if auth != "Bearer xapp-test":
                return self.reply(200, {"ok": False, "error": "invalid_auth"})
            return self.reply(200, {"ok": True, "url": "wss://wss-emulated.slack.test/link/?ticket=t1&app_id=A1"})
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


if __name__ == "__main__":
    threading.Thread(target=lambda: (sys.stdin.read(), os._exit(0)), daemon=True).start()
    server = Server(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    server.serve_forever()
