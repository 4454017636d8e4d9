"""A Discord emulator on loopback for the gateway tests and the benchmark: the REST API over HTTP
and the gateway over a websocket, payloads shaped as in Discord's documentation
(https://discord.com/developers/docs/events/gateway, .../topics/opcodes-and-status-codes,
.../topics/rate-limits, .../interactions/receiving-and-responding). Prints its HTTP port, serves
until stdin closes.

REST lives under /api/v10. The bot token is `discord-test-token`; anything else gets 401.
Channel `429000000000000001` answers its first message with a 429 (retry_after 0.5 s); channel
`429000000000000002` is a bucket of 2 messages a second that answers 429 to a third. User
`799999999999999999` does not take direct messages: a message in the DM channel with them is
refused with 403 and code 50007, as Discord does.

`--close-on-identify CODE` answers every IDENTIFY with that close code (4014: a privileged
intent not enabled). `--session-starts-left N MS` sets `session_start_limit` (remaining N, reset after MS).
Gateway: HELLO with `--heartbeat-ms` (default 45000); IDENTIFY → READY; RESUME → the events the
client missed, then RESUMED; heartbeats are acknowledged unless the connection is a zombie.

Test controls (HTTP): POST /_dispatch {"t", "d"} (an event on the current session; buffered while
the connection is a zombie), POST /_dispatch_many {"t", "events": [d, ...]} (stamped by message
id), POST /_op (a raw payload on the current connection), POST /_zombie (stop acknowledging
heartbeats and delivering events on the current connection), POST /_close {"code", "reason"},
POST /_fail {"channel", "after"} (the message after the next `after` ones to that channel is
refused once with 503, Discord having trouble), POST /_members {"guild_id", "members": [member
with its user and an optional "_delay" in seconds, ...]} (who GET /guilds/{guild.id}/members/{user.id} and GET /users/{user.id}
find; anyone else is 404 Unknown Member / Unknown User);
GET /_requests, /_gateway (every payload the bot sent: connection number, path, op, d),
/_timings, /_counts (how many of each timing)."""
import asyncio, json, sys, time, uuid

import loop_http
from urllib.parse import urlparse

TOKEN = "discord-test-token"
BOT = {"id": "100000000000000001", "username": "librarybot", "global_name": None, "bot": True, "discriminator": "0"}
APPLICATION_ID = "100000000000000001"
LIMITED_ONCE = "429000000000000001"
BUCKET_OF_TWO = "429000000000000002"
DMS_CLOSED = "799999999999999999"

received = []
gateway_log = []
timings = {"sent": {}, "replied": {}, "reconnect": [], "resumed": []}
limited = set()
bucket_calls = []
failing = {}       # channel id -> messages to let through before one 503 (POST /_fail)
members = {}       # guild id -> {user id -> guild member with its user} (POST /_members)
ws_port = None
heartbeat_ms = 45000
starts_left = 999      # session_start_limit.remaining (--session-starts-left)
reset_after_ms = 14400000
limit = {"resets_at": None}  # when the session start limit resets (time.monotonic()), from the first GET /gateway/bot
close_on_identify = None  # a close code answering every IDENTIFY (--close-on-identify CODE)
sessions = {}      # session id -> {"seq": int, "events": [(seq, payload)]}
connections = []   # every connection: {"ws", "number", "path", "session", "zombie"}


def current():
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
    connections.append(connection)
    connection["number"] = len(connections)
    await ws.send(json.dumps({"op": 10, "s": None, "t": None, "d": {"heartbeat_interval": heartbeat_ms}}))
    try:
        async for raw in ws:
            payload = json.loads(raw)
            op, d = payload.get("op"), payload.get("d")
            gateway_log.append({"connection": connection["number"], "path": path, "op": op, "d": d})
            if op == 1:
                if not connection["zombie"]:
                    await ws.send(json.dumps({"op": 11, "s": None, "t": None, "d": None}))
            elif op == 2:
                if close_on_identify:
                    await ws.close(close_on_identify, "Disallowed intent(s)." if close_on_identify == 4014 else "")
                    return
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
                timings["resumed"].append(time.perf_counter())
    except Exception:
        pass


async def control(request, path):
    body = request.body
    if request.method == "GET" and path == "/_requests":
        return 200, received
    if request.method == "GET" and path == "/_gateway":
        return 200, gateway_log
    if request.method == "GET" and path == "/_timings":
        return 200, timings
    if request.method == "GET" and path == "/_counts":
        # How many of each timing, for a benchmark waiting on a burst: serializing every timing
        # while the burst is answered would hold this loop up for milliseconds.
        return 200, {name: len(values) for name, values in timings.items()}
    if path == "/_fail":
        failing[body["channel"]] = body.get("after", 0)
        return 200, {}
    if path == "/_members":
        members.setdefault(body["guild_id"], {}).update({m["user"]["id"]: m for m in body["members"]})
        return 200, {}
    connection = current()
    if connection is None or (path in ("/_dispatch", "/_dispatch_many") and connection["session"] is None):
        return 409, {"error": "no connection with a session yet"}
    if path == "/_dispatch":
        return 200, {"s": await send_event(connection, body["t"], body["d"])}
    if path == "/_dispatch_many":
        for d in body["events"]:
            timings["sent"][d["id"]] = time.perf_counter()
            await send_event(connection, body["t"], d)
            # Let replies in as they come, not after the burst.
            await asyncio.sleep(0)
        return 200, {}
    if path == "/_op":
        if body.get("op") == 7:
            timings["reconnect"].append(time.perf_counter())
        await connection["ws"].send(json.dumps(body))
        return 200, {}
    if path == "/_zombie":
        connection["zombie"] = True
        return 200, {}
    if path == "/_close":
        await connection["ws"].close(body["code"], body.get("reason", ""))
        return 200, {}
    return 404, {"message": "404: Not Found", "code": 0}


async def route(request):
    """Returns (status, body or None, extra headers)."""
    request.body = request.json()
    url = urlparse(request.target)
    if url.path.startswith("/_"):
        status, body = await control(request, url.path)
        return status, body, ()
    path = url.path.removeprefix("/api/v10")
    authorization = request.headers.get("authorization")
    received.append({"method": request.method, "path": path, "authorization": authorization, "body": request.body})
    if path.startswith("/interactions/") and path.endswith("/callback"):
        # Authorized by the interaction's token in the path.
        if message_too_long((request.body or {}).get("data") or {}):
            return 400, {"message": "Invalid Form Body", "code": 50035}, ()
        timings["replied"].setdefault(path.split("/")[2], time.perf_counter())
        return 204, None, ()
    if request.method in ("PATCH", "DELETE") and path.startswith(f"/webhooks/{APPLICATION_ID}/") and path.endswith("/messages/@original"):
        # A deferred answer edited in, or its "thinking" message removed.
        if request.method == "DELETE":
            return 204, None, ()
        if message_too_long(request.body or {}):
            return 400, {"message": "Invalid Form Body", "code": 50035}, ()
        return 200, {"id": str(300000000000000000 + len(received)), "content": (request.body or {}).get("content", "")}, ()
    if request.method == "POST" and path.startswith(f"/webhooks/{APPLICATION_ID}/"):
        # A follow-up message, authorized by the interaction's token in the path.
        if message_too_long(request.body or {}):
            return 400, {"message": "Invalid Form Body", "code": 50035}, ()
        return 200, {"id": str(300000000000000000 + len(received)), "content": (request.body or {}).get("content", "")}, ()
    if authorization != f"Bot {TOKEN}":
        return 401, {"message": "401: Unauthorized", "code": 0}, ()
    if request.method == "GET" and path == "/gateway/bot":
        # `reset_after` counts down; once it is over, the starts are all left again.
        if limit["resets_at"] is None:
            limit["resets_at"] = time.monotonic() + reset_after_ms / 1000
        left, reset_after = starts_left, max(0, int((limit["resets_at"] - time.monotonic()) * 1000))
        if reset_after == 0:
            left, reset_after = 1000, 86400000
        return 200, {"url": f"ws://127.0.0.1:{ws_port}", "shards": 1, "session_start_limit": {
            "total": 1000, "remaining": left, "reset_after": reset_after, "max_concurrency": 1}}, ()
    parts = path.strip("/").split("/")
    if request.method == "POST" and len(parts) == 3 and parts[0] == "channels" and parts[2] == "messages":
        return create_message(parts[1], request.body)
    if request.method == "GET" and len(parts) == 4 and parts[0] == "guilds" and parts[2] == "members":
        member = members.get(parts[1], {}).get(parts[3])
        if member and member.get("_delay"):
            await asyncio.sleep(member["_delay"])  # Discord being slow
        member = member and {k: v for k, v in member.items() if k != "_delay"}
        return (200, member, ()) if member else (404, {"message": "Unknown Member", "code": 10007}, ())
    if request.method == "GET" and len(parts) == 2 and parts[0] == "users":
        user = next((m[parts[1]]["user"] for m in members.values() if parts[1] in m), None)
        return (200, user, ()) if user else (404, {"message": "Unknown User", "code": 10013}, ())
    if request.method == "POST" and path == "/users/@me/channels":
        recipient = request.body["recipient_id"]
        return 200, {"id": "2" + recipient[1:], "type": 1, "recipients": [{"id": recipient}]}, ()
    if request.method == "PUT" and parts[0] == "applications" and parts[-1] == "commands":
        if parts[1] != APPLICATION_ID:
            return 403, {"message": "Missing Access", "code": 50001}, ()
        return 200, [dict(command, id=str(200000000000000000 + i), application_id=APPLICATION_ID, version="1")
                     for i, command in enumerate(request.body)], ()
    return 404, {"message": "404: Not Found", "code": 0}, ()


def utf16_length(text):
    return len((text or "").encode("utf-16-le")) // 2


def message_too_long(body):
    """Discord's limits (https://discord.com/developers/docs/resources/message#embed-object-embed-limits):
    content 2,000 characters; an embed's title 256, description 4,096, 25 fields of 256 / 1,024,
    footer 2,048, and 6,000 for all of its text together."""
    if utf16_length(body.get("content")) > 2000:
        return True
    for embed in body.get("embeds") or []:
        fields = embed.get("fields") or []
        parts = [(embed.get("title"), 256), (embed.get("description"), 4096), ((embed.get("footer") or {}).get("text"), 2048)]
        parts += [(field.get("name"), 256) for field in fields] + [(field.get("value"), 1024) for field in fields]
        if len(fields) > 25 or any(utf16_length(text) > limit for text, limit in parts) \
                or sum(utf16_length(text) for text, _ in parts) > 6000:
            return True
    return False


def create_message(channel, body):
    if message_too_long(body or {}):
        return 400, {"message": "Invalid Form Body", "code": 50035}, ()
    if channel == "2" + DMS_CLOSED[1:]:
        return 403, {"message": "Cannot send messages to this user", "code": 50007}, ()
    if channel in failing:
        if failing[channel] == 0:
            del failing[channel]
            return 503, {"message": "Service Unavailable", "code": 0}, ()
        failing[channel] -= 1
    now = time.monotonic()
    # Other channels: a bucket generous enough never to hold the bot back (the benchmark's burst).
    headers = [("X-RateLimit-Bucket", "b0a1c2d3"), ("X-RateLimit-Limit", "100000"), ("X-RateLimit-Remaining", "99999"),
               ("X-RateLimit-Reset-After", "1.000")]
    if channel == LIMITED_ONCE and channel not in limited:
        limited.add(channel)
        return 429, {"message": "You are being rate limited.", "retry_after": 0.5, "global": False}, [
            ("Retry-After", "1"), ("X-RateLimit-Scope", "user"), ("X-RateLimit-Limit", "5"),
            ("X-RateLimit-Remaining", "0"), ("X-RateLimit-Reset-After", "0.5"), ("X-RateLimit-Bucket", "b0a1c2d3")]
    if channel == BUCKET_OF_TWO:
        window = [t for t in bucket_calls if now - t < 1.0]
        if len(window) >= 2:
            reset = 1.0 - (now - window[0])
            return 429, {"message": "You are being rate limited.", "retry_after": reset, "global": False}, [
                ("X-RateLimit-Remaining", "0"), ("X-RateLimit-Reset-After", f"{reset:.3f}"), ("X-RateLimit-Bucket", "b2")]
        bucket_calls.append(now)
        window.append(now)
        headers = [("X-RateLimit-Bucket", "b2"), ("X-RateLimit-Limit", "2"), ("X-RateLimit-Remaining", str(2 - len(window))),
                   ("X-RateLimit-Reset-After", f"{1.0 - (now - window[0]):.3f}")]
    reference = (body or {}).get("message_reference") or {}
    if reference.get("message_id"):
        timings["replied"].setdefault(reference["message_id"], time.perf_counter())
    message = {"id": str(300000000000000000 + len(received)), "channel_id": channel, "author": BOT,
               "content": (body or {}).get("content", ""), "type": 19 if reference else 0}
    return 200, message, headers


async def setup():
    global ws_port
    import websockets
    server = await websockets.serve(gateway, "127.0.0.1", 0, ping_interval=None, max_size=None)
    ws_port = server.sockets[0].getsockname()[1]
    return route


if __name__ == "__main__":
    if "--heartbeat-ms" in sys.argv:
        heartbeat_ms = int(sys.argv[sys.argv.index("--heartbeat-ms") + 1])
    if "--close-on-identify" in sys.argv:
        close_on_identify = int(sys.argv[sys.argv.index("--close-on-identify") + 1])
    if "--session-starts-left" in sys.argv:
        # No session start left, the limit resetting in `reset_after_ms`.
        starts_left = int(sys.argv[sys.argv.index("--session-starts-left") + 1])
        reset_after_ms = int(sys.argv[sys.argv.index("--session-starts-left") + 2])
    loop_http.serve_until_stdin_closes(setup)
