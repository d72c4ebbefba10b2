import { usernameError } from '../../../lib/username';
import { getDb } from '../../db/client';
import { takenUsernames } from '../../db/queries/registrations';
import { USERNAME_TAKEN } from './calon-member';

async function takenAmong(candidates: string[]): Promise<Set<string>> {
  return takenUsernames(await getDb(), candidates);
}

/**
 * POST /member/opt/username-check (spec/001 §5): free or not, and when not, up to five free
 * names made from the full name and the wanted username. The name is judged by the registration's
 * own rule (src/lib/username.ts) as it is sent: the island removes other characters as the member
 * types, the check does not, so a name it calls free is one the registration accepts.
 */
export async function checkUsername(
  username: string,
  fullName: string,
): Promise<{ available: boolean; sugestion: string[]; errorMessage: string }> {
  const clean = username.trim();
  const invalid = usernameError(clean);
  if (invalid) return { available: false, sugestion: [], errorMessage: invalid };
  if (!(await takenAmong([clean])).has(clean.toLowerCase())) return { available: true, sugestion: [], errorMessage: '' };
  const words = fullName
    .toLowerCase()
    .replace(/[^a-z ]/g, '')
    .split(/\s+/)
    .filter(Boolean);
  const stems = [...new Set([clean.toLowerCase(), words.join(''), words[0] ?? '', words.slice(0, 2).join('')])]
    .filter((s) => s.length >= 3)
    .map((s) => s.slice(0, 24));
  const candidates = stems
    .flatMap((stem) => [11, 27, 88, 123, 2026, 7, 99].map((n) => `${stem}${n}`))
    .filter((c) => usernameError(c) === null);
  const taken = await takenAmong(candidates);
  return { available: false, sugestion: candidates.filter((c) => !taken.has(c)).slice(0, 5), errorMessage: USERNAME_TAKEN };
}
