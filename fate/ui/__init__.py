"""The game on screen (pygame), in four rooms beside the window:

- ``app.py``: the window and its one loop; scenes are a stack, each asked for by name.
- ``session.py``: a game at the table: the engine, who sits where (humans, AI seats in
  the worker), history, saves and undo; the table and the online session both use it.
- ``table/``: the table scene and its parts: the board drawn from ``view(seat)``, the
  Lodges, cards and hand, side panels, the preview, animations, news, reasons, keyboard
  play, auto-pass and the overlays (Undo, Hint, hand-off, pause).
- ``screens/``: the screens around the table, one scene a file: title, New Game, Load,
  the end, the card gallery, How to Play, Learn to Play, Settings and the replay.
- ``online/``: Play Online's screens, the table online and its session with a server.
- ``kit/``: what every screen uses: theme (colours, fonts, text), widgets, layout, the art
  drawn in code, sound, and the colour-vision check of the palette.
- ``shots.py`` and ``crash.py``: headless uses (screenshots, the self-test, the crash check).

Arrows run one way: kit <- table <- screens and online <- app <- shots; the words for
events (fate/words/narration.py) live below the table and the server alike.
"""
