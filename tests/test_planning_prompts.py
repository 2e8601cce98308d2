"""Planning prompts are this project's own words: the DialOp paper prints the upstream Planning
prompts (assistant, user, query executor; its Appendix E), and no run of 7 words of anything a
Planning seat is shown — rules, site list, wishes, scorecards, search results, feedback — comes
from it. Checked on a generated game, whose wishes are written by our templates (the shipped
games' wish texts are upstream data, which the paper's example dialogue quotes)."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest

from lamen.core.play import play
from lamen.core.players import PolicyAgent
from lamen.core.registry import get_family
from lamen.families.planning.generator import generate
from lamen.families.planning.instances import schema

SEEDS = Path(__file__).resolve().parent.parent.parent / "shared" / "seeds"
FAMILY = get_family("dialop.planning")


def _runs(text: str, n: int = 7) -> set[str]:
    words = re.findall(r"[a-z0-9']+", text.lower())
    return {" ".join(words[i:i + n]) for i in range(len(words) - n + 1)}


def feature_vocabulary() -> set[str]:
    """The words of a site's feature list ("good for groups: True; open late: False; rating: 2.5"):
    database content in the shared schema's vocabulary; a run made only of them is not prose."""
    vocabulary = {w for spec in schema() for w in re.findall(r"[a-z0-9']+", spec.name)}
    vocabulary |= {"true", "false", *(str(d) for d in range(10))}
    vocabulary |= {w for spec in schema() for v in spec.values for w in re.findall(r"[a-z0-9']+", str(v).lower())}
    return vocabulary


def test_prompts_share_no_7_word_run_with_the_dialop_paper() -> None:
    papers = sorted(SEEDS.glob("000_*.txt")) if SEEDS.is_dir() else []
    if not papers:
        pytest.skip(f"the DialOp paper is not in {SEEDS}")
    game = generate(1)
    shown = []
    for assistant, user in (("hill-climb", "reporter"), ("random", "threshold")):
        seats = {"assistant": PolicyAgent(assistant, FAMILY.players[assistant].make(game, "assistant"),
                                          FAMILY.codec("assistant"), 1, noise=0.2),
                 "user": PolicyAgent(user, FAMILY.players[user].make(game, "user"), FAMILY.codec("user"), 1, noise=0.2)}
        record = asyncio.run(play(FAMILY, game, seats))
        shown += [c.request.system + "\n" + "\n".join(m.content for m in c.request.messages) for c in record.calls]
    text = "\n".join(shown)
    for needle in ("scorecard for this proposal", "Search Results (", "could not be used", "Your wishes"):
        assert needle in text  # everything a seat can be shown was rendered
    common = _runs(text) & _runs(papers[0].read_text(encoding="utf-8"))
    vocabulary = feature_vocabulary()
    prose = {run for run in common if not set(run.split()) <= vocabulary}
    assert prose == set()
    assert len(common) < 100  # the exemption covers feature lists only
