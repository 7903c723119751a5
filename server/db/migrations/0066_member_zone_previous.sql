-- The zone a member had before their stored zone last changed (migration 0006 keeps only the
-- current and a pending one). A completion queued offline (issue 13) counts on its local day
-- in the zone in force when it happened, up to 72 hours back, which may be the previous zone:
-- it applied through local date time_zone_prev_until (in that zone).
ALTER TABLE users ADD COLUMN time_zone_prev TEXT;
ALTER TABLE users ADD COLUMN time_zone_prev_until TEXT;
