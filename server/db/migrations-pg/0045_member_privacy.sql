-- PostgreSQL twin of migrations/0045_member_privacy.sql.
ALTER TABLE users ADD COLUMN pulse_identity TEXT NOT NULL DEFAULT 'first_name'
  CHECK (pulse_identity IN ('first_name', 'someone', 'hidden'));
