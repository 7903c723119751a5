// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { NOT_HEARD_LIVE } from '../../domain/voice';
import { EMPTY_LIVE, useLiveStore, type LiveValues } from './live-buffer';
import { LiveReadout } from './LiveReadout';

afterEach(() => {
  cleanup();
  useLiveStore.setState({ values: EMPTY_LIVE });
});

const A4: LiveValues = { ...EMPTY_LIVE, pitchHz: 440, semitone: 69, volume: 40 };

describe('the live readout (issue 30: live and final agree on a pure tone)', () => {
  it('says it hears a tone, not a voice: no score, no "in tune", the pitch still measured', () => {
    render(<LiveReadout active />);
    act(() => useLiveStore.setState({ values: { ...A4, heard: 'tone' } }));
    expect(screen.getByTestId('live-heard').textContent).toBe(NOT_HEARD_LIVE.tone);
    expect(screen.getByTestId('live-score').textContent).toBe('–');
    expect(screen.queryByText('in tune')).toBeNull();
    expect(screen.getByTestId('live-pitch').textContent).toBe('440.0 Hz');
  });

  it('a voice gets its note, how far it is from it, and the score so far', () => {
    render(<LiveReadout active />);
    act(() =>
      useLiveStore.setState({
        values: {
          ...A4,
          heard: 'voice',
          overall: 82,
          clarity: 80,
          stability: 90,
          resonance: 70,
          projection: 60,
        },
      }),
    );
    expect(screen.queryByTestId('live-heard')).toBeNull();
    expect(screen.getByText('in tune')).toBeTruthy();
    expect(screen.getByTestId('live-score').textContent).toBe('82');
  });

  it('says how in tune a held note is in words, the cents behind "details" (issue 31)', () => {
    render(<LiveReadout active />);
    act(() => useLiveStore.setState({ values: { ...A4, heard: 'voice', semitone: 69.3, overall: 70 } }));
    expect(screen.getByTestId('live-tune').textContent).toBe('a little sharp');
    expect(screen.getByTestId('live-cents').textContent).toBe('+30 cents');
    expect(screen.getByTestId('live-cents').closest('details')?.open).toBe(false);
  });
});
