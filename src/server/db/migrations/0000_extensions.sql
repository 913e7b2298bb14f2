-- Extensions used by the schema: trigram indexes for name search.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
