"""Who may change what was saved on this server: the one place that decides.

A saved card or deck belongs to the token it was saved with — a random secret the browser
keeps (shown to its user as a recovery code, no password) — and the database keeps only its
hash (:func:`owner_hash`). Only the same token replaces or withdraws it (:func:`check_owner`);
a thing saved without a token (or before tokens) is changed by nobody. The author's name is
what a card or deck shows, never what it proves. The stores repeat the owner's hash in the
``WHERE`` of each change, so a change that lost a race with another process changes nothing.

>>> alice = owner_hash("a" * 32)
>>> is_owner(alice, owner_hash("a" * 32)), is_owner(alice, owner_hash("m" * 32)), is_owner("", owner_hash(""))
(True, False, False)
>>> check_owner(alice, owner_hash("m" * 32), "card")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
grimoire.web.errors.ClientError: not_owner: only the browser that saved this card ... may replace or withdraw it
"""

from __future__ import annotations

import hashlib
import hmac
from typing import Any

from .errors import ClientError

#: A token's length bounds (the pages make 48 hexadecimal digits).
TOKEN_MIN, TOKEN_MAX = 24, 200


def owner_hash(token: Any) -> str:
    """What is stored of an author's token (a secret the browser keeps): its hash, or "" for no usable token.

    >>> owner_hash("x" * 8), len(owner_hash("k" * 32))
    ('', 64)
    """
    if (not isinstance(token, str) or not TOKEN_MIN <= len(token) <= TOKEN_MAX or not token.isascii()
            or not token.isprintable()):
        return ""
    return hashlib.sha256(("grimoire-owner:" + token).encode()).hexdigest()


def is_owner(stored: str, given: str) -> bool:
    """Whether ``given`` (a token's hash) owns a thing stored with the owner hash ``stored`` (never the empty one)."""
    return bool(stored) and bool(given) and hmac.compare_digest(stored, given)


def check_owner(stored: str, given: str, what: str) -> None:
    """Refuse (403 ``not_owner``) a change of a saved ``what`` (``card`` / ``deck``) by anyone but its owner."""
    if not is_owner(stored, given):
        raise ClientError("not_owner", f"not_owner_{what}")
