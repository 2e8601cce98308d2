"""Read the acceptable offer of a note: its structured blocks (JSON, tables, key/value lines; see
structured.py), the own one among them (not an estimate of the opponent, not an earlier offer
quoted for reference), and a revision written in prose after it."""

from __future__ import annotations

import re
from typing import Any

from lamen.judge.caseless import caseless
from lamen.judge.extraction import Extraction
from lamen.judge.json_blocks import brace_blocks, parse_block
from lamen.judge.keys import (
    AMENDMENT_KEY, NOT_OWN_KEY, OFFER_KEY, OWN_KEY, REVISION_KEY, holds_offer, issue_by_evidence, issues_named, plain_key,
    nested_pairs, resolved_pairs, starts_with_issue, with_key_unit,
)
from lamen.judge.labels import GameLabels
from lamen.judge.messages import extract_text
from lamen.judge.structured import Block, as_records, structured_blocks
from lamen.judge.value_forms import boolean_label, iso_duration
from lamen.judge.keyed_values import value_alone

__all__ = ["brace_blocks", "extract_note_json", "offers_from_pairs", "parse_block", "own_block", "structured_offer"]

# Text just before (or right after) a block that marks it as a guess of the opponent's position
# or a quotation of an earlier offer, not the note's own.
_ESTIMATE_CUES = caseless(r"opponent|their\b|they (?:would|might|will|may)|other (?:side|party)|counterpart|"
                          r"estimat|guess|for reference|previous(?:ly)? offer|last offer|likely|predict|"
                          # the same cues in the other languages models answer in
                          r"\bstima|estimaci|estimativ|sch[äa]e?tz|\bgegenseite|controparte|contraparte|otra parte|"
                          r"outra parte|l'autre partie|adversaire|avversari|"
                          r"(?:think|expect|believe)\s+(?:the\s+)?\w+\s+(?:will|would|might)|"
                          # "Expected counter:", "Anticipated response:", "Organiser's probable position:"
                          r"(?:expected|anticipated|probable|projected|predicted)\s+(?:\w+\s+)?"
                          r"(?:counter|response|reply|position|offer|ask|demand|terms)|"
                          # Chinese, Japanese, Korean: expected, estimated, might accept
                          r"預計|预计|估计|可能接受|对方可能|予想|推定|예상")
_OWN_CUES = re.compile(r"\b(?:my|our|own)\b", re.IGNORECASE)
# The key of a branch of a condition in code or pseudo-code ("if officer_waives_fee", "else", "otherwise").
_BRANCH_KEY = re.compile(r"^\W*(?:if|elif|else|otherwise|unless|when|case)\b", re.IGNORECASE)
# Keys that carry no offer beside the offer itself.
_META_KEYS = re.compile(r"^(?:confidence|notes?|reason(?:ing)?|rationale|comments?|strategy|priority|status|"
                        r"justification|summary|thoughts?|analysis|explanation|"
                        # the plumbing of a tool call around the offer
                        r"id|type|name|index|role|call_id|tool_call_id|tool|function|method|arguments|input|parameters)$",
                        re.IGNORECASE)


# A line that weighs a later move or a fallback rather than stating the offer: a condition, a
# fallback or walk-away, or a modal of a possible move ("we could concede", "might go to").
_PLAN_LINE = re.compile(r"^[\W_]*(?:if|unless|si|falls|wenn|se|jeśli|если|fallback|walk[- ]?away|plan\s+b|worst\s+case|later|maybe|perhaps|"
                        r"(?:(?:i|we)\s+)?(?:could|might|may)\s+(?:\w+\s+)?(?:flex|go|drop|move|stretch|come\s+down|"
                        r"concede|budge|bend|raise|lower|accept|give|offer|trade))\b", re.IGNORECASE)
# A word of the first or second person: a value written from someone's side ("in our favour", "you keep 4").
_PERSON_WORD = re.compile(r"\b(?:we|us|our|ours|i|me|my|mine|you|your|yours)\b", re.IGNORECASE)


_OR = re.compile(r"\s+or\s+")


_ARROWS = ("→", "->", "⟶", "=>", "⇒")
_ARROW = re.compile(r"\s*(?:" + "|".join(map(re.escape, _ARROWS)) + r")\s*")


def _moved_value(issue: str, value: str, labels: GameLabels, side: int | None) -> str | None:
    """The value after the last arrow of "old → new" under an issue's key, when that part reads as
    one label of the issue (alone, or as text naming the issue and nothing else); else None."""
    parts = _ARROW.split(value)
    if len(parts) < 2 or not parts[-1].strip():
        return None
    last = parts[-1].strip().rstrip(".;,")
    match = labels.match(issue, last)
    if match.kind == "label" and match.label is not None:
        return match.label
    read = extract_text(f"{issue}: {last}", labels, side=side)
    if set(read.offers) == {issue} and not read.ambiguous:
        return read.offers[issue]
    return None


def offers_from_pairs(pairs: list[tuple[str, Any]], labels: GameLabels, method: str = "json",
                      side: int | None = None) -> Extraction:
    """Map parsed key/value pairs to offers, invalid values, invented issues and ambiguities;
    `side`, where known, is the writer's, for prose in a field ("seats": "we keep six")."""
    # (a branch's condition names no issue: "if officer_waives_fee" is no key of the fees)
    pairs = as_records(pairs)
    if any(_BRANCH_KEY.match(str(k)) for k, _ in pairs):
        pairs = [("else", v) if _BRANCH_KEY.match(str(k)) and nested_pairs(v) else (k, v) for k, v in pairs]
    pairs = resolved_pairs(pairs, labels)
    # Beside an own offer, a wrapper of the other side's or of limits ({"mine": {...}, "theirs": {...}})
    # holds no offer; and neither does a limit's value ("Walk-away: $1,100") beside the offer.
    own_wrapped = [k for k, v in pairs if nested_pairs(v) and labels.issue_for_key(str(k)) is None
                   and not NOT_OWN_KEY.search(plain_key(k)) and issues_named(nested_pairs(v) or [], labels)]
    offer_keyed = any(labels.issue_for_key(str(k)) is not None for k, _ in pairs) or \
        any(OFFER_KEY.search(plain_key(k)) and not NOT_OWN_KEY.search(plain_key(k)) for k, _ in pairs)
    pairs = [(k, v) for k, v in pairs if labels.issue_for_key(str(k)) is not None or not NOT_OWN_KEY.search(plain_key(k))
             or not (own_wrapped if nested_pairs(v) else offer_keyed and not starts_with_issue(v, labels))]
    nested_offers = [(k, nested_pairs(v)) for k, v in pairs if nested_pairs(v) and labels.issue_for_key(str(k)) is None]
    wrapped = any(holds_offer(inner, labels) for _, inner in nested_offers if inner)
    offers: dict[str, str] = {}
    offered_by_name: dict[str, str] = {}  # offers of a wrapper named as the offer ("offer", "mine")
    invalid: dict[str, str] = {}
    unknown: list[str] = []
    ambiguous: list[str] = []
    unsure: list[str] = []
    keyed = {labels.issue_for_key(str(key)) for key, _ in pairs} - {None}
    branches: dict[str, set[str]] = {}  # the values each issue takes in the branches of a condition
    for key, value in pairs:
        key_text = str(key).strip()
        issue = labels.issue_for_key(key_text)
        value = with_key_unit(key_text, value)
        if isinstance(value, bool):
            # {"exclusive": true}, {"sole_licence": false}, {"seed_saving_allowed": false}
            said = boolean_label(key_text, value, labels)
            if said is not None:
                issue, value = said
        elif isinstance(value, str) and value[:1] == "P" and (duration := iso_duration(value)) is not None:
            value = duration  # "P2Y", "P12M", "P1W": an ISO 8601 duration
        nested = nested_pairs(value)
        if issue is None and nested:
            if _is_estimate_text(key_text.replace("_", " ")):
                continue  # {"opponent_estimate": {...}} beside the own offer
            inner = offers_from_pairs(nested, labels, method, side)
            if _BRANCH_KEY.match(key_text):
                # "if officer_waives_fee: offer = {...} / else: offer = {...}": branches of a
                # condition are alternatives; an issue whose value differs between them is ambiguous.
                for issue_name, label in inner.offers.items():
                    branches.setdefault(issue_name, set()).add(label)
            # Beside a wrapper named as the offer, another wrapper ("accept_if", "stretch") fills
            # in only the issues the offer leaves out.
            offer_named = bool(OFFER_KEY.search(plain_key(key_text)) or OWN_KEY.search(plain_key(key_text)))
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
        # "Update: deposit $500" names its issue and value in two words.
        if issue is None and isinstance(value, str) and len(value.split()) >= (2 if REVISION_KEY.search(key_text) else 3) \
                and not _META_KEYS.match(key_text) \
                and (OFFER_KEY.search(plain_key(key_text)) or REVISION_KEY.search(key_text) or starts_with_issue(value, labels)):
            # {"acceptable_offer": "rent $1,200, 24 months, deposit $1,250"}: prose in a field;
            # "Revised: control 6-4 and ownership 60%": a revision of what the block said before.
            inner = extract_text(value, labels, method, side=side)
            if inner.offers or inner.ambiguous:
                revision = bool(REVISION_KEY.search(key_text))
                offers.update({k: v for k, v in inner.offers.items() if revision or k not in offers})
                invalid.update(inner.invalid)
                ambiguous += inner.ambiguous
                unsure += [inner.reason] if inner.reason else []
                continue
        if issue is None:
            if wrapped or _META_KEYS.match(key_text) or not key_text:
                continue
            issue = issue_by_evidence(value, labels, keyed | set(offers))
            if issue is None:
                unknown.append(key_text.lower())
                continue
        if isinstance(value, str) and "or" in value and _OR.search(value):
            # {"control": "6-4 or 7-3"}: two values offered as alternatives, neither chosen
            alternatives = [labels.match(issue, part) for part in _OR.split(value)]
            if all(m.kind == "label" for m in alternatives) and len({m.label for m in alternatives}) > 1:
                ambiguous.append(issue)
                continue
        table = labels.issues.get(issue)
        if side is not None and isinstance(value, str) and table is not None and \
                (table.pair_total is not None or table.party is not None) and _PERSON_WORD.search(value):
            # {"control": "6-4 in our favour"}, "board seats: we keep six": whose share a split is
            # depends on who writes it; with the writer's side known, the value is read as its words.
            sided = extract_text(f"{key_text}: {value}", labels, method, side=side)
            if issue in sided.offers:
                if issue in offers and offers[issue] != sided.offers[issue]:
                    ambiguous.append(issue)
                offers[issue] = sided.offers[issue]
                unsure += [sided.reason] if sided.reason else []
                continue
        if isinstance(value, str) and any(arrow in value for arrow in _ARROWS):
            # "Rate: 4.5% -> I propose 3.5%", "Control: 2-8 → 3-7", "ownership 50 → EDIT: 45": a move
            # from an old value to a new one under one key; the value after the last arrow is the offer.
            moved = _moved_value(issue, value, labels, side)
            if moved is not None:
                value = moved
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
            alone = value_alone(issue, values, labels, side)
            if alone is not None:
                offers[issue] = alone
                unsure.append(f"{issue}: read from its value as free text")
            else:
                invalid[issue] = ", ".join(str(v) for v in values if v is not None)
    ambiguous += [issue for issue, values in branches.items() if len(values) > 1]
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


def quotes_other_side(heading: str) -> bool:
    """An offer heading that names someone else's offer ("Company B's last offer:", "Their
    offer:", "Opponent's likely acceptable offer:"), not the writer's."""
    return _is_estimate_text(heading) or bool(_POSSESSED_OFFER.search(heading))


_POSSESSED_OFFER = re.compile(r"\b(?!(?:my|our)\b)[a-z]+(?:'s|s')\s+(?:\w+\s+)?(?:offer|proposal|counter-?offer)\s*:?\s*$",
                              re.IGNORECASE)


def _is_estimate(note: str, block: Block, labels: GameLabels) -> bool:
    if _is_estimate_text(_heading(note, block, labels)):
        return True
    after = note[block.end:].lstrip("`\n ").split("\n", 1)[0]
    # "(My estimate of their offer: {...})" after a block heads the block it holds, not this one:
    # only a parenthesis holding no block of its own remarks on the block above it.
    return after.startswith("(") and "{" not in after and bool(_ESTIMATE_CUES.search(after))


_REVISION_WORD = re.compile(r"\b(?:actually|instead|on second thought|on reflection|changed? my mind|scratch that|revis\w*|updat\w*)\b",
                            re.IGNORECASE)
_KEY_SEPARATOR = re.compile(r"[:=|\t→]|\s[—–-]\s")


def _is_remark(text: str) -> bool:
    """One line of six words or more with no key separator anywhere: a sentence, not a key/value line."""
    # ("Actually, ownership can go to 55% ...", "Instead, rent at ...": a revision, which stays the block)
    return "\n" not in text.strip() and len(text.split()) >= 6 and not _KEY_SEPARATOR.search(text) and \
        not REVISION_KEY.match(text) and not _REVISION_WORD.search(text)


def own_block(note: str, labels: GameLabels, side: int | None = None,
              sentences_are_remarks: bool = False) -> tuple[Block | None, list[Block], list[Extraction]]:
    """The note's own offer block (the last one naming a game issue that is no estimate or
    quotation), all offer blocks, and their readings. With `sentences_are_remarks` (a note's
    reading), a last block that is one sentence with no key separator is a remark on the blocks above."""
    blocks = structured_blocks(note, labels)
    readings = [offers_from_pairs(block.pairs, labels, "json", side) for block in blocks]
    about_game = [(b, r) for b, r in zip(blocks, readings) if r.offers or r.invalid or r.ambiguous]
    own = [(b, r) for b, r in about_game if not _is_estimate(note, b, labels)] or about_game
    if not own:
        return None, blocks, readings
    # "Flexible on rent within that band depending on how they respond." after a block is a
    # remark in prose, read as a key/value line: with no number and no label it offers nothing,
    # and does not replace the block that does.
    # A sentence of six words or more ("The gap on rent is now small enough to close in one or two
    # rounds") is a remark too, whatever numbers it holds.
    while len(own) > 1 and not own[-1][1].offers and \
            (not own[-1][1].ambiguous and not any(re.search(r"\d", str(raw)) for raw in own[-1][1].invalid.values())
             or all(isinstance(value, str) and len(value.split()) >= 6 for _, value in own[-1][0].pairs)) and \
            any(r.offers for _, r in own[:-1]):
        own.pop()
    # "A coach at $500 still pays for itself." after a table: a sentence the line reader split at an
    # issue's word, with no key separator anywhere, is a remark on the block above, not a block.
    while sentences_are_remarks and len(own) > 1 and own[-1][0].form == "lines" and _is_remark(note[own[-1][0].start:own[-1][0].end]) and \
            any(r.offers for _, r in own[:-1]):
        own.pop()
    # "_Fallback if they reject control:_ 6-4", "We could concede control to 6-4 later if ...", "If they
    # push, control 6-4 is possible." after the offer block weigh a later move: a plan, not the offer.
    while len(own) > 1 and _PLAN_LINE.match(note[note.rfind("\n", 0, own[-1][0].start) + 1:own[-1][0].end]) and \
            any(r.offers for _, r in own[:-1]):
        own.pop()
    # "Update: rent $1,200 instead." after the offer block revises it (the note reader applies the
    # revision written after the block), it does not replace it.
    while len(own) > 1 and all(AMENDMENT_KEY.search(str(key)) and labels.issue_for_key(str(key)) is None
                               for key, _ in own[-1][0].pairs):
        own.pop()
    return own[-1][0], blocks, readings


def extract_note_json(note: str, labels: GameLabels) -> Extraction | None:
    """The note's own structured offer, or None when it has none."""
    return structured_offer(note, labels)[1]


def structured_offer(note: str, labels: GameLabels, side: int | None = None) -> tuple[Block | None, Extraction | None]:
    """The note's own structured block and its reading (None, None when it has none)."""
    # (in a message, a sentence after a list may be its counter: the message reader weighs it)
    chosen, blocks, readings = own_block(note, labels, side, sentences_are_remarks=True)
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
