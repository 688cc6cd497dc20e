"""A seat's link handed out again under an Idempotency-Key: its token made
from the key, so that a retry answers the same token.

The record keeps only a token's hash, never the token; a retry's answer
must still show the token the first answer showed. Under a key, the token
is an HMAC (tablelog's own key) of the game, the seat and the request's
key: the same request makes the same token, nobody without tablelog's key
can make it, and another key makes another token. Without a key each
request makes a random one, as before.
"""
from __future__ import annotations

import secrets
from typing import Any

from service.store.keys import Keyring


def fresh_token(keyring: Keyring | None, game_id: str, seat: str, request_id: str | None) -> str:
    """The seat's new token: made from the request's key, or random without one (or without tablelog's key)."""
    if request_id is None or keyring is None:
        return secrets.token_urlsafe(24)
    return keyring.mac(f"seat-link\n{game_id}\n{seat}\n{request_id}")[:43]


def asked(seat: str, revoke: bool) -> dict[str, Any]:
    """What a seat-link request asks, as its first answer remembers it (a retry must ask the same)."""
    return {"seat": seat, "revoke": revoke}
