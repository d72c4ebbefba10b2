/**
 * A fixed port of a test file, moved by TEST_PORT_OFFSET: `npm test` runs the integration files on
 * PGlite and on PostgreSQL at the same time (scripts/test.mjs), so the second run's servers listen
 * on ports of their own.
 */
export const testPort = (port: number): number => port + Number(process.env.TEST_PORT_OFFSET ?? 0);
