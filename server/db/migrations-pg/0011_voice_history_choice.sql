-- PostgreSQL twin of migrations/0011_voice_history_choice.sql.
CREATE TABLE voice_history_choices (
  user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  keep INTEGER NOT NULL CHECK (keep IN (0, 1)),
  chosen_at TEXT NOT NULL
);
