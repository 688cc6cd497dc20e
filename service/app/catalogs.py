"""House catalogs (a table's own components, stored once) and each game's
printed components."""
from __future__ import annotations

from typing import Any
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError
from eventsourcing.persistence import IntegrityError

from domain.commitment import canonical
from domain.games import game_ids, get_game, is_game
from domain.groups import DEFAULT_GROUP, group_of
from domain.record import (HouseCatalog, house_catalog_id)
from domain.rules import MalformedMove
from service.app.errors import NotFound, TooLarge, Unprocessable, as_json


HOUSE_CATALOG_LIMIT = 256 * 1024
"""The most JSON a stored house catalog may hold: every shipped card, module 1 included, is about 25 KiB."""


class Catalogs:
    """House catalogs (a table's own components, stored once) and each game's
    printed components."""

    def store_house_catalog(self, game_id: str, content: Any, name: str = "",
                            group: UUID | None = None) -> tuple[dict[str, Any], bool]:
        """Store a table's own copy of a game's components once, in ``group``
        (the default group without one): checked by the game, at most
        ``HOUSE_CATALOG_LIMIT`` of JSON, its id made from the group, the game
        and the content. The same content again is the catalog already
        stored (False: nothing new was stored)."""
        group = group or DEFAULT_GROUP
        if not is_game(game_id):
            raise NotFound(f"Unknown game {game_id!r}; tablelog knows {', '.join(game_ids())}.")
        size = len(canonical(content).encode())
        if size > HOUSE_CATALOG_LIMIT:
            raise TooLarge(f"A house catalog is at most {HOUSE_CATALOG_LIMIT // 1024} KiB of JSON; this one is "
                           f"{size // 1024} KiB. Nothing was stored.")
        try:
            content = as_json(get_game(game_id).check_house_catalog(content))
        except MalformedMove as error:
            raise Unprocessable("The content does not read as the game's components; nothing was stored.",
                                "not_a_house_catalog", error.messages) from None
        cid = house_catalog_id(game_id, content, None if group == DEFAULT_GROUP else group)
        try:
            return self.house_catalog(str(cid), group=group), False
        except NotFound:
            pass
        try:
            self.store.save(HouseCatalog(game_id, name, content, id=cid,
                                         group=None if group == DEFAULT_GROUP else str(group)))
        except IntegrityError:
            return self.house_catalog(str(cid), group=group), False      # stored by another request meanwhile
        return self.house_catalog(str(cid), group=group), True

    def house_catalog(self, catalog_id: str, content: bool = True, group: UUID | None = None) -> dict[str, Any]:
        """A stored house catalog of ``group`` (every group's without one: the command line's)."""
        try:
            stored = self.store.repository.get(UUID(str(catalog_id)))
        except (ValueError, AggregateNotFoundError):
            stored = None
        if not isinstance(stored, HouseCatalog) or (group is not None and group_of(stored) != group):
            raise NotFound(f"There is no house catalog {catalog_id!r}; GET /api/house-catalogs lists them.")
        answer = {"id": str(stored.id), "game": stored.game, "name": stored.name, "digest": stored.digest,
                  "stored_at": stored.created_on.isoformat(), "size": len(canonical(stored.content).encode())}
        return {**answer, "content": stored.content} if content else answer

    def house_catalogs(self, group: UUID | None = None) -> list[dict[str, Any]]:
        """Every stored house catalog (of ``group``), oldest first (without its content)."""
        topic = f"{HouseCatalog.__module__}:{HouseCatalog.__qualname__}.Stored"
        found, start = [], 1
        while batch := self.store.recorder.select_notifications(start, 500, topics=[topic]):
            for notification in batch:
                try:
                    found.append(self.house_catalog(str(notification.originator_id), False, group))
                except NotFound:
                    pass        # another group's
            start = batch[-1].id + 1
        return found

    def _with_house_catalog(self, game_id: str, options: dict[str, Any] | None,
                            group: UUID | None = None) -> dict[str, Any] | None:
        """Options naming a stored house catalog (``catalog``) with its content
        copied in (``house_catalog``): the game's record holds what it used."""
        if not isinstance(options, dict) or options.get("catalog") is None:
            return options
        if options.get("house_catalog") is not None:
            raise Unprocessable("Name a stored house catalog (catalog) or give one inline (house_catalog), "
                                "not both.", "catalog_and_house_catalog",
                                {"options": {"catalog": ["Not with house_catalog."]}})
        stored = self.house_catalog(str(options["catalog"]), group=group or DEFAULT_GROUP)
        if stored["game"] != game_id:
            raise Unprocessable(f"House catalog {stored['id']} is for {stored['game']}, not {game_id}.",
                                "catalog_of_another_game",
                                {"options": {"catalog": [f"A catalog of {stored['game']}."]}})
        return {**options, "catalog": stored["id"], "house_catalog": stored["content"]}

    @staticmethod
    def _check_house_catalog(game_id: str, options: Any, field: str) -> None:
        """A game starts (or a record is imported) with a house catalog only
        inside its bounds, as one is stored (domain.grand_austria.house):
        422 naming the place, nothing stored."""
        house = options.get("house_catalog") if isinstance(options, dict) else None
        if house is None:
            return
        if not isinstance(house, dict):
            raise MalformedMove({field: {"house_catalog": ["A house catalog is an object, in the shape of the "
                                                           "shipped data."]}})
        try:
            get_game(game_id).check_house_catalog(house)
        except MalformedMove as error:
            messages = error.messages.get("content", error.messages) if isinstance(error.messages, dict) \
                else error.messages
            raise Unprocessable("The house catalog does not read as the game's components; nothing was stored.",
                                "not_a_house_catalog", {field: {"house_catalog": messages}}) from None

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
