-- The practice ledger (issue 20, "One practice ledger"): one row per piece of practice a member
-- did, catalogue sessions and session templates alike, each knowing its kind and title. Every
-- number a member sees about their practice (sessions, minutes, tokens, streaks, first session,
-- weekly progress, milestones, calendar days, completed list, insights, badges) is read from
-- this table through server/api/practice/ledger.ts, so two screens cannot count differently.
--
-- session_completions and template_sessions keep their own jobs (the once-a-day keys, the
-- pulse and its echoes); each of their rows written from now on has exactly one ledger row,
-- written in the same transaction (source_id, UNIQUE per kind). A partial catalogue listen
-- has a ledger row only (source_id NULL): it holds no once-a-day slot.
--
-- item_id has no foreign key on purpose: practice a member did stays theirs when the operator
-- removes the catalogue session or template (title and categories are copied in).
-- counted: 1 when the entry is a session (tokens, streak day, "sessions"); 0 for partial
-- practice (less than half the planned time), whose minutes still count.
-- earned: the tone tokens this entry earned (named so because export leaves out columns
-- matching /token/, and the member's own balance must be in their export).
CREATE TABLE practice_ledger (
  id INTEGER PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('catalogue', 'template')),
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
CREATE INDEX practice_ledger_user ON practice_ledger(user_id, practised_at);

-- What was practised before the ledger: every catalogue completion and template save counted
-- as a session then, and keeps counting (the half-time rule applies from now on).
INSERT INTO practice_ledger
  (user_id, kind, item_id, title, categories, practised_at, local_date, planned_sec, practised_sec,
   counted, earned, source_id)
SELECT c.user_id, 'catalogue', c.session_id, c.title, coalesce(s.category, '[]'), c.completed_at,
  c.local_date, coalesce(s.length_sec, 0), coalesce(s.length_sec, 0), 1, c.tokens_awarded, c.id
FROM session_completions c LEFT JOIN sessions s ON s.id = c.session_id;

INSERT INTO practice_ledger
  (user_id, kind, item_id, title, categories, practised_at, local_date, planned_sec, practised_sec,
   counted, earned, source_id)
SELECT t.user_id, 'template', t.template_id, t.title, json_array(t.category), t.completed_at,
  t.local_date, coalesce(st.duration_sec, t.duration_sec), t.duration_sec, 1, t.tokens_awarded, t.id
FROM template_sessions t LEFT JOIN session_templates st ON st.id = t.template_id;
