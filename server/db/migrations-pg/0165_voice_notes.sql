-- PostgreSQL twin of migrations/0165_voice_notes.sql (the comments there say why): voice notes
-- kept in a member's account, the bytes they use against the quota, and the owner of a stored
-- object.
CREATE TABLE voice_notes (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  title TEXT NOT NULL CHECK (length(title) BETWEEN 1 AND 80),
  recorded_at TEXT NOT NULL,
  duration_ms INTEGER NOT NULL CHECK (duration_ms BETWEEN 500 AND 60000),
  mime_type TEXT NOT NULL,
  size_bytes INTEGER NOT NULL CHECK (size_bytes > 0),
  object_name TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX voice_notes_user ON voice_notes(user_id, recorded_at);

CREATE TABLE voice_note_usage (
  user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  bytes INTEGER NOT NULL CHECK (bytes >= 0)
);

ALTER TABLE storage_objects ADD COLUMN owner_id TEXT REFERENCES users(id) ON DELETE CASCADE;
CREATE INDEX storage_objects_owner ON storage_objects(owner_id);
