-- Pitch-matching exercises (issue 22, "Sing to a target"): one row per take a member sang to a
-- target, saved by POST /api/pitch-exercises/results. Numbers only: the target as sung (the
-- exercise placed in the member's range; `shift` the octave choice, -12/0/12 semitones), each note's
-- cents off, held fraction and onset (notes_json), and the 0-100 score. No audio.
-- template_id is set when the take was a step of a template session; it has no foreign key so
-- a result stays the member's when an operator removes the template.
CREATE TABLE pitch_exercise_results (
  id INTEGER PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  exercise_id TEXT NOT NULL,
  title TEXT NOT NULL,
  focus TEXT NOT NULL,
  target TEXT NOT NULL,
  notes_json TEXT NOT NULL,
  score INTEGER NOT NULL CHECK (score BETWEEN 0 AND 100),
  shift INTEGER NOT NULL CHECK (shift IN (-12, 0, 12)),
  duration_sec REAL NOT NULL CHECK (duration_sec > 0),
  recorded_at TEXT NOT NULL,
  local_date TEXT NOT NULL CHECK (local_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  template_id INTEGER
);
CREATE INDEX pitch_exercise_results_user ON pitch_exercise_results(user_id, recorded_at);

-- The practice ledger learns a third kind, 'pitch': a take sung in the tuning room counts its
-- minutes (partial practice: counted = 0, never tokens or a streak day; docs/pitch-matching-app.md).
-- SQLite cannot change a CHECK in place, so the table is rebuilt with the same rows and ids.
CREATE TABLE practice_ledger_next (
  id INTEGER PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('catalogue', 'template', 'pitch')),
  item_id INTEGER NOT NULL,
  title TEXT NOT NULL,
  categories TEXT NOT NULL DEFAULT '[]',
  practised_at TEXT NOT NULL,
  local_date TEXT NOT NULL CHECK (local_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  planned_sec INTEGER NOT NULL CHECK (planned_sec >= 0),
  practised_sec INTEGER NOT NULL CHECK (practised_sec >= 0),
  counted INTEGER NOT NULL CHECK (counted IN (0, 1)),
  earned INTEGER NOT NULL DEFAULT 0 CHECK (earned >= 0 AND (counted = 1 OR earned = 0)),
  source_id INTEGER,
  UNIQUE (kind, source_id)
);
INSERT INTO practice_ledger_next
  (id, user_id, kind, item_id, title, categories, practised_at, local_date, planned_sec, practised_sec,
   counted, earned, source_id)
SELECT id, user_id, kind, item_id, title, categories, practised_at, local_date, planned_sec, practised_sec,
  counted, earned, source_id
FROM practice_ledger;
DROP TABLE practice_ledger;
ALTER TABLE practice_ledger_next RENAME TO practice_ledger;
CREATE INDEX practice_ledger_user ON practice_ledger(user_id, practised_at);
