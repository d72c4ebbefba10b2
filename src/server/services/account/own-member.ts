import { AppError } from '../../errors';
import type { SessionMember } from '../auth/session-member';

/** Profile calls carry the member's own public_id only (spec/000 §6); anything else is refused. */
export function assertOwnPublicId(member: SessionMember, publicId: string | undefined): void {
  if (publicId !== member.publicId) throw new AppError('FORBIDDEN', 'Akses ditolak: data ini bukan milik Anda');
}
