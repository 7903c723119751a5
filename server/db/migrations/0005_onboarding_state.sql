-- Onboarding state per member, kept on the server (issue 8 item 5): a member who skipped the
-- questionnaire is not sent to it again on another device or browser. 'completed' also sets
-- has_completed_onboarding (kept for the spec's field); 'skipped' never overrides 'completed'.
ALTER TABLE users ADD COLUMN onboarding_state TEXT NOT NULL DEFAULT 'pending'
  CHECK (onboarding_state IN ('pending', 'skipped', 'completed'));
ALTER TABLE users ADD COLUMN onboarding_updated_at TEXT;
UPDATE users SET onboarding_state = 'completed', onboarding_updated_at = updated_at
  WHERE has_completed_onboarding = 1;
