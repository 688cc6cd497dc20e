"""What the test run takes from its environment (one place, for conftest.py
and the tests that need it): whether it is CI, the PostgreSQL server, and how
the throwaway databases' names begin."""
from __future__ import annotations

import os

IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")
"""Under CI, tests that cannot run (no PostgreSQL, no Chromium) fail instead of skipping."""
PG_ADMIN_URL = os.environ.get("TABLELOG_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/test")
"""The server and database the PostgreSQL tests make their throwaway databases from."""
DB_PREFIX = os.environ.get("TABLELOG_TEST_DB_PREFIX", "tablelog")
"""How the throwaway databases' names begin (several people sharing one server keep theirs apart)."""
