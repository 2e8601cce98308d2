"""LAMEN negotiation as a core family (`negotiation`, FAMILIES.md §2.6): today's games, protocols,
prompts, judge and scripted negotiators behind the core's interfaces, reused, not copied.

- instance = a `Game` + `Protocol` (+ the two personas), loaded by `lamen.spec` unchanged;
- roles `side-a`, `side-b` (contestants, interchangeable; the schedule varies who opens);
- rules = the note → (interrogation) → message turn (`rules.py`); codec `lamen-note-message`
  = today's prompt builder and judge readers (`codec.py`);
- score = today's judge: utilities per side, agreement none/soft/hard, the judge's figures as
  named metrics (`scoring.py`); players = today's six bots through the codec (`players.py`);
- what `lamen run` needs to play and store a scheduled match (`tournament.py`).
"""

from __future__ import annotations

from lamen.core.codec import FeedbackPolicy
from lamen.core.family import EpisodeLimits, Family, interchangeable_contestants
from lamen.core.types import Relation
from lamen.families.negotiation.codec import NoteMessageCodec
from lamen.families.negotiation.instances import (FAMILY_NAME, ROLES, NegotiationConfig, NegotiationInstance,
                                                  make_instance, plant_canaries)
from lamen.families.negotiation.players import PLAYERS
from lamen.families.negotiation.rules import NegotiationRules, NegotiationState
from lamen.families.negotiation.scoring import score
from lamen.families.negotiation.tournament import NegotiationTournament

# Three requests per turn at most, 2 × max_rounds turns, max_rounds ≤ 1000 (lamen.spec.protocol):
# the rules end every episode before the loop's cap could.
MAX_STEPS = 3 * 2 * 1000


FAMILY = Family(
    name=FAMILY_NAME,
    relation=Relation.MIXED_MOTIVE,
    config=NegotiationConfig,
    instance_type=NegotiationInstance,
    state_type=NegotiationState,
    roles=interchangeable_contestants(ROLES),
    instances=make_instance,
    rules=NegotiationRules(),
    codecs={"*": NoteMessageCodec()},
    # LAMEN: no retries; a format miss is recorded (the judge measures it) and the reply counts.
    feedback=FeedbackPolicy(retries_per_request=0, on_exhausted="record_and_continue"),
    score=score,
    players=PLAYERS,
    limits=EpisodeLimits(max_steps=MAX_STEPS),
    seat_symmetries=(ROLES,),
    first_movers=ROLES,
    plant_canaries=plant_canaries,
    description="LAMEN negotiation: two sides trade offers on issues with private payoff tables.",
    tournament=NegotiationTournament(),
)
