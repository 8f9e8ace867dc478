"""`arena bench versus-openspiel` runs and reports both searches side by side (not a timing test)."""
import json

import pytest

pytest.importorskip("pyspiel", reason="the openspiel extra (pip install -e '.[openspiel]')")

from typer.testing import CliRunner  # noqa: E402

from arena.cli import app  # noqa: E402


def test_versus_openspiel_reports_both_rates_and_their_ratio_for_every_rollout():
    result = CliRunner().invoke(app, ["bench", "versus-openspiel", "--game", "citadels", "--iterations", "5",
                                      "--repeats", "1", "--json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)
    assert {(r["position"], r["rollout (ours / OpenSpiel's)"]) for r in rows} == {
        (p, r) for p in ("early", "mid") for r in ("full / stock", "full / engine", "cut at 20 / engine")}
    for row in rows:
        assert row["ours it/s"] > 0 and row["OpenSpiel it/s"] > 0
        assert row["ratio"] == pytest.approx(row["ours it/s"] / row["OpenSpiel it/s"], rel=0.05, abs=0.01)
