"""Groups: who belongs (the owner, each device that joined by an invite),
and which games a member shared read-only; and who may read a game.

A group's tokens name their group: ``<group id>.<secret>``, so a token
alone says which group (and so which record) to check it against; the
group keeps only each secret token's hash (domain.groups). Every group
lives in the home shard's store, beside the house catalogs; its games may
be on any shard (each shard's views know which are the group's).

Who may read a game (its state, log, timeline, export, ...): a member of
its group, the holder of one of its own tokens (the scorekeeper's, a
seat's), or of a share of it. Anyone else is told what a game that does
not exist answers (404): a game id alone opens nothing.
"""
from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any, Callable
from uuid import UUID, uuid4

from eventsourcing.application import AggregateNotFoundError
from eventsourcing.persistence import IntegrityError, MapperDeserialisationError

from domain.groups import DEFAULT_GROUP, Group, group_of
from domain.record import SCOREKEEPER
from domain.words import N_, said
from service.app.access import ANONYMOUS, Caller, token_hash
from service.app.caches import Recent
from service.app.errors import Conflict, Forbidden, NotFound, Unauthorized

LOCAL = "local"
"""Who the embedded service's own machine is in its group: its owner."""
GROUPS_KEPT = 1024
"""Groups a process keeps its last read of (each a few invites, members and shares)."""
SAVE_ATTEMPTS = 3
"""How often a change of a group is made again on its newest version when another request changed it meanwhile."""


@dataclass(frozen=True)
class Member:
    """Who a group token is: the owner, a member (by id), or the machine the embedded service runs on."""

    group: UUID
    who: str

    @property
    def owner(self) -> bool:
        return self.who in ("owner", LOCAL)


LOCAL_MEMBER = Member(DEFAULT_GROUP, LOCAL)
SCOREKEEPER_CALLER = Caller(SCOREKEEPER)


def group_token(group: UUID) -> str:
    return f"{group}.{secrets.token_urlsafe(24)}"


def token_group(token: str) -> UUID | None:
    """The group a token names (None: it names none)."""
    head, dot, _ = token.partition(".")
    try:
        return UUID(head) if dot else None
    except ValueError:
        return None


class Groups:
    """Making groups, joining them, sharing games; and who may read a game."""

    _groups: Recent
    """group id -> the group as last read here (see ``_group``)."""

    def create_group(self, name: str = "", group_id: UUID | None = None) -> dict[str, Any]:
        """A new group and its owner's token (shown once)."""
        gid = group_id or uuid4()
        token = group_token(gid)
        self.store.save(Group(name, {"owner": token_hash(token)}, id=gid))
        return {"id": str(gid), "name": name, "token": token}

    def ensure_default_group(self) -> bool:
        """The embedded service's group, made on its first start (True: made now).
        It has no owner's token: its owner is the machine it runs on."""
        if self._group(DEFAULT_GROUP) is not None:
            return False
        try:
            self.store.save(Group("", {}, id=DEFAULT_GROUP))
        except IntegrityError:
            return False            # another process made it meanwhile
        return True

    def _group(self, gid: UUID) -> Group | None:
        """The group as the store holds it now, to read (never to change):
        this process's copy while the store has no event of the group after
        its version (one read of the events table's key, so a revoked
        member, invite or share is refused on the next request, whichever
        worker or host revoked it), else the group read again and kept."""
        kept = self._groups.get(gid)
        if kept is not None and next(iter(self.store.recorder.select_events(gid, gt=kept.version, limit=1)),
                                     None) is None:
            return kept
        group = self._stored_group(gid)
        if group is not None:
            self._groups[gid] = group
        return group

    def _stored_group(self, gid: UUID) -> Group | None:
        """The group read from the store: a copy of its own, to change."""
        try:
            found = self.store.repository.get(gid)
        except AggregateNotFoundError:
            return None
        return found if isinstance(found, Group) else None

    def _change_group(self, gid: UUID, change: Callable[[Group], Any]) -> Any:
        """``change`` made on the group's newest version and saved (again on a
        newer one when another request saved it first)."""
        for _ in range(SAVE_ATTEMPTS):
            group = self._stored_group(gid)
            if group is None:
                if gid != DEFAULT_GROUP:
                    raise NotFound(said(N_("There is no such group.")))
                self.ensure_default_group()
                continue
            answer = change(group)
            try:
                self.store.save(group)
            except IntegrityError:
                continue
            return answer
        raise Conflict(said(N_("The group changed under this request several times; send it again.")))

    # -- who a token is -----------------------------------------------------------------
    def member(self, token: str) -> Member:
        """The member a group token belongs to (401: it is no member's, or was revoked)."""
        gid = token_group(token)
        group = self._group(gid) if gid is not None else None
        who = group.member_of(token_hash(token)) if group is not None else None
        if who is None:
            raise Unauthorized(said(N_("That group token is no member's (or was revoked).")), "not_a_member")
        return Member(gid, who)

    def _owner(self, member: Member | None) -> Member:
        if member is None:
            raise Unauthorized(said(N_("Send a member's group token: Tablelog-Group: <token>.")))
        if not member.owner:
            raise Forbidden(said(N_("Only the group's owner does that.")))
        return member

    @staticmethod
    def _needs_member(member: Member | None) -> Member:
        if member is None:
            raise Unauthorized(said(N_("Send a member's group token: Tablelog-Group: <token>.")))
        return member

    def group_of_member(self, member: Member | None) -> dict[str, Any]:
        """The group as its member sees it (its owner: the invites and members too)."""
        member = self._needs_member(member)
        group = self._group(member.group)
        answer: dict[str, Any] = {"id": str(member.group), "name": group.name if group else "",
                                  "you": member.who, "owner": member.owner}
        if member.owner:
            answer["invites"] = sorted(group.invites) if group else []
            answer["members"] = sorted(group.members) if group else []
        answer["shares"] = [{"id": share, "game": shared["game"]}
                            for share, shared in sorted((group.shares if group else {}).items())]
        return answer

    # -- invites and members --------------------------------------------------------------
    def make_invite(self, member: Member | None) -> dict[str, Any]:
        """A new invite (the owner): its token joins any number of devices until it is revoked."""
        gid = self._owner(member).group
        token = group_token(gid)
        invite = self._change_group(gid, lambda group: group.make_invite(token_hash(token)))
        return {"group": str(gid), "invite": invite, "token": token}

    def revoke_invite(self, member: Member | None, invite: str) -> dict[str, Any]:
        gid = self._owner(member).group
        self._change_group(gid, lambda group: self._known(group.revoke_invite, invite, N_("The group has no invite {key!r}.")))
        return {"group": str(gid), "invite": invite, "revoked": True}

    def join(self, invite_token: str) -> dict[str, Any]:
        """A device joins by an invite: its own member token (shown once).
        An invite that is wrong, or was revoked, is refused (403) and changes nothing."""
        gid = token_group(invite_token)
        group = self._group(gid) if gid is not None else None
        invite = group.invite_of(token_hash(invite_token)) if group is not None else None
        if invite is None:
            raise Forbidden(said(N_("That invite is no group's (or was revoked).")), "not_an_invite")
        token = group_token(gid)

        def joined(group: Group) -> str:
            if invite not in group.invites:
                raise Forbidden(said(N_("That invite is no group's (or was revoked).")), "not_an_invite")
            return group.join(invite, token_hash(token))
        member = self._change_group(gid, joined)
        return {"group": str(gid), "name": group.name, "member": member, "token": token}

    def revoke_member(self, member: Member | None, revoked: str) -> dict[str, Any]:
        gid = self._owner(member).group
        self._change_group(gid, lambda group: self._known(group.revoke_member, revoked, N_("The group has no member {key!r}.")))
        return {"group": str(gid), "member": revoked, "revoked": True}

    @staticmethod
    def _known(revoke: Callable[[str], None], key: str, unknown: str) -> None:
        """``revoke(key)``, or 404 with ``unknown`` (a message naming ``key``) where the group has no ``key``."""
        try:
            revoke(key)
        except KeyError:
            raise NotFound(said(unknown, key=key)) from None

    # -- shares ---------------------------------------------------------------------------
    def share_game(self, member: Member | None, game_id: str) -> dict[str, Any]:
        """A read-only share of one of the group's games (any member): its token
        reads what the table sees, and nothing else."""
        member = self._needs_member(member)
        hist = self.history(game_id)
        if group_of(hist.started) != member.group:
            raise NotFound(said(N_("There is no game {game}."), game=str(hist.id)))
        token = group_token(member.group)
        share = self._change_group(member.group, lambda group: group.share(str(hist.id), token_hash(token)))
        return {"share": share, "game": str(hist.id), "token": token}

    def unshare_game(self, member: Member | None, share: str) -> dict[str, Any]:
        gid = self._needs_member(member).group
        self._change_group(gid, lambda group: self._known(group.unshare, share, N_("The group has no share {key!r}.")))
        return {"share": share, "revoked": True}

    def shared(self, token: str, game_id: UUID) -> bool:
        """Whether ``token`` is a live share of the game."""
        gid = token_group(token)
        group = self._group(gid) if gid is not None else None
        found = group.share_of(token_hash(token)) if group is not None else None
        return found is not None and found["game"] == str(game_id)

    # -- who may read a game ----------------------------------------------------------------
    def admit(self, game_id: str | UUID, token: str | None, member: Member | None) -> None:
        """Nothing for a member of the game's group, the holder of one of its
        own tokens or of a share of it; to anyone else 404, as for no game.
        A token sent that opens none of these is refused (403), to a member
        too: answered as if no token were sent, a revoked seat link or another
        game's token would get the table's view, which a player's page would
        take for the seat's own."""
        gid = self.parse_id(game_id)
        cached = self._histories.get(gid)
        if cached is not None and member is not None and member.group == group_of(cached.started) and (
                not token or self.caller(cached, token) is not ANONYMOUS):
            return      # a game's group never changes: this worker's copy says it without the store
        if cached is not None and token and cached.callers.get(token) == SCOREKEEPER_CALLER:
            return      # nor does its scorekeeper's token (seat links change only the seats')
        try:
            hist = self.history(gid)
        except MapperDeserialisationError:
            # A damaged record (its audit says where): judged by its first
            # event, which names its group and its first tokens.
            started = next(iter(self.store_of(gid).events.get(gid, lte=1)))
            if (member is not None and member.group == group_of(started)) or (
                    token and token_hash(token) in started.tokens.values()):
                return
            raise NotFound(said(N_("There is no game {game}."), game=str(gid))) from None
        if token and (self.caller(hist, token) is not ANONYMOUS or self.shared(token, hist.id)):
            return
        if member is not None and member.group == group_of(hist.started):
            if token:
                raise Forbidden(said(N_("That token does not belong to this game.")))
            return
        raise NotFound(said(N_("There is no game {game}."), game=str(hist.id)))
