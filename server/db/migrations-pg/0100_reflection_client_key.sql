-- PostgreSQL twin of migrations/0100_reflection_client_key.sql.
ALTER TABLE reflections ADD COLUMN client_key TEXT CHECK (client_key IS NULL OR length(client_key) BETWEEN 1 AND 64);
CREATE UNIQUE INDEX reflections_client_key ON reflections(user_id, client_key);
