/** Tree positions are strings of side digits from the root: '0' is left (L), '1' is right (R). */
export type Side = 'L' | 'R';

export const sideDigit = (side: Side): '0' | '1' => (side === 'L' ? '0' : '1');

/** The path of the child on `side` of the member at `uplinePath`. */
export const childPath = (uplinePath: string, side: Side): string => uplinePath + sideDigit(side);

/** Which side of `ancestorPath` the member at `path` sits on, or undefined if not below it. */
export function sideUnder(ancestorPath: string, path: string): Side | undefined {
  if (path.length <= ancestorPath.length || !path.startsWith(ancestorPath)) return undefined;
  return path[ancestorPath.length] === '0' ? 'L' : 'R';
}

/** Bounds of a downline as a btree range: every path p with low <= p < high (byte order). */
export function downlineRange(path: string): { low: string; high: string } {
  return { low: path, high: `${path}2` };
}

/** Every ancestor path of `path`, nearest first. */
export function ancestorPaths(path: string): string[] {
  const out: string[] = [];
  for (let i = path.length - 1; i >= 0; i--) out.push(path.slice(0, i));
  return out;
}
