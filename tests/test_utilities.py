"""Per-side utilities (LAMEN's normalisation), negative payoffs and the paper's game classes."""

from __future__ import annotations

import pytest

from lamen.spec.game import Game
from lamen.spec.issue import Issue
from lamen.spec.load import load_game
from lamen.spec.problems import SpecError


def issue(name: str, a: list[float], b: list[float], kind: str = "custom") -> Issue:
    labels = tuple(f"{name}-{k}" for k in range(len(a)))
    return Issue(name=name, issue_type=kind, descriptions=("", ""), payoffs=(tuple(a), tuple(b)),
                 payoff_labels=(labels, labels))


def test_each_sides_best_offer_is_worth_exactly_one() -> None:
    # LAMEN: payoff / max payoff × weight share. Scales differ per side (rp_financing: 2500 vs 1000).
    game = Game(name="g", description="",
                issues=(issue("x", [2500, 1250, 0], [0, 500, 1000]), issue("y", [0, 3, 6], [0, 3, 6])),
                issue_weights=((100, 200), (200, 100)))
    assert game.utility(0, {"x": "x-0", "y": "y-2"}) == pytest.approx(1.0)
    assert game.utility(1, {"x": "x-2", "y": "y-2"}) == pytest.approx(1.0)
    assert game.utility(0, {"x": "x-1", "y": "y-1"}) == pytest.approx(0.5 / 3 + 0.5 * 2 / 3)
    assert game.utility(1, {"x": "x-1", "y": "y-0"}) == pytest.approx(0.5 * 2 / 3)


def test_negative_payoffs_give_negative_utilities() -> None:
    # A label worth -5 when the best is 10 is worth -0.5 of the issue's share: agreements can be
    # worse than no agreement, which the rules forbid accepting (the judge can flag it).
    game = Game(name="g", description="", issues=(issue("x", [-5, 0, 10], [10, 0, -5]),))
    assert game.issue_utilities(0, 0) == (-0.5, 0.0, 1.0)
    assert game.issue_utilities(1, 0) == (1.0, 0.0, -0.5)


def test_a_weighted_issue_needs_a_positive_best_payoff() -> None:
    with pytest.raises(SpecError) as caught:
        Game(name="g", description="", issues=(issue("x", [-5, -1], [1, 0]),))
    assert caught.value.problems[0].message == "side 1's best payoff for issue 'x' is -1"


def test_an_unweighted_issue_may_have_no_positive_payoff() -> None:
    game = Game(name="g", description="", issues=(issue("x", [0, 0], [1, 0]), issue("y", [1, 0], [0, 1])),
                issue_weights=((0, 1), (1, 1)))
    assert game.issue_utilities(0, 0) == (0.0, 0.0)
    assert game.utility(0, {"x": "x-0", "y": "y-0"}) == 1.0


def test_incomplete_offer_is_refused() -> None:
    game = load_game("rental-2-mixture")
    with pytest.raises(KeyError, match="duration"):
        game.utility(0, {"rent": "$500"})


@pytest.mark.parametrize(("name", "expected"), [
    ("rental-1-distributive", "competitive"),
    ("rental-2-distributive", "competitive"),
    ("rental-1-compatible", "cooperative"),
    ("rental-2-mixture", "cooperative"),
    ("rental-agreement", "cooperative"),
    ("rental-2-integrative-distributive", "integrative"),
    ("rental-2-integrative-mixture", "integrative"),
])
def test_game_class_as_the_paper_defines_it(name: str, expected: str) -> None:
    game = load_game(name)
    assert game.game_class == expected
    assert game.is_cooperative == (expected != "competitive")


def test_weights_compare_as_shares() -> None:
    # [100, 200] and [1, 2] are the same preferences: not integrative.
    game = Game(name="g", description="", issues=(issue("x", [0, 1], [1, 0], "distributive"),
                                                  issue("y", [0, 1], [1, 0], "distributive")),
                issue_weights=((100, 200), (1, 2)))
    assert game.game_class == "competitive"


def test_permuted_side_labels_are_aligned() -> None:
    reversed_issue = Issue(name="price", issue_type="distributive", descriptions=("", ""),
                           payoffs=((0, 1, 2), (0, 1, 2)),
                           payoff_labels=(("$1", "$2", "$3"), ("$3", "$2", "$1")))
    assert reversed_issue.aligned_payoffs(1) == (2, 1, 0)
    assert reversed_issue.warnings == ()


def test_declared_type_contradicted_by_payoffs_is_a_warning() -> None:
    wrong = issue("x", [0, 1, 2], [0, 1, 2], "distributive")
    assert wrong.warnings == ("issue_type is distributive but both sides prefer some label to another",)
