-- Issue 30, "rewards that follow practice": the practice ledger learns three kinds.
--   listening  a listening-room track (an instrumental-only catalogue row): listening minutes,
--              never a session, never in practice minutes (docs/practice-ledger.md).
--   recording  a recording in the tuning room: its minutes are practice (counted = 0), written
--              whether or not the member keeps their voice scores in the account; the numbers
--              stay on the device when the member said so, the fact of practice is the ledger's.
--   reward     bonus tone tokens of a streak milestone (docs/features/streak-rewards.md):
--              counted 0, practised 0, earned N. The earned CHECK allowed tokens on counted rows
--              only; a reward is the one uncounted kind that may carry them.
-- A recording is one instant of one member: a replay (an outbox retry without its answer) finds
-- the partial unique index and writes nothing.
-- SQLite cannot change a CHECK in place, so the table is rebuilt with the same rows and ids
-- (nothing references practice_ledger, so dropping it cascades nowhere); its index is recreated.
CREATE TABLE practice_ledger_next (
  id INTEGER PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('catalogue', 'template', 'pitch', 'listening', 'recording', 'reward')),
  item_id INTEGER NOT NULL,
  title TEXT NOT NULL,
  categories TEXT NOT NULL DEFAULT '[]',
  practised_at TEXT NOT NULL,
  local_date TEXT NOT NULL CHECK (local_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  planned_sec INTEGER NOT NULL CHECK (planned_sec >= 0),
  practised_sec INTEGER NOT NULL CHECK (practised_sec >= 0),
  counted INTEGER NOT NULL CHECK (counted IN (0, 1)),
  earned INTEGER NOT NULL DEFAULT 0 CHECK (earned >= 0 AND (counted = 1 OR kind = 'reward' OR earned = 0)),
  source_id INTEGER,
  UNIQUE (kind, source_id),
  CHECK (kind <> 'reward' OR (counted = 0 AND practised_sec = 0))
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
CREATE UNIQUE INDEX practice_ledger_recording ON practice_ledger(user_id, practised_at) WHERE kind = 'recording';

-- The recordings a member kept before this change were practice too: each kept analysis becomes
-- its recording's ledger entry (minutes only), so the badges that now read the ledger
-- ("First Sound", "Tuning Devotee") keep counting them.
INSERT INTO practice_ledger
  (user_id, kind, item_id, title, categories, practised_at, local_date, planned_sec, practised_sec,
   counted, earned, source_id)
SELECT v.user_id, 'recording', 0, 'tuning-room recording', '[]', v.recorded_at, v.local_date,
  CAST(round(v.duration_sec) AS INTEGER), CAST(round(v.duration_sec) AS INTEGER), 0, 0, NULL
FROM voice_analyses v;

-- One row per streak milestone a member earned: exactly once per streak run (a run is named by
-- its first day, run_start), whatever replays or two processes do. The tokens are on the ledger
-- (kind 'reward', source_id = this row's id), so every screen's total includes them.
CREATE TABLE streak_rewards (
  id INTEGER PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  milestone INTEGER NOT NULL CHECK (milestone > 0),
  run_start TEXT NOT NULL CHECK (run_start GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  local_date TEXT NOT NULL CHECK (local_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  bonus INTEGER NOT NULL CHECK (bonus > 0),
  awarded_at TEXT NOT NULL,
  UNIQUE (user_id, milestone, run_start)
);
