-- Voice circles (spec 2, "Voice circle"): small groups that practise one session template
-- together, live at a weekly time (real_time) or any time during the week (asynchronous).
-- scheduled_time is the first live session (UTC ISO); it repeats every 7 days. Demo circles
-- have no creator. A private circle is reachable only by its members and its invite code.
CREATE TABLE voice_circles (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  description TEXT NOT NULL DEFAULT '',
  session_type TEXT NOT NULL CHECK (session_type IN ('real_time', 'asynchronous')),
  focus_area TEXT NOT NULL DEFAULT ''
    CHECK (focus_area IN ('', 'confidence', 'stress_relief', 'creativity', 'healing', 'professional')),
  skill_level TEXT NOT NULL DEFAULT 'all'
    CHECK (skill_level IN ('all', 'beginner', 'intermediate', 'advanced')),
  max_participants INTEGER NOT NULL DEFAULT 8 CHECK (max_participants BETWEEN 2 AND 50),
  duration_min INTEGER NOT NULL DEFAULT 30 CHECK (duration_min BETWEEN 5 AND 180),
  scheduled_time TEXT,
  is_private INTEGER NOT NULL DEFAULT 0 CHECK (is_private IN (0, 1)),
  invite_code TEXT NOT NULL UNIQUE,
  -- The shared practice; NULL means "the shortest template" (resolved when read), so demo
  -- circles seeded before the template catalogue still practise a real plan.
  template_id INTEGER REFERENCES session_templates(id) ON DELETE SET NULL,
  creator_id TEXT REFERENCES users(id) ON DELETE SET NULL,
  created_at TEXT NOT NULL,
  CHECK (session_type = 'asynchronous' OR scheduled_time IS NOT NULL)
);
CREATE INDEX voice_circles_public ON voice_circles(is_private, created_at);

-- Membership: joining twice is the same membership (the UNIQUE), and the join statement
-- inserts only while the count is below max_participants, inside one write transaction.
CREATE TABLE circle_members (
  circle_id INTEGER NOT NULL REFERENCES voice_circles(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  joined_at TEXT NOT NULL,
  PRIMARY KEY (circle_id, user_id)
);
CREATE INDEX circle_members_user ON circle_members(user_id);

-- An asynchronous circle's weekly practice: once per member per local week (week_start is the
-- Monday of the member's own calendar week, in the time zone they practised in).
CREATE TABLE circle_practices (
  circle_id INTEGER NOT NULL REFERENCES voice_circles(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  week_start TEXT NOT NULL CHECK (week_start GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  done_at TEXT NOT NULL,
  time_zone TEXT NOT NULL,
  PRIMARY KEY (circle_id, user_id, week_start)
);
