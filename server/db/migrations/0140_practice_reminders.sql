-- Practice reminders (issue 30, tier feature practice_reminders; docs/features/reminders.md).
--
-- practice_reminders: one row per member who saved reminder settings. days ('mon,wed,fri'),
-- local_time ('HH:MM') in the member's stored zone, topics and channels are comma lists.
-- next_due_at is the next moment a reminder falls due (NULL: off); due_zone the zone it was
-- computed in. Every server process's scheduler advances next_due_at with a conditional UPDATE
-- (… WHERE next_due_at = <the value it read>), so one process moves each slot on.
-- saved_at is the member's own save moment (an offline save replayed later never overwrites a
-- newer one); revision counts saves (the calendar feed's SEQUENCE).
-- The calendar feed's URL token is derived from calendar_salt_secret and the project secret;
-- only its hash is stored for the lookup. Both are named so the export leaves them out.
CREATE TABLE practice_reminders (
  user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  days TEXT NOT NULL,
  local_time TEXT NOT NULL CHECK (length(local_time) = 5),
  topics TEXT NOT NULL,
  channels TEXT NOT NULL,
  next_due_at TEXT,
  due_zone TEXT,
  saved_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  revision INTEGER NOT NULL DEFAULT 1,
  calendar_salt_secret TEXT NOT NULL,
  calendar_token_hash TEXT NOT NULL UNIQUE
);
CREATE INDEX practice_reminders_due ON practice_reminders(next_due_at);

-- A device a member turned notifications on for (a Web Push subscription). The endpoint and
-- keys are secrets of that browser (named so the export leaves them out). An endpoint belongs to
-- one member: the member who last turned notifications on in that browser.
CREATE TABLE push_subscriptions (
  id INTEGER PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  endpoint_secret TEXT NOT NULL UNIQUE,
  p256dh_secret TEXT NOT NULL,
  auth_secret TEXT NOT NULL,
  device TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL,
  last_sent_at TEXT
);
CREATE INDEX push_subscriptions_user ON push_subscriptions(user_id);

-- One row per reminder per local day per destination ('email', or 'push:<subscription id>'),
-- inserted before anything is sent: the UNIQUE key makes a day's reminder exist once, whichever
-- process computed it. Each attempt is claimed by a conditional UPDATE of attempts, so two
-- processes never send the same row; a failure is retried a few times, then marked failed.
-- status: pending, sending, retry, sent, failed, gone (the push service forgot the device),
-- skipped (the member practised before it went out). Kept 60 days.
CREATE TABLE reminder_sends (
  id INTEGER PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  local_date TEXT NOT NULL CHECK (local_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  channel TEXT NOT NULL CHECK (channel IN ('push', 'email')),
  target TEXT NOT NULL,
  title TEXT NOT NULL,
  body TEXT NOT NULL,
  url TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'sending', 'retry', 'sent', 'failed', 'gone', 'skipped')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TEXT NOT NULL,
  last_error TEXT,
  created_at TEXT NOT NULL,
  sent_at TEXT,
  UNIQUE (user_id, local_date, target)
);
CREATE INDEX reminder_sends_due ON reminder_sends(status, next_attempt_at);
