"""The command-line tools beside the game, and the positions they and the lessons are made of.

- ``scenario``: any position written as YAML (``python -m fate.tools.scenario``).
- ``tutorial``: the lessons of Learn to Play, each a scenario (``python -m fate.tools.tutorial``).
- ``sim``: many AI games and the balance report (``python -m fate.tools.sim``).
- ``cards``: the cards checked and counted (``python -m fate.tools.cards``).
"""
