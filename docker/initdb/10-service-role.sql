-- The role the service runs as: it owns no table, so it can neither drop nor
-- disable the append-only trigger. `tablelog migrate --service-role
-- tablelog_service` (the compose file's migrate step, as the owner) grants it
-- what the service needs.
CREATE ROLE tablelog_service LOGIN PASSWORD 'tablelog_service';
