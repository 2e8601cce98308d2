"""Tournament designs (issue 20 points 1 and 2): `design: adaptive` plays cross-play in rounds of
whole debiasing blocks chosen from the headline rating, stops at its budget, and resumes into
exactly the blocks an uninterrupted run plays; `design: panel` plays every contestant against a
fixed panel; bad designs are one located line."""

from __future__ import annotations

import asyncio
import sqlite3
from collections import Counter
from pathlib import Path

import pytest

from lamen.cli import main
from lamen.designs import components, rating_links
from lamen.runner import Runner
from lamen.runner.run import plan
from lamen.spec.library import Library
from lamen.spec.load import load_tournament
from lamen.spec.problems import SpecError
from lamen.store import Store

BOTS = "[bot:boulware, bot:linear, bot:conceder, bot:hardliner, bot:tit-for-tat]"
GAMES = "[rental-1-distributive, rental-2-mixture]"


def spec(tmp_path: Path, extra: str, name: str = "designs", agents: str = BOTS) -> Path:
    path = tmp_path / f"{name}.yaml"
    path.write_text(f"name: {name}\nagents: {agents}\ngames: {GAMES}\nself_play: false\n{extra}")
    return path


def rows(db: Path) -> list[dict]:
    store = Store.open_read_only(db)
    try:
        return store.match_rows()
    finally:
        store.close()


def outcomes(db: Path) -> dict[str, tuple]:
    with sqlite3.connect(db) as connection:
        return {match: (u_a, u_b) for match, u_a, u_b in connection.execute(
            "SELECT m.id, o.u_a, o.u_b FROM matches m JOIN outcomes o ON o.match_id = m.id WHERE m.status='finished'")}


@pytest.mark.parametrize(("extra", "message"), [
    ("design: swiss\n", "5: design: unknown design 'swiss' (use one of: round-robin, adaptive, panel)"),
    ("design: adaptive\nadaptive: {stop_when: converged}\n",
     "6: adaptive.stop_when: Input should be 'separated' or 'budget'"),
    ("design: adaptive\nadaptive: {stop_when: budget}\n", "6: adaptive.stop_when: stop_when: budget needs a budget"),
    ("design: adaptive\nadaptive: {floor: 0.1}\n", "6: adaptive.floor: Input should be greater than or equal to 0.2"),
    ("adaptive: {blocks: 4}\n", "5: adaptive: `adaptive` settings belong to design: adaptive (this is round-robin)"),
    ("design: panel\n", "5: design: design: panel needs a `panel`"),
    ("design: panel\npanel: [bot:linear, bot:nobody]\n",
     "6: panel[1]: panel member 'bot:nobody' is not an agent of this tournament"),
    ("design: panel\npanel: [bot:boulware, bot:linear, bot:conceder, bot:hardliner, bot:tit-for-tat]\n",
     "6: panel: every agent is in the panel: that is the round robin"),
])
def test_a_bad_design_is_one_located_line(tmp_path: Path, capsys: pytest.CaptureFixture[str], extra: str,
                                          message: str) -> None:
    path = spec(tmp_path, extra)
    assert main(["validate", str(path)]) == 1
    out = capsys.readouterr()
    assert f"{path}:{message}" in out.out + out.err
    assert "Traceback" not in out.out + out.err


def test_a_panel_plays_each_contestant_against_the_panel_only(tmp_path: Path) -> None:
    tournament = load_tournament(spec(tmp_path, "design: panel\npanel: [bot:boulware, bot:hardliner]\n"))
    matches = plan(tournament, Library.default())
    pairs = Counter(m.pair for m in matches)
    # 5 agents: the panel pair and each of the 3 contestants with each of the 2 panel members
    assert len(pairs) == 1 + 3 * 2
    assert all("bot:boulware" in pair or "bot:hardliner" in pair for pair in pairs)
    assert set(pairs.values()) == {2 * 4}  # 2 games × both sides × both start orders
    round_robin = {m.id for m in plan(load_tournament(spec(tmp_path, "", "designs")), Library.default())}
    assert {m.id for m in matches} < round_robin  # a panel's match is its round robin's match


def test_the_design_components_name_who_is_not_connected() -> None:
    assert components(["a", "b", "c", "d"], [("a", "b"), ("c", "d")]) == [["a", "b"], ["c", "d"]]
    assert components(["a", "b", "c"], [("a", "b"), ("b", "c")]) == [["a", "b", "c"]]


def identified(model: str, pairs: list[tuple[str, str]]) -> bool:
    nodes = [(agent, part) for agent in "pqxy" for part in (0, 1)]
    return len(components(nodes, rating_links(model, pairs))) == 1  # type: ignore[arg-type]


STAR = [("p", "q"), ("p", "x"), ("p", "y")]  # one panel member, p
TWO = [("p", "q"), ("p", "x"), ("p", "y"), ("q", "x"), ("q", "y")]  # panel p, q playing each other


def test_a_star_identifies_no_rating_and_two_panel_members_identify_every_one() -> None:
    # gets/gives: the star ties what the others get to what p gives, never to what p gets
    assert not identified("utility", STAR) and identified("utility", TWO)
    # partner sums: a star is bipartite (no odd cycle); self-play pins it, so does a triangle
    assert not identified("partner", STAR) and identified("partner", STAR + [("x", "x")])
    assert identified("partner", TWO)  # p, q, x is a triangle
    assert not identified("roles", STAR) and identified("roles", STAR + [("p", "p")]) and identified("roles", TWO)


def test_a_panel_that_leaves_the_ratings_unidentified_is_one_located_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = spec(tmp_path, "design: panel\npanel: [bot:boulware]\n")
    assert main(["run", str(path), "--db", str(tmp_path / "t.db"), "--quiet", "--yes"]) == 1
    err = capsys.readouterr().err
    assert err.strip() == (
        f"{path}:6: panel: the panel design does not identify the ratings: its matches do not relate "
        "bot:boulware to bot:linear, bot:conceder, bot:hardliner, bot:tit-for-tat (a panel needs two "
        "members or more, who play each other too)")
    assert not (tmp_path / "t.db").exists()


@pytest.mark.slow  # a whole run and its report (~10 s); the panel's schedule is checked above in the default run
def test_a_panel_run_says_which_design_was_played(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "panel.db"
    path = spec(tmp_path, "design: panel\npanel: [bot:boulware, bot:hardliner]\n",
                agents="[bot:boulware, bot:linear, bot:conceder, bot:hardliner]")
    assert main(["run", str(path), "--db", str(db), "--quiet", "--yes"]) == 0
    out = capsys.readouterr().out
    assert "40/40 matches" in out  # 5 pairs (all but linear–conceder) × 2 games × 4
    assert "No utility rating" not in out  # every agent's gets is identified
    index = (tmp_path / "index.html").read_text()
    assert ("design: panel (every contestant against bot:boulware, bot:hardliner): 10 cross-play blocks played"
            in index)


def adaptive_spec(tmp_path: Path, name: str = "adaptive") -> Path:
    # 10 pairs × 2 games = 20 blocks; 8 of them: the warm-up cycle through the 5 agents, then a round of 3
    return spec(tmp_path, "design: adaptive\nadaptive: {stop_when: budget, blocks: 8, round_blocks: 3}\nseed: 5\n",
                name)


@pytest.mark.slow  # ~12 s each: two whole adaptive runs; CI runs them
def test_an_adaptive_run_plays_whole_blocks_up_to_its_budget(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "a.db"
    assert main(["run", str(adaptive_spec(tmp_path)), "--db", str(db), "--quiet", "--yes"]) == 0
    out = capsys.readouterr().out
    assert "32/32 matches" in out
    assert "adaptive design: 8 of 20 cross-play blocks played in 2 rounds" in out
    stored = rows(db)
    assert {row["status"] for row in stored} == {"finished"}  # only the chosen blocks are planned
    blocks = Counter(row["block"] for row in stored)
    assert len(blocks) == 8 and set(blocks.values()) == {4}  # both sides × both start orders, always
    agents = Counter(agent for row in stored for agent in (row["agent_a"], row["agent_b"]))
    assert len(agents) == 5  # the warm-up cycle connects every agent
    first = outcomes(db)
    assert main(["run", str(adaptive_spec(tmp_path)), "--db", str(db), "--quiet", "--yes"]) == 0
    assert outcomes(db) == first  # a finished adaptive run plays nothing more


@pytest.mark.slow  # ~12 s each: two whole adaptive runs; CI runs them
def test_an_interrupted_adaptive_run_resumes_into_the_same_blocks(tmp_path: Path) -> None:
    whole = tmp_path / "whole.db"
    assert main(["run", str(adaptive_spec(tmp_path)), "--db", str(whole), "--quiet", "--yes"]) == 0
    tournament = load_tournament(adaptive_spec(tmp_path))
    cut = tmp_path / "cut.db"
    store = Store(cut)
    runner = Runner(tournament, store, Library.default())
    play_all = runner.play_matches
    played = [0]

    async def killed_after_26(matches: list) -> None:  # the store as a kill in the second round leaves it
        room = max(0, 26 - played[0])
        played[0] += min(room, len(matches))
        await play_all(matches[:room])

    runner.play_matches = killed_after_26  # type: ignore[method-assign]
    asyncio.run(runner.run())
    store.close()
    assert len(outcomes(cut)) == 26  # the warm-up's 5 blocks and 6 matches of the next round
    assert main(["run", str(adaptive_spec(tmp_path)), "--db", str(cut), "--quiet", "--yes"]) == 0
    assert outcomes(cut) == outcomes(whole)


@pytest.mark.parametrize(("family", "players", "blocks"), [
    ("dialop.optimization", "[player:random, player:own-view, player:share-all]", 3 * 3),  # partner strengths
    ("dialop.planning", "[player:random, player:hill-climb, player:oracle]", 3 * 3),  # a ranking per role
])
def test_an_adaptive_run_rates_every_relation(tmp_path: Path, capsys: pytest.CaptureFixture[str], family: str,
                                              players: str, blocks: int) -> None:
    path = tmp_path / "coop.yaml"
    path.write_text(f"name: coop\nfamily: {family}\nagents: {players}\ninstances: {{config: {{source: human}}, "
                    "count: 3}\nself_play: false\ndesign: adaptive\nadaptive: {stop_when: budget, blocks: 5, "
                    "round_blocks: 2}\nseed: 2\n")
    db = tmp_path / "coop.db"
    assert main(["run", str(path), "--db", str(db), "--quiet", "--yes"]) == 0
    out = capsys.readouterr().out
    # the warm-up cycle (3 blocks, one per pairing, on three instances), then a chosen round of 2
    assert f"adaptive design: 5 of {blocks} cross-play blocks played in 2 rounds" in out
    stored = rows(db)
    assert Counter(Counter(row["block"] for row in stored).values()) == {4: 5}  # whole blocks only
    assert len({row["game"] for row in stored}) >= 2  # the warm-up spreads over the instances


@pytest.mark.parametrize(("self_play", "refused"), [(False, True), (True, False)])
def test_a_partner_panel_of_one_needs_self_play_to_identify_the_strengths(tmp_path: Path, self_play: bool,
                                                                          refused: bool) -> None:
    path = tmp_path / "coop.yaml"
    path.write_text("name: coop\nfamily: dialop.optimization\nagents: [player:random, player:own-view, "
                    "player:share-all]\ninstances: {config: {source: human}, count: 2}\n"
                    f"self_play: {str(self_play).lower()}\ndesign: panel\npanel: [player:oracle]\n"
                    .replace("player:share-all]", "player:share-all, player:oracle]"))
    tournament = load_tournament(path)
    if refused:
        with pytest.raises(SpecError, match="does not identify the ratings: its matches do not relate player:random, "
                                            "player:own-view, player:share-all to player:oracle"):
            plan(tournament, Library.default())
    else:
        matches = plan(tournament, Library.default())
        assert Counter(m.stage for m in matches) == {"self": 4 * 2 * 4, "cross": 3 * 2 * 4}
