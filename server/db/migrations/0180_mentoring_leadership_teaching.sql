-- Mentoring others (level 7), community leadership (level 9) and teaching certification
-- (level 10): issue 30, docs/features/mentoring-leadership-teaching.md. Every row naming a
-- member cascades with their account, so deletion removes it and export finds it.

-- A level-7 member's offer to mentor: a short intro, focus areas (JSON array), how many
-- mentees at once, and whether they take new ones now.
CREATE TABLE mentor_offers (
  user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  intro TEXT NOT NULL CHECK (length(intro) BETWEEN 1 AND 280),
  focuses_json TEXT NOT NULL DEFAULT '[]',
  capacity INTEGER NOT NULL CHECK (capacity BETWEEN 1 AND 5),
  available INTEGER NOT NULL DEFAULT 1 CHECK (available IN (0, 1)),
  updated_at TEXT NOT NULL
);

-- A mentor and a mentee. At most one open pairing per mentee (the partial unique index): a
-- request sent twice, or by two processes at once, pairs the member once.
CREATE TABLE mentor_pairings (
  id INTEGER PRIMARY KEY,
  mentor_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  mentee_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  focus TEXT,
  created_at TEXT NOT NULL,
  ended_at TEXT,
  CHECK (mentor_id <> mentee_id)
);
CREATE UNIQUE INDEX mentor_pairings_open_mentee ON mentor_pairings(mentee_id) WHERE ended_at IS NULL;
CREATE INDEX mentor_pairings_mentor ON mentor_pairings(mentor_id);

-- Short encouragement notes between the two of a pairing; they go with the pairing.
CREATE TABLE mentor_notes (
  id INTEGER PRIMARY KEY,
  pairing_id INTEGER NOT NULL REFERENCES mentor_pairings(id) ON DELETE CASCADE,
  author_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  body TEXT NOT NULL CHECK (length(body) BETWEEN 1 AND 300),
  created_at TEXT NOT NULL
);
CREATE INDEX mentor_notes_pairing ON mentor_notes(pairing_id);

-- Co-leaders a circle's owner named (level 9 when named): they may pin the weekly prompt.
CREATE TABLE circle_co_leaders (
  circle_id INTEGER NOT NULL REFERENCES voice_circles(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  named_at TEXT NOT NULL,
  PRIMARY KEY (circle_id, user_id)
);
CREATE INDEX circle_co_leaders_user ON circle_co_leaders(user_id);

-- A circle's weekly practice prompt: one per circle, shown in the week (Monday, UTC) it was
-- pinned. Its author's words go with the author's account.
CREATE TABLE circle_prompts (
  circle_id INTEGER PRIMARY KEY REFERENCES voice_circles(id) ON DELETE CASCADE,
  author_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  prompt TEXT NOT NULL CHECK (length(prompt) BETWEEN 1 AND 200),
  week_of TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX circle_prompts_author ON circle_prompts(author_id);

-- A level-10 member's application to be a certified teacher, and an admin's decision. The
-- practice record is never stored here: it is read from the ledger when shown.
CREATE TABLE teaching_applications (
  user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  teaches TEXT NOT NULL CHECK (length(teaches) BETWEEN 1 AND 120),
  statement TEXT NOT NULL CHECK (length(statement) BETWEEN 1 AND 1000),
  links_json TEXT NOT NULL DEFAULT '[]',
  status TEXT NOT NULL CHECK (status IN ('submitted', 'approved', 'declined')),
  reason TEXT,
  submitted_at TEXT NOT NULL,
  reviewed_at TEXT,
  reviewer_email TEXT
);
CREATE INDEX teaching_applications_status ON teaching_applications(status, submitted_at);
