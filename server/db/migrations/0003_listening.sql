-- What members do with sessions: logs of player actions, reflections, echoes (saves) and
-- completions (which earn tone tokens). Timestamps are UTC ISO-8601; local_date is the
-- member's own calendar day, computed by the server from the time zone the client sends.
CREATE TABLE session_logs (
  id INTEGER PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  action TEXT NOT NULL CHECK (action IN ('replay', 'instrumental', 'echo', 'reflect')),
  note TEXT CHECK (note IS NULL OR length(note) <= 2000),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX session_logs_user ON session_logs(user_id, id);

CREATE TABLE reflections (
  id INTEGER PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  reflection_text TEXT NOT NULL CHECK (length(trim(reflection_text)) > 0 AND length(reflection_text) <= 5000),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX reflections_user ON reflections(user_id, id);
CREATE INDEX reflections_session ON reflections(session_id);

-- An echo is a member saving a session; echoing twice is the same echo.
CREATE TABLE session_echoes (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  PRIMARY KEY (user_id, session_id)
);
CREATE INDEX session_echoes_session ON session_echoes(session_id);

-- One row per session per member per local day: completing the same session again the same
-- day is recorded once and earns nothing extra (the UNIQUE makes that hold under races too).
CREATE TABLE session_completions (
  id INTEGER PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  title TEXT NOT NULL,
  completed_at TEXT NOT NULL,
  local_date TEXT NOT NULL CHECK (local_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  time_zone TEXT NOT NULL DEFAULT 'UTC',
  tokens_awarded INTEGER NOT NULL CHECK (tokens_awarded >= 0),
  UNIQUE (user_id, session_id, local_date)
);
CREATE INDEX session_completions_user ON session_completions(user_id, completed_at);
