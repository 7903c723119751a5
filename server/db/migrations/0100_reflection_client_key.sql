-- A private reflection written on the player may wait in the offline outbox and be sent again
-- after a lost answer (issue 13). The client makes a UUID for it once and sends it every time
-- through /rest/v1 with `Prefer: resolution=ignore-duplicates` and `on_conflict=user_id,client_key`:
-- this unique key turns a replay into no change, so the reflection is stored once. Rows made
-- without a key (NULL) never conflict.
ALTER TABLE reflections ADD COLUMN client_key TEXT CHECK (client_key IS NULL OR length(client_key) BETWEEN 1 AND 64);
CREATE UNIQUE INDEX reflections_client_key ON reflections(user_id, client_key);
