"""Let's Waltz! Module 1 "Vienna Ballrooms": champagne as a fifth item (neither
dish nor drink), a rehearsal room board of 10 dancers per player, guests sent
to one of three ballrooms instead of a room (paid in champagne, with row,
section and guest rewards), the ballrooms scored after the Emperor scorings of
rounds 3, 5 and 7, and the module's cards. Rulebook: "Module 1" and its
appendix entries; data: ``data/ballrooms.toml`` (the numbers the rulebook does
not print are marked ``reconstructed``; a table lays out its own boards by
printed content)."""
from domain.grand_austria.modules.ballrooms.boards import Ballroom, ID, Row, dancers_in, data, of, with_
from domain.grand_austria.modules.ballrooms.scoring import ballroom_points, ballroom_scoring
from domain.grand_austria.modules.ballrooms.module import BALLROOMS

__all__ = ["BALLROOMS", "Ballroom", "ID", "Row", "ballroom_points", "ballroom_scoring", "dancers_in", "data", "of", "with_"]
