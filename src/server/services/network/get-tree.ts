import { sql } from 'drizzle-orm';
import { getDb, selectRows } from '../../db/client';
import { MAX_TREE_LEVELS, pathsBelow } from '../../domain/tree-paths';
import type { SessionMember } from '../auth/session-member';
import { findDownlineMember } from './find-downline-member';

export interface TreeNode {
  id: number;
  id_member: string;
  username: string;
  nama: string;
  public_id: string;
  posisi: 'BRONZE' | 'SILVER' | 'PLATINUM';
  sisi: 'L' | 'R' | 'root';
  root: boolean;
  tgl_join: string;
  id_sponsor: string | null;
  nama_sponsor: string | null;
  id_upline: string | null;
  kode_referal: string;
  status_kodeetik: boolean;
  jumlah_child_kiri: number;
  jumlah_child_kanan: number;
  jumlah_pair: number;
  jumlah_pair_bv: number;
  sisa_bv_kiri: number;
  sisa_bv_kanan: number;
  hasChild: boolean;
  isOpen: boolean;
  downlinekiri_id_member: string | null;
  downlinekanan_id_member: string | null;
  childs: (TreeNode | null)[];
  path: string;
}

interface Row extends Omit<TreeNode, 'childs' | 'hasChild' | 'isOpen' | 'root' | 'downlinekiri_id_member' | 'downlinekanan_id_member'> {}

const nodeSelect = sql`
  select m.id::int as id, m.id_member, m.username, m.nama, m.public_id::text as public_id, m.posisi, m.sisi,
    m.tgl_join::text as tgl_join, s.id_member as id_sponsor, s.nama as nama_sponsor, u.id_member as id_upline,
    m.kode_referal, m.status_kodeetik, m.jumlah_child_kiri, m.jumlah_child_kanan, m.path,
    coalesce(p.jumlah_pair, 0) as jumlah_pair, coalesce(p.jumlah_pair_bv, 0) as jumlah_pair_bv,
    coalesce(p.sisa_bv_kiri, 0) as sisa_bv_kiri, coalesce(p.sisa_bv_kanan, 0) as sisa_bv_kanan
  from members m left join members s on s.id = m.sponsor_id left join members u on u.id = m.upline_id
    left join member_pairing p on p.member_id = m.id`;

/** Nests rows by path: each node's children are the rows one digit longer ('0' left, '1' right). */
function nest(rows: Row[], rootPath: string, viewerPath: string, levels: number): TreeNode {
  const byPath = new Map(rows.map((r) => [r.path, r]));
  const build = (path: string, level: number): TreeNode | null => {
    const row = byPath.get(path);
    if (!row) return null;
    const left = byPath.get(`${path}0`);
    const right = byPath.get(`${path}1`);
    return {
      ...row,
      root: path === viewerPath,
      hasChild: row.jumlah_child_kiri + row.jumlah_child_kanan > 0,
      isOpen: level < levels,
      downlinekiri_id_member: left?.id_member ?? null,
      downlinekanan_id_member: right?.id_member ?? null,
      childs: level < levels ? [build(`${path}0`, level + 1), build(`${path}1`, level + 1)] : [],
    };
  };
  return build(rootPath, 1)!;
}

export type TreeView = Awaited<ReturnType<typeof getTree>>;

/** GET /member/reports/tree: `levels` levels from cariId (default the member), own downline only. */
export async function getTree(viewer: Pick<SessionMember, 'id'>, cariId: string | null | undefined, levels = 3) {
  const depth = Math.min(MAX_TREE_LEVELS, Math.max(1, Math.trunc(levels) || 3));
  const target = await findDownlineMember(viewer, cariId);
  const [me] = await selectRows<{ path: string; id_member: string }>(await getDb(), sql`select path, id_member from members where id = ${viewer.id}`);
  // One level more than shown tells whether each shown leaf has children on each side.
  const paths = pathsBelow(target.path, depth + 1);
  const rows = await selectRows<Row>(await getDb(), sql`${nodeSelect} where m.path in (${sql.join(paths.map((p) => sql`${p}`), sql`, `)})`);
  const tree = nest(rows, target.path, me!.path, depth);
  const uplineAllowed = target.path.length > me!.path.length;
  return { tree, level: depth, upline_id_member: uplineAllowed ? tree.id_upline : null, viewer_id_member: me!.id_member, viewer_path: me!.path };
}

/** GET /member/reports/sub-tree: the children of one node for the folder view. */
export async function getSubTree(viewer: SessionMember, cariId: string) {
  const target = await findDownlineMember(viewer, cariId);
  const rows = await selectRows<Row>(await getDb(), sql`${nodeSelect} where m.path in (${`${target.path}0`}, ${`${target.path}1`}) order by m.path`);
  return rows.map((row) => ({ ...row, hasChild: row.jumlah_child_kiri + row.jumlah_child_kanan > 0, isOpen: false, root: false, childs: [] }));
}
