import { describe, expect, it } from 'vitest';
import { ListenedClock } from './listened-clock';

describe('ListenedClock', () => {
  it('counts wall-clock time while hearing, and nothing while paused or seeking', () => {
    const clock = new ListenedClock();
    expect(clock.startedAtMs()).toBeNull();
    clock.note(1_000, true); // playing
    clock.note(31_000, false); // paused after 30 s
    clock.note(91_000, true); // resumed a minute later
    clock.note(101_000, false); // seeking: a jump of minutes in the audio adds nothing
    clock.note(101_050, true); // seeked, playing again
    expect(clock.listenedSec(111_050)).toBe(50);
    expect(clock.startedAtMs()).toBe(1_000);
  });

  it('a seek straight to the end is no listening at all', () => {
    const clock = new ListenedClock();
    clock.note(0, false); // opened, not yet playing
    clock.note(500, false); // seeking to the end
    clock.note(600, false); // ended
    expect(clock.listenedSec(10_000)).toBe(0);
    expect(clock.startedAtMs()).toBeNull();
  });

  it('repeated notes while hearing do not count time twice', () => {
    const clock = new ListenedClock();
    for (let t = 0; t <= 120_000; t += 250) clock.note(t, true);
    expect(clock.listenedSec(120_000)).toBe(120);
  });
});
