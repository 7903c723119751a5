-- PostgreSQL twin of migrations/0050_catalogue_audio.sql.
CREATE TABLE catalogue_audio (
  path TEXT PRIMARY KEY,
  session_id BIGINT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  variant TEXT NOT NULL CHECK (variant IN ('voice', 'instrumental')),
  percent INTEGER NOT NULL DEFAULT 0 CHECK (percent BETWEEN 0 AND 100),
  ready_at TEXT,
  UNIQUE (session_id, variant)
);
CREATE INDEX catalogue_audio_pending ON catalogue_audio (session_id) WHERE ready_at IS NULL;
