import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support';
import { CATALOGUE } from './test-catalogue';
import { createMember, insertSessions, type TestMember } from './test-members';

let t: TestApp;
let member: TestMember;

beforeAll(async () => {
  t = await createTestApp();
  await insertSessions(t, CATALOGUE);
  member = await createMember(t);
});
afterAll(() => t.close());

const ODD_QUERIES = [
  'id=eq.',
  'id=in.',
  'id=in.()',
  'id=in.(1,"2)',
  'id=is.maybe',
  'id=not.',
  'id=not.not.eq.1',
  'title=like.\\',
  'title=ilike.%',
  'moods=cs.calm',
  'moods=cs.{"a":1}',
  'moods=cs.["a"',
  'moods=eq.[1,2]',
  'moods=gt.1',
  'tags=cs.{a}',
  'or=()',
  'or=(,)',
  'or=(id)',
  'or=(id.eq)',
  'or=(and())',
  'and=(id.eq.1,or(id.eq.2,title.eq."x\\"y"))',
  'not.or=(id.eq.1,id.eq.2)',
  'select=',
  'select=,',
  'select=*,*',
  'select="id"',
  'select=id::text',
  'select=...rel(*)',
  'order=',
  'order=id.desc.nullsfirst.extra',
  'order="id".desc',
  'limit=99999999999',
  'offset=1e3',
  'id=eq.99999999999999999999',
  'id=lt.-1',
  '%zz=eq.1',
  'title=eq.%00',
  'title=eq.' + encodeURIComponent("'; DROP TABLE sessions; --"),
  'musicians=cs.{}',
  'category=cd.{find,free,fine-tune,fun}',
  'id=eq(any).{1,2}',
  'id=in(any).{1}',
];

describe('odd queries', () => {
  it('never answers 500 and always uses the four-key error shape', async () => {
    for (const qs of ODD_QUERIES) {
      for (const method of ['GET', 'HEAD', 'POST', 'DELETE']) {
        const res = await t.fetch(`/rest/v1/sessions?${qs}`, {
          method,
          headers: { apikey: t.deps.keys.anonKey, Authorization: `Bearer ${member.token}` },
          ...(method === 'POST' ? { body: '{}' } : {}),
        });
        expect(res.status, `${method} ${qs}`).toBeLessThan(500);
        if (res.status >= 400 && method !== 'HEAD') {
          expect(Object.keys(await res.json()).sort(), `${method} ${qs}`).toEqual([
            'code',
            'details',
            'hint',
            'message',
          ]);
        }
      }
    }
    expect(await t.deps.sql.get('SELECT count(*) AS n FROM sessions')).toEqual({ n: 12 });
  });

  it('never answers 500 to odd insert bodies', async () => {
    const bodies = [
      '',
      'null',
      '1',
      '"x"',
      '[]',
      '[1]',
      '[{}]',
      '{"session_id":{"a":1},"action":"echo"}',
      '{"session_id":1,"action":["echo"]}',
      '{"session_id":1.5,"action":"echo"}',
      '{"__proto__":{"x":1}}',
    ];
    for (const body of bodies) {
      const res = await t.fetch('/rest/v1/session_logs', {
        method: 'POST',
        headers: { apikey: t.deps.keys.anonKey, Authorization: `Bearer ${member.token}` },
        body,
      });
      expect(res.status, body).toBeLessThan(500);
    }
  });
});
