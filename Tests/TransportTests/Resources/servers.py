"""Test peers on loopback for the Transport tests.

    servers.py ws     a websocket server (the `websockets` package, a strict RFC 6455 peer)
    servers.py http   an HTTP/1.1 server with keep-alive

Each prints its port on the first line of stdout, then serves until its stdin closes (so it
never outlives the test process that started it).
"""
import asyncio, json, os, sys, threading, time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlparse, parse_qs


def exit_when_parent_goes():
    def watch():
        sys.stdin.read()
        os._exit(0)
    threading.Thread(target=watch, daemon=True).start()


# ---------------------------------------------------------------- websocket

last_close = {}


async def ws_handler(ws):
    import websockets
    path = ws.request.path
    if path.startswith("/echo") or path.startswith("/order"):
        try:
            async for message in ws:
                await ws.send(message)
        except websockets.ConnectionClosed:
            pass
    elif path == "/sink":
        count = 0
        async for message in ws:
            if message == "done":
                await ws.send(str(count))
                count = 0
            else:
                count += 1
    elif path == "/headers":
        await ws.send(json.dumps({k.lower(): v for k, v in ws.request.headers.raw_items()}))
        await ws.wait_closed()
    elif path.startswith("/close/"):
        code = int(path.rsplit("/", 1)[1])
        await ws.close(code, "closing with %d" % code)
    elif path == "/fragmented":
        await ws.send(["Hello, ", "fragmented ", "world"])
        await ws.send([b"\x00\x01", b"\x02", b"\x03\x04"])
        await ws.wait_closed()
    elif path == "/invalid-utf8":
        # An unmasked server text frame (FIN, opcode 1) of two bytes that are not UTF-8.
        ws.transport.write(bytes([0x81, 0x02, 0xFF, 0xFE]))
        await ws.wait_closed()
        last_close["invalid-utf8"] = ws.close_code
    elif path == "/big":
        await ws.send(b"x" * (2 * 1024 * 1024))
        await ws.wait_closed()
        last_close["big"] = ws.close_code
    elif path.startswith("/report/"):
        await asyncio.sleep(0.2)
        await ws.send(str(last_close.get(path.rsplit("/", 1)[1])))
        await ws.wait_closed()
    elif path == "/server-ping":
        pong = await ws.ping()
        try:
            await asyncio.wait_for(pong, 5)
            await ws.send("pong received")
        except asyncio.TimeoutError:
            await ws.send("no pong")
        await ws.wait_closed()
    elif path == "/client-close":
        await ws.wait_closed()
        last_close["client-close"] = ws.close_code
    else:
        await ws.close(1008, "unknown path")


def tls_context():
    """With TLS_CERT and TLS_KEY in the environment, the server speaks TLS with them."""
    import ssl
    if not os.environ.get("TLS_CERT"):
        return None
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(os.environ["TLS_CERT"], os.environ["TLS_KEY"])
    return context


async def run_ws():
    import websockets
    async with websockets.serve(ws_handler, "127.0.0.1", 0, max_size=None, ping_interval=None,
                                compression=None, ssl=tls_context()) as server:
        port = server.sockets[0].getsockname()[1]
        print(port, flush=True)
        await asyncio.Future()


# ---------------------------------------------------------------- http

# How many /slow requests this server has begun to answer (GET /slow/begun tells).
slow_begun = 0
slow_lock = threading.Lock()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True

    def log_message(self, *args):
        pass

    def reply(self, status, body, headers=()):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    def handle_any(self):
        global slow_begun
        url = urlparse(self.path)
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length).decode("utf-8", "replace") if length else ""
        query = parse_qs(url.query)
        if url.path == "/slow/begun":
            with slow_lock:
                return self.reply(200, {"begun": slow_begun})
        if url.path == "/slow":
            with slow_lock:
                slow_begun += 1
            time.sleep(int(query.get("ms", ["1000"])[0]) / 1000)
        if url.path == "/status/429":
            return self.reply(429, {"message": "You are being rate limited.", "retry_after": 1.5},
                              [("Retry-After", "2"), ("X-RateLimit-Remaining", "0")])
        if url.path.startswith("/status/"):
            return self.reply(int(url.path.rsplit("/", 1)[1]), {"ok": False})
        if url.path == "/bytes":
            # A body of `n` bytes, streamed without a length (chunked) when asked.
            size, chunked = int(query.get("n", ["0"])[0]), query.get("chunked") == ["1"]
            self.send_response(200)
            self.send_header("Content-Type", "application/octet-stream")
            self.send_header("Transfer-Encoding" if chunked else "Content-Length", "chunked" if chunked else str(size))
            self.end_headers()
            block = b"x" * 65536
            sent = 0
            try:
                while sent < size:
                    piece = block[:min(len(block), size - sent)]
                    self.wfile.write(b"%x\r\n%s\r\n" % (len(piece), piece) if chunked else piece)
                    sent += len(piece)
                if chunked:
                    self.wfile.write(b"0\r\n\r\n")
            except (BrokenPipeError, ConnectionResetError):
                self.close_connection = True
            return
        self.reply(200, {"method": self.command, "path": self.path, "body": body,
                         "headers": {k.lower(): v for k, v in self.headers.items()},
                         "client_port": self.client_address[1]})

    do_GET = do_POST = do_PUT = do_DELETE = do_PATCH = handle_any


class Server(ThreadingHTTPServer):
    # The default backlog of 5 drops connections when 100 requests arrive at once.
    request_queue_size = 256

    def handle_error(self, request, client_address):
        # A client that stopped waiting (the timeout tests) has closed its end: not a fault here.
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return
        super().handle_error(request, client_address)


def run_http():
    server = Server(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    context = tls_context()
    if context:
        server.socket = context.wrap_socket(server.socket, server_side=True)
    print(server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    exit_when_parent_goes()
    if sys.argv[1] == "ws":
        asyncio.run(run_ws())
    else:
        run_http()
