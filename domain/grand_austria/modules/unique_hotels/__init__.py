"""Let's Waltz! Module 3 "Unique Hotels": no dishes or drinks in the kitchens
at the start; one hotel entrance per player laid out after the staff draft
and auctioned (bids of 0 krones or more, raise or pass clockwise; the last
player takes the last entrance free); each entrance's starting items and its
ongoing effect for its owner alone. Rulebook: "Module 3" and "Appendix: Hotel
Entrances"; data: ``data/unique_hotels.toml`` (Dove's ten token faces are not
printed: a table enters them by printed content)."""
from domain.grand_austria.modules.unique_hotels.entrances import (AUCTION, ID, LayOutEntrancesSchema, apply_lay_out,
                                                                  check_laid_out, lay_out_chance, of, with_)
from domain.grand_austria.modules.unique_hotels.auction import gain
from domain.grand_austria.modules.unique_hotels.hotels import kaufman_pile, ninas_final
from domain.grand_austria.modules.unique_hotels.more_hotels import ren_ballroom, round_over
from domain.grand_austria.modules.unique_hotels.module import UNIQUE_HOTELS

__all__ = ["AUCTION", "ID", "LayOutEntrancesSchema", "UNIQUE_HOTELS", "apply_lay_out", "check_laid_out", "gain", "kaufman_pile", "lay_out_chance", "ninas_final", "of", "ren_ballroom", "round_over", "with_"]
