-- PostgreSQL twin of migrations/0007_auth_flows.sql. PostgreSQL widens a CHECK in place, so
-- the one-time token table is altered instead of rebuilt (column order differs; nothing
-- depends on it: every statement names its columns).
ALTER TABLE auth_one_time_tokens DROP CONSTRAINT auth_one_time_tokens_type_check;
ALTER TABLE auth_one_time_tokens ADD CONSTRAINT auth_one_time_tokens_type_check
  CHECK (type IN ('signup', 'recovery', 'magiclink', 'email_change_current', 'email_change_new'));
ALTER TABLE auth_one_time_tokens ADD COLUMN code_hash TEXT;
ALTER TABLE auth_one_time_tokens ADD COLUMN failed_attempts INTEGER NOT NULL DEFAULT 0;
CREATE INDEX auth_one_time_tokens_code ON auth_one_time_tokens(code_hash);

ALTER TABLE users ADD COLUMN email_change TEXT;
ALTER TABLE users ADD COLUMN email_change_sent_at TEXT;
ALTER TABLE users ADD COLUMN email_change_confirm_status INTEGER NOT NULL DEFAULT 0
  CHECK (email_change_confirm_status IN (0, 1));

CREATE TABLE auth_flow_states (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  authentication_method TEXT NOT NULL,
  code_challenge TEXT NOT NULL,
  code_challenge_method TEXT NOT NULL CHECK (code_challenge_method IN ('s256', 'plain')),
  auth_code_hash TEXT UNIQUE,
  auth_code_issued_at TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX auth_flow_states_user ON auth_flow_states(user_id, authentication_method, created_at);
