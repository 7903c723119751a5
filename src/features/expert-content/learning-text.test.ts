import { describe, expect, it } from 'vitest';
import { capitalise, programButton } from './learning-text';

describe('expert content texts', () => {
  it('shows Continue when enrolled, else Premium or Enroll', () => {
    expect(programButton(true, true)).toBe('Continue');
    expect(programButton(false, true)).toBe('Premium');
    expect(programButton(false, false)).toBe('Enroll');
  });
  it('capitalises and spaces type names', () => {
    expect(capitalise('stress_relief')).toBe('Stress relief');
  });
});
