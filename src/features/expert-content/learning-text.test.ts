import { describe, expect, it } from 'vitest';
import { capitalise, lengthText, programButton } from './learning-text';

describe('expert content texts', () => {
  it('shows Continue when enrolled, else Premium or Enroll', () => {
    expect(programButton(true, true)).toBe('Continue');
    expect(programButton(false, true)).toBe('Premium');
    expect(programButton(false, false)).toBe('Enroll');
  });
  it('capitalises and spaces type names', () => {
    expect(capitalise('stress_relief')).toBe('Stress relief');
  });
  it('says a length in minutes, and hours beyond the hour', () => {
    expect(lengthText(990)).toBe('17 min');
    expect(lengthText(30)).toBe('1 min');
    expect(lengthText(0)).toBe('0 min');
    expect(lengthText(4200)).toBe('1 h 10 min');
    expect(lengthText(7200)).toBe('2 h');
  });
});
