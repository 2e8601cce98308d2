"""An issue: the labels a negotiation can settle on and what each label is worth to each side.

The file format is LAMEN's (`name`, `issue_type`, `descriptions`, `payoffs`, `payoff_labels`),
read unchanged. lamen adds two optional fields for the judge: `aliases` (other names of the
issue, read in note keys and messages) and `synonyms` (per label, other wordings of it). Both sides must list the same labels, in any order; the first side's order is
the issue's canonical label order, and each side's payoffs are aligned to it.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import PrivateAttr, SerializerFunctionWrapHandler, model_serializer, model_validator

from lamen.spec.base import FiniteFloat, Name, SpecModel
from lamen.spec.problems import Problem, SpecError

IssueType = Literal["distributive", "compatible", "integrative", "custom"]
SIDES = (0, 1)


def _flatten_single_nesting(value: Any, field: str, repairs: list[str]) -> Any:
    """LAMEN's gen-m-employees.yaml nests one side's list one level too deep ([[...]]); LAMEN's
    numpy code flattened it silently. Read it, and say so."""
    if not isinstance(value, list):
        return value
    fixed = []
    for side, item in enumerate(value):
        if isinstance(item, list) and len(item) == 1 and isinstance(item[0], list):
            repairs.append(f"{field}[{side}] is nested one level too deep ([[...]]); read as a flat list")
            item = item[0]
        fixed.append(item)
    return fixed


class Issue(SpecModel):
    """One negotiable issue. Construct from LAMEN-format data; per-side views via methods."""

    name: Name
    issue_type: IssueType = "custom"
    descriptions: tuple[str, str]
    payoffs: tuple[tuple[FiniteFloat, ...], tuple[FiniteFloat, ...]]
    payoff_labels: tuple[tuple[str, ...], tuple[str, ...]]
    aliases: tuple[Name, ...] = ()
    # (label, its other wordings) pairs: a mapping in the file, a tuple here so games stay hashable.
    synonyms: tuple[tuple[str, tuple[Name, ...]], ...] = ()
    warnings: tuple[str, ...] = ()

    # Side 1's label index for each canonical label (side 0's order).
    _side1_index: tuple[int, ...] = PrivateAttr(default=())

    @model_validator(mode="before")
    @classmethod
    def _read_lamen_quirks(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        if "warnings" in data:
            raise SpecError([Problem("'warnings' is computed by lamen, not written in the file",
                                     "remove the field", ("warnings",))])
        data = dict(data)
        repairs: list[str] = []
        for key in ("payoffs", "payoff_labels"):
            if key in data:
                data[key] = _flatten_single_nesting(data[key], key, repairs)
        if isinstance(data.get("descriptions"), str):
            data["descriptions"] = [data["descriptions"]] * 2
        labels = data.get("payoff_labels")
        if isinstance(labels, list):
            # Numbers are natural labels ("[0, 1, 2]"); labels are text everywhere else.
            data["payoff_labels"] = [
                [str(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else v for v in side]
                if isinstance(side, list) else side
                for side in labels
            ]
        if isinstance(data.get("aliases"), str):
            data["aliases"] = [data["aliases"]]
        synonyms = data.get("synonyms")
        if isinstance(synonyms, dict):
            data["synonyms"] = [(str(label), [words] if isinstance(words, str) else words)
                                for label, words in synonyms.items()]
        if repairs:
            data["warnings"] = tuple(repairs)
        return data

    @model_serializer(mode="wrap")
    def _dump(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        # Left out when unused, so a LAMEN issue dumps (and a match's identity hashes) as before.
        dumped = handler(self)
        if not self.aliases:
            dumped.pop("aliases", None)
        if self.synonyms:
            dumped["synonyms"] = {label: list(words) for label, words in self.synonyms}
        else:
            dumped.pop("synonyms", None)
        return dumped

    @model_validator(mode="after")
    def _check_tables(self) -> "Issue":
        problems: list[Problem] = []
        for side in SIDES:
            n_pay, n_lab = len(self.payoffs[side]), len(self.payoff_labels[side])
            if n_lab == 0:
                problems.append(Problem(f"side {side + 1} has no labels", "list the values this issue can take",
                                        ("payoff_labels", side)))
            if n_pay != n_lab:
                problems.append(Problem(
                    f"side {side + 1} has {n_lab} labels but {n_pay} payoffs",
                    "give exactly one payoff per label", ("payoffs", side)))
            seen: set[str] = set()
            for index, label in enumerate(self.payoff_labels[side]):
                if not label.strip():
                    problems.append(Problem("label is empty", "give every value a name",
                                            ("payoff_labels", side, index)))
                if label in seen:
                    problems.append(Problem(f"label '{label}' appears twice on side {side + 1}",
                                            "labels must be unique", ("payoff_labels", side, index)))
                seen.add(label)
        for label, _ in self.synonyms:
            if label not in self.payoff_labels[0]:
                problems.append(Problem(f"synonyms name '{label}', which is not a label of this issue",
                                        f"use one of: {', '.join(self.payoff_labels[0])}", ("synonyms", label)))
        if problems:
            raise SpecError(problems)
        index, repairs = _align_side1(self.payoff_labels)
        self._side1_index = index
        # Once each: an issue validated again (copied into a game, a game extended) says the same things.
        warnings = self.warnings + tuple(repairs) + tuple(self._type_warnings())
        object.__setattr__(self, "warnings", tuple(dict.fromkeys(warnings)))
        return self

    def _type_warnings(self) -> list[str]:
        """A declared issue_type that the payoffs contradict is likely a data error."""
        a, b = self.aligned_payoffs(0), self.aligned_payoffs(1)
        pairs = [(i, j) for i in range(len(a)) for j in range(len(a)) if a[i] > a[j]]
        if self.issue_type == "distributive" and any(b[i] > b[j] for i, j in pairs):
            return ["issue_type is distributive but both sides prefer some label to another"]
        if self.issue_type == "compatible" and any(b[i] < b[j] for i, j in pairs):
            return ["issue_type is compatible but the sides rank some labels in opposite order"]
        return []

    @property
    def labels(self) -> tuple[str, ...]:
        """The canonical labels (side 1's order in the file)."""
        return self.payoff_labels[0]

    def label_synonyms(self, label: str) -> tuple[str, ...]:
        """Other wordings the file declares for a canonical label."""
        return next((words for name, words in self.synonyms if name == label), ())

    def aligned_payoffs(self, side: int) -> tuple[float, ...]:
        """Payoffs of `side` for each canonical label, in `labels` order."""
        if side == 0:
            return self.payoffs[0]
        return tuple(self.payoffs[1][k] for k in self._side1_index)

    def side_label(self, side: int, label: str) -> str:
        """How `side`'s own table spells a canonical label."""
        if side == 0:
            return label
        return self.payoff_labels[1][self._side1_index[self.labels.index(label)]]


def _align_side1(payoff_labels: tuple[tuple[str, ...], tuple[str, ...]]) -> tuple[tuple[int, ...], list[str]]:
    """Map each canonical label to side 1's index. Same label set in any order is fine; exactly
    one unmatched label per side is paired by elimination (LAMEN's room_price.yaml has "$000"
    where "$800" belongs) with a warning; more differences are an error."""
    first, second = payoff_labels
    position = {label: k for k, label in enumerate(second)}
    missing = [label for label in first if label not in position]
    extra = [label for label in second if label not in set(first)]
    repairs: list[str] = []
    if len(first) != len(second) or len(missing) > 1:
        raise SpecError([Problem(
            f"the sides' labels differ: side 2 lacks {missing or 'nothing'} and adds {extra or 'nothing'}",
            "both sides must list the same labels (their order may differ)", ("payoff_labels", 1))])
    if missing:
        position[missing[0]] = second.index(extra[0])
        repairs.append(f"side 2 label '{extra[0]}' is not among side 1's labels; "
                       f"paired with '{missing[0]}', the only unmatched one")
    return tuple(position[label] for label in first), repairs
