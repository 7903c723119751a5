-- Privacy (issue 13): how the member's completions appear in the community pulse.
-- 'first_name' (the default the spec shows), 'someone' (listed without a name) or 'hidden'
-- (not listed at all). A non-anonymous shared reflection also loses the name unless 'first_name'.
ALTER TABLE users ADD COLUMN pulse_identity TEXT NOT NULL DEFAULT 'first_name'
  CHECK (pulse_identity IN ('first_name', 'someone', 'hidden'));
