// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Celebration } from '../player/Celebration';
import { EndDialog } from '../player/EndDialog';
import type { CompletionResult } from '../player/player-api';
import { RecordingOutcome } from '../tuning/RecordingOutcome';
import { EarnedList } from './EarnedList';
import type { EarnedBadge } from './earned';

afterEach(cleanup);

const FIRST_SOUND: EarnedBadge = {
  id: 'first-recording',
  name: 'First Sound',
  description: 'You recorded your voice in the tuning room.',
  tier: 'awakening',
};
const THREE: EarnedBadge = {
  id: 'streak-3',
  name: 'Three in a Row',
  description: 'You practised 3 days in a row.',
  tier: 'awakening',
};

const result = (over: Partial<CompletionResult>): CompletionResult => ({
  isFirstSession: false,
  tokensAwarded: 20,
  totalTokens: 300,
  newBadges: [],
  streakRewards: [],
  listening: false,
  alreadyCounted: false,
  queued: false,
  counted: true,
  practisedSec: 300,
  plannedSec: 300,
  ...over,
});

function endDialog(props: { listening?: boolean; result?: CompletionResult | null }) {
  // The dialog asks how the member feels after (emotion tracking), which reads their level.
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <EndDialog
        open
        onOpenChange={vi.fn()}
        line="lovely"
        sessionId={7}
        canVocal
        canInstrumental
        bursting={false}
        onPlayAgain={vi.fn()}
        onPlayMusic={vi.fn()}
        onComplete={vi.fn()}
        {...props}
      />
    </QueryClientProvider>,
  );
}

describe('completion screens list what was just earned', () => {
  it('the player’s celebration lists each badge with its description and tier, and the streak reward', () => {
    render(
      <Celebration
        open
        first={false}
        tokens={20}
        newBadges={[THREE]}
        streakRewards={[{ days: 3, bonus: 10 }]}
        onDone={vi.fn()}
      />,
    );
    expect(screen.getByRole('list', { name: 'badges earned' }).textContent).toBe(
      'New badge: Three in a Row (awakening): You practised 3 days in a row.',
    );
    expect(screen.getByRole('list', { name: 'streak rewards earned' }).textContent).toBe(
      '3-day streak reward: +10 tone tokens',
    );
    // The session's tokens and the reward's, together.
    expect(screen.getByTestId('celebration-tokens').textContent).toBe('+30 tone tokens');
  });

  it('the end dialog lists the answer’s badges when it comes while the dialog is open', () => {
    endDialog({ result: result({ newBadges: [THREE] }) });
    expect(screen.getByRole('heading', { name: 'session complete' })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'badges earned' }).textContent).toContain('Three in a Row');
  });

  it('the end dialog says "listening complete" for a listening-room track', () => {
    endDialog({ listening: true, result: result({ listening: true, counted: false, tokensAwarded: 0 }) });
    expect(screen.getByRole('heading', { name: 'listening complete' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'badges earned' })).toBeNull();
  });

  it('offline, says the badges come when the write is sent', () => {
    endDialog({ result: result({ queued: true }) });
    expect(screen.getByText(/will appear in your achievements when it is sent/)).toBeTruthy();
  });

  it('the tuning room says a recording is practice minutes, not a session, and lists its badge', () => {
    render(
      <RecordingOutcome
        practice={{ seconds: 95, minutes: 2, queued: false, newBadges: [FIRST_SOUND] }}
        newBadges={[FIRST_SOUND]}
      />,
    );
    expect(screen.getByTestId('recording-practice').textContent).toContain(
      'Recording saved as practice: 2 minutes. Recordings in the tuning room count as practice minutes, not as a session, so they earn no tokens or streak days.',
    );
    expect(screen.getByRole('list', { name: 'badges earned' }).textContent).toBe(
      'New badge: First Sound (awakening): You recorded your voice in the tuning room.',
    );
  });

  it('the tuning room, offline, says the recording will be sent and its badges will follow', () => {
    render(
      <RecordingOutcome practice={{ seconds: 40, minutes: 1, queued: true, newBadges: [] }} newBadges={[]} />,
    );
    const text = screen.getByTestId('recording-practice').textContent ?? '';
    expect(text).toContain('will sync when you');
    expect(text).toContain('will appear in your achievements when it is sent');
  });

  it('shows nothing when nothing was earned', () => {
    const { container } = render(<EarnedList badges={[]} streakRewards={[]} />);
    expect(container.textContent).toBe('');
  });
});
