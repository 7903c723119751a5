import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { apiRequest } from '../../lib/api';
import { supabase } from '../../lib/supabase';
import { clearRemember } from './remember-me';

/**
 * Log out (spec: profile settings menu): POST /api/auth/logout, then the auth client's own
 * sign-out (which clears the stored session and fires SIGNED_OUT), forget 'keep me signed
 * in', drop every cached query of this member, and go to /login. Failures are logged only:
 * the member is always signed out locally.
 */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      await apiRequest('POST', '/api/auth/logout');
    } catch (err) {
      console.warn('The server could not end the sign-in session', err);
    }
    try {
      // 'local': only this device; the app API call above already ended this session.
      const { error } = await (await supabase()).auth.signOut({ scope: 'local' });
      if (error) console.warn('Sign-out failed', error);
    } catch (err) {
      console.warn('Sign-out failed', err);
    }
    clearRemember(localStorage);
    queryClient.clear();
    navigate('/login', { replace: true });
  }, [navigate, queryClient]);
}
