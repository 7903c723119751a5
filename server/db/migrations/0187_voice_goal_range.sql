-- Goals on the voice range (issue 31): "a range of 24 semitones", followed by the member's range
-- checks (voice_ranges). The metric's CHECK learns 'voiceRange'; the target (semitones) fits
-- the existing 0-100 bound. SQLite cannot change a CHECK in place, so the table is rebuilt with
-- the same rows and ids (nothing references voice_goals).
CREATE TABLE voice_goals_next (
  id INTEGER PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  metric TEXT NOT NULL CHECK (metric IN ('voiceQualityScore', 'resonanceLevel', 'breathSupport', 'tonalClarity', 'vocalTension', 'voiceRange')),
  target_value REAL NOT NULL CHECK (target_value BETWEEN 0 AND 100),
  target_date TEXT NOT NULL CHECK (target_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  created_at TEXT NOT NULL,
  scale TEXT NOT NULL DEFAULT 'retired-blend' CHECK (scale IN ('retired-blend', 'assessment'))
);
INSERT INTO voice_goals_next (id, user_id, metric, target_value, target_date, created_at, scale)
SELECT id, user_id, metric, target_value, target_date, created_at, scale FROM voice_goals;
DROP TABLE voice_goals;
ALTER TABLE voice_goals_next RENAME TO voice_goals;
CREATE INDEX voice_goals_user ON voice_goals(user_id, id);
