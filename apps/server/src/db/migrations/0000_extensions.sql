-- Trigram indexes back the `search` list parameter (DESIGN.md §4).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
