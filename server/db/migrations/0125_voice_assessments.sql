-- The voice assessment (issue 21): the Acoustic Voice Quality Index 03.01 and its six measures,
-- computed on the member's device from a sustained vowel and a read sentence (no audio is ever
-- uploaded), plus an optional maximum phonation time. Kept only when the member saves a result.
-- The CHECK ranges mirror the route's plausible bounds (server/api/voice-assessments/schema.ts).
-- UNIQUE (user_id, recorded_at): one check is one row, however often the outbox replays it.
CREATE TABLE voice_assessments (
  id INTEGER PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  recorded_at TEXT NOT NULL,
  avqi REAL NOT NULL CHECK (avqi BETWEEN -10 AND 15),
  cpps REAL NOT NULL CHECK (cpps BETWEEN -10 AND 50),
  hnr REAL NOT NULL CHECK (hnr BETWEEN -20 AND 80),
  shimmer_percent REAL NOT NULL CHECK (shimmer_percent BETWEEN 0 AND 100),
  shimmer_db REAL NOT NULL CHECK (shimmer_db BETWEEN 0 AND 10),
  ltas_slope REAL NOT NULL CHECK (ltas_slope BETWEEN -80 AND 20),
  ltas_tilt REAL NOT NULL CHECK (ltas_tilt BETWEEN -60 AND 20),
  mpt_seconds REAL CHECK (mpt_seconds IS NULL OR mpt_seconds BETWEEN 0.5 AND 120),
  engine_version TEXT NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (user_id, recorded_at)
);
