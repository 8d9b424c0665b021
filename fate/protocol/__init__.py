"""The game's wire protocol as words both ends share (docs/protocol.md).

The server (fate/server) and the client (fate/net, fate/ui/online) never import
each other; what they must agree on lives here, below both: the version spoken
and every message type in each direction (fate/protocol/messages.py). Nothing
here reads a byte from the wire: the server's one door is fate/server/protocol.py,
the client's fate/net/messages.py.
"""

from fate.protocol.messages import (
    TO_CLIENT,
    TO_SERVER,
    VERSION,
    ErrorCode,
    LinkNote,
    ToClient,
    ToServer,
)

__all__ = ["TO_CLIENT", "TO_SERVER", "VERSION", "ErrorCode", "LinkNote", "ToClient", "ToServer"]
