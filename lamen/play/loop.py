"""Drive a negotiation with two agents through the one agent surface."""

from __future__ import annotations

from collections.abc import Callable

from lamen.agents.base import Agent, AgentError, ChatReply
from lamen.play.negotiation import Negotiation, Step
from lamen.play.structured import refuses_schema
from lamen.transcript import Transcript

SIDE_NAMES = ("A", "B")
OnTurn = Callable[[Negotiation, Step, ChatReply], None]


async def play(negotiation: Negotiation, agents: tuple[Agent, Agent], on_reply: OnTurn | None = None) -> Transcript:
    """Ask each side in turn until the negotiation ends. An agent that fails (after whatever
    retries its own wrapper makes) ends the match as errored, with a one-line reason — except an
    API's refusal of the structured-note schema, after which that side is asked in free text."""
    while (step := negotiation.next_request()) is not None:
        agent = agents[step.side]
        try:
            reply = await agent.complete(step.request)
        except AgentError as exc:
            if step.request.response_schema is not None and refuses_schema(exc):
                negotiation.refuse_structured(step, str(exc))
                continue
            negotiation.fail(f"side {SIDE_NAMES[step.side]} ({agent.name}): {exc}",
                             kind="exhausted" if exc.exhausted else "fatal", side=step.side)
            break
        except Exception as exc:  # an agent's bug must not take the tournament down
            negotiation.fail(f"side {SIDE_NAMES[step.side]} ({agent.name}): {type(exc).__name__}: {exc}",
                             kind="crash", side=step.side)
            break
        negotiation.submit(step, reply)
        if on_reply is not None:
            on_reply(negotiation, step, reply)
    return negotiation.transcript()
