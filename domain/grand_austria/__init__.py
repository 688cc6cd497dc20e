"""Grand Austria Hotel (base game): guests, staff, rooms and the Emperor."""
from domain.grand_austria.game import GrandAustriaHotel

GAME = GrandAustriaHotel()
