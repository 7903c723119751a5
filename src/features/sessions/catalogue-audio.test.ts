import { describe, expect, it } from 'vitest';
import { readinessOf, type CatalogueAudioStatus } from './catalogue-audio';

const status: CatalogueAudioStatus = {
  ready: false,
  sessions: [{ sessionId: 12, percent: 42, voiceReady: false, instrumentalReady: true }],
};

describe('readinessOf', () => {
  it('reports a version still being prepared with the server’s percentage', () => {
    expect(readinessOf(status, false, 12, 'vocal')).toEqual({ known: true, ready: false, percent: 42 });
    expect(readinessOf(status, false, 12, 'instrumental')).toEqual({
      known: true,
      ready: true,
      percent: 100,
    });
  });
  it('counts a session the server does not list as ready', () => {
    expect(readinessOf(status, false, 7, 'vocal').ready).toBe(true);
  });
  it('waits for the first answer, and treats a backend without the route as all ready', () => {
    expect(readinessOf(undefined, false, 12, 'vocal')).toMatchObject({ known: false, ready: false });
    expect(readinessOf(undefined, true, 12, 'vocal')).toMatchObject({ known: true, ready: true });
  });
});
