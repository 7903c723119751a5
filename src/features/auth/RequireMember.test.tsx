// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import type { Session } from '@supabase/supabase-js';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { useAuthStore } from './auth-store';
import { RequireMember, safeReturnPath } from './RequireMember';

function WhereAmI() {
  const { pathname, search } = useLocation();
  return <p>at {`${pathname}${search}`}</p>;
}

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/" element={<WhereAmI />} />
        <Route
          path="/profile"
          element={
            <RequireMember>
              <p>member content</p>
            </RequireMember>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => {
  cleanup();
  useAuthStore.setState({ session: null, user: null, loading: true, lastEvent: null });
});

describe('RequireMember', () => {
  it('shows a loading state, not the content, while the session is read', () => {
    useAuthStore.setState({ loading: true });
    renderAt('/profile');
    expect(screen.getByRole('status').textContent).toContain('loading');
    expect(screen.queryByText('member content')).toBeNull();
  });

  it('sends a visitor to sign-in with the way back', () => {
    useAuthStore.setState({ loading: false, session: null });
    renderAt('/profile?tab=echoed');
    expect(screen.getByText('at /?returnTo=%2Fprofile%3Ftab%3Dechoed')).toBeTruthy();
  });

  it('shows the content to a signed-in member', () => {
    useAuthStore.setState({ loading: false, session: { access_token: 't' } as Session });
    renderAt('/profile');
    expect(screen.getByText('member content')).toBeTruthy();
  });
});

describe('return paths', () => {
  it('accepts only paths inside the app', () => {
    expect(safeReturnPath('/profile')).toBe('/profile');
    expect(safeReturnPath('//evil.example')).toBeNull();
    expect(safeReturnPath('https://evil.example')).toBeNull();
    expect(safeReturnPath(null)).toBeNull();
  });
});
