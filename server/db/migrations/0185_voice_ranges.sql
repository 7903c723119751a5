-- The guided range check (issue 31): the voice range profile (phonetogram) a member's device
-- measured from glides and held notes: lowest and highest F0, the range in semitones, and per
-- semitone the softest and loudest level (profile, JSON [{semitone, minDb, maxDb}], MIDI note
-- numbers). No audio is ever uploaded. `levels` says what the dB are: 'spl' with the device's
-- calibration (then softest_db, the profile's softest level in dB SPL, may be kept for the
-- Dysphonia Severity Index), 'relative' (dB against the take's loudest frame) without it.
-- The CHECK ranges mirror the route's bounds (server/api/voice-ranges/schema.ts).
-- UNIQUE (user_id, recorded_at): one check is one row, however often the outbox replays it.
CREATE TABLE voice_ranges (
  id INTEGER PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  recorded_at TEXT NOT NULL,
  lowest_hz REAL NOT NULL CHECK (lowest_hz BETWEEN 40 AND 2000),
  highest_hz REAL NOT NULL CHECK (highest_hz BETWEEN 40 AND 2000),
  range_semitones REAL NOT NULL CHECK (range_semitones BETWEEN 0 AND 60),
  profile TEXT NOT NULL,
  levels TEXT NOT NULL CHECK (levels IN ('spl', 'relative')),
  softest_db REAL CHECK (softest_db IS NULL OR (levels = 'spl' AND softest_db BETWEEN 0 AND 140)),
  engine_version TEXT NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (user_id, recorded_at)
);
