-- The demo catalogue's audio files and how far their rendering has come. The catalogue rows go in
-- at first start at once; the audio (5-15 minute guided tracks) is rendered after the server is
-- ready, and a session whose file is not ready yet shows "preparing audio" with this percentage.
-- Kept in the database (not process memory) so every server process reads the same progress.
CREATE TABLE catalogue_audio (
  path TEXT PRIMARY KEY,
  session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  variant TEXT NOT NULL CHECK (variant IN ('voice', 'instrumental')),
  -- Whole percent of the session's render (both of its files share one render job).
  percent INTEGER NOT NULL DEFAULT 0 CHECK (percent BETWEEN 0 AND 100),
  ready_at TEXT,
  UNIQUE (session_id, variant)
);
CREATE INDEX catalogue_audio_pending ON catalogue_audio (session_id) WHERE ready_at IS NULL;
