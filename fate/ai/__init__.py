"""Bots: deciders that answer the engine's prompts like any other seat."""

from fate.ai.bots import BOTS, LEVELS, Bot, EasyBot, NormalBot, RandomBot, make_bot
from fate.ai.ismcts import HardBot

__all__ = ["BOTS", "LEVELS", "Bot", "EasyBot", "HardBot", "NormalBot", "RandomBot", "make_bot"]
