"""The examples in the docstrings of the rating and match modules are true."""
import doctest
import importlib

import pytest

MODULES = ["arena.ratings.stats", "arena.ratings.trueskill_batch", "arena.ratings.elo", "arena.ratings.sprt", "arena.store.record_check",
           "arena.runs.schedule"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0
