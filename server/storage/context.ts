import type { AppDeps } from '../app-env';
import { bucketRoot } from './files';
import { createStorageRepository, type StorageRepository } from './repository';
import { urlSigningKey } from './signing';

/** What the storage handlers share, built once per app. */
export interface StorageContext {
  repo: StorageRepository;
  signingKey: Uint8Array;
  /** STORAGE_DIR: the buckets' folders. */
  storageDir: string;
  root(bucket: string): string;
  now(): number;
  /** Runs `fn` in one SQLite transaction (synchronous, so a file rename can sit inside it). */
  transaction(fn: () => void): void;
}

export function createStorageContext(deps: AppDeps): StorageContext {
  return {
    repo: createStorageRepository(deps.db),
    signingKey: urlSigningKey(deps.keys.jwtSecret),
    storageDir: deps.config.storageDir,
    root: (bucket) => bucketRoot(deps.config.storageDir, bucket),
    now: deps.now,
    transaction: (fn) => deps.db.transaction(fn)(),
  };
}
