import { onReadDb } from '../../db/client';
import { type TreePosition, type TreeRow, treeNodesAt } from '../../db/queries/network';
import { MAX_TREE_LEVELS, pathsBelow } from '../../domain/tree-paths';
import { findDownlineMember } from './find-downline-member';

/** A row of the tree with what the tree view adds: the viewer's own node, whether it has children and is open, its two children. */
export interface TreeNode extends TreeRow {
  root: boolean;
  hasChild: boolean;
  isOpen: boolean;
  downlinekiri_id_member: string | null;
  downlinekanan_id_member: string | null;
  childs: (TreeNode | null)[];
}

type Row = TreeRow;

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
export async function getTree(me: TreePosition, cariId: string | null | undefined, levels = 3) {
  const depth = Math.min(MAX_TREE_LEVELS, Math.max(1, Math.trunc(levels) || 3));
  const target = await findDownlineMember(me, cariId);
  // One level more than shown tells whether each shown leaf has children on each side.
  const rows = await onReadDb(me.id, (db) => treeNodesAt(db, pathsBelow(target.path, depth + 1)));
  const tree = nest(rows, target.path, me.path, depth);
  const uplineAllowed = target.path.length > me.path.length;
  return {
    tree,
    level: depth,
    upline_id_member: uplineAllowed ? tree.id_upline : null,
    viewer_id_member: me.idMember,
    viewer_path: me.path,
  };
}

/** GET /member/reports/sub-tree: the children of one node for the folder view. */
export async function getSubTree(viewer: TreePosition, cariId: string) {
  const target = await findDownlineMember(viewer, cariId);
  const rows = await onReadDb(viewer.id, (db) => treeNodesAt(db, [`${target.path}0`, `${target.path}1`], true));
  return rows.map((row) => ({
    ...row,
    hasChild: row.jumlah_child_kiri + row.jumlah_child_kanan > 0,
    isOpen: false,
    root: false,
    childs: [],
  }));
}
