import { z } from 'zod';
import { TITLE_MAX } from '../../../src/domain/voice-notes';
import { ApiError } from '../../lib/http';
import { lineText } from '../../lib/text';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const UUID_MESSAGE = 'must be a UUID such as 0b6e3f6a-1c2d-4e5f-8a9b-0c1d2e3f4a5b';

/** A note's id made on the device (lower-case UUID), in a body. */
export const uuidField = () =>
  z
    .string({ error: UUID_MESSAGE })
    .transform((v) => v.toLowerCase())
    .refine((v) => UUID.test(v), UUID_MESSAGE);

/** A note's id in a path: the id, or a 400 naming `id`. */
export function uuidParam(raw: string | undefined, what: string): string {
  const id = (raw ?? '').toLowerCase();
  if (!UUID.test(id))
    throw new ApiError(400, 'validation_failed', `The ${what} id ${UUID_MESSAGE}.`, { id: UUID_MESSAGE });
  return id;
}

/** A title as the member typed it: one line, trimmed, 1-80 characters. */
export const titleField = () =>
  lineText()
    .transform((v) => v.trim())
    .pipe(z.string().min(1, 'must not be empty').max(TITLE_MAX, `must be at most ${TITLE_MAX} characters`));
