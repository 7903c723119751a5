import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { z } from 'zod';
import { MAX_JSON_DEPTH, tooDeep } from './json-depth';
import { CONTROL_MESSAGE, controlCharPath } from './text';

/**
 * The app API's error body: a stable machine code and a sentence a person can read.
 * The client wrapper shows errors as `status: body`, so the message must stand on its own.
 */
export interface ApiErrorBody {
  error: string;
  message: string;
  fields?: Record<string, string>;
}

export class ApiError extends HTTPException {
  constructor(
    status: 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 422 | 429 | 500 | 503,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(status, { message });
  }

  body(): ApiErrorBody {
    return { error: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) };
  }
}

/**
 * 400 naming the first field whose text holds a control character (text.ts): the backstop for
 * every body and query, whatever the route's schema says; single-line fields are stricter still.
 */
export function refuseControlChars(value: unknown, multiline = true): void {
  const field = controlCharPath(value, multiline);
  if (field !== null)
    throw new ApiError(400, 'validation_failed', `Invalid ${field}: ${CONTROL_MESSAGE}`, {
      [field]: CONTROL_MESSAGE,
    });
}

/** Reads and validates a JSON body; malformed JSON and schema failures are 400s that name the field. */
export async function jsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  let raw: unknown;
  // A failed read (the client hung up) propagates as it is: it is not the member's bad JSON.
  const text = await c.req.text();
  if (tooDeep(text)) {
    throw new ApiError(400, 'invalid_json', `The request body nests deeper than ${MAX_JSON_DEPTH} levels.`);
  }
  try {
    raw = text.trim() === '' ? undefined : JSON.parse(text);
  } catch {
    throw new ApiError(400, 'invalid_json', 'The request body is not valid JSON.');
  }
  refuseControlChars(raw);
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[issue.path.join('.') || 'body'] ??= issue.message;
    const first = Object.entries(fields)[0];
    const message = first ? `Invalid ${first[0]}: ${first[1]}` : 'The request body is invalid.';
    throw new ApiError(400, 'validation_failed', message, fields);
  }
  return parsed.data;
}
