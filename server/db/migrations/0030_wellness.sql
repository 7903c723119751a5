-- Wellness tracking (spec 2, section 3 "Mood entry" and "Biometric record"). Every row is one
-- member's own; local_date is the member's calendar day of recorded_at, computed on the server
-- from the time zone the client sends, so insights pair entries by the member's own days.
CREATE TABLE mood_entries (
  id INTEGER PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  mood_score INTEGER NOT NULL CHECK (mood_score BETWEEN 1 AND 10),
  stress_level INTEGER NOT NULL CHECK (stress_level BETWEEN 1 AND 10),
  anxiety_level INTEGER NOT NULL CHECK (anxiety_level BETWEEN 1 AND 10),
  energy_level INTEGER NOT NULL CHECK (energy_level BETWEEN 1 AND 10),
  emotions TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(emotions)),
  notes TEXT NOT NULL DEFAULT '' CHECK (length(notes) <= 1000),
  recorded_at TEXT NOT NULL,
  local_date TEXT NOT NULL CHECK (local_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  created_at TEXT NOT NULL
);
CREATE INDEX mood_entries_user ON mood_entries(user_id, recorded_at);

-- Units are fixed by the type: heart_rate bpm (25-250), hrv ms (5-300), stress_level and
-- sleep_quality a 1-10 score. The CHECKs repeat the API's rules so no other writer can break them.
CREATE TABLE biometric_records (
  id INTEGER PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  data_type TEXT NOT NULL CHECK (data_type IN ('heart_rate', 'hrv', 'stress_level', 'sleep_quality')),
  value REAL NOT NULL,
  unit TEXT NOT NULL,
  source_device TEXT NOT NULL CHECK (source_device IN ('manual', 'apple_watch', 'fitbit', 'garmin', 'oura')),
  recorded_at TEXT NOT NULL,
  local_date TEXT NOT NULL CHECK (local_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  created_at TEXT NOT NULL,
  CHECK (
    (data_type = 'heart_rate' AND unit = 'bpm' AND value BETWEEN 25 AND 250) OR
    (data_type = 'hrv' AND unit = 'ms' AND value BETWEEN 5 AND 300) OR
    (data_type IN ('stress_level', 'sleep_quality') AND unit = 'score' AND value BETWEEN 1 AND 10)
  )
);
CREATE INDEX biometric_records_user ON biometric_records(user_id, recorded_at);
