-- Counters every server process must agree on (cluster mode: several processes, one app.db).
-- They were kept in process memory before; see server/auth/rate-limit.ts and
-- server/api/listening/completion-limit.ts.

-- Sliding-window limits: one row per counted hit, older rows are deleted as the window moves.
CREATE TABLE rate_limit_hits (
  bucket TEXT NOT NULL,
  key TEXT NOT NULL,
  at_ms INTEGER NOT NULL
);
CREATE INDEX rate_limit_hits_key ON rate_limit_hits (bucket, key, at_ms);

-- Failure back-off (password sign-in): one row per limited key.
CREATE TABLE rate_limit_failures (
  bucket TEXT NOT NULL,
  key TEXT NOT NULL,
  failures INTEGER NOT NULL,
  last_ms INTEGER NOT NULL,
  locked_until_ms INTEGER NOT NULL,
  PRIMARY KEY (bucket, key)
) WITHOUT ROWID;
CREATE INDEX rate_limit_failures_last ON rate_limit_failures (bucket, last_ms);

-- The listening budget of each member (seconds of audio left at at_ms); no row = full.
CREATE TABLE listening_budgets (
  user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  seconds REAL NOT NULL,
  at_ms INTEGER NOT NULL
);
