import { getDb } from '../../db/client';
import { deleteThrottleKeys, giveBackThrottleKeys, reserveThrottleKey } from '../../db/queries/auth';
import type { defaultSettings } from '../../domain/default-settings';
import { AppError } from '../../errors';
import { getSetting } from '../settings';

/**
 * The one throttle (table `login_attempts`) for every password or secret guess and for the
 * public requests that must not repeat without end. An attempt is reserved FIRST: each counter
 * is increased and read back in one SQL statement, so parallel requests cannot all pass a check
 * made before any of them was counted. Only a reserved attempt may check the password; a right
 * one then calls succeed(), a request that turned out not to count calls refund().
 *
 * Counters of a scope (ASVS 2.2.1, no lockout by strangers):
 * - pair: one account from one client address, locked past its limit;
 * - address: one client address whatever it asks for, locked past its limit;
 * - account: one account from everywhere, locked past its limit (reset mails and links);
 * - slowDown: one account from everywhere, never locked: past the limit each attempt waits
 *   longer, so the owner's right password from another address still signs in.
 * A counter starts again after `login_window_minutes`; a lock lasts `login_lock_minutes`.
 */

type LimitSetting = {
  [K in keyof typeof defaultSettings]: (typeof defaultSettings)[K] extends number ? K : never;
}[keyof typeof defaultSettings];

interface ScopeRule {
  pair?: LimitSetting;
  address?: LimitSetting;
  account?: LimitSetting;
  slowDown?: LimitSetting;
  /** The answer when refused, with the minutes left on the lock. */
  refused: (minutes: number) => string;
  /** A success starts every counter again (a second factor: only the password's owner gets there). */
  clearOnSuccess?: boolean;
}

export const signInLocked = (minutes: number) => `Terlalu banyak percobaan masuk. Coba lagi dalam ${minutes} menit.`;
export const resetLimited = (minutes: number) => `Terlalu banyak permintaan reset password. Coba lagi dalam ${minutes} menit.`;

const signInRule: ScopeRule = {
  pair: 'login_max_failures_per_account',
  address: 'login_max_failures_per_address',
  slowDown: 'login_max_failures_per_account',
  refused: signInLocked,
};

const SCOPES = {
  /** Member sign-in (/signin, /member/login): the account is the member's id. */
  'sign-in': signInRule,
  /** Operator sign-in (/admin/signin) and the CLI token (POST /admin/api/token): the same protection. */
  'operator-sign-in': signInRule,
  /** Operators' second factor, per operator: only someone who knows the password gets here. */
  'operator-second-factor': { account: 'login_max_failures_per_account', refused: signInLocked, clearOnSuccess: true },
  /** Forgot password: requests per client address (answered 429). */
  'reset-request': { address: 'reset_requests_per_address', refused: resetLimited },
  /** Forgot password: mails per member (refused quietly, so nobody learns whether the member exists). */
  'reset-mail': { account: 'reset_requests_per_member', refused: resetLimited },
  /** Reset links CS sends a member from the console, per member. */
  'reset-link': {
    account: 'reset_links_per_member',
    refused: (minutes) => `Terlalu banyak link reset password untuk member ini. Coba lagi dalam ${minutes} menit.`,
  },
  /** The public e-mail check of the referral page (/daftar/api/mail-check). */
  'email-check': {
    address: 'email_checks_per_address',
    refused: (minutes) => `Terlalu banyak pemeriksaan email dari alamat ini. Coba lagi dalam ${minutes} menit.`,
  },
  /** Orders from the public referral page (/daftar/transaction). */
  'referral-order': {
    address: 'referral_orders_per_address',
    refused: (minutes) => `Terlalu banyak pendaftaran dari alamat ini. Coba lagi dalam ${minutes} menit.`,
  },
} as const satisfies Record<string, ScopeRule>;

export type ThrottleScope = keyof typeof SCOPES;

/** Who is attempting: the account (member id, operator username, ...) and the client address. */
export interface Attempter {
  account?: string | number;
  address?: string;
}

interface Counter {
  key: string;
  kind: 'pair' | 'address' | 'account' | 'slowDown';
}

export interface Attempt {
  readonly scope: ThrottleScope;
  /** The counters this attempt was counted on (given back by succeed() and refund()). */
  readonly counters: readonly Counter[];
  /** 0 when the attempt may go ahead, else the minutes until the lock ends. */
  readonly lockedMinutes: number;
}

/** Extra wait per attempt on an account beyond its slow-down limit, and its ceiling. */
const SLOW_DOWN_STEP_MS = 250;
const SLOW_DOWN_MAX_MS = 3_000;
/** The limit no count reaches: counted, never locked. */
const NEVER_LOCKED = 2_147_483_647;

function countersOf(scope: ThrottleScope, who: Attempter): { counter: Counter; setting: LimitSetting }[] {
  const rule: ScopeRule = SCOPES[scope];
  const account = who.account === undefined ? undefined : String(who.account);
  const wanted: { counter: Counter; setting: LimitSetting }[] = [];
  const add = (kind: Counter['kind'], id: string | undefined, setting: LimitSetting | undefined) => {
    if (id !== undefined && setting) wanted.push({ counter: { kind, key: `${scope}:${kind}:${id}` }, setting });
  };
  // Locking counters first: a refusal gives back only what was reserved before it.
  add('pair', account !== undefined && who.address !== undefined ? `${account}@${who.address}` : undefined, rule.pair);
  add('address', who.address, rule.address);
  add('account', account, rule.account);
  add('slowDown', account, rule.slowDown);
  return wanted;
}

/** Counts one attempt on a key and reads it back (reserveThrottleKey), with the window and lock of the settings. */
async function reserveKey(key: string, limit: number): Promise<{ failures: number; minutes: number }> {
  const windowMinutes = await getSetting('login_window_minutes');
  const lockMinutes = await getSetting('login_lock_minutes');
  return reserveThrottleKey(await getDb(), key, limit, windowMinutes, lockMinutes);
}

async function giveBack(counters: readonly Counter[]): Promise<void> {
  if (counters.length === 0) return;
  await giveBackThrottleKeys(
    await getDb(),
    counters.map((c) => c.key),
  );
}

/**
 * Reserves one attempt on every counter of the scope. Refused (lockedMinutes > 0) when a counter
 * is locked or this attempt goes past its limit; then nothing stays counted but the lock.
 * Past the slow-down limit the attempt waits before it is returned.
 */
export async function tryAttempt(scope: ThrottleScope, who: Attempter): Promise<Attempt> {
  const reserved: Counter[] = [];
  let slowDownBeyond = -1;
  for (const { counter, setting } of countersOf(scope, who)) {
    const limit = await getSetting(setting);
    const { failures, minutes } = await reserveKey(counter.key, counter.kind === 'slowDown' ? NEVER_LOCKED : limit);
    if (minutes > 0) {
      await giveBack(reserved);
      return { scope, counters: [], lockedMinutes: minutes };
    }
    reserved.push(counter);
    // Attempts before this one beyond the limit (those still running count too).
    if (counter.kind === 'slowDown') slowDownBeyond = failures - 1 - limit;
  }
  if (slowDownBeyond >= 0)
    await new Promise((resolve) => setTimeout(resolve, Math.min(SLOW_DOWN_MAX_MS, (slowDownBeyond + 1) * SLOW_DOWN_STEP_MS)));
  return { scope, counters: reserved, lockedMinutes: 0 };
}

/** tryAttempt(), refused with the scope's message (RATE_LIMITED, 429). */
export async function reserveAttempt(scope: ThrottleScope, who: Attempter): Promise<Attempt> {
  const attempt = await tryAttempt(scope, who);
  if (attempt.lockedMinutes > 0) throw new AppError('RATE_LIMITED', SCOPES[scope].refused(attempt.lockedMinutes));
  return attempt;
}

/**
 * The right password: the pair (account, address) starts again from nothing (every counter, for a
 * scope that clears on success), and the attempt is
 * given back to the address and the account, so only failures stay counted there.
 */
export async function succeed(attempt: Attempt): Promise<void> {
  const rule: ScopeRule = SCOPES[attempt.scope];
  const cleared = attempt.counters.filter((c) => rule.clearOnSuccess || c.kind === 'pair').map((c) => c.key);
  if (cleared.length > 0) await deleteThrottleKeys(await getDb(), cleared);
  await giveBack(attempt.counters.filter((c) => !cleared.includes(c.key)));
}

/** The request did not count after all (e.g. no order was created): every counter gets it back. */
export async function refund(attempt: Attempt): Promise<void> {
  await giveBack(attempt.counters);
}
