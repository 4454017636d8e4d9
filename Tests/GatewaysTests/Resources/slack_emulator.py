"""A Slack emulator on loopback for the gateway tests: the Web API over HTTP and Socket Mode
over a websocket, payloads shaped as in Slack's documentation (https://api.slack.com/methods,
https://api.slack.com/apis/socket-mode). Prints its HTTP port, serves until stdin closes.

Tokens: xoxb-test (bot), xapp-test (app); anything else is invalid_auth.
Test controls: GET /_requests (every Web API request, in order), POST /_send (a JSON message
to push on the current Socket Mode connection), GET /_acks (what the app sent on the socket),
GET /_timings (when each envelope was sent, acked and answered) and GET /_counts (how many of each)."""
import asyncio, json, sys, time
from urllib.parse import parse_qs, urlparse

import loop_http

received = []
acks = []
timings = {"sent": {}, "acked": {}, "responded": {}}
sockets = []
connection_log = []
ws_port = None
limited = set()
USERS = {
    "U-ANA": {"id": "U-ANA", "name": "ana.r", "real_name": "Ana Ruiz", "profile": {"display_name": "Ana", "real_name": "Ana Ruiz"}},
    "U-BEN": {"id": "U-BEN", "name": "ben", "real_name": "Ben Okafor", "profile": {"display_name": "", "real_name": "Ben Okafor"}},
    "U-ZED": {"id": "U-ZED", "name": "zed", "real_name": "Zed Wise", "profile": {"display_name": "\u200b\u200b", "real_name": "Zed Wise"}},
    "U-ZOE": {"id": "U-ZOE", "name": "zoe", "real_name": "Zoé Martin", "profile": {"display_name": "Zoé", "real_name": "Zoé Martin"}},
}
# The language each user's Slack is set to: in users.info only with include_locale=true.
LOCALES = {"U-ANA": "en-US", "U-BEN": "en-GB", "U-ZED": "en-US", "U-ZOE": "fr-FR"}


async def route(request):
    """The Web API, response_url and the test controls; returns (status, body, headers)."""
    content_type = request.headers.get("content-type", "")
    raw = request.raw.decode()
    if content_type.startswith("application/json"):
        body = json.loads(raw or "{}")
    else:
        body = {k: v[0] for k, v in parse_qs(raw).items()}
    path = urlparse(request.target).path
    if request.method == "GET":
        if path == "/_requests":
            return 200, received, ()
        if path == "/_acks":
            return 200, acks, ()
        if path == "/_timings":
            return 200, timings, ()
        if path == "/_counts":
            # How many of each timing, for a benchmark waiting on a burst: serializing every
            # timing while the burst is answered would hold this loop up for milliseconds.
            return 200, {name: len(values) for name, values in timings.items()}, ()
        if path == "/_connections":
            return 200, connection_log, ()
        return 404, {"ok": False, "error": "unknown_method"}, ()
    if path == "/_drop":
        if sockets:
            # Gone without a closing handshake, as when a network path dies.
            sockets[-1].transport.abort()
        return 200, {"ok": True}, ()
    if path == "/_send_to_first":
        await sockets[0].send(raw)
        return 200, {"ok": True}, ()
    if path == "/_send_many":
        # A burst: every message pushed back to back, each stamped just before it goes.
        target = sockets[-1]
        for message in body["messages"]:
            timings["sent"][message["envelope_id"]] = time.perf_counter()
            await target.send(json.dumps(message))
            # Let the socket's reader take acks as they come, not after the burst.
            await asyncio.sleep(0)
        return 200, {"ok": True}, ()
    if path == "/_rename":
        USERS[body["user"]]["profile"]["display_name"] = body["display_name"]
        return 200, {"ok": True}, ()
    if path == "/_send":
        if not sockets:
            return 409, {"ok": False, "error": "no_socket"}, ()
        await sockets[-1].send(raw)
        return 200, {"ok": True}, ()
    received.append({"path": request.target, "authorization": request.headers.get("authorization"),
                     "content_type": content_type, "body": body})
    auth = request.headers.get("authorization", "")
    if path.startswith("/response/"):
        timings["responded"].setdefault(path.rsplit("/", 1)[-1], time.perf_counter())
        return 200, "ok", ()
    method = path.rsplit("/", 1)[-1]
    if method == "apps.connections.open":
        if auth != "Bearer xapp-test":
            return 200, {"ok": False, "error": "invalid_auth"}, ()
        if ws_port is None:
            return 200, {"ok": True, "url": "wss://wss-emulated.slack.test/link/?ticket=t1&app_id=A1"}, ()
        return 200, {"ok": True, "url": f"ws://127.0.0.1:{ws_port}/link/?ticket=t{len(sockets) + 1}&app_id=A1"}, ()
    if auth != "Bearer xoxb-test":
        return 200, {"ok": False, "error": "invalid_auth"}, ()
    if method == "auth.test":
        return 200, {"ok": True, "url": "https://swag.slack.test/", "team": "SWAG", "user": "librarybot",
                     "team_id": "T1", "user_id": "U-BOT", "bot_id": "B-BOT"}, ()
    if method == "chat.postMessage":
        if not blocks_valid(body.get("blocks")):
            return 200, {"ok": False, "error": "invalid_blocks"}, ()
        channel = body.get("channel")
        first = channel == "C-LIMITED" and channel not in limited
        limited.add(channel)
        if first:
            return 429, {"ok": False, "error": "ratelimited"}, [("Retry-After", "1")]
        if channel in ("C-NOWHERE", "U-GONE"):
            # U-GONE: a deactivated member, whom a direct message cannot reach.
            return 200, {"ok": False, "error": "channel_not_found"}, ()
        return 200, {"ok": True, "channel": channel, "ts": "1700000000.000100", "message": {"text": body.get("text")}}, ()
    if method == "views.publish":
        view = body.get("view") or {}
        if not body.get("user_id") or view.get("type") != "home" or not home_valid(view.get("blocks") or []):
            return 200, {"ok": False, "error": "invalid_arguments"}, ()
        return 200, {"ok": True, "view": dict(view, id="V-HOME")}, ()
    if method == "users.info":
        user = USERS.get(body.get("user"))
        if not user:
            return 200, {"ok": False, "error": "user_not_found"}, ()
        if str(body.get("include_locale")).lower() in ("true", "1"):
            user = dict(user, locale=LOCALES[user["id"]])
        return 200, {"ok": True, "user": user}, ()
    return 200, {"ok": False, "error": "unknown_method"}, ()


def home_valid(blocks):
    """A Home tab's limits (https://docs.slack.dev/reference/views/home-tab-views): at most 100
    blocks; an actions block holds at most 25 elements, with action ids unique in it, and a
    button's text is at most 75 characters."""
    if len(blocks) > 100:
        return False
    for block in blocks:
        if block.get("type") == "actions":
            elements = block.get("elements") or []
            ids = [element.get("action_id") for element in elements]
            if len(elements) > 25 or len(set(ids)) != len(ids):
                return False
            if any(len(element["text"]["text"].encode("utf-16-le")) // 2 > 75 for element in elements):
                return False
    return blocks_valid(blocks, max_blocks=100)


def blocks_valid(blocks, max_blocks=50):
    """Block Kit's limits, as Slack enforces them (https://api.slack.com/reference/block-kit/blocks):
    at most 50 blocks in a message (100 in a view); a section's text at most 3,000 characters; at
    most 10 fields of 2,000."""
    if blocks is None:
        return True
    if len(blocks) > max_blocks:
        return False
    for block in blocks:
        if block.get("type") == "section":
            if len((block.get("text") or {}).get("text", "").encode("utf-16-le")) // 2 > 3000:
                return False
            fields = block.get("fields") or []
            if len(fields) > 10 or any(len(field["text"].encode("utf-16-le")) // 2 > 2000 for field in fields):
                return False
    return True


async def socket_mode(ws):
    sockets.append(ws)
    number = len(sockets)
    connection_log.append(f"open {number}")
    await ws.send(json.dumps({"type": "hello", "num_connections": len(sockets),
                              "debug_info": {"host": "emulator"}, "connection_info": {"app_id": "A1"}}))
    try:
        async for message in ws:
            now = time.perf_counter()
            ack = json.loads(message)
            acks.append(ack)
            if "envelope_id" in ack:
                timings["acked"].setdefault(ack["envelope_id"], now)
    except Exception:
        pass
    connection_log.append(f"close {number}")


async def setup():
    global ws_port
    if "--socket-mode" in sys.argv:
        import websockets
        server = await websockets.serve(socket_mode, "127.0.0.1", 0, ping_interval=None)
        ws_port = server.sockets[0].getsockname()[1]
    return route


if __name__ == "__main__":
    loop_http.serve_until_stdin_closes(setup)
