import { describe, expect, it } from 'vitest';
import { validateNewPassword, validateSignIn, validateSignUp, type SignUpForm } from './validation';

const good: SignUpForm = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.org',
  password: 'harmonics',
  confirmPassword: 'harmonics',
};

describe('sign-in validation', () => {
  it('asks for both fields when either is empty', () => {
    expect(validateSignIn('', 'secret123')).toBe('Please fill in all fields');
    expect(validateSignIn('a@b.co', '')).toBe('Please fill in all fields');
  });

  it('accepts a filled form', () => {
    expect(validateSignIn('a@b.co', 'x')).toBeNull();
  });
});

describe('sign-up validation', () => {
  it('accepts a complete, matching form', () => {
    expect(validateSignUp(good)).toBeNull();
  });

  it('asks for every field', () => {
    expect(validateSignUp({ ...good, lastName: ' ' })).toBe('Please fill in all fields');
  });

  it('requires at least 8 characters of password', () => {
    expect(validateSignUp({ ...good, password: 'short', confirmPassword: 'short' })).toBe(
      'Password must be at least 8 characters long',
    );
  });

  it('requires the confirmation to match', () => {
    expect(validateSignUp({ ...good, confirmPassword: 'harmonicz' })).toBe('Passwords do not match');
  });

  it('requires an email that looks like one', () => {
    expect(validateSignUp({ ...good, email: 'ada.example.org' })).toBe('Please enter a valid email address');
  });
});

describe('new password validation', () => {
  it('asks for both fields', () => {
    expect(validateNewPassword('', 'harmonics')).toBe('Please fill in all fields');
  });

  it('uses the sign-up length rule', () => {
    expect(validateNewPassword('short', 'short')).toBe('Password must be at least 8 characters long');
  });

  it('requires the confirmation to match', () => {
    expect(validateNewPassword('harmonics', 'harmonicz')).toBe('Passwords do not match');
  });

  it('accepts a long enough, matching pair', () => {
    expect(validateNewPassword('harmonics', 'harmonics')).toBeNull();
  });
});
