"""The conformance leak check catches a codec that shows one role's private data to another."""

from __future__ import annotations

import dataclasses

from lamen.core.registry import get_family
from tests.test_family_conformance import canary_leaks


class Gossip:
    """Wraps a codec and appends every planted private note to every request (a leak)."""

    def __init__(self, inner, notes: tuple[str, ...]) -> None:
        self.inner, self.notes, self.name = inner, notes, "gossip"

    def request(self, obs, legal, feedback):
        request = self.inner.request(obs, legal, feedback)
        return request.model_copy(update={"system": request.system + "\n" + " ".join(self.notes)})

    def parse(self, reply, legal):
        return self.inner.parse(reply, legal)

    def render(self, actions):
        return self.inner.render(actions)


def test_a_leaking_codec_is_reported() -> None:
    family = get_family("dialop.optimization")
    base = family.instances(family.default_config(), 0)
    planted = family.plant_canaries(base, {"player-0": "CANARY-0-" + base.content_id()[:6],
                                           "player-1": "CANARY-1-" + base.content_id()[:6]})
    leaky = dataclasses.replace(family, codecs={"*": Gossip(family.codec("player-0"), planted.notes)})
    leaks, _ = canary_leaks(leaky, base)
    assert "random×random: player-1's canary reached player-0 at move 0" in leaks
    assert "random×random: player-0's canary reached player-1 at move 1" in leaks
