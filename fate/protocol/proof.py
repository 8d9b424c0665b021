"""A player's identity on a server: an Ed25519 key pair, and the proof both ends agree on.

The client keeps a private key for each server it plays on (fate/net/identity.py); the
server knows the player by the public key alone (docs/protocol.md, "Identity"). To prove
it, a connection asks for a challenge (``hello``: 32 random bytes, used once) and sends
the public key with its signature of ``CONTEXT`` followed by those bytes (``identify``).
The context keeps the key from ever signing anything else of the game's. A key is kept
per server address, so a server that passed on another server's challenge would get a
signature by a key that other server does not know.

Keys and signatures travel as URL-safe base64 without padding (43 and 86 characters).
The cryptography is the ``cryptography`` library's (requirements.txt), imported when first
used: the game starts without loading it (its module needs a system library Wine lacks).
"""

from __future__ import annotations

import base64
import binascii
import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

CONTEXT = b"fate-of-the-elder-gods identity 1\n"
KEY_CHARS = 43  # 32 bytes
PROOF_CHARS = 86  # 64 bytes
NONCE_BYTES = 32
KEY = re.compile(r"[A-Za-z0-9_-]{43}")
PROOF = re.compile(r"[A-Za-z0-9_-]{86}")


def encode(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def decode(text: str) -> bytes:
    """The bytes of URL-safe base64 without padding; ValueError if it is not that."""
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError) as e:
        raise ValueError(f"not base64 ({e})") from None


def public_key(private: Ed25519PrivateKey) -> str:
    """The public key of ``private``, as it travels."""
    from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

    return encode(private.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw))


def prove(private: Ed25519PrivateKey, nonce: str) -> str:
    """The signature of a server's challenge ``nonce`` (as it was sent), as it travels."""
    return encode(private.sign(CONTEXT + decode(nonce)))


def verify(key: str, proof: str, nonce: bytes) -> bool:
    """True if ``proof`` is the signature of ``nonce`` by the private key of ``key`` (each as it
    travels; anything malformed is simply False)."""
    if not (KEY.fullmatch(key) and PROOF.fullmatch(proof)):
        return False
    from cryptography.exceptions import InvalidSignature
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

    try:
        Ed25519PublicKey.from_public_bytes(decode(key)).verify(decode(proof), CONTEXT + nonce)
    except (InvalidSignature, ValueError):
        return False
    return True
