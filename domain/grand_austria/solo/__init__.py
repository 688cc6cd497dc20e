"""The solo variant "Dinner for One": one person against Leopold (or
Elisabeth), whose turns follow instruction cards (option ``solo``); its
``Module`` is ``variant.SOLO``, listed in :data:`domain.grand_austria.registry.SHIPPED`."""
