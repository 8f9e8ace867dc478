"""Running ``arena`` in a pseudo-terminal, as a person at a terminal would, answering its
prompts from a script (tests/players/test_human.py, tests/arena/reports/test_replay.py)."""
from __future__ import annotations

import os
import pty
import select
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
ARENA = str(Path(sys.executable).with_name("arena"))


class Session:
    """``arena ARGS`` on a pty.  ``answer(screen, number)`` is called at each prompt with what
    was printed since the last answer (``\\r\\n`` made ``\\n``) and the prompt's number (0 first);
    it returns the line to type, or None to close the input (Ctrl-D)."""

    def __init__(self, args: list, cwd, prompt: str, timeout: float = 60.0):
        self.args, self.cwd, self.prompt, self.timeout = args, cwd, prompt, timeout
        self.screens: list = []  # what was printed before each prompt
        self.answers: list = []
        self.output = ""
        self.returncode = None

    def run(self, answer) -> "Session":
        master, slave = pty.openpty()
        env = dict(os.environ, PATH=f"{Path(ARENA).parent}{os.pathsep}{os.environ.get('PATH', '')}",
                   COLUMNS="200", TERM="dumb")
        proc = subprocess.Popen([ARENA, *self.args], stdin=slave, stdout=slave, stderr=slave, cwd=self.cwd,
                                env=env, close_fds=True, start_new_session=True)
        os.close(slave)
        buffer, mark = bytearray(), 0
        deadline = time.monotonic() + self.timeout
        prompt = self.prompt.encode()
        try:
            while True:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"arena {' '.join(self.args)}: no end after {self.timeout}s; last output:\n"
                                         f"{bytes(buffer[-3000:]).decode(errors='replace')}")
                ready, _, _ = select.select([master], [], [], min(left, 1.0))
                if not ready:
                    if proc.poll() is not None:
                        break
                    continue
                try:
                    chunk = os.read(master, 1 << 16)
                except OSError:  # EIO: the child closed the terminal
                    break
                if not chunk:
                    break
                buffer += chunk
                if buffer.endswith(prompt) and buffer.find(prompt, mark) >= 0:
                    screen = bytes(buffer[mark:]).decode(errors="replace").replace("\r\n", "\n")
                    self.screens.append(screen)
                    line = answer(screen, len(self.screens) - 1)
                    self.answers.append(line)
                    os.write(master, b"\x04" if line is None else line.encode() + b"\n")
                    mark = len(buffer)
            self.returncode = proc.wait(timeout=max(deadline - time.monotonic(), 1))
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
            os.close(master)
        self.output = bytes(buffer).decode(errors="replace").replace("\r\n", "\n")
        return self
