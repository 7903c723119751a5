import type { Context } from 'hono';
import type { z } from 'zod';
import { invalidRequest } from './errors';

/** A JSON body validated by `schema`; anything else is a 400 InvalidRequest, never a 500. */
export async function storageJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  let raw: unknown;
  try {
    const text = await c.req.text();
    raw = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    throw invalidRequest('The request body is not valid JSON.');
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw invalidRequest(issue ? `body/${issue.path.join('/')} ${issue.message}` : 'Invalid request body.');
  }
  return parsed.data;
}
