-- Trigram indexes (search on names, phones, addresses) need pg_trgm on both PGlite and PostgreSQL.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
