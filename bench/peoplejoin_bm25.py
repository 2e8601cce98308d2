"""Would `bm25s` rank the PeopleJoin hub's searches as the family does (rank-bm25's BM25Okapi,
k1 1.5, b 0.75, which is what PeopleJoin's own code uses)? Runs each dev question as a
search_documents query over its user's documents and as a search_relevant_people query over the
profiles, and counts the searches whose shown results (top 3 documents, top 10 people) come out
the same under each bm25s variant. Prints JSON. Needs `pip install bm25s` (not a lamen
dependency: see the measured answer in lamen/families/peoplejoin/tools.py).

    python bench/peoplejoin_bm25.py
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence

from lamen.families.peoplejoin.organisation import load_organisation
from lamen.families.peoplejoin.questions import dev_items
from lamen.families.peoplejoin.tools import B, DOCUMENTS_SHOWN, K1, PEOPLE_SHOWN, bm25_rank, document_text, tokens

METHODS = ("robertson", "lucene", "atire", "bm25+", "bm25l")


def bm25s_rank(corpus: Sequence[str], query: str, limit: int, method: str) -> list[int]:
    """bm25s's order, under the family's rule (texts sharing no word with the query never show)."""
    import bm25s

    asked = set(tokens(query))
    docs = [tokens(text) or [""] for text in corpus]
    candidates = [i for i, words in enumerate(docs) if asked & set(words)]
    if not candidates:
        return []
    retriever = bm25s.BM25(method=method, k1=K1, b=B)
    retriever.index(docs, show_progress=False)
    scores = retriever.get_scores([t for t in tokens(query) if t in retriever.vocab_dict])
    return sorted(candidates, key=lambda i: (-scores[i], i))[:limit]


def searches() -> list[tuple[str, list[str], str, int]]:
    found = []
    for item in dev_items():
        org = load_organisation(item.organisation)
        documents = [document_text(d) for d in org.documents_of(org.primary)]
        profiles = [org.descriptions[p.user_id] for p in org.colleagues() if org.descriptions.get(p.user_id)]
        found += [(item.datum_id, documents, item.question, DOCUMENTS_SHOWN),
                  (item.datum_id, profiles, item.question, PEOPLE_SHOWN)]
    return found


def main() -> int:
    try:
        import bm25s
    except ImportError:
        print("bench/peoplejoin_bm25.py: bm25s is not installed (pip install bm25s)", file=sys.stderr)
        return 2
    runs = searches()
    ours = [[i for i, _ in bm25_rank(corpus, query, limit)] for _, corpus, query, limit in runs]
    out: dict[str, object] = {"bm25s": bm25s.__version__, "searches": len(runs)}
    for method in METHODS:
        theirs = [bm25s_rank(corpus, query, limit, method) for _, corpus, query, limit in runs]
        differ = [n for n, (a, b) in enumerate(zip(ours, theirs)) if a != b]
        first = runs[differ[0]] if differ else None
        out[method] = {"same": len(runs) - len(differ), "different": len(differ),
                       "first_difference": None if first is None else
                       {"item": first[0], "query": first[2], "rank_bm25": ours[differ[0]],
                        "bm25s": theirs[differ[0]]}}
    print(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
