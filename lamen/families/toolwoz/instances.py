"""ToolWOZ instances: one goal (1–3 domains) with the episode's limits. The databases are the same
for every instance (shipped data), so an instance holds only what varies: the goal."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from lamen.core.family import Instance
from lamen.families.toolwoz.generator import goal_for_seed, shipped_goals
from lamen.families.toolwoz.goal import Goal

FAMILY_NAME = "toolwoz"
ROLES = ("agent", "user")


class ToolWozLimits(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    max_messages: int = Field(15, ge=2)  # the paper: at most 15 messages (user and agent) in all
    calls_per_turn: int = Field(3, ge=1)  # API calls the agent may make before it must SPEAK


class ToolWozConfig(ToolWozLimits):
    # shipped: the 36 goals of data/goals.json, seed i → goal i mod 36; generated: a fresh goal per seed.
    goals: Literal["shipped", "generated"] = "shipped"


class ToolWozInstance(Instance):
    model_config = ConfigDict(frozen=True, extra="forbid")

    goal: Goal
    limits: ToolWozLimits = ToolWozLimits()
    notes: tuple[str, str] = ("", "")  # a private line for the agent and one for the user (the leak test)


def make_instance(config: ToolWozConfig, seed: int) -> ToolWozInstance:
    limits = ToolWozLimits(max_messages=config.max_messages, calls_per_turn=config.calls_per_turn)
    if config.goals == "shipped":
        goals = shipped_goals()
        index = seed % len(goals)
        return ToolWozInstance(family=FAMILY_NAME, source=f"shipped:{index}", goal=goals[index], limits=limits)
    return ToolWozInstance(family=FAMILY_NAME, source=f"generated:seed={seed}", goal=goal_for_seed(seed),
                           limits=limits)
