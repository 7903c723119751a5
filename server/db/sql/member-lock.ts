import type { SqlExecutor } from './types';

/**
 * Key spaces of the per-member transaction locks (the first key of PostgreSQL's two-key
 * advisory lock, apart from the migrations' single-key lock). One per kind of write that checks
 * a member's rows before adding one.
 */
export const MEMBER_LOCK = { presence: 76, pitchTakes: 22, recordings: 23, challenges: 170 } as const;

/**
 * Serialises one member's writes of one kind for the rest of the transaction, so a check of
 * their rows ("at most N", "no overlap") holds when two requests arrive at once: PostgreSQL's
 * READ COMMITTED would let both checks pass; SQLite's BEGIN IMMEDIATE already keeps every other
 * writer out.
 */
export async function lockMember(
  tx: SqlExecutor,
  space: (typeof MEMBER_LOCK)[keyof typeof MEMBER_LOCK],
  userId: string,
): Promise<void> {
  if (tx.dialect === 'postgres')
    await tx.get('SELECT pg_advisory_xact_lock(?, hashtext(?))', [space, userId]);
}
