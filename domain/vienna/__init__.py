"""Vienna (Johannes Schmidauer-König, Schmidt Spiele): dice placement down a street, 3-5 players."""
from domain.vienna.game import Vienna, ViennaState

GAME = Vienna()

__all__ = ["GAME", "Vienna", "ViennaState"]
