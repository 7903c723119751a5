-- The daily check-in (issue 30, tier feature daily_check_in; docs/features/check-in-and-emotions.md):
-- at most one row per member per local day, in the member's stored zone at the moment of the
-- check-in. A second check-in the same day replaces the first (POST /api/check-ins upserts on
-- the unique key; the later checked_at wins, so a queued older one never overwrites a newer one).
-- It is not practice: nothing here counts as a session, a token or a streak day.
CREATE TABLE voice_check_ins (
  id INTEGER PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  local_date TEXT NOT NULL CHECK (local_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  voice TEXT NOT NULL CHECK (voice IN ('clear', 'fine', 'tired', 'strained', 'hoarse')),
  energy TEXT NOT NULL CHECK (energy IN ('low', 'steady', 'high')),
  mood TEXT NOT NULL CHECK (mood IN ('low', 'okay', 'good')),
  note TEXT NOT NULL DEFAULT '',
  checked_at TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (user_id, local_date)
);
