import { CONNECTION_LOST } from './offline-messages';
import { sessionEndedBy } from './session-ended';

/**
 * The islands' one fetch for /member calls. A 401 or 403 means the session is gone or refused:
 * the saved user and the half-filled order form are cleared and the browser goes to /signin
 * (spec/000 §8). Other answers go back to the caller as they are.
 */
export async function memberFetch(url: string, init?: RequestInit): Promise<Response> {
  const response = await fetch(url, init);
  sessionEndedBy(url, response.status);
  return response;
}

/** GET a /member answer's `result`; throws with the server's message (or a general one) when it failed. */
export function getResult<T>(url: string): Promise<T> {
  return call<T>('GET', url);
}

/** A refused or failed call: the server's message (or a general one), its status and field errors. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
}

export const GENERAL_FAILURE = 'Terjadi kesalahan, silakan coba lagi.';

/**
 * The one way islands and page scripts call the server (the /member API, or the referral page's
 * public twins): JSON in, `{ success, message, result }` out; 401/403 handled by memberFetch.
 */
export async function call<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown): Promise<T> {
  return (await callWithMessage<T>(method, url, body)).result;
}

/** Like call(), with the server's success message (shown as the notification after BAYAR). */
export async function callWithMessage<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
): Promise<{ result: T; message: string | undefined }> {
  let response: Response;
  try {
    response = await memberFetch(url, {
      method,
      headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(CONNECTION_LOST, 0);
  }
  const json = (await response.json().catch(() => null)) as {
    success?: boolean;
    message?: string;
    result?: T;
    errors?: Record<string, string>;
  } | null;
  if (!response.ok || !json || json.success === false) {
    throw new ApiError(json?.message || GENERAL_FAILURE, response.status, json?.errors);
  }
  return { result: json.result as T, message: json.message };
}
