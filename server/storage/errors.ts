/**
 * Storage's error body (reference §1.6, §4.6). Like hosted Supabase Storage, every 4xx is sent
 * with HTTP 400 and the real status in the body's `statusCode` string: storage-js reads
 * `statusCode` and `code`, so apps branch on those and behave the same against a hosted project.
 * Only the signed GET's Range answers (206, 304, 416) use real statuses, as media players need.
 */
export class StorageError extends Error {
  constructor(
    readonly statusCode: '400' | '403' | '404' | '409' | '413' | '415' | '500',
    readonly code: string,
    readonly error: string,
    message: string,
  ) {
    super(message);
  }

  body() {
    return { statusCode: this.statusCode, code: this.code, error: this.error, message: this.message };
  }

  get httpStatus(): 400 | 500 {
    return this.statusCode === '500' ? 500 : 400;
  }
}

export const noSuchKey = () => new StorageError('404', 'NoSuchKey', 'not_found', 'Object not found');
export const noSuchBucket = () =>
  new StorageError('404', 'NoSuchBucket', 'Bucket not found', 'Bucket not found');
export const invalidKey = (key: string) =>
  new StorageError('400', 'InvalidKey', 'Invalid Input', `Invalid key: ${key.slice(0, 200)}`);
export const invalidRequest = (message: string) =>
  new StorageError('400', 'InvalidRequest', 'Invalid Input', message);
export const accessDenied = (message: string) =>
  new StorageError('403', 'AccessDenied', 'Unauthorized', message);
export const rlsDenied = () =>
  new StorageError('403', 'Unauthorized', 'Unauthorized', 'new row violates row-level security policy');
export const invalidJwt = (message: string) => new StorageError('400', 'InvalidJWT', 'Invalid JWT', message);
export const invalidSignature = () =>
  new StorageError(
    '400',
    'InvalidSignature',
    'Invalid Signature',
    'The signature of this URL does not match its path',
  );

export const invalidMimeType = (type: string) =>
  new StorageError(
    '415',
    'InvalidMimeType',
    'invalid_mime_type',
    `mime type ${type.slice(0, 100)} is not supported`,
  );
