"""Bots: deciders that answer the engine's prompts like any other seat."""

from fate.ai.bots import BOTS, GreedyBot, RandomBot, make_bot

__all__ = ["BOTS", "GreedyBot", "RandomBot", "make_bot"]
