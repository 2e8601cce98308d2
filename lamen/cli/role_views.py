"""What `lamen ratings` and `lamen run` show of a common-payoff tournament whose roles are
asymmetric (DialOp Planning: assistant, user; Mediation: assistant and two users), chosen by the
family's roles (`lamen.core.seats.seat_plan`), never by its name: the assistant × user matrix
(observed and predicted) and the role ratings of `lamen.ratings.roles` — who is a good assistant,
who a good user."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from lamen.spec.problems import Problem, SpecError

if TYPE_CHECKING:
    import pandas as pd
    from rich.console import Console
    from rich.table import Table

    from lamen.core.seats import SeatPlan
    from lamen.ratings.roles import RoleRatings

ROLE_NOTE = ("points: strength in the role, 1000 = the average agent in that role, +400 = ten times the odds of the "
             "team score; with avg: expected team score with average agents in the other seats; self: mean team score "
             "when it fills every seat; cross: with other agents; ±half the 95% interval (clustered by instance); "
             "rank: within the role, bootstrap 95% interval.")


def asymmetric_plan(family: str) -> SeatPlan | None:
    """The family's seat plan when its roles are asymmetric (None: two interchangeable seats)."""
    from lamen.core.registry import get_family
    from lamen.core.seats import seat_plan

    plan = seat_plan(get_family(family))
    return None if plan is None or plan.interchangeable else plan


def role_ratings(frame: pd.DataFrame, plan: SeatPlan, replicates: int = 1000) -> RoleRatings:
    """Role ratings of one asymmetric common-payoff tournament's match table."""
    from lamen.ratings.roles import rate_roles
    from lamen.ratings.team_table import role_table

    try:
        return rate_roles(role_table(frame, dict(zip(plan.roles, plan.sides))), plan.rated_roles(),
                          replicates=replicates)
    except ValueError as exc:
        raise SpecError([Problem(str(exc), "play the tournament's matches first (`lamen run SPEC`)")]) from None


def matrix_seats(plan: SeatPlan) -> tuple[str, str]:
    """The two seats of the assistant × user matrix: the first seat of each party."""
    return plan.seats_of(0)[0], plan.seats_of(1)[0]


def role_table_of(ratings: RoleRatings, title: str) -> Table:
    from lamen.cli.rating_tables import name, new_table, number, plus_minus, span

    table = new_table(f"{title}: role ratings, strongest first within each role (95% intervals)", "role", "agent",
                      "points", "rank", "with avg", "self", "cross", "matches")
    for rating in ratings.ratings:
        points = plus_minus(rating.points, rating.points_low, rating.points_high, 0)
        with_average = plus_minus(rating.team_score, rating.team_score_low, rating.team_score_high, 3)
        if rating.unbounded:  # ±∞: a one-sided interval, its finite end from the likelihood profile
            above = rating.unbounded == "above"
            points = f"{'≥' if above else '≤'} {number(rating.points_low if above else rating.points_high, 0)}"
            with_average = (f"{'≥' if above else '≤'} "
                            f"{number(rating.team_score_low if above else rating.team_score_high, 3)}")
        table.add_row(rating.role, name(rating.agent), points, span(rating.rank_low, rating.rank_high), with_average,
                      plus_minus(rating.self_play, rating.self_play_low, rating.self_play_high, 3),
                      plus_minus(rating.cross_play, rating.cross_play_low, rating.cross_play_high, 3),
                      str(rating.matches))
    return table


def print_role_view(console: Console, frame: pd.DataFrame, tournament: str, family: str, plan: SeatPlan,
                    wide: bool = False, replicates: int = 1000) -> None:
    """The assistant × user matrix (observed, then predicted), the role ratings, their warnings,
    the oracles and what the columns mean."""
    from lamen.cli.frame_tables import print_frame
    from lamen.cli.partner_views import sees_everything

    finished = frame[frame["status"] == "finished"]
    errored = int((frame["status"] == "errored").sum())
    console.print(f"{tournament} ({family}, common payoff, roles {' × '.join(plan.parties)}): {len(finished)} "
                  f"finished matches on {finished['game'].nunique()} instances"
                  + (f"; {errored} errored left out" if errored else ""), markup=False, soft_wrap=True)
    if finished.empty:
        return
    ratings = role_ratings(frame, plan, replicates)
    rows, columns = matrix_seats(plan)
    matrix = ratings.matrix(rows, columns)
    label = f"{plan.parties[0]} \\ {plan.parties[1]}"
    print_frame(console, matrix.observed, f"Team score: {plan.parties[0]} (row) with {plan.parties[1]} (column), "
                "observed", digits=3, wide=wide, label_header=label)
    print_frame(console, matrix.predicted, "Team score predicted by the role model on an average instance",
                digits=3, wide=wide, label_header=label)
    for warning in ratings.warnings:
        console.print(f"warning: {warning}", markup=False, style="bold")
    console.print(role_table_of(ratings, tournament))
    for agent in sees_everything(family, sorted({rating.agent for rating in ratings.ratings})):
        console.print(f"{agent} sees everything (every seat's private data): an upper bound, not an agent to rank a "
                      "model against", markup=False, soft_wrap=True)
    console.print(ROLE_NOTE, markup=False)


def role_json(frame: pd.DataFrame, family: str, plan: SeatPlan, replicates: int = 1000) -> dict[str, Any]:
    """The role view as JSON: non-finite figures are null, with `unbounded` and the warnings saying why."""
    from lamen.cli.partner_views import COMMON_PAYOFF, sees_everything

    ratings = role_ratings(frame, plan, replicates)
    matrix = ratings.matrix(*matrix_seats(plan))

    def clean(value: Any) -> Any:
        return None if isinstance(value, float) and not math.isfinite(value) else value

    def cells(table: pd.DataFrame) -> dict[str, dict[str, Any]]:
        return {row: {column: clean(float(table.at[row, column])) for column in table.columns} for row in table.index}

    return {"family": family, "relation": COMMON_PAYOFF, "roles": list(plan.parties),
            "seats": plan.rated_roles(), "matches": int((frame["status"] == "finished").sum()),
            "role_ratings": [{key: clean(value) for key, value in vars(rating).items()} for rating in ratings.ratings],
            "team_score": {"rows": plan.parties[0], "columns": plan.parties[1], "observed": cells(matrix.observed),
                           "predicted": cells(matrix.predicted), "matches": cells(matrix.matches.astype(float))},
            "warnings": list(ratings.warnings),
            "sees_everything": list(sees_everything(family, sorted({rating.agent for rating in ratings.ratings})))}
