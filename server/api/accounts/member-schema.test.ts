import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support';
import { readMemberSchema, uncoveredMemberColumns } from './member-schema';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

describe('member data found by schema introspection', () => {
  it('covers every member column of the real schema (fails when a new table is not covered)', async () => {
    expect(await uncoveredMemberColumns(t.deps.sql)).toEqual([]);
  });

  it('finds the member tables and child tables of the current schema', async () => {
    const schema = await readMemberSchema(t.deps.sql);
    const cols = schema.memberColumns.map((m) => `${m.table}.${m.column}`);
    for (const c of [
      'session_completions.user_id',
      'reflections.user_id',
      'reflection_echoes.user_id',
      'mood_entries.user_id',
      'biometric_records.user_id',
      'program_enrollments.user_id',
      'circle_members.user_id',
      'voice_circles.creator_id',
      'auth_sessions.user_id',
    ]) {
      expect(cols).toContain(c);
    }
    expect(schema.children.map((c) => c.table)).toEqual(
      expect.arrayContaining(['program_step_completions', 'auth_refresh_tokens']),
    );
    expect(schema.jsonColumns.get('users')?.has('onboarding_answers')).toBe(true);
  });

  it('flags a member-looking column without a foreign key, and a non-cascading one', async () => {
    await t.deps.sql.exec(`CREATE TABLE sneaky (member_id TEXT, note TEXT);
      CREATE TABLE lingering (owner TEXT REFERENCES users(id) ON DELETE SET NULL);`);
    expect(await uncoveredMemberColumns(t.deps.sql)).toEqual([
      expect.stringMatching(/^sneaky\.member_id: /),
      expect.stringMatching(/^lingering\.owner: ON DELETE SET NULL/),
    ]);
  });
});
