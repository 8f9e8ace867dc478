"""Showing text a player controls: terminal, Markdown and HTML.

A submitted player is untrusted, and so is any text it makes: the message of an
exception it raises, the repr of what it returned.  That text lands in a fault's
``detail`` and from there on the operator's screen, in ``leaderboard.md`` and in
``report.html``.  This module owns how such text is shown, so that it is shown
as text and can never act: no escape sequence for the terminal, no line of its
own, no Markdown or HTML.  Only display is escaped: ``games.jsonl`` and
``leaderboard.json`` keep the string exactly as the player made it.

- Terminal: every character that is not plain text is written as a visible
  escape (``\\x1b``, ``\\r``, ``\\u202e``): control characters (C0 with ESC, CR,
  BEL and backspace; DEL; C1, whose 0x9b starts a sequence on some terminals),
  format characters (category Cf: bidi overrides that reorder what follows,
  zero-width characters), line and paragraph separators, and lone surrogates
  (which cannot be written at all).  A newline is escaped too unless the caller
  keeps it, so that one fault stays one line.  Backslashes are left alone: the
  result is for reading, not for decoding, and leaving them makes escaping twice
  the same as escaping once.
- Markdown: the lines go in a fenced code block whose fence is longer than any
  run of backticks in them, so nothing inside can close it, and inside a code
  block nothing is Markdown or HTML.  (Escaping ``<>&`` and Markdown punctuation
  instead would show as ``&lt;`` and backslashes in a code block, and would have
  to know every renderer's rules.)  Each line is escaped as for the terminal
  first, so it stays one line and the file holds no escape sequence.
- HTML: escaped as for the terminal (a bidi override reorders a browser's text
  too), then ``html.escape`` with quotes.
"""
from __future__ import annotations

import html
import re
import unicodedata

# categories that are never plain text: control, format, surrogate, line and paragraph separators
_HIDDEN = {"Cc", "Cf", "Cs", "Zl", "Zp"}
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape(char: str) -> str:
    """One character as a visible escape: ``\\n``, ``\\x1b``, ``\\u202e``."""
    if char in _NAMED:
        return _NAMED[char]
    code = ord(char)
    return f"\\x{code:02x}" if code <= 0xff else f"\\u{code:04x}" if code <= 0xffff else f"\\U{code:08x}"


def for_terminal(text, keep_newlines: bool = False) -> str:
    """``text`` safe to print: every control and format character escaped visibly,
    newlines too unless ``keep_newlines`` (for arena's own messages of several lines)."""
    text = str(text)
    if text.isascii() and text.isprintable():  # nothing to escape (DEL and the C0 controls are not printable)
        return text
    return "".join(_escape(c) if unicodedata.category(c) in _HIDDEN and not (keep_newlines and c == "\n") else c
                   for c in text)


def markdown_code_block(lines: list) -> list:
    """The lines as a Markdown fenced code block (fences included), each escaped as for
    the terminal; the fence is longer than any run of backticks inside."""
    shown = [for_terminal(line) for line in lines]
    longest = max((len(run) for line in shown for run in re.findall("`+", line)), default=0)
    fence = "`" * max(3, longest + 1)
    return [fence, *shown, fence]


def for_html(text) -> str:
    """``text`` safe inside an HTML element or a quoted attribute."""
    return html.escape(for_terminal(text), quote=True)

def plural(count: int, word: str, words: str | None = None) -> str:
    """``1 game``, ``2 games`` (``words``: the plural where it is not ``word + "s"``)."""
    return f"{count} {word if count == 1 else words or word + 's'}"
