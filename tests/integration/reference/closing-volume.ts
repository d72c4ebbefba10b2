/**
 * The closing's volume propagation as it was before it became set-based (issue #24), kept only
 * as the reference the recomputation test compares the engine with: the day's new BV per upline
 * walked in JavaScript event by event and ancestor by ancestor (dayVolume), then the uplines
 * loaded by a `path in (…)` list. Same signature as the engine's `pairingUplines` (each upline with
 * its current rank: the closing asks the rank on the day for the uplines that pair, after either).
 */
import { sql } from 'drizzle-orm';
import { selectRows, type Tx } from '../../../src/server/db/client';
import { toCount } from '../../../src/server/db/money';
import type { PairingUpline } from '../../../src/server/domain/bonus/pairing';
import { ancestorPaths } from '../../../src/server/domain/network-path';

/** New BV of the day per upline path, by side ('0' left, '1' right in the path). */
export function dayVolume(events: readonly { path: string; bv: number }[]): Map<string, { left: number; right: number }> {
  const volume = new Map<string, { left: number; right: number }>();
  for (const { path, bv } of events) {
    for (const ancestor of ancestorPaths(path)) {
      const v = volume.get(ancestor) ?? { left: 0, right: 0 };
      if (path[ancestor.length] === '0') v.left += bv;
      else v.right += bv;
      volume.set(ancestor, v);
    }
  }
  return volume;
}

export async function referencePairingUplines(tx: Tx, events: readonly { path: string; bv: number }[]): Promise<PairingUpline[]> {
  const volume = dayVolume(events);
  if (volume.size === 0) return [];
  const rows = await selectRows<Omit<PairingUpline, 'volume'>>(
    tx,
    sql`
    select m.id::int as id, m.path, m.posisi, m.tgl_join::text as tgl_join, p.sisa_bv_kiri, p.sisa_bv_kanan,
      p.hutang_bv_kiri, p.hutang_bv_kanan, p.tanggal_expired::text as tanggal_expired
    from members m left join member_pairing p on p.member_id = m.id
    where m.path in (${sql.join(
      [...volume.keys()].map((p) => sql`${p}`),
      sql`, `,
    )})`,
  );
  const count = (v: unknown) => (v === null ? null : toCount(v));
  return rows.map((r) => ({
    ...r,
    id: toCount(r.id),
    sisa_bv_kiri: count(r.sisa_bv_kiri),
    sisa_bv_kanan: count(r.sisa_bv_kanan),
    hutang_bv_kiri: count(r.hutang_bv_kiri),
    hutang_bv_kanan: count(r.hutang_bv_kanan),
    volume: volume.get(r.path)!,
  }));
}
