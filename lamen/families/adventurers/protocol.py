"""What a Traveling Adventurers player may do and what it sees (the paper's action set, §4.1).

Actions carry room ids. `Suggest` stands for the paper's suggest + agree-inner (a player always
agrees with its own suggestion); `Agree` is the partner's agree-outer, which the game records
as agreement on the segment. The family wrapper will map these onto core actions later
(Suggest → Propose, Agree/Reject → Respond, Ask/Inform → Message, End → Submit).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from lamen.families.adventurers.board import Matrix

Path = tuple[str, ...]
Hallway = tuple[str, str]


@dataclass(frozen=True)
class Suggest:
    path: Path          # a segment from the last agreed room, or a full path from the start room


@dataclass(frozen=True)
class Agree:
    path: Path          # the partner's open suggestion, as it was suggested


@dataclass(frozen=True)
class Reject:
    path: Path


@dataclass(frozen=True)
class Visit:
    room: str           # marks the next agreed room in this player's own Visited list


@dataclass(frozen=True)
class Ask:
    hallways: tuple[Hallway, ...]                 # partner coins this player wants to know


@dataclass(frozen=True)
class Inform:
    coins: tuple[tuple[str, str, int], ...]       # own coins told to the partner (claims, unchecked)


@dataclass(frozen=True)
class End:
    path: Path          # the submitted round trip; the player acts no more


Action = Suggest | Agree | Reject | Visit | Ask | Inform | End


@dataclass(frozen=True)
class Turn:
    """One reply: a private thought, actions applied in order, a message to the partner."""

    actions: tuple[Action, ...] = ()
    thought: str = ""
    message: str = ""


@dataclass(frozen=True)
class AdventurerView:
    """One player's observation: its own coins, what it was told, and the grounding state.

    Paths are room ids; matrices are indexed like `rooms`. The agreed path and the open
    suggestions are the paper's state-tracking structures, kept by the game for both players.
    """

    role: str
    rooms: tuple[str, ...]
    own: Matrix
    learned: tuple[tuple[int | None, ...], ...]   # partner coins as told; None = never told
    agreed: Path                                  # the jointly agreed path, from the start room
    visited: Path                                 # this player's own Visited marks
    partner_suggestion: Path | None               # the partner's open suggestion, as a segment
    own_suggestion: Path | None
    rejected: tuple[Path, ...]                    # segments this player rejected since the last agreement
    asked_of_me: tuple[Hallway, ...]              # hallways the partner asked about, not yet told
    told: frozenset[Hallway] = field(default_factory=frozenset)        # own coins already told
    asked_by_me: frozenset[Hallway] = field(default_factory=frozenset)
    partner_submitted: Path | None = None
    turns_left: int = 0

    @property
    def start(self) -> str:
        return self.rooms[0]

    @property
    def complete(self) -> bool:
        return len(self.agreed) == len(self.rooms) + 1

    def indices(self, path: Path) -> tuple[int, ...]:
        return tuple(self.rooms.index(room) for room in path)

    def names(self, path: tuple[int, ...]) -> Path:
        return tuple(self.rooms[i] for i in path)


def hallway(a: str, b: str) -> Hallway:
    """Hallways are undirected: one name for both directions."""
    return (a, b) if a <= b else (b, a)
