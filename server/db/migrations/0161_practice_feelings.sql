-- Emotion tracking (issue 30, tier feature emotion_tracking; docs/features/check-in-and-emotions.md):
-- one row per run of practice (a player opened once), keyed by the run key the app made when it
-- opened; the feeling tapped before and the one tapped after are its two halves, each upserted
-- on (user_id, run_key) with the later tap winning.
-- The practice it belongs to is the ledger entry of the same kind and item practised nearest to
-- the answers (server/api/wellbeing/link-practice.ts), matched when read, so the link holds in
-- whatever order the writes arrive (both may wait offline). item_id has no foreign key, like
-- the ledger's: the feelings stay the member's when the operator removes a session.
CREATE TABLE practice_feelings (
  id INTEGER PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  run_key TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('catalogue', 'template')),
  item_id INTEGER NOT NULL,
  before_emotion TEXT CHECK (before_emotion IN ('calm', 'content', 'joyful', 'energised', 'tired', 'tense', 'anxious', 'low')),
  before_at TEXT,
  after_emotion TEXT CHECK (after_emotion IN ('calm', 'content', 'joyful', 'energised', 'tired', 'tense', 'anxious', 'low')),
  after_at TEXT,
  local_date TEXT NOT NULL CHECK (local_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  created_at TEXT NOT NULL,
  UNIQUE (user_id, run_key)
);
CREATE INDEX practice_feelings_user ON practice_feelings(user_id, local_date);
