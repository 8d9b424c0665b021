"""What the game keeps for the player between sessions, in the player's folders.

- ``saves``: one file a game, written after every decision; the Load Game list.
- ``settings``: the player's settings.
- ``reviews``: Hard's reviews kept beside their saves (``python -m fate.records.reviews``).
- ``stats``: the record of the player's games, built from the saves.
"""
