/** Sign-in and sign-up checks with the spec's exact messages (core section 5). */
export const PASSWORD_MIN_LENGTH = 8;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateSignIn(email: string, password: string): string | null {
  if (!email.trim() || !password) return 'Please fill in all fields';
  return null;
}

export interface SignUpForm {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export function validateSignUp(f: SignUpForm): string | null {
  if (!f.firstName.trim() || !f.lastName.trim() || !f.email.trim() || !f.password) {
    return 'Please fill in all fields';
  }
  if (f.password.length < PASSWORD_MIN_LENGTH) return 'Password must be at least 8 characters long';
  if (f.password !== f.confirmPassword) return 'Passwords do not match';
  if (!EMAIL_PATTERN.test(f.email.trim())) return 'Please enter a valid email address';
  return null;
}

/** New password and confirmation (reset), with the sign-up rules and messages. */
export function validateNewPassword(password: string, confirmPassword: string): string | null {
  if (!password || !confirmPassword) return 'Please fill in all fields';
  if (password.length < PASSWORD_MIN_LENGTH) return 'Password must be at least 8 characters long';
  if (password !== confirmPassword) return 'Passwords do not match';
  return null;
}
