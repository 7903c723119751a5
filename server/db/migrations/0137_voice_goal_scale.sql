-- Voice goals say which scale their target is on (issue 21). Before voice health read the voice
-- assessments, its metrics were 0-100 blends of our own features, and a goal held a target on
-- that scale ("tonal clarity 80"), which means nothing as a CPPS in dB, an AVQI or a hold in
-- seconds. Every goal stored before this migration was set on that old scale (no release holds
-- a goal in the new units: they arrived with the same work), so existing rows take
-- 'retired-blend'; the goals route writes 'assessment' on every new goal. The app shows a
-- retired goal as such and never reads its target as the new unit.
ALTER TABLE voice_goals ADD COLUMN scale TEXT NOT NULL DEFAULT 'retired-blend'
  CHECK (scale IN ('retired-blend', 'assessment'));
