/**
 * Four-eyes (COMP_PLAN.md "Commission control", ADR 0023): what one operator made, a second one
 * decides. The one home of the rule for closings, payout batches, manual adjustments and settings
 * proposals (each transition table states its own message and who may be the checker).
 *
 * `maker` null: made by no operator (the scheduler, a command), which binds no one. `checker`
 * null: no known operator is deciding, which never counts as a second pair of eyes.
 */
export function isSecondOperator(maker: number | null, checker: number | null): boolean {
  return checker !== null && checker !== maker;
}
