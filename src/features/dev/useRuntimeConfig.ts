import { useQuery } from '@tanstack/react-query';
import { fetchRuntimeConfig, type RuntimeConfig } from '../../lib/runtime-config';

/** The server's runtime config (anon key, demoMode), read once and cached. */
export function useRuntimeConfig() {
  return useQuery<RuntimeConfig>({ queryKey: ['runtime-config'], queryFn: () => fetchRuntimeConfig() });
}
