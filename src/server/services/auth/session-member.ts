import type { Rank } from '../../../lib/rank';

/** What every page and endpoint knows about the signed-in member (App.Locals.member). */
export interface SessionMember {
  id: number;
  publicId: string;
  idMember: string;
  username: string;
  nama: string;
  email: string;
  posisi: Rank;
  stokis: boolean;
  statusKodeetik: boolean;
  isSuspended: boolean;
  hasDomisili: boolean;
  kodeReferal: string;
  /** Where the member sits in the tree (read with the session, so the tree and the downline report need no query of their own for it). */
  path: string;
  depth: number;
  /** A "Lihat sebagai member" session: the operator's name; every write is refused (ADR 0022). */
  viewAs?: string | null;
}
