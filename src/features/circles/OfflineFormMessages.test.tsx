// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { User } from '@supabase/supabase-js';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../auth/auth-store';
import { ChangeEmailDialog } from '../auth/ChangeEmailDialog';
import { DeleteAccountDialog } from '../profile/my-data/DeleteAccountDialog';
import { CreateCircleDialog } from './CreateCircleDialog';

/**
 * Issue 30: the create-circle offline message was clipped. It appears below the form's last
 * field, and a dialog on a phone scrolls: the panel stayed where it was and cut the message off
 * (at 390x844 its last line "online." was hidden). A form's message is brought into view when it
 * appears, in every form that refuses a write offline. jsdom has no layout, so what is checked is
 * that the whole message is there and that it was scrolled into view.
 */
const revealed = vi.fn<(this: Element) => void>();

function renderIn(ui: React.ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, queryFn: () => [] } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

const messageInView = async (words: RegExp) => {
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toMatch(words);
  await waitFor(() => expect(revealed.mock.contexts).toContain(alert));
};

beforeEach(() => {
  useAuthStore.setState({ user: { id: 'member-1', email: 'ada@example.com' } as User });
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  Element.prototype.scrollIntoView = revealed;
  revealed.mockClear();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('a form refused offline shows its whole message, in view', () => {
  it('create circle', async () => {
    renderIn(<CreateCircleDialog open onOpenChange={() => {}} onCreated={() => {}} />);
    fireEvent.change(screen.getByLabelText('Circle name'), { target: { value: 'Quiet sirens' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Circle' }));
    await messageInView(
      /^You're offline\. Creating a circle needs a connection: try again when you're back online\.$/,
    );
  });

  it('delete the account', async () => {
    renderIn(<DeleteAccountDialog />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    fireEvent.change(screen.getByLabelText('Your password'), { target: { value: 'secret-words' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account for good' }));
    await messageInView(/Deleting your account needs a connection/);
  });

  it('change e-mail', async () => {
    renderIn(<ChangeEmailDialog open onOpenChange={() => {}} returnFocus={() => {}} />);
    fireEvent.change(screen.getByLabelText('New email address'), { target: { value: 'new@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: /send|change/i }));
    await messageInView(/Changing your email address needs a connection/);
  });
});
