/** What every page and endpoint knows about the signed-in member (App.Locals.member). */
export interface SessionMember {
  id: number;
  publicId: string;
  idMember: string;
  username: string;
  nama: string;
  email: string;
  posisi: 'BRONZE' | 'SILVER' | 'PLATINUM';
  stokis: boolean;
  statusKodeetik: boolean;
  isSuspended: boolean;
  hasDomisili: boolean;
  kodeReferal: string;
  /** A "Lihat sebagai member" session: the operator's name; every write is refused (ADR 0022). */
  viewAs?: string | null;
}
