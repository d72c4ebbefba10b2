// @template year — needs members with unpaid bonuses of the demo year to withdraw
import http from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getDb, selectRows } from '../../src/server/db/client';
import { payoutSignature } from '../../src/server/integrations/payout/signature';
import { simulatorNotificationBody, simulatorPayoutProvider } from '../../src/server/integrations/payout/simulator';
import { payoutProblem, startProblem } from '../../src/server/mode';
import { approvePayoutBatch } from '../../src/server/services/bonus/approve-payout-batch';
import { completePayoutBatch } from '../../src/server/services/bonus/complete-payout-batch';
import { payoutBatchFile } from '../../src/server/services/bonus/export-payout-batch';
import { handlePayoutNotification } from '../../src/server/services/bonus/handle-payout-notification';
import { listPayouts, settlePayout } from '../../src/server/services/bonus/payouts';
import { reconcilePayouts } from '../../src/server/services/bonus/reconcile-payouts';
import { sendPayoutBatch } from '../../src/server/services/bonus/send-payout-batch';
import type { Actor } from '../../src/server/services/operator/assert-role';
import { queuedPayouts, sessionOf } from './helpers';
import { callRoute } from './route-harness';

/**
 * Issue #25 "money out on the real rails": KEUANGAN's batch through a disbursement provider —
 * sent by a maker, approved by a second operator, each payout completed or failed exactly once by
 * the provider's answer (notification or status poll) through the payout transition table — on
 * the built-in simulator, and the Iris adapter against a local stand-in of Iris' documented answers.
 */

let maker: Actor;
let checker: Actor;

interface Held {
  status: string;
  bonuses: number;
  transfer: string | null;
  id_member: string;
  reference_no: string | null;
  idempotency_key: string | null;
  catatan: string | null;
  batch_id: number | null;
}
async function held(no: string): Promise<Held> {
  const [row] = await selectRows<Held>(
    await getDb(),
    sql`
    select p.status, m.id_member, p.reference_no, p.idempotency_key, p.catatan, p.batch_id::int as batch_id,
      (select count(*)::int from bonuses b where b.payout_id = p.id) as bonuses,
      (select string_agg(distinct b.status_transfer, ',') from bonuses b where b.payout_id = p.id) as transfer
    from payouts p join members m on m.id = p.member_id where p.no = ${no}`,
  );
  return row!;
}
const batchOf = async (no: string) =>
  (
    await selectRows<{ status: string; provider: string; approved_by_nama: string | null }>(
      await getDb(),
      sql`
  select status, provider, approved_by_nama from payout_batches where no = ${no}`,
    )
  )[0]!;
const audits = async (action: string, object: string) =>
  (
    await selectRows<{ n: number }>(
      await getDb(),
      sql`
  select count(*)::int as n from audit_log where action = ${action} and object = ${object}`,
    )
  )[0]!.n;
/** Gives the payout (and its member) an account number ending as the provider's rules need. */
async function account(no: string, rekening: string) {
  const db = await getDb();
  await db.execute(sql`update payouts set no_rekening = ${rekening} where no = ${no}`);
  await db.execute(sql`update members set no_rekening = ${rekening} where id = (select member_id from payouts where no = ${no})`);
}
let serial = 0;
/** A fresh account number of the simulator's table: `ok` ends in neither 7 nor 000. */
const rekening = (kind: 'ok' | 'gagal' | 'invalid') =>
  `77${String(Date.now() % 1e6).padStart(6, '0')}${String(serial++).padStart(3, '0')}${{ ok: '1', gagal: '7', invalid: '000' }[kind]}`;

beforeAll(async () => {
  const ops = await selectRows<{ id: number; nama: string; role: 'KEUANGAN' | 'SUPERADMIN'; username: string }>(
    await getDb(),
    sql`
    select id::int as id, nama, role, username from operators where username in ('keuangan', 'superadmin')`,
  );
  const op = (u: string) => ops.find((o) => o.username === u)!;
  maker = { id: op('keuangan').id, nama: op('keuangan').nama, role: 'KEUANGAN' };
  checker = { id: op('superadmin').id, nama: op('superadmin').nama, role: 'SUPERADMIN' };
});

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('the configuration (PAYOUT_PROVIDER, IRIS_*)', () => {
  it('production refuses to start with iris and missing keys, or with the simulator; development defaults to the simulator', () => {
    const prod = {
      PORTAL_ENV: 'production',
      MIDTRANS_SERVER_KEY: 's',
      MIDTRANS_CLIENT_KEY: 'c',
      PUBLIC_BASE_URL: 'https://portal.example',
    };
    expect(startProblem({ ...prod, PAYOUT_PROVIDER: 'iris', IRIS_CREATOR_KEY: 'a' })).toBe(
      'PAYOUT_PROVIDER=iris tidak dijalankan: IRIS_APPROVER_KEY, IRIS_MERCHANT_KEY belum diatur (kunci Midtrans Payouts)',
    );
    expect(
      startProblem({ ...prod, PAYOUT_PROVIDER: 'iris', IRIS_CREATOR_KEY: 'a', IRIS_APPROVER_KEY: 'b', IRIS_MERCHANT_KEY: 'c' }),
    ).toBeUndefined();
    expect(startProblem({ ...prod, PAYOUT_PROVIDER: 'simulator' })).toMatch(/^PAYOUT_PROVIDER=simulator tidak dijalankan di produksi/);
    expect(startProblem(prod)).toBeUndefined();
    expect(startProblem({ PAYOUT_PROVIDER: 'bank' })).toMatch(/^PAYOUT_PROVIDER="bank" tidak dikenal/);
    expect(payoutProblem({})).toBeUndefined();
  });
});

describe('KEUANGAN’s batch on the simulator', { timeout: 180_000 }, () => {
  beforeEach(() => {
    vi.stubEnv('PAYOUT_PROVIDER', 'simulator');
    // Settling is driven by the test (a status poll after the delay), never by a timer mid-test.
    vi.stubEnv('PAYOUT_SIMULATOR_DELAY_MS', '3600000');
  });

  it('sent by the maker, refused to the maker as checker, approved by a second operator; one transfer fails and is released, the others complete by notification or poll, exactly once', async () => {
    const nos = await queuedPayouts(3);
    const [paid, failing, polled] = nos as [string, string, string];
    await account(paid, rekening('ok'));
    await account(failing, rekening('gagal'));
    await account(polled, rekening('ok'));

    const sent = await sendPayoutBatch(nos, maker);
    expect(sent).toMatchObject({ jumlah_payout: 3, status: 'sent', dilewati: [] });
    expect(await batchOf(sent.no)).toMatchObject({ status: 'sent', provider: 'simulator', approved_by_nama: null });
    for (const no of nos)
      expect(await held(no)).toMatchObject({
        status: 'processed',
        transfer: 'PENDING',
        idempotency_key: expect.stringMatching(new RegExp(`:${no}$`)),
        reference_no: expect.stringMatching(/^SIM/),
      });
    expect(await audits('payout:batch-send', `batch:${sent.no}`)).toBe(1);
    // Nothing paid by hand next to the API: no bank file, no operator completion.
    await expect(payoutBatchFile(sent.no)).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(completePayoutBatch(sent.no, maker)).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(settlePayout(paid, 'complete', undefined, maker)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('hanya dari jawaban penyedia'),
    });
    await expect(settlePayout(failing, 'fail', 'coba', maker)).rejects.toMatchObject({ code: 'CONFLICT' });

    // Four eyes: the maker cannot approve its own batch.
    await expect(approvePayoutBatch(sent.no, maker)).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: 'Persetujuan harus oleh operator KEUANGAN lain: pembuat batch tidak boleh menyetujui batchnya sendiri',
    });
    expect(await batchOf(sent.no)).toMatchObject({ status: 'sent' });
    expect(await approvePayoutBatch(sent.no, checker)).toEqual({ disetujui: nos, ditolak: [] });
    expect(await batchOf(sent.no)).toMatchObject({ status: 'approved', approved_by_nama: checker.nama });
    await expect(approvePayoutBatch(sent.no, checker)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: `Batch ${sent.no} sudah disetujui`,
    });

    // The transfers settle; the first one's notification arrives (Iris' shape, signed like Iris').
    vi.stubEnv('PAYOUT_SIMULATOR_DELAY_MS', '0');
    const key = await simulatorPayoutProvider.merchantKey();
    const paidRef = (await held(paid)).reference_no!;
    const completed = simulatorNotificationBody(await simulatorPayoutProvider.status(paidRef));
    expect(JSON.parse(completed)).toMatchObject({ reference_no: paidRef, status: 'completed', amount: expect.stringMatching(/^\d+\.00$/) });
    expect(await handlePayoutNotification(completed, payoutSignature(completed, key))).toEqual({ outcome: 'COMPLETED' });
    expect(await held(paid)).toMatchObject({ status: 'completed', transfer: 'PROCESSED' });
    // Replayed, duplicated concurrently, and an older status arriving late: nothing changes.
    const again = await Promise.all([1, 2].map(() => handlePayoutNotification(completed, payoutSignature(completed, key))));
    expect(again).toEqual([{ outcome: 'IGNORED' }, { outcome: 'IGNORED' }]);
    const older = JSON.stringify({ ...JSON.parse(completed), status: 'processed', updated_at: '2020-01-01T00:00:00.000Z' });
    expect(await handlePayoutNotification(older, payoutSignature(older, key))).toEqual({ outcome: 'IGNORED' });
    expect(await held(paid)).toMatchObject({ status: 'completed', transfer: 'PROCESSED' });
    expect(await audits('payout:complete', `payout:${paid}`)).toBe(1);

    // The reconciliation asks for every payout still in flight: one fails (released), one completes.
    expect(await reconcilePayouts()).toBe('2 payout ditanyakan ke penyedia: 1 selesai, 1 gagal, 0 masih berjalan');
    expect(await held(failing)).toMatchObject({
      status: 'failed',
      bonuses: 0,
      catatan: expect.stringContaining('Rekening tujuan tidak aktif'),
    });
    expect(await held(polled)).toMatchObject({ status: 'completed', transfer: 'PROCESSED' });
    expect(await audits('payout:fail', `payout:${failing}`)).toBe(1);
    expect(await batchOf(sent.no)).toMatchObject({ status: 'completed' });
    // The late notification of the failure, after the poll recorded it: ignored.
    const failed = simulatorNotificationBody(await simulatorPayoutProvider.status((await held(failing)).reference_no!));
    expect(await handlePayoutNotification(failed, payoutSignature(failed, key))).toEqual({ outcome: 'IGNORED' });
    expect(await reconcilePayouts()).toBe('0 payout ditanyakan ke penyedia: 0 selesai, 0 gagal, 0 masih berjalan');

    // The member sees both: the bank's reference, the failure's reason, the validated account.
    for (const [no, status] of [
      [paid, 'completed'],
      [failing, 'failed'],
    ] as const) {
      const me = await sessionOf((await held(no)).id_member);
      const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
      const list = await listPayouts(me, { from: today, to: today, status: [], page: 1, page_size: 10 });
      const row = list.rows.find((r) => r.no === no)!;
      expect(row).toMatchObject({ status, reference_no: (await held(no)).reference_no, rekening_terverifikasi: true });
      if (status === 'failed') expect(row.catatan).toContain('Rekening tujuan tidak aktif');
    }
  });

  it('a forged notification changes nothing (403)', async () => {
    const [no] = await queuedPayouts(1);
    await account(no!, rekening('ok'));
    const sent = await sendPayoutBatch([no!], maker);
    await approvePayoutBatch(sent.no, checker);
    vi.stubEnv('PAYOUT_SIMULATOR_DELAY_MS', '0');
    const body = simulatorNotificationBody(await simulatorPayoutProvider.status((await held(no!)).reference_no!));
    await expect(handlePayoutNotification(body, payoutSignature(body, 'not-the-merchant-key'))).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: 'Tanda tangan notifikasi payout tidak sah',
    });
    await expect(handlePayoutNotification(body, undefined)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const tampered = body.replace('"completed"', '"failed"');
    await expect(
      handlePayoutNotification(tampered, payoutSignature(body, await simulatorPayoutProvider.merchantKey())),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await held(no!)).toMatchObject({ status: 'processed', transfer: 'PENDING' });
  });

  it('an account the bank does not know is validated first and left out; the member’s payout stays queued', async () => {
    const [bad, good] = (await queuedPayouts(2)) as [string, string];
    await account(bad, rekening('invalid'));
    await account(good, rekening('ok'));
    const sent = await sendPayoutBatch([bad, good], maker);
    expect(sent.dilewati).toEqual([{ no: bad, alasan: expect.stringContaining('rekening tidak valid: Rekening tidak ditemukan di bank') }]);
    expect(await held(bad)).toMatchObject({ status: 'queued', batch_id: null });
    await expect(sendPayoutBatch([bad], maker)).rejects.toMatchObject({
      code: 'BAD_INPUT',
      message: expect.stringContaining('rekening tidak valid'),
    });
  });

  it('a crash between sending and recording: the reconciliation sends again with the same key, the provider pays once', async () => {
    const nos = await queuedPayouts(2);
    for (const no of nos) await account(no, rekening('ok'));
    const create = simulatorPayoutProvider.create.bind(simulatorPayoutProvider);
    // The provider takes the batch, but its answer never reaches the portal.
    vi.spyOn(simulatorPayoutProvider, 'create').mockImplementationOnce(async (key, list) => {
      await create(key, list);
      throw new Error('socket hang up');
    });
    const sent = await sendPayoutBatch(nos, maker);
    expect(sent.status).toBe('sending');
    expect(await batchOf(sent.no)).toMatchObject({ status: 'sending' });
    for (const no of nos)
      expect(await held(no)).toMatchObject({ status: 'processed', reference_no: null, idempotency_key: expect.any(String) });
    await expect(approvePayoutBatch(sent.no, checker)).rejects.toMatchObject({ code: 'CONFLICT' });

    expect(await reconcilePayouts()).toMatch(/1 batch terkirim ulang/);
    expect(await batchOf(sent.no)).toMatchObject({ status: 'sent' });
    const [{ key }] = (await selectRows<{ key: string }>(
      await getDb(),
      sql`select idempotency_key as key from payout_batches where no = ${sent.no}`,
    )) as [{ key: string }];
    const transfers = await selectRows<{ reference_no: string }>(
      await getDb(),
      sql`select reference_no from payout_simulator_transfers where idempotency_key = ${key} order by position`,
    );
    expect(transfers.map((t) => t.reference_no)).toEqual(await Promise.all(nos.map(async (no) => (await held(no)).reference_no)));
  });

  it('a crash between the checker’s approval and the provider’s approve call: the reconciliation sends the approval again, the transfer settles once', async () => {
    const nos = await queuedPayouts(1);
    await account(nos[0]!, rekening('ok'));
    const sent = await sendPayoutBatch(nos, maker);
    // The approval was claimed and audited here, then the process died before calling the provider.
    await (
      await getDb()
    ).execute(sql`update payout_batches set status = 'approved', approved_by_id = ${checker.id}, approved_by_nama = ${checker.nama},
      approved_at = now() - interval '5 minutes' where no = ${sent.no}`);
    expect(await reconcilePayouts()).toBe(
      '1 payout ditanyakan ke penyedia: 0 selesai, 0 gagal, 1 masih berjalan; persetujuan 1 batch dikirim ulang',
    );
    expect(await audits('payout:batch-approve-resent', `batch:${sent.no}`)).toBe(1);
    vi.stubEnv('PAYOUT_SIMULATOR_DELAY_MS', '0');
    expect(await reconcilePayouts()).toBe('1 payout ditanyakan ke penyedia: 1 selesai, 0 gagal, 0 masih berjalan');
    expect(await held(nos[0]!)).toMatchObject({ status: 'completed', transfer: 'PROCESSED' });
  });

  it('a member suspended between sending and approval: rejected at the provider, failed here, bonuses released', async () => {
    const [kept, suspended] = (await queuedPayouts(2)) as [string, string];
    await account(kept, rekening('ok'));
    await account(suspended, rekening('ok'));
    const sent = await sendPayoutBatch([kept, suspended], maker);
    await (await getDb()).execute(sql`update members set is_suspended = true where id_member = ${(await held(suspended)).id_member}`);
    expect(await approvePayoutBatch(sent.no, checker)).toEqual({ disetujui: [kept], ditolak: [suspended] });
    expect(await held(suspended)).toMatchObject({
      status: 'failed',
      bonuses: 0,
      catatan: expect.stringContaining('akun member dibekukan'),
    });
    expect(await held(kept)).toMatchObject({ status: 'processed' });
  });
});

describe('the Iris adapter against a local stand-in of Iris’ documented answers', { timeout: 180_000 }, () => {
  const KEYS = {
    IRIS_CREATOR_KEY: 'IRIS-creator-standin',
    IRIS_APPROVER_KEY: 'IRIS-approver-standin',
    IRIS_MERCHANT_KEY: 'IRIS-merchant-standin',
  };
  const basic = (k: string) => `Basic ${Buffer.from(`${k}:`).toString('base64')}`;
  const byKey = new Map<string, { answer: string; refs: string[] }>();
  const payouts = new Map<string, { amount: string; status: string; account: string; bank: string; updated_at: string }>();
  const seen: { method: string; path: string; authorization?: string; idempotency?: string; body?: unknown }[] = [];
  let server: http.Server;
  let creates = 0;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => {
        raw += c.toString();
      });
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://standin');
        const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : undefined;
        seen.push({
          method: req.method!,
          path: url.pathname + url.search,
          authorization: req.headers.authorization,
          idempotency: req.headers['x-idempotency-key'] as string | undefined,
          body,
        });
        const send = (status: number, answer: unknown) =>
          res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
        const creator = req.headers.authorization === basic(KEYS.IRIS_CREATOR_KEY);
        const approver = req.headers.authorization === basic(KEYS.IRIS_APPROVER_KEY);
        if (req.method === 'POST' && url.pathname === '/api/v1/payouts') {
          if (!creator) return send(401, { error_message: 'Unauthorized' });
          const key = String(req.headers['x-idempotency-key'] ?? '');
          const known = byKey.get(key);
          if (known)
            return known.answer === raw
              ? send(201, { payouts: known.refs.map((r) => ({ status: 'queued', reference_no: r })) })
              : send(409, { error_message: 'idempotency-key is not unique', errors: 'idempotency-key is not unique' });
          const list = body!.payouts as { amount: string; beneficiary_account: string; beneficiary_bank: string }[];
          const refs = list.map((p) => {
            const ref = `irs${(++creates).toString().padStart(8, '0')}`;
            payouts.set(ref, {
              amount: p.amount,
              status: 'queued',
              account: p.beneficiary_account,
              bank: p.beneficiary_bank,
              updated_at: new Date().toISOString(),
            });
            return ref;
          });
          byKey.set(key, { answer: raw, refs });
          return send(201, { payouts: refs.map((r) => ({ status: 'queued', reference_no: r })) });
        }
        if (req.method === 'POST' && url.pathname === '/api/v1/payouts/approve') {
          if (!approver) return send(401, { error_message: 'Unauthorized' });
          for (const r of body!.reference_nos as string[]) payouts.get(r)!.status = 'approved';
          return send(202, { status: 'ok' });
        }
        const detail = /^\/api\/v1\/payouts\/([^/]+)$/.exec(url.pathname);
        if (req.method === 'GET' && detail) {
          const p = payouts.get(decodeURIComponent(detail[1]!));
          if (!p) return send(404, { error_message: 'Payout not found' });
          return send(200, {
            amount: p.amount,
            beneficiary_name: 'X',
            beneficiary_account: p.account,
            bank: p.bank,
            reference_no: detail[1],
            notes: '',
            status: p.status,
            created_by: 'creator',
            created_at: p.updated_at,
            updated_at: p.updated_at,
          });
        }
        if (req.method === 'GET' && url.pathname === '/api/v1/account_validation') {
          const accountNo = url.searchParams.get('account') ?? '';
          if (accountNo.endsWith('000'))
            return send(400, {
              error_message: 'An error occurred when doing account validation',
              errors: { account: ['Account does not exist'] },
            });
          return send(200, { account_name: 'Test-Account', account_no: accountNo, bank_name: url.searchParams.get('bank') });
        }
        return send(404, { error_message: 'not found' });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  beforeEach(() => {
    vi.stubEnv('PAYOUT_PROVIDER', 'iris');
    for (const [k, v] of Object.entries(KEYS)) vi.stubEnv(k, v);
    vi.stubEnv('IRIS_API_URL', `http://127.0.0.1:${(server.address() as { port: number }).port}`);
  });

  const notify = (ref: string, status: string, amount: string, updatedAt: string, extra: object = {}) => {
    const body = JSON.stringify({ reference_no: ref, amount, status, updated_at: updatedAt, ...extra });
    return { body, signature: payoutSignature(body, KEYS.IRIS_MERCHANT_KEY) };
  };

  it('creates in bulk with the creator key and an idempotency key, approves with the approver key, validates accounts; signed notifications complete and fail exactly once', async () => {
    const nos = await queuedPayouts(2);
    const [ok, bad] = nos as [string, string];
    await account(ok, rekening('ok'));
    await account(bad, rekening('ok'));
    const sent = await sendPayoutBatch(nos, maker);
    expect(sent.status).toBe('sent');
    const validations = seen.filter((s) => s.path.startsWith('/api/v1/account_validation'));
    expect(validations.length).toBeGreaterThanOrEqual(2);
    expect(validations[0]).toMatchObject({
      method: 'GET',
      authorization: basic(KEYS.IRIS_CREATOR_KEY),
      path: expect.stringContaining('bank=bca'),
    });
    const create = seen.find((s) => s.path === '/api/v1/payouts')!;
    expect(create).toMatchObject({ method: 'POST', authorization: basic(KEYS.IRIS_CREATOR_KEY), idempotency: expect.any(String) });
    expect(create.body).toMatchObject({
      payouts: [
        { beneficiary_bank: 'bca', beneficiary_account: expect.any(String), amount: expect.stringMatching(/^\d+\.00$/), notes: ok },
        { notes: bad },
      ],
    });
    await approvePayoutBatch(sent.no, checker, '335163');
    expect(seen.at(-1)).toMatchObject({
      path: '/api/v1/payouts/approve',
      authorization: basic(KEYS.IRIS_APPROVER_KEY),
      body: { reference_nos: [(await held(ok)).reference_no, (await held(bad)).reference_no], otp: '335163' },
    });

    const okRef = (await held(ok)).reference_no!;
    const badRef = (await held(bad)).reference_no!;
    const okAmount = payouts.get(okRef)!.amount;
    const badAmount = payouts.get(badRef)!.amount;
    // Forged: signed with another key — 403, nothing changes.
    const forged = notify(okRef, 'completed', okAmount, '2026-11-26T10:05:00Z');
    await expect(handlePayoutNotification(forged.body, payoutSignature(forged.body, 'IRIS-merchant-forged'))).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(await held(ok)).toMatchObject({ status: 'processed' });
    // In order: processed, then completed; replayed completed: once.
    const processed = notify(okRef, 'processed', okAmount, '2026-11-26T10:01:00Z');
    expect(await handlePayoutNotification(processed.body, processed.signature)).toEqual({ outcome: 'RECORDED' });
    const done = notify(okRef, 'completed', okAmount, '2026-11-26T10:05:00Z');
    expect(await handlePayoutNotification(done.body, done.signature)).toEqual({ outcome: 'COMPLETED' });
    expect(await handlePayoutNotification(done.body, done.signature)).toEqual({ outcome: 'IGNORED' });
    expect(await held(ok)).toMatchObject({ status: 'completed', transfer: 'PROCESSED' });
    expect(await audits('payout:complete', `payout:${ok}`)).toBe(1);
    // Out of order: the failure arrives first, the older "approved" and "processed" afterwards.
    const failed = notify(badRef, 'failed', badAmount, '2026-11-26T10:09:00Z', {
      error_code: '002',
      error_message: 'Beneficiary account is closed',
    });
    expect(await handlePayoutNotification(failed.body, failed.signature)).toEqual({ outcome: 'FAILED' });
    for (const [status, at] of [
      ['approved', '2026-11-26T10:00:00Z'],
      ['processed', '2026-11-26T10:02:00Z'],
    ] as const) {
      const late = notify(badRef, status, badAmount, at);
      expect(await handlePayoutNotification(late.body, late.signature)).toEqual({ outcome: 'IGNORED' });
    }
    expect(await held(bad)).toMatchObject({
      status: 'failed',
      bonuses: 0,
      catatan: expect.stringContaining('Beneficiary account is closed'),
    });
    expect(await batchOf(sent.no)).toMatchObject({ status: 'completed' });
    // A wrong amount, an unknown reference: refused, nothing changes.
    const unknown = notify('irs-unknown', 'completed', '1.00', '2026-11-26T10:05:00Z');
    await expect(handlePayoutNotification(unknown.body, unknown.signature)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('the status poll settles payouts whose notification never came; the same idempotency key answers the same references', async () => {
    const nos = await queuedPayouts(1);
    await account(nos[0]!, rekening('ok'));
    const sent = await sendPayoutBatch(nos, maker);
    await approvePayoutBatch(sent.no, checker);
    const ref = (await held(nos[0]!)).reference_no!;
    payouts.get(ref)!.status = 'completed';
    payouts.get(ref)!.updated_at = new Date().toISOString();
    expect(await reconcilePayouts()).toBe('1 payout ditanyakan ke penyedia: 1 selesai, 0 gagal, 0 masih berjalan');
    expect(seen.at(-1)).toMatchObject({ method: 'GET', path: `/api/v1/payouts/${ref}`, authorization: basic(KEYS.IRIS_CREATOR_KEY) });
    expect(await held(nos[0]!)).toMatchObject({ status: 'completed', transfer: 'PROCESSED' });
  });

  it('POST /payout/notification through the middleware: the signature is checked on the raw bytes, 200 once, 403 when forged', async () => {
    const nos = await queuedPayouts(1);
    await account(nos[0]!, rekening('ok'));
    const sent = await sendPayoutBatch(nos, maker);
    await approvePayoutBatch(sent.no, checker);
    const ref = (await held(nos[0]!)).reference_no!;
    // Iris' own spacing: the portal must verify the bytes as sent, not a re-serialised object.
    const raw = `{ "reference_no": "${ref}", "amount": "${payouts.get(ref)!.amount}", "status": "completed", "updated_at": "2026-11-26T11:00:00Z" }`;
    const post = (signature: string) => callRoute('/payout/notification', 'POST', { body: raw, headers: { 'iris-signature': signature } });
    const forged = await post(payoutSignature(JSON.stringify(JSON.parse(raw)), KEYS.IRIS_MERCHANT_KEY));
    expect(forged.status).toBe(403);
    expect(forged.json?.message).toBe('Tanda tangan notifikasi payout tidak sah');
    expect(await held(nos[0]!)).toMatchObject({ status: 'processed' });
    const ok = await post(payoutSignature(raw, KEYS.IRIS_MERCHANT_KEY));
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ success: true, result: { outcome: 'COMPLETED' } });
    expect((await post(payoutSignature(raw, KEYS.IRIS_MERCHANT_KEY))).json).toMatchObject({
      success: true,
      result: { outcome: 'IGNORED' },
    });
    expect(await held(nos[0]!)).toMatchObject({ status: 'completed', transfer: 'PROCESSED' });
  });

  it('an account Iris does not know is left out with its answer', async () => {
    const [no] = await queuedPayouts(1);
    await account(no!, rekening('invalid'));
    await expect(sendPayoutBatch([no!], maker)).rejects.toMatchObject({
      code: 'BAD_INPUT',
      message: expect.stringContaining('rekening tidak valid: Rekening tidak valid menurut bank'),
    });
    expect(await held(no!)).toMatchObject({ status: 'queued' });
  });
});
