import { useQuery, type QueryClient } from '@tanstack/react-query';
import { create } from 'zustand';
import {
  findDownload,
  listDownloads,
  removeDownload,
  type DownloadProgress,
  type DownloadRecord,
} from './downloads';

/** Cache Storage is local: these reads never wait for the network. */
export const offlineKeys = {
  all: ['offline-downloads'] as const,
  list: ['offline-downloads', 'list'] as const,
  session: (id: number) => ['offline-downloads', 'session', id] as const,
};

export function useDownloadList() {
  return useQuery({
    queryKey: offlineKeys.list,
    queryFn: listDownloads,
    networkMode: 'always',
    retry: false,
  });
}

export function useSessionDownload(sessionId: number) {
  return useQuery({
    queryKey: offlineKeys.session(sessionId),
    queryFn: () => findDownload(sessionId),
    networkMode: 'always',
    retry: false,
  });
}

/** navigator.storage.estimate(), for the profile's explanation; null where the browser has none. */
export function useStorageEstimate() {
  return useQuery({
    queryKey: [...offlineKeys.all, 'estimate'],
    queryFn: async () => (await navigator.storage?.estimate?.()) ?? null,
    networkMode: 'always',
    retry: false,
  });
}

export function refreshDownloads(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: offlineKeys.all });
}

export async function removeAndRefresh(client: QueryClient, record: DownloadRecord): Promise<void> {
  await removeDownload(record);
  await refreshDownloads(client);
}

/**
 * Downloads in progress, by session id. Kept outside the player so closing it does not lose
 * the progress (the download carries on and the profile shows it when done).
 */
interface ActiveDownloads {
  active: Record<number, DownloadProgress>;
  set: (id: number, p: DownloadProgress | null) => void;
}

export const useActiveDownloads = create<ActiveDownloads>((set) => ({
  active: {},
  set: (id, p) =>
    set((s) => {
      const active = { ...s.active };
      if (p) active[id] = p;
      else delete active[id];
      return { active };
    }),
}));
