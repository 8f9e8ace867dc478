"""`arena serve` and `arena users` refuse what they cannot serve with one error line, before
anything starts (docs/serve.md)."""
from __future__ import annotations

from typer.testing import CliRunner

from arena.cli import app
from serve_helpers import LADDER, make_ladder


def run(*args):
    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.output


def test_a_folder_without_a_tournament_is_refused(tmp_path):
    code, out = run("serve", str(tmp_path / "none"), "--port", "0")
    assert code == 2 and "no config.yaml here; start the tournament first" in out
    code, out = run("users", "add", "alice", str(tmp_path / "none"))
    assert code == 2 and "no config.yaml here" in out


def test_a_tournament_with_public_seeds_is_refused(tmp_path):
    from arena.runs.config import load_config
    from arena.runs.tournament import run_tournament

    config = tmp_path / "public.yaml"
    config.write_text(LADDER.format(name="public", deals=1, output=tmp_path / "results")
                      .replace("seeds: secret", "seeds: public"))
    run_tournament(load_config(str(config)), echo=lambda m: None, report=False)
    code, out = run("serve", str(tmp_path / "results" / "public"), "--port", "0", "--uploads", str(tmp_path / "up"))
    assert code == 2 and "its seeds are public" in out


def test_uploads_where_a_jail_could_see_them_and_a_bad_database_are_refused(tmp_path):
    results = make_ladder(tmp_path)
    code, out = run("serve", str(results), "--port", "0", "--uploads", str(results.parent / "uploads"))
    assert code == 2 and "which no player's jail may see" in out
    assert not (results.parent / "uploads").exists()
    code, out = run("serve", str(results), "--port", "0", "--database", "postgresql+psycopg://u:hunter2@/x?host=/nonexistent")
    assert code == 2 and "cannot be opened" in out and "hunter2" not in out


def test_users_add_prints_a_token_once_and_list_and_remove_work(tmp_path):
    results = make_ladder(tmp_path)
    code, out = run("users", "add", "alice", str(results))
    assert code == 0 and out.split()[-1].startswith("arena_")
    assert run("users", "add", "alice", str(results))[0] == 2
    code, out = run("users", "list", str(results))
    assert code == 0 and out.startswith("alice\t") and "arena_" not in out
    assert run("users", "remove", "alice", str(results))[0] == 0
    assert "no users yet" in run("users", "list", str(results))[1]


def test_a_tournament_whose_players_run_unconfined_is_refused(tmp_path):
    """`isolation: none` would run every submitted player in the server's process, beside the
    secret, the database and the log (a hostile user's player read the .secret so)."""
    from arena.runs.config import load_config
    from arena.runs.tournament import run_tournament

    config = tmp_path / "open.yaml"
    config.write_text(LADDER.format(name="open", deals=1, output=tmp_path / "results") + "isolation: none\n")
    run_tournament(load_config(str(config)), echo=lambda m: None, report=False)
    code, out = run("serve", str(tmp_path / "results" / "open"), "--port", "0", "--uploads", str(tmp_path / "up"))
    assert code == 2 and "its players run unconfined (isolation: none)" in out, out
