"""A mixture of scripted players (lamen.core.players.Mixture): per move one policy acts, drawn
from the move's dice — the stand-in for a model sampled at T > 0 in a harvest's branches."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from lamen.core.players import Mixture
from lamen.core.types import ActionSpace, Message, Observation


class Says:
    def __init__(self, text: str) -> None:
        self.text = text

    def act(self, obs: Observation, legal: ActionSpace, rng: random.Random) -> tuple[Message]:
        return (Message(text=self.text),)


OBS = Observation(role="a", private=None, history=(), step=0)
LEGAL = ActionSpace(kinds=frozenset({"message"}))


def test_each_policy_moves_with_its_probability_and_the_same_dice_give_the_same_move() -> None:
    mixture = Mixture(Says("main"), [(Says("x"), 0.2), (Says("y"), 0.3)])
    moves = Counter(mixture.act(OBS, LEGAL, random.Random(seed))[0].text for seed in range(20_000))
    assert set(moves) == {"main", "x", "y"}
    # within 4 standard errors of 0.5 / 0.2 / 0.3
    for text, p in (("main", 0.5), ("x", 0.2), ("y", 0.3)):
        assert abs(moves[text] / 20_000 - p) < 4 * (p * (1 - p) / 20_000) ** 0.5, (text, moves)
    assert all(mixture.act(OBS, LEGAL, random.Random(s)) == mixture.act(OBS, LEGAL, random.Random(s))
               for s in range(50))
    assert Mixture(Says("main"), [(Says("x"), 0.0)]).act(OBS, LEGAL, random.Random(1))[0].text == "main"


def test_probabilities_outside_zero_to_one_or_above_one_in_all_are_refused() -> None:
    for weights in ([0.6, 0.6], [-0.1], [1.5]):
        with pytest.raises(ValueError, match="must lie in"):
            Mixture(Says("main"), [(Says(str(i)), w) for i, w in enumerate(weights)])
