-- Template sessions members practised in the template player (/session/{templateId}), saved
-- by POST /api/sessions. Every save counts for streaks and totals; tone tokens are earned
-- once per template per member per local day: only the row that earned them carries
-- award_date, and the UNIQUE makes that hold under concurrent or replayed saves (rows with a
-- NULL award_date never conflict).
CREATE TABLE template_sessions (
  id INTEGER PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  template_id INTEGER NOT NULL REFERENCES session_templates(id) ON DELETE CASCADE,
  title TEXT NOT NULL,
  category TEXT NOT NULL,
  difficulty TEXT NOT NULL,
  voice_level TEXT NOT NULL,
  duration_sec INTEGER NOT NULL CHECK (duration_sec >= 0),
  rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
  max_level REAL NOT NULL CHECK (max_level >= 0 AND max_level <= 1),
  completed INTEGER NOT NULL CHECK (completed IN (0, 1)),
  completed_at TEXT NOT NULL,
  local_date TEXT NOT NULL CHECK (local_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  time_zone TEXT NOT NULL,
  tokens_awarded INTEGER NOT NULL CHECK (tokens_awarded >= 0),
  award_date TEXT CHECK (award_date IS NULL OR award_date = local_date),
  UNIQUE (user_id, template_id, award_date)
);
CREATE INDEX template_sessions_user ON template_sessions(user_id, completed_at);
