import type { TreeNode as ServedNode, TreeView as ServedView } from '../../server/services/network/get-tree';

/**
 * What the tree island reads of a member: the page gives it only these (islandView), since every
 * field of its first view is written into the page a second time as the island's props; the API's
 * answers it fetches later carry more, which it ignores.
 */
const NODE_FIELDS = [
  'id_member',
  'nama',
  'posisi',
  'path',
  'root',
  'hasChild',
  'isOpen',
  'jumlah_child_kiri',
  'jumlah_child_kanan',
  'jumlah_pair',
  'sisa_bv_kiri',
  'sisa_bv_kanan',
  'downlinekiri_id_member',
  'downlinekanan_id_member',
] as const satisfies readonly (keyof ServedNode)[];

export type TreeNode = Pick<ServedNode, (typeof NODE_FIELDS)[number]> & { childs: (TreeNode | null)[] };
export type TreeView = Pick<ServedView, 'upline_id_member' | 'viewer_id_member' | 'viewer_path'> & { tree: TreeNode };

const islandNode = (node: ServedNode): TreeNode => ({
  ...(Object.fromEntries(NODE_FIELDS.map((field) => [field, node[field]])) as Pick<ServedNode, (typeof NODE_FIELDS)[number]>),
  childs: node.childs.map((child) => (child ? islandNode(child) : null)),
});

/** The first view as the page hands it to the island: the fields it reads, nothing else. */
export function islandView(view: ServedView): TreeView {
  return {
    tree: islandNode(view.tree),
    upline_id_member: view.upline_id_member,
    viewer_id_member: view.viewer_id_member,
    viewer_path: view.viewer_path,
  };
}

/** A row of the tree as the keyboard walks it: a member or an empty slot under `parent`. */
export interface Visible {
  key: string;
  level: number;
  node: TreeNode | null;
  parentKey: string | null;
  parent: TreeNode | null;
  side: 'L' | 'R';
}

export const emptyKey = (parent: TreeNode, side: 'L' | 'R'): string => `kosong:${parent.id_member}:${side}`;

/** The tree items in reading order (left before right), only under expanded members. */
export function visibleItems(root: TreeNode): Visible[] {
  const out: Visible[] = [];
  const walk = (node: TreeNode, level: number, parent: TreeNode | null, side: 'L' | 'R'): void => {
    out.push({ key: node.id_member, level, node, parentKey: parent?.id_member ?? null, parent, side });
    if (!node.isOpen || node.childs.length === 0) return;
    node.childs.forEach((child, i) => {
      const s = i === 0 ? 'L' : 'R';
      if (child) walk(child, level + 1, node, s);
      else out.push({ key: emptyKey(node, s), level: level + 1, node: null, parentKey: node.id_member, parent: node, side: s });
    });
  };
  walk(root, 1, null, 'L');
  return out;
}

/** The tree with one member changed by `change` (found by ID Member). */
export function mapNode(root: TreeNode, idMember: string, change: (node: TreeNode) => TreeNode): TreeNode {
  if (root.id_member === idMember) return change(root);
  if (root.childs.length === 0) return root;
  return { ...root, childs: root.childs.map((c) => (c ? mapNode(c, idMember, change) : c)) };
}

/** Children rows of GET /member/reports/sub-tree as the [left, right] pair of `parent`. */
export function childPair(parent: TreeNode, rows: TreeNode[]): (TreeNode | null)[] {
  const at = (digit: string) => rows.find((r) => r.path === parent.path + digit) ?? null;
  return [at('0'), at('1')].map((c) => (c ? { ...c, childs: [], isOpen: false } : null));
}

/**
 * The side of the sponsor's network that leads to an empty slot, when a member the viewer
 * registers lands there: placement takes the outer edge of the chosen side (spec/001, issue 6),
 * so only slots straight down the left-most or right-most edge qualify.
 */
export function legToSlot(viewerPath: string, parent: TreeNode, side: 'L' | 'R'): 'L' | 'R' | null {
  const slot = parent.path + (side === 'L' ? '0' : '1');
  if (!slot.startsWith(viewerPath) || slot.length <= viewerPath.length) return null;
  const rest = slot.slice(viewerPath.length);
  if (/^0+$/.test(rest)) return 'L';
  if (/^1+$/.test(rest)) return 'R';
  return null;
}

export function treeHref(tab: 'pohon' | 'folder', idMember: string, level: number): string {
  const params = new URLSearchParams({ ...(tab === 'folder' ? { tab } : {}), level: String(level), cariId: idMember });
  return `/report/tree?${params}`;
}
