"""The solo variant "Dinner for One": one person against Leopold (or
Elisabeth), whose turns follow instruction cards (option ``solo``)."""
from domain.grand_austria.solo import variant  # noqa: F401  (registers the module)
