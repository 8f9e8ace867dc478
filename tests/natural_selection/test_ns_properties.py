"""Natural Selection over random games, beyond the engine contract (tests/contract/):
what the rules say about the end of the game, and the text renderings."""
from engine.natural_selection import GAME
from engine.rng import Rng


def random_game(seed, n):
    s = GAME.new_game(n, seed)
    rng = Rng(seed ^ 0xABC)
    while not s.is_terminal():
        moves = s.legal_actions()
        s.apply(moves[rng.below(len(moves))])
    return s


def test_at_the_end_every_species_board_is_empty_of_food():
    """§5: the last feeding ends with the food moved to the bags, so a finished game's
    boards hold none."""
    for game in range(40):
        s = random_game(game, 2 + game % 5)
        assert all(sp[2] == 0 for row in s.rows for sp in row)


def test_render_state_and_observation():
    s = random_game(3, 4)
    assert "seat 3" in s.render() and "game over" in s.render()
    s = GAME.new_game(3, 5)
    assert "cards in hand" in s.observation(0).render()
