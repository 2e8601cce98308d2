"""What the keys of parsed (key, value) pairs say, before any value is read: the issue a key
names by its unit or its value, whose value a key holds (the writer's own, the other side's, a
limit), which keys wrap an offer, revise it or amend it, and the value of an issue written as a
small mapping ({"theirs": 1400, "mine": 1200}, {"years": 2}, {"company_a": 6, "company_b": 4})."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, TypeVar

from lamen.judge.labels import GameLabels

T = TypeVar("T")

KEY_UNIT = re.compile(r"(?:^|[\s_-])(years?|yrs?|months?|mos?|days?|weeks?|usd|dollars?|percent|pct)(?:$|[\s_-])",
                      re.IGNORECASE)


# A unit word followed by a money word names a price per that unit ("day_rate", "week fee").
_PER_UNIT_MONEY = re.compile(r"[\s_-]?(?:rate|fee|price|cost|charge|pay|rent|wage)s?\b", re.IGNORECASE)


def with_key_unit(key: str, value: Any) -> Any:
    """A bare number under a key that says its unit ('term_years': 3, 'rent_usd': 1100) gets it."""
    bare = isinstance(value, (int, float)) and not isinstance(value, bool) or \
        isinstance(value, str) and re.fullmatch(r"\s*\d+(?:\.\d+)?\s*", value)
    unit = KEY_UNIT.search(key) if bare else None
    if unit is None or _PER_UNIT_MONEY.match(key, unit.end(1)):
        return value  # ('day_rate': 4000, 'monthly fee' aside): a price per day, no count of days
    word = unit.group(1).lower()
    if word in ("usd", "dollar", "dollars"):
        return f"${str(value).strip()}"
    if word in ("percent", "pct"):
        return f"{str(value).strip()}%"
    return f"{str(value).strip()} {word}"


def nested_pairs(value: Any) -> list[tuple[str, Any]] | None:
    if isinstance(value, list) and value and all(isinstance(p, tuple) and len(p) == 2 for p in value):
        return value
    return None


def issue_by_evidence(value: Any, labels: GameLabels, taken: set[str]) -> str | None:
    """The issue a value under an unknown key belongs to, when its value is a label of exactly
    one issue not named elsewhere in the block ('Loan size: $2,000', 'lease_term_months: 15')."""
    if value is None or isinstance(value, (list, bool)):
        return None
    fits = [issue for issue in labels.issues if issue not in taken and labels.match(issue, value).kind == "label"]
    return fits[0] if len(fits) == 1 else None


# Keys (of a wrapper or of a value) that hold what is not the writer's own offer: the other
# side's position, the writer's limits, an earlier draft.
NOT_OWN_KEY = re.compile(r"\b(?:theirs?|opponents?|counterpart|other|walk[\s_-]?away|reservation|batna|floor|ceiling|"
                         r"fallback|limits?|min(?:imum)?|max(?:imum)?|worst|previous|prev|last|old|draft|was|"
                         r"estimated?|guess|expected|you|yours|your)\b", re.IGNORECASE)
OWN_KEY = re.compile(r"\b(?:mine|my|me|our|ours|own|offer|proposal|proposed|propose|ask|target|acceptable|final|"
                     r"value|new|current|now|counter)\b", re.IGNORECASE)
# A key whose string value is the offer written as prose ({"acceptable_offer": "rent $1,200, 24 months"}).
OFFER_KEY = re.compile(r"\b(?:offers?|proposals?|terms|package|deal|counter(?:offer)?|acceptable|position)\b", re.IGNORECASE)

# A planning position that is not the offer beside an acceptable one: what the writer hopes for
# ("Target", "Ideal", "Stretch", "Opening ask") — the offer is the acceptable position.
ASPIRATION_KEY = re.compile(r"\b(?:target|ideal|stretch|opening|aspiration|dream|best[\s_-]?case|goal|anchor|wish)\b",
                            re.IGNORECASE)
# The position that is the offer among planning positions.
ACCEPTABLE_KEY = re.compile(r"\b(?:acceptable|accept|offers?|proposals?|propose[ds]?|final|now|current|counter)\b",
                            re.IGNORECASE)

# The planning positions of a position paper in the languages models write them in (German,
# Spanish, French, Italian, Portuguese, Dutch, Polish, Chinese, Japanese, Korean): the hoped-for one,
# the acceptable one and a limit. (Kept out of the keys above, which every key is tried against.)
_FOREIGN_ASPIRATION = re.compile(r"\b(?:ziel|zielwert|wunschwert|objetivo|objectif|cible|obiettivo|alvo|doel|cel|"
                                 r"目标|目標|목표)\b", re.IGNORECASE)
_FOREIGN_ACCEPTABLE = re.compile(r"\b(?:akzeptabel|annehmbar|aceptable|accettabile|aceit[áa]vel|aanvaardbaar|"
                                 r"akceptowaln\w*|可接受|許容|수용)\b", re.IGNORECASE)
_FOREIGN_LIMIT = re.compile(r"\b(?:schmerzgrenze|untergrenze|obergrenze|m[íi]nimo|m[áa]ximo|massimo|plancher|plafond|"
                            r"grens|底线|下限|上限)\b", re.IGNORECASE)


def _aspiration(key: str) -> bool:
    return bool(ASPIRATION_KEY.search(key) or _FOREIGN_ASPIRATION.search(key))


def _acceptable(key: str) -> bool:
    return bool(ACCEPTABLE_KEY.search(key) or _FOREIGN_ACCEPTABLE.search(key))


def _limit(key: str) -> bool:
    return bool(NOT_OWN_KEY.search(key) or _FOREIGN_LIMIT.search(key))


def _english_acceptable(name: str) -> bool:
    return bool(ACCEPTABLE_KEY.search(name))


def _english_aspiration(name: str) -> bool:
    return bool(ASPIRATION_KEY.search(name))


def acceptable_over_aspiration(items: list[T], name: Callable[[T], str], in_other_languages: bool = False) -> list[T]:
    """Of planning positions (a table's own rows or columns, "Target | Acceptable now"; the keys of
    an issue's mapping, "target" / "acceptable"), the acceptable ones when every other is a hoped-for
    one: what the writer would accept is the offer. Else the items as they are. In English, or also
    in the languages models write position papers in (`_FOREIGN_ACCEPTABLE`, `_FOREIGN_ASPIRATION`)."""
    is_acceptable, is_aspiration = (_acceptable, _aspiration) if in_other_languages else \
        (_english_acceptable, _english_aspiration)
    acceptable = [item for item in items if is_acceptable(name(item)) and not is_aspiration(name(item))]
    if acceptable and len(acceptable) < len(items) and \
            all(is_aspiration(name(item)) for item in items if item not in acceptable):
        return acceptable
    return items


REVISION_KEY = re.compile(r"^\W*(?:revised|revision|updated?|update|final|correction|corrected|actually|instead|"
                          r"now|new)\b", re.IGNORECASE)

# A line that amends the block before it, not a new offer ("Final:" is a new offer).
AMENDMENT_KEY = re.compile(r"^\W*(?:revised|revision|updated?|correction|corrected|actually|instead|edit)\b", re.IGNORECASE)


def plain_key(key: Any) -> str:
    return re.sub(r"[_\-.]+", " ", str(key)).strip()


def issues_named(pairs: list[tuple[str, Any]], labels: GameLabels) -> int:
    return len({labels.issue_for_key(str(key)) for key, _ in pairs} - {None})


def holds_offer(pairs: list[tuple[str, Any]], labels: GameLabels, depth: int = 0) -> bool:
    """Whether a mapping names a game issue, itself or in a mapping inside it (a tool call's
    "function" -> "arguments" -> offer)."""
    return any(labels.issue_for_key(str(key)) for key, _ in pairs) or \
        depth < 4 and any(holds_offer(inner, labels, depth + 1) for _, value in pairs if (inner := nested_pairs(value)))


def starts_with_issue(value: Any, labels: GameLabels) -> bool:
    """Whether a text value starts with an issue's name ("Draft: benefits 40%, ..." split into pairs)."""
    words = re.findall(r"[^\W\d_]{3,}", str(value))[:2]
    return any(labels.issue_for_key(word) is not None for word in words)


# Entries of a value record that describe the value rather than being one: its unit, currency,
# what it is worth to the writer, remarks ({"value": "$1,100", "my_payoff": 4},
# {"amount": 1200, "unit": "USD/month"}). A record is read as its one value with its unit.
META_KEY = re.compile(r"\b(?:units?|currency|payoffs?|utility|utilities|points?|scores?|weights?|priority|importance|"
                      r"rank|notes?|comments?|why|reasons?|rationale|confidence|justification)\b", re.IGNORECASE)
UNIT_KEY = re.compile(r"^\W*(?:units?|currency)\W*$", re.IGNORECASE)


def record_value(value: list[tuple[str, Any]]) -> Any:
    """The one value of a record whose other entries only describe it (unit, currency, payoff,
    remarks): '{"amount": 1200, "unit": "USD/month"}' -> '1200 USD/month'; else the record."""
    meta = [(str(k), v) for k, v in value if META_KEY.search(plain_key(k))]
    rest = [(str(k), v) for k, v in value if not META_KEY.search(plain_key(k))]
    if not meta or len(rest) != 1 or isinstance(rest[0][1], (list, tuple, dict)):
        return value
    key, found = rest[0]
    units = [str(v) for k, v in meta if UNIT_KEY.match(k) and isinstance(v, str) and len(v) <= 20]
    if units and re.fullmatch(r"\s*-?[\d_.,]+\s*", str(found)):
        return f"{str(found).strip()} {' '.join(units)}"
    return with_key_unit(key, found)


def one_value(issue: str, value: list[tuple[str, Any]], labels: GameLabels) -> Any:
    """The value of an issue written as a small mapping: the own entry beside the other side's
    ({"theirs": 1400, "mine": 1200}); one entry with its unit in the key ({"years": 2},
    {"per_seat_usd": 25}); or per-party entries ({"company_a": 4, "company_b": 6}) as one text
    the value grammar reads as a split."""
    record = record_value(value)
    if record is not value:
        return record
    scalar = [(str(k), v) for k, v in value if not isinstance(v, (list, tuple))]
    if not scalar:
        return value
    own = [(k, v) for k, v in scalar if OWN_KEY.search(plain_key(k)) and not NOT_OWN_KEY.search(plain_key(k))]
    others = [(k, v) for k, v in scalar if NOT_OWN_KEY.search(plain_key(k))]
    # "Rent: (a) target $1,400 (b) acceptable $1,300 (c) walk-away": of an issue's planning positions
    # in a position paper, the one acceptable position beside aspirations and limits is the offer.
    positions = [(k, v) for k, v in scalar if not _limit(plain_key(k))]
    acceptable = acceptable_over_aspiration(positions, lambda pair: plain_key(pair[0]), in_other_languages=True)
    if len(acceptable) == 1 < len(positions):
        return with_key_unit(acceptable[0][0], acceptable[0][1])
    if len(own) == 1 and others:
        return with_key_unit(own[0][0], own[0][1])
    if len(scalar) == 1:
        return with_key_unit(scalar[0][0], scalar[0][1])
    return ", ".join(f"{plain_key(k)} {with_key_unit(k, v)}" for k, v in scalar)


def _party_letter(key: str) -> str | None:
    """The party a key names by its letter ("board_seats_company_a", "staff_b_pct"), if one."""
    letters = {word for word in plain_key(key).lower().split() if word in ("a", "b")}
    return letters.pop() if len(letters) == 1 else None


def resolved_pairs(pairs: list[tuple[str, Any]], labels: GameLabels) -> list[tuple[str, Any]]:
    """The pairs with the values of issue keys resolved (see `one_value`), a key whose mapping
    names two or more issues taken as a wrapper whatever its own name, and the per-party keys
    of one split issue ("board_seats_a": 6, "board_seats_b": 4) joined into one value."""
    resolved: list[tuple[str, Any]] = []
    for key, value in pairs:
        issue = labels.issue_for_key(str(key))
        if issue is not None and nested_pairs(value):
            if issues_named(value, labels) >= 2:
                resolved.append(("", value))  # a wrapper, even when its name is an issue's synonym
                continue
            value = one_value(issue, value, labels)
        resolved.append((key, value))
    # {"rent": 1200, "rent_floor": 1100}, {"my_rent": …, "their_rent": …}, "Rent (walk-away):": of
    # the keys naming one issue, those marked as a limit or as the other side's are not the offer.
    keyed: dict[str, list[int]] = {}
    for index, (key, value) in enumerate(resolved):
        if (issue := labels.issue_for_key(str(key))) is not None:
            keyed.setdefault(issue, []).append(index)
    dropped = {index for places in keyed.values() if len(places) > 1
               for index in places if NOT_OWN_KEY.search(plain_key(resolved[index][0]))
               and not all(NOT_OWN_KEY.search(plain_key(resolved[other][0])) for other in places)}
    resolved = [pair for index, pair in enumerate(resolved) if index not in dropped]
    by_issue: dict[str, list[int]] = {}
    for index, (key, value) in enumerate(resolved):
        issue = labels.issue_for_key(str(key))
        if issue is not None and labels.issues[issue].is_pair and not isinstance(value, (list, tuple)):
            by_issue.setdefault(issue, []).append(index)
    for issue, places in by_issue.items():
        if len(places) == 1 and (letter := _party_letter(resolved[places[0]][0])) is not None:
            # "employees_retained_a_pct": 55 — one party's share, named in the key, fixes the split.
            key, value = resolved[places[0]]
            resolved[places[0]] = (key, f"{letter.upper()}: {with_key_unit(key, value)}")
        if len(places) == 2 and resolved[places[0]][1] != resolved[places[1]][1]:
            (k1, v1), (k2, v2) = resolved[places[0]], resolved[places[1]]
            resolved[places[0]] = (k1, f"{plain_key(k1)} {v1}, {plain_key(k2)} {v2}")
            resolved[places[1]] = ("", None)
    return [(key, value) for key, value in resolved if key != "" or value is not None]
