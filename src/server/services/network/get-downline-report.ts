import { RANK_BV, RANKS, type Rank } from '../../../lib/rank';
import { type Db, getDb, inTransaction, onReadDb } from '../../db/client';
import { containsPattern } from '../../db/like';
import { anchorAtOrBefore, extendAnchors } from '../../db/queries/downline-anchors';
import {
  type DownlineFilter,
  type DownlineSlice,
  downlineCountCapped,
  downlineCounters,
  downlineCounterTotal,
  downlinePage,
  lockPlacements,
  sponsoredPerRank,
} from '../../db/queries/network';
import type { SessionMember } from '../auth/session-member';

export interface DownlineQuery {
  posisi?: Rank;
  cariNama?: string;
  page: number;
  pageSize: number;
  /** The page follows the row of this ID Member (the "next" link of the page before). */
  after?: string;
  /** The page precedes the row of this ID Member (the "previous" link of the page after). */
  before?: string;
}

export interface DownlineRow {
  tgl_join: string;
  id_member: string;
  nama: string;
  sponsor_id_member: string | null;
  sponsor_nama: string | null;
  sponsored: boolean;
  upgrade_member: boolean;
  bv: number;
  posisi: Rank;
}

/** A name search counts at most this many rows; beyond it the total says "more" (ADR 0018). */
export const NAME_SEARCH_COUNT_CAP = 1000;

/** The report's filters: the rank, and the lower-cased name as a LIKE pattern (at most 60 characters). */
function filterOf(query: Pick<DownlineQuery, 'posisi' | 'cariNama'>): DownlineFilter {
  const name = query.cariNama?.trim().toLowerCase().slice(0, 60);
  return { posisi: query.posisi, name: name ? containsPattern(name) : undefined };
}

/**
 * Which rows a page number (and cursor) reads, ADR 0018: a cursor reads the 20 rows next to it
 * (the previous, next and neighbouring page links); a bare page number skips index entries from
 * the nearer end of the downline (the first and last pages read 20 entries; the middle of a
 * million reads the most).
 */
function sliceOf(query: DownlineQuery, total: { n: number; capped: boolean }): DownlineSlice | undefined {
  const size = query.pageSize;
  if (query.after) return { after: query.after, limit: size };
  if (query.before) return { before: query.before, limit: size };
  const skip = (query.page - 1) * size;
  if (total.capped || skip < total.n / 2) return { fromNewest: skip, limit: size };
  if (skip >= total.n) return undefined;
  const end = Math.min(skip + size, total.n);
  return { fromOldest: total.n - end, limit: end - skip };
}

/** A downline's unfiltered order keeps a mark every this many rows: a typed page skips fewer entries than this. */
export const ANCHOR_SPACING = 1000;

/**
 * A typed page of the unfiltered order far from both ends (ADR 0018, "Anchors"): it seeks to the
 * kept mark at or before its oldest row and skips fewer than `spacing` index entries, instead of
 * up to half the downline. The marks are counted on the primary under the placement lock when a
 * page first needs them, and again from the last one once the downline has grown past it;
 * without a usable mark (a replica that has not replayed them yet) the page skips as before.
 */
async function anchoredSlice(db: Db, viewerId: number, path: string, slice: DownlineSlice, total: number, spacing: number) {
  if (!('fromNewest' in slice || 'fromOldest' in slice)) return slice;
  const fromEnd = 'fromNewest' in slice ? slice.fromNewest : slice.fromOldest;
  const oldest = 'fromOldest' in slice ? slice.fromOldest : total - slice.fromNewest - slice.limit;
  if (fromEnd < spacing || oldest < spacing) return slice;
  let anchor = await anchorAtOrBefore(db, viewerId, oldest);
  if (!anchor || oldest - anchor.pos >= spacing) {
    await inTransaction(async (tx) => {
      await lockPlacements(tx);
      await extendAnchors(tx, viewerId, path, spacing);
    });
    anchor = await anchorAtOrBefore(db, viewerId, oldest);
  }
  if (!anchor) return slice;
  return { fromAnchor: { tgl_join: anchor.tgl_join, member_id: anchor.member_id }, skip: oldest - anchor.pos, limit: slice.limit };
}

/** The downline report table (spec/000 §2): own downline only, newest first, 20 per page. */
export function getDownlineReport(viewer: SessionMember, query: DownlineQuery, spacing = ANCHOR_SPACING) {
  return onReadDb(viewer.id, async (db) => {
    const { path } = viewer;
    const filter = filterOf(query);
    // Unfiltered and rank-filtered totals come from the counters; only a name search counts rows (capped).
    const total = filter.name
      ? await downlineCountCapped(db, path, filter, NAME_SEARCH_COUNT_CAP)
      : { n: await downlineCounterTotal(db, viewer.id, query.posisi), capped: false };
    let slice = sliceOf(query, total);
    if (slice && !filter.name && !filter.posisi) slice = await anchoredSlice(db, viewer.id, path, slice, total.n, spacing);
    const rows = slice ? await downlinePage(db, viewer.id, path, filter, slice) : [];
    return {
      rows: rows.map((r) => ({ ...r, bv: RANK_BV[r.posisi] })),
      total_count: total.n,
      /** True when the name search matched more than total_count rows (counted no further). */
      total_capped: total.capped,
      page: query.page,
      page_size: query.pageSize,
      /** `before` of the previous page and `after` of the next one (ID Members), when there are rows. */
      prev_cursor: rows[0]?.id_member ?? null,
      next_cursor: rows.at(-1)?.id_member ?? null,
    };
  });
}

/**
 * Every row of the filtered report for the CSV export (capped, newest first), read in keyset
 * batches as the export writes them, so the whole export is never held in memory.
 */
/** The most rows one downline export holds (spec/000 §7 exportcsv; ADR 0018). */
export const DOWNLINE_EXPORT_CAP = 100_000;

export async function* exportDownline(
  viewer: SessionMember,
  query: Pick<DownlineQuery, 'posisi' | 'cariNama'>,
  limit = DOWNLINE_EXPORT_CAP,
  batch = 1000,
  firstBatch = 100,
): AsyncGenerator<DownlineRow> {
  const db = await getDb();
  const { path } = viewer;
  const filter = filterOf(query);
  let after: string | undefined;
  for (let left = limit; left > 0; ) {
    // A small first batch: the file's first bytes wait for one query of 100 rows, not 1,000 (issue #24).
    const size = Math.min(after ? batch : firstBatch, left);
    const rows = await downlinePage(db, viewer.id, path, filter, after ? { after, limit: size } : { fromNewest: 0, limit: size });
    for (const r of rows) yield { ...r, bv: RANK_BV[r.posisi] };
    if (rows.length < size) return;
    left -= rows.length;
    after = rows.at(-1)!.id_member;
  }
}

/**
 * The totals panel: counts per side and rank come from the counters kept with each placement,
 * so the root of a million members costs one row; sponsored counts read the sponsor index.
 */
export async function getDownlineSummary(viewer: SessionMember) {
  const [c, sponsoredRows] = await onReadDb(viewer.id, (db) =>
    Promise.all([downlineCounters(db, viewer.id), sponsoredPerRank(db, viewer.id)]),
  );
  const kiri = c?.kiri ?? 0;
  const kanan = c?.kanan ?? 0;
  const total = kiri + kanan;
  const perSide = (rank: Rank, side: 'kiri' | 'kanan') => c?.[`jumlah_${rank.toLowerCase() as Lowercase<Rank>}_${side}`] ?? 0;
  const sponsoredOf = (rank: Rank) => sponsoredRows.find((r) => r.posisi === rank)?.n ?? 0;
  const bvSponsored = RANKS.reduce((s, rank) => s + sponsoredOf(rank) * RANK_BV[rank], 0);
  const bvTotal = RANKS.reduce((s, rank) => s + (perSide(rank, 'kiri') + perSide(rank, 'kanan')) * RANK_BV[rank], 0);
  return {
    Total: total,
    kiri,
    kanan,
    persen_kiri: total ? Math.round((kiri / total) * 1000) / 10 : 0,
    persen_kanan: total ? Math.round((kanan / total) * 1000) / 10 : 0,
    per_posisi: RANKS.map((rank) => ({ posisi: rank, kiri: perSide(rank, 'kiri'), kanan: perSide(rank, 'kanan') })),
    Sponsor: RANKS.map((rank) => ({ posisi: rank, jumlah: sponsoredOf(rank) })),
    bv_sponsor: bvSponsored,
    bv_non_sponsor: bvTotal - bvSponsored,
    bv_total: bvTotal,
  };
}
