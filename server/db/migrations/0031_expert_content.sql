-- Expert classes and specialized programs (spec 2, section 3 "Expert content", "Specialized
-- program", "Enrollment"). The experts are fictional demo people, labelled as such in the UI;
-- their avatars are generated initials, never photos.
CREATE TABLE experts (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  bio TEXT NOT NULL,
  avatar_color TEXT NOT NULL CHECK (avatar_color GLOB '#[0-9a-fA-F][0-9a-fA-F][0-9a-fA-F][0-9a-fA-F][0-9a-fA-F][0-9a-fA-F]')
);

CREATE TABLE expert_classes (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  expert_id INTEGER NOT NULL REFERENCES experts(id) ON DELETE CASCADE,
  title TEXT NOT NULL,
  description TEXT NOT NULL,
  duration_min INTEGER NOT NULL CHECK (duration_min > 0),
  -- NULL until rated: the UI shows the spec's default 4.8.
  rating REAL CHECK (rating IS NULL OR rating BETWEEN 0 AND 5),
  content_type TEXT NOT NULL CHECK (content_type IN ('guided_session', 'masterclass', 'technique', 'workshop')),
  difficulty TEXT NOT NULL CHECK (difficulty IN ('beginner', 'intermediate', 'advanced')),
  is_premium INTEGER NOT NULL DEFAULT 0 CHECK (is_premium IN (0, 1))
);

-- Views are counted once per member (opening a class's details), not made up.
CREATE TABLE expert_class_views (
  class_id INTEGER NOT NULL REFERENCES expert_classes(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  viewed_at TEXT NOT NULL,
  PRIMARY KEY (class_id, user_id)
);

-- What a class teaches: catalogue sessions or session templates, in order. Exactly one is set.
CREATE TABLE expert_class_items (
  class_id INTEGER NOT NULL REFERENCES expert_classes(id) ON DELETE CASCADE,
  position INTEGER NOT NULL CHECK (position >= 0),
  session_id INTEGER REFERENCES sessions(id) ON DELETE CASCADE,
  template_id INTEGER REFERENCES session_templates(id) ON DELETE CASCADE,
  PRIMARY KEY (class_id, position),
  CHECK ((session_id IS NULL) <> (template_id IS NULL))
);

CREATE TABLE programs (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL,
  description TEXT NOT NULL,
  duration_days INTEGER NOT NULL CHECK (duration_days BETWEEN 7 AND 30),
  program_type TEXT NOT NULL,
  difficulty TEXT NOT NULL CHECK (difficulty IN ('beginner', 'intermediate', 'advanced')),
  is_premium INTEGER NOT NULL DEFAULT 0 CHECK (is_premium IN (0, 1))
);

-- A program is an ordered list of catalogue sessions or session templates.
CREATE TABLE program_items (
  program_id INTEGER NOT NULL REFERENCES programs(id) ON DELETE CASCADE,
  position INTEGER NOT NULL CHECK (position >= 0),
  session_id INTEGER REFERENCES sessions(id) ON DELETE CASCADE,
  template_id INTEGER REFERENCES session_templates(id) ON DELETE CASCADE,
  PRIMARY KEY (program_id, position),
  CHECK ((session_id IS NULL) <> (template_id IS NULL))
);

-- One enrollment per member and program (enrolling twice is the same enrollment).
-- current_session_index is the position of the next item; completed_at is set after the last.
CREATE TABLE program_enrollments (
  id INTEGER PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  program_id INTEGER NOT NULL REFERENCES programs(id) ON DELETE CASCADE,
  started_at TEXT NOT NULL,
  current_session_index INTEGER NOT NULL DEFAULT 0 CHECK (current_session_index >= 0),
  completed_at TEXT,
  UNIQUE (user_id, program_id)
);

-- Each program step is finished once per enrollment: the key makes advancing exactly-once
-- even when a completion request is replayed or two arrive together.
CREATE TABLE program_step_completions (
  enrollment_id INTEGER NOT NULL REFERENCES program_enrollments(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  completed_at TEXT NOT NULL,
  PRIMARY KEY (enrollment_id, position)
);
