"""The shapes of the protocol's messages about players (docs/protocol.md, "Identity" and
"Ratings"): a player's proof of identity, their name, the pairing code that joins another
computer, and the standings a server keeps. Named in the catalogue (fate/protocol/messages.py)
beside every other message's fields."""

# (no postponed annotations here: TypedDict reads NotRequired when the class is made)
from typing import NotRequired, TypedDict


# ------------------------------------------------------------------ a client's
class Identify(TypedDict):
    key: str  # the Ed25519 public key, 32 bytes in URL-safe base64 without padding
    proof: str  # the signature of the challenge (fate/protocol/proof.py), 64 bytes likewise


class Rename(TypedDict):
    name: str


class Pair(TypedDict):
    code: str


class CardOf(TypedDict):
    player: NotRequired[str]  # left out: one's own (identified)


class Report(TypedDict):
    game: str
    seat: int  # the player reported
    line: NotRequired[int]  # a line of theirs (its number in the game's talk); left out: the player
    reason: NotRequired[str]  # in the reporter's words


# ------------------------------------------------------------------ a server's
class Challenge(TypedDict):
    nonce: str  # 32 random bytes, URL-safe base64: what ``identify`` signs, once


class Identified(TypedDict):
    player: str  # the player's id on this server (public: names a player, opens nothing)
    name: str  # the player's name here ("" until one is given)
    devices: int  # the keys (computers) that are this player


class Renamed(TypedDict):
    name: str


class Pairing(TypedDict):
    code: str  # to type on the other computer, within its time
    expires: float  # Unix time


class Ranked(TypedDict):
    """A player's standing, as ``leaderboard`` lists it and ``card`` carries it."""

    player: str
    name: str
    rating: float  # mu - 3 sigma, what the rating surely is
    mu: float
    sigma: float  # its uncertainty
    games: int  # finished games on this server
    wins: int
    rated: int  # of them, rated
    place: int  # on the leaderboard (1 first; 0: no rated game)


class Leaderboard(TypedDict):
    players: list[Ranked]


class Card(Ranked):
    favourite: str  # the id of the Elder God played most ("" if none)


class Reported(TypedDict):
    id: str  # the report's, for the operator
