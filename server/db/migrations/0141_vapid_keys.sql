-- The VAPID key pair (RFC 8292) practice reminders sign Web Push requests with, beside the
-- project's other keys: with PostgreSQL every process of a cluster reads the same pair from the
-- project_keys row (the first process to start fills it in, once). A SQLite install keeps the
-- pair in DATA_DIR/keys.json instead, like its other keys; these columns stay empty there.
ALTER TABLE project_keys ADD COLUMN vapid_public_key TEXT;
ALTER TABLE project_keys ADD COLUMN vapid_private_key TEXT;
