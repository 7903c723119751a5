-- Onboarding state per member, kept on the server (issue 8 item 5): a member who skipped the
-- questionnaire is not sent to it again on another device or browser. 'completed' also sets
-- has_completed_onboarding (kept for the spec's field); 'skipped' never overrides 'completed'.
ALTER TABLE users ADD COLUMN onboarding_state TEXT NOT NULL DEFAULT 'pending'
  CHECK (onboarding_state IN ('pending', 'skipped', 'completed'));
ALTER TABLE users ADD COLUMN onboarding_updated_at TEXT;
UPDATE users SET onboarding_state = 'completed', onboarding_updated_at = updated_at
  WHERE has_completed_onboarding = 1;

-- The demo catalogue credited its synthesised musicians with invented Instagram handles
-- (all '@tuneful.…'); credits link only real accounts, so installs seeded before the fix
-- lose those handles and show the names alone.
UPDATE sessions SET musicians = (
  SELECT json_group_array(
    CASE WHEN json_extract(value, '$.instagram') LIKE '@tuneful.%'
      THEN json_remove(value, '$.instagram') ELSE json(value) END)
  FROM json_each(sessions.musicians)
) WHERE json_valid(musicians) AND musicians LIKE '%@tuneful.%';
