"""A game: the shared description, each side's role, the issues and each side's issue weights.

Utilities follow LAMEN: the utility of a label to a side is payoff / best payoff of that issue
× the issue's weight share, so each side's best complete offer is worth exactly 1. Negative
payoffs stay negative (an agreement can be worth less than nothing, which the rules forbid
accepting); a side's best payoff on an issue it weights must be positive, else there is no scale.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from pydantic import model_validator

from lamen.spec.base import FiniteFloat, Name, SpecModel
from lamen.spec.issue import SIDES, Issue
from lamen.spec.problems import Problem, SpecError

GameClass = Literal["integrative", "competitive", "cooperative"]
Offer = Mapping[str, str]  # issue name -> canonical label


class Game(SpecModel):
    """A playable game: at least one issue, weights per side (LAMEN's experiment-level fields)."""

    name: Name
    description: str
    sides: tuple[str, str] = ("", "")
    parties: tuple[str, str] = ("Side A", "Side B")
    issues: tuple[Issue, ...]
    issue_weights: tuple[tuple[FiniteFloat, ...], tuple[FiniteFloat, ...]] = ((), ())
    scale: tuple[FiniteFloat, FiniteFloat] = (100.0, 100.0)
    rules_prompt: str | None = None
    rules: tuple[str, ...] | None = None

    @model_validator(mode="before")
    @classmethod
    def _default_weights(cls, data: object) -> object:
        # LAMEN's default is equal weights; an omitted field means exactly that.
        if isinstance(data, dict) and data.get("issue_weights") is None and isinstance(data.get("issues"), (list, tuple)):
            data = {**data, "issue_weights": [[1.0] * len(data["issues"])] * 2}
        return data

    @model_validator(mode="after")
    def _check(self) -> "Game":
        problems: list[Problem] = []
        k = len(self.issues)
        if k == 0:
            problems.append(Problem("the game has no issues", "list at least one issue under 'issues'", ("issues",)))
        names = [issue.name for issue in self.issues]
        for index, name in enumerate(names):
            if names.index(name) != index:
                problems.append(Problem(f"two issues are named '{name}'",
                                        "issue names must be unique in a game (they are the note's JSON keys)",
                                        ("issues", index)))
        for side in SIDES:
            weights = self.issue_weights[side]
            if len(weights) != k:
                problems.append(Problem(
                    f"side {side + 1} has {len(weights)} weight(s) for {k} issue(s)",
                    "give one weight per issue, in the order of 'issues'", ("issue_weights", side)))
                continue
            for index, weight in enumerate(weights):
                if weight < 0:
                    problems.append(Problem(f"weight {weight:g} is negative", "weights must be ≥ 0",
                                            ("issue_weights", side, index)))
            if k and all(w == 0 for w in weights):
                problems.append(Problem(f"side {side + 1}'s weights are all zero",
                                        "give at least one issue a positive weight", ("issue_weights", side)))
            for index, issue in enumerate(self.issues):
                best = max(issue.payoffs[side], default=0.0)
                if weights[index] > 0 and best <= 0:
                    problems.append(Problem(
                        f"side {side + 1}'s best payoff for issue '{issue.name}' is {best:g}",
                        "utility is payoff / best payoff, so a weighted issue needs a positive payoff",
                        ("issues", index)))
        for side in SIDES:
            if self.scale[side] <= 0:
                problems.append(Problem(f"scale {self.scale[side]:g} is not positive", "use e.g. [100, 100]",
                                        ("scale", side)))
        if problems:
            raise SpecError(problems)
        return self

    # ---- utilities -------------------------------------------------------------------------

    def weight_shares(self, side: int) -> tuple[float, ...]:
        total = sum(self.issue_weights[side])
        return tuple(w / total for w in self.issue_weights[side])

    def issue_utilities(self, side: int, issue_index: int) -> tuple[float, ...]:
        """Utility of each canonical label of one issue to `side` (weight share included)."""
        issue = self.issues[issue_index]
        payoffs = issue.aligned_payoffs(side)
        best = max(payoffs)
        share = self.weight_shares(side)[issue_index]
        if share == 0:
            return tuple(0.0 for _ in payoffs)
        return tuple(p / best * share for p in payoffs)

    def table_payoffs(self, side: int, issue_index: int) -> tuple[float, ...]:
        """The payoff points shown to `side` (LAMEN: utility × scale), in `side`'s own label order."""
        utilities = self.issue_utilities(side, issue_index)
        issue = self.issues[issue_index]
        by_label = dict(zip(issue.labels, utilities))
        canonical = {issue.side_label(side, label): label for label in issue.labels}
        return tuple(by_label[canonical[label]] * self.scale[side] for label in issue.payoff_labels[side])

    def utility(self, side: int, offer: Offer) -> float:
        """Utility of a complete offer (issue name -> canonical label) to `side`."""
        total = 0.0
        for index, issue in enumerate(self.issues):
            if issue.name not in offer:
                raise KeyError(f"offer has no value for issue '{issue.name}'")
            total += self.issue_utilities(side, index)[issue.labels.index(offer[issue.name])]
        return total

    def issue(self, name: str) -> Issue:
        for issue in self.issues:
            if issue.name == name:
                return issue
        raise KeyError(name)

    # ---- classification --------------------------------------------------------------------

    @property
    def is_integrative(self) -> bool:
        """The sides weight the issues differently (compared as shares, so [1,2] == [100,200])."""
        a, b = self.weight_shares(0), self.weight_shares(1)
        return any(abs(x - y) > 1e-12 for x, y in zip(a, b))

    @property
    def game_class(self) -> GameClass:
        """The paper's class: integrative when weights differ; competitive when non-integrative and
        every issue is distributive; cooperative otherwise."""
        if self.is_integrative:
            return "integrative"
        if all(issue.issue_type == "distributive" for issue in self.issues):
            return "competitive"
        return "cooperative"

    @property
    def is_cooperative(self) -> bool:
        """The cross-play grouping of the paper: anything but pure conflict is cooperative."""
        return self.game_class != "competitive"

    @property
    def warnings(self) -> tuple[str, ...]:
        return tuple(f"issue '{issue.name}': {w}" for issue in self.issues for w in issue.warnings)
