-- Jitter (local, %, as Praat's voice report computes it) of the assessment's sustained vowel
-- (issue 31): with the maximum phonation time and the range check's highest F0 and softest
-- level it gives the Dysphonia Severity Index. Null on checks saved before the engine measured
-- it. The bound mirrors server/api/voice-assessments/schema.ts.
ALTER TABLE voice_assessments ADD COLUMN jitter_percent REAL
  CHECK (jitter_percent IS NULL OR jitter_percent BETWEEN 0 AND 30);
