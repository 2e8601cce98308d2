"""Offers from a note, a message or an interrogation answer, by the deterministic readers. Each
reading says whether it is sure; what is not (a note with no offer found, a value no grammar
rule reads, a number no issue claims) is `unsure`, with the reason, for the LLM fallback."""

from __future__ import annotations

import re

from lamen.judge.caseless import caseless
from lamen.judge.checklist import without_crossed_lines, without_empty_boxes
from lamen.judge.dates import in_label_form, lone_days
from lamen.judge.doubt import KEYLESS_LINE, NO_OFFER_YET, second_look
from lamen.judge.extraction import Extraction
from lamen.judge.keys import ASPIRATION_KEY, NOT_OWN_KEY, plain_key
from lamen.judge.labels import GameLabels
from lamen.judge.markup import plain_markup
from lamen.judge.marked_rounds import marked_round
from lamen.judge.headed_items import headed_items
from lamen.judge.letter_codes import with_codes_written_out
from lamen.judge.messages import extract_text
from lamen.judge.labels import words_to_digits
from lamen.judge.value_forms import KEYED_REVISION, revision_clauses, without_reason
from lamen.judge.values import local_forms, with_apostrophes
from lamen.judge.options import read_alternatives, read_options
from lamen.judge.email_frame import email_body
from lamen.judge.footnotes import with_footnote
from lamen.judge.guard import never_raises
from lamen.judge.party_labels import note_side, with_party_labels
from lamen.judge.lone_labels import with_lone_labels
from lamen.judge.proposal_headings import last_proposal_heading
from lamen.judge.doer_verbs import with_doer_verbs
from lamen.judge.transcript import merged_turns, own_turns
from lamen.judge.notes import offers_from_pairs, own_block, quotes_other_side, structured_offer
from lamen.judge.tolerance import has_tolerance, without_slack
from lamen.judge.value_rows import with_value_row

_OFFER_SECTION = re.compile(r"acceptable offers?|(?:my|our) offer|final offer|offer\s*[:=]|final answer\s*:|\bAO\s*:|"
                            # "Offer v2 (now):", "Offer #3:": a numbered version of the offer
                            r"offer\s+(?:v|#|no\.?\s?)\d+(?:\s*\([^)\n]{0,40}\))?\s*:|angebot|oferta|offre|"
                            r"bottom line|walk-?away|(?:my|our) (?:limit|terms|position)\s*:|"
                            # "acceptable: 1200 rent 30 months": the word alone, as a heading
                            r"\bacceptable\s*[:=]", re.IGNORECASE)
_RESERVATION_HEADING = re.compile(r"bottom line|walk-?away|(?:my|our) limit", re.IGNORECASE)
# A sentence after the offer block that changes it ("Revised: same as above, but the deposit at
# $1,500"; "On second thought, I'll hold rent at $1,200").
_REVISION = re.compile(r"\b(?:revis\w*|update[ds]?|updated|actually|on second thought|scratch that|correction|"
                       r"amend\w*|changed? my mind|instead|same as (?:above|before|last (?:round|time))|everything else the same|except(?: that)?)\b", re.IGNORECASE)
_SAME_EXCEPT = re.compile(r"\bsame\s+(?:as\s+)?\w+(?:\s+\w+)?\s*,?\s*(?:except|but|apart from|other than)"
                          r"(?:\s+(?:that|for|with))?\b", re.IGNORECASE)
# A note that takes the other side's offer as its own.
_ADOPTS = re.compile(r"\b(?:(?:my|our)\s+(?:acceptable\s+)?offer\s+is\s+(?:the\s+)?same|(?:i|we)(?:'ll|\s+will|\s+would|\s+can)?\s+"
                     r"accept\s+(?:it|that|this|their\s+(?:last\s+|latest\s+)?(?:offer|proposal))(?:\s+as\s+is)?\b|"
                     r"same\s+as\s+their\s+(?:last\s+|latest\s+)?(?:offer|proposal))", re.IGNORECASE)
_WITHDRAWN = re.compile(r"\b(?:scratch|strike|ignore)\s+(?:that|the\s+above)\b|\bcorrection\s*:|\bchanged?\s+my\s+mind\b",
                        re.IGNORECASE)
_HEDGED = re.compile(r"\b(?:might|may|could|would consider|later|next round|in case)\b", re.IGNORECASE)
_CONDITIONAL = re.compile(r"\b(?:if|unless|might|may|could|would consider|later|next round|in case)\b", re.IGNORECASE)
# A first-person statement of what the writer accepts, in a note without a heading.
_OWN_PROSE = re.compile(r"\b(?:i|we)(?:'d|'ll|'m| would| will| can| am| are)?\s+(?:be\s+)?(?:willing\s+to\s+|happy\s+to\s+)?"
                        r"(?:accept|offer|propose|settle|go with|agree|live with)\b|\bmy (?:acceptable )?offer\b",
                        re.IGNORECASE)
_UNCLOSED_THOUGHT = re.compile(r"<(think|thinking|reasoning|scratchpad)>(?![\s\S]*</\1>)", re.IGNORECASE)
_SENTENCES = re.compile(r"(?<=[.!?])\s+|\n+")


def _with_revision(reading: Extraction, after: str, labels: GameLabels, side: int | None = None) -> Extraction:
    """The block's reading, changed by explicit revisions written after it."""
    offers, invalid, ambiguous = dict(reading.offers), dict(reading.invalid), list(reading.ambiguous)
    changed = False
    for sentence in (clause for whole in _SENTENCES.split(after) for clause in revision_clauses(whole)):
        # "Actually, scratch that - the deposit at $1,250 is enough if they sign for 24 months": a
        # withdrawal of what was written replaces it, whatever condition it states; only a
        # hedged future move ("I might", "could", "later") stays a plan.
        conditional = _HEDGED.search(sentence) if _WITHDRAWN.search(sentence) else _CONDITIONAL.search(sentence)
        keyed = KEYED_REVISION.match(sentence)  # "Revised: transport → launch drop-off" (round 25)
        if not _REVISION.search(sentence) or conditional or not (keyed or re.search(r"\d", sentence)):
            continue
        # "Same as above except 18 months": what follows "except" is the change, not an exception.
        revised = extract_text(_SAME_EXCEPT.sub(" ", sentence), labels, side=side)
        if keyed and not revised.offers:
            revised = extract_text(_SAME_EXCEPT.sub(" ", without_reason(sentence)), labels, side=side)
        for issue, label in revised.offers.items():
            offers[issue] = label
            invalid.pop(issue, None)
            ambiguous = [name for name in ambiguous if name != issue]
            changed = True
    if not changed:
        return reading
    return reading.model_copy(update={"offers": offers, "invalid": invalid, "ambiguous": tuple(ambiguous)})


@never_raises
def extract_note(note: str, labels: GameLabels, side: int | None = None) -> Extraction:
    """The note's acceptable offers (see `_read_note`), marked unsure where a second look doubts them.
    `side` is the seat that wrote the note, where the caller knows it (the runner does): its "we",
    "our favour" and "we supply the van" are that side's. Without it, the side is guessed from the
    text ("Venue note. ... our own PA": a note that names its writer gives its "we" a side)."""
    footnoted = with_footnote(note, lambda body: extract_note(body, labels, side),
                              lambda footnote: extract_text(footnote, labels, side=side))
    if footnoted is not None:
        return footnoted
    written = _normal_notation(note, labels)
    reading = _with_keyless_lines(written, _read_note(written, labels, side), labels, side)
    reading = with_value_row(written, reading, labels, lambda item: extract_text(item, labels, side=side))
    found = _doubt_tolerance(note, second_look(written, "note", reading, labels))
    return with_party_labels(found, written, labels, side if side is not None else note_side(written, labels.game.parties))


def _with_keyless_lines(note: str, reading: Extraction, labels: GameLabels, side: int | None = None) -> Extraction:
    """A note whose keyed lines ("- rent: $1,200") leave issues unread, beside short lines of a
    value with no key ("✅ 24 months"): those lines are read as free text, for the unread issues
    only, and the reading is unsure."""
    if reading.method == "none" or reading.is_complete(tuple(labels.issues)):
        return reading
    lines = [line for line in KEYLESS_LINE.findall(note) if not _LEAD_WORDS.search(line)]
    if not lines:
        return reading
    read = {*reading.offers, *reading.invalid, *reading.ambiguous, *reading.unknown_issues}
    found = extract_text("\n".join(lines), labels, side=side)
    added = {issue: label for issue, label in found.offers.items() if issue not in read}
    if not added:
        return reading
    return reading.model_copy(update={"offers": {**reading.offers, **added}, "confidence": "unsure",
                                      "reason": "; ".join(filter(None, (reading.reason, f"{', '.join(added)} read from a line without a key")))})


# Words of a line that is no value but a count or a reason ("3 options", "for 120 guests").
_LEAD_WORDS = re.compile(r"\b(?:guests?|people|option|options|round|rounds|step|steps|version|draft)\b", re.IGNORECASE)


def _read_note(note: str, labels: GameLabels, side: int | None = None) -> Extraction:
    """The note's acceptable offers: its own structured block (method 'json' for JSON, 'text'
    for tables and key/value lines), revised by prose after it; failing that, the prose after an
    'Acceptable offer:' heading or a first-person offer sentence (method 'text'); else nothing
    (method 'none', unsure). A note in another language is read in the lexicon's English."""
    # "Round 1 → … / Round 3 (now) → …": a round-by-round history's present round is the offer (round 28;
    # looked for before the lexicon's forms, which read "1 → $130,000" as a move from 1 to $130,000).
    plain = plain_markup(note)
    current = marked_round(plain)
    note = _legend_values(_headed_values(headed_items(local_forms(with_codes_written_out(plain, labels)), labels), labels), labels)
    if current is not None and \
            (found := _values_read(current, labels, "offer read from the round a history marks as the present one", side)) is not None:
        return found
    chosen, from_json = structured_offer(note, labels, side)
    # Options written as lines ("Option A: rent $1,200, 12 months") are read as options; a JSON
    # block or a table stays the note's own offer.
    # Lines that open with list indices ("1. Rent $1,300, 12 months, ...") or option names ("Option
    # A — $8,000, full crew, ...") are options even where their commas parse as a table.
    numbered = chosen is not None and chosen.form == "table" and \
        all(re.match(r"\s*(?:\d{1,2}[.)]|[A-Da-d]\)|[-*•])\s|\s*[*_]*(?:option|package|alternative|scenario|plan)\s+\w{1,2}\b", line,
                     re.IGNORECASE) for line in note[chosen.start:chosen.end].strip().splitlines())
    if (chosen is None or chosen.form == "lines" or numbered) and \
            (options := read_options(note, lambda text: extract_text(text, labels, side=side))) is not None:
        return options
    # "Company B's last offer: control 3-7" quotes the other side: no heading of the writer's.
    every_heading = list(_OFFER_SECTION.finditer(note))
    headings = [h for h in every_heading if not quotes_other_side(_heading_sentence(note, h))]
    # A walk-away or a limit after an 'Acceptable offer:' line is the writer's reservation, not its
    # offer; alone, it is the only offer the note states.
    offered = [h for h in headings if not _RESERVATION_HEADING.match(h.group(0))] or headings
    prose = _read_prose(_prose_section(note, offered[-1].end()), labels, side) if offered else None
    if chosen is None and prose is not None and not prose.found_anything and _ADOPTS.search(note):
        # "Their last offer: $1,200 rent, 18 months ... my acceptable offer is the same": the
        # note adopts the offer it quoted, so the prose after the earlier heading is its own.
        for heading in reversed([h for h in every_heading if h.start() < headings[-1].start()]):
            earlier = _read_prose(_prose_section(note, heading.end()), labels, side)
            if earlier.found_anything:
                prose = earlier
                break
    if prose is None and (chosen is None or chosen.form == "lines") and \
            (last := _last_value_line(note, labels)) is not None:
        # A note with no heading that ends in a line of values: that line is its offer, read as
        # text (its first word is no key: "salary 110000, fully remote, 15 days, no bonus").
        prose = _values_read(last, labels, "offer read from the note's last line of values, without a heading", side)
    if chosen is not None and prose is not None and prose.found_anything and offered and \
            not _RESERVATION_HEADING.match(offered[-1].group(0)) and offered[-1].start() >= chosen.start and \
            all(labels.issue_for_key(str(key)) is None and (NOT_OWN_KEY.search(plain_key(key)) or ASPIRATION_KEY.search(plain_key(key)))
                for key, _ in chosen.pairs):
        # "Target: 6k / Walk-away: 10k / Acceptable offer: 8k, 30 hours": lines of planning positions
        # are no offer block; the acceptable position's line is the offer.
        return prose
    if chosen is not None and from_json is not None:
        if chosen.form != "json":
            from_json = from_json.model_copy(update={"method": "text"})
    # A block broken or cut off reads short; a prose offer beside it that names more, and agrees
    # with what the block does name, is the offer. Either is changed by a revision written after.
    json_offers = from_json.offers if from_json else {}
    if chosen is not None and from_json is not None:
        from_json = _with_revision(from_json, note[chosen.end:], labels, side)
    json_named = len(json_offers) + (len(from_json.ambiguous) if from_json else 0)
    if prose is not None and len(prose.offers) + len(prose.ambiguous) > json_named and \
            (not (from_json and from_json.invalid) and json_offers.items() <= prose.offers.items()
             or from_json is None or bool(from_json.invalid)):
        # A revision written after the offer line changes it all the same.
        return _with_revision(prose, note[chosen.end:], labels, side) if chosen is not None else prose
    trimmed = note.strip()
    if from_json is not None and chosen is not None and chosen.form == "lines" and chosen.pairs and \
            "\n" not in trimmed and not from_json.is_complete(tuple(labels.issues)) and \
            len(_VALUE_SEGMENTS.split(trimmed.rstrip("."))) > len(from_json.offers) + len(from_json.ambiguous) and \
            not _quoted_lead(note):
        # (only a line with more segments than the pairs read can have lost one to its lead)
        lead = _NOTE_LEAD.match(trimmed)
        body = trimmed[lead.end():] if lead else trimmed
        # "Penawaran yang dapat diterima: pinjaman $9.000, jangka waktu 9 tahun, …": one line of
        # values after a lead label (in any language) parses as pairs that lose the lead's first
        # value ("menu family style, 55 per head, no bar" loses the keyless ones); read as text it
        # names more, and agrees with what the pairs name.
        found = extract_text(body, labels, side=side)
        if len(found.offers) > len(from_json.offers) and from_json.offers.items() <= found.offers.items() and \
                set(from_json.ambiguous) <= set(found.ambiguous):
            return found.model_copy(update={"confidence": "unsure",
                                            "reason": "offer read from a note that is one line of values"})
    if from_json is not None:
        return from_json
    if prose is not None and prose.found_anything:
        return prose
    # A note that is one short line of values ("amount 7k, 5-6 years, 3%, fees $30", "buffet,
    # $55, beer and wine" once a reasoning block is set aside) is its offer, heading or not.
    if _is_value_line(note, labels) and not _quoted_lead(note) and \
            (found := _values_read(note, labels, "offer read from a line without an offer heading", side)) is not None:
        return found
    # "client note — fee 4k, 4 wks, 3 rounds, exclusive license", "顾客备忘：借款 ９０００ 美元，期限 ８ 年":
    # a note that is a label and one line of value segments, in any language or separator.
    if (body := _value_list_body(note, labels)) is not None and \
            (found := _values_read(body, labels, "offer read from a note that is one line of values", side)) is not None:
        return found
    # "OPPONENT: rent ~$1,000, sublet 5d / ME: rent $1,200, sublet 3d", "draft 1: … / draft 2
    # (final): …", "## Final position / 🍽️ plated dinner · 💵 $75/guest": lines of values each led
    # by a label, the writer's own (or last) one is the offer.
    if (led := _led_value_line(note, labels)) is not None and \
            (found := _values_read(led, labels, "offer read from the own one of several labelled lines of values", side)) is not None:
        return found
    stated = " ".join(s for s in _SENTENCES.split(note) if _OWN_PROSE.search(s))
    # A reasoning block opened and never closed (the note was cut off while thinking): its
    # sentences weigh offers ("I can offer $1,000. Rent $1,100?"), they state none.
    if stated and not _UNCLOSED_THOUGHT.search(note):
        found = extract_text(stated, labels, side=side)
        if found.found_anything:
            return found.model_copy(update={"confidence": "unsure",
                                            "reason": "offer read from prose without an offer heading"})
    if NO_OFFER_YET.search(note):
        # "No acceptable offer yet.": the note says itself that it makes none.
        return Extraction(method="none", confidence="sure")
    return Extraction(method="none", confidence="unsure", reason="no acceptable offer found in the note")



def _values_read(text: str, labels: GameLabels, reason: str, side: int | None = None) -> Extraction | None:
    """A line of values read as text, unsure for the reason given, when it names two issues or
    more (as offers, invalid values or ambiguities): one value alone is no line of an offer."""
    found = extract_text(text, labels, side=side)
    if len({*found.offers, *found.invalid, *found.ambiguous}) >= 2:
        return found.model_copy(update={"confidence": "unsure", "reason": reason})
    return None


def _heading_sentence(note: str, heading: re.Match[str]) -> str:
    """The sentence an offer heading ends ("Company B's last offer:"), from its line or the
    sentence before it ends."""
    before = note[:heading.start()]
    start = max(before.rfind("\n"), *(before.rfind(mark) for mark in (". ", "! ", "? "))) + 1
    return note[start:heading.end()]


def _is_value_line(note: str, labels: GameLabels | None = None) -> bool:
    """One line of short value segments ("amount 7k, 5-6 years, 3%, fees $30"), not sentences.
    With the game's labels, a segment that is a text label's wording ("no bar", "fully remote")
    counts as a value as a number does."""
    line = note.strip().rstrip(".")
    if "\n" in line or len(line) > 160 or re.search(r"[.!?]\s", line):
        return False
    segments = [segment for segment in re.split(r"[,;|+]|\s/\s", line) if segment.strip()]
    if len(segments) < 2 or any(len(segment.split()) > 4 for segment in segments):
        return False
    valued = sum(bool(re.search(r"\d", segment)) or (labels is not None and extract_text(segment, labels).found_anything)
                 for segment in segments)
    return sum(bool(re.search(r"\d", segment)) for segment in segments) >= 1 and valued >= max(2, len(segments) - 1)


# What opens a one-line note before its values: "client note —", "Notatka spółki B:", "顾客备忘：",
# "Photographer — acceptable:" (a few words, then a colon or a dash).
_NOTE_LEAD = re.compile(r"^[^\n:：—–]{0,60}?(?:[:：]|\s[—–-]\s|—|–)(?:[^\n:：—–]{0,40}?(?:[:：]|\s[—–]\s|—|–))?\s*")
# Segments of a value line in any script: commas (also the ideographic and Arabic ones), semicolons,
# pipes, bullets and " / ".
_VALUE_SEGMENTS = re.compile(r"[,;|+，、；،·•]|\s/\s")


def _value_list_body(note: str, labels: GameLabels) -> str | None:
    """The values of a note that is one line of value segments after a short lead label, or
    whose last sentence is one after its own lead label ("tenant thinks 1300 is fair. acceptable:
    1200 rent, 30 months"), or None. At least half the segments must hold a number or a label's
    words, so that reasoning ("The landlord hasn't moved ($1,400, 6 months). I'll wait") is no
    offer; a lead that names someone else's words ("Bank's last message:") quotes them."""
    line = note.strip().rstrip(".。")
    if not line or "\n" in line or len(line) > 320 or _UNCLOSED_THOUGHT.search(line):
        return None
    # (a point before a digit is a decimal or a thousands point — "2.5%", "8.000 $" — no sentence end)
    sentences = [sentence for sentence in re.split(r"(?<=[.!?。！？])(?!\d)\s*(?=\S)", line) if sentence.strip()]
    lead = _NOTE_LEAD.match(sentences[-1]) if sentences else None
    if len(sentences) > 1 and lead is None:
        return None
    line = sentences[-1]
    if lead is not None and _quoted_lead(lead.group(0)):
        return None
    body = line[lead.end():] if lead and len(line) - lead.end() >= 8 else line
    segments = [segment.strip() for segment in _VALUE_SEGMENTS.split(body) if segment.strip()]
    if any(len(segment.split()) > 8 for segment in segments):
        return None
    if len(segments) < 3:
        # "Наш приемлемый вариант: аренда 900 $, срок 24 мес.": two numbered segments after a lead
        # label (in any language) are a short offer; without a lead, two segments may be reasoning.
        return body if lead is not None and len(segments) == 2 and \
            all(re.search(r"\d", segment) for segment in segments) else None
    valued = sum(bool(re.search(r"\d", segment)) or extract_text(segment, labels).found_anything for segment in segments)
    return body if valued >= 2 and 2 * valued >= len(segments) else None


# A lead that marks its line as the writer's own or final word ("ME:", "draft 2 (final):", "ANSWER:").
_OWN_LEAD = re.compile(r"\b(?:me|my|mine|our|ours|we|us|final|answer|now|current|acceptable|offer|position)\b", re.IGNORECASE)


def _led_value_line(note: str, labels: GameLabels) -> str | None:
    """Of a note's lines of value segments, each led by a label ("ME: rent $1,200, sublet 3d") or
    under a short heading line ("## Final position"), the values of the own one: leads naming the
    other side are left out; of the rest, the last one marked as the writer's own or final, else the
    last one. None when the note has no such line."""
    lines = [line.strip() for line in note.strip().split("\n") if line.strip()]
    if len(lines) < 2 or _UNCLOSED_THOUGHT.search(note):
        return None
    led: list[tuple[str, str]] = []  # (lead, values)
    for index, line in enumerate(lines):
        if len(line) > 200 or not re.search(r"\d", line):
            continue
        lead = _NOTE_LEAD.match(line)
        under_heading = index > 0 and len(lines[index - 1].split()) <= 6 and not re.search(r"\d", lines[index - 1])
        if lead is None and not under_heading:
            continue  # (a line with no label of its own or above it is read by the rules before)
        body = _value_list_body(line, labels)
        if body is None:
            continue
        if lead is not None and body != line.rstrip(".。"):
            led.append((lead.group(0), body))
        elif under_heading:
            led.append((lines[index - 1], body))
    own = [(lead, body) for lead, body in led if not _names_other_side(lead)]
    marked = [body for lead, body in own if _OWN_LEAD.search(lead)]
    return marked[-1] if marked else own[-1][1] if own else None


def _quoted_lead(line: str) -> bool:
    """Whether the lead label of a line of values ("Bank's last message:") names someone else's words."""
    lead = _NOTE_LEAD.match(line.strip())
    return lead is not None and _names_other_side(lead.group(0))


def _names_other_side(lead: str) -> bool:
    """Whether a lead label or heading ("Bank's last message:", "Them (guess):") names someone else's words."""
    return quotes_other_side(lead) or bool(_OTHER_SIDES_WORDS.search(lead))


# "Bank's last message:", "Their terms:", "What they want:": a lead naming the other side's words.
_OTHER_SIDES_WORDS = re.compile(r"\b(?:their|they|them|opponent\w*|other side|counterpart\w*)\b|"
                                r"\b(?!(?:my|our)\b)\w+'s\s+(?:\w+\s+)?(?:message|offer|proposal|terms|position|ask)\b|"
                                # "Landlord says:", "client wanted:": someone else's words, told
                                r"\b(?!(?:i|we)\b)[a-z]+\s+(?:says|said|wants|wanted|asks|asked|offered|offers|proposed|"
                                r"proposes|demands|demanded|quoted|quotes)\b",
                                re.IGNORECASE)


def _last_value_line(note: str, labels: GameLabels) -> str | None:
    """The note's last line when it is a line of values after lines of reasoning ("think
    they'll bite at 110. writing it down:\nsalary 110000, fully remote, 15 days, no bonus"),
    unless the line before it says it is someone else's."""
    lines = [line for line in note.strip().split("\n") if line.strip()]
    # (a last line of sentences ends in its last sentence: "subletting they can have. offering
    # 1400/month + 6 days sublet")
    lines[-1:] = [sentence for sentence in re.split(r"(?<=[.!?])\s+", lines[-1].strip()) if sentence] if lines else []
    # ("Them (guess): rent $1,400, 12 months" is someone else's line by its own lead)
    if len(lines) < 2 or not _is_value_line(lines[-1], labels) or quotes_other_side(lines[-2]) or _quoted_lead(lines[-1]):
        return None
    return lines[-1]


def _read_prose(section: str, labels: GameLabels, side: int | None = None) -> Extraction:
    """A prose offer line, alternative packages in it ("$1,200 if 24 months, otherwise $1,300 for
    12 months") read as options."""
    alternatives = read_alternatives(section, lambda text: extract_text(text, labels, side=side))
    return alternatives if alternatives is not None else extract_text(section, labels, side=side)


# "### Rent\n$1,100", "**Deposit**\n$500": an issue as a heading, its value on the next line.
_HEADED_VALUE = re.compile(r"(?m)^[ \t]*(?:#{1,6}[ \t]*|\*\*)(?P<key>[^\n:*#]{1,40}?)(?:\*\*)?[ \t]*:?[ \t]*\n(?:[ \t]*\n)?"
                           r"[ \t]*(?P<value>[^\n#*|{}]{1,60})$")


def _headed_values(note: str, labels: GameLabels) -> str:
    """The note with each issue heading joined to its value line ("Rent: $1,100")."""
    if "\n" not in note or not ("#" in note or "**" in note):
        return note

    def join(match: re.Match[str]) -> str:
        if labels.issue_for_key(match.group("key").strip()) is None or not re.search(r"\d|\w{3}", match.group("value")):
            return match.group(0)
        return f"{match.group('key').strip()}: {match.group('value').strip()}\x00"

    # Joined pairs separated only by blank lines are one list (one block), as the headings were.
    joined = re.sub(r"\x00\n(?:[ \t]*\n)+(?=[^\n]*\x00)", "\n", _HEADED_VALUE.sub(join, note))
    return joined.replace("\x00", "")


_LEGEND_SPLIT = re.compile(r"\s*(?:/|\|)\s*")


def _legend_values(note: str, labels: GameLabels) -> str:
    """A line of values with a legend line of issue names beside it ("$1,000 / 36 months / $250"
    and "(Rent / Duration / Deposit)"), as one 'issue: value' line per issue."""
    if "/" not in note and "|" not in note:
        return note
    lines = note.split("\n")
    # Only short lines with separators can be a legend or its values (most notes have none).
    parts = [[part.strip(" *_()[]`") for part in _LEGEND_SPLIT.split(line.strip(" *_()[]`"))]
             if ("/" in line or "|" in line) and len(line) <= 120 else [] for line in lines]
    content = [i for i, line in enumerate(lines) if line.strip()]
    for a, b in zip(content, content[1:]):
        if len(parts[a]) < 2 or len(parts[a]) != len(parts[b]):
            continue
        for values, names in ((a, b), (b, a)):
            keys = [labels.issue_for_key(name) for name in parts[names]]
            if len(parts[names]) >= 2 and len(parts[names]) == len(parts[values]) and all(keys) and \
                    len(set(keys)) == len(keys) and all(re.search(r"\d|\w{3}", v) for v in parts[values]) and \
                    not any(labels.issue_for_key(v) for v in parts[values]):
                lines[values] = "\n".join(f"{name}: {value}" for name, value in zip(parts[names], parts[values]))
                lines[names] = ""
                return "\n".join(lines)
    return note


# A line after the offer line that is an aside, not part of the offer: a parenthesis, a
# condition ("If they push on hours I could go to 30."), a fallback or walk-away position.
# A sentence that only weighs a later move ("Could flex to $1,100 if they commit quickly.") or
# states a bound ("Will not go below $60.") is such an aside too.
_PLAN_OR_BOUND = (r"(?:(?:i|we)\s+)?(?:could|might|may|can)\s+(?:\w+\s+)?(?:flex|go|drop|move|stretch|come\s+down|concede|"
                  r"budge|bend|raise|lower|accept)\b|(?:(?:i|we)\s+)?(?:will|would|'ll|wo)(?:\s+not|n't)\s+go\b|"
                  # "I will not pay above $1,100", "We won't accept less than 3%", "Not below $60."
                  r"(?:(?:i|we)\s+)?(?:(?:will|would|'ll|wo|ca|can|shall)(?:\s*not|n't)\s+|never\s+|not\s+)?(?:pay|accept|take|sign|"
                  r"offer|do)?\s*(?:anything\s+)?(?:above|below|over|under|more\s+than|less\s+than|beyond)\s+[$€£\d]|"
                  r"(?:(?:i|we)\s+)?(?:can(?:'t|not)|never)\s+go\b|"
                  # "Honestly I'd take $1,100 if they push": a move the writer would make on a condition
                  r"(?:[a-z]+,?\s+)?(?:i|we)(?:'d|\s+would|\s+could|\s+might)\s+(?:[a-z]+\s+)?(?:take|accept|go|settle|do|"
                  r"consider|agree)\b(?=[^.!?\n]*\b(?:if|once|should)\b)")
# "if" in the languages models answer in ("Si insisten, ...", "Falls sie drängen, ...", "如果他们坚持，…").
_IF = r"(?:(?:if|si|falls|wenn|se|jeśli|jesli|если|якщо)\b|如果|もし|만약)"
_ASIDE_LINE = re.compile(rf"\n[ \t]*(?:\(|{_IF}|fallback|walk[- ]?away|reservation|plan\s+b\b|worst\s+case|{_PLAN_OR_BOUND})|"
                         # or a sentence of the same line: "... 3-year term. Walk-away: 50 seats at $30."
                         rf"(?:[.;][ \t]+|[。；][ \t]*)"
                         rf"(?:{_IF}|fallback|walk[- ]?away|reservation|batna\b|plan\s+b\b|worst\s+case|{_PLAN_OR_BOUND})",
                         re.IGNORECASE)


def _prose_section(note: str, start: int) -> str:
    """The text after an offer heading, up to a JSON block, a blank line or an aside line."""
    section = note[start:]
    for stop in ("{", "```", "\n\n"):
        cut = section.find(stop)
        if cut > 0:
            section = section[:cut]
    aside = _ASIDE_LINE.search(section)
    return section[:aside.start() + 1] if aside and aside.start() > 0 else section


@never_raises
def extract_message(message: str, labels: GameLabels, side: int | None = None) -> Extraction:
    """The offers a public message makes (see `_read_message`), marked unsure where a second look
    doubts them."""
    footnoted = with_footnote(message, lambda body: extract_message(body, labels, side),
                              lambda footnote: extract_text(footnote, labels, side=side))
    if footnoted is not None:
        return footnoted
    written = _normal_notation(message, labels)
    reading = _doubt_tolerance(message, second_look(written, "message", _read_message(written, labels, side), labels))
    return _with_hoped_for(written, reading, labels, side) if "hop" in written else reading


# "I was hoping for $120,000 base — could we meet there?": a polite past that states the ask. The
# clause is read as an offer for the issues the message leaves unread (where the message gives the
# issue another value, the hope is the past position `stance` takes it for), unless the message
# accepts; unsure, since "I was hoping for" may also tell a position given up.
_HOPED_FOR = re.compile(r"\b(?:i|we)\s+(?:was|were|had\s+been)\s+hoping\s+for\b|\b(?:i|we)\s+had\s+hoped\s+for\b", re.IGNORECASE)
_ACCEPTS = re.compile(r"\b(?:we\s+agree|i\s+agree|(?:i|we)(?:'ll|\s+will|\s+can)?\s+accept\s+(?:your|the|that|this|it)\b|deal\b|agreed\b|"
                      r"let's\s+sign)", re.IGNORECASE)


def _with_hoped_for(message: str, reading: Extraction, labels: GameLabels, side: int | None) -> Extraction:
    hoped = list(_HOPED_FOR.finditer(message))
    if not hoped or _ACCEPTS.search(message):
        return reading
    read = {*reading.offers, *reading.ambiguous, *reading.invalid}
    added: dict[str, str] = {}
    for match in hoped:
        clause = re.split(r"[.;!?\n]|\s[—–-]\s", message[match.end():], maxsplit=1)[0]
        found = extract_text(f"I propose {clause}", labels, side=side)
        added.update({issue: label for issue, label in found.offers.items() if issue not in read and issue not in added})
    if not added:
        return reading
    reason = f"{', '.join(added)} read from what the speaker was hoping for"
    return reading.model_copy(update={"offers": {**reading.offers, **added}, "confidence": "unsure",
                                      "method": "text", "reason": "; ".join(filter(None, (reading.reason, reason)))})


def _normal_notation(text: str, labels: GameLabels) -> str:
    """The text in the notation the readers know: dates written as the game's date labels write
    them ("2026-04-06", "16 March" -> "April 6"), a tolerance's slack set aside ("3% ± 0.5" -> "3%"),
    a checklist's crossed lines set aside (`lamen/judge/checklist.py`), and contractions typed
    without their apostrophe restored ("doesnt work")."""
    if labels.glossary is not None:
        text = labels.glossary.glossed(text)  # "riego por goteo": the game's "drip irrigation" in its English
    if labels.has_dates:
        text = lone_days(in_label_form(text), labels.date_labels)
    text = _ENUMERATOR.sub(r"\1", text) if _ENUMERATOR.search(text) else text
    if _TAKEN_BACK_CUE.search(text):
        text = _SELF_CORRECTION.sub("", text)
    return without_crossed_lines(without_empty_boxes(without_slack(with_apostrophes(text)), labels), labels)


# A value taken back inside its sentence ("I can go to $1,200 — no, let me be clear, $1,100 is my
# number", "45 % – nein, sagen wir 40 %", "18 mois… non, 24 mois"): the value (and up to two words
# of its unit) and the words taking it back are dropped, so the correction stands in its place.
# ("$1,200 - no subletting": "no" before a word is a value.)
_TAKING_BACK = r"let\s+me\s+be\s+(?:clear|precise|exact)|i\s+mean|sorry|rather|sagen\s+wir|let's\s+say|make\s+(?:it|that)"
_TAKEN_BACK_CUE = re.compile(r"[—–….-][ \t]*(?:no|nein|non|não|нет)\b", re.IGNORECASE)  # (a cheap test first)
_SELF_CORRECTION = re.compile(r"(?:\*\*)?[$€£]?\d(?:[\d,.]*\d)?(?:[ \t]*%|[ \t]*[$€£])?(?:[ \t]+[^\W\d_]{1,12}){0,2}(?:\*\*)?"
                              r"[ \t]*(?:—|–|\s-\s|\.\.\.|…)[ \t]*(?:no|nein|non|não|нет)\b"
                              rf"(?=[ \t]*[,:—–-]|[ \t]+(?:{_TAKING_BACK})\b)[ \t]*[,:—–-]*[ \t]*"
                              rf"(?:(?:{_TAKING_BACK})\b[ \t]*[,:—–-]*[ \t]*)?", re.IGNORECASE)
# A document's enumerator at the start of a line ("Clause 4 (Subletting): none", "Section 2.1
# Equity.", "ITEM 3 — On hire", "Art. 2", "§ 3"): a place in the text, no value.
_ENUMERATOR = re.compile(r"(?im)^([ \t>*_-]*)(?:clause|section|article|item|art\.|sec\.|§)\s*\d+(?:\.\d+)*[.:)]?[ \t]*(?:[—–-][ \t]*)?"
                         r"(?=\S)")


def _doubt_tolerance(text: str, reading: Extraction) -> Extraction:
    """A reading of a text with a tolerance is unsure: its writer may mean the span, not the value."""
    if reading.confidence == "unsure" or not has_tolerance(text):
        return reading
    return reading.model_copy(update={"confidence": "unsure", "reason": "a value with a tolerance (±): the span may be meant"})


def _read_message(message: str, labels: GameLabels, side: int | None = None) -> Extraction:
    """The offers a public message makes (method 'text', or 'none' when it names none). `side`
    is the speaker's (0 or 1), for shares written from its point of view ("6-4 in our favour").
    A list of short `issue: value` pairs in the message binds each value to its issue for sure;
    free text fills in the rest."""
    message = _without_quoted_lines(email_body(plain_markup(message)))
    if "**" in message or "__" in message:
        message = _INLINE_BOLD.sub(lambda bold: bold.group(1) or bold.group(2), message)
    if ":" in message and "\n" in message.strip() and \
            (turns := own_turns(message, lambda name: labels.issue_for_key(name) is not None)) is not None:
        # A transcript: the other side's lines are quoted, the writer's lines are read in order.
        return merged_turns([_read_message(turn, labels, side) for turn in turns])
    if (heading := _last_offer_heading(message)) is not None and heading.start() > 0:
        # "I appreciate you coming down to $1,300 ... So here's where I am: $1,200, 27 months": what
        # follows the heading is the offer; what came before stands only where it leaves off.
        after = _read_message(message[heading.end():], labels, side)
        if len({*after.offers, *after.invalid, *after.ambiguous}) >= 2:
            return merged_turns([_read_message(message[:heading.start()], labels, side), after])
    options = read_options(message, lambda text: _read_message(text, labels, side))
    if options is not None:
        return options
    alternatives = read_alternatives(message, lambda text: _read_package(text, labels, side), labels.speaks_of)
    return alternatives if alternatives is not None else _read_package(message, labels, side)


# Bold around a number inside a line ("I can **come down to $1,300**, … my original **$1,500**") is
# emphasis, not structure: the words the readers look for before a value ("my original", "from",
# "to") must meet it with no asterisks between. (Bold words without a number, "**no service fee**"
# after a colon, are left: the free-text reader takes a bold span after a colon as a value.)
_INLINE_BOLD = re.compile(r"\*\*([^*\n]{0,80}?\d[^*\n]{0,80}?)\*\*|__([^_\n]{0,80}?\d[^_\n]{0,80}?)__")


# Where a message turns from what was said to what it offers: "So here's where I am:", "Here's
# what we can do:", "My counter:", "Our revised offer is:".
_MESSAGE_OFFER_HEADING = re.compile(
    r"\b(?:here'?s|here\s+is)\s+(?:where\s+(?:i|we)\s+(?:am|are|stand|land)|what\s+(?:i|we)\s+(?:can|could)\s+(?:do|offer)"
    r"|(?:my|our)\s+(?:\w+\s+)?(?:offer|proposal|counter(?:-?offer)?))\b[^:\n]{0,20}:|"
    r"\b(?:my|our)\s+(?:new\s+|revised\s+|updated\s+|final\s+)?(?:offer|proposal|counter(?:-?offer)?|position)\s*(?:is\s*)?:",
    re.IGNORECASE)


def _last_offer_heading(message: str) -> re.Match[str] | None:
    found = None
    for found in _MESSAGE_OFFER_HEADING.finditer(message):
        pass
    # (round 24, LABELS: "Proposal: …", "Counter: …", "As a compromise, I propose: …")
    other = last_proposal_heading(message)
    return other if other is not None and (found is None or other.start() > found.start()) else found


def _read_package(message: str, labels: GameLabels, side: int | None) -> Extraction:
    """One package of a message: its free text, with a list of `issue: value` pairs binding each
    value to its issue."""
    found = with_party_labels(extract_text(message, labels, side=side), message, labels, side)
    found = with_lone_labels(found, message, labels)  # (messages only: a note keys its values)
    found = with_doer_verbs(found, message, labels, side)  # (round 23, messages only: "I'll bring him in myself")
    if ":" not in message and "|" not in message and "{" not in message:
        return found
    listed = _listed_offer(message, labels)
    if listed is None:
        return found
    listed, whole = listed
    if whole:
        # The message is its list of pairs: what free text reads of a value bound to its key
        # ("Staff: 50% apiece" — '50%' could be another percent issue) is no other reading.
        found = found.model_copy(update={"invalid": {}, "ambiguous": ()})
    # A value the list binds to its key is that issue's reading, valid or not: free text's other
    # value for it ("$130,000 is outside our band. Here's what we can do: - Base salary: $115,000")
    # was quoted or turned down. (Free text that reads the list's own value better, "Control: we'd
    # want six seats" as "4-6", shares a number with it and stands.)
    offers = {**{issue: label for issue, label in found.offers.items()
                 if issue not in listed.invalid or _shares_a_number(label, listed.invalid[issue])}, **listed.offers}
    invalid = {issue: raw for issue, raw in {**found.invalid, **listed.invalid}.items() if issue not in offers}
    # "Ownership: 60/40 in our favour": the list reads a split or share without the speaker's
    # side, free text with it; where free text settles it, the list's doubt is no ambiguity.
    # So too where the list's item holds two values and free text's sentences tell which stands
    # ("Rate 2.5% — not possible; we offer 3%", or a summary after the list).
    settled = {issue for issue in listed.ambiguous if issue in found.offers}
    ambiguous = tuple(issue for issue in dict.fromkeys(found.ambiguous + listed.ambiguous)
                      if issue not in listed.offers and issue not in invalid and issue not in settled)
    offers = {issue: label for issue, label in offers.items() if issue not in ambiguous}
    update: dict[str, object] = {"method": "text", "offers": offers, "invalid": invalid, "ambiguous": ambiguous}
    if listed.confidence == "unsure":
        # "Supplies: ours": a listed value no label's wording matched is doubted as in a note.
        update |= {"confidence": "unsure", "reason": "; ".join(r for r in (found.reason, listed.reason) if r)}
    return found.model_copy(update=update)


def _numbers(text: str) -> set[str]:
    return {number.replace(",", "").lstrip("0") or "0" for number in re.findall(r"\d[\d,]*(?:\.\d+)?", words_to_digits(text))}


_LONE_AMOUNT = re.compile(r"^\s*[$€£]?\s?\d[\d,]*(?:\.\d+)?\s?[kK%]?\s*$")


def _shares_a_number(label: str, raw: str) -> bool:
    """Whether free text's label may stand beside the list's invalid raw value: unless the list
    binds a lone amount ("$115,000") with another number to the key, it may (a longer raw value,
    "A: 55% of combined revenue", may be prose the list took for a pair)."""
    return not _LONE_AMOUNT.match(raw) or bool(_numbers(label) & _numbers(raw))


# 'You wrote: "..."', 'Your offer ("$1,400, 6 months")': the other side's words, quoted.
_YOU_WROTE = caseless(r"\b(?:(?:you|they)\s+(?:wrote|said|proposed|offered|asked for)|your\s+(?:last\s+|previous\s+|latest\s+)?"
                      r"(?:offer|proposal|terms|counter-?offer|message))\s*[:(]?\s*[\"“«][^\"”»]{0,300}[\"”»]\)?")
_QUOTED_LINE = re.compile(r"(?m)^[ \t]*>.*(?:\n|$)")


def _without_quoted_lines(message: str) -> str:
    """An email-style quotation ("> We can do $1,300", 'You wrote: "$1,400, 6 months."') is the
    other side's text, not an offer, when the message has text of its own with numbers in it."""
    if ">" not in message and not _YOU_WROTE.search(message):
        return message
    own = _YOU_WROTE.sub(" ", _QUOTED_LINE.sub("", message))
    return own if own != message and re.search(r"\d", own) else message


_BEFORE_DECORATION = re.compile(r"\s[—–-]\s|—|–|\s\(")


def _listed_offer(message: str, labels: GameLabels) -> tuple[Extraction, bool] | None:
    """The message's own list of short `issue: value` pairs (two or more issues), if it has one,
    and whether the list is the whole message (a heading aside)."""
    chosen, _, readings = own_block(message, labels)
    if chosen is None:
        return None
    # A value is short when what comes before its decoration is ("Hybrid — 2 days/week in office").
    short = [(key, value) for key, value in chosen.pairs
             if not isinstance(value, str) or len(_BEFORE_DECORATION.split(value, 1)[0].split()) <= 5]
    reading = offers_from_pairs(short, labels, "text")
    named = set(reading.offers) | set(reading.invalid) | set(reading.ambiguous)
    if len(named) < 2:
        return None
    outside = message[:chosen.start] + message[chosen.end:]
    whole = len(short) == len(chosen.pairs) and not re.search(r"\d", outside) and len(outside.split()) <= 4
    return reading, whole
