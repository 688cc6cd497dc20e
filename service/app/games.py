"""The service layer: create games, record moves, undo, redo, and read them
back. It decides no rule: every move goes through the game's ``check`` and
``apply``; it only adds who may record what, versions and idempotency.
"""
from __future__ import annotations

import hashlib
import json
import random
import secrets
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Callable, Iterator
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.application import AggregateNotFoundError
from eventsourcing.persistence import IntegrityError, InterfaceError, OperationalError, PersistenceError

from domain.commitment import canonical, new_salt, new_seed, seed_commitment
from domain.games import game_ids, get_game, is_game
from domain.names import check_new_names
from domain.record import (SCOREKEEPER, SERVICE, GameRecord, HeadAnchor, HouseCatalog, NothingToUndo, SealedSeed,
                           anchor_message, hash_of, head_anchor_id, house_catalog_id, is_game_start,
                           is_game_start_topic, receipt_message, sealed_seed_id)
from domain.rules import TABLE, MalformedMove, Move, RuleViolation
from domain.table import Table
from replay.bgstats import bgstats_link, bgstats_play
from domain.history import GameHistory
from replay.records import Record, RecordError, Step, format_named, jsonl_lines, read_record, to_text
from replay.anchors import HeadCheck, anchor_expected, check_head, read_anchor
from replay.verify import Verdict, check_receipt, verify_game, verify_jsonl
from replay.views import MergedViews, Views
from service.store import heads, reading
from service.store.snapshots import Checkpoints
from service.store.keys import Keyring, load_keyring
from service.store.shards import Shards, UnknownShard, shard_of
from service.store.database import Tablelog
from service.store.failures import WriteConflict, cannot_write
from service.ops import metrics
from service.app.caches import GameLocks, Recent

MODES = ("table", "digital")
REQUESTS = uuid5(NAMESPACE_URL, "tablelog:requests")
"""Namespace of the ids of games a fork or import with an Idempotency-Key creates."""
WRITE_ATTEMPTS = 8
"""How often a write that lost a race to another process is tried again
(without ``expected_version``) before it is answered 409 ``stale_version``."""
TURN_WAIT = 5.0
"""Seconds a request waits for its game's turn in this process (the other
requests of that game before it) before it is answered 503: about SQLite's
lock timeout, so a request waits one bounded wait in all."""
LOG_CACHE_ENTRIES = 20_000
"""Log entries kept, in all, of the newest whole logs read (a log read again reads only what changed);
a log longer than that is not kept."""
KEPT_GAMES = 4096
"""Games whose anchor and unsealed seed a process keeps (the rest are read again when written to)."""
EXPORT_PAGE = 100
"""Events an export reads from the store at a time: its memory stays flat in the record's length."""


def as_json(value: Any) -> Any:
    """``value`` as it reads back from the store (tuples become lists)."""
    return json.loads(json.dumps(value))


class ServiceError(Exception):
    status = 400
    code = "bad_request"

    def __init__(self, message: str, code: str | None = None):
        super().__init__(message)
        self.message = message
        if code:
            self.code = code

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message}


class NotFound(ServiceError):
    status, code = 404, "not_found"


class Conflict(ServiceError):
    status, code = 409, "conflict"


class Unauthorized(ServiceError):
    status, code = 401, "unauthorized"


class Forbidden(ServiceError):
    status, code = 403, "forbidden"


class Unavailable(ServiceError):
    status, code = 503, "unavailable"


class TooLarge(ServiceError):
    status, code = 413, "too_large"


HOUSE_CATALOG_LIMIT = 256 * 1024
"""The most JSON a stored house catalog may hold: every shipped card, module 1 included, is about 25 KiB."""


@dataclass(frozen=True)
class Caller:
    """Who sent a request: the scorekeeper, a seat, or nobody known."""

    role: str | None = None     # "scorekeeper" | "seat" | None
    seat: str | None = None

    @property
    def name(self) -> str:
        return self.seat if self.role == "seat" else SCOREKEEPER


ANONYMOUS = Caller()


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Games:
    """Every game in its shard's store (one store, or several: see
    service.store.shards), with each game's history cached in memory."""

    def __init__(self, store: Tablelog | Shards, keyring: Keyring | None | str = "configured",
                 cache_size: int = 256):
        self.shards = store if isinstance(store, Shards) else Shards([store])
        self.store = self.shards.home     # house catalogs, and every game when there is one shard
        # By default the key configured for this user (TABLELOG_KEY,
        # TABLELOG_KEY_FILE, the configuration folder); never created here.
        self.keyring = load_keyring()[0] if keyring == "configured" else keyring
        # Per game, bounded (service/app/caches.py): each is read again from the store when it was let go.
        self._seeds = Recent(KEPT_GAMES)        # game id -> (seed, salt), unsealed
        self._anchors = Recent(KEPT_GAMES)      # game id -> its head's anchor, as last saved here
        self.cache_size = cache_size
        self._histories = Recent(cache_size)
        self._locks = GameLocks()
        self._guard = threading.Lock()
        # One views runner per shard's database; the readers merge them.
        self.shard_views = [Views(shard, self.summary) for shard in self.shards.stores]
        self.views = self.shard_views[0] if len(self.shard_views) == 1 else MergedViews(self.shard_views)
        # Each shard keeps its own games' checkpoints (in its snapshots table).
        self.shard_checkpoints = [Checkpoints(shard, self.keyring) for shard in self.shards.stores]
        self._first_answers = Recent(cache_size)    # request key -> (what it asked, the answer)
        # (game id, seat) -> (version, the whole log), at most LOG_CACHE_ENTRIES entries in all
        self._logs = Recent(LOG_CACHE_ENTRIES, getsizeof=lambda kept: max(1, len(kept[1])))
        self.heads = heads.shared()      # the versions this host's writers know (service/store/heads.py)

    # -- loading ----------------------------------------------------------------
    def _lock(self, game_id: UUID) -> threading.Lock:
        return self._locks(game_id)

    @contextmanager
    def _turn(self, gid: UUID) -> Iterator[None]:
        """The game's lock for one request, waited for at most ``TURN_WAIT``
        seconds: a request behind others that meet a locked database is
        answered 503 after one bounded wait, not after each one's in turn."""
        lock = self._lock(gid)
        if not lock.acquire(timeout=TURN_WAIT):
            raise Unavailable("This game's earlier requests are still waiting for the database; nothing was "
                              "recorded. Try again in a few seconds.", "game_busy")
        try:
            yield
        finally:
            lock.release()

    def store_of(self, gid: UUID) -> Tablelog:
        """The store of the shard the game's id names (404: a shard this service does not have)."""
        try:
            return self.shards.of(gid)
        except UnknownShard:
            raise NotFound(f"There is no game {gid}.") from None

    def checkpoints_of(self, gid: UUID) -> Checkpoints:
        """The stored checkpoints of the game's shard (404: a shard this service does not have)."""
        self.store_of(gid)
        return self.shard_checkpoints[shard_of(gid)]

    @staticmethod
    def parse_id(text: str | UUID) -> UUID:
        try:
            return text if isinstance(text, UUID) else UUID(str(text))
        except ValueError:
            raise NotFound(f"There is no game {text!r}.") from None

    def history(self, game_id: str | UUID) -> GameHistory:
        """The game's history, brought up to date with the store."""
        gid = self.parse_id(game_id)
        with self._turn(gid):
            try:
                return self._sync(gid)
            except (OperationalError, InterfaceError):
                # The database is away: a read answers from this worker's
                # copy when it has one (writes always go to the store).
                cached = self._histories.get(gid)
                if cached is None:
                    raise
                return cached

    def _sync(self, gid: UUID, anchor_too: bool = False) -> GameHistory:
        """The game's history brought up to date with the store; with
        ``anchor_too`` (a write is next) its keyed anchor as well, in the
        same query where the store can (``select_after``)."""
        hist = self._histories.get(gid)
        if hist is None:
            hist = self._load(gid)
            with self._guard:
                self._histories[gid] = hist
        else:
            store = self.store_of(gid)
            anchor = self._anchors.get(gid) if anchor_too else None
            if anchor is not None and hasattr(store.recorder, "select_after"):
                self._catch_up_with_anchor(store, hist, anchor)
            else:
                hist.feed(store.events.get(gid, gt=hist.version))
            self.checkpoints_of(gid).keep(hist)
            with self._guard:
                self._histories.touch(gid)
        self.heads.saw(self.store_of(gid).identity, gid, hist.version)
        return hist

    def _catch_up_with_anchor(self, store: Tablelog, hist: GameHistory, anchor: HeadAnchor) -> None:
        """The game's events after its cached version and its anchor's after
        the anchor's, read in one query (one view of the store, so both end
        at the same write). An anchor moved on by the store is checked with
        the key as one read by the repository is; one that does not hold is
        dropped, so the write's own look at it (``_anchor_of``) reads it
        again and refuses."""
        events = [store.mapper.to_domain_event(stored)
                  for stored in store.recorder.select_after(hist.id, hist.version, anchor.id, anchor.version)]
        hist.feed([event for event in events if event.originator_id == hist.id])
        moved = [event for event in events if event.originator_id == anchor.id]
        if not moved:
            return
        for event in moved:
            event.mutate(anchor)
        if self._anchor_differs(anchor, hist.record):
            with self._guard:
                self._anchors.pop(hist.id, None)

    def _cached_head(self, gid: UUID, expected_version: int | None) -> GameHistory | None:
        """The game's cached history, when this host's writers know of no
        later version (service/store/heads.py): a write may then be checked
        against it without reading the store first."""
        hist = self._histories.get(gid)
        if hist is None or (expected_version is not None and expected_version != hist.version):
            return None
        if not self.heads.current(self.store_of(gid).identity, gid, hist.version):
            return None
        with self._guard:
            self._histories.touch(gid)
        return hist

    def _load(self, gid: UUID) -> GameHistory:
        """The game's history from its newest stored checkpoint and the events
        after it, or from every event when none fits (service.store.snapshots);
        it reads older parts from the store when asked (domain.history)."""
        def read(after: int, upto: int | None) -> Iterator[Any]:
            return self.stored_events(gid, upto, after=after)

        started = next(iter(read(0, 1)), None)
        if started is None or not is_game_start(started):
            raise NotFound(f"There is no game {gid}.")
        checkpoints = self.checkpoints_of(gid)
        hist = checkpoints.restored(started, read)
        if hist is None:
            hist = GameHistory(started, read=read)
            hist.checkpoint_at = checkpoints.stored_at(gid, hist.table.rules_version)
            hist.feed(read(1, None))
        checkpoints.keep(hist)
        return hist

    def ids(self) -> Iterator[UUID]:
        """Every game's id, oldest first in each shard, shard by shard."""
        topic = f"{GameRecord.__module__}:{GameRecord.__qualname__}.Started"
        for store in self.shards.stores:
            start = 1
            while batch := store.recorder.select_notifications(start, 500, topics=[topic]):
                for notification in batch:
                    yield notification.originator_id
                start = batch[-1].id + 1

    # -- who is asking -----------------------------------------------------------
    def caller(self, hist: GameHistory, token: str | None, required: bool = False) -> Caller:
        if not token:
            if required:
                raise Unauthorized("Send the game's scorekeeper token: Authorization: Bearer <token>.")
            return ANONYMOUS
        known = hist.callers.get(token)
        if known is not None:
            return known
        digest = token_hash(token)
        for key, stored in hist.tokens.items():
            if secrets.compare_digest(stored, digest):
                caller = Caller(SCOREKEEPER) if key == SCOREKEEPER else Caller("seat", key.removeprefix("seat:"))
                hist.callers[token] = caller      # only tokens that belong to the game are kept
                return caller
        if required:
            raise Forbidden("That token does not belong to this game.")
        return ANONYMOUS

    # -- house catalogs -------------------------------------------------------------
    def store_house_catalog(self, game_id: str, content: Any, name: str = "") -> tuple[dict[str, Any], bool]:
        """Store a table's own copy of a game's components once: checked by
        the game, at most ``HOUSE_CATALOG_LIMIT`` of JSON, its id made from
        the game and the content. The same content again is the catalog
        already stored (False: nothing new was stored)."""
        if not is_game(game_id):
            raise NotFound(f"Unknown game {game_id!r}; tablelog knows {', '.join(game_ids())}.")
        size = len(canonical(content).encode())
        if size > HOUSE_CATALOG_LIMIT:
            raise TooLarge(f"A house catalog is at most {HOUSE_CATALOG_LIMIT // 1024} KiB of JSON; this one is "
                           f"{size // 1024} KiB. Nothing was stored.")
        content = as_json(get_game(game_id).check_house_catalog(content))
        cid = house_catalog_id(game_id, content)
        try:
            return self.house_catalog(str(cid)), False
        except NotFound:
            pass
        try:
            self.store.save(HouseCatalog(game_id, name, content, id=cid))
        except IntegrityError:
            return self.house_catalog(str(cid)), False      # stored by another request meanwhile
        return self.house_catalog(str(cid)), True

    def house_catalog(self, catalog_id: str, content: bool = True) -> dict[str, Any]:
        try:
            stored = self.store.repository.get(UUID(str(catalog_id)))
        except (ValueError, AggregateNotFoundError):
            stored = None
        if not isinstance(stored, HouseCatalog):
            raise NotFound(f"There is no house catalog {catalog_id!r}; GET /api/house-catalogs lists them.")
        answer = {"id": str(stored.id), "game": stored.game, "name": stored.name, "digest": stored.digest,
                  "stored_at": stored.created_on.isoformat(), "size": len(canonical(stored.content).encode())}
        return {**answer, "content": stored.content} if content else answer

    def house_catalogs(self) -> list[dict[str, Any]]:
        """Every stored house catalog, oldest first (without its content)."""
        topic = f"{HouseCatalog.__module__}:{HouseCatalog.__qualname__}.Stored"
        found, start = [], 1
        while batch := self.store.recorder.select_notifications(start, 500, topics=[topic]):
            found += [self.house_catalog(str(n.originator_id), content=False) for n in batch]
            start = batch[-1].id + 1
        return found

    def _with_house_catalog(self, game_id: str, options: dict[str, Any] | None) -> dict[str, Any] | None:
        """Options naming a stored house catalog (``catalog``) with its content
        copied in (``house_catalog``): the game's record holds what it used."""
        if not isinstance(options, dict) or options.get("catalog") is None:
            return options
        if options.get("house_catalog") is not None:
            raise ServiceError("Name a stored house catalog (catalog) or give one inline (house_catalog), "
                               "not both.", "catalog_and_house_catalog")
        stored = self.house_catalog(str(options["catalog"]))
        if stored["game"] != game_id:
            raise ServiceError(f"House catalog {stored['id']} is for {stored['game']}, not {game_id}.",
                               "catalog_of_another_game")
        return {**options, "catalog": stored["id"], "house_catalog": stored["content"]}

    # -- creating -------------------------------------------------------------------
    def create(self, game_id: str, players: list[str], mode: str = "table", seed: int | None = None,
               options: dict[str, Any] | None = None, request_id: str | None = None) -> dict[str, Any]:
        self._check_start(game_id, mode, players)
        options = self._with_house_catalog(game_id, options)
        self._check_house_catalog(game_id, options, "options")
        game = get_game(game_id)
        Table.start(game, players, options)             # the players and options fit the game
        asked = json.dumps([game_id, list(players), mode, seed, options or {}], sort_keys=True)

        def start(gid: UUID | None) -> dict[str, Any]:
            tokens, hashes = self._new_tokens(players)
            secret = self._new_secret(mode, seed)
            table = Table.start(game, players, options, mode=mode, tokens=hashes, id=gid,
                                seed_commitment=secret and seed_commitment(*secret), anchored=True)
            record = table.record
            sealed = self._seal(record, secret)
            # The first deal answers the start, no move request: the start's
            # Idempotency-Key stays off it, so a move sent later with the same
            # key is recorded, not answered with the deal.
            table.auto(secret)
            self.store_of(record.id).save(record, sealed, self._anchored(record, None))
            self._remember_secret(record, secret)
            answer = {"id": str(record.id), "version": record.version, "tokens": tokens,
                      "receipt": self._receipt_of(record)}
            if record.seed_commitment:
                answer["seed_commitment"] = record.seed_commitment
            return answer

        def same(hist: GameHistory) -> bool:
            return (hist.record.forked_from is None and self._started_as(hist, game_id, players, mode, options)
                    and (seed is None or mode != "digital" or self._secret(hist.record)[0] == seed))

        # A retry with the same Idempotency-Key (and the same request) gets
        # the first answer, not a second game.
        return self._once(request_id, f"create {asked}", same, start)

    @staticmethod
    def _check_house_catalog(game_id: str, options: Any, field: str) -> None:
        """A game starts (or a record is imported) with a house catalog only
        inside its bounds, as one is stored (domain.grand_austria.house):
        400 naming the place, nothing stored."""
        house = options.get("house_catalog") if isinstance(options, dict) else None
        if house is None:
            return
        try:
            get_game(game_id).check_house_catalog(house)
        except MalformedMove as error:
            messages = error.messages.get("content", error.messages) if isinstance(error.messages, dict) \
                else error.messages
            raise MalformedMove({field: {"house_catalog": messages}}) from None

    @staticmethod
    def _check_start(game_id: str, mode: str, players: Any, new_names: bool = True) -> None:
        """What every new game needs before its rules are asked: a game tablelog
        knows, a mode, and names a database can keep (no NUL character, which
        PostgreSQL cannot store in text; the API refuses it before this, a
        record imported on the command line meets it here). ``new_names``
        (not a fork, which keeps its origin's players): the names follow
        domain.names' rules."""
        if not is_game(game_id):
            raise MalformedMove({"game": [f"Unknown game {game_id!r}; tablelog knows {', '.join(game_ids())}."]})
        if mode not in MODES:
            raise MalformedMove({"mode": ["The mode is 'table' or 'digital'."]})
        if any(isinstance(name, str) and "\x00" in name for name in players):
            raise MalformedMove({"players": ["A name cannot hold a NUL character."]})
        if new_names:
            check_new_names(players, get_game(game_id).reserved_seats)

    @staticmethod
    def _new_tokens(players: list[str]) -> tuple[dict[str, Any], dict[str, str]]:
        """Fresh tokens as the create answer shows them, and the hashes the record keeps."""
        tokens = {SCOREKEEPER: secrets.token_urlsafe(24), "seats": {p: secrets.token_urlsafe(24) for p in players}}
        hashes = {SCOREKEEPER: token_hash(tokens[SCOREKEEPER])}
        hashes.update({f"seat:{player}": token_hash(token) for player, token in tokens["seats"].items()})
        return tokens, hashes

    def _key(self, needed_to: str) -> Keyring:
        """The keyring, or 503 saying what it was needed for."""
        if self.keyring is None:
            raise Unavailable(f"This service has no key to {needed_to}: start it with tablelog's key "
                              "(tablelog key init; see docs/operations.md, The key).", "no_key")
        return self.keyring

    # -- a digital game's seed --------------------------------------------------------
    def _new_secret(self, mode: str, chosen: int | None) -> tuple[int, str] | None:
        """A new digital game's seed (the caller's, else 128 random bits) and
        the salt of its commitment; None in a table game, which has no seed."""
        if mode != "digital":
            return None
        self._key("seal a digital game's seed")
        return (new_seed() if chosen is None else chosen), new_salt()

    def _seal(self, record: GameRecord, secret: tuple[int, str] | None) -> SealedSeed | None:
        if secret is None:
            return None
        plain = json.dumps({"seed": secret[0], "salt": secret[1]}).encode()
        sealed = self.keyring.seal(plain, str(record.id).encode())
        return SealedSeed(game_id=str(record.id), id=sealed_seed_id(record.id), **sealed)

    def _remember_secret(self, record: GameRecord, secret: tuple[int, str] | None) -> None:
        if secret is not None:
            with self._guard:
                self._seeds[record.id] = secret

    def _secret(self, record: GameRecord) -> tuple[int, str]:
        """The seed the game's chance moves come from, and its salt. A record
        stored before seeds were sealed holds its seed in the Started event."""
        if record.seed is not None or not record.seed_commitment:
            return record.seed, ""
        secret = self._seeds.get(record.id)
        if secret is None:
            self._key("open this digital game's sealed seed")
            sealed = self.store_of(record.id).repository.get(sealed_seed_id(record.id))
            try:
                opened = json.loads(self.keyring.unseal(
                    {"key_id": sealed.key_id, "nonce": sealed.nonce, "ciphertext": sealed.ciphertext},
                    str(record.id).encode()))
            except Exception:
                raise Unavailable("This digital game's seed cannot be opened with this service's key.",
                                  "wrong_key") from None
            secret = opened["seed"], opened["salt"]
            with self._guard:
                self._seeds[record.id] = secret
        return secret

    # -- writing ----------------------------------------------------------------------
    def _write(self, game_id: str, token: str | None, expected_version: int | None,
               request_id: str, action, kind: str, asked: Any = None) -> dict[str, Any]:
        """Run ``action`` on the game's record and save what it triggered.

        One game at a time in this process. Other processes (workers, other
        servers on the same database) write too, so the record is first
        brought up to date with the store (one query for the events beyond
        the cached version): the move is checked against the game as stored,
        and a retry's key is found whichever process answered it first.
        That query is left out when this host's writers know the cached
        version to be the game's newest (service/store/heads.py): if it is not
        after all, the save fails on the store's unique key, and a request
        refused against the cache is checked again after the query, so the
        answer is the same either way. The save is optimistic: a save that
        lost a race to another process reloads the record and runs the
        action again, or answers 409 when the client named the version it saw.
        """
        gid = self.parse_id(game_id)
        with self._turn(gid):
            for attempt in range(WRITE_ATTEMPTS):
                cached = self._cached_head(gid, expected_version) if attempt == 0 else None
                hist = cached or self._sync(gid, anchor_too=True)
                caller, record, pending = ANONYMOUS, hist.record, []
                # Unread, the store may be away: what to go back to if the save fails.
                savepoint = hist.table.savepoint() if cached is not None else None
                try:
                    caller = self.caller(hist, token, required=True)
                    if request_id in hist.answers:
                        return self._first_answer(hist, request_id, kind, asked, caller)
                    if expected_version is not None and expected_version != hist.version:
                        raise Conflict(f"The game is at version {hist.version}, not {expected_version}: "
                                       "someone recorded something first. Reload and try again.", "stale_version")
                    anchor = self._anchor_of(hist)
                    action(hist, caller)
                    pending = list(record.pending_events)
                    self.store_of(gid).save(record, self._anchored(record, anchor))
                except IntegrityError:
                    self._forget(gid)
                    if expected_version is not None:
                        raise Conflict("Someone recorded something at the same moment; reload and try again.",
                                       "stale_version") from None
                    if attempt == WRITE_ATTEMPTS - 1:
                        # Not stale (the client named no version): the store is too busy to take it now.
                        raise WriteConflict(f"game {gid}: every one of {WRITE_ATTEMPTS} tries lost its race "
                                            "to another writer") from None
                    if cached is None:
                        time.sleep(random.uniform(0, 0.002 * (attempt + 1)))   # let the other writer finish
                    continue
                except BaseException as error:
                    # The record and its table were changed but not saved (a
                    # save that failed may have taken the pending events already).
                    if savepoint is not None and isinstance(error, Exception) and cannot_write(error):
                        # The database cannot write: the cache goes back to
                        # where it stood, so reads answer from it meanwhile.
                        hist.table.rollback(savepoint)
                        with self._guard:
                            self._anchors.pop(gid, None)
                        raise
                    if record.pending_events or pending:
                        self._forget(gid)
                    if cached is not None and isinstance(error, Exception) and not isinstance(error,
                                                                                              PersistenceError):
                        continue      # refused against the cache: read the store and check again
                    raise
                hist.feed(pending, applied=True)
                metrics.moves_recorded(hist.game.id, sum(isinstance(e, GameRecord.MoveRecorded) for e in pending))
                self.heads.saw(self.store_of(gid).identity, gid, hist.version)
                self.checkpoints_of(gid).keep(hist)
                return self.answer(hist, hist.answers[request_id], caller, kind)
        raise AssertionError("unreachable")

    def _first_answer(self, hist: GameHistory, request_id: str, kind: str, asked: Any,
                      caller: Caller) -> dict[str, Any]:
        """A retry's answer: the first one, if the key was first sent with the
        same request (the same kind: a move, an undo, a redo, an annotation;
        and the same move or comment)."""
        first = hist.answers[request_id]
        # A take-back is stored as undo events: its retry finds an undo's answer.
        if first.kind != kind and (first.kind, kind) != ("undo", "take_back"):
            raise Conflict(f"This Idempotency-Key was already used for another request (a {first.kind}, "
                           f"version {first.version}); a retry repeats the same request, anything else "
                           "needs a new key.", "idempotency_key_reused")
        if not self._asks_the_same(hist, first, asked):
            raise Conflict(f"This Idempotency-Key was already used for another {kind} (version "
                           f"{first.version}); a retry repeats the same request, anything else needs a new key.",
                           "idempotency_key_reused")
        return self.answer(hist, first, caller, kind)

    @staticmethod
    def _asks_the_same(hist: GameHistory, first: Any, asked: Any) -> bool:
        """Whether a retry asks what the first request asked. A move is
        compared as the rules read it, field by field: in a digital game the
        stored move also holds what the service rolled or dealt for it."""
        if first.kind == "undo" and isinstance(asked, dict):      # a take-back: back to the same move
            return asked.get("move_index") == first.index
        if first.kind != "move":
            return asked == first.request
        try:
            move = hist.game.load_move(asked)
        except MalformedMove:
            return False
        stored = as_json(first.request)
        return all(key in stored and stored[key] == value for key, value in as_json(move).items())

    def _forget(self, gid: UUID) -> None:
        with self._guard:
            self._histories.pop(gid, None)
            self._anchors.pop(gid, None)

    # -- the keyed anchor of each game's head ------------------------------------------------
    def _anchor_of(self, hist: GameHistory) -> HeadAnchor | None:
        """The game's anchor as it stands at the record's version (read
        again when this process's copy is behind), or None for a game
        recorded before heads were anchored (its next write makes one). A
        head the anchor cannot vouch for is never anchored over
        (replay.anchors: the check verify and the audit make)."""
        keyring = self._key("anchor what it records")
        record = hist.record
        anchor = self._anchors.get(record.id)
        # This process's own copy was keyed here: only where it stands is checked, not its MAC again.
        if anchor is None or self._anchor_differs(anchor, record, mac=False):
            anchor = read_anchor(self.store_of(record.id), record.id)
            check = check_head(record.id, anchor, record.version,
                               lambda v: record.last_hash if v == record.version else None,
                               keyring, anchor_expected(hist.started))
            if not check.ok:
                raise self._refused_head(record.id, check)
            if anchor is None:
                return None
        with self._guard:
            self._anchors[record.id] = anchor
        return anchor

    @staticmethod
    def _refused_head(gid: UUID, check: HeadCheck) -> Conflict:
        """A write refused because the record's end cannot be vouched for.
        The message says what anyone may read in the audit, nothing more."""
        if check.code == "anchor_unverified":
            return Conflict("Where this game's record ends cannot be verified with this service's key, so "
                            f"nothing is recorded. Its audit (GET /api/games/{gid}/audit) says why; an operator "
                            "restores the key or decides (tablelog key accept-head).", "anchor_unverified")
        return Conflict("This game's record does not end where its keyed anchor says: it was changed in the "
                        f"database. Nothing is recorded; its audit (GET /api/games/{gid}/audit) shows what "
                        "changed.", "anchor_mismatch")

    def _anchor_differs(self, anchor: HeadAnchor, record: GameRecord, mac: bool = True) -> bool:
        """Whether ``anchor`` is not a keyed anchor of the record's head (with
        ``mac``: also when its MAC does not hold, or its key is not here)."""
        head = anchor.head
        if (head["version"], head["hash"]) != (record.version, record.last_hash):
            return True
        if not mac:
            return False
        message = anchor_message(record.id, head["version"], head["hash"], head["n"])
        return head["key_id"] not in self.keyring.keys or not self.keyring.check_mac(message, head["mac"],
                                                                                      head["key_id"])

    def _anchored(self, record: GameRecord, anchor: HeadAnchor | None) -> HeadAnchor:
        """``anchor`` moved to the record's new head (a game's first anchor when None)."""
        keyring = self._key("anchor what it records")
        number = 1 if anchor is None else anchor.next_number
        mac = keyring.mac(anchor_message(record.id, record.version, record.last_hash, number))
        if anchor is None:
            anchor = HeadAnchor(game_id=str(record.id), version=record.version, head_hash=record.last_hash,
                                key_id=keyring.current, mac=mac, id=head_anchor_id(record.id))
        else:
            anchor.anchor(record.version, record.last_hash, keyring.current, mac)
        with self._guard:
            self._anchors[record.id] = anchor
        return anchor

    def accept_head(self, game_id: str, by: str, why: str) -> dict[str, Any]:
        """An operator's decision: the game's record ends where it stands,
        though its anchor cannot vouch for that (a key this service does not
        hold, an anchor deleted). Written in the record as a HeadAccepted
        event, with what the check found, and anchored afresh with the
        current key: the game takes writes again, and its audit shows the
        decision for good. A head that verifies needs none (409)."""
        if not by.strip() or not why.strip():
            raise MalformedMove({"by": ["Name who decides and why."]})
        gid = self.parse_id(game_id)
        keyring = self._key("anchor what it records")
        with self._lock(gid):
            self._forget(gid)
            hist = self._sync(gid)
            record = hist.record
            store = self.store_of(gid)
            anchor = read_anchor(store, gid)
            check = check_head(gid, anchor, record.version,
                               lambda v: record.last_hash if v == record.version else None,
                               keyring, anchor_expected(hist.started))
            if check.ok:
                raise Conflict(f"Game {gid}'s head verifies ({check.said}): there is nothing to accept.",
                               "nothing_to_accept")
            record.accept_head(by.strip(), why.strip(), check.kinds)
            pending = list(record.pending_events)
            store.save(record, self._anchored(record, anchor))
            hist.feed(pending, applied=True)
            self.heads.saw(store.identity, gid, hist.version)
        return {"id": str(gid), "version": record.version, "found": check.kinds, "receipt": self._receipt_of(record)}

    def _receipt_of(self, record: GameRecord) -> dict[str, Any]:
        return {"game": str(record.id), "version": record.version, "hash": record.last_hash,
                "key_id": self.keyring.current,
                "mac": self.keyring.mac(receipt_message(record.id, record.version, record.last_hash))}

    def receipt(self, hist: GameHistory, version: int) -> dict[str, Any] | None:
        """Proof, for a client to keep, that the game's record reached
        ``version`` with that event: its hash, keyed. Handed to verify later
        it shows whether that event is still in the record."""
        if self.keyring is None:
            return None
        if version == hist.version:
            head = hist.record.last_hash
        else:
            head = hash_of(next(self.store_of(hist.id).events.get(hist.id, gt=version - 1, lte=version)))
        return {"game": str(hist.id), "version": version, "hash": head, "key_id": self.keyring.current,
                "mac": self.keyring.mac(receipt_message(hist.id, version, head))}

    def check_receipt(self, game_id: str, receipt: dict[str, Any]) -> dict[str, Any]:
        """Whether the event a receipt names is still in the game's record (see replay.verify)."""
        gid = self.parse_id(game_id)
        store = self.store_of(gid)
        first = next(iter(store.recorder.select_events(gid, limit=1)), None)
        if first is None or not is_game_start_topic(first.topic):
            raise NotFound(f"There is no game {gid}.")
        problems = check_receipt(store, gid, receipt, self.keyring)
        return {"id": str(gid), "ok": not problems, "checked": self.keyring is not None
                and receipt.get("key_id") in self.keyring.keys,
                "problems": [{"kind": p.kind, "version": p.version, "message": p.message} for p in problems]}

    def record_move(self, game_id: str, data: Any, token: str | None, expected_version: int | None = None,
                    request_id: str | None = None) -> dict[str, Any]:
        request_id = request_id or f"auto-{secrets.token_hex(8)}"

        def action(hist: GameHistory, caller: Caller) -> None:
            table = hist.table
            move = hist.game.named(table.state, hist.game.load_move(data))
            self._may_record(hist, caller, move.get("seat", TABLE))
            secret = self._secret(table.record) if table.digital else None
            table.play(table.complete(move, secret and secret[0]), caller.name, request_id)
            table.auto(secret, request_id)

        return self._write(game_id, token, expected_version, request_id, action, "move", data)

    @staticmethod
    def _refuse_past_reveal(record: GameRecord) -> None:
        """Once a digital game's seed is revealed its end stands: taken back,
        the game would go on with every future deal known."""
        if record.seed_revealed:
            raise Conflict("The game is over and its seed was revealed: in a digital game undo cannot take the "
                           "end back.", "seed_revealed")

    def _may_record(self, hist: GameHistory, caller: Caller, seat: str) -> None:
        """Who may record (undo, redo) a move of ``seat``. In a digital game
        the scorekeeper is the table: it sees what lies open and nothing
        more, so while the table's view hides anything it records only for
        seats no person holds (the card monster); a player's move is made
        with the player's own token, and its refusal goes to that player."""
        started = hist.started
        if caller.role == SCOREKEEPER:
            if (started.mode == "digital" and seat in started.players
                    and self._hides_anything(hist, hist.state)):
                raise Forbidden(f"In a digital game the scorekeeper is the table and does not see {seat}'s "
                                f"cards: {seat} records their own moves with their own token.")
            return
        if started.mode != "digital":
            raise Forbidden("In a table game the scorekeeper records every move; use the scorekeeper's token.")
        if seat != caller.seat:
            raise Forbidden(f"This token is {caller.seat}'s: it may record only {caller.seat}'s own moves.")

    def undo(self, game_id: str, token: str | None, expected_version: int | None = None,
             request_id: str | None = None) -> dict[str, Any]:
        request_id = request_id or f"auto-{secrets.token_hex(8)}"

        def action(hist: GameHistory, caller: Caller) -> None:
            record = hist.record
            number = record.last_move
            if number is None:
                raise Conflict("There is no move to undo.", "nothing_to_undo")
            self._refuse_past_reveal(record)
            if record.mode == "digital" and record.last_move_by_service:
                raise Conflict("In a digital game undo cannot go back past a deal, roll or draw the service "
                               "made.", "undo_past_chance")
            self._may_record(hist, caller, hist.entry(number).seat)
            hist.table.undo(caller.name, request_id)

        return self._write(game_id, token, expected_version, request_id, action, "undo")

    def take_back(self, game_id: str, number: int, token: str | None, expected_version: int | None = None,
                  request_id: str | None = None) -> dict[str, Any]:
        """Take back move ``number`` and every effective move after it: the
        undo events of them all in one save, so the record keeps each move
        (struck through) as undo does. In a digital game a seat takes back
        only to a move of its own, and nobody past a move the service made."""
        request_id = request_id or f"auto-{secrets.token_hex(8)}"

        def action(hist: GameHistory, caller: Caller) -> None:
            record = hist.record
            if number not in hist.effective:
                raise Conflict(f"Move {number} is not in effect (undone, or never recorded): nothing to take "
                               "back to.", "not_effective")
            entry = hist.entry(number)
            self._may_record(hist, caller, entry.seat)
            self._refuse_past_reveal(record)
            later = hist.effective[hist.effective.index(number):]
            if record.mode == "digital" and any(e.recorded_by == SERVICE for e in hist.entries_of(later)):
                raise Conflict("In a digital game taking back cannot go past a deal, roll or draw the service "
                               "made.", "undo_past_chance")
            for _ in later:
                hist.table.undo(caller.name, request_id)

        return self._write(game_id, token, expected_version, request_id, action, "take_back", {"move_index": number})

    def redo(self, game_id: str, token: str | None, expected_version: int | None = None,
             request_id: str | None = None) -> dict[str, Any]:
        request_id = request_id or f"auto-{secrets.token_hex(8)}"

        def action(hist: GameHistory, caller: Caller) -> None:
            table = hist.table
            number = table.record.redoable
            if number is None:
                raise Conflict("There is no undone move to redo (or something was recorded since).",
                               "nothing_to_redo")
            self._may_record(hist, caller, hist.entry(number).seat)
            try:
                table.redo(caller.name, request_id)
            except RuleViolation as violation:
                raise Conflict(f"Move {number} cannot be redone: {violation.message}", "redo_illegal") from None
            table.auto(self._secret(table.record) if table.digital else None, request_id)

        try:
            return self._write(game_id, token, expected_version, request_id, action, "redo")
        except NothingToUndo as error:
            raise Conflict(str(error), "nothing_to_redo") from None

    def seat_link(self, game_id: str, seat: str, token: str | None, revoke: bool = False,
                  expected_version: int | None = None) -> dict[str, Any]:
        """Hand a seat's link out again (a new token; the one before stops
        working) or revoke it: the scorekeeper's, an event in the record. The
        new token is in this answer only, so a retry hands out another."""
        fresh = None if revoke else secrets.token_urlsafe(24)

        def action(hist: GameHistory, caller: Caller) -> None:
            if caller.role != SCOREKEEPER:
                raise Forbidden("Only the scorekeeper hands out and revokes the seats' links.")
            try:
                hist.record.change_seat_link(seat, None if fresh is None else token_hash(fresh), caller.name, request_id)
            except ValueError as error:
                raise NotFound(str(error)) from None

        request_id = f"auto-{secrets.token_hex(8)}"
        answer = self._write(game_id, token, expected_version, request_id, action, "seat_link")
        return {**answer, "seat": seat, "token": fresh}

    def annotate(self, game_id: str, number: int, text: str, token: str | None,
                 expected_version: int | None = None, request_id: str | None = None) -> dict[str, Any]:
        request_id = request_id or f"auto-{secrets.token_hex(8)}"

        def action(hist: GameHistory, caller: Caller) -> None:
            try:
                hist.record.annotate(number, text, caller.name, request_id)
            except ValueError as error:
                raise NotFound(str(error)) from None

        return self._write(game_id, token, expected_version, request_id, action, "annotation",
                           {"move_index": number, "text": text})

    # -- answers ----------------------------------------------------------------------
    def answer(self, hist: GameHistory, answer: Any, caller: Caller, kind: str | None = None) -> dict[str, Any]:
        receipt = self.receipt(hist, answer.version)
        if answer.kind == "undo" and kind == "take_back":
            return {"version": answer.version, "undone": answer.index, "taken_back": answer.taken_back,
                    "receipt": receipt}
        if answer.kind == "undo":
            return {"version": answer.version, "undone": answer.index, "receipt": receipt}
        if answer.kind == "redo":
            return {"version": answer.version, "redone": answer.index, "receipt": receipt}
        if answer.kind == "seat_link":
            return {"version": answer.version, "receipt": receipt}
        if answer.kind == "annotation":
            return {"version": answer.version, "move_index": answer.index, "receipt": receipt}
        last = answer.auto[-1] if answer.auto else answer.index
        return {
            "index": answer.index,
            "version": answer.version,
            "outcome": answer.outcome,
            "auto": [self._auto_entry(hist, number, caller) for number in answer.auto],
            "state": self.view(hist, hist.state_at(last), caller),
            "receipt": receipt,
        }

    def _auto_entry(self, hist: GameHistory, number: int, caller: Caller) -> dict[str, Any]:
        entry = hist.entry(number)
        return {"index": number, "move": self.move_as_seen(hist, entry.move, caller.seat), "outcome": entry.outcome}

    # -- reading ------------------------------------------------------------------------
    @staticmethod
    def hidden(hist: GameHistory) -> bool:
        return hist.started.mode == "digital"

    def view(self, hist: GameHistory, state: Any, caller: Caller, seat: str | None = None) -> dict[str, Any]:
        full = not self.hidden(hist)
        view = hist.game.view(state, seat or caller.seat, full)
        seed = self.seed_view(hist)
        return view if seed is None else {**view, "seed": seed}

    @staticmethod
    def seed_view(hist: GameHistory) -> dict[str, Any] | None:
        """A digital game's commitment to its seed, and once the game is over
        the seed and salt that open it (None in a table game, and in a record
        stored before seeds were committed)."""
        commitment = getattr(hist.started, "seed_commitment", None)
        if not commitment:
            return None
        revealed = hist.revealed
        return {"commitment": commitment, "seed": revealed and revealed["seed"],
                "salt": revealed and revealed["salt"]}

    def move_as_seen(self, hist: GameHistory, move: Move, seat: str | None) -> Move:
        return move if not self.hidden(hist) else hist.game.redact_move(move, seat)

    def viewer(self, hist: GameHistory, caller: Caller, seat: str | None) -> str | None:
        """Whose view a read shows: ``seat`` when asked for (in a digital
        game only with that seat's own token), else the caller's."""
        if seat is None:
            return caller.seat
        if seat not in hist.started.seats:
            raise NotFound(f"There is no seat {seat!r} in this game.")
        if self.hidden(hist) and caller.seat != seat:
            raise Forbidden(f"{seat}'s view needs {seat}'s own token.")
        return seat

    def state(self, game_id: str, token: str | None, at: int | None = None,
              seat: str | None = None, since: int | None = None) -> dict[str, Any]:
        hist = self.history(game_id)
        caller = self.caller(hist, token)
        seat = self.viewer(hist, caller, seat)
        self._check_since(hist, since)
        if since is not None and hist.state_version <= since:
            # Nothing was recorded, undone or redone since: the reader's state stands.
            return {"id": str(hist.id), "version": hist.version, "since": since, "unchanged": True}
        applied = hist.applied_at(at)
        view = self.view(hist, hist.states[applied], caller, seat)
        return {"id": str(hist.id), "version": hist.version, "at": at if at is not None else
                (hist.effective[-1] if hist.effective else 0), "moves_applied": applied,
                **({"since": since, "unchanged": False} if since is not None else {}), **view}

    @staticmethod
    def _check_since(hist: GameHistory, since: int | None) -> None:
        if since is not None and since > hist.version:
            raise MalformedMove({"since": [f"The game is at version {hist.version}: since cannot be later."]})

    def legal_moves(self, game_id: str, token: str | None) -> dict[str, Any]:
        hist = self.history(game_id)
        caller = self.caller(hist, token)
        state = hist.state
        expected = hist.game.expected(state)
        if hist.game.finished(state) and not expected.seats:
            return {"expected": expected.to_json(), "moves": [], "unlisted": []}     # nothing left to list
        moves = hist.game.legal_moves(state)
        if moves is not None and self.hidden(hist):
            # A seat sees its own options; the scorekeeper every option when
            # the table's view hides nothing, else those of seats no person
            # holds (the card monster); nobody else sees any.
            if caller.role == "seat":
                moves = [m for m in moves if m.get("seat") == caller.seat]
            elif caller.role == SCOREKEEPER:
                if self._hides_anything(hist, state):
                    moves = [m for m in moves if m.get("seat") not in hist.started.players]
            else:
                moves = None
        if hist.started.mode == "digital" and expected.is_chance:
            moves = []
        return {"expected": expected.to_json(), "moves": moves, "unlisted": list(hist.game.unlisted_moves(state))}

    def dry_run(self, game_id: str, data: Any, token: str | None) -> dict[str, Any]:
        """Would the rules take this move now? The engine's own check, nothing
        recorded. Asked only by whoever may record the move (``_may_record``:
        in a digital game whose table hides anything, a player's move only by
        that player), so the answer never tells anyone else what a hand holds."""
        hist = self.history(game_id)
        caller = self.caller(hist, token, required=True)
        game, state = hist.game, hist.state
        move = game.named(state, game.load_move(data))
        seat = move.get("seat", TABLE)
        self._may_record(hist, caller, seat)
        if self.hidden(hist) and seat != TABLE:
            move = hist.table.complete(move, hist.record.seed)
        try:
            game.check(state, move)
        except RuleViolation as violation:
            return {"legal": False, **violation.to_json()}
        return {"legal": True}

    @staticmethod
    def _hides_anything(hist: GameHistory, state: Any) -> bool:
        """Whether the state as the table sees it hides anything the record holds."""
        return hist.game.view(state, None, False) != hist.game.view(state, None, True)

    def summary(self, hist: GameHistory) -> dict[str, Any]:
        started = hist.started
        game, state = hist.game, hist.state
        return {
            "id": str(hist.id), "game": started.game, "title": game.title, "players": started.players,
            "seats": started.seats, "mode": started.mode, "options": started.options,
            "version": hist.version, "moves": len(hist.effective), "recorded": len(hist.entries),
            "created_at": started.timestamp.isoformat(), "updated_at": hist.last_at.isoformat(),
            "finished": game.finished(state), "scores": game.scores(state), "winners": game.winners(state),
            "expected": game.expected(state).to_json(), "forked_from": hist.record.forked_from,
            **({"seed": seed} if (seed := self.seed_view(hist)) else {}),
        }

    def log(self, game_id: str, token: str | None, seat: str | None = None,
            since: int | None = None, limit: int | None = None) -> dict[str, Any]:
        """Every recorded move, or with ``since`` those recorded, undone,
        redone or commented on after that version (each whole, as it is now);
        with ``limit`` the first ``limit`` of them changed after ``since``,
        in the order they changed, and ``next_since`` to ask for the others."""
        hist = self.history(game_id)
        version = hist.version      # the entries are read from the store while writes may go on
        seat = self.viewer(hist, self.caller(hist, token), seat)
        self._check_since(hist, since)
        next_since = None
        if limit is not None:
            numbers, next_since = hist.changed_page(since or 0, limit)
            entries = [self._log_entry(hist, entry, seat) for entry in hist.entries_of(numbers)]
        elif since is None:
            entries = self._whole_log(hist, version, seat)
        else:
            entries = [self._log_entry(hist, entry, seat) for entry in hist.entries_of(hist.changed_since(since))]
        return {"id": str(hist.id), "game": hist.started.game, "version": version, "since": since,
                "forked_from": hist.record.forked_from, "entries": entries, "next_since": next_since}

    def _log_entry(self, hist: GameHistory, entry: Any, seat: str | None) -> dict[str, Any]:
        return {
            "index": entry.number, "version": entry.version,
            "move": self.move_as_seen(hist, entry.move, seat),
            "outcome": entry.outcome, "recorded_by": entry.recorded_by,
            "recorded_at": entry.recorded_at.isoformat(), "undone": entry.undone,
            "history": [{**h, "at": h["at"].isoformat()} for h in entry.history],
            "annotations": [{**a, "at": a["at"].isoformat()} for a in entry.annotations],
        }

    def _whole_log(self, hist: GameHistory, version: int, seat: str | None) -> list[dict[str, Any]]:
        """Every entry of the log as it was at ``version``, as ``seat`` sees
        it. The newest whole logs read are kept (``LOG_CACHE_ENTRIES``): a
        log read again at a later version rebuilds only the moves recorded,
        undone, redone or commented on since, from the store's events after
        the first of them; at the same version nothing at all. An entry at
        a version is what the events up to it say, so a kept one never goes stale."""
        key = (hist.id, seat)
        with self._guard:
            kept = self._logs.get(key)
        if kept is not None and kept[0] == version:
            entries = kept[1]
        elif kept is not None and kept[0] < version and hist.read is not None:
            entries = list(kept[1])
            for entry in hist.built_entries(hist.changed_since(kept[0]), version):
                if entry.number <= len(entries):
                    entries[entry.number - 1] = self._log_entry(hist, entry, seat)
                else:
                    entries.append(self._log_entry(hist, entry, seat))
        else:
            entries = [self._log_entry(hist, entry, seat) for entry in hist.entries_upto(version)]
        with self._guard:
            held = self._logs.pop(key, None)
            if held is not None and held[0] > version:
                newest = held           # a later read kept a newer log meanwhile
            else:
                newest = (version, entries)
            self._logs[key] = newest
        return entries

    def audit(self, game_id: str) -> dict[str, Any]:
        verdict = self.verify(game_id)
        hist = verdict.history
        findings = [] if hist is None else [
            {"kind": f.kind, "seat": f.seat, "move_index": hist.move_number_of_ply(f.ply), "message": f.message}
            for f in hist.game.findings(hist.state)]
        problems = [{"kind": p.kind, "version": p.version, "move_index": p.move_index, "message": p.message}
                    for p in verdict.problems]
        return {"id": str(verdict.id), "ok": verdict.ok, "version": verdict.version, "head": verdict.head,
                "problems": problems, "findings": findings, "accepted": verdict.accepted}

    def verify(self, game_id: str | UUID) -> Verdict:
        """Read every stored event of the game afresh, check the hash chain
        and replay it through the current rules (see replay.verify); a damaged
        record gives problems, never an exception."""
        gid = self.parse_id(game_id)
        store = self.store_of(gid)
        verdict = verify_game(store, gid, self.shard_views[shard_of(gid)].tables.game(gid), self.keyring)
        if verdict is None:
            raise NotFound(f"There is no game {gid}.")
        return verdict

    # -- game records: export, import, fork ------------------------------------------------
    def export(self, game_id: str, fmt: str, token: str | None = None, seat: str | None = None,
               whole: bool = False) -> str:
        """The game's record as ``jsonl`` or ``text`` (see ``export_lines``), whole."""
        return "".join(self.export_lines(game_id, fmt, token, seat, whole))

    def stored_events(self, gid: UUID, upto: int | None, page: int | None = None, after: int = 0) -> Iterator[Any]:
        """A game's stored events after version ``after`` up to ``upto`` (None:
        to the end), read ``page`` (by default ``EXPORT_PAGE``) at a time from
        the store of its shard (a long record is never held whole)."""
        return reading.stored_events(self.store_of(gid), gid, after, upto, page or EXPORT_PAGE)

    def export_lines(self, game_id: str, fmt: str, token: str | None = None, seat: str | None = None,
                     whole: bool = False) -> Iterator[str]:
        """The game's record as ``jsonl`` or ``text`` (or a name for one of
        them, see replay.records), in pieces: JSON Lines a line at a time,
        read from the store a page at a time (the API streams them). In a
        digital game the caller sees what its token may see, like the log,
        or asks for its own ``seat``; ``whole`` (the command line, which
        holds the database) gives every move as stored, or as ``seat`` sees
        it. Who may see what is checked before the first piece."""
        try:
            fmt = format_named(fmt)
        except ValueError as error:
            raise MalformedMove({"format": [str(error)]}) from None
        hist = self.history(game_id)
        if whole:
            if seat is not None and seat not in hist.started.seats:
                raise NotFound(f"There is no seat {seat!r} in this game.")
        else:
            seat = self.viewer(hist, self.caller(hist, token), seat)
        view = (seat or "table") if self.hidden(hist) and not (whole and seat is None) else None
        hide_seed = not whole and not hist.game.finished(hist.state)
        if fmt == "jsonl":
            return jsonl_lines(hist.started.game, self.stored_events(hist.id, hist.version), view, hide_seed)
        return iter([to_text(list(self.stored_events(hist.id, hist.version)), hist.state, view, hide_seed)])

    def import_record(self, text: str, fmt: str | None = None, request_id: str | None = None) -> dict[str, Any]:
        """A new game from a record in ``fmt`` (by default the format it
        looks like), every step checked against the rules of the record's
        version (a version-1 record: the current rules).
        ``differences`` lists the moves whose outcome in the record is not
        what the rules give now."""
        try:
            record = read_record(text, fmt)
        except (RecordError, ValueError) as error:
            raise MalformedMove({"record": [str(error)]}) from None
        self._place(record)
        digest = hashlib.sha256(text.encode()).hexdigest()

        def same(hist: GameHistory) -> bool:
            moves = [as_json(step.move) for step in record.steps if step.kind == "move"]
            return (hist.record.forked_from == record.forked
                    and self._started_as(hist, record.game, record.players, record.mode, record.options)
                    and [entry.move for entry in hist.entries[:len(moves)]] == moves)

        chain = self._chain_of(text, fmt)
        return self._once(request_id, f"import {digest}", same,
                          lambda gid: {**self._create_from(record, gid), "chain": chain})

    @staticmethod
    def _chain_of(text: str, fmt: str | None) -> dict[str, Any]:
        """What an imported record's own hash chain says (replay.verify's
        check of an exported record): a text record carries no hashes."""
        if (format_named(fmt) if fmt else "jsonl" if text.lstrip().startswith("{") else "text") != "jsonl":
            return {"checked": False, "intact": None, "problems": [],
                    "message": "This record carries no hashes (a text record): its hash chain cannot be checked."}
        verdict = verify_jsonl(text)
        problems = [problem.message for problem in verdict.problems]
        return {"checked": True, "intact": not problems, "problems": problems, "message": (
            f"The record's hash chain is intact ({verdict.checked} hashes recomputed)." if not problems else
            f"The record's hash chain is broken in {len(problems)} place(s): it was changed after it was "
            "written; imported as it reads now.")}

    def _place(self, record: Record) -> None:
        """A fork's origin counts only if this service holds that game at
        that version and hash; anything else is imported as a plain game."""
        if record.forked is not None and self._hash_at(record.forked["game"], record.forked["version"]) \
                != record.forked["hash"]:
            record.forked = None

    def _hash_at(self, game_id: str, version: int) -> str | None:
        """The hash of event ``version`` of a game this service holds (None: no such event)."""
        try:
            gid = UUID(str(game_id))
            store = self.store_of(gid)
        except (ValueError, NotFound):
            return None
        event = next(iter(store.events.get(gid, gt=version - 1, lte=version)), None)
        return hash_of(event) if event is not None else None

    def fork(self, game_id: str, at: int, token: str | None, request_id: str | None = None) -> dict[str, Any]:
        """A new game that starts with the effective moves numbered <= ``at``
        of this one, and says so in a Forked event; this game is untouched."""
        hist = self.history(game_id)
        caller = self.caller(hist, token, required=bool(token) or self.hidden(hist))
        if self.hidden(hist) and caller.role != SCOREKEEPER:
            raise Forbidden("Forking a digital game needs its scorekeeper's token: the fork's tokens see every hand.")
        if self.hidden(hist) and not hist.game.finished(hist.state):
            # The fork's seat tokens would see every hand dealt so far, and
            # its moves the origin's seed: a running digital game is forked
            # once it is over (its seed revealed, nothing left to hide).
            raise Conflict("A digital game can be forked once it is over: until then its hands are secret.",
                           "fork_running_digital")
        if at > len(hist.entries):
            raise NotFound(f"There is no move {at} to fork after: the game has {len(hist.entries)} moves.")
        started = hist.started
        steps = [Step("move", i, entry.recorded_by, move=entry.move)
                 for i, entry in enumerate(hist.entries_of(hist.effective[:hist.applied_at(at)]), 1)]
        # A fork gets a fresh seed (and commitment) for its own chance moves.
        record = Record(game=started.game, players=started.players, options=started.options, mode=started.mode,
                        seed=None, rules_version=started.rules_version, steps=steps,
                        forked={"game": str(hist.id), "at": at, "version": hist.version, "hash": hist.record.last_hash})
        def same(fork: GameHistory) -> bool:
            origin = fork.record.forked_from or {}
            return origin.get("game") == str(hist.id) and origin.get("at") == at

        return self._once(request_id, f"fork {hist.id} {at}", same,
                          lambda gid: {**self._create_from(record, gid), "forked_from": record.forked})

    def _once(self, key: str | None, asked: str, same: Callable[[GameHistory], bool],
              create: Callable[[UUID | None], dict[str, Any]]) -> dict[str, Any]:
        """``create`` a game, once per Idempotency-Key: its game id is derived
        from the key, so the store refuses a second game for it in any
        process. ``asked`` names the request (its kind and content); a retry
        that asks the same gets this process's first answer, anything else
        under the key is 409 ``idempotency_key_reused``. The first answer's
        tokens are kept only in memory: a retry that another process (or this
        one after a restart) answered first gets 409 ``duplicate_request``
        naming the game, if the stored game is what the retry asks for
        (``same``). The key's game goes to the shard claimed for the key
        (see ``Shards.claimed_id``), the same in every process."""
        if not key:
            return create(self.shards.new_id())
        base = uuid5(REQUESTS, f"new game {key}")
        with self._lock(base):
            with self._guard:
                first = self._first_answers.get(base)
            if first is not None:
                if first[0] != asked:
                    raise self._key_reused(first[1]["id"])
                return first[1]
            gid = self.shards.claimed_id(base, key)
            try:
                store = self.shards.of(gid)
            except UnknownShard:
                # Claimed by a host whose shard map is longer (a shard is being
                # added): 503, and the retry finds a host that has the shard.
                raise OperationalError(f"shard {shard_of(gid)} is not in this process's shard map yet") from None
            try:
                if next(iter(store.recorder.select_events(gid, limit=1)), None) is not None:
                    raise IntegrityError(gid)
                answer = create(gid)
            except IntegrityError:
                if not same(self._sync(gid)):
                    raise self._key_reused(gid) from None
                raise Conflict(f"A request with this Idempotency-Key already created game {gid}; its tokens "
                               "were in the answer to that request.", "duplicate_request") from None
            with self._guard:
                self._first_answers[base] = (asked, answer)
            return answer

    @staticmethod
    def _key_reused(gid: UUID | str) -> Conflict:
        return Conflict(f"This Idempotency-Key already started game {gid} with another request; a retry "
                        "repeats the same request, anything else needs a new key.", "idempotency_key_reused")

    @staticmethod
    def _started_as(hist: GameHistory, game: str, players: list[str], mode: str, options: Any) -> bool:
        started = hist.started
        return (started.game, list(started.players), started.mode, as_json(started.options or {})) == \
            (game, list(players), mode, as_json(options or {}))

    def _create_from(self, record: Record, gid: UUID | None = None) -> dict[str, Any]:
        """A new game from ``record``, under the record's rules version (see
        domain.table.rules_to_start), every step played again through the table."""
        self._check_start(record.game, record.mode, record.players, new_names=record.forked is None)
        self._check_house_catalog(record.game, record.options, "record")
        tokens, hashes = self._new_tokens(record.players)
        secret = self._new_secret(record.mode, record.seed)
        # A game created for an idempotent request gets the id derived from it.
        table = Table.start(get_game(record.game), record.players, record.options, mode=record.mode,
                            seed_commitment=secret and seed_commitment(*secret), tokens=hashes,
                            rules_version=record.rules_version, id=gid, anchored=True)
        new = table.record
        if record.forked:
            new.fork_of(record.forked["game"], record.forked["at"], record.forked["version"], record.forked["hash"])
        differences = []
        for step in record.steps:
            if step.kind == "annotate":
                try:
                    new.annotate(step.number, step.text or "", step.by, step.request_id)
                except ValueError as error:
                    raise MalformedMove({"record": [str(error)]}) from None
                continue
            if step.kind == "undo":
                if new.last_move != step.number:
                    raise MalformedMove({"record": [f"undo {step.number}: the last effective move is "
                                                    f"{new.last_move}."]})
                table.undo(step.by, step.request_id)
                continue
            if step.kind == "move" and step.number != new.moves + 1:
                raise MalformedMove({"record": [f"move {step.number} follows move {new.moves}: moves are "
                                                "numbered 1, 2, 3, ..."]})
            if step.kind == "redo" and new.redoable != step.number:
                raise MalformedMove({"record": [f"redo {step.number}: the move redo may restore is "
                                                f"{new.redoable}."]})
            try:
                played = (table.play(table.game.load_move(step.move), step.by, step.request_id) if step.kind == "move"
                          else table.redo(step.by, step.request_id))
            except RuleViolation as violation:
                raise RuleViolation(violation.code, f"Move {step.number} of the record: {violation.message}",
                                    violation.rule) from None
            # A record written for one seat (or the table) holds the moves as
            # they saw them but the outcomes of the whole game: a hidden card
            # replays as unseen, so its outcome differs without any rule changing.
            if (record.view is None and step.outcome is not None
                    and json.loads(json.dumps(played.outcome)) != step.outcome):
                differences.append(step.number)
        table.auto(secret)
        self.store_of(new.id).save(new, self._seal(new, secret), self._anchored(new, None))
        self._remember_secret(new, secret)
        answer = {"id": str(new.id), "version": new.version, "tokens": tokens, "differences": differences,
                  "receipt": self._receipt_of(new)}
        if new.seed_commitment:
            answer["seed_commitment"] = new.seed_commitment
        return answer

    # -- timeline and players ------------------------------------------------------------
    def timeline(self, game_id: str, since: int | None = None) -> dict[str, Any]:
        """Every seat's score before the first move and after each effective
        move; with ``since``, ``after`` names the last point the reader keeps
        from then, and ``points`` are the ones that follow it now."""
        hist = self.history(game_id)
        game = hist.game
        self._check_since(hist, since)
        kept = 0 if since is None else hist.kept_since(since)
        points = [{"index": 0, "scores": game.scores(hist.states[0])}] if since is None else []
        points += [{"index": number, "scores": game.scores(state)}
                   for number, state in zip(hist.effective[kept:], hist.states[kept + 1:])]
        return {"id": str(hist.id), "game": hist.started.game, "title": game.title, "seats": hist.started.seats,
                "version": hist.version, "since": since,
                "after": None if since is None else (hist.effective[kept - 1] if kept else 0), "points": points}

    def bgstats(self, game_id: str) -> dict[str, Any]:
        """A finished game as a BG Stats play and the link that hands it to the app."""
        hist = self.history(game_id)
        if not hist.game.finished(hist.state):
            raise Conflict("BG Stats takes finished games: this one is still being played.", "not_finished")
        play = bgstats_play(self.summary(hist))
        return {"play": play, "link": bgstats_link(play)}

    def player(self, name: str) -> dict[str, Any]:
        games = self.views.player(name)
        if not games:
            raise NotFound(f"No game has a player named {name!r}.")
        return {"name": name, "games": games}

    @staticmethod
    def catalog(game_id: str, options: dict[str, Any] | None = None) -> dict[str, Any]:
        """The components of a game as these options (its default ones) have them."""
        found = None
        if is_game(game_id):
            game = get_game(game_id)
            found = game.catalog(game.load_options(options) if options else {})
        if found is None:
            raise NotFound(f"{game_id!r} has no catalog; tablelog knows the components of "
                           + ", ".join(g for g in game_ids() if get_game(g).catalog({}) is not None) + ".")
        return {"game": game_id, **found}

    def game_catalog(self, game_id: str) -> dict[str, Any]:
        """The components as a game's own options have them (its modules, its house catalog)."""
        hist = self.history(game_id)
        return self.catalog(hist.started.game, hist.started.options)

    def leaderboard(self, game_id: str) -> dict[str, Any]:
        if not is_game(game_id):
            raise NotFound(f"Unknown game {game_id!r}; tablelog knows {', '.join(game_ids())}.")
        return {"game": game_id, "title": get_game(game_id).title, "players": self.views.leaderboard(game_id)}
