"""The README and docs/*.md say what is, as commands that work.

Every relative link resolves (a file or folder; a #anchor to a heading). Every `arena ...`
command in a fenced block is checked: the cheap ones run for real (typer's CliRunner, in a
folder of their own, with the README's player classes saved as files, as a new user would
have them); the expensive ones (tournaments, matches, benches, submissions) are parsed
against the command line, so an unknown subcommand or option fails, and every config they
name exists and loads. Inline `arena ...` commands in the pages' tables are parsed too.
Config examples load; the pages' lists of keys, parameters, views and fault kinds match the
code."""
from __future__ import annotations

import inspect
import re
import shlex
from pathlib import Path

import pytest
import typer
import yaml
from typer.testing import CliRunner

from arena.cli import app
from md_blocks import fenced_blocks
from arena.runs.config import KEYS, load_config

try:  # typer 0.2x carries its own click; older typers use click itself
    from typer._click import ClickException
except ImportError:
    from click import ClickException

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
PAGES = [README] + sorted((ROOT / "docs").glob("*.md"))
SHELL = ("", "bash", "sh", "shell", "console")
SEARCH = ("ismcts", "pimc", "openspiel-ismcts", "openspiel-mcts")  # built-ins too slow to run a whole game here
RUN = {"games", "play", "replay", "check-player", "leaderboard", "report", "verify"}  # cheap enough to run for real


def prose(text: str) -> str:
    """The text outside fenced blocks."""
    return re.sub(r"^```.*?^```[^\n]*$", "", text, flags=re.M | re.S)


def shell_lines(body: str) -> list:
    """The command lines of a shell block: continuations joined, comments dropped."""
    out, pending = [], ""
    for line in body.splitlines():
        line = pending + line.strip()
        if line.endswith("\\"):
            pending = line[:-1] + " "
            continue
        pending = ""
        line = line.split(" #")[0].strip()
        if line and not line.startswith("#"):
            out.append(line)
    return out


def commands(page: Path) -> list:
    return [line for language, body in fenced_blocks(page.read_text()) if language in SHELL
            for line in shell_lines(body) if line.startswith("arena ")]


def slug(heading: str) -> str:
    """A heading's anchor, as GitHub makes it."""
    text = heading.strip().lower().replace("`", "")
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(page: Path) -> set:
    return {slug(m.group(1)) for m in re.finditer(r"^#+\s+(.*)$", prose(page.read_text()), re.M)}


LINKS = [(page, target) for page in PAGES
         for target in re.findall(r"!?\[[^\]]*\]\(([^)\s]+)\)", prose(page.read_text()))
         if not re.match(r"[a-z]+:", target)]


def test_the_pages_have_links_to_check():
    assert len(LINKS) > 20 and any(t.startswith("docs/players.md") for _, t in LINKS)


@pytest.mark.parametrize("page,target", LINKS, ids=[f"{p.name}->{t}" for p, t in LINKS])
def test_every_relative_link_resolves(page, target):
    path, _, anchor = target.partition("#")
    file = (page.parent / path).resolve() if path else page
    assert file.exists(), f"{page.relative_to(ROOT)}: link {target!r}: no {file}"
    if anchor:
        assert file.suffix == ".md", f"{page.relative_to(ROOT)}: link {target!r}: an anchor into a non-page"
        assert anchor in anchors(file), f"{page.relative_to(ROOT)}: link {target!r}: no heading #{anchor} in {path or page.name}"


def test_the_slugs_are_githubs():
    assert slug("Seeds: reproducing a run") == "seeds-reproducing-a-run"
    assert slug("Against OpenSpiel's ISMCTS") == "against-openspiels-ismcts"
    assert slug("What `isolation: none` gives up") == "what-isolation-none-gives-up"


# --- the README's front door ----------------------------------------------------------------

def test_the_readme_is_short_and_its_first_screen_has_the_two_commands_and_reproducing():
    text = README.read_text()
    assert len(text.splitlines()) <= 300
    first = "\n".join(text.splitlines()[:50])
    ci = [line.strip() for line in (ROOT / ".ci" / "run").read_text().splitlines()
          if line.strip().startswith("python -m pytest")]
    assert ci, ".ci/run runs no pytest"
    shown = [line for _, body in fenced_blocks(first) for line in shell_lines(body)]
    assert "arena tournament configs/quick.yaml" in shown
    assert ci[-1] in shown, f"the README's first screen does not show CI's test command {ci[-1]!r}"
    for words in ("seeds: public", ".secret", "configs/ladder.yaml", "byte-identical"):
        assert words in first, f"the README's first screen does not say {words!r}"
    assert "pip install -e '.[test]'" in first


def test_the_quick_tournament_the_readme_describes_is_the_config():
    cfg = load_config(ROOT / "configs" / "quick.yaml", check_players=False)
    games = cfg.games_per_pairing * 2 * 3  # 3 pairings of 2 seats, each deal from both seats
    text = README.read_text()
    assert f"plays {games} games" in text and len(cfg.players) == 3 and cfg.seats == 2
    assert cfg.seeds in (None, "public") and all(p.spec in ("random", "rules", "ismcts") for p in cfg.players)
    ladder = load_config(ROOT / "configs" / "ladder.yaml", check_players=False)
    assert ladder.seeds == "secret"


# --- every command shown --------------------------------------------------------------------

def readme_class(name: str) -> str:
    found = [body for language, body in fenced_blocks(README.read_text())
             if language == "python" and f"class {name}(" in body]
    assert len(found) == 1, f"the README has no Python block defining {name}"
    return found[0]


@pytest.fixture(scope="module")
def user_folder(tmp_path_factory):
    """A folder as a user has it after the README: mybot.py, hungriest.py, the configs the
    pages write out (a yaml block starting `# NAME.yaml`), and results/quick and results/ladder
    (two games each of their configs' first two players)."""
    folder = tmp_path_factory.mktemp("user")
    (folder / "mybot.py").write_text(readme_class("MyBot"))
    (folder / "hungriest.py").write_text(readme_class("Hungriest"))
    for page in PAGES:
        for language, body in fenced_blocks(page.read_text()):
            named = re.match(r"# (\S+\.yaml)\n", body)
            if language == "yaml" and named:
                (folder / named.group(1)).write_text(body)
    for name in ("quick", "ladder"):
        config = yaml.safe_load((ROOT / "configs" / f"{name}.yaml").read_text())
        config.update(players=config["players"][:2], games_per_pairing=1, workers=0)
        (folder / f"tiny-{name}.yaml").write_text(yaml.safe_dump(config))
        with pytest.MonkeyPatch.context() as mp:
            mp.chdir(folder)
            ran = CliRunner().invoke(app, ["tournament", f"tiny-{name}.yaml"])
        assert ran.exit_code == 0, ran.output
    return folder


def existing(arg: str, folder: Path) -> Path | None:
    for base in (folder, ROOT):
        if (base / arg).exists():
            return base / arg
    return None


def localised(args: list, folder: Path) -> list:
    """Player files the pages name from the repository root (players/examples/...) by their full path."""
    def one(spec):
        path, sep, cls = spec.rpartition(":")
        if sep and path.endswith(".py") and not (folder / path).exists() and (ROOT / path).exists():
            return f"{ROOT / path}:{cls}"
        return spec
    return [",".join(one(s) for s in a.split(",")) for a in args]


def parse(args: list):
    """Parse ``arena ARGS`` as the command line would, down to the subcommand, running nothing."""
    command = typer.main.get_command(app)
    ctx = command.make_context("arena", list(args), resilient_parsing=False)
    while hasattr(command, "resolve_command"):  # a group: down to its subcommand
        rest = list(getattr(ctx, "_protected_args", None) or getattr(ctx, "protected_args", [])) + list(ctx.args)
        assert rest, f"arena {' '.join(args)}: no subcommand"
        name, command, rest = command.resolve_command(ctx, rest)
        ctx = command.make_context(name, rest, parent=ctx, resilient_parsing=False)
    return ctx


def cheap(args: list) -> bool:
    if not args or args[0] not in RUN or "--open" in args:
        return False
    if args[0] == "play":
        players = args[args.index("--players") + 1] if "--players" in args else "random,random"
        return not any(p.strip() in SEARCH for p in players.split(","))
    if args[0] == "check-player":
        return args[1] not in SEARCH
    return True


SHOWN = [(page, line) for page in PAGES for line in commands(page)]


def test_the_pages_show_commands_to_check():
    pages = {page.name for page, _ in SHOWN}
    assert {"README.md", "tournaments.md", "players.md", "benchmarks.md", "strength.md"} <= pages
    assert sum(cheap(shlex.split(line)[1:]) for _, line in SHOWN) >= 8


def test_an_unknown_option_or_subcommand_fails_the_parse():
    parse(["tournament", "configs/quick.yaml", "--workers", "2"])
    parse(["bench", "ismcts", "--game", "origin"])
    for wrong in (["tournament", "configs/quick.yaml", "--wrokers", "2"], ["bench", "nosuch"], ["nosuch"],
                  ["match", "ismcts", "rules"]):
        with pytest.raises(ClickException):
            parse(wrong)


def check_parsed(args: list, folder: Path, where: str) -> None:
    try:
        parse(args)
    except ClickException as exc:
        pytest.fail(f"{where}: arena {shlex.join(args)}: {exc.format_message()}")
    for arg in args:
        if arg.endswith((".yaml", ".yml")):
            path = existing(arg, folder)
            assert path is not None, f"{where}: arena {shlex.join(args)}: no config {arg}"
            # a config of the repository names its files from the repository's root, where it is run
            with pytest.MonkeyPatch.context() as patch:
                if not path.resolve().is_relative_to(folder.resolve()):
                    patch.chdir(ROOT)
                load_config(path)


@pytest.mark.parametrize("page,line", SHOWN, ids=[f"{p.name}:{line[:60]}" for p, line in SHOWN])
def test_every_command_shown_works(page, line, user_folder, monkeypatch):
    args = localised(shlex.split(line)[1:], user_folder)
    where = page.relative_to(ROOT)
    monkeypatch.chdir(user_folder)
    if cheap(args):
        result = CliRunner().invoke(app, args)
        assert result.exit_code == 0, f"{where}: {line}\n{result.output}"
        assert "Traceback" not in result.output
    else:
        check_parsed(args, user_folder, str(where))


INLINE = [(page, span) for page in PAGES
          for span in re.findall(r"`(arena [^`]+)`", prose(page.read_text()))
          if len(span.split()) >= 3 and not re.search(r"[<\[|]|\.\.\.|…|\bSPEC\b|\bCONFIG\b", span)]


def test_the_tables_commands_are_found():
    assert sum(page.name == "strength.md" for page, _ in INLINE) >= 30


@pytest.mark.parametrize("page,span", INLINE, ids=[f"{p.name}:{s[:60]}" for p, s in INLINE])
def test_every_inline_command_parses(page, span, user_folder, monkeypatch):
    monkeypatch.chdir(user_folder)
    check_parsed(shlex.split(span)[1:], user_folder, str(page.relative_to(ROOT)))


def test_the_test_commands_shown_name_real_paths():
    for page in PAGES:
        for _, body in fenced_blocks(page.read_text()):
            for line in shell_lines(body):
                if "python -m pytest" in line:
                    for arg in line.split("python -m pytest", 1)[1].split():
                        assert (ROOT / arg).exists(), f"{page.name}: {line}: no {arg}"


# --- the pages' examples and lists match the code ------------------------------------------

CONFIGS = [(page, body) for page in PAGES for language, body in fenced_blocks(page.read_text())
           if language == "yaml" and isinstance(yaml.safe_load(body), dict)
           and {"name", "game", "players"} <= set(yaml.safe_load(body))]


@pytest.mark.parametrize("page,body", CONFIGS, ids=[f"{p.name}:{i}" for i, (p, _) in enumerate(CONFIGS)])
def test_every_config_shown_loads(page, body, tmp_path):
    (tmp_path / "shown.yaml").write_text(body)
    load_config(tmp_path / "shown.yaml", check_players=False)


def test_the_tournaments_page_shows_every_config_key():
    shown = [set(yaml.safe_load(body)) for page, body in CONFIGS if page.name == "tournaments.md"]
    assert any(set(KEYS) <= keys for keys in shown), f"missing: {sorted(set(KEYS) - max(shown, key=len))}"


def test_the_tournaments_page_names_every_fault_kind():
    from arena.reports.report import FAULT_KINDS

    text = (ROOT / "docs" / "tournaments.md").read_text()
    for kind in list(FAULT_KINDS) + ["error", "lost"]:
        assert f"`{kind}`" in text, kind


def table_rows(page: Path, first_column: str) -> dict:
    """{first cell: row} of the table whose header starts with ``first_column``."""
    rows, inside = {}, False
    for line in page.read_text().splitlines():
        if line.startswith(f"| {first_column} |"):
            inside = True
        elif inside and line.startswith("|"):
            cells = [c.strip() for c in line.strip("|").split("|")]
            rows[cells[0].strip("`")] = cells
        elif inside:
            break
    return rows


def yaml_text(value) -> str:
    return {None: "null", True: "true", False: "false"}.get(value, str(value)) if not isinstance(value, (int, float)) \
        or isinstance(value, bool) else str(value)


def parameters(cls) -> dict:
    out = {}
    for klass in reversed(cls.__mro__):
        init = klass.__dict__.get("__init__")
        if init is None:
            continue
        for name, p in inspect.signature(init).parameters.items():
            if name != "self" and p.kind not in (p.VAR_KEYWORD, p.VAR_POSITIONAL):
                out[name] = p.default
    return out


def test_the_players_page_gives_every_parameter_of_the_built_in_players_with_its_default():
    from players.loading import resolve_class

    rows = table_rows(ROOT / "docs" / "players.md", "spec")
    specs = ["random", "rules", "ismcts", "pimc"]
    try:
        import pyspiel  # noqa: F401
        specs += ["openspiel-ismcts", "openspiel-mcts"]
    except ImportError:
        pass
    for spec in specs:
        assert spec in rows, f"docs/players.md: no row for {spec}"
        cell = rows[spec][2]
        params = parameters(resolve_class(spec, "origin"))
        if spec == "pimc":
            ismcts = parameters(resolve_class("ismcts"))
            assert "as `ismcts`" in cell and set(params) - {"determinizations"} <= set(ismcts)
            params = {"determinizations": params["determinizations"]}
        for name, default in params.items():
            assert f"`{name}: {yaml_text(default)}`" in cell, f"docs/players.md, {spec}: no `{name}: {yaml_text(default)}`"


def test_the_players_page_names_only_views_the_observations_have():
    from engine.registry import game_names, get_game

    rows = table_rows(ROOT / "docs" / "players.md", "game")
    ours = [name for name in game_names() if (ROOT / "engine" / name).is_dir()]  # not a test's own toy game
    assert len(ours) == 5 and set(ours) <= set(rows), "docs/players.md: a game without its views"
    for name in ours:
        spec = get_game(name)
        observation = spec.new_game(max(2, spec.min_players), 0, {}).observation(0)
        views = re.findall(r"`(\w+)", rows[name][1])
        assert len(views) >= 5
        for view in views:
            assert hasattr(observation, view), f"docs/players.md: {name} has no view {view!r}"


def test_every_file_the_pages_name_exists():
    """A module moved or renamed leaves no page pointing at its old path."""
    named = [(page, m.group(1).split("::")[0].rstrip("/.")) for page in PAGES
             for span in re.findall(r"`([^`\s]+)`", page.read_text()) if "<" not in span
             for m in [re.match(r"((?:arena|players|engine|tools|configs|tests|docs)/[\w/.\-]*)", span)] if m]
    assert len(named) > 25
    missing = [f"{page.name}: {path}" for page, path in named if not (ROOT / path).exists()]
    assert not missing, missing


def test_every_test_the_security_page_names_exists():
    named = re.findall(r"`([\w/]+\.py)::(\w+)`", (ROOT / "docs" / "security.md").read_text())
    assert len(named) > 15
    for file, name in named:
        path = ROOT / file if "/" in file else ROOT / "tests" / "security" / file
        assert path.is_file() and f"def {name}(" in path.read_text(), f"docs/security.md: no test {file}::{name}"
