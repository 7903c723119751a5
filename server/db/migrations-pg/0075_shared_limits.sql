-- PostgreSQL twin of migrations/0075_shared_limits.sql. Millisecond times exceed INTEGER's
-- 2^31, so they are BIGINT here.
CREATE TABLE rate_limit_hits (
  bucket TEXT NOT NULL,
  key TEXT NOT NULL,
  at_ms BIGINT NOT NULL
);
CREATE INDEX rate_limit_hits_key ON rate_limit_hits (bucket, key, at_ms);

CREATE TABLE rate_limit_failures (
  bucket TEXT NOT NULL,
  key TEXT NOT NULL,
  failures INTEGER NOT NULL,
  last_ms BIGINT NOT NULL,
  locked_until_ms BIGINT NOT NULL,
  PRIMARY KEY (bucket, key)
);
CREATE INDEX rate_limit_failures_last ON rate_limit_failures (bucket, last_ms);

CREATE TABLE listening_budgets (
  user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  seconds DOUBLE PRECISION NOT NULL,
  at_ms BIGINT NOT NULL
);
