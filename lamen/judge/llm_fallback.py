"""The optional LLM fallback: any configured agent reads a note or message the deterministic
readers were unsure of (only those: a sure reading never costs a call). Off by default. Its answers go through the same label matching (the model
copies values as written; lamen never lets it pick "the closest" label), its calls are cached
by request and their cost is counted."""

from __future__ import annotations

import hashlib
import json

from lamen.chat import Agent, ChatMessage, ChatRequest
from lamen.judge.extract import extract_message, extract_note
from lamen.judge.extraction import Extraction
from lamen.judge.labels import label_cache
from lamen.judge.notes import brace_blocks, offers_from_pairs, parse_block
from lamen.spec.game import Game
from lamen.transcript import ModelCall, Transcript

INSTRUCTIONS = (
    "You read negotiation texts. You get the issues under negotiation, each with its possible values, "
    "and one text. Reply with only a JSON object mapping each issue the text makes an offer on to the "
    "value offered, copied exactly as the text writes it (do not round it or replace it by a listed value). "
    "For a note, give its acceptable offer; for a message, the offer its author makes (not values it quotes "
    "from the other side). Include issues that are not in the list if the text offers them. Reply {} when "
    "there is no offer."
)
EXAMPLES = (
    ('issues: {"price": ["$100", "$200", "$300"]}\nmessage: You asked for $300; we can do two hundred dollars.',
     '{"price": "two hundred dollars"}'),
    ('issues: {"price": ["$100", "$200", "$300"]}\nnote: Hold firm. Acceptable: price 250 and free delivery.',
     '{"price": "250", "delivery": "free"}'),
    ('issues: {"price": ["$100", "$200", "$300"]}\nmessage: Let us keep talking.', "{}"),
)


def extraction_request(text: str, kind: str, game: Game, side: int | None = None) -> ChatRequest:
    """The request for one text; `side`, where known, names its writer's party, since the same words
    ("we keep six seats") offer different values from the two seats. The request is the cache key,
    so a text read for one side is never answered from another side's reading."""
    issues = {issue.name: list(issue.labels) for issue in game.issues}
    messages: list[ChatMessage] = []
    for question, answer in EXAMPLES:
        messages += [ChatMessage(role="user", content=question), ChatMessage(role="assistant", content=answer)]
    writer = f"written by: {game.parties[side]}\n" if side is not None else ""
    messages.append(ChatMessage(role="user", content=f"issues: {json.dumps(issues)}\n{writer}{kind}: {text}"))
    return ChatRequest(system=INSTRUCTIONS, messages=tuple(messages), temperature=0.0, max_tokens=200,
                       purpose="extraction")


def request_key(request: ChatRequest, agent_name: str) -> str:
    payload = json.dumps({"agent": agent_name, "request": request.model_dump(mode="json")}, sort_keys=True)
    return hashlib.sha256(payload.encode()).hexdigest()


class LLMExtractor:
    """Reads texts with an agent; identical requests are answered from its cache."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.cache: dict[str, str] = {}
        self.calls: list[ModelCall] = []
        self.calls_by_turn: dict[int, list[ModelCall]] = {}

    @property
    def cost_usd(self) -> float:
        return sum(call.reply.cost_usd for call in self.calls if call.reply is not None)

    async def read(self, text: str, kind: str, game: Game, turn: int | None = None, side: int | None = None) -> Extraction:
        request = extraction_request(text, kind, game, side)
        key = request_key(request, self.agent.name)
        if key in self.cache:
            answer = self.cache[key]
            call = ModelCall(purpose="extraction", request=request, reply=None, agent=self.agent.name)
        else:
            reply = await self.agent.complete(request)
            call = ModelCall(purpose="extraction", request=request, reply=reply, agent=self.agent.name)
            answer = self.cache[key] = reply.text
        self.calls.append(call)
        if turn is not None:
            self.calls_by_turn.setdefault(turn, []).append(call)
        blocks = brace_blocks(answer)
        pairs = parse_block(blocks[0][1]) if blocks else None
        if not pairs:
            return Extraction(method="none")
        return offers_from_pairs(pairs, label_cache(game), method="llm")


def needs_reading(text: str, extraction: Extraction) -> bool:
    """Worth an LLM call: the deterministic reader marked its reading of a non-empty text unsure."""
    return extraction.confidence == "unsure" and bool(text.strip())


async def llm_readings(transcript: Transcript, game: Game, extractor: LLMExtractor) -> dict[tuple[int, str], Extraction]:
    """LLM readings for every text of a transcript the deterministic readers could not read."""
    labels = label_cache(game)
    found: dict[tuple[int, str], Extraction] = {}
    for index, turn in enumerate(transcript.turns):
        readings = [("note", turn.note, extract_note(turn.note, labels, side=turn.side)),
                    ("message", turn.message, extract_message(turn.message, labels, side=turn.side))]
        if turn.interrogation is not None:
            readings.append(("interrogation", turn.interrogation, extract_note(turn.interrogation, labels, side=turn.side)))
        for kind, text, reading in readings:
            if needs_reading(text, reading):
                found[(index, kind)] = await extractor.read(text, "note" if kind != "message" else "message", game,
                                                            turn=index, side=turn.side)
    return found


def with_extraction_calls(transcript: Transcript, extractor: LLMExtractor) -> Transcript:
    """The transcript with each turn's extraction calls added to it (stored and costed with it)."""
    turns = tuple(turn.model_copy(update={"calls": turn.calls + tuple(extractor.calls_by_turn.get(index, ()))})
                  for index, turn in enumerate(transcript.turns))
    return transcript.model_copy(update={"turns": turns})
