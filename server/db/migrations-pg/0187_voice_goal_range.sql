-- PostgreSQL twin of migrations/0187_voice_goal_range.sql (the comments there say why).
ALTER TABLE voice_goals DROP CONSTRAINT voice_goals_metric_check;
ALTER TABLE voice_goals ADD CONSTRAINT voice_goals_metric_check
  CHECK (metric IN ('voiceQualityScore', 'resonanceLevel', 'breathSupport', 'tonalClarity', 'vocalTension', 'voiceRange'));
