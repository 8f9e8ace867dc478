"""What every request passes first (an ASGI middleware around the whole app): a rate limit
per client address (429), a cap on the request body (413, before and while it is read), and
the security headers of every answer (a Content-Security-Policy with no inline script, no
sniffing, no framing).

The client is the connection's peer.  Behind a reverse proxy (``arena serve --proxy IP``), a
request from that proxy's address is the client its ``X-Forwarded-For`` names last (the hop the
proxy itself added; earlier hops are the client's to write); from anywhere else the header is
ignored.  An IPv6 client's bucket is its /64.  The buckets are a bounded LRU table: a flood of new keys evicts the longest idle,
never a client's bucket that is in use.
"""
from __future__ import annotations

import ipaddress
import json
import threading
import time
from collections import OrderedDict

POLICY = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
          "form-action 'self'; base-uri 'none'; frame-ancestors 'none'")
SMALL_BODY = 64 * 1024  # any request but an upload


class RateLimit:
    """A token bucket per key: ``rate`` requests a second on average, ``burst`` at once.  At most
    ``keys`` buckets: past them the least recently used bucket that would let its next request
    through is dropped (its key starts full again: a few requests more at most), while a bucket
    being held back (under one token) moves to the back of the line, so that a flood of new keys
    cannot free a throttled client (after ``EVICT_TRIES`` of those, the oldest goes all the same:
    the table stays bounded)."""

    EVICT_TRIES = 16

    def __init__(self, rate: float, burst: int, keys: int = 100000):
        self.rate, self.burst, self.keys = rate, burst, keys
        self.buckets: OrderedDict = OrderedDict()
        self.lock = threading.Lock()

    def allow(self, key) -> bool:
        if self.rate <= 0:
            return True
        now = time.monotonic()
        with self.lock:
            tokens, then = self.buckets.pop(key, (self.burst, now))
            tokens = min(self.burst, tokens + (now - then) * self.rate)
            allowed = tokens >= 1
            self.buckets[key] = (tokens - 1 if allowed else tokens, now)
            if len(self.buckets) > self.keys:
                self._evict(now)
            return allowed

    def _evict(self, now: float) -> None:
        for _ in range(self.EVICT_TRIES):
            old, (tokens, then) = next(iter(self.buckets.items()))
            if tokens + (now - then) * self.rate >= 1:
                break
            self.buckets.move_to_end(old)
        self.buckets.popitem(last=False)


def rate_key(client: str) -> str:
    """The bucket of a client: its IPv4 address, or its IPv6 address's /64 (one site's network:
    a host there can take any address of it)."""
    if ":" not in client:
        return client
    try:
        return str(ipaddress.ip_network(f"{client.split('%')[0]}/64", strict=False))
    except ValueError:
        return client


def client_of(scope, proxies: frozenset = frozenset()) -> str:
    """The request's client: its peer, or where the peer is one of ``proxies``, the last hop of
    ``X-Forwarded-For`` (the peer itself where the header is missing or not an address)."""
    peer = (scope.get("client") or ("?", 0))[0]
    if peer not in proxies:
        return peer
    hops = [v for k, v in scope.get("headers") or [] if k.lower() == b"x-forwarded-for"]
    last = hops[-1].decode("latin-1").split(",")[-1].strip() if hops else ""
    try:
        return str(ipaddress.ip_address(last))
    except ValueError:  # not an address (the proxy passed the client's own header on): the proxy
        return peer


class _TooLarge(Exception):
    pass


class Guard:
    def __init__(self, app, limit: RateLimit, upload_bytes: int, upload_paths=("/api/players", "/submit"),
                 proxies=()):
        self.app, self.limit, self.upload_bytes, self.upload_paths = app, limit, upload_bytes, upload_paths
        self.proxies = frozenset(proxies)

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        client = client_of(scope, self.proxies)
        if not scope["path"].startswith("/static/") and not self.limit.allow(rate_key(client)):
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
