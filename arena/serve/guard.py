"""What every request passes first (an ASGI middleware around the whole app): a rate limit
per client address (429), a cap on the request body (413, before and while it is read), and
the security headers of every answer (a Content-Security-Policy with no inline script, no
sniffing, no framing).
"""
from __future__ import annotations

import json
import threading
import time

POLICY = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
          "form-action 'self'; base-uri 'none'; frame-ancestors 'none'")
SMALL_BODY = 64 * 1024  # any request but an upload


class RateLimit:
    """A token bucket per key: ``rate`` requests a second on average, ``burst`` at once."""

    def __init__(self, rate: float, burst: int):
        self.rate, self.burst = rate, burst
        self.buckets: dict = {}
        self.lock = threading.Lock()

    def allow(self, key) -> bool:
        if self.rate <= 0:
            return True
        now = time.monotonic()
        with self.lock:
            tokens, then = self.buckets.get(key, (self.burst, now))
            tokens = min(self.burst, tokens + (now - then) * self.rate)
            if tokens < 1:
                self.buckets[key] = (tokens, now)
                return False
            self.buckets[key] = (tokens - 1, now)
            if len(self.buckets) > 100000:
                self.buckets.clear()
            return True


class _TooLarge(Exception):
    pass


class Guard:
    def __init__(self, app, limit: RateLimit, upload_bytes: int, upload_paths=("/api/players", "/submit")):
        self.app, self.limit, self.upload_bytes, self.upload_paths = app, limit, upload_bytes, upload_paths

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        client = (scope.get("client") or ("?", 0))[0]
        if not scope["path"].startswith("/static/") and not self.limit.allow(client):
            return await _answer(send, 429, {"detail": "too many requests; slow down"}, [(b"retry-after", b"1")])
        cap = self.upload_bytes if scope["path"] in self.upload_paths else SMALL_BODY
        headers = dict(scope.get("headers") or [])
        length = headers.get(b"content-length")
        if length is not None and length.isdigit() and int(length) > cap:
            return await _answer(send, 413, {"detail": f"request body over {cap} bytes"})
        state = {"read": 0, "over": False, "started": False}

        async def counted_receive():
            message = await receive()
            if message["type"] == "http.request":
                state["read"] += len(message.get("body", b""))
                if state["read"] > cap:
                    state["over"] = True
                    raise _TooLarge()
            return message

        async def guarded_send(message):
            if state["over"]:
                return  # the app's answer to a cut body is replaced by the 413 below
            if message["type"] == "http.response.start":
                state["started"] = True
                names = {k.lower() for k, _ in message.get("headers", [])}
                extra = [(b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"same-origin"),
                         (b"x-frame-options", b"DENY")]
                if b"content-security-policy" not in names:
                    extra.append((b"content-security-policy", POLICY.encode()))
                message = dict(message, headers=list(message.get("headers", [])) + extra)
            await send(message)

        try:
            await self.app(scope, counted_receive, guarded_send)
        except _TooLarge:
            pass
        except Exception:
            if not state["over"]:
                raise
        if state["over"] and not state["started"]:
            await _answer(send, 413, {"detail": f"request body over {cap} bytes"})


async def _answer(send, status: int, body: dict, headers=()) -> None:
    data = json.dumps(body).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(data)).encode()),
                            (b"content-security-policy", POLICY.encode()), *headers]})
    await send({"type": "http.response.body", "body": data})
