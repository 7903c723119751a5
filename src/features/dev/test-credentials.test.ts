import { describe, expect, it } from 'vitest';
import { validateSignUp } from '../auth/validation';
import { generateTestCredentials } from './test-credentials';

describe('test credentials', () => {
  it('uses a test+ address at example.com and passes sign-up validation', () => {
    const c = generateTestCredentials(() => 'abc123');
    expect(c.email).toBe('test+abc123@example.com');
    expect(validateSignUp({ ...c, confirmPassword: c.password })).toBeNull();
  });

  it('differs on every visit', () => {
    expect(generateTestCredentials().email).not.toBe(generateTestCredentials().email);
  });
});
