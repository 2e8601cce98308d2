"""Read the acceptable offer of a note: its structured blocks (JSON, tables, key/value lines; see
structured.py), the own one among them (not an estimate of the opponent, not an earlier offer
quoted for reference), and a revision written in prose after it."""

from __future__ import annotations

import re
from typing import Any

from lamen.judge.extraction import Extraction
from lamen.judge.json_blocks import brace_blocks, parse_block
from lamen.judge.labels import GameLabels
from lamen.judge.messages import extract_text
from lamen.judge.structured import Block, as_records, structured_blocks

__all__ = ["brace_blocks", "extract_note_json", "offers_from_pairs", "parse_block", "own_block", "structured_offer"]

# Text just before (or right after) a block that marks it as a guess of the opponent's position
# or a quotation of an earlier offer, not the note's own.
_ESTIMATE_CUES = re.compile(r"opponent|their\b|they (?:would|might|will|may)|other (?:side|party)|counterpart|"
                            r"estimat|guess|for reference|previous(?:ly)? offer|last offer|likely|predict|"
                            r"(?:think|expect|believe)\s+(?:the\s+)?\w+\s+(?:will|would|might)", re.IGNORECASE)
_OWN_CUES = re.compile(r"\b(?:my|our|own)\b", re.IGNORECASE)
# Keys that carry no offer beside the offer itself.
_META_KEYS = re.compile(r"^(?:confidence|notes?|reason(?:ing)?|rationale|comments?|strategy|priority|status|"
                        r"justification|summary|thoughts?|analysis|explanation|"
                        # the plumbing of a tool call around the offer
                        r"id|type|name|index|role|call_id|tool_call_id|tool|function|method|arguments|input|parameters)$",
                        re.IGNORECASE)


_KEY_UNIT = re.compile(r"(?:^|[\s_-])(years?|yrs?|months?|mos?|days?|weeks?|usd|dollars?|percent|pct)(?:$|[\s_-])",
                       re.IGNORECASE)


def _with_key_unit(key: str, value: Any) -> Any:
    """A bare number under a key that says its unit ('term_years': 3, 'rent_usd': 1100) gets it."""
    bare = isinstance(value, (int, float)) and not isinstance(value, bool) or \
        isinstance(value, str) and re.fullmatch(r"\s*\d+(?:\.\d+)?\s*", value)
    unit = _KEY_UNIT.search(key) if bare else None
    if unit is None:
        return value
    word = unit.group(1).lower()
    if word in ("usd", "dollar", "dollars"):
        return f"${str(value).strip()}"
    if word in ("percent", "pct"):
        return f"{str(value).strip()}%"
    return f"{str(value).strip()} {word}"


def _nested(value: Any) -> list[tuple[str, Any]] | None:
    if isinstance(value, list) and value and all(isinstance(p, tuple) and len(p) == 2 for p in value):
        return value
    return None


def _by_evidence(value: Any, labels: GameLabels, taken: set[str]) -> str | None:
    """The issue a value under an unknown key belongs to, when its value is a label of exactly
    one issue not named elsewhere in the block ('Loan size: $2,000', 'lease_term_months: 15')."""
    if value is None or isinstance(value, (list, bool)):
        return None
    fits = [issue for issue in labels.issues if issue not in taken and labels.match(issue, value).kind == "label"]
    return fits[0] if len(fits) == 1 else None


# Keys (of a wrapper or of a value) that hold what is not the writer's own offer: the other
# side's position, the writer's limits, an earlier draft.
_NOT_OWN_KEY = re.compile(r"\b(?:theirs?|opponents?|counterpart|other|walk[\s_-]?away|reservation|batna|floor|ceiling|"
                          r"fallback|limits?|min(?:imum)?|max(?:imum)?|worst|previous|prev|last|old|draft|was|"
                          r"estimated?|guess|expected|you|yours|your)\b", re.IGNORECASE)
_OWN_KEY = re.compile(r"\b(?:mine|my|me|our|ours|own|offer|proposal|proposed|propose|ask|target|acceptable|final|"
                      r"value|new|current|now|counter)\b", re.IGNORECASE)
# A key whose string value is the offer written as prose ({"acceptable_offer": "rent $1,200, 24 months"}).
_OFFER_KEY = re.compile(r"\b(?:offers?|proposals?|terms|package|deal|counter(?:offer)?|acceptable|position)\b", re.IGNORECASE)

_REVISION_KEY = re.compile(r"^\W*(?:revised|revision|updated?|update|final|correction|corrected|actually|instead|"
                           r"now|new)\b", re.IGNORECASE)

# A line that amends the block before it, not a new offer ("Final:" is a new offer).
_AMENDMENT_KEY = re.compile(r"^\W*(?:revised|revision|updated?|correction|corrected|actually|instead|edit)\b", re.IGNORECASE)


def _words(key: Any) -> str:
    return re.sub(r"[_\-.]+", " ", str(key)).strip()


def _names_issues(pairs: list[tuple[str, Any]], labels: GameLabels) -> int:
    return len({labels.issue_for_key(str(key)) for key, _ in pairs} - {None})


def _holds_offer(pairs: list[tuple[str, Any]], labels: GameLabels, depth: int = 0) -> bool:
    """Whether a mapping names a game issue, itself or in a mapping inside it (a tool call's
    "function" -> "arguments" -> offer)."""
    return any(labels.issue_for_key(str(key)) for key, _ in pairs) or \
        depth < 4 and any(_holds_offer(inner, labels, depth + 1) for _, value in pairs if (inner := _nested(value)))


def _names_an_issue(value: Any, labels: GameLabels) -> bool:
    """Whether a text value starts with an issue's name ("Draft: benefits 40%, ..." split into pairs)."""
    words = re.findall(r"[^\W\d_]{3,}", str(value))[:2]
    return any(labels.issue_for_key(word) is not None for word in words)


def _one_value(issue: str, value: list[tuple[str, Any]], labels: GameLabels) -> Any:
    """The value of an issue written as a small mapping: the own entry beside the other side's
    ({"theirs": 1400, "mine": 1200}); one entry with its unit in the key ({"years": 2},
    {"per_seat_usd": 25}); or per-party entries ({"company_a": 4, "company_b": 6}) as one text
    the value grammar reads as a split."""
    scalar = [(str(k), v) for k, v in value if not isinstance(v, (list, tuple))]
    if not scalar:
        return value
    own = [(k, v) for k, v in scalar if _OWN_KEY.search(_words(k)) and not _NOT_OWN_KEY.search(_words(k))]
    others = [(k, v) for k, v in scalar if _NOT_OWN_KEY.search(_words(k))]
    if len(own) == 1 and others:
        return _with_key_unit(own[0][0], own[0][1])
    if len(scalar) == 1:
        return _with_key_unit(scalar[0][0], scalar[0][1])
    return ", ".join(f"{_words(k)} {_with_key_unit(k, v)}" for k, v in scalar)


def _resolved(pairs: list[tuple[str, Any]], labels: GameLabels) -> list[tuple[str, Any]]:
    """The pairs with the values of issue keys resolved (see `_one_value`), a key whose mapping
    names two or more issues taken as a wrapper whatever its own name, and the per-party keys
    of one split issue ("board_seats_a": 6, "board_seats_b": 4) joined into one value."""
    resolved: list[tuple[str, Any]] = []
    for key, value in pairs:
        issue = labels.issue_for_key(str(key))
        if issue is not None and _nested(value):
            if _names_issues(value, labels) >= 2:
                resolved.append(("", value))  # a wrapper, even when its name is an issue's synonym
                continue
            value = _one_value(issue, value, labels)
        resolved.append((key, value))
    # {"rent": 1200, "rent_floor": 1100}, {"my_rent": …, "their_rent": …}, "Rent (walk-away):": of
    # the keys naming one issue, those marked as a limit or as the other side's are not the offer.
    keyed: dict[str, list[int]] = {}
    for index, (key, value) in enumerate(resolved):
        if (issue := labels.issue_for_key(str(key))) is not None:
            keyed.setdefault(issue, []).append(index)
    dropped = {index for places in keyed.values() if len(places) > 1
               for index in places if _NOT_OWN_KEY.search(_words(resolved[index][0]))
               and not all(_NOT_OWN_KEY.search(_words(resolved[other][0])) for other in places)}
    resolved = [pair for index, pair in enumerate(resolved) if index not in dropped]
    by_issue: dict[str, list[int]] = {}
    for index, (key, value) in enumerate(resolved):
        issue = labels.issue_for_key(str(key))
        if issue is not None and labels.issues[issue].is_pair and not isinstance(value, (list, tuple)):
            by_issue.setdefault(issue, []).append(index)
    for issue, places in by_issue.items():
        if len(places) == 2 and resolved[places[0]][1] != resolved[places[1]][1]:
            (k1, v1), (k2, v2) = resolved[places[0]], resolved[places[1]]
            resolved[places[0]] = (k1, f"{_words(k1)} {v1}, {_words(k2)} {v2}")
            resolved[places[1]] = ("", None)
    return [(key, value) for key, value in resolved if key != "" or value is not None]


def offers_from_pairs(pairs: list[tuple[str, Any]], labels: GameLabels, method: str = "json") -> Extraction:
    """Map parsed key/value pairs to offers, invalid values, invented issues and ambiguities."""
    pairs = _resolved(as_records(pairs), labels)
    # Beside an own offer, a wrapper of the other side's or of limits ({"mine": {...}, "theirs": {...}})
    # holds no offer; and neither does a limit's value ("Walk-away: $1,100") beside the offer.
    own_wrapped = [k for k, v in pairs if _nested(v) and labels.issue_for_key(str(k)) is None
                   and not _NOT_OWN_KEY.search(_words(k)) and _names_issues(_nested(v) or [], labels)]
    offer_keyed = any(labels.issue_for_key(str(k)) is not None for k, _ in pairs) or \
        any(_OFFER_KEY.search(_words(k)) and not _NOT_OWN_KEY.search(_words(k)) for k, _ in pairs)
    pairs = [(k, v) for k, v in pairs if labels.issue_for_key(str(k)) is not None or not _NOT_OWN_KEY.search(_words(k))
             or not (own_wrapped if _nested(v) else offer_keyed and not _names_an_issue(v, labels))]
    nested_offers = [(k, _nested(v)) for k, v in pairs if _nested(v) and labels.issue_for_key(str(k)) is None]
    wrapped = any(_holds_offer(inner, labels) for _, inner in nested_offers if inner)
    offers: dict[str, str] = {}
    offered_by_name: dict[str, str] = {}  # offers of a wrapper named as the offer ("offer", "mine")
    invalid: dict[str, str] = {}
    unknown: list[str] = []
    ambiguous: list[str] = []
    unsure: list[str] = []
    keyed = {labels.issue_for_key(str(key)) for key, _ in pairs} - {None}
    for key, value in pairs:
        key_text = str(key).strip()
        issue = labels.issue_for_key(key_text)
        value = _with_key_unit(key_text, value)
        nested = _nested(value)
        if issue is None and nested:
            if _is_estimate_text(key_text.replace("_", " ")):
                continue  # {"opponent_estimate": {...}} beside the own offer
            inner = offers_from_pairs(nested, labels, method)
            # Beside a wrapper named as the offer, another wrapper ("accept_if", "stretch") fills
            # in only the issues the offer leaves out.
            offer_named = bool(_OFFER_KEY.search(_words(key_text)) or _OWN_KEY.search(_words(key_text)))
            if offer_named:
                offered_by_name.update(inner.offers)
                for issue_name in inner.offers:  # what an earlier other wrapper said of them is overruled
                    invalid.pop(issue_name, None)
                ambiguous = [name for name in ambiguous if name not in inner.offers]
            taken = set(offered_by_name) if not offer_named else set()
            offers.update({k: v for k, v in inner.offers.items() if k not in taken})
            invalid.update({k: v for k, v in inner.invalid.items() if k not in taken and k not in offers})
            unknown += inner.unknown_issues
            ambiguous += [k for k in inner.ambiguous if k not in taken]
            unsure += [inner.reason] if inner.reason else []
            continue
        if issue is None and isinstance(value, str) and len(value.split()) >= 3 and not _META_KEYS.match(key_text) \
                and (_OFFER_KEY.search(_words(key_text)) or _REVISION_KEY.search(key_text) or _names_an_issue(value, labels)):
            # {"acceptable_offer": "rent $1,200, 24 months, deposit $1,250"}: prose in a field;
            # "Revised: control 6-4 and ownership 60%": a revision of what the block said before.
            inner = extract_text(value, labels, method)
            if inner.offers or inner.ambiguous:
                revision = bool(_REVISION_KEY.search(key_text))
                offers.update({k: v for k, v in inner.offers.items() if revision or k not in offers})
                invalid.update(inner.invalid)
                ambiguous += inner.ambiguous
                unsure += [inner.reason] if inner.reason else []
                continue
        if issue is None:
            if wrapped or _META_KEYS.match(key_text) or not key_text:
                continue
            issue = _by_evidence(value, labels, keyed | set(offers))
            if issue is None:
                unknown.append(key_text.lower())
                continue
        values = value if isinstance(value, list) and not nested else [value]
        matches = [labels.match(issue, v) for v in values]
        found = list(dict.fromkeys(m.label for m in matches if m.kind == "label"))
        unsure += [f"{issue}: {m.unsure}" for m in matches if m.unsure]
        if any(m.kind == "ambiguous" for m in matches) or len(found) > 1:
            ambiguous.append(issue)
        elif found:
            if issue in offers and offers[issue] != found[0]:
                ambiguous.append(issue)  # the same key twice with different values
            offers[issue] = found[0]
        elif any(m.kind == "invalid" for m in matches):
            invalid[issue] = ", ".join(str(v) for v in values if v is not None)
    for issue in ambiguous:
        offers.pop(issue, None)
    return Extraction(method=method, offers=offers, invalid=invalid,  # type: ignore[arg-type]
                      unknown_issues=tuple(dict.fromkeys(unknown)), ambiguous=tuple(dict.fromkeys(ambiguous)),
                      confidence="unsure" if unsure else "sure", reason="; ".join(dict.fromkeys(unsure)))


def _heading(note: str, block: Block, labels: GameLabels) -> str:
    """What introduces a block: text before it on its own line, a heading key starting its first
    line ("Opponent's estimate: rent ..."), else the nearest non-empty line above it."""
    line_start = note.rfind("\n", 0, block.start) + 1
    same_line = note[line_start:block.start]
    if block.form == "lines":
        first = note[block.start:block.end].split("\n", 1)[0]
        key = first.split(":", 1)[0]
        if ":" in first and labels.issue_for_key(key) is None:
            same_line = key
    if same_line.strip(" *#-`"):
        return same_line
    lines = note[:line_start].split("\n")
    return next((line for line in reversed(lines) if line.strip() and not line.strip().startswith("```")), "")


# A heading that says the block is the writer's final word ("Final (after re-reading their
# message):", "Revised, given their last offer:"), whatever else it mentions.
_FINAL_HEADING = re.compile(r"^\W*(?:final|revised|updated|corrected|new)\b", re.IGNORECASE)


def _is_estimate_text(heading: str) -> bool:
    return bool(_ESTIMATE_CUES.search(heading)) and not re.search(r"\b(?:my|our)\s+(?:acceptable|own|offer)",
                                                                 heading, re.IGNORECASE) \
        and not _FINAL_HEADING.match(heading)


def _is_estimate(note: str, block: Block, labels: GameLabels) -> bool:
    if _is_estimate_text(_heading(note, block, labels)):
        return True
    after = note[block.end:].lstrip("`\n ").split("\n", 1)[0]
    return after.startswith("(") and bool(_ESTIMATE_CUES.search(after))


def own_block(note: str, labels: GameLabels) -> tuple[Block | None, list[Block], list[Extraction]]:
    """The note's own offer block (the last one naming a game issue that is no estimate or
    quotation), all offer blocks, and their readings."""
    blocks = structured_blocks(note, labels)
    readings = [offers_from_pairs(block.pairs, labels, "json") for block in blocks]
    about_game = [(b, r) for b, r in zip(blocks, readings) if r.offers or r.invalid or r.ambiguous]
    own = [(b, r) for b, r in about_game if not _is_estimate(note, b, labels)] or about_game
    if not own:
        return None, blocks, readings
    # "Update: rent $1,200 instead." after the offer block revises it (the note reader applies the
    # revision written after the block), it does not replace it.
    while len(own) > 1 and all(_AMENDMENT_KEY.search(str(key)) and labels.issue_for_key(str(key)) is None
                               for key, _ in own[-1][0].pairs):
        own.pop()
    return own[-1][0], blocks, readings


def extract_note_json(note: str, labels: GameLabels) -> Extraction | None:
    """The note's own structured offer, or None when it has none."""
    return structured_offer(note, labels)[1]


def structured_offer(note: str, labels: GameLabels) -> tuple[Block | None, Extraction | None]:
    """The note's own structured block and its reading (None, None when it has none)."""
    chosen, blocks, readings = own_block(note, labels)
    if chosen is None:
        return None, None
    reading = readings[blocks.index(chosen)]
    # Issues invented in any of the note's own blocks are violations all the same.
    own_blocks = [r for b, r in zip(blocks, readings) if not _is_estimate(note, b, labels)]
    invented = tuple(dict.fromkeys(name for r in own_blocks for name in r.unknown_issues))
    update: dict[str, object] = {"unknown_issues": invented}
    # Two own blocks that disagree, the last one not marked as the final word: the last is taken,
    # as a careful reader would, but the reader says it chose.
    earlier = [r for b, r in zip(blocks, readings) if b.start < chosen.start and not _is_estimate(note, b, labels)
               and (r.offers or r.invalid)]
    disagrees = any(issue in reading.offers and other.offers.get(issue, reading.offers[issue]) != reading.offers[issue]
                    for other in earlier for issue in other.offers)
    if disagrees and reading.confidence == "sure" and not _FINAL_HEADING.match(_heading(note, chosen, labels).strip(" *#:`")):
        update |= {"confidence": "unsure", "reason": "several offer blocks disagree; the last was taken"}
    return chosen, reading.model_copy(update=update)
