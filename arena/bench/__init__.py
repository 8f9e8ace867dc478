"""Benchmarks behind ``arena bench ...`` (docs/benchmarks.md): one module per
sub-command, each function returning rows (dicts) that the command line prints as
JSON or as one table (``format_rows``).  Medians over repeats, because the machine
is shared and noisy; nothing here is asserted.

``engine`` (playouts, clone, observation, sample; memory), ``ismcts`` (search
iterations/s), ``tournament`` (Ray against one process), ``store`` (the results
store and the ratings at N games), ``targets`` (every target of docs/benchmarks.md
in one table).
"""
from __future__ import annotations


def format_rows(rows: list) -> str:
    """Rows of dicts as one GitHub-style table, the keys as headers, values as given.

    >>> print(format_rows([{"game": "origin", "it/s": "2,500"}]))
    | game   | it/s   |
    |--------|--------|
    | origin | 2,500  |
    """
    from tabulate import tabulate

    return tabulate(rows, headers="keys", tablefmt="github", disable_numparse=True)
