"""A big tournament database for the report's scale tests: the quickstart (6 bots × 6 games, 504
matches) played for real once, then replicated through the store API — every copy a new match id,
its own repetition number and debiasing block, with the original's turns and judged outcome —
until the database holds the matches asked for. Model calls are not copied (bots make none).

    python -m bench.scale_db OUT.db 10000
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from lamen.judge.outcome import Outcome
from lamen.runner import Runner
from lamen.spec.library import Library
from lamen.spec.load import load_tournament
from lamen.store import MatchRecord, Store
from lamen.transcript import Transcript

REPO = Path(__file__).resolve().parent.parent
QUICKSTART = REPO / "tournaments" / "quickstart.yaml"


def play_quickstart(path: Path) -> Path:
    """The quickstart tournament, played by its bots into `path`."""
    store = Store(path)
    try:
        asyncio.run(Runner(load_tournament(QUICKSTART), store, Library.default()).run())
    finally:
        store.close()
    return path


def replicate(source: Path, target: Path, matches: int) -> int:
    """Copy `source`'s only tournament into `target` as `matches` finished matches (cycling over
    the source's finished matches). Returns how many matches `target` holds."""
    original = Store(source)
    copy = Store(target)
    try:
        (name,) = original.tournaments()
        spec = original.tournament_spec(name)
        agents = [agent.spec for agent in original.agent_rows(name)]
        rows = [{**match.row, "outcome_json": match.outcome_json, "spec": match.spec}
                for match in original.stored_matches(name) if match.status == "finished"]
        turns = original.turns_by_match(name)
        repetitions = 1 + max(row["repetition"] for row in rows)
        planned: list[tuple[MatchRecord, dict, Transcript, Outcome]] = []
        for index in range(matches):
            row, copy_number = rows[index % len(rows)], index // len(rows)
            record = MatchRecord(
                id=f"{row['id']}~{copy_number}", stage=row["stage"], game=row["game"], game_class=row["game_class"],
                protocol=row["protocol"], agent_a=row["agent_a"], agent_b=row["agent_b"], starts=row["starts"],
                repetition=row["repetition"] + copy_number * repetitions, mirror=row["mirror"],
                block=f"{row['block']}|copy {copy_number}", seed=row["seed"], position=index)
            outcome = Outcome.model_validate_json(row["outcome_json"])
            transcript = Transcript(game=row["game"], protocol=row["protocol"], agents=(row["agent_a"], row["agent_b"]),
                                    starts=row["starts"], turns=tuple(turns.get(row["id"], ())),
                                    end_reason=outcome.end_reason)
            planned.append((record, row["spec"], transcript, outcome))
        copy.save_tournament(name, spec, agents)
        copy.plan(name, [(record, match_spec) for record, match_spec, _, _ in planned])
        for record, _, transcript, outcome in planned:
            copy.save_match(record.id, transcript, outcome)
        return copy.summary()["total"]
    finally:
        original.close()
        copy.close()


def scale_db(folder: Path, matches: int, quickstart: Path | None = None) -> Path:
    """`folder/tournament.db` with `matches` matches (playing the quickstart unless given)."""
    source = quickstart or play_quickstart(folder / "quickstart.db")
    target = folder / "tournament.db"
    replicate(source, target, matches)
    return target


if __name__ == "__main__":
    out, count = Path(sys.argv[1]), int(sys.argv[2])
    out.parent.mkdir(parents=True, exist_ok=True)
    quick = play_quickstart(out.with_name("quickstart.db"))
    print(replicate(quick, out, count))
