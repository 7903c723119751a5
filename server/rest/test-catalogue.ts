import type { TestSession } from './test-members';

/** A small catalogue covering every skill level, JSON list columns, NULL paths and 12 rows for limits. */
export const CATALOGUE: TestSession[] = [
  {
    id: 1,
    title: 'Gentle voice awakening',
    skill_level: 'beginner',
    category: ['find'],
    moods: ['calm', 'peaceful'],
    intentions: ['find your center'],
    tags: 'morning breathing',
    voice_path: 's1/voice.mp3',
    instr_path: 's1/instr.mp3',
  },
  {
    id: 2,
    title: 'Confident speaking',
    skill_level: 'developing',
    category: ['fine-tune'],
    moods: ['confident'],
    intentions: ['speak with confidence'],
    voice_path: 's2/voice.mp3',
  },
  {
    id: 3,
    title: 'Playful sounds',
    skill_level: 'skilled',
    category: ['fun'],
    moods: ['playful', 'energized'],
  },
  {
    id: 4,
    title: 'Deep resonance',
    skill_level: 'professional',
    category: ['free', 'find'],
    moods: ['calm', 'healing'],
  },
  ...Array.from({ length: 8 }, (_, i) => ({
    id: 5 + i,
    title: `Practice ${5 + i}`,
    skill_level: 'beginner',
    category: ['free'],
    moods: ['focused'],
    length_sec: 60 * (5 + i),
  })),
];
