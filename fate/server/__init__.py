"""The game server: ``python -m fate.server`` (docs/server.md, docs/protocol.md).

One module per concern: protocol (the message door), storage (the interface)
with sqlite_store and pg_store, views (what a seat is sent), aipool (AI
seats' worker processes), transport (WebSockets), limits (what one client address may
hold and do), and the games: app, the master (the door, its table of handlers, the
one path of a choice, catching up with the store), given its parts, each a class
(parts.py names what they see of each other): live (the games in memory), handlers
(the seats: create, claim, join, choose, ...), fanout (connections and what each is
told), audience (spectators), away (who is at a table across processes), ai_claims
(AI moves, claims and hints), undo_trail (taking back) and lobby (the lobby, table
talk, the rematch). The message types are fate/protocol's. No pygame and nothing of
the game's screens anywhere here.
"""
