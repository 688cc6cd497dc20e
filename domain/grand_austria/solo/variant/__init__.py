"""The solo variant "Dinner for One" as a module chosen by the option
``solo``: the opponent is the reserved seat ``bot`` (Leopold, or Elisabeth
with modules 1 or 2), whose turn is one table move (the instruction card
drawn) that the engine carries out by itself, top to bottom, pausing only
for the table's reveals it causes (a guest refilling the queue, a card of the
private staff deck). Every step is an outcome fact with its words, so the
scorekeeper can carry it out on the table.

Rulebook: "Solo Variant: Dinner for One" of the Let's Waltz! rulebook;
specification ``shared/reference/lets-waltz.md`` section 7."""
from domain.grand_austria.solo.variant.setup import BOT, ID, bot
from domain.grand_austria.solo.variant.hautel import pool_refill, stars_scoring
from domain.grand_austria.solo.variant.module import SOLO, winners

__all__ = ["BOT", "ID", "SOLO", "bot", "pool_refill", "stars_scoring", "winners"]
