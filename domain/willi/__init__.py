"""Willi (Günter Burkhardt): trick taking where everyone takes exactly 2 tricks."""
from domain.willi.game import MONSTER, Willi, WilliState

GAME = Willi()

__all__ = ["GAME", "MONSTER", "Willi", "WilliState"]
