"""One tolerant reader for the structured forms models write an offer in: JSON (fenced or bare,
sloppy), lists of {"issue": ..., "value": ...} records, markdown tables (issue | value, one row
per issue, or one column per issue, or one column per party), and key/value lines (bullets,
numbered lists, `key: value`, `key = value`, `key — value`, YAML, several pairs on one line
separated by `;`, `|`, `·` or commas). Each form becomes a Block of (key, value) pairs at its
place in the text; which block is the note's own offer is decided by the note reader."""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass
from typing import Any

from lamen.judge.json_blocks import brace_blocks, pair_list_blocks, parse_block
from lamen.judge.keys import acceptable_over_aspiration, record_value
from lamen.judge.labels import GameLabels, frequency_words
from lamen.judge.value_forms import form_blocks, menu_choice
from lamen.judge.values import squash, word_sequence, words_to_digits

Pairs = list[tuple[str, Any]]

_RECORD_KEYS = {"issue", "name", "key", "item", "term", "field", "topic", "parameter"}
_VALUE_KEYS = {"value", "amount", "val", "offer", "proposal", "proposed", "setting", "position", "level"}
OFFER_HEADING = re.compile(r"^\s*(?:(?:my|our|updated|revised|final|new|current)\s+)*"
                           r"(?:acceptable\s+offers?|offers?|proposals?|counter(?:offer)?|position|terms)"
                           r"(?:\s*\([^)]*\))?\s*(?::|->|=|—|-)\s*", re.IGNORECASE)
_BULLET = re.compile(r"^\s*(?:[-*•+·>]|\d{1,2}[.)](?!\d)|#+)\s*")
_EMPHASIS = re.compile(r"\*\*|__|(?<!\w)\*(?!\s)|(?<=\S)\*(?!\w)|`")
_PAIR = re.compile(r"^(?P<key>[^:=|;]{1,48}?)\s*(?::|=|->|\s[—–-]\s|—|–)\s*(?P<value>.*)$")
_SEGMENT_BREAK = re.compile(r"\s*(?:;|\s\|\s|\|(?=\s*\w+\s*[:=])|·|•)\s*")
_KEY_VALUE_TEXT = re.compile(r"^\s*[A-Za-z][\w \-]{0,30}:\s*\S")
_TAG_PAIR = re.compile(r"<(?P<key>[A-Za-z][\w -]{0,30}?)(?P<attributes>(?:\s+[\w-]+\s*=\s*[\"'][^\"'<>]*[\"'])*)\s*>"
                       r"\s*(?P<value>[^<>]{1,60}?)\s*</(?P=key)>")
# A unit or currency given as an attribute belongs to the value (<duration unit="years">3</duration>).
_UNIT_ATTRIBUTE = re.compile(r"\b(?:unit|units|currency)\s*=\s*[\"'](?P<unit>[^\"'<>]{1,20})[\"']", re.IGNORECASE)
# <issue name="rent">$1,200</issue>, <term issue="rent" value="1100" unit="USD"/>: the issue in an
# attribute, the value in another (or the tag's text), the attributes in any order.
_ATTRIBUTE_TAG = re.compile(r"<[A-Za-z][\w-]*(?P<attributes>(?:\s+[\w-]+\s*=\s*[\"'][^\"'<>]*[\"'])+)\s*"
                            r"(?:/>|>\s*(?P<text>[^<>]{1,60}?)\s*</[A-Za-z][\w-]*>)")
_ATTRIBUTE = re.compile(r"([\w-]+)\s*=\s*[\"']([^\"'<>]*)[\"']")
_ATTRIBUTE_ISSUE = ("name", "issue", "key", "id", "field", "term", "topic")
_ATTRIBUTE_VALUE = ("value", "val", "amount", "proposed", "offer")
# A YAML or code comment after a value ("rent: 1000  # was 1100") is no part of it.
_COMMENT = re.compile(r"\s+(?:#|//)\s.*$")
_SENTENCE_PAIR_BREAK = re.compile(r"(?<=[^\W_])[.!]\s+(?=[^\W\d_][^\W\d_ -]*(?:[ -][^\W\d_]+){0,3}\s*:\s)")
_SENTENCE_END = re.compile(r".*[.!?]\s+")
_SEPARATOR_ROW = re.compile(r"^\s*\|?[\s:|-]+\|?\s*$")


@dataclass(frozen=True)
class Block:
    start: int
    end: int
    pairs: Pairs
    form: str  # "json" | "table" | "lines"


def as_records(pairs: Pairs) -> Pairs:
    """[("issue", "rent"), ("value", "$1,100")] -> [("rent", "$1,100")], recursively through
    lists of such records (a wrapper key around them included)."""
    keys = {str(key).strip().lower(): value for key, value in pairs}
    # A record may carry remarks beside its issue and value ({"issue", "value", "reason"}).
    if 2 <= len(pairs) <= 4 and keys.keys() & _RECORD_KEYS and keys.keys() & _VALUE_KEYS and \
            (len(pairs) == 2 or not any(isinstance(value, (list, dict)) for key, value in keys.items()
                                        if key not in _VALUE_KEYS)):
        issue_key = next(k for k in keys if k in _RECORD_KEYS)
        value_key = next(k for k in keys if k in _VALUE_KEYS and k != issue_key)
        # {"term": "36 months", "amount": 5000} names two issues: a record's name holds no number.
        if isinstance(keys[issue_key], str) and not re.search(r"\d", keys[issue_key]):
            found = keys[value_key]
            # {"issue": "Rent", "proposed": {"amount": 1200, "unit": "USD/month"}}: a value record.
            return [(keys[issue_key], record_value(found) if isinstance(found, list) else found)]
    names = [str(key).strip().lower() for key, _ in pairs]
    if len(pairs) >= 4 and len(pairs) % 2 == 0 and all(name in _RECORD_KEYS for name in names[::2]) \
            and all(name in _VALUE_KEYS for name in names[1::2]) and all(isinstance(v, str) for _, v in pairs[::2]):
        # "- issue: rent\n  value: $1,100\n- issue: ...": YAML records read as flat lines.
        return [(pairs[i][1], pairs[i + 1][1]) for i in range(0, len(pairs), 2)]
    result: Pairs = []
    for key, value in pairs:
        if isinstance(value, list) and value and all(isinstance(item, str) and _KEY_VALUE_TEXT.match(item)
                                                     for item in value):
            # ["rent: $1200", "duration: 12 months"]
            result.append((key, [tuple(part.strip() for part in item.split(":", 1)) for item in value]))
            continue
        if isinstance(value, list) and value and all(_is_pairs(item) for item in value):
            flat = [record for item in value for record in as_records(item)]
            if all(len(as_records(item)) == 1 and as_records(item) != item for item in value):
                result.append((key, flat))
                continue
        result.append((key, value))
    return result


def _is_pairs(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(p, tuple) and len(p) == 2 for p in value)


def _json_blocks(text: str) -> tuple[list[Block], list[Block]]:
    """Brace blocks; the items of one [...] list of records become one block. Also every brace
    span, read or not (an unreadable block is no place for key/value lines either)."""
    blocks: list[Block] = []
    spans: list[Block] = []
    for start, raw in brace_blocks(text):
        cut_off = text[start:start + len(raw)] != raw  # closed by the reader: it runs to the end
        spans.append(Block(start, len(text) if cut_off else start + len(raw), [], "span"))
        pairs = parse_block(raw)
        if not pairs:
            continue
        written = len(pairs)
        pairs = as_records(pairs)
        end = start + len(raw)
        previous = blocks[-1] if blocks else None
        # One object per line (JSON Lines, {"rent": "$900"}\n{"subletting": "6 days"}): objects of
        # one pair each, with nothing but line breaks or commas between them, are one block.
        if previous and len(pairs) == 1 and len(previous.pairs) >= 1 and \
                (previous.form == "json-record" or previous.form == "json-line" and written == 1) \
                and re.fullmatch(r"[\s,]*", text[previous.end:start]):
            blocks[-1] = Block(previous.start, end, previous.pairs + pairs, "json-record")
            continue
        # One {"issue": ..., "value": ...} record: in a list, or one per line (JSON Lines).
        record = len(pairs) == 1 and (text[:start].rstrip().endswith(("[", ",")) or written >= 2)
        blocks.append(Block(start, end, pairs, "json-record" if record else "json-line" if written == 1 else "json"))
    if "[[" in text or re.search(r"\[\s*\[", text):
        for start, end, pairs in pair_list_blocks(text):
            if not any(span.start <= start < span.end for span in spans):
                blocks.append(Block(start, end, pairs, "json"))
                spans.append(Block(start, end, [], "span"))
    return sorted((Block(b.start, b.end, b.pairs, "json") for b in blocks), key=lambda b: b.start), spans


def _cells(line: str) -> list[str]:
    cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
    return [_EMPHASIS.sub("", cell).strip() for cell in cells]


# Table columns that hold no offer of the writer's (the other side's, limits, ranks, remarks) and
# columns that hold it; a unit column is read with the value.
# ("mine" is the writer's own, not a "min…" of a minimum; round twenty)
_OTHER_COLUMN = re.compile(r"\b(?:their|theirs|your|yours|you|opponent\w*|counterpart|other side|walk-?away|reservation|bat?na|min(?!e\b)\w*|asked|"
                           r"max\w*|priority|priorities|rank\w*|weight|importance|notes?|comments?|remarks?|why|"
                           r"reasons?|rationale|justification|status|previous|last|old|was|estimate\w*|range|limit|fallback|"
                           r"backup|worst|floor|ceiling|concession\w*|plan b|if needed)\b",
                           re.IGNORECASE)
_OWN_COLUMN = re.compile(r"\b(?:values?|my|our|mine|offers?|proposals?|proposed|target|ask|position|acceptable|now|"
                         r"new|current|final|amount|terms?)\b", re.IGNORECASE)
# (the same words in the languages models answer in: "Jetzt", "Maintenant", "Ahora", "现在", "지금")
_PRESENT_COLUMN = re.compile(r"^\W*(?:now|current(?:ly)?|new|final|updated|revised|today|this round|jetzt|aktuell|neu|"
                             r"maintenant|actuel(?:le)?|ahora|actual|agora|adesso|nu|teraz|сейчас|今|现在|現在|지금)\W*$",
                             re.IGNORECASE)
_PAST_COLUMN = re.compile(r"\b(?:round|rd|r|turn|draft|v|runde|tour|ronda|rodada|turno)\s*#?\d+\b|"
                          r"\b(?:previous|last|old|was|earlier|before|initial|opening|original|start|vorher|letzte|"
                          r"avant|précédente?|antes|anterior|prima|precedente)\b", re.IGNORECASE)
_UNIT_COLUMN = re.compile(r"^\s*units?\s*$", re.IGNORECASE)
_FIRST_PERSON = re.compile(r"\b(?:i|my|our|mine|ours|me|we|us)\b", re.IGNORECASE)  # "I offer", "We propose"


def _plain(cell: str) -> str:
    """A header or row name with its underscores and hyphens as spaces ("landlord_last")."""
    return re.sub(r"[_\-.]+", " ", cell)


def _unit_columns(header: list[str]) -> list[int]:
    return [j for j, cell in enumerate(header) if j and _UNIT_COLUMN.match(cell)]


def _own_column(header: list[str], width: int) -> int | None:
    """The one column of the writer's values in a table with extra columns, if the header says
    which: the one own-offer column, else the only column that is neither the other side's, a
    remark nor a unit."""
    if len(header) != width:
        return None
    # "Tenant asked | My counter": the one column the writer marks as its own, in the first person.
    first_person = [j for j in range(1, width) if _FIRST_PERSON.search(_plain(header[j]))]
    # "Round 5 (mine) | Now": a column of the present beside columns of earlier rounds is the
    # writer's offer now, whoever the earlier ones belonged to.
    present = [j for j in range(1, width) if _PRESENT_COLUMN.search(_plain(header[j]))]
    if len(present) == 1 and all(_PAST_COLUMN.search(_plain(header[j])) for j in range(1, width) if j != present[0]):
        return present[0]
    if len(first_person) == 1:
        return first_person[0]
    others = [j for j in range(1, width) if not _OTHER_COLUMN.search(header[j]) and not _UNIT_COLUMN.match(header[j])]
    marked = [j for j in others if _OWN_COLUMN.search(header[j])]
    own = acceptable_over_aspiration(marked, lambda j: _plain(header[j]))
    if len(own) == 1 and (len(others) < width - 1 or len(own) < len(marked)):
        return own[0]
    return others[0] if len(others) == 1 and len(others) < width - 1 else None


def _value_column(header: list[str], body: list[list[str]], labels: GameLabels) -> int | None:
    """Where the header does not say which column is the writer's ("Issue | Value | Points", "Issue |
    Value | Change"): the one column whose every cell, on every row naming an issue, reads as a label
    of that row's issue (points, changes, remarks do not); of several such columns, the one the
    header marks as a value or offer, if only one is marked. None when the cells cannot tell."""
    width = len(header)
    rows = [(issue, row) for row in body if len(row) == width and (issue := labels.issue_for_key(row[0])) is not None]
    if width < 3 or len(rows) < 2:
        return None
    valued = [j for j in range(1, width)
              if not _UNIT_COLUMN.match(header[j]) and not _OTHER_COLUMN.search(header[j])
              and all(row[j] and labels.match(issue, row[j]).kind == "label" for issue, row in rows)]
    if len(valued) > 1:
        valued = [j for j in valued if _OWN_COLUMN.search(_plain(header[j]))]
    return valued[0] if len(valued) == 1 else None


def _table_pairs(header: list[str], body: list[list[str]], labels: GameLabels) -> Pairs:
    """The (issue, value) pairs of a table: one row per issue (its own column chosen by the
    header when there are several), or one column per issue with a single row of values."""
    pairs: Pairs = []
    header_issues = sum(labels.issue_for_key(cell) is not None for cell in header)
    if len(body) == 1 and header_issues >= 2:
        return list(zip(header, body[0]))
    if len(body) > 1 and header_issues >= 2 and all(len(row) == len(header) for row in body):
        # One column per issue, one row per party or draft: the writer's own row, if one is.
        own = [row for row in body if not _OTHER_COLUMN.search(_plain(row[0]))]
        marked = [row for row in own if _OWN_COLUMN.search(_plain(row[0])) or _FIRST_PERSON.search(_plain(row[0]))]
        marked = acceptable_over_aspiration(marked, lambda row: _plain(row[0]))
        chosen = marked if len(marked) == 1 else own
        if len(chosen) == 1:
            return list(zip(header[1:], chosen[0][1:]))
    by_values = _value_column(header, body, labels) if any(len(row) > 2 for row in body) else None
    for row in body:
        if len(row) == 2:
            pairs.append((row[0], row[1]))
        elif len(row) > 2 and (column := _own_column(header, len(row)) or by_values) is not None:
            pairs.append((row[0], " ".join([row[column], *(row[j] for j in _unit_columns(header))])))
        elif len(row) > 2:
            names = header[1:] if len(header) == len(row) else [""] * (len(row) - 1)
            pairs.append((row[0], ", ".join(f"{name} {value}".strip() for name, value in zip(names, row[1:]))))
    return pairs


# Two or more lines of cells parted by pipes, with no pipe at either end ("issue|value" / "rent|$1,300"),
# as GitHub's tables may be written.
_PIPE_LINES = re.compile(r"(?m)(?:^[ \t]*[^\s|#>*][^\n|]*(?:\|[^\n|]*)+[ \t]*(?:\n|$)){2,}")


def _table_blocks(text: str, labels: GameLabels) -> list[Block]:
    blocks = []
    for match in re.finditer(r"(?m)(?:^[ \t]*\|.*\|?[ \t]*(?:\n|$))+", text):
        lines = [line for line in match.group(0).splitlines() if line.strip()]
        has_header = len(lines) > 1 and bool(_SEPARATOR_ROW.match(lines[1]))
        # (a header of empty cells, "| | |", is still the header: the rows under it are the pairs)
        rows = [_cells(line) for number, line in enumerate(lines)
                if not _SEPARATOR_ROW.match(line) or (has_header and number == 0)]
        header, body = (rows[0], rows[1:]) if has_header else ([], rows)
        pairs = _table_pairs(header, body, labels)
        if pairs:
            blocks.append(Block(match.start(), match.end(), pairs, "table"))
    return blocks


# Two or more lines of comma- or tab-separated cells: CSV (or TSV) a model wrote as its offer.
_CSV_LINES = re.compile(r"(?m)(?:^[ \t]*[^\s|,;\t#>*-][^\n|]*(?:,|;|\t)[^\n|]*(?:\n|$)){2,}")
# A semicolon CSV writes decimals with a comma and may group thousands with dots ("1.200,00").
_DECIMAL_COMMA_CELL = re.compile(r"^(\d{1,3}(?:\.\d{3})*|\d+),(\d{1,2})$")


def _csv_row(line: str, delimiter: str) -> list[str]:
    cells = [cell.strip() for cell in next(csv.reader([line], delimiter=delimiter, skipinitialspace=True), [])]
    # "$1,100" unquoted: a cell of three digits after a cell ending in a digit is its thousands.
    merged: list[str] = []
    for cell in cells:
        if merged and re.fullmatch(r"\d{3}(?:\.\d+)?(?:\s.*)?", cell) and re.search(r"\d$", merged[-1]):
            merged[-1] += "," + cell
        else:
            merged.append(cell)
    return merged


def _csv_blocks(text: str, labels: GameLabels) -> list[Block]:
    """Runs of CSV lines whose rows (or header) name two or more issues, read as tables."""
    blocks = []
    runs = list(_CSV_LINES.finditer(text)) + (list(_PIPE_LINES.finditer(text)) if "|" in text else [])
    for match in runs:
        lines = [line for line in match.group(0).splitlines() if line.strip() and not _SEPARATOR_ROW.match(line)]
        delimiter = "|" if all("|" in line for line in lines) else "\t" if all("\t" in line for line in lines) \
            else ";" if all(";" in line for line in lines) else ","
        rows = [_csv_row(line, delimiter) for line in lines]
        if delimiter == ";":
            rows = [[_DECIMAL_COMMA_CELL.sub(lambda m: m.group(1).replace(".", "") + "." + m.group(2), cell) for cell in row]
                    for row in rows]
        width = len(rows[0])
        if width < 2 or any(len(row) != width for row in rows) or \
                any(len(cell) > 40 or ":" in cell for row in rows for cell in row):
            continue  # a "key: value, value" line is no CSV row
        first_named = sum(labels.issue_for_key(row[0]) is not None and not re.search(r"[\d$€£]", row[0]) for row in rows)
        header_named = sum(labels.issue_for_key(cell) is not None for cell in rows[0])
        if first_named < 2 and header_named < 2:
            continue
        has_header = labels.issue_for_key(rows[0][0]) is None or header_named >= 2
        header, body = (rows[0], rows[1:]) if has_header else ([], rows)
        pairs = _table_pairs(header, body, labels)
        if pairs:
            blocks.append(Block(match.start(), match.end(), pairs, "table"))
    return blocks


def _clean_line(line: str) -> str:
    if " / " in line and ("**" in line or "__" in line):
        line = menu_choice(line)  # "rent: $300 / **$400** / $500": the option in bold
    line = _EMPHASIS.sub("", line)
    return _BULLET.sub("", line).strip()


_COLUMN_GAP = re.compile(r"^(\S(?:[^\t]*?\S)?)(?: {2,}|\t+)(\S.*)$")


# (compiled once: these run for every segment of every structured line)
_DIGIT = re.compile(r"\d")
_DIGIT_OR_CURRENCY = re.compile(r"[\d$€£]")


_ASIDE = re.compile(r"\s[—–]\s")


def _without_aside(issue: str, value: str, labels: GameLabels) -> str:
    """'included — our fitter is in that area anyway': a worded value that is a label of its issue
    before a dash, and no label with what follows, is the label; the rest is an aside. (An amount
    before a dash stays whole: "$1,200 — $1,300 at most" may name a second value.)"""
    head = _ASIDE.split(value, maxsplit=1)[0].strip()
    if head and not _DIGIT_OR_CURRENCY.search(head) and labels.match(issue, head).kind == "label" and \
            labels.match(issue, value).kind != "label":
        return head
    return value


def _segment_pair(segment: str, labels: GameLabels) -> tuple[str, str, bool] | None:
    """(key, value, key names an issue) of one 'key: value' or 'key value' segment."""
    segment = segment.strip().strip(".,").strip()
    match = _PAIR.match(segment)
    if match and len(match.group("key").split()) > 5 and (cut := _SENTENCE_END.search(match.group("key"))):
        # "I'll keep it simple this round. Rent: $1,100": the sentence before the key is no part of it.
        segment = segment[cut.end():]
        match = _PAIR.match(segment)
    if match and match.group("value").strip() and len(match.group("key").split()) <= 5 \
            and not _DIGIT_OR_CURRENCY.search(match.group("key")):
        key = match.group("key").strip()
        value = _COMMENT.sub("", match.group("value")).strip().rstrip(".,;")
        issue = labels.issue_for_key(key)
        if issue is not None and (" — " in value or " – " in value):
            value = _without_aside(issue, value, labels)
        return key, value, issue is not None
    # "HANDOVER   next month": in a sheet of aligned columns the gap of two or more spaces (or a
    # tab) parts the key from its value, however many words the value has.
    gap = _COLUMN_GAP.match(segment)
    if gap and not _DIGIT.search(gap.group(1)) and labels.issue_for_key(gap.group(1)) is not None:
        return gap.group(1), gap.group(2).rstrip(".,;"), True
    words = segment.split()
    for size in range(min(4, len(words) - 1), 0, -1):
        key = " ".join(words[:size])
        if _DIGIT.search(key):
            continue
        if labels.issue_for_key(key) is not None:
            value = re.sub(r"^(?:of|at|is|to|=|:)\s+", "", " ".join(words[size:]), flags=re.IGNORECASE)
            return key, value.rstrip(".,;"), True
    return None


def _label_piece(segment: str, labels: GameLabels) -> tuple[str, str, bool] | None:
    """A keyless piece of a list that is wholly the wording of one text label (or a synonym) of
    exactly one issue ("...; insurance basic; weekday"): that issue's pair."""
    piece = segment.strip().strip(".,;").strip()
    if not piece or len(piece.split()) > 4 or _DIGIT.search(piece):
        return None
    key = squash(frequency_words(piece, labels.label_words, labels.label_wordings))
    owners = [issue for issue, table in labels.issues.items() if key in table.by_wording]
    if len(owners) == 1:
        return owners[0], piece, True
    # "— battery —" in a list of what is offered: the thing named alone, of an issue whose two
    # labels are having it or not, is having it ("battery backup", not "no battery").
    named = labels.issue_for_key(piece)
    included = labels.issues[named].included_label if named else None
    if included and set(word_sequence(piece)) <= set(word_sequence(f"{included[0]} {named}")) \
            and not _DENIAL_WORD.search(piece):
        return named, included[0], True
    return None


_DENIAL_WORD = re.compile(r"\b(?:no|not|none|without|zero)\b", re.IGNORECASE)


_UNIT_WORD = re.compile(r"(?:%|percent|(?:day|week|month|year|hour|seat|round)s?|yrs?|mos?|wks?|hrs?)$", re.IGNORECASE)


def _amount_first(segment: str, labels: GameLabels) -> tuple[str, str, bool] | None:
    """A value written before its issue's name ("$55 per guest", "4 days of subletting",
    "55 per head"): (name, value with its unit words, True), or None."""
    words = segment.strip().strip(".,;").split()
    if not words or not re.fullmatch(r"[$€£]?\d[\d,.]*[kK]?%?", words[0]):
        return None
    cut = 1
    while cut < len(words) - 1 and _UNIT_WORD.match(words[cut]):
        cut += 1
    rest = words[cut:]
    if rest and rest[0].lower() == "of":
        rest = rest[1:]
    if 1 <= len(rest) <= 3 and not _UNIT_WORD.match(rest[0]) and labels.issue_for_key(" ".join(rest)) is not None:
        return " ".join(rest), " ".join(words[:cut]), True
    return None


def _segments(line: str) -> list[str]:
    line = OFFER_HEADING.sub("", line, count=1)
    parts = [part for part in _SEGMENT_BREAK.split(line) if part.strip()]
    if len(parts) == 1 and line.count(":") >= 2:
        # "Rent: $1,300. Lease: 33 months. Deposit: $1,000.": pairs written as sentences.
        parts = [part for part in _SENTENCE_PAIR_BREAK.split(line) if part.strip()]
    if len(parts) == 1 and line.count("=") >= 2:
        parts = re.split(r"\s+(?=[\w-]+\s*=)", line)
    if len(parts) == 1 and ", " in line:
        parts = re.split(r",\s+(?:and\s+)?", line)
    if len(parts) == 1 and line.count(" / ") >= 2:
        parts = line.split(" / ")  # "fee 5000 / 50% refund / 8h / full AV"
    return parts


def _line_pairs(line: str, labels: GameLabels) -> tuple[Pairs, int]:
    """Pairs of one line and how many of its keys name a game issue."""
    cleaned = _clean_line(line)
    if not cleaned or (cleaned.endswith(":") and len(cleaned.split()) > 2):
        return [], 0  # "Client note. I'd accept:": a sentence that heads the list below it
    if re.search(r"\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|hundred|thousand)\b", cleaned,
                 re.IGNORECASE):
        # "rent of twelve hundred dollars, a two-year lease": where a key ends and its value
        # begins is found by the value's number, so number words become digits first.
        cleaned = words_to_digits(cleaned)
    pairs: Pairs = []
    named = 0
    segments = _segments(cleaned)
    found = [_segment_pair(segment, labels) for segment in segments]
    if len(segments) == 1 and found[0] is None and _BULLET.match(line.strip()):
        # A bullet that is one label ("- sit-down dinner") or an amount before its issue's name
        # ("- $55 per guest"), in a list of pairs.
        found = [_label_piece(segments[0], labels) or _amount_first(segments[0], labels)]
    if len(segments) > 1 and not all(found) and all(f is None or (f[2] and len(f[1].split()) <= 4 and ":" not in f[1])
                                                    for f in found):
        # Keyless label wordings complete a list of short pairs keyed by issues only when nothing
        # else of it is left unread ("Sticker's at $28,000 but for you: $25,000, powertrain only"
        # is prose; "Their position: $1,500, full packing" is no pair of an issue).
        completed = [f or _label_piece(segment, labels) or _amount_first(segment, labels)
                     for f, segment in zip(found, segments)]
        found = completed if all(completed) else found
    if not all(found) and cleaned.count(" / ") >= 2 and len(segments) > 2:
        return [], 0  # "fee 5000 / 50% refund / 8h": a line of values, read as text
    # Several segments are pairs only if most are; a sentence with a comma is not a list.
    if len(segments) > 1 and sum(1 for f in found if f and f[2]) < max(2, len(segments) - 1):
        if sum(1 for f in found if f and f[2]) >= 2:
            # "amount 7k, 5-6 years, 3%, fees $30": a package written as prose, some values keyed
            # and some not — no key holds the rest of the line; the text reader reads it.
            return [], 0
        found = [_segment_pair(OFFER_HEADING.sub("", cleaned, count=1), labels)]
    heading = OFFER_HEADING.match(cleaned)
    if heading and not any(found) and 0 < len(cleaned[heading.end():].split()) <= 4:
        # "Acceptable offer: $1,300": the heading is the key of a single value.
        found = [(heading.group(0).strip(" :=-—>"), cleaned[heading.end():].strip().rstrip(".,;"), False)]
    for item in found:
        if item is None:
            continue
        key, value, names_issue = item
        if len(key.split()) > 3 and re.search(r"\b(?:from|than|by)$", key, re.IGNORECASE):
            continue  # "Employer moved salary from $100,000 to $110,000": a move told in prose, no pair
        if isinstance(value, str) and len(value.split()) > 5 and re.search(r"[.!?]\s+\w", value):
            continue  # "client seems budget-conscious, 150 guests. going w/ buffet.": sentences, no value
        if not names_issue and key.lower() in _RECORD_KEYS and labels.issue_for_key(value) is not None:
            names_issue = True  # "- issue: rent" / "  value: $1,100": a record written as lines
        if not names_issue and len(key.split()) <= 3 and len(value.split()) <= 4:
            # "Loan size: $2,000": a key no issue is named by, with a value only one issue has.
            names_issue = sum(labels.match(issue, value).kind == "label" for issue in labels.issues) == 1
        if names_issue or len(key.split()) <= 3:
            pairs.append((key, value))
            named += names_issue
    return pairs, named


def _line_blocks(text: str, labels: GameLabels) -> list[Block]:
    blocks: list[Block] = []
    current: Pairs = []
    named, start, offset, end = 0, 0, 0, 0

    def close() -> None:
        if current and named:
            blocks.append(Block(start, end, list(current), "lines"))

    for line in text.splitlines(keepends=True):
        pairs, line_named = _line_pairs(line, labels) if line.strip() else ([], 0)
        if pairs and (line_named or current):
            if not current:
                start = offset
            current += pairs
            named += line_named
            end = offset + len(line)
        elif line.strip().startswith("```") and current:
            pass
        else:
            close()
            current, named = [], 0
        offset += len(line)
    close()
    return blocks


# A TOML section header ("[offer]", "[offer.rent]"): the key of the pairs below it.
_SECTION = re.compile(r"^[ \t]*\[\[?(?P<key>[A-Za-z_][\w .-]{0,40})\]\]?[ \t]*$")
# A line that is only a key ("board_seats:", "1. **Board control**"), whose value is the lines below.
_PARENT_KEY = re.compile(r"^(?P<key>[^\d:=|{}\[\]$€£%]{1,48}?)\s*:?\s*$")


@dataclass
class _Node:
    indent: int
    key: str
    children: Pairs


def _indent(line: str) -> int:
    return len(line.expandtabs(4)) - len(line.expandtabs(4).lstrip(" "))


def _tree_blocks(text: str, labels: GameLabels) -> list[Block]:
    """Indented trees of key/value lines (YAML, nested markdown lists, TOML sections) as nested
    pairs: {"proposal": {"board_seats": {"company_a": 4, ...}}}. Only trees the flat line
    reader would misread are kept: an issue key with lines below it, sibling wrappers
    ("mine:" beside "theirs:"), or TOML sections; other runs are left to it."""
    lines = text.splitlines(keepends=True)
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line))
    blocks: list[Block] = []
    index = 0
    while index < len(lines):
        run_end, parents, nested_issue = _tree_run(lines, index, labels)
        if run_end <= index:
            index += 1
            continue
        if nested_issue or parents >= 2:
            # Pairs just above the first key of the tree, at its level, belong to it.
            first = index
            while first > 0 and lines[first - 1].strip() and _indent(lines[first - 1]) == _indent(lines[index]) \
                    and (not blocks or offsets[first - 1] >= blocks[-1].end) and _line_pairs(lines[first - 1], labels)[0]:
                first -= 1
            pairs = _tree_pairs(lines[first:run_end], labels)
            if pairs:
                blocks.append(Block(offsets[first], offsets[run_end], pairs, "tree"))
        index = run_end
    return blocks


def _next_content(lines: list[str], index: int) -> int:
    while index < len(lines) and not lines[index].strip():
        index += 1
    return index


def _is_parent(lines: list[str], index: int) -> bool:
    following = _next_content(lines, index + 1)
    if _SECTION.match(lines[index]):
        return True
    if following >= len(lines) or _indent(lines[following]) <= _indent(lines[index]):
        return False
    cleaned = _clean_line(lines[index])
    return bool(cleaned) and bool(_PARENT_KEY.match(cleaned)) and len(cleaned.split()) <= 5


def _tree_run(lines: list[str], start: int, labels: GameLabels) -> tuple[int, int, bool]:
    """(end of the run of tree lines from `start`, its parents, whether an issue key has lines below)."""
    if not lines[start].strip() or not _is_parent(lines, start):
        return start, 0, False
    index, parents, nested_issue = start, 0, False
    base = _indent(lines[start])
    while index < len(lines):
        line = lines[index]
        if not line.strip():
            following = _next_content(lines, index)
            if following >= len(lines) or _indent(lines[following]) < base or \
                    not (_is_parent(lines, following) or _line_pairs(lines[following], labels)[0]):
                break
            index += 1
            continue
        if index > start and _indent(line) < base:
            break
        if _is_parent(lines, index):
            parents += 1
            key = _SECTION.match(line)
            name = key.group("key") if key else _clean_line(line).rstrip(":").strip()
            nested_issue = nested_issue or (labels.issue_for_key(name) is not None and not key)
        elif not _line_pairs(line, labels)[0]:
            break
        index += 1
    return index, parents, nested_issue


def _tree_pairs(lines: list[str], labels: GameLabels) -> Pairs:
    root = _Node(-2, "", [])
    stack = [root]
    for index, line in enumerate(lines):
        if not line.strip():
            continue
        section = _SECTION.match(line)
        indent = -1 if section else _indent(line)
        while len(stack) > 1 and stack[-1].indent >= indent:
            stack.pop()
        if section or _is_parent(lines, index):
            key = section.group("key") if section else _clean_line(line).rstrip(":").strip()
            node = _Node(indent, key.strip(), [])
            stack[-1].children.append((node.key, node.children))
            stack.append(node)
        else:
            stack[-1].children.extend(_line_pairs(line, labels)[0])
    return root.children


def _mask(text: str, blocks: list[Block]) -> str:
    for block in blocks:
        end = min(block.end, len(text))
        text = text[:block.start] + re.sub(r"[^\n]", " ", text[block.start:end]) + text[end:]
    return text


def _attribute_pair(match: re.Match[str]) -> tuple[str, str] | None:
    attributes = {key.lower(): value for key, value in _ATTRIBUTE.findall(match.group("attributes"))}
    issue = next((attributes[key] for key in _ATTRIBUTE_ISSUE if key in attributes), None)
    value = next((attributes[key] for key in _ATTRIBUTE_VALUE if key in attributes), None) or match.group("text")
    if not issue or not value:
        return None
    unit = next((attributes[key] for key in ("unit", "units", "currency") if key in attributes), "")
    return issue, f"{value} {unit}".strip()


def _tag_blocks(text: str) -> list[Block]:
    """<rent>$1,200</rent> pairs, consecutive ones (only spaces between) in one block."""
    blocks: list[Block] = []
    found: list[tuple[int, int, tuple[str, str]]] = []
    for match in _TAG_PAIR.finditer(text):
        unit = _UNIT_ATTRIBUTE.search(match.group("attributes") or "")
        value = match.group("value")
        found.append((match.start(), match.end(), (match.group("key").strip(), f"{value} {unit.group('unit')}" if unit else value)))
    for match in _ATTRIBUTE_TAG.finditer(text):
        if (pair := _attribute_pair(match)) is not None:
            found.append((match.start(), match.end(), pair))
    for start, end, pair in sorted(found):
        if blocks and not text[blocks[-1].end:start].strip():
            last = blocks[-1]
            blocks[-1] = Block(last.start, end, last.pairs + [pair], "tags")
        elif not blocks or start >= blocks[-1].end:
            blocks.append(Block(start, end, [pair], "tags"))
    return blocks


def structured_blocks(text: str, labels: GameLabels) -> list[Block]:
    """Every structured offer-like block of a text, in order of position."""
    blocks, spans = _json_blocks(text)
    for start, end, pairs in form_blocks(text):
        # a query string or an SQL INSERT, outside any brace block
        if not any(span.start <= start < span.end for span in spans):
            blocks.append(Block(start, end, pairs, "json"))
            spans.append(Block(start, end, [], "span"))
    if "</" in text or "/>" in text:
        tags = _tag_blocks(text)
        blocks += tags
        spans += tags
    masked = _mask(text, spans)
    tables = _table_blocks(masked, labels)
    if "," in masked or "\t" in masked:
        tables += _csv_blocks(_mask(masked, tables), labels)
    blocks += tables
    masked = _mask(masked, tables)
    if "\n " in masked or "\n\t" in masked or "[" in masked:
        trees = _tree_blocks(masked, labels)
        blocks += trees
        masked = _mask(masked, trees)
    blocks += _line_blocks(masked, labels)
    return sorted(blocks, key=lambda b: b.start)
