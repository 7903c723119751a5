import { describe, expect, it } from 'vitest';
import type { OutboxItem } from '../../lib/outbox/outbox';
import { describeWrite } from './describe-write';

const item = (kind: string, body: unknown = {}): OutboxItem => ({
  key: 'k',
  seq: 1,
  userId: 'u',
  method: 'POST',
  url: '/api/x',
  body,
  occurredAt: '2026-11-26T10:00:00.000Z',
  kind,
  attempts: 0,
  notBefore: 0,
});

/** Every kind the app queues (docs/offline-writes.md), as named in "Waiting to sync". */
const KINDS = [
  'completion',
  'template-session',
  'echo',
  'reflection',
  'private-reflection',
  'mood',
  'vitals',
  'goal',
  'enrolment',
  'unenrolment',
  'class-view',
  'circle-practice',
  'voice-analysis',
  'tuning-recording',
  'voice-assessment',
  'voice-range',
  'pitch-result',
  'onboarding',
  'onboarding-skip',
  'check-in',
  'feeling',
  'voice-note-keep',
  'echoverse-echo',
  'echoverse-report',
];

describe('describeWrite', () => {
  it('names every kind of queued write in its own words and says what discarding it loses', () => {
    const titles = KINDS.map((k) => describeWrite(item(k)).title);
    expect(titles).not.toContain('Something you saved offline');
    for (const k of KINDS) expect(describeWrite(item(k)).lost).not.toBe('It will not be sent.');
  });

  it('shows the member’s own notes of a mood entry', () => {
    expect(describeWrite(item('mood', { notes: 'Tired but calm.' }))).toMatchObject({
      title: 'A mood entry',
      excerpt: 'Tired but calm.',
    });
  });
});
