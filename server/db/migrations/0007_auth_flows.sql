-- Account flows a supabase-js app expects: magic links with a 6-digit code, secure e-mail
-- change (both addresses confirm), and PKCE (links that come back with ?code=).

-- One-time tokens gain the new kinds and an optional 6-digit code. SQLite cannot widen a CHECK
-- in place, so the table is rebuilt with its rows (nothing references it).
CREATE TABLE auth_one_time_tokens_v2 (
  id INTEGER PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  type TEXT NOT NULL CHECK (type IN ('signup', 'recovery', 'magiclink', 'email_change_current', 'email_change_new')),
  -- SHA-256 of the link token (the token_hash verifyOtp accepts).
  token_hash TEXT NOT NULL UNIQUE,
  -- SHA-256 of user id, type and the 6-digit code the same mail carries; NULL for old rows.
  code_hash TEXT,
  -- Wrong codes tried against this token: after 5 it is spent, so 6 digits cannot be guessed.
  failed_attempts INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL
);
INSERT INTO auth_one_time_tokens_v2 (id, user_id, type, token_hash, created_at, expires_at)
  SELECT id, user_id, type, token_hash, created_at, expires_at FROM auth_one_time_tokens;
DROP TABLE auth_one_time_tokens;
ALTER TABLE auth_one_time_tokens_v2 RENAME TO auth_one_time_tokens;
CREATE INDEX auth_one_time_tokens_user ON auth_one_time_tokens(user_id, type);
CREATE INDEX auth_one_time_tokens_code ON auth_one_time_tokens(code_hash);

-- A pending e-mail change: the new address waits here until both addresses have confirmed.
ALTER TABLE users ADD COLUMN email_change TEXT;
ALTER TABLE users ADD COLUMN email_change_sent_at TEXT;
ALTER TABLE users ADD COLUMN email_change_confirm_status INTEGER NOT NULL DEFAULT 0
  CHECK (email_change_confirm_status IN (0, 1));

-- PKCE flow state: made when a pkce client asks for a mail, given an auth code when the link
-- is opened, and spent by POST /token?grant_type=pkce with the matching code verifier.
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
