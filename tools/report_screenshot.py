"""Open a report in headless Chromium, fail on any console error, write a PNG screenshot.

    python tools/report_screenshot.py results/quick/report.html docs/report.png [--width 1000]
    python tools/report_screenshot.py 'game.html#12' docs/viewer.png   # a replay viewer, after move 12

Chromium (the Debian package ``chromium``) is driven over the DevTools protocol on
a pipe (``--remote-debugging-pipe``: no port, no network), with a fresh profile
and every background service off.  Errors are whatever the page's console shows
as an error: ``console.error``, an uncaught exception, or a resource that failed
to load (e.g. an external URL, which the browser may not reach).  Exit status 0
and the screenshot written, or 1 and the errors listed.
"""
from __future__ import annotations

import argparse
import base64
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--hide-scrollbars", "--remote-debugging-pipe"]
TIMEOUT = 60.0


class Browser:
    """Chromium with the DevTools protocol on fds 3 (commands in) and 4 (replies and events out)."""

    def __init__(self, binary: str, profile: str):
        to_browser_r, self.to_browser = os.pipe()
        self.from_browser, from_browser_w = os.pipe()

        def pipes():  # the child's fds 3 and 4 (dup2 makes them inheritable; the rest are not)
            read, write = os.dup(to_browser_r), os.dup(from_browser_w)  # neither is 3 or 4 any more
            os.dup2(read, 3)
            os.dup2(write, 4)

        self.process = subprocess.Popen([binary, *FLAGS, f"--user-data-dir={profile}", "about:blank"],
                                        close_fds=False, preexec_fn=pipes,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_browser_r)
        os.close(from_browser_w)
        self.buffer = b""
        self.next_id = 0
        self.events: list = []

    def send(self, method: str, params: dict | None = None, session: str | None = None) -> dict:
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.to_browser, json.dumps(message).encode() + b"\0")
        while True:
            reply = self._read()
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)

    def wait_for(self, method: str) -> dict:
        for event in self.events:
            if event.get("method") == method:
                return event
        while True:
            event = self._read()
            self.events.append(event)
            if event.get("method") == method:
                return event

    def _read(self) -> dict:
        deadline = time.monotonic() + TIMEOUT
        while b"\0" not in self.buffer:
            if time.monotonic() > deadline:
                raise TimeoutError("Chromium did not answer within a minute")
            chunk = os.read(self.from_browser, 1 << 16)
            if not chunk:
                raise RuntimeError("Chromium closed the DevTools pipe (did it start?)")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def close(self) -> None:
        try:
            self.send("Browser.close")
        except (RuntimeError, OSError, TimeoutError):
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()


def console_errors(events: list) -> list:
    errors = []
    for event in events:
        method, params = event.get("method"), event.get("params", {})
        if method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
            errors.append("console.error: " + " ".join(str(a.get("value", a.get("description")))
                                                      for a in params.get("args", [])))
        elif method == "Runtime.exceptionThrown":
            errors.append("exception: " + params.get("exceptionDetails", {}).get("text", "?"))
        elif method == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
            entry = params["entry"]
            errors.append(f"{entry.get('source')}: {entry.get('text')} {entry.get('url', '')}".strip())
    return errors


def open_page(browser: Browser, url: str, width: int, height: int = 800) -> str:
    """A new tab at ``width`` x ``height`` CSS pixels with ``url`` loaded; its session id
    (for ``browser.send(..., session=...)``).  Console errors land in ``browser.events``."""
    target = browser.send("Target.createTarget", {"url": "about:blank"})["targetId"]
    session = browser.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
    for domain in ("Page", "Runtime", "Log"):
        browser.send(f"{domain}.enable", session=session)
    browser.send("Emulation.setDeviceMetricsOverride",
                 {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False}, session=session)
    browser.send("Page.navigate", {"url": url}, session=session)
    browser.wait_for("Page.loadEventFired")
    return session


def page_url(page) -> str:
    """A file's URL; a ``#fragment`` after the path is kept (a viewer opens at ``game.html#N``)."""
    path, mark, fragment = str(page).partition("#")
    return Path(path).resolve().as_uri() + mark + fragment


def screenshot(page, out: Path, width: int, binary: str) -> list:
    """Load ``page`` (a path, maybe with a ``#fragment``), write its full-height screenshot to
    ``out``; the console errors."""
    profile = tempfile.mkdtemp(prefix="report-chromium-")
    browser = Browser(binary, profile)
    try:
        session = open_page(browser, page_url(page), width)
        height = browser.send("Page.getLayoutMetrics", session=session)["cssContentSize"]["height"]
        browser.send("Emulation.setDeviceMetricsOverride",
                     {"width": width, "height": int(height) + 1, "deviceScaleFactor": 1, "mobile": False},
                     session=session)
        shot = browser.send("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True},
                            session=session)
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_bytes(base64.b64decode(shot["data"]))
        return console_errors(browser.events)
    finally:
        browser.close()
        shutil.rmtree(profile, ignore_errors=True)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("report", help="the HTML file, e.g. results/quick/report.html (a viewer: "
                                       "results/quick/games/ID.html#N opens it after move N)")
    parser.add_argument("png", type=Path, help="where the screenshot goes")
    parser.add_argument("--width", type=int, default=1000, help="page width in CSS pixels")
    parser.add_argument("--chromium", default=shutil.which("chromium") or "chromium", help="the browser")
    args = parser.parse_args(argv)
    if not Path(args.report.partition("#")[0]).is_file():
        print(f"error: {args.report}: no such file", file=sys.stderr)
        return 2
    if not shutil.which(args.chromium):
        print(f"error: {args.chromium}: not found (Debian: apt-get install chromium)", file=sys.stderr)
        return 2
    errors = screenshot(args.report, args.png, args.width, args.chromium)
    for error in errors:
        print(f"error in the page: {error}", file=sys.stderr)
    print(f"{args.png}: screenshot of {args.report} ({len(errors)} console errors)")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
