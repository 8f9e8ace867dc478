# The compiled build (engine/_compiled.py): a module compiled from its unchanged .py is
# used only while its recorded source hash matches; ARENA_PURE=1 forces pure Python.
from engine import _compiled

_compiled.install()
