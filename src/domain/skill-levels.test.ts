import { describe, expect, it } from 'vitest';
import { parseSkillLevel, skillLevelColour } from './skill-levels';

describe('skill levels', () => {
  it('reads a level trimmed and case-insensitively', () => {
    expect(parseSkillLevel('  Skilled ')).toBe('skilled');
    expect(parseSkillLevel('PROFESSIONAL')).toBe('professional');
  });

  it('returns null for an unknown or missing level', () => {
    expect(parseSkillLevel('expert')).toBeNull();
    expect(parseSkillLevel(undefined)).toBeNull();
  });

  it('gives the spec border colour per level and the beginner colour otherwise', () => {
    expect(skillLevelColour('beginner')).toBe('#A8C3A1');
    expect(skillLevelColour('developing')).toBe('#D4E157');
    expect(skillLevelColour('skilled')).toBe('#E8A84E');
    expect(skillLevelColour('professional')).toBe('#D97B63');
    expect(skillLevelColour('??')).toBe('#A8C3A1');
  });
});
