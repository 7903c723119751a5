/**
 * PostgREST's error body: always all four keys, null when empty (reference §1.6, §3.4).
 * Messages mirror PostgREST's wording but never carry SQL text or driver messages.
 */
export interface PgrstErrorBody {
  code: string;
  details: string | null;
  hint: string | null;
  message: string;
}

export type PgrstStatus = 400 | 401 | 403 | 404 | 405 | 406 | 409 | 413 | 416 | 500;

export class PgrstError extends Error {
  constructor(
    readonly status: PgrstStatus,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  body(): PgrstErrorBody {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message };
  }
}

export const parseError = (what: string, details: string | null = null) =>
  new PgrstError(400, 'PGRST100', `failed to parse ${what}`, details);

export const unknownTable = (table: string) =>
  new PgrstError(404, 'PGRST205', `Could not find the table 'public.${table}' in the schema cache`);

export const unknownColumn = (table: string, column: string) =>
  new PgrstError(400, '42703', `column ${table}.${column} does not exist`);

export const unknownBodyColumn = (table: string, column: string) =>
  new PgrstError(400, 'PGRST204', `Could not find the '${column}' column of '${table}' in the schema cache`);

export const invalidInput = (type: string, value: string) =>
  new PgrstError(400, '22P02', `invalid input syntax for type ${type}: "${value.slice(0, 100)}"`);

export const undefinedOperator = (op: string, type: string) =>
  new PgrstError(
    404,
    '42883',
    `operator does not exist: ${type} ${op} unknown`,
    null,
    'No operator matches the given name and argument types. You might need to add explicit type casts.',
  );

/** Row-level security refusal: 401 for the anonymous role, 403 for a signed-in one (PostgREST's rule). */
export const rlsViolation = (table: string, anonymous: boolean) =>
  new PgrstError(
    anonymous ? 401 : 403,
    '42501',
    `new row violates row-level security policy for table "${table}"`,
  );

export const permissionDenied = (table: string, anonymous: boolean) =>
  new PgrstError(anonymous ? 401 : 403, '42501', `permission denied for table ${table}`);

export const singularError = (rows: number) =>
  new PgrstError(
    406,
    'PGRST116',
    'Cannot coerce the result to a single JSON object',
    `The result contains ${rows} rows`,
  );

/** PostgREST's PGRST202 for a function that is not in the schema cache (none are exposed). */
export function unknownFunction(name: string, args: readonly string[]): PgrstError {
  const fn = `public.${name.slice(0, 63)}`;
  const sorted = [...args].sort().map((a) => a.slice(0, 63));
  return sorted.length === 0
    ? new PgrstError(
        404,
        'PGRST202',
        `Could not find the function ${fn} without parameters in the schema cache`,
        `Searched for the function ${fn} without parameters or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
      )
    : new PgrstError(
        404,
        'PGRST202',
        `Could not find the function ${fn}(${sorted.join(', ')}) in the schema cache`,
        `Searched for the function ${fn} with parameters ${sorted.join(', ')} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
      );
}
