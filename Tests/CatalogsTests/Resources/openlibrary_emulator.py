"""An Open Library emulator on loopback for the ISBN lookup tests: the Books API
(GET /api/books?bibkeys=ISBN:N&format=json&jscmd=data), its records shaped as in Open Library's
documentation (https://openlibrary.org/dev/docs/api/books): a JSON object keyed by the bibkey
asked for, empty when the ISBN is unknown. Prints its HTTP port, serves until stdin closes.

Special ISBNs: 9780000000002 answers 503, 9780000000019 is unknown and 9780000000057 known, both
answered after 1.5 s, 9780000000026 has no author, 9780000000033 is not JSON, 9780000000040 has a
title that tries to ping everyone, 9780000000064 answers 429 with Retry-After: 1 the first time it
is asked and its record after, 9780000000071 answers 429 with Retry-After: 60.
Test controls: GET /_requests (each request's path and User-Agent, in order); POST /_hold makes
the two slow ISBNs wait, from then on, until a POST /_release lets one answer (each release lets
exactly one answer, held now or asked later), so that a test decides when a slow answer comes
rather than race a timer against 1.5 s on a crowded machine."""
import json, os, sys, threading, time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse


def record(title, authors, publishers=(), subjects=(), key="/books/OL1M"):
    return {"url": f"https://openlibrary.org{key}/x", "key": key, "title": title,
            "authors": [{"url": f"https://openlibrary.org/authors/OL{i}A/x", "name": name} for i, name in enumerate(authors)],
            "publishers": [{"name": name} for name in publishers],
            "subjects": [{"name": name, "url": "https://openlibrary.org/subjects/x"} for name in subjects],
            "publish_date": "1970", "identifiers": {"openlibrary": [key.split("/")[-1]]}}


BOOKS = {
    "9780140328721": record("Fantastic Mr Fox", ["Roald Dahl"], ["Puffin"], ["Animals", "Foxes", "Fiction"]),
    "0140328726": record("Fantastic Mr Fox", ["Roald Dahl"], ["Puffin"]),
    "9780451526533": record("The adventures of Tom Sawyer", ["Mark Twain"], ["Signet Classic", "Penguin"],
                            ["Fiction", "Adventure stories", "Mississippi River Valley", "Juvenile fiction", "Classic Literature", "Humorous stories"]),
    "9782070612758": record("Le Petit Prince", ["Antoine de Saint-Exupéry"], ["Gallimard"], ["Contes", "Littérature jeunesse"]),
    "9780262033848": record("Introduction to Algorithms", ["Thomas H. Cormen", "Charles E. Leiserson", "Ronald L. Rivest", "Clifford Stein"], ["MIT Press"],
                            ["Computer programming", "Computer algorithms"]),
    "9780000000026": record("A Book by Nobody", []),
    "9780000000057": record("The Slow Book", ["Tortoise"], ["Patience Press"]),
    "9780000000064": record("The Patient Book", ["Hare"]),
    "9780000000040": record("<!channel> @everyone *bold*", ["<@U123>"], ["@here"]),
}
requests = []
holding = threading.Event()
released = threading.Semaphore(0)


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send(self, status, body, kind="application/json"):
        data = body.encode() if isinstance(body, str) else json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        self.rfile.read(length)
        if self.path == "/_hold":
            holding.set()
        elif self.path == "/_release":
            released.release()
        else:
            return self.send(404, {"error": "notfound"})
        return self.send(200, {})

    def do_GET(self):
        url = urlparse(self.path)
        if url.path == "/_requests":
            return self.send(200, requests)
        requests.append({"path": self.path, "user_agent": self.headers.get("User-Agent", "")})
        if url.path != "/api/books":
            return self.send(404, {"error": "notfound"})
        query = parse_qs(url.query)
        bibkey = query.get("bibkeys", [""])[0]
        if query.get("format") != ["json"] or query.get("jscmd") != ["data"] or not bibkey.startswith("ISBN:"):
            return self.send(400, {"error": "bad request"})
        isbn = bibkey[len("ISBN:"):]
        if isbn == "9780000000002":
            return self.send(503, "<html>Service Unavailable</html>", "text/html")
        if isbn == "9780000000071" or (isbn == "9780000000064" and sum(bibkey in r["path"] for r in requests) == 1):
            self.send_response(429)
            self.send_header("Retry-After", "60" if isbn == "9780000000071" else "1")
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        if isbn in ("9780000000019", "9780000000057"):
            if holding.is_set():
                released.acquire(timeout=60)
            else:
                time.sleep(1.5)
        if isbn == "9780000000033":
            return self.send(200, "<html>maintenance</html>", "text/html")
        return self.send(200, {bibkey: BOOKS[isbn]} if isbn in BOOKS else {})


class Server(ThreadingHTTPServer):
    request_queue_size = 256
    daemon_threads = True

    def handle_error(self, request, client_address):
        # A client that stopped waiting (the timeout tests) has closed its end: not a fault here.
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return
        super().handle_error(request, client_address)


server = Server(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
threading.Thread(target=lambda: (sys.stdin.read(), os._exit(0)), daemon=True).start()
server.serve_forever()
