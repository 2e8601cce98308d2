"""PeopleJoin-QA items: a question an initiating user asks, its gold SQL over the organisation's
tables, the gold execution result, and the people who must be contacted to answer it."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, ValidationError

from lamen.families.peoplejoin.organisation import DATA

DEV = DATA / "dev.jsonl"
UNANSWERABLE_MARK = "[Unanswerable query]"


class QuestionFileError(ValueError):
    """An items file that cannot be read; the message names the file, the line and the field."""


class Item(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    datum_id: str
    question: str
    organisation: str  # tenant name, e.g. "concert_singer"
    gold_sql: str
    execution_result: str  # the gold rows as JSON, or PeopleJoin's "[Unanswerable query] ..." text
    reference_people: tuple[str, ...]  # may include the initiating user
    table_names: tuple[str, ...] = ()
    needs_split: bool = False  # the answer needs both halves of a split table
    needs_redirection: bool = False  # someone must be asked who only points to the holder
    unanswerable: bool = False

    def gold_rows(self) -> list[list[object]] | None:
        """The gold execution result as rows; None for an unanswerable item."""
        if self.unanswerable:
            return None
        return json.loads(self.execution_result)

    def gold_people(self, primary: str) -> frozenset[str]:
        """Who must be contacted, the initiating user excluded (PeopleJoin's P-Prec / P-Rec sets)."""
        return frozenset(self.reference_people) - {primary}


def item_from_record(raw: dict, where: str) -> Item:
    try:
        attributes = raw["datum_attributes"]
        item = Item(datum_id=raw["datum_id"], question=raw["question"],
                    organisation=str(raw["tenant_id"]).rsplit("/", 1)[-1], gold_sql=raw["gold_sql_query"],
                    execution_result=raw["execution_result"], reference_people=tuple(raw["reference_people"]),
                    table_names=tuple(raw.get("table_names", ())),
                    needs_split=bool(attributes.get("datum_requires_accessing_subtable_division", False)),
                    needs_redirection=bool(attributes.get("datum_requires_redirection_handling", False)),
                    unanswerable=bool(attributes.get("datum_is_unanswerable", False)))
    except KeyError as err:
        raise QuestionFileError(f"{where}: field {err.args[0]!r} is missing") from None
    except (TypeError, AttributeError, ValidationError) as err:
        raise QuestionFileError(f"{where}: {str(err).splitlines()[0]}") from None
    if item.unanswerable != item.execution_result.startswith(UNANSWERABLE_MARK):
        raise QuestionFileError(f"{where}: datum_is_unanswerable={item.unanswerable} disagrees with "
                                f"execution_result {item.execution_result[:40]!r}")
    if not item.unanswerable:
        try:
            rows = json.loads(item.execution_result)
        except ValueError:
            raise QuestionFileError(f"{where}: execution_result is not JSON rows") from None
        if not isinstance(rows, list) or not all(isinstance(r, list) for r in rows):
            raise QuestionFileError(f"{where}: execution_result is not a list of rows")
    return item


def load_items(path: Path) -> tuple[Item, ...]:
    items = []
    with path.open(encoding="utf-8") as lines:
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                raw = json.loads(line)
            except ValueError as err:
                raise QuestionFileError(f"{path}:{number}: not JSON ({err})") from None
            items.append(item_from_record(raw, f"{path}:{number}"))
    return tuple(items)


@lru_cache(maxsize=None)
def dev_items() -> tuple[Item, ...]:
    """The shipped dev split (852 items over 18 organisations)."""
    return load_items(DEV)
