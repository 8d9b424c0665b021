"""The game server: ``python -m fate.server`` (docs/server.md, docs/protocol.md).

One module per concern: protocol (the message door), storage (the interface)
with sqlite_store and pg_store, views (what a seat is sent), aipool (AI
seats' worker processes), transport (WebSockets), limits (what one client address may
hold and do), and the games: app (the
door, games in memory, the one path of a choice) with its rooms handlers (the
messages), presence (connections and seats), ai_claims (AI moves, claims and
hints), undo_trail (taking back) and live (a game in memory). No pygame and
nothing of the game's screens anywhere here.
"""
