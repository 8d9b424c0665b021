"""The game server: ``python -m fate.server`` (docs/server.md, docs/protocol.md).

One module per concern: protocol (the message door), storage (the interface)
with sqlite_store and pg_store, views (what a seat is sent), aipool (AI
seats), app (the games), transport (WebSockets). No pygame anywhere here.
"""
