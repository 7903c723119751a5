-- Custom challenges (issue 30, tier feature custom_challenges, level 8;
-- docs/features/challenges.md): a member's own goal (days with a session, practice minutes or
-- sessions, optionally of one focus) between two local days, alone or for a voice circle.
-- Progress is never stored: it is read from the practice ledger between the dates.
--
-- creator_id is SET NULL, decided in accounts/member-schema.ts (POLICY.nonCascading,
-- delete_if_alone): when the creator deletes their account, a circle challenge someone else
-- joined stays for them without the creator's name; any other challenge of theirs is deleted.
-- A challenge belongs to a circle (circle_id) or to its creator alone (NULL); it goes with its
-- circle.
CREATE TABLE challenges (
  id INTEGER PRIMARY KEY,
  creator_id TEXT REFERENCES users(id) ON DELETE SET NULL,
  circle_id INTEGER REFERENCES voice_circles(id) ON DELETE CASCADE,
  name TEXT NOT NULL DEFAULT '' CHECK (length(name) <= 60),
  measure TEXT NOT NULL CHECK (measure IN ('days', 'minutes', 'sessions')),
  target INTEGER NOT NULL CHECK (target BETWEEN 1 AND 6000),
  focus TEXT CHECK (focus IS NULL OR focus IN ('find', 'free', 'fine-tune', 'fun')),
  start_date TEXT NOT NULL CHECK (start_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  end_date TEXT NOT NULL CHECK (end_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  created_at TEXT NOT NULL,
  CHECK (end_date >= start_date)
);
CREATE INDEX challenges_circle ON challenges(circle_id, end_date);
CREATE INDEX challenges_creator ON challenges(creator_id);

-- Who took a challenge on: its creator at once, and each circle member who joins it. Each
-- joiner's progress is their own (their own ledger entries between the dates).
CREATE TABLE challenge_members (
  challenge_id INTEGER NOT NULL REFERENCES challenges(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  joined_at TEXT NOT NULL,
  PRIMARY KEY (challenge_id, user_id)
);
CREATE INDEX challenge_members_user ON challenge_members(user_id);
