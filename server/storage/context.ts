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
  /**
   * Runs `fn` in one transaction with a repository on it. The upload's file rename sits inside
   * (a local rename, no network), so the row and the file are committed together.
   */
  transaction<T>(fn: (repo: StorageRepository) => Promise<T>): Promise<T>;
}

export function createStorageContext(deps: AppDeps): StorageContext {
  return {
    repo: createStorageRepository(deps.sql),
    signingKey: urlSigningKey(deps.keys.jwtSecret),
    storageDir: deps.config.storageDir,
    root: (bucket) => bucketRoot(deps.config.storageDir, bucket),
    now: deps.now,
    transaction: (fn) => deps.sql.transaction((tx) => fn(createStorageRepository(tx))),
  };
}
