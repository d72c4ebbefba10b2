import { getDb } from '../../db/client';
import { memberByLogin } from '../../db/queries/auth';

/**
 * A member by ID Member or username (sign-in and forgot password accept either). An ID Member
 * always reaches that ID's owner, whatever another member's username says.
 */
export async function findMemberByLogin(usernameOrId: string) {
  const value = usernameOrId.trim();
  if (!value || value.length > 100) return undefined;
  return memberByLogin(await getDb(), value);
}
