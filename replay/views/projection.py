"""The projection: each game event's rows in the views, written with the
event's position in one transaction."""
from __future__ import annotations

import hashlib
import json
import time
from array import array
from typing import Any, Callable
from uuid import UUID

from cachetools import LRUCache
from eventsourcing.persistence import IntegrityError, OperationalError, Tracking
from eventsourcing.projection import Projection

from domain.groups import group_of
from domain.names import player_key
from domain.record import HeadAnchor, head_anchor_id, is_game_event
from domain.history import GameHistory
from replay.views.tables import DEADLOCK_ATTEMPTS, ViewTables, log


class Written:
    """What every batch writes again of a game, written once: the JSON of
    its start's parts and of each move recorded, the digest of the effective
    moves taken in so far (see ``GameViews._played``), its players' JSON and
    its group."""

    __slots__ = ("head", "players", "group", "moves", "digested", "digest")

    def __init__(self, started: Any):
        self.head = ", ".join(json.dumps(part, sort_keys=True, default=str) for part in
                              (started.game, started.players, started.options, started.mode, started.seed))
        self.players = json.dumps(started.players)
        self.group = str(group_of(started))
        self.moves: dict[int, str] = {}
        self.restart()

    def restart(self) -> None:
        """The digest of the start alone: no move taken in yet."""
        self.digested = array("q")      # the effective moves ``digest`` has taken in, in order
        self.digest = hashlib.sha256(f"[{self.head}, [".encode())


class Histories(LRUCache):
    """The most recently advanced games' histories; a game let go also lets
    go of what ``let_go`` holds of it (its ``Written``)."""

    def __init__(self, size: int, let_go: Callable[[UUID], Any]):
        super().__init__(maxsize=size)
        self.let_go = let_go

    def popitem(self) -> tuple[UUID, GameHistory]:
        gid, hist = super().popitem()
        self.let_go(gid)
        return gid, hist


def stored_heads(batch: list[tuple[Any | None, Tracking]]) -> dict[tuple[UUID, int], str]:
    """The hash of a game's event at a version, by (game id, version), where
    the batch holds it already: in the game's next event (its ``prev_hash``)
    or in the keyed anchor written in the same transaction as the event. The
    store's chain is trusted here as the service's own reads trust it;
    verify and audit recompute every hash."""
    heads: dict[tuple[UUID, int], str] = {}
    anchors: dict[tuple[UUID, int], str] = {}
    games: set[UUID] = set()
    for e, _ in batch:
        if isinstance(e, (HeadAnchor.Opened, HeadAnchor.Anchored)):
            anchors[(e.originator_id, e.version)] = e.head_hash
        elif e is not None and is_game_event(e):
            games.add(e.originator_id)
            if e.originator_version > 1:
                heads[(e.originator_id, e.originator_version - 1)] = e.prev_hash
    of_anchor = {head_anchor_id(gid): gid for gid in games} if anchors else {}
    for (anchor, version), head in anchors.items():
        if anchor in of_anchor:
            heads.setdefault((of_anchor[anchor], version), head)
    return heads


class GameViews(Projection[ViewTables]):
    """Turns each game's events into its row in the game list and one row
    per player. ``summarize`` is the service's summary of a game history."""

    name = "tablelog_views"

    def __init__(self, view: ViewTables, store: Any, summarize: Callable[[GameHistory], dict[str, Any]],
                 cache_size: int = 64):
        super().__init__(view)
        self.store = store
        self.summarize = summarize
        self.cache_size = cache_size
        self._written: dict[UUID, Written] = {}
        self._histories = Histories(cache_size, lambda gid: self._written.pop(gid, None))

    def process_event(self, domain_event: Any, tracking: Tracking) -> None:
        self.process_batch([(domain_event, tracking)])

    def forget(self) -> None:
        """Drop the histories kept in memory (the views are rebuilt from scratch)."""
        self._histories.clear()
        self._written.clear()

    def process_batch(self, batch: list[tuple[Any | None, Tracking]], after: int | None = None) -> None:
        """Several events at once: each game's rows are written once, with
        the batch's last tracking position, in one transaction. An event that
        could not be read (``None``) is passed over: the audit reports it."""
        touched: dict[UUID, tuple[GameHistory, int]] = {}
        heads = stored_heads(batch)
        for domain_event, tracking in batch:
            if domain_event is None or not is_game_event(domain_event):
                continue        # a sealed seed or an anchor: not a game's
            gid = domain_event.originator_id
            try:
                hist = self._advance(domain_event, heads)
            except Exception:      # a record the rules cannot read: verify names it
                log.warning("game %s event %s left out of the views", gid, domain_event.originator_version,
                            exc_info=True)
                self._histories.pop(gid, None)
                self._written.pop(gid, None)
                continue
            position = touched[gid][1] if gid in touched else tracking.notification_id
            touched[gid] = (hist, position)
        rows = []
        for gid, (hist, position) in touched.items():
            try:
                rows.append(self.rows(hist, position))
            except Exception:      # its summary cannot be made: verify names the game
                log.warning("game %s left out of the views", gid, exc_info=True)
                self._histories.pop(gid, None)
                self._written.pop(gid, None)
        tracking = batch[-1][1]
        for attempt in range(DEADLOCK_ATTEMPTS):
            try:
                self.view.write([game for game, _ in rows], [p for _, players in rows for p in players], tracking,
                                after)
                return
            except IntegrityError:
                raise
            except OperationalError:
                # A deadlock or a serialization failure (the database chose
                # this transaction to roll back): the same batch again.
                log.info("the views' batch was rolled back; trying again", exc_info=True)
                time.sleep(0.05 * (attempt + 1))
            except Exception:
                break
        else:
            raise OperationalError("the views' batch was rolled back every time it was tried")
        # One game's rows the database will not take must not hold up every
        # other game's: each game alone, then the position.
        log.warning("the views' batch was refused; writing game by game")
        for game_row, player_rows in rows:
            try:
                self.view.write([game_row], player_rows, None)
            except IntegrityError:
                raise
            except Exception:
                log.warning("game %s left out of the views", game_row["game_id"], exc_info=True)
        self.view.write([], [], tracking, after)

    def _advance(self, domain_event: Any, heads: dict[tuple[UUID, int], str] | None = None) -> GameHistory:
        """The game's history with ``domain_event`` taken in. The events are
        the store's: they are not hashed again (verify and audit recompute
        the chain), and the newest one's hash is the one ``heads`` holds
        (``stored_heads``), else computed (``GameHistory.feed``)."""
        gid, version = domain_event.originator_id, domain_event.originator_version
        head = (heads or {}).get((gid, version))
        hist = self._histories.get(gid)         # marked as just used
        if hist is None and version == 1:
            hist = self._histories[gid] = GameHistory(domain_event, trusted=True)
        elif hist is None:
            # Not in memory (evicted, or a runner started late): its events up to this one.
            events = self.store.game_events(gid, 0, version)
            hist = self._histories[gid] = GameHistory(next(events), trusted=True)
            hist.feed(events, head=head)
        elif hist.version < version - 1:
            hist.feed(self.store.game_events(gid, hist.version, version), head=head)
        else:
            # The next event, or one this history already holds (a batch that
            # lost its race is read again): never rebuilt from the start; a
            # row from a history ahead of the batch only shows a later version.
            hist.feed([domain_event], head=head)
        return hist

    def _written_of(self, hist: GameHistory, keep: bool = True) -> Written:
        """The game's ``Written``, kept from batch to batch (without ``keep``,
        a reader's rows on its own thread, a new one that is not kept)."""
        written = self._written.get(hist.id) if keep else None
        if written is None:
            written = Written(hist.started)
            if keep:
                self._written[hist.id] = written
        return written

    @staticmethod
    def _played(hist: GameHistory, written: Written) -> str:
        """What identifies the game played: the SHA-256 of its start and its
        effective moves as ``json.dumps([game, players, options, mode, seed,
        [move, ...]], sort_keys=True, default=str)`` writes them. A recorded
        move never changes, so each is written once into ``written``, and the
        digest of the effective moves so far is kept there too: a batch that
        adds moves hashes only those (one that took a move back, the whole
        text again)."""
        if hist.effective[:len(written.digested)] != written.digested:
            written.restart()
        effective, done = hist.effective, written.digested
        for number in effective[len(done):]:
            text = written.moves.get(number)
            if text is None:
                text = written.moves[number] = json.dumps(hist.entry(number).move, sort_keys=True, default=str)
            written.digest.update(f", {text}".encode() if done else text.encode())
            done.append(number)
        whole = written.digest.copy()
        whole.update(b"]]")
        return whole.hexdigest()

    def rows(self, hist: GameHistory, position: int,
             keep: bool = True) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        """The game's row and its players' rows as the history stands (``keep``:
        see ``_written_of``)."""
        summary = self.summarize(hist)
        started = hist.started
        written = self._written_of(hist, keep)
        group = written.group
        moved = [entry.recorded_at for entry in hist.entries]
        moved += [h["at"] for entry in hist.entries for h in entry.history]
        game_row = {
            "game_id": str(hist.id), "position": position, "game": started.game,
            "players": written.players, "mode": started.mode,
            "status": "finished" if summary["finished"] else "playing",
            "scores": json.dumps(summary["scores"]), "winners": json.dumps(summary["winners"]),
            "moves": summary["moves"], "version": hist.version, "created_at": summary["created_at"],
            "last_move_at": max(moved).isoformat() if moved else None,
            "head_hash": hist.record.last_hash, "summary": json.dumps(summary), "group_id": group,
        }
        scores, winners = summary["scores"], summary["winners"]
        # A fork is no game played: it has no player rows. A copy (a record
        # imported again, here or from elsewhere) has the same ``played`` as
        # the game it copies, so each game played counts once. Players are
        # matched by their names' normalised form.
        played = self._played(hist, written)
        player_rows = [] if hist.record.forked_from is not None else [
            {"game_id": str(hist.id), "player": player_key(player), "game": started.game,
             "finished": int(summary["finished"]), "won": int(player in winners),
             "score": scores.get(player, 0), "played": played, "group_id": group} for player in started.players]
        return game_row, player_rows
