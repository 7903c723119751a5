-- PostgreSQL twin of migrations/0066_member_zone_previous.sql.
ALTER TABLE users ADD COLUMN time_zone_prev TEXT;
ALTER TABLE users ADD COLUMN time_zone_prev_until TEXT;
