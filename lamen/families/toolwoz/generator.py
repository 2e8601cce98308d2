"""Seeded ToolWOZ goals drawn from the shipped databases, and the shipped goal file.

ToolWOZ's own goal files carry no license, and MultiWOZ's dialogue goals are not in the snapshot
we ship, so goals are generated here from the paper's description (§3.2: a goal is the search and
booking calls an ideal agent makes, per domain, with their arguments). The whole rule is
`draw_domain_goal`; FAMILIES.md §8.3 names the risk that it differs from ASAPP's files.

    python -m lamen.families.toolwoz.generator    # rewrites data/goals.json (seed GOALS_SEED)
"""

from __future__ import annotations

import json
import random
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from lamen.families.toolwoz.db import DOMAINS, Domain, rows
from lamen.families.toolwoz.goal import DomainGoal, Goal

GOALS_SEED = 20261126
GOALS_COUNT = 36
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
BOOK_SHARE = 0.7  # share of restaurant, hotel and train goals that also book
NAME_SHARE = 0.15  # share of restaurant, hotel and attraction goals that search by name alone


def draw_domain_goal(domain: Domain, rng: random.Random) -> DomainGoal:
    """The goal rule, for one domain:

    1. draw one database row uniformly — the goal's entity;
    2. search arguments are some of that row's own values: by name alone (restaurant, hotel,
       attraction: NAME_SHARE of the time); otherwise two or three of restaurant food / area /
       price range, of hotel area / price range / stars / type / free parking and internet (only
       when the row offers them: "no parking" is not a wish a guest states), one or two of
       attraction type / area; a train always has departure, destination, day, and either its
       leaving time (as "leave at or after") or its arrival time (as "arrive by");
    3. restaurants, hotels and trains book BOOK_SHARE of the time: the entity (name or train id)
       with a party of 1–8, and for a restaurant a day and a time on the quarter hour from 11:00 to
       20:45, for a hotel a day and 1–5 nights.
    Every search argument is the entity's own, so a search with exactly the goal's arguments
    finds the entity (and serving returns it when the goal books)."""
    row = rng.choice(rows(domain))
    s = row.slots
    if domain == "train":
        search = {slot: s[slot] for slot in ("departure", "destination", "day")}
        timing = rng.choice(("leaveAt", "arriveBy"))
        search[timing] = s[timing]
    elif domain != "train" and rng.random() < NAME_SHARE:
        search = {"name": s["name"]}
    else:
        if domain == "restaurant":
            pool, sizes = ["food", "area", "pricerange"], (2, 3)
        elif domain == "hotel":
            pool = ["area", "pricerange", "stars", "type"] + [f for f in ("parking", "internet") if s.get(f) == "yes"]
            sizes = (2, 3)
        else:
            pool, sizes = ["type", "area"], (1, 2)
        chosen = rng.sample(pool, rng.choice(sizes))
        search = {slot: s[slot] for slot in pool if slot in chosen}  # in pool order: stable disclosure order
    book: dict[str, str] | None = None
    if domain != "attraction" and rng.random() < BOOK_SHARE:
        people = str(rng.randint(1, 8))
        if domain == "restaurant":
            hour, quarter = rng.randint(11, 20), rng.choice((0, 15, 30, 45))
            book = {"name": s["name"], "people": people, "day": rng.choice(WEEKDAYS),
                    "time": f"{hour:02d}:{quarter:02d}"}
        elif domain == "hotel":
            book = {"name": s["name"], "people": people, "day": rng.choice(WEEKDAYS), "stay": str(rng.randint(1, 5))}
        else:
            book = {"trainID": row.key.split("@")[0], "people": people}
    return DomainGoal(domain=domain, search=search, book=book, entity=row.key)


def generate_goal(rng: random.Random) -> Goal:
    """One to three distinct domains, in a random order (the order the user pursues them)."""
    count = rng.choice((1, 2, 3))
    domains = rng.sample(DOMAINS, count)
    return Goal(domains=tuple(draw_domain_goal(d, rng) for d in domains))


def goal_for_seed(seed: int) -> Goal:
    return generate_goal(random.Random(seed))


def shipped_file() -> dict:
    """The content of data/goals.json: GOALS_COUNT goals from one seeded stream."""
    rng = random.Random(GOALS_SEED)
    goals = [generate_goal(rng).model_dump(mode="json") for _ in range(GOALS_COUNT)]
    return {"seed": GOALS_SEED, "generator": "lamen.families.toolwoz.generator.generate_goal", "goals": goals}


@cache
def shipped_goals() -> tuple[Goal, ...]:
    return read_goals(files("lamen.families.toolwoz") / "data" / "goals.json")


def read_goals(path: Any) -> tuple[Goal, ...]:
    """The goals of a goal file (`{"goals": [...]}`); a bad file is one line naming it, the goal and the cause."""
    name = getattr(path, "name", str(path))
    try:
        items = json.loads(path.read_text(encoding="utf-8"))["goals"]
    except (OSError, ValueError, KeyError, TypeError) as err:
        raise ValueError(f"{name}: cannot be read as a goal file ({type(err).__name__}: {err})") from None
    if not isinstance(items, list):
        raise ValueError(f"{name}: cannot be read as a goal file (\"goals\" is {type(items).__name__}, not a list)")
    goals = []
    for n, item in enumerate(items):
        try:
            goals.append(Goal.model_validate(item))
        except ValidationError as err:
            first = err.errors()[0]
            where = ".".join(str(part) for part in first["loc"]) or "goal"
            raise ValueError(f"{name}: goal {n}: {where}: {first['msg']}") from None
        except ValueError as err:
            raise ValueError(f"{name}: goal {n}: {err}") from None
    return tuple(goals)


def main() -> None:
    path = Path(__file__).parent / "data" / "goals.json"
    path.write_text(json.dumps(shipped_file(), indent=1) + "\n", encoding="utf-8")
    print(f"wrote {GOALS_COUNT} goals (seed {GOALS_SEED}) to {path}")


if __name__ == "__main__":
    main()
