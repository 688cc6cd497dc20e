"""The Let's Waltz! modules, each registered by id when imported."""
from domain.grand_austria.modules import ballrooms, celebrities, more, start_player, unique_hotels  # noqa: F401
