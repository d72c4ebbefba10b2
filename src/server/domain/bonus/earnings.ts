/** The bonus types a closing writes, in the order a member's rows of one day are stored. */
export type BonusType = 'SPONSOR' | 'PASSUP' | 'PAIR' | 'RO' | 'RO-SPONSOR' | 'ANNUAL';
export const BONUS_TYPE_ORDER: readonly BonusType[] = ['SPONSOR', 'PASSUP', 'RO', 'RO-SPONSOR', 'PAIR', 'ANNUAL'];

/** One amount a rule gives one earner for one cause (an order, a day's pairs, a period's award). */
export interface BonusEarning {
  memberId: number | null;
  type: BonusType;
  amount: number;
  detail: unknown;
}

/** A bonus row of the day: everything one member earned of one type, with one detail per cause. */
export interface EarnedRow {
  memberId: number;
  type: BonusType;
  bruto: number;
  detail: unknown[];
}

/**
 * The day's rows from the rules' earnings: one row per earner and type (details in the order the
 * causes came), nothing for a missing earner (the top of the network) or a zero amount, sorted by
 * earner then BONUS_TYPE_ORDER.
 */
export function collectEarnings(earnings: Iterable<BonusEarning>): EarnedRow[] {
  const rows = new Map<string, EarnedRow>();
  for (const { memberId, type, amount, detail } of earnings) {
    if (!memberId || amount <= 0) continue;
    const key = `${memberId}|${type}`;
    const row = rows.get(key) ?? { memberId, type, bruto: 0, detail: [] };
    row.bruto += amount;
    row.detail.push(detail);
    rows.set(key, row);
  }
  return [...rows.values()].sort((a, b) => a.memberId - b.memberId || BONUS_TYPE_ORDER.indexOf(a.type) - BONUS_TYPE_ORDER.indexOf(b.type));
}
