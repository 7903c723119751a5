-- PostgreSQL twin of migrations/0076_live_presence.sql (millisecond times as BIGINT).
CREATE TABLE live_presence (
  conn_id TEXT PRIMARY KEY,
  session_key TEXT NOT NULL,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  first_name TEXT NOT NULL,
  joined_ms BIGINT NOT NULL,
  seen_ms BIGINT NOT NULL
);
CREATE INDEX live_presence_session ON live_presence (session_key);
CREATE INDEX live_presence_user ON live_presence (user_id);
