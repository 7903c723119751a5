import { z } from 'zod';
import { ApiError } from './http';

/**
 * Ids from the client (issue 20: `DELETE /api/voice-goals/0x2` deleted goal 2, because
 * `Number()` reads hex, exponents, signs, spaces and empty strings). One rule for every route:
 * decimal digits only, no sign, no leading zero, no exponent, a positive safe integer.
 */
const ID_TEXT = /^[1-9]\d{0,15}$/;

export function isIdText(raw: string): boolean {
  return ID_TEXT.test(raw) && Number.isSafeInteger(Number(raw));
}

export const ID_MESSAGE = 'must be a positive whole number';

/** An id in a path or query: the number, or a 400 that says which id. */
export function parseId(raw: string | undefined, what: string, field = 'id'): number {
  if (raw === undefined || !isIdText(raw))
    throw new ApiError(400, 'validation_failed', `The ${what} id must be a positive whole number.`, {
      [field]: ID_MESSAGE,
    });
  return Number(raw);
}

/**
 * An id in a JSON body: a positive safe integer; with `text`, also the same in decimal text
 * (routes whose clients send ids as strings). The same rule as parseId, so a body cannot reach
 * what a path cannot.
 */
export const idField = (message = ID_MESSAGE, opts: { text?: boolean } = {}) =>
  z.union([z.number(), z.string()], { error: message }).transform((v, ctx) => {
    const n = typeof v === 'number' ? v : opts.text && isIdText(v) ? Number(v) : Number.NaN;
    if (Number.isSafeInteger(n) && n >= 1) return n;
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  });

/**
 * A count or size in a body (a limit, an offset, seconds): a whole number, or the same in decimal
 * text. Replaces `z.coerce.number()`, which read "0x10", "1e3", " 5" and `true` as numbers.
 */
export const wholeNumberField = () =>
  z.union([
    z.number().int(),
    z
      .string()
      .regex(/^\d{1,15}$/, 'must be a whole number')
      .transform(Number),
  ]);
