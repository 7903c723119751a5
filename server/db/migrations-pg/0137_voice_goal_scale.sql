-- PostgreSQL twin of migrations/0137_voice_goal_scale.sql. Voice goals say which scale their
-- target is on (issue 21): goals stored before this migration were set on the old 0-100 blends
-- ('retired-blend'); the goals route writes 'assessment' on every new goal.
ALTER TABLE voice_goals ADD COLUMN scale TEXT NOT NULL DEFAULT 'retired-blend'
  CHECK (scale IN ('retired-blend', 'assessment'));
