-- PostgreSQL twin of migrations/0141_vapid_keys.sql: the VAPID pair every process shares.
ALTER TABLE project_keys ADD COLUMN vapid_public_key TEXT;
ALTER TABLE project_keys ADD COLUMN vapid_private_key TEXT;
