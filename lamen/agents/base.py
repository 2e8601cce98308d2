"""The agent surface, re-exported from `lamen.chat` (the bottom layer that defines it) so
`from lamen.agents.base import ChatRequest` keeps working."""

from lamen.chat import Agent, AgentError, ChatMessage, ChatReply, ChatRequest, Usage

__all__ = ["Agent", "AgentError", "ChatMessage", "ChatReply", "ChatRequest", "Usage"]
