/**
 * Every path of the first `levels` levels below `path` (the node itself included): the 3-level
 * tree is at most 7 exact index lookups, however large the downline is.
 */
export function pathsBelow(path: string, levels: number): string[] {
  const out = [path];
  let frontier = [path];
  for (let level = 1; level < levels; level++) {
    frontier = frontier.flatMap((p) => [`${p}0`, `${p}1`]);
    out.push(...frontier);
  }
  return out;
}

export const MAX_TREE_LEVELS = 5;
