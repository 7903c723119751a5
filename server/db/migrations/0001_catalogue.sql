-- The session catalogue and the objects of the storage buckets.
-- List-valued fields (category, moods, intentions, musicians) are JSON text, as the
-- PostgREST-compatible layer returns them as JSON arrays.
CREATE TABLE sessions (
  id INTEGER PRIMARY KEY,
  title TEXT NOT NULL CHECK (length(title) > 0),
  description TEXT NOT NULL DEFAULT '',
  cover_color TEXT NOT NULL DEFAULT '#A8C3A1',
  voice_path TEXT,
  instr_path TEXT,
  length_sec INTEGER NOT NULL CHECK (length_sec > 0),
  skill_level TEXT NOT NULL CHECK (skill_level IN ('beginner', 'developing', 'skilled', 'professional')),
  category TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(category)),
  moods TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(moods)),
  tags TEXT NOT NULL DEFAULT '',
  intentions TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(intentions)),
  musicians TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(musicians)),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE storage_objects (
  id TEXT PRIMARY KEY,
  bucket TEXT NOT NULL,
  name TEXT NOT NULL,
  mimetype TEXT NOT NULL,
  size INTEGER NOT NULL,
  etag TEXT NOT NULL,
  cache_control TEXT NOT NULL DEFAULT 'max-age=3600',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (bucket, name)
);
