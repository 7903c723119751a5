-- Idempotency keys (issue 13, offline writes): a write the app queued offline is sent with an
-- Idempotency-Key header and may arrive more than once (a retry after a lost answer, two tabs,
-- two server processes). The first request's effect and this row are written in one
-- transaction; a later request with the same member and key gets the stored answer instead of
-- a second effect. Kept in the database, not in memory, so every server process sees them.
-- Rows older than 7 days are pruned (server/lib/idempotency.ts).
CREATE TABLE idempotency_keys (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  key TEXT NOT NULL CHECK (length(key) = 36),
  route TEXT NOT NULL,
  body_hash TEXT NOT NULL,
  status INTEGER NOT NULL CHECK (status BETWEEN 200 AND 299),
  response TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (user_id, key)
) WITHOUT ROWID;
CREATE INDEX idempotency_keys_created ON idempotency_keys(created_at);
