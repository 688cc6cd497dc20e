"""The Let's Waltz! modules, each registered by id when imported."""
