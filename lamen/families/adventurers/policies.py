"""Scripted Traveling Adventurers players: pure functions of (view, rng) → Turn.

`random-tour` and `agreeable` are the floor, `solo` plays its own optimum, `share-all-solver`
tells every coin and then follows the IBP (an upper reference: optimal in self-play), and `ibp`
is the paper's problem-solving core without an LLM: node-by-node suggestions from the IBP,
asking for the partner's coins on the next hallways and telling its own.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping

from lamen.families.adventurers.ibp import intermediate_best_path, known_coins
from lamen.families.adventurers.protocol import (
    Action, AdventurerView, Agree, Ask, End, Hallway, Inform, Path, Reject, Suggest, Turn, Visit, hallway,
)
from lamen.families.adventurers.scoring import is_round_trip
from lamen.families.adventurers.solver import best_tour

Policy = Callable[[AdventurerView, random.Random], Turn]


def _visits(view: AdventurerView, agreed: Path) -> list[Action]:
    """Mark every newly agreed room in the player's own Visited list (the paper's visit)."""
    return [Visit(room) for room in agreed[len(view.visited):]]


def _close(view: AdventurerView, agreed: Path) -> list[Action]:
    """Visits, then end with the agreed path once it is a full round trip."""
    actions = _visits(view, agreed)
    if len(agreed) == len(view.rooms) + 1:
        actions.append(End(agreed))
    return actions


def _follow_submission(view: AdventurerView) -> Turn | None:
    # A partner who ended can no longer agree to anything: submitting its path (when it is a
    # round trip keeping what was agreed) is the only way the team still scores.
    path = view.partner_submitted
    if path is not None and is_round_trip(view.rooms, path) and path[:len(view.agreed)] == view.agreed:
        return Turn((End(path),), thought="my partner has submitted; I submit the same tour")
    return None


def _answer(view: AdventurerView, hallways: tuple[Hallway, ...] | list[Hallway]) -> list[Action]:
    coins = tuple((a, b, view.own[view.rooms.index(a)][view.rooms.index(b)]) for a, b in hallways)
    return [Inform(coins)] if coins else []


def random_tour(view: AdventurerView, rng: random.Random) -> Turn:
    """Agrees to whatever the partner suggests; otherwise suggests a uniformly random completion."""
    if (follow := _follow_submission(view)) is not None:
        return follow
    if view.complete:
        return Turn(tuple(_close(view, view.agreed)))
    if view.partner_suggestion is not None:
        agreed = view.agreed + view.partner_suggestion[1:]
        return Turn((Agree(view.partner_suggestion), *_close(view, agreed)))
    if view.own_suggestion is not None:
        return Turn()
    rest = [room for room in view.rooms[1:] if room not in view.agreed]
    rng.shuffle(rest)
    return Turn((Suggest((view.agreed[-1], *rest, view.start)),))


def agreeable(view: AdventurerView, rng: random.Random) -> Turn:
    """Never suggests: answers questions truthfully, agrees to every suggestion, ends when done."""
    if (follow := _follow_submission(view)) is not None:
        return follow
    actions = _answer(view, view.asked_of_me)
    agreed = view.agreed
    if view.partner_suggestion is not None:
        actions.append(Agree(view.partner_suggestion))
        agreed = agreed + view.partner_suggestion[1:]
    return Turn(tuple(actions + _close(view, agreed)))


def solo(view: AdventurerView, rng: random.Random) -> Turn:
    """Plays its own-coins optimum: agrees only to what fits it, suggests it, submits it at once."""
    if view.complete:
        return Turn(tuple(_close(view, view.agreed)))
    plan = view.names(best_tour(view.own, view.indices(view.agreed)).tour)
    actions: list[Action] = []
    agreed = view.agreed
    pending = view.partner_suggestion
    if pending is not None:
        if plan[:len(agreed) + len(pending) - 1] == agreed + pending[1:]:
            actions.append(Agree(pending))
            agreed = agreed + pending[1:]
            actions += _visits(view, agreed)
        else:
            actions.append(Reject(pending))
    if len(agreed) < len(plan):
        actions.append(Suggest(plan[len(agreed) - 1:]))
    return Turn((*actions, End(plan)))


def _fits(view: AdventurerView, agreed: Path, segment: Path, coins: object) -> bool:
    """Whether a segment keeps an optimal completion under the known coins (ties accepted)."""
    best = best_tour(coins, view.indices(agreed)).value
    return best_tour(coins, view.indices(agreed + segment[1:])).value == best


def _ibp_turn(view: AdventurerView, talk: Callable[[Path], list[Action]]) -> Turn:
    """Shared IBP play: judge the partner's suggestion, talk, then suggest the IBP's next hallway.

    A suggestion already rejected once since the last agreement is agreed to the second time:
    the partner insists and may know coins we were not told (this also ends rejection ping-pong).
    `talk(agreed)`: the Inform/Ask actions, given where the decision now stands.
    """
    if (follow := _follow_submission(view)) is not None:
        return follow
    coins = known_coins(view.own, view.learned)
    actions: list[Action] = []
    agreed = view.agreed
    pending = view.partner_suggestion
    if pending is not None:
        if _fits(view, agreed, pending, coins) or pending in view.rejected:
            actions.append(Agree(pending))
            agreed = agreed + pending[1:]
        else:
            actions.append(Reject(pending))
    actions += talk(agreed) + _close(view, agreed)
    if len(agreed) == len(view.rooms) + 1:
        return Turn(tuple(actions), thought="the round trip is agreed")
    plan = view.names(intermediate_best_path(view.own, view.learned, view.indices(agreed)).tour)
    mine = view.own_suggestion if agreed == view.agreed else None
    if mine is None or not _fits(view, agreed, mine, coins):
        actions.append(Suggest(plan[len(agreed) - 1:len(agreed) + 1]))
    return Turn(tuple(actions), thought=f"IBP: {'-'.join(plan)}")


def share_all_solver(view: AdventurerView, rng: random.Random) -> Turn:
    """Tells all its coins at once, then plays the IBP (optimal with a partner who does the same)."""
    n = len(view.rooms)
    every = [hallway(view.rooms[i], view.rooms[j]) for i in range(n) for j in range(i + 1, n)]
    return _ibp_turn(view, talk=lambda agreed: _answer(view, [h for h in every if h not in view.told]))


def ibp(view: AdventurerView, rng: random.Random) -> Turn:
    """The paper's problem-solving core: IBP suggestions, hallway by hallway, with questions.

    It answers what it is asked and, about the hallways out of the room where the next step is
    decided, tells its own coins and asks for the partner's it has not learned (paper Fig. 15).
    """
    def talk(agreed: Path) -> list[Action]:
        if len(agreed) == len(view.rooms) + 1:
            return _answer(view, view.asked_of_me)
        ahead = [room for room in view.rooms if room not in agreed] or [view.start]
        out = [hallway(agreed[-1], room) for room in ahead]
        actions = _answer(view, list(dict.fromkeys(view.asked_of_me + tuple(h for h in out if h not in view.told))))
        unknown = tuple(h for h in out if h not in view.asked_by_me
                        and view.learned[view.rooms.index(h[0])][view.rooms.index(h[1])] is None)
        return actions + ([Ask(unknown)] if unknown else [])

    return _ibp_turn(view, talk=talk)


POLICIES: Mapping[str, Policy] = {
    "random-tour": random_tour,
    "agreeable": agreeable,
    "solo": solo,
    "share-all-solver": share_all_solver,
    "ibp": ibp,
}
