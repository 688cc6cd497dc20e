"""Wiener Walzer (Reiner Knizia, Piatnik 2016): place guests, take buffet tiles, dance."""
from domain.wiener_walzer.game import WienerWalzer
from domain.wiener_walzer.state import Guest, WalzerState

GAME = WienerWalzer()

__all__ = ["GAME", "Guest", "WalzerState", "WienerWalzer"]
