import type { AppDeps } from '../app-env';
import { bucketRoot } from './files';
import { createStorageRepository, type StorageRepository } from './repository';
import { urlSigningKey } from './signing';

/** What the storage handlers share, built once per app. */
export interface StorageContext {
  repo: StorageRepository;
  signingKey: Uint8Array;
  dataDir: string;
  root(bucket: string): string;
  now(): number;
  /** Runs `fn` in one SQLite transaction (synchronous, so a file rename can sit inside it). */
  transaction(fn: () => void): void;
}

export function createStorageContext(deps: AppDeps): StorageContext {
  return {
    repo: createStorageRepository(deps.db),
    signingKey: urlSigningKey(deps.keys.jwtSecret),
    dataDir: deps.config.dataDir,
    root: (bucket) => bucketRoot(deps.config.dataDir, bucket),
    now: deps.now,
    transaction: (fn) => deps.db.transaction(fn)(),
  };
}
