"""Bots: deciders that answer the engine's prompts like any other seat."""

from fate.ai.bots import BOTS, LEVELS, EasyBot, HardBot, NormalBot, RandomBot, make_bot

__all__ = ["BOTS", "LEVELS", "EasyBot", "HardBot", "NormalBot", "RandomBot", "make_bot"]
