/**
 * The benches' HTTP client: a call to `${prefix}${path}` with the session's token, its envelope
 * checked (anything but code 0000 throws), its data answered.
 */
export function apiAt(prefix: string) {
  return async <T>(token: string | null, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${prefix}${path}`, {
      method,
      headers: { ...(token ? { authorization: token } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const json = (await res.json()) as { code: string; msg: string; data: T };
    if (json.code !== '0000') {
      throw new Error(`${path}: ${json.code} ${json.msg}`);
    }
    return json.data;
  };
}
