"""The protocol loop: prompts, the negotiation state machine, and `play`."""

from lamen.play.loop import play
from lamen.play.negotiation import Negotiation, Step

__all__ = ["Negotiation", "Step", "play"]
