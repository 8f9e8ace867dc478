"""The examples (>>>) in the docstrings of engine/, players/ and arena/ run as tests."""
import doctest
import importlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MODULES = sorted(
    path.relative_to(ROOT).with_suffix("").as_posix().replace("/", ".").removesuffix(".__init__")
    for package in ("engine", "players", "arena")
    for path in (ROOT / package).rglob("*.py")
    if ">>>" in path.read_text()
)
# modules of an optional extra: their examples need its packages, as the extra's own tests do
# (tests/rl, tests/openspiel skip without them; CI installs every extra)
EXTRAS = {"arena.rl.": ("rl", ("gymnasium", "pettingzoo", "onnx", "onnxruntime"))}


def test_the_docstring_examples_are_found():
    assert "engine.rng" in MODULES and "arena.bench" in MODULES


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    for prefix, (extra, packages) in EXTRAS.items():
        if name.startswith(prefix):
            for package in packages:
                pytest.importorskip(package, reason=f"the {extra} extra (pip install -e '.[{extra}]')")
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
