import { storageKeys } from '../../lib/storage-keys';

/** The three admin values in local storage (read at boot by chooseBackend in lib/supabase). */
export interface StoredBackend {
  enabled: boolean;
  url: string;
  anonKey: string;
}

export function readStoredBackend(storage: Storage = localStorage): StoredBackend {
  return {
    enabled: storage.getItem(storageKeys.backendEnabled) === 'true',
    url: storage.getItem(storageKeys.backendUrl) ?? '',
    anonKey: storage.getItem(storageKeys.backendAnonKey) ?? '',
  };
}

export function saveCredentials(url: string, anonKey: string, storage: Storage = localStorage): void {
  storage.setItem(storageKeys.backendUrl, url);
  storage.setItem(storageKeys.backendAnonKey, anonKey);
}

export function setEnabled(enabled: boolean, storage: Storage = localStorage): void {
  storage.setItem(storageKeys.backendEnabled, String(enabled));
}
