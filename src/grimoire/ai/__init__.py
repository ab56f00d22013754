"""Agents: anything that answers a decision from a seat's view.

An agent sees the rules object, its own seat's view and the pending decision — never
the state — and answers with an option id. See :mod:`grimoire.ai.base`.
"""

from .base import Agent, act
from .registry import AGENTS, make_agent

__all__ = ["AGENTS", "Agent", "act", "make_agent"]
