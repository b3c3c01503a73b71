import { allOps, isMessageKey, parseLanguage, type TOp, translate } from '@parley/contracts';

const byCall = new Map<string, TOp>(allOps.map((op) => [`${op.method} ${op.path}`, op]));

/** A query string as Fastify hands it to the schema: a repeated key is an array, a single one its text. */
function queryObject(query: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(query.keys())) {
    const values = query.getAll(key);
    out[key] = values.length === 1 ? (values[0] as string) : values;
  }
  return out;
}

/**
 * The answer the real server gives an operation's input that its schema refuses (`FFFF`,
 * the first field's message, every field in `data.fields`), or null when the input passes or
 * the call is not an operation of contracts. Same schema, same parse as the server's validator.
 */
export function refusal(
  method: string,
  path: string,
  input: { query: URLSearchParams; body: unknown; headers: Record<string, string> },
): { code: string; msg: string; data: unknown } | null {
  const op = byCall.get(`${method} /api/${path}`);
  if (!op) {
    return null;
  }
  const parsed = op.input.safeParse(method === 'GET' ? queryObject(input.query) : input.body);
  if (parsed.success) {
    return null;
  }
  const lang = parseLanguage(input.headers.Language);
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const name = issue.path.map(String).join('.') || '_';
    fields[name] ??= translate(isMessageKey(issue.message) ? issue.message : 'field_invalid', lang);
  }
  return { code: 'FFFF', msg: Object.values(fields)[0] ?? translate('invalid_request', lang), data: { fields } };
}
