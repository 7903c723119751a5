import { describe, expect, it } from 'vitest';
import { checkInSuggestion, DOCTOR_NOTE, VOICE_FEELS, type CheckInAnswers } from './check-in';

const answers = (over: Partial<CheckInAnswers>): CheckInAnswers => ({
  voice: 'fine',
  energy: 'steady',
  mood: 'okay',
  ...over,
});

describe('the check-in suggestion', () => {
  it('asks a hoarse or sore voice to rest, with water, and says when to see a doctor', () => {
    const s = checkInSuggestion(answers({ voice: 'hoarse', energy: 'high' }));
    expect(s.kind).toBe('rest');
    expect(s.text).toMatch(/water/);
    expect(s.doctor).toBe(DOCTOR_NOTE);
    expect(s.doctor).toContain('more than two weeks');
  });

  it('speaks directly after most of a fortnight hoarse', () => {
    expect(checkInSuggestion(answers({ voice: 'hoarse' }), 9).doctor).toBe(DOCTOR_NOTE);
    expect(checkInSuggestion(answers({ voice: 'hoarse' }), 10).doctor).toBe(
      'You noted a hoarse or sore voice on 10 of the last 14 days. Please show it to a doctor.',
    );
  });

  it('offers a strained voice something gentle and quiet, or rest, whatever the energy', () => {
    for (const energy of ['low', 'steady', 'high'] as const) {
      const s = checkInSuggestion(answers({ voice: 'strained', energy }));
      expect(s.kind).toBe('gentle');
      expect(s.text).toMatch(/quiet/);
      expect(s.doctor).toBeNull();
    }
  });

  it('keeps the day short for a tired voice or low energy', () => {
    expect(checkInSuggestion(answers({ voice: 'tired' })).kind).toBe('short');
    expect(checkInSuggestion(answers({ voice: 'clear', energy: 'low' })).kind).toBe('short');
  });

  it("sends a fine or clear voice to today's recommendation, kindly when the mood is low", () => {
    expect(checkInSuggestion(answers({ voice: 'clear' }))).toMatchObject({ kind: 'recommended' });
    expect(checkInSuggestion(answers({ voice: 'fine', mood: 'low' })).text).toMatch(/kind to yourself/);
  });

  it('has a suggestion for every answer', () => {
    for (const voice of VOICE_FEELS) expect(checkInSuggestion(answers({ voice })).title).not.toBe('');
  });
});
