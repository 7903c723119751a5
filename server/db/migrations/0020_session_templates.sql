-- Session templates (spec 2, section 3 "Session template"): an exercise plan the template
-- player (/session/{templateId}) walks through step by step, and which live group sessions
-- of voice circles practise together. instructions_json is [{"text": string, "duration": seconds}].
CREATE TABLE session_templates (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL,
  description TEXT NOT NULL,
  category TEXT NOT NULL CHECK (category IN ('find', 'free', 'fine-tune', 'fun')),
  difficulty TEXT NOT NULL CHECK (difficulty IN ('beginner', 'intermediate', 'advanced')),
  voice_level TEXT NOT NULL,
  duration_sec INTEGER NOT NULL CHECK (duration_sec > 0),
  instructions_json TEXT NOT NULL
);
