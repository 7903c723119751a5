-- Issue 20: a member reflects on a guided exercise (a template session, /session/{id}) as on a
-- catalogue session. A reflection now points at exactly one of the two: session_id (sessions)
-- or template_id (session_templates). SQLite cannot drop a NOT NULL, so the table is rebuilt
-- with the same ids. Dropping the old table deletes its echoes through reflection_echoes' ON
-- DELETE CASCADE (foreign keys are on and cannot be turned off inside the migration's
-- transaction), so the echoes are kept aside first and put back with the same rows.
CREATE TEMP TABLE reflection_echoes_kept AS SELECT user_id, reflection_id, created_at FROM reflection_echoes;

CREATE TABLE reflections_next (
  id INTEGER PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  session_id INTEGER REFERENCES sessions(id) ON DELETE CASCADE,
  reflection_text TEXT NOT NULL CHECK (length(trim(reflection_text)) > 0 AND length(reflection_text) <= 5000),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  shared INTEGER NOT NULL DEFAULT 0 CHECK (shared IN (0, 1)),
  anonymous INTEGER NOT NULL DEFAULT 1 CHECK (anonymous IN (0, 1)),
  client_key TEXT CHECK (client_key IS NULL OR length(client_key) BETWEEN 1 AND 64),
  template_id INTEGER REFERENCES session_templates(id) ON DELETE CASCADE,
  CHECK ((session_id IS NULL) <> (template_id IS NULL))
);
INSERT INTO reflections_next
  (id, user_id, session_id, reflection_text, created_at, shared, anonymous, client_key, template_id)
SELECT id, user_id, session_id, reflection_text, created_at, shared, anonymous, client_key, NULL
FROM reflections;

DROP TABLE reflections;
ALTER TABLE reflections_next RENAME TO reflections;

INSERT INTO reflection_echoes (user_id, reflection_id, created_at)
SELECT user_id, reflection_id, created_at FROM reflection_echoes_kept;
DROP TABLE reflection_echoes_kept;

CREATE INDEX reflections_user ON reflections(user_id, id);
CREATE INDEX reflections_session ON reflections(session_id);
CREATE INDEX reflections_shared ON reflections(shared, created_at);
CREATE UNIQUE INDEX reflections_client_key ON reflections(user_id, client_key);
CREATE INDEX reflections_template ON reflections(template_id);

-- The blank-text triggers of 0006 went with the old table.
CREATE TRIGGER reflections_text_not_blank_insert BEFORE INSERT ON reflections
WHEN trim(NEW.reflection_text, ' ' || char(9, 10, 11, 12, 13, 160, 8203, 12288)) = ''
BEGIN
  SELECT RAISE(ABORT, 'reflection_text must not be blank');
END;
CREATE TRIGGER reflections_text_not_blank_update BEFORE UPDATE OF reflection_text ON reflections
WHEN trim(NEW.reflection_text, ' ' || char(9, 10, 11, 12, 13, 160, 8203, 12288)) = ''
BEGIN
  SELECT RAISE(ABORT, 'reflection_text must not be blank');
END;
