-- Voice notes (issue 30, tier feature voice_notes): short private memos a member records in the
-- app. A note lives on the member's device (IndexedDB) until they choose "keep in my account";
-- only then does a row land here, with its audio in the private `voice-notes` storage bucket
-- (`<user id>/<note id>.<ext>`), which only the app signs, and only for its owner.
-- The id is the note's own UUID, made on the device: the outbox may send a keep twice, and the
-- primary key makes the second one change nothing.
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

-- Bytes a member keeps in their account, against the quota. One conditional upsert adds a
-- note's size only while the total stays within the quota, so two uploads at once (two server
-- processes on PostgreSQL) cannot both pass a check made by reading first.
CREATE TABLE voice_note_usage (
  user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  bytes INTEGER NOT NULL CHECK (bytes >= 0)
);

-- A stored object may belong to a member (hosted Storage's `owner`): voice notes and shared
-- Echoverse notes do, catalogue audio does not (NULL). Account export lists a member's objects
-- and account deletion removes their rows with the member; the files go with them
-- (server/api/voice-notes/member-audio.ts).
ALTER TABLE storage_objects ADD COLUMN owner_id TEXT REFERENCES users(id) ON DELETE CASCADE;
CREATE INDEX storage_objects_owner ON storage_objects(owner_id);
