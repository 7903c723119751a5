-- PostgreSQL twin of migrations/0145_garden_choices.sql (the comments there say why).
CREATE TABLE garden_choices (
  user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  layout TEXT NOT NULL,
  palette TEXT NOT NULL,
  element_order TEXT NOT NULL,
  chosen_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
