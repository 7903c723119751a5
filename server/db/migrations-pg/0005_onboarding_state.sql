-- PostgreSQL twin of migrations/0005_onboarding_state.sql.
ALTER TABLE users ADD COLUMN onboarding_state TEXT NOT NULL DEFAULT 'pending'
  CHECK (onboarding_state IN ('pending', 'skipped', 'completed'));
ALTER TABLE users ADD COLUMN onboarding_updated_at TEXT;
UPDATE users SET onboarding_state = 'completed', onboarding_updated_at = updated_at
  WHERE has_completed_onboarding = 1;

-- Invented '@tuneful.…' Instagram handles are dropped from musician credits (see the SQLite twin).
UPDATE sessions SET musicians = (
  SELECT coalesce(jsonb_agg(
    CASE WHEN m ->> 'instagram' LIKE '@tuneful.%' THEN m - 'instagram' ELSE m END ORDER BY ord), '[]'::jsonb)
  FROM jsonb_array_elements(sessions.musicians) WITH ORDINALITY AS e(m, ord)
) WHERE jsonb_typeof(musicians) = 'array' AND musicians::text LIKE '%@tuneful.%';
