"""The fast move generators against the rules written plainly (§3 phase 1 legality,
§4 Carnivorous restrictions): over random games, every development position offers
exactly the plays that ``trait_allowed`` / ``pair_allowed`` allow, and every attack
offered goes to exactly the targets ``attack_targets`` lists."""
from engine.origin import GAME
from engine.origin.actions import PASS, Attack, PlayAnimal, PlayPair, PlayTrait
from engine.origin.attack import attack_targets
from engine.origin.cards import CARD_KINDS, PAIRED, PARASITE, SYMBIOSIS
from engine.origin.development import pair_allowed, trait_allowed
from engine.origin.board import DEVELOPMENT, FEEDING
from engine.rng import Rng


def plain_development_moves(s) -> set:
    seat = s.current_player
    own = s.animals[seat]
    moves = {PASS}
    for kind, count in enumerate(s.hands[seat]):
        if not count:
            continue
        moves.add(PlayAnimal(kind))
        for trait in CARD_KINDS[kind]:
            if trait == PARASITE:
                moves |= {PlayTrait(kind, trait, other, p) for other, row in enumerate(s.animals)
                          if other != seat for p, a in enumerate(row) if trait_allowed(a, trait)}
            elif trait in PAIRED:
                moves |= {PlayPair(kind, trait, i, j) for i in range(len(own)) for j in range(len(own))
                          if (i < j or trait == SYMBIOSIS) and pair_allowed(s.links[seat], trait, i, j)}
            else:
                moves |= {PlayTrait(kind, trait, seat, p) for p, a in enumerate(own) if trait_allowed(a, trait)}
    return moves


def test_fast_generators_agree_with_the_plain_rules():
    checked = {"development": 0, "attack": 0}
    for seed in range(120):
        s = GAME.new_game(2 + seed % 4, seed)
        rng = Rng(seed)
        while not s.is_terminal():
            legal = s.legal_actions()
            if s.phase == DEVELOPMENT:
                assert set(legal) == plain_development_moves(s), f"seed {seed}"
                assert len(set(legal)) == len(legal)
                checked["development"] += 1
            elif s.phase == FEEDING:
                seat = s.current_player
                offered = {}
                for a in legal:
                    if type(a) is Attack:
                        offered.setdefault(a.pos, set()).add((a.seat, a.target))
                for pos, targets in offered.items():
                    assert targets == set(attack_targets(s, seat, pos)), f"seed {seed}"
                    checked["attack"] += 1
            s.apply(legal[rng.below(len(legal))])
    assert checked["development"] > 1000 and checked["attack"] > 100
