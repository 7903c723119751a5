-- PostgreSQL twin of migrations/0065_idempotency_keys.sql (WITHOUT ROWID has no equivalent and
-- needs none: PostgreSQL tables are heaps with the primary key as an index).
CREATE TABLE idempotency_keys (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  key TEXT NOT NULL CHECK (length(key) = 36),
  route TEXT NOT NULL,
  body_hash TEXT NOT NULL,
  status INTEGER NOT NULL CHECK (status BETWEEN 200 AND 299),
  response TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (user_id, key)
);
CREATE INDEX idempotency_keys_created ON idempotency_keys(created_at);
