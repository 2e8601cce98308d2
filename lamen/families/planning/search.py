"""The assistant's Search tool over the site database, with a deterministic executor (the paper
had a language model play the executor; here every query has one exact answer).

A call names `fields` to return, `filters` (all must hold; one filter may join alternatives with
OR), a `text_query` (every word must occur in the site's description: name, category and
features), `sort_by` (fields or `distance_to(<site>)`, ascending; add " desc" to reverse) and a
`limit`. Columns are the fields, then each sort key not among them. A filter on something that is
not a field gets the paper's answer: "You cannot filter by X. Try searching with a text query
instead." Its text form, for models without native tool calling:

    Search(fields=[name, price], filters=[category == restaurant, price <= 40],
           text_query=live music, sort_by=[distance_to(The Mall), price], limit=5)
"""

from __future__ import annotations

import operator
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from lamen.core.tools import Tool, ToolResult
from lamen.core.types import JSON, ToolSpec
from lamen.families.planning.instances import PlanningInstance, Site, fmt_value, schema
from lamen.families.planning.scoring import miles

KEYS = ("fields", "filters", "text_query", "sort_by", "limit")
LIST_KEYS = ("fields", "filters", "sort_by")
BASIC_FIELDS = ("name", "category", "price", "info")
OPS: dict[str, Callable[[Any, Any], bool]] = {"==": operator.eq, "=": operator.eq, "!=": operator.ne,
                                              "<=": operator.le, ">=": operator.ge, "<": operator.lt, ">": operator.gt}
_DISTANCE = re.compile(r"^distance_to\((.+)\)$", re.IGNORECASE)
_CONDITION = re.compile(r"^(.+?)\s*(==|!=|<=|>=|=|<|>)\s*(.+)$")
_KEY = re.compile(r"\b(\w+)\s*=(?!=)")

SEARCH_SPEC = ToolSpec(
    name="search",
    description=("Search the city's sites. Returns a table of the requested fields for every site that passes "
                 "all filters and contains every word of text_query, sorted and limited as asked."),
    parameters={
        "type": "object",
        "properties": {
            "fields": {"type": "array", "items": {"type": "string"},
                       "description": "columns: name, category, price, info, or a feature such as 'good for kids'"},
            "filters": {"type": "array", "items": {"type": "string"},
                        "description": "conditions that must all hold, e.g. 'category == cafe', 'price <= 30', "
                                       "'live music', 'good for kids OR viewpoint'"},
            "text_query": {"type": "string", "description": "words to find in a site's name, category and features"},
            "sort_by": {"type": "array", "items": {"type": "string"},
                        "description": "fields or distance_to(<site name>), ascending; append ' desc' to reverse"},
            "limit": {"type": "integer", "minimum": 1, "description": "at most this many rows"},
        },
        "additionalProperties": False,
    },
)


class SearchSyntaxError(ValueError):
    """A text call that cannot be read (the codec turns it into format feedback)."""


class SearchRefusal(ValueError):
    """A readable call the executor will not run; its text is the tool's answer."""


# ---- the text form ----------------------------------------------------------------------------
def _split_top(text: str) -> list[str]:
    """Split on commas outside brackets and parentheses."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch in "[(":
            depth += 1
        elif ch in "])":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return [p.strip() for p in parts if p.strip()]


def _unquote(text: str) -> str:
    text = text.strip()
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'":
        return text[1:-1].strip()
    return text


def parse_call(text: str) -> dict[str, JSON]:
    """`Search(key=value, ...)` → the call's arguments (lists for fields, filters and sort_by)."""
    body = text.strip()
    found = re.match(r"^search\s*\((.*)\)$", body, re.IGNORECASE | re.DOTALL)
    if not found:
        raise SearchSyntaxError("write the call as Search(fields=[...], filters=[...], text_query=..., "
                                "sort_by=[...], limit=N), leaving out what you do not need")
    inner = found.group(1)
    depth, starts = 0, []
    for i, ch in enumerate(inner):
        if ch in "[(":
            depth += 1
        elif ch in "])":
            depth -= 1
        elif depth == 0 and (m := _KEY.match(inner, i)) and (i == 0 or not (inner[i - 1].isalnum()
                                                                              or inner[i - 1] == "_")):
            starts.append((i, m.end(), m.group(1)))
    if inner.strip() and (not starts or inner[:starts[0][0]].strip()):
        raise SearchSyntaxError("every argument of Search is written key=value")
    args: dict[str, JSON] = {}
    for n, (_, value_start, key) in enumerate(starts):
        end = starts[n + 1][0] if n + 1 < len(starts) else len(inner)
        value = inner[value_start:end].strip().rstrip(",").strip()
        if key not in KEYS:
            raise SearchSyntaxError(f"Search has no argument {key!r} (it takes {', '.join(KEYS)})")
        if key in args:
            raise SearchSyntaxError(f"{key} is given twice")
        if key in LIST_KEYS:
            if not (value.startswith("[") and value.endswith("]")):
                raise SearchSyntaxError(f"{key} is a list: {key}=[...]")
            args[key] = [_unquote(p) for p in _split_top(value[1:-1])]
        elif key == "limit":
            if not value.isdigit() or int(value) < 1:
                raise SearchSyntaxError(f"limit is a whole number of at least 1, not {value!r}")
            args[key] = int(value)
        else:
            args[key] = _unquote(value)
    return args


def render_call(args: Mapping[str, JSON]) -> str:
    parts = []
    for key in KEYS:
        if key not in args:
            continue
        value = args[key]
        parts.append(f"{key}=[{', '.join(str(v) for v in value)}]" if key in LIST_KEYS else f"{key}={value}")
    return f"Search({', '.join(parts)})"


# ---- the executor -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Column:
    label: str
    get: Callable[[Site], Any]  # None: the site has no such value


def _feature_names() -> dict[str, str]:
    return {spec.name.lower(): spec.name for spec in schema()}


def _site_named(instance: PlanningInstance, name: str) -> Site:
    wanted = " ".join(_unquote(name).lower().split())
    for site in instance.sites:
        if site.name.lower() == wanted:
            return site
    raise SearchRefusal(f"There is no site named {_unquote(name)!r}.")


def _column(instance: PlanningInstance, raw: str, purpose: str) -> Column:
    key = " ".join(raw.strip().split())
    low = key.lower()
    if low == "name":
        return Column("name", lambda s: s.name)
    if low in ("category", "type"):
        return Column("category", lambda s: s.category)
    if low in ("price", "cost"):
        return Column("price", lambda s: s.price)
    if low == "info" and purpose == "field":
        return Column("info", lambda s: s.info())
    if found := _DISTANCE.match(key):
        target = _site_named(instance, found.group(1))
        return Column(f"distance_to({target.name})", lambda s: miles(s, target))
    features = _feature_names()
    if low in features:
        name = features[low]
        return Column(name, lambda s: s.features.get(name))
    if purpose == "filter":
        raise SearchRefusal(f"You cannot filter by {key}. Try searching with a text query instead.")
    if purpose == "sort":
        raise SearchRefusal(f"You cannot sort by {key}. Sort by name, category, price, a feature or "
                            "distance_to(<site name>).")
    raise SearchRefusal(f"There is no field {key!r}. Fields: name, category, price, info, or a feature "
                        f"({', '.join(spec.name for spec in schema())}).")


def _literal(text: str) -> Any:
    value = _unquote(text)
    if value.lower() in ("true", "yes"):
        return True
    if value.lower() in ("false", "no"):
        return False
    try:
        return float(value)
    except ValueError:
        return value.lower()


def _condition(instance: PlanningInstance, text: str) -> Callable[[Site], bool]:
    found = _CONDITION.match(text.strip())
    if not found:  # a bare feature: it must be true
        column = _column(instance, text, "filter")
        if column.label in ("name", "category", "price") or column.label.startswith("distance_to("):
            raise SearchRefusal(f"Write a comparison for {column.label}, e.g. '{column.label} == ...'.")
        return lambda s: column.get(s) is True
    column = _column(instance, found.group(1), "filter")
    op, value = found.group(2), _literal(found.group(3))
    compare = OPS[op]
    ordering = op in ("<", "<=", ">", ">=")
    if ordering and (isinstance(value, bool) or not isinstance(value, float)):
        raise SearchRefusal(f"{column.label} {op} needs a number, not {found.group(3).strip()!r}.")

    def test(site: Site) -> bool:
        have = column.get(site)
        if have is None:
            return False
        if isinstance(have, bool) or isinstance(value, bool):
            return isinstance(have, bool) and isinstance(value, bool) and compare(have, value)
        if isinstance(have, (int, float)):
            return isinstance(value, float) and compare(float(have), value)
        return not ordering and isinstance(value, str) and compare(have.lower(), value)

    return test


def _filter(instance: PlanningInstance, text: str) -> Callable[[Site], bool]:
    alternatives = [_condition(instance, part) for part in re.split(r"\s+OR\s+", text.strip())]
    return lambda site: any(test(site) for test in alternatives)


def _words(text: str) -> list[str]:
    return [w[:-1] if len(w) > 3 and w.endswith("s") else w for w in re.findall(r"[a-z0-9]+", text.lower())]


def describe(site: Site) -> str:
    """The text a text_query searches: name, category and the true features and values."""
    return f"{site.name} {site.category} {site.info()}"


def _cell(column: Column, site: Site) -> str:
    value = column.get(site)
    if column.label.startswith("distance_to("):
        return f"{value:.1f}"
    return "-" if value is None else fmt_value(value)


def _sort_key(column: Column, descending: bool) -> Callable[[Site], tuple]:
    def key(site: Site) -> tuple:
        value = column.get(site)
        if value is None:
            return (1, 0)  # sites without the value go last either way
        if isinstance(value, str):
            value = value.lower()
        return (0, value) if not descending else (0, _Reversed(value))

    return key


class _Reversed:
    def __init__(self, value: Any) -> None:
        self.value = value

    def __lt__(self, other: "_Reversed") -> bool:
        return other.value < self.value

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Reversed) and other.value == self.value


def _listed(args: Mapping[str, JSON], key: str) -> list[JSON]:
    """A list argument as given; one string alone is a list of one (a native tool call may send
    `"filters": "price <= 40"`, which must not be read character by character)."""
    value = args.get(key)
    if value is None:
        return []
    if isinstance(value, str):
        return [value] if value.strip() else []
    if isinstance(value, (list, tuple)):
        return list(value)
    raise SearchRefusal(f"{key} is a list of strings, e.g. {key}=[...].")


def execute(instance: PlanningInstance, args: Mapping[str, JSON]) -> tuple[list[str], list[list[str]]]:
    """Columns and rows of a search; raises SearchRefusal with the tool's answer."""
    unknown = sorted(set(args) - set(KEYS))
    if unknown:
        raise SearchRefusal(f"Search has no argument {unknown[0]!r} (it takes {', '.join(KEYS)}).")
    fields = [str(f) for f in (_listed(args, "fields") or ["name"])]
    columns = [_column(instance, f, "field") for f in fields]
    tests = [_filter(instance, str(f)) for f in _listed(args, "filters")]
    query = _words(str(args.get("text_query") or ""))
    sort_columns: list[tuple[Column, bool]] = []
    for raw in _listed(args, "sort_by"):
        text = str(raw).strip()
        descending = bool(re.search(r"\s+desc$", text, re.IGNORECASE))
        text = re.sub(r"\s+(desc|asc)$", "", text, flags=re.IGNORECASE)
        if text.startswith("-"):
            descending, text = True, text[1:]
        sort_columns.append((_column(instance, text, "sort"), descending))
    limit = args.get("limit")
    if limit is not None and (not isinstance(limit, int) or isinstance(limit, bool) or limit < 1):
        raise SearchRefusal("limit is a whole number of at least 1.")
    rows = [s for s in instance.sites if all(t(s) for t in tests)]
    if query:
        rows = [s for s in rows if set(query) <= set(_words(describe(s)))]
    for column, descending in reversed(sort_columns):  # stable sorts, last key first
        rows.sort(key=_sort_key(column, descending))
    if limit is not None:
        rows = rows[:limit]
    shown = list(columns)
    for column, _ in sort_columns:
        if column.label not in [c.label for c in shown]:
            shown.append(column)
    return [c.label for c in shown], [[_cell(c, s) for c in shown] for s in rows]


def result_text(labels: list[str], rows: list[list[str]]) -> str:
    if not rows:
        return "Search Results: No results"
    return "\n".join([f"Search Results ({len(rows)}):", "|".join(labels), *("|".join(r) for r in rows)])


def run_search(instance: PlanningInstance, state: Any, args: Mapping[str, JSON]) -> ToolResult:
    try:
        labels, rows = execute(instance, args)
    except SearchRefusal as refusal:
        return ToolResult(text=str(refusal), payload=None, error=True)
    return ToolResult(text=result_text(labels, rows), payload={"columns": labels, "rows": rows})


SEARCH = Tool(spec=SEARCH_SPEC, run=run_search)
