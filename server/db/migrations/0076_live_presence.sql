-- Who is in which live group session, shared by every server process (cluster mode): one row
-- per open stream. The process holding the stream refreshes seen_ms every second; a row not
-- refreshed for a few seconds belongs to a process that stopped and no longer counts.
CREATE TABLE live_presence (
  conn_id TEXT PRIMARY KEY,
  session_key TEXT NOT NULL,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  first_name TEXT NOT NULL,
  joined_ms INTEGER NOT NULL,
  seen_ms INTEGER NOT NULL
);
CREATE INDEX live_presence_session ON live_presence (session_key);
CREATE INDEX live_presence_user ON live_presence (user_id);
