-- PostgreSQL twin of migrations/0095_project_keys.sql: the signing keys every process shares.
CREATE TABLE project_keys (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  jwt_secret TEXT NOT NULL CHECK (length(jwt_secret) >= 32),
  anon_key TEXT NOT NULL,
  service_role_key TEXT NOT NULL,
  created_at TEXT NOT NULL
);
