import type { APIContext } from 'astro';
import { createContext } from 'astro/middleware';
import { sql } from 'drizzle-orm';
import { onRequest } from '../../src/middleware';
import { getDb, selectRows } from '../../src/server/db/client';
import { SESSION_COOKIE } from '../../src/server/services/auth/sessions';

/**
 * Calls the real endpoint modules of src/pages through the real middleware, in-process: a real
 * Request, route params, the session as bearer token or cookie. Endpoints are discovered from the
 * folder, so a new endpoint file shows up here without anyone listing it.
 */

export const ORIGIN = 'http://portal.test';
export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type Method = (typeof METHODS)[number];
type EndpointModule = Partial<Record<Method | 'ALL', (ctx: APIContext) => Promise<Response> | Response>>;

const modules = import.meta.glob<EndpointModule>('../../src/pages/**/*.ts');

/** '/member/account/[id]' for '../../src/pages/member/account/[id].ts'; index files drop their name. */
const routeOf = (file: string): string =>
  file
    .replace('../../src/pages', '')
    .replace(/\.ts$/, '')
    .replace(/\/index$/, '') || '/';

export interface EndpointMethod {
  route: string;
  method: Method;
  key: string;
}

/** Every exported method of every .ts endpoint under src/pages, as 'METHOD /route/[param]'. */
export async function discoverEndpoints(): Promise<EndpointMethod[]> {
  const found: EndpointMethod[] = [];
  for (const [file, load] of Object.entries(modules)) {
    const mod = await load();
    const route = routeOf(file);
    for (const method of METHODS) if (typeof mod[method] === 'function') found.push({ route, method, key: `${method} ${route}` });
    if (mod.ALL) throw new Error(`${file} exports ALL: list its methods one by one so the suite can cover them`);
  }
  return found.sort((a, b) => a.key.localeCompare(b.key));
}

async function moduleOf(route: string): Promise<EndpointModule> {
  const load = modules[`../../src/pages${route}.ts`] ?? modules[`../../src/pages${route}/index.ts`];
  if (!load) throw new Error(`no endpoint file for ${route}`);
  return load();
}

export interface Call {
  params?: Record<string, string>;
  query?: Record<string, string | string[]>;
  /** An object is sent as JSON; a string or FormData as is. */
  body?: unknown;
  contentType?: string;
  bearer?: string;
  cookie?: string;
  headers?: Record<string, string>;
  clientAddress?: string;
}

export interface CallResult {
  status: number;
  text: string;
  json: { success?: boolean; message?: unknown; [k: string]: unknown } | undefined;
  headers: Headers;
}

/** Fills '[id]' segments from params and builds the URL. */
export function urlOf(route: string, call: Call = {}): string {
  const path = route.replace(/\[(\w+)\]/g, (_, name: string) => {
    const value = call.params?.[name];
    if (value === undefined) throw new Error(`${route}: missing param ${name}`);
    return encodeURIComponent(value);
  });
  const url = new URL(ORIGIN + path);
  for (const [key, value] of Object.entries(call.query ?? {})) {
    for (const v of Array.isArray(value) ? value : [value]) url.searchParams.append(key, v);
  }
  return url.toString();
}

/** One request through onRequest and the endpoint's method; a thrown exception propagates (a test failure). */
export async function callRoute(route: string, method: Method, call: Call = {}): Promise<CallResult> {
  const mod = await moduleOf(route);
  const handler = mod[method];
  if (!handler) throw new Error(`${method} ${route} is not exported`);
  const headers = new Headers(call.headers);
  if (call.bearer) headers.set('authorization', `Bearer ${call.bearer}`);
  if (call.cookie) {
    headers.set('cookie', `${SESSION_COOKIE}=${call.cookie}`);
    if (!headers.has('origin')) headers.set('origin', ORIGIN);
  }
  let body: BodyInit | undefined;
  if (call.body !== undefined && method !== 'GET') {
    if (typeof call.body === 'string' || call.body instanceof FormData) body = call.body;
    else body = JSON.stringify(call.body);
    if (!(call.body instanceof FormData) && !headers.has('content-type'))
      headers.set('content-type', call.contentType ?? 'application/json');
  }
  const request = new Request(urlOf(route, call), { method, headers, body });
  const ctx = createContext({
    request,
    params: call.params ?? {},
    clientAddress: call.clientAddress ?? '192.0.2.250',
    defaultLocale: 'id',
  });
  // The route's pattern, as Astro's router sets it (the metrics label requests by it).
  Object.assign(ctx, { routePattern: route });
  const response = (await onRequest(ctx as never, async () => handler(ctx as unknown as APIContext))) as Response;
  const text = await response.text();
  let json: CallResult['json'];
  try {
    json = JSON.parse(text);
  } catch {
    /* not JSON: a PDF, CSV, file or redirect */
  }
  return { status: response.status, text, json, headers: response.headers };
}

/**
 * Each table's count of written rows since the file's first call: two calls around a request
 * differ in exactly the tables it wrote (inserted, updated even to the same values, deleted).
 * `exclude`: tables left out.
 */
export async function fingerprint(exclude: readonly string[]): Promise<Map<string, string>> {
  const db = await getDb();
  if (!watched.has(db)) {
    await watchWrites(db);
    watched.add(db);
  }
  const rows = await selectRows<{ name: string; n: string }>(db, sql`select name, n::text as n from test_writes order by name`);
  return new Map(rows.filter((r) => !exclude.includes(r.name)).map((r) => [r.name, r.n]));
}

/** The databases whose tables already note their writes (one per test file: each has its own copy). */
const watched = new WeakSet<object>();

/**
 * Gives every table of the file's database copy a trigger that counts each row it writes (insert,
 * update, delete, truncate) in test_writes, in the writer's own transaction: a write that rolls
 * back leaves no count, an update that keeps the values counts. Reading the counts is one small
 * query, where counting every row of every table took half the security suite's time.
 */
async function watchWrites(db: Awaited<ReturnType<typeof getDb>>): Promise<void> {
  await db.execute(sql`create table if not exists test_writes (name text primary key, n bigint not null)`);
  await db.execute(sql`
    create or replace function test_note_write() returns trigger language plpgsql as $$
    begin
      insert into test_writes as w values (tg_table_name, 1) on conflict (name) do update set n = w.n + 1;
      return null;
    end $$`);
  await db.execute(sql`
    do $$
    declare t text;
    begin
      for t in select table_name from information_schema.tables
               where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'test_writes' loop
        execute format('create trigger test_note_rows after insert or update or delete on %I for each row execute function test_note_write()', t);
        execute format('create trigger test_note_truncate after truncate on %I for each statement execute function test_note_write()', t);
        execute format('insert into test_writes values (%L, 0) on conflict do nothing', t);
      end loop;
    end $$`);
}

/** The tables whose fingerprint differs. */
export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...new Set([...before.keys(), ...after.keys()])].filter((t) => before.get(t) !== after.get(t));
}

/** English text zod, JSON.parse or a stack trace would put in a message (members read Indonesian). */
const ENGLISH =
  /\b(invalid|expected|received|required|must|should|unexpected|undefined|cannot|failed|error|too (big|small|long|short)|at position)\b|\n\s+at /i;

/** Why a member-facing message is not acceptable, or undefined when it is. */
export function messageProblem(message: unknown): string | undefined {
  if (typeof message !== 'string' || message.trim() === '') return `no message: ${JSON.stringify(message)}`;
  if (ENGLISH.test(message)) return `English/technical message: ${message.slice(0, 200)}`;
  if (message.length > 300) return `message too long (${message.length})`;
  return undefined;
}
