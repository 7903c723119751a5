-- PostgreSQL twin of migrations/0004_community.sql.
ALTER TABLE reflections ADD COLUMN shared INTEGER NOT NULL DEFAULT 0 CHECK (shared IN (0, 1));
ALTER TABLE reflections ADD COLUMN anonymous INTEGER NOT NULL DEFAULT 1 CHECK (anonymous IN (0, 1));
CREATE INDEX reflections_shared ON reflections(shared, created_at);

CREATE TABLE reflection_echoes (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  reflection_id BIGINT NOT NULL REFERENCES reflections(id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  UNIQUE (user_id, reflection_id)
);
CREATE INDEX reflection_echoes_reflection ON reflection_echoes(reflection_id);

CREATE TABLE completion_echoes (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  completion_id BIGINT NOT NULL REFERENCES session_completions(id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  UNIQUE (user_id, completion_id)
);
CREATE INDEX completion_echoes_completion ON completion_echoes(completion_id);
CREATE INDEX session_completions_recent ON session_completions(completed_at);
