import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Without SMTP, mails are kept as DATA_DIR/mail/*.eml (server/auth/mail/outbox.ts). A deleted
 * member's address must not stay there, so their mails go with the account; the deletion
 * confirmation is written afterwards and is the only one left. Returns how many were removed.
 */
export async function purgeOutbox(dataDir: string, email: string): Promise<number> {
  const dir = path.join(dataDir, 'mail');
  let names: string[];
  try {
    names = (await fs.readdir(dir)).filter((n) => n.endsWith('.eml'));
  } catch {
    return 0; // No outbox yet.
  }
  const to = `to: ${email}`.toLowerCase();
  let removed = 0;
  for (const name of names) {
    const file = path.join(dir, name);
    const head = (await fs.readFile(file, 'utf8')).split(/\r?\n\r?\n/)[0] ?? '';
    if (head.split(/\r?\n/).some((line) => line.toLowerCase() === to)) {
      await fs.rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}
