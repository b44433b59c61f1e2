import type * as z from 'zod/mini';
import { API_ERRORS } from './copy.ts';

export type BodyKind = 'json' | 'form';

export interface InputFailure {
  status: 400 | 413 | 415;
  error: string;
  fields?: Record<string, string[]>;
}

/** `raw`: the parsed body when it could be read (to refill a form after a validation error). */
export type InputResult<T> =
  | { ok: true; input: T; kind: BodyKind; raw: Record<string, unknown> }
  | { ok: false; failure: InputFailure; kind: BodyKind | null; raw?: Record<string, unknown> };

const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data']);

/** 'application/json' from 'application/json; charset=utf-8'; '' when absent. */
export function mimeType(header: string | null): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase();
}

/**
 * Reads at most `maxBytes` of the body, as sent; null when it is larger (or the adapter cut a
 * body over its own limit by failing the stream).
 */
export async function readLimited(request: Request, maxBytes: number): Promise<string | null> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) return null;
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        return null;
      }
      chunks.push(value);
    }
  } catch {
    return null;
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/**
 * Parses and validates a request body: JSON always, HTML form posts when `acceptForm`.
 * Answers with the failure our endpoints turn into 4xx responses.
 */
export async function readInput<S extends z.ZodMiniType>(
  request: Request,
  url: URL,
  schema: S,
  { maxBytes, acceptForm = false }: { maxBytes: number; acceptForm?: boolean },
): Promise<InputResult<z.output<S>>> {
  const type = mimeType(request.headers.get('content-type'));
  const kind: BodyKind | null =
    type === 'application/json' ? 'json' : acceptForm && FORM_TYPES.has(type) ? 'form' : null;
  if (!kind) return { ok: false, kind, failure: { status: 415, error: API_ERRORS.unsupportedMediaType } };

  let raw: Record<string, unknown>;
  if (kind === 'json') {
    const text = await readLimited(request, maxBytes);
    if (text === null) return { ok: false, kind, failure: { status: 413, error: API_ERRORS.tooLarge } };
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return { ok: false, kind, failure: { status: 400, error: API_ERRORS.malformedJson } };
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
      return { ok: false, kind, failure: { status: 400, error: API_ERRORS.notObject } };
    raw = parsed as Record<string, unknown>;
  } else {
    const text = await readLimited(request, maxBytes);
    if (text === null) return { ok: false, kind, failure: { status: 413, error: API_ERRORS.tooLarge } };
    try {
      const form =
        type === 'multipart/form-data'
          ? await new Request(url, { method: 'POST', headers: request.headers, body: text }).formData()
          : new URLSearchParams(text);
      raw = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string'));
    } catch {
      return { ok: false, kind, failure: { status: 400, error: API_ERRORS.malformedForm } };
    }
  }

  const result = schema.safeParse(raw);
  if (!result.success) {
    const fields = fieldErrors(result.error.issues);
    return { ok: false, kind, raw, failure: { status: 400, error: API_ERRORS.validation, fields } };
  }
  return { ok: true, input: result.data, kind, raw };
}

/** Messages by field, the first problem per field: once a value is the wrong type, its length says nothing. */
export function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const fields: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? 'form');
    if (!fields[key]) fields[key] = [issue.message];
  }
  return fields;
}

/** The query string by name, the first value of each (as `searchParams.get` reads it). */
export function queryValues(url: URL): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of url.searchParams) if (!Object.hasOwn(values, name)) values[name] = value;
  return values;
}
