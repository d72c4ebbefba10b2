import postgres from 'postgres';
import { withDatabase } from '../setup/databases';

// After tests/setup/per-file.ts gave this file its own database on the temporary primary: the same
// database on the hot standby (scripts/replica-test.sh) is DATABASE_READ_URL, once the standby has
// replayed its creation.
const port = process.env.REPLICA_TEST_STANDBY_PORT;
if (!port || !process.env.DATABASE_URL) throw new Error('tests/replica run only through scripts/replica-test.sh (npm run test:replica)');
const primary = new URL(process.env.DATABASE_URL);
const standby = new URL(withDatabase(process.env.DATABASE_URL, primary.pathname.slice(1)));
standby.port = port;
process.env.DATABASE_READ_URL = standby.toString();
// Look at the replica's state often, so the tests need not wait a second for each change.
process.env.READ_REPLICA_CHECK_MS = '100';

const deadline = Date.now() + 60_000;
for (;;) {
  const sql = postgres(process.env.DATABASE_READ_URL, { max: 1, connect_timeout: 2, onnotice: () => {} });
  try {
    await sql`select 1`;
    break;
  } catch (error) {
    if (Date.now() > deadline) throw error;
    await new Promise((resolve) => setTimeout(resolve, 200));
  } finally {
    await sql.end();
  }
}
