/** The `npm run ops` areas a running server accepts over HTTP (src/server/services/operator/run-remote-command.ts). */
export const THROUGH_SERVER_AREAS: readonly string[] = ['order', 'payout', 'retur'];
