"""Traveling Adventurers on the core: seeded instances, the state machine and the scorer.

The game's own rules stay in the pure simulator (`sim`): the core state keeps the log of turns
(one per reply, as sim actions) and the simulator's state is rebuilt from it by replay, so a
snapshot is plain JSON and a restored state continues identically. Core actions map onto the
paper's action set: Propose ↔ suggest, Respond ↔ agree / reject the partner's open suggestion,
ToolCall `ask` / `inform` / `visit` ↔ the structured talk and bookkeeping moves (core `Message`
has no payload field; their events are `message` events with a payload), Submit ↔ end(path),
Think ↔ the turn's private thought (an event only its writer sees), Message ↔ the free message.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from lamen.core.family import Instance
from lamen.core.rules import AgendaTurns, Transition, opening_agenda
from lamen.core.state import CoreState, end, end_rewarded
from lamen.core.types import (JSON, Action, ActionSpace, EndTurn, Event, IllegalMove, Message, Observation, Propose,
                              Respond, RoleId, Score, Submit, Think, ToolCall, ToolSpec)
from lamen.families.adventurers import sim
from lamen.families.adventurers.board import (MAX_ROOMS, MIN_ROOMS, ROLES, Board, Matrix, human_agent_board,
                                              paper_like_board, random_board)
from lamen.families.adventurers.boards_file import read_boards
from lamen.families.adventurers.codec_text import render_action
from lamen.families.adventurers.protocol import (Agree, Ask, AdventurerView, End, Inform, Reject, Suggest, Turn,
                                                 Visit)
from lamen.families.adventurers.scoring import score_game
from lamen.families.adventurers.solver import best_tour, worst_tour

FAMILY_NAME = "adventurers"
# The goal a harvest branches on: both players submitted the same correct round trip (Correct).
TOUR = "tour"
MAX_TURNS = sim.MAX_TURNS
TALK_TOOLS = ("ask", "inform", "visit")
TOOLS = (
    ToolSpec("ask", "ask the partner for its coins on some hallways",
             {"type": "object", "properties": {"hallways": {"type": "array"}}, "required": ["hallways"]}),
    ToolSpec("inform", "tell the partner your own coins on some hallways",
             {"type": "object", "properties": {"coins": {"type": "array"}}, "required": ["coins"]}),
    ToolSpec("visit", "mark the next agreed room in your own Visited list",
             {"type": "object", "properties": {"room": {"type": "string"}}, "required": ["room"]}),
)


class AdventurersConfig(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    # "file": the boards of `boards`, in file order (seed k plays the k-th board; rooms as the file has them).
    generator: Literal["paper-like", "human-agent", "random", "file"] = "paper-like"
    n_rooms: int = Field(6, ge=MIN_ROOMS, le=MAX_ROOMS)
    boards: str | None = None  # a board file: what `lamen import adventurers-boards` wrote, or the paper's layout
    # Paper-like boards only; unset means "divergent" (no player's own optimum is the team's: the
    # boards that need talking). The other generators have no shape.
    shape: Literal["any", "divergent", "aligned"] | None = None


class AdventurersInstance(Instance):
    model_config = ConfigDict(frozen=True, extra="forbid")

    rooms: tuple[str, ...]  # rooms[0] is the start room
    weights: tuple[Matrix, Matrix]  # coins per hallway, (user, bot)
    notes: tuple[str, str] = ("", "")  # a private line per player (empty in generated boards)

    def board(self) -> Board:
        return _board(self.rooms, self.weights)


@lru_cache(maxsize=256)
def _board(rooms: tuple[str, ...], weights: tuple[Matrix, Matrix]) -> Board:
    return Board(rooms, weights)


def make_instance(config: AdventurersConfig, seed: int) -> AdventurersInstance:
    if config.generator != "paper-like" and config.shape is not None:
        raise ValueError(f"adventurers: shape {config.shape!r} applies to paper-like boards only; "
                         f"leave it unset with generator {config.generator}")
    if (config.generator == "file") != (config.boards is not None):
        raise ValueError("adventurers: generator file needs boards (a board file), and boards needs generator file")
    if config.generator == "file":
        return file_instance(config.boards or "", seed)
    if config.generator == "paper-like":
        shape = config.shape or "divergent"
        board = paper_like_board(seed, config.n_rooms, shape)
        source = f"generated:paper-like:{shape}:rooms={config.n_rooms}:seed={seed}"
    else:
        make = human_agent_board if config.generator == "human-agent" else random_board
        board = make(seed, config.n_rooms)
        source = f"generated:{config.generator}:rooms={config.n_rooms}:seed={seed}"
    return AdventurersInstance(family=FAMILY_NAME, source=source, rooms=board.rooms, weights=board.weights)


def instance_from_board(board: Board, source: str) -> AdventurersInstance:
    """A board read from a file (boards_file) or built by a test, as an instance."""
    return AdventurersInstance(family=FAMILY_NAME, source=source, rooms=board.rooms, weights=board.weights)


def imported_source(board_id: str) -> str:
    """The source of a board read from a file: its id there, not the file's path, so the same
    board keeps its instance id wherever the file is kept."""
    return f"board-file:{board_id}"


@lru_cache(maxsize=8)
def _file_boards(path: str, stamp: tuple[int, int]) -> tuple[tuple[str, Board], ...]:
    return tuple(read_boards(path).items())


def file_instance(path: str, seed: int) -> AdventurersInstance:
    """The `seed`-th board of a board file (read once per version of the file)."""
    try:
        stat = Path(path).stat()
    except OSError:
        raise ValueError(f"adventurers: boards {path}: no such file") from None
    boards = _file_boards(path, (stat.st_mtime_ns, stat.st_size))
    if not 0 <= seed < len(boards):
        raise ValueError(f"adventurers: boards {path} holds {len(boards)} boards: seed {seed} is out of range "
                         f"0–{len(boards) - 1}")
    key, board = boards[seed]
    return instance_from_board(board, imported_source(key))


# ---- the log: sim turns as JSON, so the core state snapshots to JSON ----------------------------
class LoggedTurn(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    role: RoleId
    actions: tuple[JSON, ...] = ()  # sim actions, e.g. {"suggest": ["L", "K"]}
    thought: str = ""
    message: str = ""


def action_json(action: sim.Action) -> JSON:
    if isinstance(action, Suggest):
        return {"suggest": list(action.path)}
    if isinstance(action, Agree):
        return {"agree": list(action.path)}
    if isinstance(action, Reject):
        return {"reject": list(action.path)}
    if isinstance(action, Visit):
        return {"visit": action.room}
    if isinstance(action, Ask):
        return {"ask": [list(h) for h in action.hallways]}
    if isinstance(action, Inform):
        return {"inform": [list(c) for c in action.coins]}
    if isinstance(action, End):
        return {"end": list(action.path)}
    raise TypeError(f"not a Traveling Adventurers action: {action!r}")


def action_from_json(data: Mapping[str, JSON]) -> sim.Action:
    (kind, value), = data.items()
    if kind == "suggest":
        return Suggest(tuple(value))
    if kind == "agree":
        return Agree(tuple(value))
    if kind == "reject":
        return Reject(tuple(value))
    if kind == "visit":
        return Visit(value)
    if kind == "ask":
        return Ask(tuple((a, b) for a, b in value))
    if kind == "inform":
        return Inform(tuple((a, b, int(c)) for a, b, c in value))
    if kind == "end":
        return End(tuple(value))
    raise ValueError(f"unknown logged action {kind!r}")


def logged_turn(role: RoleId, turn: Turn) -> LoggedTurn:
    return LoggedTurn(role=role, actions=tuple(action_json(a) for a in turn.actions), thought=turn.thought,
                      message=turn.message)


class AdventurersState(CoreState):
    log: tuple[LoggedTurn, ...] = ()


# The simulator's state after each log, so that view, legal, step and score need not replay the
# whole log on every request (which made an episode quadratic in its turns). Keyed by the log
# tuple's id, the tuple itself held so the id cannot be reused; a log is immutable, and a state
# copied without a new log shares its tuple. A restored snapshot replays once.
_REPLAYED: OrderedDict[int, tuple[tuple[LoggedTurn, ...], AdventurersInstance, sim.GameState]] = OrderedDict()
_REPLAYED_KEPT = 256  # episodes in flight at once, with room to spare; an evicted one replays


def _remember(instance: AdventurersInstance, log: tuple[LoggedTurn, ...], gs: sim.GameState) -> None:
    _REPLAYED[id(log)] = (log, instance, gs)
    _REPLAYED.move_to_end(id(log))
    while len(_REPLAYED) > _REPLAYED_KEPT:
        _REPLAYED.popitem(last=False)


def game(instance: AdventurersInstance, state: AdventurersState) -> sim.GameState:
    """The simulator's state after the logged turns (replayed; every logged turn was legal)."""
    kept = _REPLAYED.get(id(state.log))
    if kept is not None and kept[0] is state.log and (kept[1] is instance or kept[1] == instance):
        return kept[2]
    board, gs = instance.board(), sim.initial_state(instance.board())
    for entry in state.log:
        turn = Turn(tuple(action_from_json(a) for a in entry.actions), entry.thought, entry.message)
        gs = sim.step(board, gs, entry.role, turn)
    _remember(instance, state.log, gs)
    return gs


# ---- observations ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Seat:
    """One player's private share: the simulator's view (own coins, what it was told, the grounding
    state) and a private note (empty in generated boards; the leak test plants canaries there)."""

    view: AdventurerView
    note: str = ""


def other(role: RoleId) -> RoleId:
    if role not in ROLES:
        raise KeyError(f"adventurers has roles {ROLES}, not {role!r}")
    return ROLES[1 - ROLES.index(role)]


def next_role(gs: sim.GameState, just_moved: RoleId) -> RoleId | None:
    """Alternate, skipping a player who ended or used its 15 turns; None when nobody may act.
    With USER first this is the simulator's own order."""
    able = [r for k, r in enumerate(ROLES) if gs.submitted[k] is None and gs.turns[k] < MAX_TURNS]
    if not able:
        return None
    return other(just_moved) if other(just_moved) in able else able[0]


class AdventurersRules(AgendaTurns):
    def initial(self, instance: AdventurersInstance, seating: Mapping[RoleId, str],
                first: RoleId | None) -> AdventurersState:
        return AdventurersState(seating=dict(seating), agenda=opening_agenda(FAMILY_NAME, ROLES, seating, first))

    def view(self, instance: AdventurersInstance, state: AdventurersState, role: RoleId) -> Observation:
        gs = game(instance, state)
        seen = sim.view(instance.board(), gs, role)
        return Observation(role=role, private=Seat(seen, instance.notes[ROLES.index(role)]),
                           history=state.visible(role), step=state.steps, public={"agreed": list(gs.agreed)},
                           budget={"turns_left": seen.turns_left})

    def legal(self, instance: AdventurersInstance, state: AdventurersState, role: RoleId) -> ActionSpace:
        gs = game(instance, state)
        kinds = {"think", "message", "tool_call", "submit", "end_turn"}
        if len(gs.agreed) < len(instance.rooms) + 1:
            kinds.add("propose")
        if gs.suggestion[ROLES.index(other(role))] is not None:
            kinds.add("respond")
        return ActionSpace(kinds=frozenset(kinds), tools=TOOLS, max_actions=32,
                           vocabulary=(("rooms", instance.rooms),))

    def step(self, instance: AdventurersInstance, state: AdventurersState, role: RoleId,
             actions: Sequence[Action], text: str) -> Transition[AdventurersState]:
        self.check_turn(state, role)
        gs = game(instance, state)
        turn = to_turn(actions, gs, role)
        try:
            after = sim.step(instance.board(), gs, role, turn)
        except sim.IllegalMove as err:
            raise IllegalMove(str(err)) from None
        events = _events(state, role, actions)
        nxt = next_role(after, role)
        agenda = state.agenda.pass_turn()
        log = (*state.log, logged_turn(role, turn))
        _remember(instance, log, after)
        new = state.model_copy(update={"events": (*state.events, *events), "log": log,
                                       "agenda": agenda.model_copy(update={"current": nxt}) if nxt else agenda})
        if nxt is None:
            reason = "both_submitted" if all(p is not None for p in after.submitted) else "timeout"
            if score_game(instance.board(), *after.submitted).correct:  # the agreed tour, submitted by both
                new = end_rewarded(new, reason, TOUR, lambda closed: score(instance, closed).team or 0.0)
            else:
                new = end(new, reason)
        return Transition(new, new.events[len(state.events):])


def to_turn(actions: Sequence[Action], gs: sim.GameState, role: RoleId) -> Turn:
    """One reply's core actions as the simulator's turn (order kept; thoughts and messages joined)."""
    thoughts, messages, moves = [], [], []
    open_ = gs.suggestion[ROLES.index(other(role))]
    for action in actions:
        if isinstance(action, Think):
            thoughts.append(action.text)
        elif isinstance(action, Message):
            messages.append(action.text)
        elif isinstance(action, EndTurn):
            continue
        elif isinstance(action, Propose):
            moves.append(Suggest(tuple(action.payload)))
        elif isinstance(action, Respond):
            # Agree / reject always answer the partner's one open suggestion.
            if open_ is None:
                raise IllegalMove("your partner has no open suggestion to agree to or reject")
            moves.append(Agree(open_) if action.accept else Reject(open_))
        elif isinstance(action, Submit):
            moves.append(End(tuple(action.payload)))
        elif isinstance(action, ToolCall) and action.name in TALK_TOOLS:
            moves.append(action_from_json({action.name: next(iter(action.args.values()))}))
        else:
            raise IllegalMove(f"{action.kind} is not a move in Traveling Adventurers")
    return Turn(tuple(moves), "\n".join(thoughts), "\n".join(messages))


def _events(state: CoreState, role: RoleId, actions: Sequence[Action]) -> list[Event]:
    """One event per action, text = its canonical line; thoughts and visits only the writer sees."""
    mine, out = (role,), []
    for action in actions:
        line = render_action(action)
        if isinstance(action, Think):
            out.append(Event(index=0, role=role, kind="think", text=line, payload={"text": action.text}, visible_to=mine))
        elif isinstance(action, Message):
            out.append(Event(index=0, role=role, kind="message", text=line, payload={"text": action.text}))
        elif isinstance(action, EndTurn):
            out.append(Event(index=0, role=role, kind="end_turn", text=line))
        elif isinstance(action, Propose):
            out.append(Event(index=0, role=role, kind="propose", text=line, payload=action.payload))
        elif isinstance(action, Respond):
            out.append(Event(index=0, role=role, kind="respond", text=line, payload={"accept": action.accept}))
        elif isinstance(action, Submit):
            out.append(Event(index=0, role=role, kind="submit", text=line, payload=action.payload))
        elif isinstance(action, ToolCall) and action.name == "visit":  # own bookkeeping, like a private tool call
            out.append(Event(index=0, role=role, kind="tool_call", text=line,
                             payload={"name": "visit", "args": dict(action.args)}, visible_to=mine))
        elif isinstance(action, ToolCall):  # ask / inform: talk the partner sees, with its structure kept
            out.append(Event(index=0, role=role, kind="message", text=line, payload={action.name: dict(action.args)}))
    base = len(state.events)
    return [e.model_copy(update={"index": base + i}) for i, e in enumerate(out)]


# ---- the scorer --------------------------------------------------------------------------------
def goals(instance: AdventurersInstance) -> tuple[str, ...]:
    """`Family.goals`: one per board, the tour (a `reward` event worth the team score)."""
    return (TOUR,)


def score(instance: AdventurersInstance, state: AdventurersState) -> Score:
    """Pure: team score = the range-normalised joint score when both submitted the same correct
    round trip, else 0; metrics identical / correct / optimal / percentile (0–100)."""
    board, gs = instance.board(), game(instance, state)
    outcome = score_game(board, gs.submitted[0], gs.submitted[1])
    team = outcome.joint_score
    joint = board.joint()
    told = sum(len(t) for t in gs.told)
    return Score(per_role={r: team for r in ROLES}, team=team, agreement="hard" if outcome.correct else "none",
                 end_reason=state.ended or "unfinished",
                 metrics={"identical": float(outcome.identical), "correct": float(outcome.correct),
                          "optimal": float(outcome.optimal), "percentile": outcome.percentile,
                          "joint_score": outcome.joint_score, "coins": float(outcome.coins or 0),
                          "optimum": float(best_tour(joint).value), "worst": float(worst_tour(joint).value),
                          "turns_user": float(gs.turns[0]), "turns_bot": float(gs.turns[1]),
                          "coins_told": float(told), "steps": float(state.steps),
                          "format_errors": float(sum(e.kind in ("format_error", "illegal_move") for e in state.events))})
