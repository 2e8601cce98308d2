"""The hub's tools (PeopleJoin §4.1): search its user's documents and the people directory with
BM25 (rank-bm25's Okapi BM25, k1 1.5, b 0.75), and resolve a name to a person id. Each is a pure
function of (instance, state, args); the core runs them inside `step` and shows the result to
the caller alone.

Why rank-bm25 and not the maintained `bm25s`: PeopleJoin's own code searches with rank-bm25's
BM25Okapi, whose idf for a word in more than half the texts is 0.25 × the corpus's mean idf.
The corpora here are tiny (a user's 1–3 documents, 2–11 profiles), so most query words are such
words and that floor often decides the order. bm25s has no variant with it (its Robertson idf
drops those words to 0, the others change the idf itself): on the 1,704 dev searches (each
question over its user's documents and over the profiles) its best variant, BM25+, shows other
results or another order on 313 (`python bench/peoplejoin_bm25.py`, bm25s 0.3.16). Switching
would change what the hub is shown; tests/test_peoplejoin_bm25.py pins Okapi's scores by hand."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from rank_bm25 import BM25Okapi

from lamen.core.tools import Tool, ToolResult
from lamen.core.types import JSON, ToolSpec
from lamen.families.peoplejoin.organisation import Document, Organisation

K1, B = 1.5, 0.75
DOCUMENTS_SHOWN = 3  # search_documents returns up to 3 documents (the paper)
PEOPLE_SHOWN = 10  # search_relevant_people returns up to 10 people
_TOKEN = re.compile(r"[a-z0-9]+")


def tokens(text: str) -> list[str]:
    # Underscores and spaces both separate words: "singer_in_concert" and "singer in concert" match.
    return _TOKEN.findall(text.lower().replace("_", " "))


def bm25_rank(corpus: Sequence[str], query: str, limit: int) -> list[tuple[int, float]]:
    """(index, score) of the best `limit` texts sharing at least one word with `query`, best first
    (ties in corpus order). Texts without a shared word never show: on a corpus of one or two
    texts Okapi's idf is negative, so a score threshold would hide the only match."""
    asked = set(tokens(query))
    docs = [tokens(text) for text in corpus]
    candidates = [i for i, words in enumerate(docs) if asked & set(words)]
    if not candidates:
        return []
    scores = _index(tuple(tuple(d) for d in docs)).get_scores(tokens(query))
    ranked = sorted(candidates, key=lambda i: (-scores[i], i))
    return [(i, float(scores[i])) for i in ranked[:limit]]


@lru_cache(maxsize=256)
def _index(docs: tuple[tuple[str, ...], ...]) -> BM25Okapi:
    # BM25Okapi refuses an empty document list; an empty document is a text of no words.
    return BM25Okapi([list(d) or [""] for d in docs], k1=K1, b=B)


def document_text(doc: Document) -> str:
    return f"{doc.title}\n{doc.content}"


def search_documents(org: Organisation, query: str) -> ToolResult:
    docs = org.documents_of(org.primary)
    hits = bm25_rank([document_text(d) for d in docs], query, DOCUMENTS_SHOWN)
    if not hits:
        return ToolResult(text=f"search_documents({query!r}): no document of yours matches.", payload=[])
    shown = [docs[i] for i, _ in hits]
    body = "\n\n".join(f"Document {n}: {d.title}\n{d.content}" for n, d in enumerate(shown, 1))
    return ToolResult(text=f"search_documents({query!r}): {len(shown)} document(s).\n{body}",
                      payload=[d.title for d in shown])


def search_relevant_people(org: Organisation, query: str) -> ToolResult:
    listed = [p for p in org.colleagues() if org.descriptions.get(p.user_id)]
    hits = bm25_rank([org.descriptions[p.user_id] for p in listed], query, PEOPLE_SHOWN)
    if not hits:
        return ToolResult(text=f"search_relevant_people({query!r}): nobody's profile matches.", payload=[])
    found = [listed[i] for i, _ in hits]
    lines = [f"- {p.full_name} (id {p.user_id}): {org.descriptions[p.user_id]}" for p in found]
    return ToolResult(text=f"search_relevant_people({query!r}): {len(found)} people.\n" + "\n".join(lines),
                      payload=[p.user_id for p in found])


def resolve_person(org: Organisation, name: str) -> ToolResult:
    """A person id from an id, a full name or a first name (case and spacing ignored)."""
    key = " ".join(name.lower().split())
    found = [p for p in org.people if key in (p.user_id.lower(), p.full_name.lower(), p.first_name.lower(),
                                               p.email.lower())]
    if len(found) != 1:
        why = "nobody" if not found else f"{len(found)} people"
        return ToolResult(text=f"resolve_person({name!r}): {why} in the organisation go(es) by that name.",
                          payload=None, error=True)
    person = found[0]
    return ToolResult(text=f"resolve_person({name!r}): {person.full_name}, id {person.user_id}, {person.email}.",
                      payload=person.user_id)


def _text_tool(name: str, description: str, argument: str, run: Any) -> Tool:
    spec = ToolSpec(name=name, description=description,
                    parameters={"type": "object", "properties": {argument: {"type": "string"}},
                                "required": [argument], "additionalProperties": False})

    def call(instance: Any, state: Any, args: Mapping[str, JSON]) -> ToolResult:
        extra = sorted(set(args) - {argument})
        if extra:
            return ToolResult(text=f"{name} takes only '{argument}' (not {', '.join(extra)}).", error=True)
        value = args.get(argument)
        if not isinstance(value, str) or not value.strip():
            return ToolResult(text=f"{name} needs a non-empty text argument '{argument}'.", error=True)
        return run(instance.organisation, value)

    return Tool(spec=spec, run=call)


TOOLS: tuple[Tool, ...] = (
    _text_tool("search_documents", "Search your user's own documents (BM25); up to 3 best matches, in full.",
               "query", search_documents),
    _text_tool("search_relevant_people", "Search the colleague directory's profiles of what each person may know "
               "(BM25; profiles may be outdated or vague); up to 10 people.", "query", search_relevant_people),
    _text_tool("resolve_person", "Find a colleague's id from their name (full or first name).", "name",
               resolve_person),
)
TOOL_SPECS: tuple[ToolSpec, ...] = tuple(tool.spec for tool in TOOLS)
