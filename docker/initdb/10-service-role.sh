#!/bin/sh
# The role the service runs as: it owns no table, so it can neither drop nor
# disable the append-only trigger. `tablelog migrate --service-role
# tablelog_service` (the compose file's migrate step, as the owner) grants it
# what the service needs. Its password is the compose secret
# db_service_password, read here, never written in a file of the repository.
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
     -v password="$(cat /run/secrets/db_service_password)" <<'SQL'
CREATE ROLE tablelog_service LOGIN PASSWORD :'password';
SQL
