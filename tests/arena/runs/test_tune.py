"""`arena tune` (arena/runs/tune.py) on a tiny study of the toy game, and the games' own search
defaults (GameSpec.search_defaults, players.loading.with_game_defaults)."""
import pytest

pytest.importorskip("optuna")

from arena.game.plugins import import_plugins  # noqa: E402
from arena.runs.config import config_from_dict  # noqa: E402
from arena.runs.tune import half_width, parse_budget, tables, TuneError, tune  # noqa: E402
from arena.runs.config import PlayerEntry  # noqa: E402
from conftest import TOY  # noqa: E402
from engine.registry import get_game  # noqa: E402
from players.loading import make_player, with_game_defaults  # noqa: E402

import_plugins([TOY])
TINY = dict(game="toy", seats=2, budget={"iterations": 8, "seconds": None}, trials=3, games_per_trial=2,
            sampler="tpe", seed=5, plugins=[TOY], workers=0, verify_deals=1, echo=lambda *_: None)


class Stop(KeyboardInterrupt):
    pass


def summary(outcome):
    return [(r.number, r.params, r.score, r.games) for r in outcome.trials]


def test_a_study_stopped_after_two_trials_resumes_to_the_same_best_trial(tmp_path):
    straight = tune(output=str(tmp_path / "a"), **TINY)
    assert len(straight.trials) == 3 and all(r.games == 2 for r in straight.trials)
    assert straight.match is not None and straight.match.status.games == 2  # the verification match

    seen = []

    def stop_after_two(result):
        seen.append(result.number)
        if len(seen) == 2:
            raise Stop
    with pytest.raises(Stop):
        tune(output=str(tmp_path / "b"), on_trial=stop_after_two, **TINY)
    lines = []
    resumed = tune(output=str(tmp_path / "b"), **dict(TINY, echo=lines.append))
    assert sum(line.startswith("trial ") for line in lines) == 1  # only the third trial was played
    assert summary(resumed) == summary(straight)  # the same parameters proposed, the same games, scores
    assert (resumed.best.number, resumed.best.params, resumed.best.score) == \
        (straight.best.number, straight.best.params, straight.best.score)
    assert (tmp_path / "b" / "tune-toy-2p-ismcts-iterations8" / "study.db").is_file()
    # a rerun with other settings is refused, and names what changed
    with pytest.raises(TuneError, match="games_per_trial"):
        tune(output=str(tmp_path / "b"), **dict(TINY, games_per_trial=4))


def test_budgets_tables_and_the_noise_table():
    assert parse_budget("seconds=0.2") == {"seconds": 0.2, "iterations": None}
    assert parse_budget("iterations=200") == {"iterations": 200, "seconds": None}
    for bad in ("seconds", "iterations=0", "moves=3", "iterations=1.5"):
        with pytest.raises(TuneError, match="--budget"):
            parse_budget(bad)
    field = [PlayerEntry("rules", "rules"), PlayerEntry("defaults", "ismcts")]
    assert [[p.name for p in t] for t in tables(field, 2)] == [["rules"], ["defaults"]]
    assert [[p.name for p in t] for t in tables(field, 3)] == [["rules", "defaults"]]
    assert [[p.name for p in t] for t in tables(field, 4)] == [["rules", "defaults", "rules-2"]]
    assert round(half_width(100), 3) == 0.096


def test_class_ismcts_without_params_plays_the_games_defaults_and_a_param_overrides_one():
    origin = get_game("origin").search_defaults["ismcts"]
    assert origin == {"iterations": 200, "rollout_cutoff": 20}
    player = make_player("ismcts", None, "dominant_species")
    assert (player.iterations, player.rollout, player.cutoff_eval, player.expand) == (60, "informed", "heuristic",
                                                                                      "ordered")
    player = make_player("ismcts", {"expand": "random"}, "dominant_species")
    assert (player.iterations, player.rollout, player.expand) == (60, "informed", "random")
    pimc = make_player("pimc", None, "citadels")
    assert (pimc.iterations, pimc.rollout, pimc.determinizations) == (100, "rules", 10)
    # a budget given replaces the game's: a time budget alone, with iterations: null
    timed = make_player("ismcts", {"seconds": 0.2, "iterations": None}, "natural_selection")
    assert (timed.seconds, timed.iterations, timed.rollout) == (0.2, None, "informed")
    assert with_game_defaults("ismcts", {"seconds": 0.2}, "origin") == {"rollout_cutoff": 20, "seconds": 0.2}
    assert with_game_defaults("random", None, "origin") == {}
    assert with_game_defaults("ismcts", None, "toy") == {}  # a game without defaults: the generic ones
    # a config names every parameter its games are played with (the results folder stores it)
    cfg = config_from_dict({"name": "d", "game": "citadels", "seats": 2, "players": [
        {"name": "a", "class": "ismcts"}, {"name": "b", "class": "ismcts", "params": {"rollout": "random"}}]}, "t")
    assert cfg.players[0].params == {"iterations": 100, "rollout_cutoff": 20, "rollout": "rules"}
    assert cfg.players[1].params == {"iterations": 100, "rollout_cutoff": 20, "rollout": "random"}


def test_the_command_line_takes_a_game_of_ones_own_by_plugin(tmp_path):
    """`arena tune --plugin FILE` imports the module that registers the game, as a config's
    plugins: do; a plugin that cannot be imported is a one-line error, exit 2."""
    from typer.testing import CliRunner

    from arena.cli import app

    common = ["tune", "--game", "toy", "--budget", "iterations=8", "--trials", "1", "--games-per-trial", "2",
              "--verify-deals", "0", "--workers", "0", "--output", str(tmp_path)]
    done = CliRunner().invoke(app, common + ["--plugin", str(TOY)])
    assert done.exit_code == 0, done.output
    assert "study in" in done.output and (tmp_path / "tune-toy-2p-ismcts-iterations8").exists()
    bad = CliRunner().invoke(app, common + ["--plugin", str(tmp_path / "missing.py"), "--name", "other"])
    assert bad.exit_code == 2 and "plugins:" in bad.output


def test_a_study_of_one_parameter_proposes_it_alone_and_holds_the_rest_at_the_defaults(tmp_path):
    """`arena tune --search NAME`: the trials differ in NAME only; every other parameter is
    what the player plays with no parameters; the folder and the settings say so."""
    lines = []
    outcome = tune(output=str(tmp_path), search=["exploration"], **dict(TINY, verify_deals=0, echo=lines.append))
    assert [sorted(r.params) for r in outcome.trials] == [["exploration", "iterations", "seconds"]] * 3
    assert len({r.params["exploration"] for r in outcome.trials}) == 3
    assert (tmp_path / "tune-toy-2p-ismcts-iterations8-exploration" / "study.db").is_file()
    with pytest.raises(TuneError, match="search"):  # another part of the space is another study
        tune(output=str(tmp_path), name="tune-toy-2p-ismcts-iterations8-exploration",
             search=["rollout_cutoff"], **dict(TINY, verify_deals=0))
    # a name the space does not propose is refused, with the names it does (the toy game has
    # no move ordering: no informed rollouts, no expand: ordered)
    with pytest.raises(TuneError, match=r"--search expand: not a parameter ismcts searches at toy; one of rollout, "
                                        r"rollout_cutoff, cutoff_eval, exploration, widening, reuse_tree"):
        tune(output=str(tmp_path), search=["expand"], **TINY)


def test_held_parameters_are_the_games_defaults_and_never_asked_of_optuna():
    """A trial that knows only the searched parameters (optuna's FixedTrial raises for any
    other) proposes them alone; the rest are held at the game's defaults, a switched
    parameter (widening behind widen) with its switch."""
    from optuna.trial import FixedTrial

    from arena.runs.tune import held_space, space_for

    budget = {"seconds": 0.2, "iterations": None}
    widening = held_space(space_for("ismcts", "natural_selection"), ["widening"], "ismcts", "natural_selection",
                          budget)
    assert widening(FixedTrial({"widen": True, "widening": 1.5})) == {"widening": 1.5}
    assert widening(FixedTrial({"widen": False})) == {}
    expand = held_space(space_for("pimc", "natural_selection"), ["expand", "determinizations"], "pimc",
                        "natural_selection", budget)
    assert expand(FixedTrial({"expand": "random", "determinizations": 4})) == {"expand": "random",
                                                                               "determinizations": 4}
    # Natural Selection's informed rollouts are held, so rollout_epsilon is proposed under them
    epsilon = held_space(space_for("ismcts", "natural_selection"), ["rollout_epsilon"], "ismcts",
                         "natural_selection", budget)
    assert epsilon(FixedTrial({"rollout_epsilon": 0.1})) == {"rollout_epsilon": 0.1}
    # Citadels holds rule-player rollouts: no epsilon is proposed there (and Origin, with no
    # move ordering, has none to search)
    assert held_space(space_for("ismcts", "citadels"), ["rollout_epsilon"], "ismcts", "citadels",
                      budget)(FixedTrial({})) == {}
    with pytest.raises(TuneError, match="--search rollout_epsilon: not a parameter ismcts searches at origin"):
        held_space(space_for("ismcts", "origin"), ["rollout_epsilon"], "ismcts", "origin", budget)


@pytest.mark.parametrize("game", ["origin", "citadels", "natural_selection", "dominant_species", "random_mutations"])
@pytest.mark.parametrize("player", ["ismcts", "pimc"])
def test_the_names_search_accepts_are_those_the_space_proposes(game, player):
    """`--search` checks names against SEARCH_PARAMS: the same names as the space's trials
    propose at that game (its switch `widen` aside), over many random trials."""
    import optuna

    from arena.runs.tune import SWITCHES, space_for, space_params

    study = optuna.create_study(sampler=optuna.samplers.RandomSampler(seed=1))
    suggest = space_for(player, game)
    proposed = set()
    for _ in range(80):
        trial = study.ask()
        suggest(trial)
        proposed |= set(trial.params)
        study.tell(trial, 0.0)
    assert proposed - set(SWITCHES.values()) == set(space_params(player, game))


def test_a_grid_study_plays_every_setting_of_its_choices_once_and_resumes_where_it_stopped(tmp_path):
    """`--sampler grid`: one trial per distinct setting, in the space's order; a parameter asked
    only under another's choice is set only there; more --trials than settings is capped; a
    stopped grid study goes on with the settings not yet played; a range is refused."""
    from arena.runs.tune import grid_settings, held_space, space_for

    budget = {"seconds": 0.2, "iterations": None}
    cutoffs = grid_settings(held_space(space_for("ismcts", "natural_selection"), ["cutoff_eval", "rollout_cutoff"],
                                       "ismcts", "natural_selection", budget))
    evals = ["heuristic", "margin", "rank"]
    assert cutoffs == [{"rollout_cutoff": c, "cutoff_eval": e} for c in (0, 5, 10, 20, 40) for e in evals] + \
        [{"rollout_cutoff": None}]  # no cutoff: no evaluation at it, one setting not three
    with pytest.raises(TuneError, match="--sampler grid: exploration is a range"):
        grid_settings(held_space(space_for("ismcts", "origin"), ["exploration"], "ismcts", "origin", budget))

    grid = dict(TINY, sampler="grid", trials=5, verify_deals=0, search=["reuse_tree"])
    lines = []
    straight = tune(output=str(tmp_path / "a"), **dict(grid, echo=lines.append))
    assert "--sampler grid: 2 settings to play, so 2 trials" in lines
    assert [r.params["reuse_tree"] for r in straight.trials] == [False, True]

    def stop_after_one(result):
        raise Stop
    with pytest.raises(Stop):
        tune(output=str(tmp_path / "b"), on_trial=stop_after_one, **grid)
    resumed = tune(output=str(tmp_path / "b"), **grid)
    assert summary(resumed) == summary(straight)
