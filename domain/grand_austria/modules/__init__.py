"""The Let's Waltz! modules, each registered by id when imported."""
from domain.grand_austria.modules import ballrooms, celebrities, more, start_player, unique_hotels  # noqa: F401
import domain.grand_austria.solo  # noqa: F401,E402  (the solo variant, chosen by its own option)
