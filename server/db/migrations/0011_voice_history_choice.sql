-- The tuning room's "keep my voice scores in my account" choice (default off: no row).
-- chosen_at records when the member opted in; turning it off keeps the row with keep = 0.
CREATE TABLE voice_history_choices (
  user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  keep INTEGER NOT NULL CHECK (keep IN (0, 1)),
  chosen_at TEXT NOT NULL
);
