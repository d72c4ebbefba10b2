/**
 * A child process for the SIGKILL tests (tests/integration/faults-kill.test.ts): opens the same
 * database as the test (DATA_DIR or DATABASE_URL from the environment) and runs one write in a
 * loop through the real services, printing `ok <key>` after each commit, until it is killed.
 *   tsx tests/faults/worker.ts order <tag> | payout | claim <promo_public_id>
 */
import { sql } from 'drizzle-orm';
import type { Rank } from '../../src/lib/rank';
import { closeDb, getDb, selectRows } from '../../src/server/db/client';
import type { SessionMember } from '../../src/server/services/auth/session-member';
import { requestPayout, settlePayout } from '../../src/server/services/bonus/payouts';
import { createOrder } from '../../src/server/services/order/create-order';
import { findWarehouses } from '../../src/server/services/order/find-warehouses';
import { listProducts } from '../../src/server/services/order/list-products';
import { claimPromo } from '../../src/server/services/promo/claim-promo';

const [mode, arg] = process.argv.slice(2);
const say = (line: string) => process.stdout.write(`${line}\n`);

async function orders(tag: string) {
  const db = await getDb();
  const [buyer] = await selectRows<{ id: number; posisi: Rank }>(
    db,
    sql`select id::int as id, posisi from members where username = 'demosilver'`,
  );
  const products = (await listProducts('repeat-order')).rows.slice(0, 3);
  say('ready');
  for (let i = 0; ; i++) {
    // One to three products, one or two of each: orders of different shapes.
    const details = products.slice(0, 1 + (i % 3)).map((p, k) => ({ id: p.public_id, qty: 1 + ((i + k) % 2) }));
    const [gudang] = await findWarehouses(details, { online: false, pickup: true });
    if (!gudang) {
      say('done');
      return;
    }
    const ref = `fault-${tag}-${i}`;
    await createOrder(buyer!, {
      client_ref: ref,
      pickup_store: true,
      id_gudang: gudang.public_id,
      is_asuransi: false,
      details,
      payment_method: 'bca_va',
      join_member: false,
      upgrade_member: false,
      is_ro: true,
      member: null,
    } as Parameters<typeof createOrder>[1]);
    say(`ok ${ref}`);
  }
}

/** Payouts of members with a verified bank; two of three are rejected again, freeing their bonuses. */
async function payouts() {
  const db = await getDb();
  say('ready');
  for (let i = 0; ; i++) {
    const [next] = await selectRows<{ member_id: number; ids: string[] }>(
      db,
      sql`
      select b.member_id::int as member_id, array_agg(b.public_id::text order by b.id) as ids
      from bonuses b join members m on m.id = b.member_id
      where m.status_rekening = 'VERIFIED' and b.payout_id is null and b.status_transfer = 'PENDING'
      group by b.member_id having sum(b.bonus_dibayar) >= 100000 order by random() limit 1`,
    );
    if (!next) {
      say('done');
      return;
    }
    const payout = await requestPayout({ id: next.member_id } as SessionMember, next.ids);
    say(`ok payout ${payout.public_id}`);
    if (i % 3 !== 0) {
      const [row] = await selectRows<{ no: string }>(db, sql`select no from payouts where public_id = ${payout.public_id}::uuid`);
      await settlePayout(row!.no, 'reject', 'uji gangguan');
      say(`ok reject ${payout.public_id}`);
    }
  }
}

/** Claims of one promo by whichever member still has enough unclaimed omset. */
async function claims(promoPublicId: string) {
  const db = await getDb();
  say('ready');
  for (;;) {
    const [next] = await selectRows<{ member_id: number }>(
      db,
      sql`
      select po.member_id::int as member_id from promo_omsets po join promos p on p.id = po.promo_id
      where p.public_id = ${promoPublicId}::uuid and po.claim_by is null
      group by po.member_id, p.syarat_poin having sum(po.poin - po.poin_terpakai) >= p.syarat_poin order by random() limit 1`,
    );
    if (!next) {
      say('done');
      return;
    }
    const claim = await claimPromo({ id: next.member_id } as SessionMember, promoPublicId);
    say(`ok ${claim.public_id}`);
  }
}

const modes: Record<string, () => Promise<void>> = { order: () => orders(arg ?? 'x'), payout: payouts, claim: () => claims(arg!) };
await modes[mode!]!();
await closeDb();
