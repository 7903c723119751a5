// Pitch-matching exercises (issue 22): target notation, scoring, seeded exercises, the tone.
export * from './types';
export * from './notes';
export * from './score';
export * from './exercises';
export * from './tone';
export * from './words';
