"""A PeopleJoin organisation: its people, the documents each holds (a table, half of one, or a
note that redirects to a colleague), and the descriptions the people search reads. Read from
PeopleJoin's tenant files (`data/tenants/NAME.json`) or built by `generator.py`."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, ValidationError

DATA = Path(__file__).resolve().parent / "data"
TENANTS = DATA / "tenants"


class _Value(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Person(_Value):
    user_id: str
    full_name: str
    email: str = ""

    @property
    def first_name(self) -> str:
        return self.full_name.split()[0] if self.full_name.split() else self.user_id


class Document(_Value):
    url: str
    title: str
    content: str  # a table's rows as a JSON list of records, or a redirection note in words

    def records(self) -> list[dict[str, object]] | None:
        """The table rows, or None when the document is a note (not a JSON list of records)."""
        try:
            rows = json.loads(self.content)
        except ValueError:
            return None
        if isinstance(rows, list) and all(isinstance(r, dict) for r in rows):
            return rows
        return None


class Organisation(_Value):
    name: str  # the SPIDER database it derives from, e.g. "concert_singer"
    primary: str  # user id of the initiating user (the hub works for them)
    people: tuple[Person, ...]
    documents: dict[str, tuple[Document, ...]]  # user id → documents (people without any are absent)
    descriptions: dict[str, str]  # user id → what the people search says they might know
    tables: dict[str, tuple[str, ...]]  # user id → the tables (or parts) they hold

    def person(self, user_id: str) -> Person:
        for person in self.people:
            if person.user_id == user_id:
                return person
        raise KeyError(f"{self.name} has no person {user_id!r}")

    def colleagues(self) -> tuple[Person, ...]:
        """Everybody but the initiating user, in the organisation's order."""
        return tuple(p for p in self.people if p.user_id != self.primary)

    def documents_of(self, user_id: str) -> tuple[Document, ...]:
        return self.documents.get(user_id, ())


class OrganisationFileError(ValueError):
    """A tenant file that cannot be read; the message names the file, the field and the cause."""


def organisation_from_tenant(raw: dict, where: str) -> Organisation:
    """One PeopleJoin tenant record (`tenant_data_v2/NAME.json`) as an Organisation."""
    try:
        name = str(raw["tenant_id"]).rsplit("/", 1)[-1]
        people = tuple(Person(user_id=u["user_id"], full_name=u["full_name"], email=u.get("email", ""))
                       for u in raw["users"])
        documents = {user: tuple(Document(url=d["url"], title=d["title"], content=d["content"]) for d in docs)
                     for user, docs in raw["user_id_to_documents"].items() if docs}
        org = Organisation(name=name, primary=raw["primary_user"]["user_id"], people=people, documents=documents,
                           descriptions={u: " ".join(str(d).split())
                                         for u, d in raw["user_id_to_descriptions"].items()},
                           tables={u: tuple(t) for u, t in raw.get("user_id_to_table_names", {}).items()})
    except KeyError as err:
        raise OrganisationFileError(f"{where}: field {err.args[0]!r} is missing") from None
    except (TypeError, ValidationError) as err:
        raise OrganisationFileError(f"{where}: {str(err).splitlines()[0]}") from None
    ids = {p.user_id for p in org.people}
    stray = sorted((set(org.documents) | set(org.descriptions) | {org.primary}) - ids)
    if stray:
        raise OrganisationFileError(f"{where}: user ids {stray} are not among its users")
    return org


@lru_cache(maxsize=None)
def load_organisation(name: str, folder: Path = TENANTS) -> Organisation:
    path = folder / f"{name}.json"
    if not path.is_file():
        raise OrganisationFileError(f"{path}: no such organisation file (tenant {name!r})")
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except ValueError as err:
        raise OrganisationFileError(f"{path}: not JSON ({err})") from None
    return organisation_from_tenant(raw, str(path))
