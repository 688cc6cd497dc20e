"""A digital game's sealed seed, the keyed anchor of each game's head,
receipts, the audit and verify."""
from __future__ import annotations

import json
from typing import Any
from uuid import UUID


from domain.commitment import new_salt, new_seed
from domain.record import (GameRecord, HeadAnchor, SealedSeed, anchor_message, hash_of, head_anchor_id, id_text,
                           is_game_start_topic, receipt_message, sealed_seed_id)
from domain.rules import MalformedMove
from domain.history import GameHistory
from domain.words import N_, said
from replay.anchors import HeadCheck, anchor_expected, check_head, read_anchor
from replay.verify import Verdict, check_receipt, verify_game
from service.store.keys import Keyring
from service.store.shards import shard_of
from service.app.errors import Conflict, NotFound, Unavailable


class Integrity:
    """A digital game's sealed seed, the keyed anchor of each game's head,
    receipts, the audit and verify."""

    def _key(self, needed_to: str) -> Keyring:
        """The keyring, or 503 saying what it was needed for."""
        if self.keyring is None:
            raise Unavailable(f"This service has no key to {needed_to}: start it with tablelog's key "
                              "(tablelog key init; see docs/operations.md, The key).", "no_key")
        return self.keyring

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
        """``anchor`` moved to the record's new head (a game's first anchor
        when None, kept as the game's). An anchor moved on is moved in place:
        a write's is the one ``_anchor_of`` keeps already, so it is not put
        in the kept anchors again (``accept_head`` keeps the one it read)."""
        keyring = self._key("anchor what it records")
        number = 1 if anchor is None else anchor.next_number
        mac = keyring.mac(anchor_message(record.id, record.version, record.last_hash, number))
        if anchor is not None:
            anchor.anchor(record.version, record.last_hash, keyring.current, mac)
            return anchor
        anchor = HeadAnchor(game_id=str(record.id), version=record.version, head_hash=record.last_hash,
                            key_id=keyring.current, mac=mac, id=head_anchor_id(record.id))
        with self._guard:
            self._anchors[record.id] = anchor
        return anchor

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
        game = id_text(hist.id)
        return {"game": game, "version": version, "hash": head, "key_id": self.keyring.current,
                "mac": self.keyring.mac(receipt_message(game, version, head))}

    def check_receipt(self, game_id: str, receipt: dict[str, Any]) -> dict[str, Any]:
        """Whether the event a receipt names is still in the game's record (see replay.verify)."""
        gid = self.parse_id(game_id)
        store = self.store_of(gid)
        first = next(iter(store.recorder.select_events(gid, limit=1)), None)
        if first is None or not is_game_start_topic(first.topic):
            raise NotFound(said(N_("There is no game {game}."), game=str(gid)))
        problems = check_receipt(store, gid, receipt, self.keyring)
        return {"id": str(gid), "ok": not problems, "checked": self.keyring is not None
                and receipt.get("key_id") in self.keyring.keys,
                "problems": [{"kind": p.kind, "version": p.version, "message": p.message} for p in problems]}

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
            raise NotFound(said(N_("There is no game {game}."), game=str(gid)))
        return verdict

    @staticmethod
    def _refuse_past_reveal(record: GameRecord) -> None:
        """Once a digital game's seed is revealed its end stands: taken back,
        the game would go on with every future deal known."""
        if record.seed_revealed:
            raise Conflict("The game is over and its seed was revealed: in a digital game undo cannot take the "
                           "end back.", "seed_revealed")

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
            anchor = self._anchored(record, anchor)
            store.save(record, anchor)
            with self._guard:
                self._anchors[gid] = anchor
            hist.feed(pending, applied=True)
            self.heads.saw(store.identity, gid, hist.version)
        return {"id": str(gid), "version": record.version, "found": check.kinds, "receipt": self._receipt_of(record)}
