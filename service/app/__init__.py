"""The application layer: commands, reads and the one write pipeline over the store."""
