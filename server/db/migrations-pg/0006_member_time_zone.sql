-- PostgreSQL twin of migrations/0006_member_time_zone.sql.
ALTER TABLE users ADD COLUMN time_zone TEXT;
ALTER TABLE users ADD COLUMN time_zone_next TEXT;
ALTER TABLE users ADD COLUMN time_zone_next_after TEXT
  CHECK (time_zone_next_after IS NULL OR time_zone_next_after ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$');

-- SQLite needs triggers to refuse reflection text made only of whitespace; here a CHECK does
-- it. NOT VALID: like the triggers, it judges new and changed rows, not rows already stored.
ALTER TABLE reflections ADD CONSTRAINT reflections_text_not_blank
  CHECK (btrim(reflection_text, E' \t\n\u000b\f\r\u00a0\u200b\u3000') <> '') NOT VALID;
