"""An organisation generator from any set of tables, seeded (re-derived from PeopleJoin §3.1):
one table is left out (questions over it cannot be answered), one is split into two halves held
by two people, everyone else holds one table, one person holds only a note redirecting to a
holder (while their profile claims that holder's topic), and a few people hold nothing. The
initiating user holds one table too. Profiles are templated from the table and column names.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from lamen.families.peoplejoin.organisation import Document, Organisation, Person
from lamen.families.peoplejoin.questions import UNANSWERABLE_MARK, Item
from lamen.families.peoplejoin.sql import identifier

FIRST = ("Alice", "Bruno", "Chiara", "Dmitri", "Esra", "Farid", "Greta", "Hugo", "Ines", "Jonas", "Keiko", "Lars",
         "Maya", "Nils", "Olga", "Pavel", "Quinn", "Rosa", "Sami", "Tara", "Umar", "Vera", "Wim", "Xenia", "Yusuf",
         "Zofia")
LAST = ("Abara", "Berg", "Costa", "Dahl", "Eze", "Fontaine", "Gallo", "Haas", "Ilic", "Jansen", "Kowalski", "Lind",
        "Moreau", "Novak", "Okafor", "Petrov", "Quist", "Rossi", "Sato", "Tanaka", "Ueda", "Varga", "Weber", "Yilmaz")

Rows = Sequence[Mapping[str, object]]


@dataclass(frozen=True)
class GeneratedOrganisation:
    organisation: Organisation
    missing: str | None  # the table nobody holds
    split: str | None  # the table whose halves two people hold
    redirect: tuple[str, str] | None  # (who holds only a note, whom it points to)

    def holders(self, table: str) -> tuple[str, ...]:
        """Who holds `table` (both halves' holders for the split one), in the organisation's order."""
        key = identifier(table).lower()
        return tuple(p.user_id for p in self.organisation.people
                     if any(identifier(t).lower() == key for t in self.organisation.tables.get(p.user_id, ())))

    def gold_people(self, tables: Iterable[str]) -> tuple[frozenset[str], bool]:
        """Whom a question over `tables` needs (the initiating user excluded; the redirecting
        person too when the redirect's target holds one of them) and whether it can be answered."""
        used = list(tables)
        needed = {user for t in used for user in self.holders(t)}
        if self.redirect is not None and self.redirect[1] in needed:
            needed.add(self.redirect[0])
        answerable = self.missing is None or identifier(self.missing).lower() not in {identifier(t).lower()
                                                                                       for t in used}
        return frozenset(needed - {self.organisation.primary}), answerable


def describe(title: str, rows: Rows) -> str:
    columns = list(dict.fromkeys(c for row in rows for c in row))
    return f"May know about {title}: records with {', '.join(columns)}." if columns else f"May know about {title}."


def _people(rng: random.Random, count: int) -> list[Person]:
    firsts = [FIRST[0], *rng.sample(FIRST[1:], count - 1)]  # the initiating user is always Alice
    people = []
    for first in firsts:
        user_id = first.lower()
        people.append(Person(user_id=user_id, full_name=f"{first} {rng.choice(LAST)}", email=f"{user_id}@company.com"))
    return people


def generate_organisation(tables: Mapping[str, Rows], seed: int, *, name: str = "generated", split: bool = True,
                          redirect: bool = True, missing: bool = True, idle: int = 1) -> GeneratedOrganisation:
    """An organisation over `tables` (title → rows as records). With fewer tables than the
    transformations need, those that cannot apply are skipped (a missing table needs two,
    a redirect needs a colleague who holds one)."""
    if not tables:
        raise ValueError(f"organisation {name!r}: no tables to distribute")
    empty = sorted(t for t, rows in tables.items() if not rows)
    if empty:
        raise ValueError(f"organisation {name!r}: table {empty[0]!r} has no rows")
    rng = random.Random(f"peoplejoin-organisation:{seed}")
    titles = sorted(tables)
    left_out = rng.choice(titles) if missing and len(titles) >= 2 else None
    kept = [t for t in titles if t != left_out]
    splittable = [t for t in kept if len(tables[t]) >= 2]
    halved = rng.choice(splittable) if split and splittable else None
    documents: list[tuple[str, list[Mapping[str, object]]]] = []
    for title in kept:
        rows = list(tables[title])
        if title == halved:
            documents += [(title, rows[:len(rows) // 2]), (title, rows[len(rows) // 2:])]
        else:
            documents.append((title, rows))
    rng.shuffle(documents)
    redirecting = redirect and len(documents) >= 2
    count = len(documents) + int(redirecting) + max(0, idle)
    if count > len(FIRST):
        raise ValueError(f"organisation {name!r}: {len(documents)} documents need more people than the "
                         f"{len(FIRST)} names available")
    people = _people(rng, count)
    primary = people[0].user_id
    held: dict[str, tuple[Document, ...]] = {}
    table_names: dict[str, tuple[str, ...]] = {p.user_id: () for p in people}
    descriptions: dict[str, str] = {}
    for person, (title, rows) in zip(people, documents):
        held[person.user_id] = (Document(url=f"{name}/{identifier(title)}", title=title,
                                         content=json.dumps(list(rows), ensure_ascii=False)),)
        table_names[person.user_id] = (title,)
        descriptions[person.user_id] = describe(title, rows)
    pointer = None
    if redirecting:
        redirector = people[len(documents)]
        target = rng.choice([p for p in people[1:len(documents)]])
        topic = table_names[target.user_id][0]
        held[redirector.user_id] = (Document(url=f"General knowledge/{redirector.user_id}",
                                             title=f"Ask {target.full_name}",
                                             content=f"{target.user_id} holds the records about {topic}."),)
        descriptions[redirector.user_id] = descriptions[target.user_id]  # an outdated profile: the topic moved on
        pointer = (redirector.user_id, target.user_id)
    organisation = Organisation(name=name, primary=primary, people=tuple(people), documents=held,
                                descriptions=descriptions, tables=table_names)
    return GeneratedOrganisation(organisation=organisation, missing=left_out, split=halved, redirect=pointer)


def tables_of(organisation: Organisation) -> dict[str, list[dict[str, object]]]:
    """The tables an organisation's documents hold, halves of a split table joined again (what
    the generator can redistribute)."""
    tables: dict[str, list[dict[str, object]]] = {}
    for person in organisation.people:
        for doc in organisation.documents_of(person.user_id):
            rows = doc.records()
            if rows is not None:
                tables.setdefault(doc.title, []).extend(rows)
    return tables


def tables_in_query(query: str, titles: Iterable[str]) -> tuple[str, ...]:
    """The titles whose table identifier the SQL names (as a whole word, any case)."""
    return tuple(t for t in titles if re.search(rf"(?<![\w.]){re.escape(identifier(t))}(?!\w)", query, re.IGNORECASE))


def retarget(generated: GeneratedOrganisation, item: Item) -> Item:
    """`item` asked in a generated organisation: its gold people are the holders of the tables its
    SQL names (and the redirecting person before a redirect's target); over the left-out table
    it cannot be answered."""
    org = generated.organisation
    titles = {t for held in org.tables.values() for t in held} | ({generated.missing} if generated.missing else set())
    used = tables_in_query(item.gold_sql, titles)
    people, answerable = generated.gold_people(used)
    answerable = answerable and not item.unanswerable
    update: dict[str, object] = {"organisation": org.name, "reference_people": tuple(sorted(people)),
                                 "unanswerable": not answerable,
                                 "needs_split": generated.split is not None and generated.split in used,
                                 "needs_redirection": generated.redirect is not None
                                 and generated.redirect[0] in people}
    if not answerable:
        update["execution_result"] = f"{UNANSWERABLE_MARK} The organisation holds no table {generated.missing!r}."
    return item.model_copy(update=update)
