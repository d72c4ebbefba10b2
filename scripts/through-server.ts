/**
 * The CLI beside a running server on PGlite (DESIGN.md §7): the data folder is never opened a
 * second time. When a live server holds DATA_DIR (portal.pid), the command goes to that server
 * over HTTP (DATA_DIR/portal.url, else HOST/PORT) as an operator: OPERATOR_TOKEN, or
 * OPERATOR_USERNAME with OPERATOR_PASSWORD (or the password on the first line of stdin), signed in
 * for this one command and signed out after; OPERATOR_KODE: the authenticator or recovery code of
 * an operator with two-factor sign-in on. Without them it refuses with one line.
 */
import fs from 'node:fs';
import path from 'node:path';
import { eksporArgs, writeExport } from '../src/server/commands/pajak';
import { config } from '../src/server/config';
import { dataDirHolder, URL_FILE } from '../src/server/db/data-dir-owner';

export interface RunningServer {
  pid: number;
  url: string;
}

export function serverHoldingDataDir(): RunningServer | undefined {
  if (config.databaseUrl || process.env.DATA_DIR === 'memory://') return undefined;
  const dir = config.dataDir;
  const pid = dataDirHolder(dir);
  if (pid === undefined) return undefined;
  const file = path.join(dir, URL_FILE);
  const url = fs.existsSync(file)
    ? fs.readFileSync(file, 'utf8').trim()
    : `http://${process.env.HOST || 'localhost'}:${process.env.PORT || 4321}`;
  return { pid, url };
}

const held = (server: RunningServer) => `DATA_DIR ${config.dataDir} sedang dipakai server (pid ${server.pid}, ${server.url})`;

async function readPassword(): Promise<string> {
  if (process.env.OPERATOR_PASSWORD) return process.env.OPERATOR_PASSWORD;
  if (process.stdin.isTTY) return '';
  let text = '';
  for await (const chunk of process.stdin) text += chunk;
  return text.split(/\r?\n/)[0] ?? '';
}

/** A bearer token for the server, and how to give it back. Throws the one-line refusal without credentials. */
async function operatorToken(server: RunningServer): Promise<{ token: string; signOut: () => Promise<void> }> {
  const given = process.env.OPERATOR_TOKEN;
  if (given) return { token: given, signOut: async () => {} };
  const username = process.env.OPERATOR_USERNAME;
  const password = username ? await readPassword() : '';
  if (!username || !password) {
    throw new Error(
      `${held(server)}: isi OPERATOR_TOKEN, atau OPERATOR_USERNAME dan OPERATOR_PASSWORD, agar perintah dijalankan lewat server; atau hentikan server dulu`,
    );
  }
  const answer = await call(server, '/admin/api/token', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, kode: process.env.OPERATOR_KODE || undefined }),
  });
  const body = (await answer.json()) as { success: boolean; message: string; result?: { token: string } };
  if (!answer.ok || !body.result) throw new Error(`Server menolak login operator ${username}: ${body.message}`);
  const token = body.result.token;
  return {
    token,
    signOut: async () => {
      await call(server, '/admin/api/token', { method: 'DELETE', headers: { authorization: `Bearer ${token}` } }).catch(() => {});
    },
  };
}

async function call(server: RunningServer, route: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(new URL(route, server.url), { ...init, redirect: 'manual' });
  } catch (error) {
    throw new Error(
      `${held(server)}, tetapi tidak bisa dihubungi (${(error as Error).cause ?? (error as Error).message}); periksa PORT/HOST atau hentikan server dulu`,
    );
  }
}

/** Sends `request` with the operator's token; the answer as it came. */
export async function withServer<T>(server: RunningServer, request: (bearer: string) => Promise<T>): Promise<T> {
  const { token, signOut } = await operatorToken(server);
  try {
    return await request(token);
  } finally {
    await signOut();
  }
}

/** Runs an operator command (`order:pack ORD-…`, `close --date …`) on the server; prints its answer, returns the exit code. */
export async function runThroughServer(server: RunningServer, argv: string[]): Promise<number> {
  try {
    return await withServer(server, async (token) => {
      const answer = await call(server, '/admin/api/ops', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ args: argv }),
      });
      const body = (await answer.json().catch(() => ({ success: false, message: `Server menjawab HTTP ${answer.status}` }))) as {
        success: boolean;
        message: string;
        result?: { exit_code?: number };
      };
      (body.success ? console.log : console.error)(body.message);
      return body.success ? 0 : (body.result?.exit_code ?? 1);
    });
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  }
}

/**
 * GET of a server route with the operator's token (the backup download); `use` reads the answer
 * before the token is given back (a streamed backup holds the database until its last byte, so
 * signing out first would wait for a body nobody reads).
 */
export function fetchFromServer<T>(server: RunningServer, route: string, use: (answer: Response) => Promise<T>): Promise<T> {
  return withServer(server, async (token) => use(await call(server, route, { headers: { authorization: `Bearer ${token}` } })));
}

/**
 * `pajak:ekspor <tahun> <masa> [--format csv|xml] [--out file]` beside a running server: the server
 * makes the file (GET /admin/api/pajak-ekspor, as the signed-in operator, audited); it is written
 * here, where the operator asked. Returns the exit code.
 */
export async function exportThroughServer(server: RunningServer, args: string[]): Promise<number> {
  try {
    const { tahun, masa, format, out } = eksporArgs(args);
    const query = new URLSearchParams({ tahun: String(tahun), masa: String(masa), format });
    return await fetchFromServer(server, `/admin/api/pajak-ekspor?${query}`, async (answer) => {
      const body = (await answer.json().catch(() => ({ success: false, message: `Server menjawab HTTP ${answer.status}` }))) as {
        success: boolean;
        message: string;
        result?: { file: string };
      };
      if (!body.success || body.result === undefined) {
        console.error(body.message);
        return 1;
      }
      const said = writeExport(body.result.file, body.message, format, out);
      if (said) console.log(said);
      return 0;
    });
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  }
}
