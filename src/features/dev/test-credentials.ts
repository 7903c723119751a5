/** Fresh test credentials per visit: an address no real person owns (example.com). */
export function generateTestCredentials(random: () => string = defaultRandom) {
  const tag = random();
  return {
    firstName: 'Test',
    lastName: 'Member',
    email: `test+${tag}@example.com`,
    password: `tune-${tag}-Pw1`,
  };
}

function defaultRandom(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(5));
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}
