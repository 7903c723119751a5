-- PostgreSQL twin of migrations/0117_reflection_templates.sql: a reflection points at exactly
-- one of a catalogue session (session_id) or a template (template_id). Here the column changes
-- in place, so rows and their echoes are untouched.
ALTER TABLE reflections ALTER COLUMN session_id DROP NOT NULL;
ALTER TABLE reflections ADD COLUMN template_id BIGINT REFERENCES session_templates(id) ON DELETE CASCADE;
ALTER TABLE reflections ADD CONSTRAINT reflections_one_target CHECK ((session_id IS NULL) <> (template_id IS NULL));
CREATE INDEX reflections_template ON reflections(template_id);
