import { atom } from 'nanostores';

/**
 * The member and depth the network explorer shows, set by the search combobox and the level
 * selector (src/islands/TreeExplorer): the tree island loads it without a page reload.
 */
/** `cariId` null: the member shown now (a change of level). */
export interface TreeQuery {
  cariId: string | null;
  level: number;
}

export const $treeQuery = atom<TreeQuery | null>(null);
