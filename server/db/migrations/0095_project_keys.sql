-- The project's signing keys (JWTs, signed storage URLs) in the database, so every process that
-- shares the database signs and verifies with the same secret. Used with PostgreSQL
-- (DATABASE_URL); a SQLite install keeps DATA_DIR/keys.json, and this table stays empty there.
-- One row: the first process to start inserts it (ON CONFLICT DO NOTHING), all read it back.
CREATE TABLE project_keys (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  jwt_secret TEXT NOT NULL CHECK (length(jwt_secret) >= 32),
  anon_key TEXT NOT NULL,
  service_role_key TEXT NOT NULL,
  created_at TEXT NOT NULL
);
