import { AppError } from '../errors';
import { readForm } from '../http';

/** What a page shows after its POST: the result, or the AppError's message and field messages. */
export type Outcome<T> =
  | { ok: true; value: T; text?: undefined; fields?: undefined; error?: undefined }
  | { ok: false; value?: undefined; text: string; fields?: Record<string, string>; error: AppError };

/** The console's notice (components/admin/Notice.astro). */
export interface Notice {
  ok: boolean;
  text: string;
  fields?: Record<string, string>;
}

/** The part of Astro's page context a form needs (AstroGlobal fits). */
export interface FormPage {
  request: Request;
  response: { status: number };
}

export interface AttemptOptions {
  /**
   * The page's status when the work fails: the AppError's own (default), another number (a
   * page whose spec fixes one), or `false` to leave it (several results on one page).
   */
  status?: number | false;
  /** A text for any other error too, instead of the 500 page (the payment simulator's frame answers every failure itself). */
  otherwise?: string;
}

/**
 * The one catch of the pages (docs/decisions/0014-forms.md): runs `work`; an AppError becomes a
 * failed outcome and the page's status, anything else is thrown on (the 500 page).
 */
export async function attempt<T>(
  page: Pick<FormPage, 'response'>,
  work: () => Promise<T>,
  options: AttemptOptions = {},
): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (caught) {
    const error =
      caught instanceof AppError ? caught : options.otherwise === undefined ? undefined : new AppError('BAD_INPUT', options.otherwise);
    if (!error) throw caught;
    if (options.status !== false) page.response.status = options.status ?? error.status;
    return { ok: false, text: error.message, fields: error.fields, error };
  }
}

export interface FormOptions<F> extends AttemptOptions {
  /** How the body is read (inside the catch, so a refused upload is the page's message): the bounded form by default. */
  read?: (request: Request) => Promise<F>;
}

/**
 * The one way a page handles its POST: undefined for any other method; else the body is read
 * (bounded, NUL-safe, see readForm) and `handle` runs under attempt(). `handle` may return a
 * Response (a redirect after POST): the page returns `outcome.value` when it is one.
 */
export async function handleForm<T, F = FormData>(
  page: FormPage,
  handle: (form: F) => Promise<T>,
  options: FormOptions<F> = {},
): Promise<Outcome<T> | undefined> {
  if (page.request.method !== 'POST') return undefined;
  const read = options.read ?? (readForm as unknown as (request: Request) => Promise<F>);
  return attempt(page, async () => handle(await read(page.request)), options);
}

/** A failed outcome, whatever its success value would have been. */
export type Failure = Extract<Outcome<never>, { ok: false }>;

/** A console notice from an outcome whose value is the success text (or from a failure alone). */
export function noticeOf(outcome: Outcome<string> | Failure): Notice;
export function noticeOf(outcome: Outcome<string> | Failure | undefined): Notice | undefined;
export function noticeOf(outcome: Outcome<string> | Failure | undefined): Notice | undefined {
  if (!outcome) return undefined;
  return outcome.ok ? { ok: true, text: outcome.value } : { ok: false, text: outcome.text, fields: outcome.fields };
}

/** A form field as text ('' when absent). */
export const field = (form: FormData, name: string): string => String(form.get(name) ?? '');
