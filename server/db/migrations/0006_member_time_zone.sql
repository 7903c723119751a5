-- The member's time zone lives on the server, so the once-per-day rules cannot be played by
-- sending a different zone with each request. The first zone a member's app reports is
-- adopted; a later different one waits in time_zone_next and takes effect on the member's next
-- local day (time_zone_next_after is the local date, in the current zone, it was asked on).
ALTER TABLE users ADD COLUMN time_zone TEXT;
ALTER TABLE users ADD COLUMN time_zone_next TEXT;
ALTER TABLE users ADD COLUMN time_zone_next_after TEXT
  CHECK (time_zone_next_after IS NULL OR time_zone_next_after GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]');

-- SQLite's trim() strips only spaces, so the CHECK on reflection_text let " \n\t " through
-- (e.g. via /rest/v1/reflections). These triggers refuse text made only of whitespace.
CREATE TRIGGER reflections_text_not_blank_insert BEFORE INSERT ON reflections
WHEN trim(NEW.reflection_text, ' ' || char(9, 10, 11, 12, 13, 160, 8203, 12288)) = ''
BEGIN
  SELECT RAISE(ABORT, 'reflection_text must not be blank');
END;
CREATE TRIGGER reflections_text_not_blank_update BEFORE UPDATE OF reflection_text ON reflections
WHEN trim(NEW.reflection_text, ' ' || char(9, 10, 11, 12, 13, 160, 8203, 12288)) = ''
BEGIN
  SELECT RAISE(ABORT, 'reflection_text must not be blank');
END;
