-- The Echoverse (issue 30, tier feature echoverse_access): short voice notes members chose to
-- share, heard by other members one after another and echoed. A share is a copy of the note's
-- audio in the `echoverse` storage bucket (`<user id>/<share id>.<ext>`), apart from the
-- member's private copy, so withdrawing it removes exactly what others could hear.
-- voice_note_id is the note it came from (made on the device; no foreign key: the note may live
-- only on the device). One share per note at a time: UNIQUE (user_id, voice_note_id).
-- report_count counts reports since the last review; the report that makes it 3 hides the
-- note (hidden_at) until an operator reviews it (reviewed_at).
CREATE TABLE echoverse_notes (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  voice_note_id TEXT NOT NULL,
  title TEXT NOT NULL CHECK (length(title) BETWEEN 1 AND 80),
  duration_ms INTEGER NOT NULL CHECK (duration_ms BETWEEN 500 AND 30000),
  mime_type TEXT NOT NULL,
  size_bytes INTEGER NOT NULL CHECK (size_bytes > 0),
  object_name TEXT NOT NULL,
  shared_at TEXT NOT NULL,
  report_count INTEGER NOT NULL DEFAULT 0 CHECK (report_count >= 0),
  hidden_at TEXT,
  reviewed_at TEXT,
  UNIQUE (user_id, voice_note_id)
);
CREATE INDEX echoverse_notes_shared ON echoverse_notes(shared_at);

-- Shares per member per local day (their zone, as the practice ledger's days): one conditional
-- upsert counts a share only while the day has room, so parallel shares cannot pass the limit.
CREATE TABLE echoverse_share_days (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  local_date TEXT NOT NULL,
  shares INTEGER NOT NULL CHECK (shares >= 0),
  PRIMARY KEY (user_id, local_date)
);

-- One echo per member per note; one report per member per note (with its reason).
CREATE TABLE echoverse_echoes (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  note_id TEXT NOT NULL REFERENCES echoverse_notes(id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  PRIMARY KEY (user_id, note_id)
);
CREATE INDEX echoverse_echoes_note ON echoverse_echoes(note_id);

CREATE TABLE echoverse_reports (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  note_id TEXT NOT NULL REFERENCES echoverse_notes(id) ON DELETE CASCADE,
  reason TEXT NOT NULL CHECK (length(reason) BETWEEN 1 AND 300),
  created_at TEXT NOT NULL,
  PRIMARY KEY (user_id, note_id)
);
CREATE INDEX echoverse_reports_note ON echoverse_reports(note_id);
