/**
 * The one way islands call our API: cookies included, a JSON body only when there is
 * one, and any non-OK answer thrown as Error('{status}: {body text or status text}').
 */

export class ApiError extends Error {
  readonly status: number;
  readonly body: string;

  constructor(status: number, body: string, statusText: string) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  /** The `error` string of our JSON error shape, when the body has one. */
  get serverMessage(): string | undefined {
    return parseJson(this.body)?.error;
  }

  /** Per-field messages of a 400 validation answer. */
  get fieldErrors(): Record<string, string[]> {
    return parseJson(this.body)?.fields ?? {};
  }
}

interface ErrorBody {
  error?: string;
  fields?: Record<string, string[]>;
}

function parseJson(text: string): ErrorBody | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as ErrorBody) : undefined;
  } catch {
    return undefined;
  }
}

export async function apiRequest<T = unknown>(method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers:
      body === undefined
        ? { Accept: 'application/json' }
        : { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** GET, where 401 means "nobody is signed in": null instead of an error. */
export async function getOrNullOn401<T>(url: string): Promise<T | null> {
  try {
    return await apiRequest<T>('GET', url);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}
