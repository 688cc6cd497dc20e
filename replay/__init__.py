"""Everything that reads stored events back: histories, audits, exports."""
