import { inTransaction } from '../../db/client';
import { lockBanner, lockBannerGroup, setBannerAktif, setBannerNumber } from '../../db/queries/banners';
import { AppError } from '../../errors';
import { forgetDashboardContent } from '../dashboard/shared-content';
import { type Actor, assertRole } from '../operator/assert-role';
import { recordAudit } from '../operator/record-audit';
import { MEMBER_BANNER_GROUP } from './banner-images';

export type BannerMove = 'up' | 'down';
const NOT_FOUND = 'Banner tidak ditemukan';

/**
 * Moves a banner one place up or down in the carousel: the group is renumbered 1..n in its new
 * order inside one transaction (rows locked), so two operators' moves cannot leave a gap or a tie.
 */
export async function moveBanner(id: number, move: BannerMove, by: Actor): Promise<string> {
  assertRole(by, ['KONTEN']);
  const message = await inTransaction(async (tx) => {
    const rows = await lockBannerGroup(tx, MEMBER_BANNER_GROUP);
    const at = rows.findIndex((row) => row.id === id);
    if (at < 0) throw new AppError('NOT_FOUND', NOT_FOUND);
    const to = move === 'up' ? at - 1 : at + 1;
    if (to < 0 || to >= rows.length) return `Banner "${rows[at]!.nama}" sudah di posisi ${move === 'up' ? 'pertama' : 'terakhir'}`;
    const order = rows.map((row) => row.id);
    [order[at], order[to]] = [order[to]!, order[at]!];
    for (const [i, rowId] of order.entries()) {
      if (rows.find((row) => row.id === rowId)!.number !== i + 1) await setBannerNumber(tx, rowId, i + 1);
    }
    await recordAudit(tx, by, 'banner:move', `banner:${id}`, { urutan: rows.map((row) => row.id) }, { urutan: order });
    return `Banner "${rows[at]!.nama}" dipindah ke posisi ${to + 1}`;
  });
  forgetDashboardContent();
  return message;
}

/** Switches a banner on (shown in the carousel) or off (kept, not shown). */
export async function setBannerActive(id: number, aktif: boolean, by: Actor): Promise<string> {
  assertRole(by, ['KONTEN']);
  const message = await inTransaction(async (tx) => {
    const row = await lockBanner(tx, id);
    if (!row || row.groupName !== MEMBER_BANNER_GROUP) throw new AppError('NOT_FOUND', NOT_FOUND);
    if (row.aktif !== aktif) {
      await setBannerAktif(tx, id, aktif);
      await recordAudit(tx, by, aktif ? 'banner:on' : 'banner:off', `banner:${id}`, { aktif: row.aktif }, { aktif });
    }
    return `Banner "${row.nama}" ${aktif ? 'ditampilkan' : 'disembunyikan'}`;
  });
  forgetDashboardContent();
  return message;
}
