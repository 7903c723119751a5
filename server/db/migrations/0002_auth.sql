-- Members and their sign-in sessions (GoTrue-compatible auth).
CREATE TABLE users (
  id TEXT PRIMARY KEY,
  email TEXT NOT NULL UNIQUE COLLATE NOCASE,
  password_hash TEXT NOT NULL,
  first_name TEXT NOT NULL DEFAULT '',
  last_name TEXT NOT NULL DEFAULT '',
  user_metadata TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(user_metadata)),
  email_confirmed_at TEXT,
  confirmation_sent_at TEXT,
  recovery_sent_at TEXT,
  last_sign_in_at TEXT,
  has_completed_onboarding INTEGER NOT NULL DEFAULT 0,
  onboarding_answers TEXT CHECK (onboarding_answers IS NULL OR json_valid(onboarding_answers)),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

-- One row per signed-in device; the access token's session_id claim names it. Deleting the
-- row (logout, refresh-token reuse) makes every token of that session invalid at once.
CREATE TABLE auth_sessions (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  -- How the session began (password, otp, recovery); carried into every refreshed token's amr.
  amr_method TEXT NOT NULL DEFAULT 'password'
);
CREATE INDEX auth_sessions_user ON auth_sessions(user_id);

-- Refresh tokens of a session, as a chain: each rotation revokes the presented token and adds
-- a child. Only a SHA-256 of the opaque token is stored. revoked_at drives the reuse window.
CREATE TABLE auth_refresh_tokens (
  id INTEGER PRIMARY KEY,
  session_id TEXT NOT NULL REFERENCES auth_sessions(id) ON DELETE CASCADE,
  token_hash TEXT NOT NULL UNIQUE,
  -- SET NULL, not CASCADE: pruning an old ancestor must never delete the live token.
  parent_id INTEGER REFERENCES auth_refresh_tokens(id) ON DELETE SET NULL,
  created_at TEXT NOT NULL,
  revoked_at TEXT
);
CREATE INDEX auth_refresh_tokens_session ON auth_refresh_tokens(session_id);
CREATE INDEX auth_refresh_tokens_parent ON auth_refresh_tokens(parent_id);

-- Single-use email link tokens (signup confirmation, password recovery). Only the SHA-256 of
-- the token in the link is stored, so a database leak does not hand out sign-in links.
CREATE TABLE auth_one_time_tokens (
  id INTEGER PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  type TEXT NOT NULL CHECK (type IN ('signup', 'recovery')),
  token_hash TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL
);
CREATE INDEX auth_one_time_tokens_user ON auth_one_time_tokens(user_id, type);
