"""Faithfulness (paper §2.2): does a public offer keep to what the speaker privately wrote?

Internal: for every issue in both the note and the message that follows it, the message's offer
is worth at least as much to the speaker as the note's. External: the same against the
speaker's answer when asked what the opponent would accept.
"""

from __future__ import annotations

from lamen.judge.extraction import Extraction
from lamen.spec.game import Game

_EPSILON = 1e-12


def keeps_to(game: Game, side: int, private: Extraction | None, public: Extraction) -> bool | None:
    """True when every shared issue's public offer is worth ≥ the private one to `side`; None
    when they share no issue (nothing to judge)."""
    if private is None:
        return None
    shared = [i for i, issue in enumerate(game.issues) if issue.name in private.offers and issue.name in public.offers]
    if not shared:
        return None
    for index in shared:
        issue = game.issues[index]
        utilities = game.issue_utilities(side, index)
        said = utilities[issue.labels.index(public.offers[issue.name])]
        meant = utilities[issue.labels.index(private.offers[issue.name])]
        if said < meant - _EPSILON:
            return False
    return True
