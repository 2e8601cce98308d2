"""Who negotiates: an agent is a provider + model + sampling + persona. An agent is what a
rating is about, so the same model with another persona or temperature is another agent."""

from __future__ import annotations

from typing import Any

from pydantic import (Field, PrivateAttr, SerializationInfo, SerializerFunctionWrapHandler, field_validator,
                      model_serializer, model_validator)

from lamen.providers import PROVIDERS
from lamen.spec.base import SpecModel


IDENTITY = {"identity": True}  # serialisation context of `AgentSpec.identity`


class Persona(SpecModel):
    """LAMEN's agents/*.yaml: what the agent knows of itself, and what the opponent sees of it."""

    internal_description: dict[str, str | int | float] = Field(default_factory=lambda: {"name": "You"})
    external_description: dict[str, str | int | float] = Field(default_factory=lambda: {"name": "Representative"})


class Sampling(SpecModel):
    temperature: float = Field(default=0.0, ge=0.0, le=2.0)
    max_tokens: int | None = Field(default=None, ge=1)
    top_p: float | None = Field(default=None, gt=0.0, le=1.0)
    seed: int | None = None
    stop: tuple[str, ...] = ()
    native_tools: bool = Field(default=False, description="offer the role's tools as native function calls "
                                                          "(families whose codec can, e.g. dialop.planning)")

    @model_serializer(mode="wrap")
    def _serialise(self, handler: SerializerFunctionWrapHandler) -> Any:
        # Left out while off, so an agent spec written before the option dumps (and digests, and
        # fingerprints its stored matches) exactly as before.
        data = handler(self)
        if isinstance(data, dict) and not self.native_tools:
            data.pop("native_tools", None)
        return data


class AgentSpec(SpecModel):
    """`provider:model` names an agent (`bot:boulware`, `openai:gpt-4o`); `human` needs no model."""

    id: str
    provider: str
    model: str = ""
    sampling: Sampling = Sampling()
    persona: Persona | None = None
    # One server, or several replicas of one model server (an endpoint pool, lamen.agents.pool):
    # each request goes to the replica with the fewest in flight.
    base_url: str | tuple[str, ...] | None = None
    params: dict[str, Any] = Field(default_factory=dict, description="provider-specific settings, e.g. a bot's noise")
    _folder: Any = PrivateAttr(default=None)  # the spec file's folder, for relative paths in params (mock replies)

    @model_validator(mode="before")
    @classmethod
    def _from_name(cls, data: object) -> object:
        # `agent: openai:gpt-4o` shorthand: provider and model from the name, id defaults to it.
        if isinstance(data, str):
            return parse_agent_name(data)
        if isinstance(data, dict) and "provider" not in data and isinstance(data.get("agent"), str):
            # A user's `id` wins over the name's: `{id: noisy, agent: bot:linear, params: ...}`
            # beside `bot:linear` is two configurations of one model, compared as two agents.
            named = parse_agent_name(data["agent"])
            data = {**named, **{k: v for k, v in data.items() if k != "agent"}}
            if data.get("id") is None:
                data["id"] = named["id"]
        if isinstance(data, dict) and data.get("id") is None and data.get("provider"):
            data = {**data, "id": f"{data['provider']}:{data.get('model', '')}".rstrip(":")}
        return data

    @field_validator("provider")
    @classmethod
    def _known_provider(cls, value: str) -> str:
        if value not in PROVIDERS:
            raise ValueError(f"unknown provider '{value}' (known: {', '.join(PROVIDERS)})")
        return value

    @field_validator("base_url", mode="before")
    @classmethod
    def _endpoints(cls, value: object) -> object:
        # A list of one is that one server; a pool names each replica once.
        if not isinstance(value, list | tuple):
            return value
        if not value:
            raise ValueError("an empty list names no server: give one URL or several")
        if not all(isinstance(url, str) and url.strip() for url in value):
            raise ValueError("every endpoint of a pool must be a URL string")
        urls = tuple(url.strip() for url in value)
        repeated = sorted({url for url in urls if urls.count(url) > 1})
        if repeated:
            raise ValueError(f"endpoint {repeated[0]!r} is listed twice")
        return urls[0] if len(urls) == 1 else urls

    @model_serializer(mode="wrap")
    def _serialise(self, handler: SerializerFunctionWrapHandler, info: SerializationInfo) -> Any:
        # What a match is (its id, seed and version) does not depend on how many replicas serve
        # the model: in the identity dump a pool is its first endpoint, so replicas added to a
        # running tournament's server leave its matches as they were.
        data = handler(self)
        if isinstance(data, dict) and isinstance(self.base_url, tuple) and (info.context or {}).get("identity"):
            data["base_url"] = self.base_url[0]
        return data

    def identity(self) -> dict[str, Any]:
        """The agent as it decides what a match is: its spec, a pool of replicas as its first endpoint."""
        return self.model_dump(mode="json", context=IDENTITY)

    @property
    def endpoints(self) -> tuple[str, ...]:
        """The servers this agent's requests go to: none (the provider's own), one, or a pool."""
        if self.base_url is None:
            return ()
        return (self.base_url,) if isinstance(self.base_url, str) else self.base_url

    def at(self, endpoint: str) -> "AgentSpec":
        """This agent pointed at one endpoint of its pool."""
        return self.model_copy(update={"base_url": endpoint})

    @model_validator(mode="after")
    def _pool_of_model_servers(self) -> "AgentSpec":
        if isinstance(self.base_url, tuple):
            from lamen.providers import CATALOGUE

            if not CATALOGUE[self.provider].is_llm:
                raise ValueError(f"base_url: a pool of endpoints is for model servers, not provider {self.provider!r}")
        return self

    @model_validator(mode="after")
    def _known_bot(self) -> "AgentSpec":
        # A scripted negotiator is checked when the spec is read, so a typo is one located line
        # before anything runs, not a tournament of errored matches.
        if self.provider == "bot":
            from lamen.agents.base import AgentError
            from lamen.agents.strategies import STRATEGIES, BotSettings

            if self.model not in STRATEGIES:
                raise ValueError(f"unknown negotiator '{self.model}' (known: {', '.join(STRATEGIES)})")
            try:
                BotSettings.of(dict(self.params), self.id)
            except AgentError as exc:
                raise ValueError(str(exc).removeprefix(f"{self.id}: ")) from None
            except TypeError:
                raise ValueError("bot settings (reservation, noise, exponent) must be numbers") from None
        return self


def parse_agent_name(name: str) -> dict[str, str]:
    """'bot:boulware' -> provider 'bot', model 'boulware'; 'human' -> provider 'human'."""
    provider, _, model = name.strip().partition(":")
    return {"id": name.strip(), "provider": provider, "model": model}
