export const RANKS = ['BRONZE', 'SILVER', 'PLATINUM'] as const;
export type Rank = (typeof RANKS)[number];

/** BV per rank (spec §9): BRONZE 1, SILVER 2, PLATINUM 4. */
export const RANK_BV: Record<Rank, number> = { BRONZE: 1, SILVER: 2, PLATINUM: 4 };

/** Badge colours (spec §9): PLATINUM warning, SILVER info, BRONZE success. */
export const RANK_BADGE: Record<Rank, 'warning' | 'info' | 'success'> = { PLATINUM: 'warning', SILVER: 'info', BRONZE: 'success' };
