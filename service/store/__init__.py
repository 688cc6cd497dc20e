"""Persistence: the event store, its recorders, group commit, shards, heads, stored checkpoints and keys."""
