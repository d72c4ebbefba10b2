import { sql } from 'drizzle-orm';
import { getDb, selectRows } from '../../db/client';

export const usernameMessages = {
  taken: 'Username sudah digunakan, pilih username lain',
  format: 'Username hanya boleh huruf dan angka, 4 sampai 30 karakter',
} as const;

const FORMAT = /^[A-Za-z0-9]{4,30}$/;

async function takenAmong(candidates: string[]): Promise<Set<string>> {
  if (candidates.length === 0) return new Set();
  const list = sql.join(candidates.map((c) => sql`${c.toLowerCase()}`), sql`, `);
  const rows = await selectRows<{ u: string }>(await getDb(), sql`
    select lower(username) as u from members where lower(username) in (${list})
    union select lower(calon_member->>'username') from orders
    where status_order = 'PENDING' and jenis_order = 'reg' and lower(calon_member->>'username') in (${list})`);
  return new Set(rows.map((r) => r.u));
}

/**
 * POST /member/opt/username-check (spec/001 §5): free or not, and when not, up to five free
 * names made from the full name and the wanted username.
 */
export async function checkUsername(username: string, fullName: string): Promise<{ available: boolean; sugestion: string[]; errorMessage: string }> {
  const clean = username.replace(/[^A-Za-z0-9]/g, '');
  if (!FORMAT.test(clean)) return { available: false, sugestion: [], errorMessage: usernameMessages.format };
  if (!(await takenAmong([clean])).has(clean.toLowerCase())) return { available: true, sugestion: [], errorMessage: '' };
  const words = fullName.toLowerCase().replace(/[^a-z ]/g, '').split(/\s+/).filter(Boolean);
  const stems = [...new Set([clean.toLowerCase(), words.join(''), words[0] ?? '', words.slice(0, 2).join('')])].filter((s) => s.length >= 3).map((s) => s.slice(0, 24));
  const candidates = stems.flatMap((stem) => [11, 27, 88, 123, 2026, 7, 99].map((n) => `${stem}${n}`)).filter((c) => FORMAT.test(c));
  const taken = await takenAmong(candidates);
  return { available: false, sugestion: candidates.filter((c) => !taken.has(c)).slice(0, 5), errorMessage: usernameMessages.taken };
}
