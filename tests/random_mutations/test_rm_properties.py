"""Random Mutations over the shared contract suite with every option set, and the
properties of its hidden information (§7) the suite does not know about.

``tests/contract`` runs every check on the default options; here the same checks run
with each of the other option sets below (together they set every alternative of every
option), so ``ARENA_CONTRACT_GAMES=N`` sets the number of random games per check here
too.  Specific to this game: nobody sees a face-down card, its owner included, so every
seat's observation is the same public state."""
import inspect
from dataclasses import replace

import pytest

from contract import test_every_game as suite  # tests/contract, the shared suite
from engine.random_mutations import GAME
from engine.random_mutations.observation import RMObservation
from engine.rng import Rng

PLAYERS = (2, 3, 4, 5, 6, 7, 8)

# every alternative of every option appears in at least one set
OPTION_SETS = (
    {},
    dict(first_player="seat0", climate_formula="base_like", trait_overflow="wrap", moved_trait_needs_single=False,
         red_only_on_unfed=False, feeding_pass="final", carnivore_attacks_when_fed=True, big_protection=False,
         running_escape=5, scavenger_needs_unfed=True, grazing_timing="before", budding="free_bud",
         extremophile="literal", simplification="discard_latest", developmental_defects="auto",
         parasite_scope="per_player", parasite_victim="carrier", parasite_shelter_protects=True,
         black_tokens_persist=True, restart="setup_like", divergence=True, divergence_place="right_end",
         divergence_inherited="score", divergence_cap=True, final_tiebreak="shared",
         drawn_cards_position="top", extra_exclusions="big/swimming;running/burrowing",
         carnivore_food_bonus=0, obligate_food_bonus=2, metabolic_food_bonus=1),
    dict(budding="auto_bud", simplification="split_to_species", trait_overflow="discard", restart="ten_plus_draw",
         trait_slots_14_16="poisonous_tail_loss_mimicry",
         divergence=True, deck_composition="carnivore=20,obligate=10,scavenger=10,simplification=20,"
                                           "defects=10,grazing=10,budding=10"),
    dict(trait_slots_14_16="poisonous_tail_loss_piracy", developmental_defects="auto"),
    dict(trait_slots_14_16="poisonous_tail_loss_mimicry", deck_composition="carnivore=15,obligate=10,big=5,"
         "running=5,poisonous=10,tail_loss=15,mimicry=15,piracy=10,defects=5"),
)


def with_options(options: dict):
    """GAME with ``options`` laid over whatever options a check asks for."""
    return replace(GAME, new_state=lambda n, seed, resolved: GAME.new_state(n, seed, {**resolved, **options}))


CHECKS = [f for name, f in sorted(vars(suite).items())
          if name.startswith("test_") and list(inspect.signature(f).parameters) == ["spec", "players"]]


def counts(i: int) -> tuple:
    """The player counts option set ``i`` runs at: in a long run (``ARENA_CONTRACT_GAMES``
    above its default 2) all of them; otherwise one with one box and one with two, so
    that the sets together cover every count."""
    if suite.GAMES > 2:
        return PLAYERS
    return (2 + (i - 1) % 3, 5 + (i - 1) % 4)


@pytest.mark.parametrize("check", CHECKS, ids=lambda f: f.__name__[5:])
@pytest.mark.parametrize("options,players", [pytest.param(i, n, id=f"options{i}-{n}p")
                                             for i in range(1, len(OPTION_SETS)) for n in counts(i)])
def test_every_contract_check_holds_with_every_option_set(check, options, players):
    check(with_options(OPTION_SETS[options]), players)


def random_game(seed, players, options=None, on_step=None):
    s = GAME.new_game(players, seed, options)
    rng = Rng(seed + 7919)
    while not s.is_terminal():
        legal = s.legal_actions()
        action = legal[rng.below(len(legal))]
        if on_step:
            on_step(s, action)
        s.apply(action)
    return s


def public(obs):
    return {name: getattr(obs, name) for name in RMObservation.__slots__
            if not name.startswith("_") and name not in ("seat", "legal_actions")}


def test_every_seat_sees_the_same_public_state():
    """§7: a face-down card is hidden from every seat, its owner's personal deck included."""
    def check(s, action):
        views = [public(s.observation(seat)) for seat in range(s.num_players)]
        assert all(v == views[0] for v in views)
    for seed in range(10):
        random_game(25_000 + seed, PLAYERS[seed % 7], OPTION_SETS[seed % len(OPTION_SETS)], check)


def test_named_views_read_the_board():
    s = GAME.new_game(3, 1)
    obs = s.observation(0)
    mine = obs.my_species
    assert len(mine) == 3 and all(sp.population == 1 and sp.traits == () and sp.need == 1 for sp in mine)
    assert obs.personal_deck_sizes == (7, 7, 7) and obs.deck_size == 90 - 30
    odds = obs.next_trait_odds()
    assert abs(sum(odds.values()) - 1) < 1e-9 and odds["Carnivore"] == 6 / 90
    assert "seen by p0" in obs.render() and "p2:" in s.render()
