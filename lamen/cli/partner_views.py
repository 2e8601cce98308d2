"""What `lamen ratings` and `lamen run` show of a tournament, chosen by its family's relation
(`Family.relation`), never by family name: common-payoff tournaments get the team-score matrix
(self-play on the diagonal) and partner ratings (lamen.ratings.partner), or, when the family's
roles are asymmetric, the assistant × user matrix and role ratings (lamen.cli.role_views); the
others keep the negotiation views (who gets the better side of a deal)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from lamen.spec.problems import Problem, SpecError

if TYPE_CHECKING:
    import pandas as pd
    from rich.console import Console

    from lamen.ratings.partner import PartnerRatings
    from lamen.store import Store

COMMON_PAYOFF = "common-payoff"


def tournament_relations(store: Store, tournaments: list[str]) -> dict[str, tuple[str, str]]:
    """tournament → (family, relation), from the family its stored spec names (negotiation when
    it names none: LAMEN tournaments and imported results)."""
    from lamen.core.registry import UnknownFamily, get_family

    found = {}
    for name in tournaments:
        family = str(store.tournament_spec(name).get("family", "negotiation"))
        try:
            found[name] = (family, str(get_family(family).relation))
        except UnknownFamily as exc:
            raise SpecError([Problem(f"tournament {name!r}: {exc}", "install the package that provides the family")]) \
                from None
    return found


def sees_everything(family: str, agents: list[str]) -> tuple[str, ...]:
    """The agents that are `family`'s cheating scripted players (oracles)."""
    from lamen.core.registry import get_family

    return get_family(family).sees_everything(agents)


def partner_ratings(frame: pd.DataFrame, replicates: int = 1000) -> PartnerRatings:
    """Partner ratings of one common-payoff tournament's match table."""
    from lamen.ratings.partner import rate_partners
    from lamen.ratings.team_table import team_table

    try:
        return rate_partners(team_table(frame), replicates=replicates)
    except ValueError as exc:
        raise SpecError([Problem(str(exc), "play the tournament's matches first (`lamen run SPEC`)")]) from None


def print_partner_view(console: Console, frame: pd.DataFrame, tournament: str, family: str, wide: bool = False,
                       replicates: int = 1000) -> None:
    """The team-score matrix, then the partner ratings, their warnings and what the columns mean."""
    from lamen.cli.frame_tables import print_frame
    from lamen.cli.rating_tables import PARTNER_NOTE, partner_table
    from lamen.cli.role_views import asymmetric_plan, print_role_view
    from lamen.ratings.team_table import team_score_matrix

    if (plan := asymmetric_plan(family)) is not None:
        print_role_view(console, frame, tournament, family, plan, wide, replicates)
        return
    finished = frame[frame["status"] == "finished"]
    errored = int((frame["status"] == "errored").sum())
    console.print(f"{tournament} ({family}, common payoff): {len(finished)} finished matches on "
                  f"{finished['game'].nunique()} instances" + (f"; {errored} errored left out" if errored else ""),
                  markup=False, soft_wrap=True)
    if finished.empty:
        return
    print_frame(console, team_score_matrix(frame), "Team score of row with column (self-play on the diagonal)",
                digits=3, wide=wide, label_header="row \\ column")
    ratings = partner_ratings(frame, replicates)
    for warning in ratings.warnings:
        console.print(f"warning: {warning}", markup=False, style="bold")
    console.print(partner_table(ratings, tournament))
    for agent in sees_everything(family, [rating.agent for rating in ratings.ratings]):
        console.print(f"{agent} sees everything (every seat's private data): an upper bound, not a partner "
                      "to rank a model against", markup=False, soft_wrap=True)
    if ratings.first_mover is not None and not math.isnan(ratings.first_mover.value):
        effect = ratings.first_mover
        console.print(f"first seat moving first: {effect.value:+.3f} logit (95%: {effect.lower:+.3f} to "
                      f"{effect.upper:+.3f})", markup=False)
    console.print(PARTNER_NOTE, markup=False)


def partner_json(frame: pd.DataFrame, family: str, replicates: int = 1000) -> dict[str, Any]:
    """The partner view as JSON: non-finite figures (an unbounded strength, an undetermined
    interval) are null, with `unbounded` and the warnings saying why."""
    from lamen.cli.role_views import asymmetric_plan, role_json
    from lamen.ratings.team_table import team_score_matrix

    if (plan := asymmetric_plan(family)) is not None:
        return role_json(frame, family, plan, replicates)
    ratings = partner_ratings(frame, replicates)

    def clean(value: Any) -> Any:
        return None if isinstance(value, float) and not math.isfinite(value) else value

    matrix = team_score_matrix(frame)
    return {"family": family, "relation": COMMON_PAYOFF, "matches": int((frame["status"] == "finished").sum()),
            "ratings": [{key: clean(value) for key, value in vars(rating).items()} for rating in ratings.ratings],
            "team_score": {row: {column: clean(float(matrix.at[row, column])) for column in matrix.columns}
                           for row in matrix.index},
            "warnings": list(ratings.warnings),
            "sees_everything": list(sees_everything(family, [rating.agent for rating in ratings.ratings]))}
