-- Garden customisation (issue 30; the tier feature garden_customization, level 6): how a member
-- arranged their garden and which colours they chose, one row per member, written by
-- PUT /api/garden. `layout` and `palette` are keys of src/domain/garden.ts (the route checks
-- them, so a new palette needs no migration); `element_order` is a JSON array of all twenty
-- garden element keys (within a kind, the order the elements take that kind's places).
-- `chosen_at` is when the member made the choice on their device: a choice queued offline and
-- sent later never replaces one made after it. No row: the default garden.
CREATE TABLE garden_choices (
  user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  layout TEXT NOT NULL,
  palette TEXT NOT NULL,
  element_order TEXT NOT NULL,
  chosen_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
