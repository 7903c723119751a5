-- Growth (issue 9): the member's voice history on the server (numbers only, stored only when
-- the member opts in from the tuning room), achievement records, and voice goals.

-- One finished recording's numeric summary. Never audio. Scores are 0-100, the four measures
-- 0-1 as the API receives them; extra measures the engine adds later go in extra_json.
CREATE TABLE voice_analyses (
  id INTEGER PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  recorded_at TEXT NOT NULL,
  local_date TEXT NOT NULL,
  duration_sec REAL NOT NULL CHECK (duration_sec >= 0),
  score REAL NOT NULL CHECK (score BETWEEN 0 AND 100),
  clarity REAL NOT NULL CHECK (clarity BETWEEN 0 AND 1),
  stability REAL NOT NULL CHECK (stability BETWEEN 0 AND 1),
  resonance REAL NOT NULL CHECK (resonance BETWEEN 0 AND 1),
  projection REAL NOT NULL CHECK (projection BETWEEN 0 AND 1),
  pitch_median_hz REAL,
  pitch_range_semitones REAL,
  engine_version TEXT,
  extra_json TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(extra_json)),
  created_at TEXT NOT NULL,
  -- The one-time upload of a browser's history may be retried: the same recording is kept once.
  UNIQUE (user_id, recorded_at)
);
CREATE INDEX voice_analyses_user ON voice_analyses(user_id, recorded_at);

-- A badge is unlocked when its record exists; the primary key makes the award exactly once.
-- The catalogue itself is code (server/api/growth/badges.ts), so its rules and texts ship together.
CREATE TABLE user_achievements (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  badge_id TEXT NOT NULL,
  unlocked_at TEXT NOT NULL,
  local_date TEXT NOT NULL,
  PRIMARY KEY (user_id, badge_id)
);
CREATE INDEX user_achievements_user ON user_achievements(user_id, unlocked_at);

-- The member's voice goals (voice health insights, goals tab).
CREATE TABLE voice_goals (
  id INTEGER PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  metric TEXT NOT NULL CHECK (metric IN ('voiceQualityScore', 'resonanceLevel', 'breathSupport', 'tonalClarity', 'vocalTension')),
  target_value REAL NOT NULL CHECK (target_value BETWEEN 0 AND 100),
  target_date TEXT NOT NULL CHECK (target_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  created_at TEXT NOT NULL
);
CREATE INDEX voice_goals_user ON voice_goals(user_id, id);
