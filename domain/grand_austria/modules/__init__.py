"""The Let's Waltz! modules: each a package or a file declaring its
``Module``; :data:`domain.grand_austria.registry.SHIPPED` lists them."""
