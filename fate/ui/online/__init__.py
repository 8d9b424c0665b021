"""Online play on screen: Play Online's screens (screens.py: host, join, My online games,
closing the host's window), the table online (table.py) and the session that talks to a
server as one more decider (session.py, no pygame)."""
