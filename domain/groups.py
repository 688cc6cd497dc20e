"""A group (a club, a family, a weekly table): the people whose games,
players and statistics are their own. An eventsourcing aggregate like a
game's record: every change of who belongs is an event.

The group keeps only the SHA-256 of each token it handed out, never the
token (as a game keeps its seats'): the owner's, each open invite's, each
member's (one per device that joined), each share's (one game's read-only
link). Each is known by a short id of its own, so the owner can revoke a
member or an invite without ever seeing its token.

A game started before groups existed has no group in its Started event: it
belongs to ``DEFAULT_GROUP``, the group ``tablelog serve`` makes on a fresh
machine.
"""
from __future__ import annotations

import functools
import secrets
from typing import Any
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.domain import Aggregate, event

DEFAULT_GROUP = uuid5(NAMESPACE_URL, "tablelog:default-group")
"""The embedded service's one group, and the group of every game stored before there were groups."""


def group_of(started: Any) -> UUID:
    """The group a game belongs to, from its Started event (the default group
    for a game started before groups)."""
    group = getattr(started, "group", None)
    return group_id(group) if group else DEFAULT_GROUP


@functools.lru_cache(maxsize=1024)
def group_id(group: str | UUID) -> UUID:
    """A group's id from its text, kept for the groups asked for lately: a
    move's admission asks for its game's group, and ``UUID`` parses the
    text in Python (about 10,000 instructions) each time."""
    return UUID(str(group))


def short_id() -> str:
    return secrets.token_hex(6)


class Group(Aggregate):
    """Who belongs to a group, and which of its games are shared."""

    @event("Created")
    def __init__(self, name: str, tokens: dict[str, str], id: UUID | None = None):  # noqa: A002
        """``tokens``: ``{"owner": hash}``; none for the embedded group, whose
        owner is the machine it runs on."""
        self.name = name
        self.owner: str | None = tokens.get("owner")
        self.invites: dict[str, str] = {}       # invite id -> token hash
        self.members: dict[str, str] = {}       # member id -> token hash
        self.shares: dict[str, dict[str, str]] = {}     # share id -> {"game": id, "hash": token hash}

    def make_invite(self, token_hash: str) -> str:
        invite = short_id()
        self._invite_made(invite=invite, tokens={"invite": token_hash})
        return invite

    @event("InviteMade")
    def _invite_made(self, invite: str, tokens: dict[str, str]) -> None:
        self.invites[invite] = tokens["invite"]

    def revoke_invite(self, invite: str) -> None:
        if invite not in self.invites:
            raise KeyError(invite)
        self._invite_revoked(invite=invite)

    @event("InviteRevoked")
    def _invite_revoked(self, invite: str) -> None:
        self.invites.pop(invite, None)

    def join(self, invite: str, token_hash: str) -> str:
        """A device joins by an open invite (an invite may be used by several devices until it is revoked)."""
        if invite not in self.invites:
            raise KeyError(invite)
        member = short_id()
        self._member_joined(member=member, invite=invite, tokens={"member": token_hash})
        return member

    @event("MemberJoined")
    def _member_joined(self, member: str, invite: str, tokens: dict[str, str]) -> None:
        self.members[member] = tokens["member"]

    def revoke_member(self, member: str) -> None:
        if member not in self.members:
            raise KeyError(member)
        self._member_revoked(member=member)

    @event("MemberRevoked")
    def _member_revoked(self, member: str) -> None:
        self.members.pop(member, None)

    def share(self, game_id: str, token_hash: str) -> str:
        share = short_id()
        self._shared(share=share, game=game_id, tokens={"share": token_hash})
        return share

    @event("Shared")
    def _shared(self, share: str, game: str, tokens: dict[str, str]) -> None:
        self.shares[share] = {"game": game, "hash": tokens["share"]}

    def unshare(self, share: str) -> None:
        if share not in self.shares:
            raise KeyError(share)
        self._unshared(share=share)

    @event("Unshared")
    def _unshared(self, share: str) -> None:
        self.shares.pop(share, None)

    # -- who a token is ----------------------------------------------------------------
    def member_of(self, token_hash: str) -> str | None:
        """``"owner"``, the member's id, or None for a hash that is neither."""
        if self.owner is not None and secrets.compare_digest(self.owner, token_hash):
            return "owner"
        return next((member for member, known in self.members.items()
                     if secrets.compare_digest(known, token_hash)), None)

    def invite_of(self, token_hash: str) -> str | None:
        return next((invite for invite, known in self.invites.items()
                     if secrets.compare_digest(known, token_hash)), None)

    def share_of(self, token_hash: str) -> dict[str, str] | None:
        """The share (its id and game) whose token hashes to ``token_hash``."""
        return next(({"id": share, "game": shared["game"]} for share, shared in self.shares.items()
                     if secrets.compare_digest(shared["hash"], token_hash)), None)
