// @template year — a RECEIVED order of the demo

import type { APIContext } from 'astro';
import { createContext } from 'astro/middleware';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { safeLocalPath } from '../../src/lib/safe-redirect';
import ProfilePage from '../../src/pages/account/profile.astro';
import { POST as kodeEtik } from '../../src/pages/kode-etik';
import { getDb, selectRows } from '../../src/server/db/client';
import { members } from '../../src/server/db/schema';
import { resolveSession } from '../../src/server/services/auth/sessions';
import { createContainer } from './container';
import { memberId, sessionOf } from './helpers';
import { callRoute, ORIGIN } from './route-harness';

/** Issue #13 "business logic and input": redirects, body caps, hostile JSON, GET state changes. */

describe('the domicile fallback stays on the site', () => {
  it('paths a browser would take to another host, and control characters, are refused', () => {
    for (const hostile of [
      '/\t/evil.example',
      '/\\evil.example',
      '//evil.example',
      '/\n',
      '/a\r\nSet-Cookie: x=1',
      'https://evil.example/',
      '/%09/evil.example'.replace('%09', '\t'),
      '/\u0000',
    ]) {
      expect(safeLocalPath(hostile, ORIGIN), JSON.stringify(hostile)).toBeUndefined();
    }
  });

  it('a path of the site comes back as path and query of the site’s origin', () => {
    expect(safeLocalPath('/transaksi/order-transaksi?status=PAID', ORIGIN)).toBe('/transaksi/order-transaksi?status=PAID');
    expect(safeLocalPath('/report/../bonus', ORIGIN)).toBe('/bonus');
  });
});

describe('the profile page after a save with a hostile fallback', () => {
  it('%09 and %0a fallbacks: the profile is saved and the member stays on the site, no 500', async () => {
    const me = await sessionOf(memberId(284));
    const member = (await resolveSession(me.token))!;
    const container = await createContainer();
    for (const fallback of ['%2F%09%2Fevil.example', '%2F%0a', '%2Fa%0d%0aSet-Cookie:x=1', '%2F%5Cevil.example', '%2F%2Fevil.example']) {
      const body = new URLSearchParams({
        _action: 'profile',
        id: me.publicId,
        username: me.username,
        nama: 'Nama Uji',
        agama: 'ISLAM',
        status_kawin: 'KAWIN',
        propinsi_domisili: '35',
        kota_domisili: '35.78',
      });
      const request = new Request(`${ORIGIN}/account/profile?field=domisili&fallback=${fallback}`, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      const response = await container.renderToResponse(ProfilePage, { locals: { member }, request });
      expect(response.status, fallback).toBe(303);
      const location = response.headers.get('location') ?? '';
      expect(new URL(location, ORIGIN).origin, `${fallback} → ${location}`).toBe(ORIGIN);
      expect(location).toMatch(/^\/account\/profile/);
    }
  });
});

describe('/kode-etik reads its body with the cap', () => {
  it('a 200 MB chunked body is cut off near the 1 MB cap and answered with a flash, not buffered', async () => {
    const me = await sessionOf(memberId(281));
    const chunk = new Uint8Array(64 * 1024).fill(97);
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= 200 * 1024 * 1024) return controller.close();
        pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const request = new Request(`${ORIGIN}/kode-etik`, {
      method: 'POST',
      body,
      duplex: 'half',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
    } as RequestInit);
    const ctx = createContext({ request, params: {}, clientAddress: '192.0.2.81', defaultLocale: 'id' });
    ctx.locals.member = (await resolveSession(me.token))!;
    const response = await kodeEtik(ctx as unknown as APIContext);
    expect(response.status).toBe(303);
    expect(pulled).toBeLessThan(3 * 1024 * 1024);
    const flash = [...(ctx.cookies as unknown as { headers(): Iterable<string> }).headers()].join();
    expect(decodeURIComponent(flash)).toContain('Data yang dikirim terlalu besar');
  });
});

describe('hostile JSON', () => {
  it('a deeply nested body is a 400 with an Indonesian message, not a 500', async () => {
    const me = await sessionOf(memberId(282));
    const deep = `{"a":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    const result = await callRoute('/member/login', 'POST', { body: deep, clientAddress: '192.0.2.82' });
    expect(result.status).toBe(400);
    expect(result.json?.message).toBe('Format data tidak valid');
    const mine = await callRoute('/member/account/[id]', 'PUT', {
      params: { id: me.publicId },
      bearer: me.token,
      body: `{"nama":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`,
    });
    expect(mine.status).toBe(400);
  });
});

describe('GET state changes refuse cookie-authenticated cross-site requests', () => {
  it('resend-bank-validation from another site: 403, no mail; from our own page it is handled', async () => {
    const me = await sessionOf(memberId(283));
    const db = await getDb();
    await db.update(members).set({ noRekening: '1234567890', statusRekening: 'UNVERIFIED' }).where(eq(members.id, me.id));
    const mails = async () =>
      (await selectRows<{ n: number }>(db, sql`select count(*)::int as n from mail_outbox where "to" = ${me.email}`))[0]!.n;
    const before = await mails();
    for (const headers of [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example' },
    ] as Record<string, string>[]) {
      const result = await callRoute('/member/account/resend-bank-validation/[id]', 'GET', {
        params: { id: me.publicId },
        cookie: me.token,
        headers,
      });
      expect(result.status, JSON.stringify(headers)).toBe(403);
      expect(result.json?.message).toBe('Permintaan lintas situs ditolak');
    }
    expect(await mails()).toBe(before);
    const own = await callRoute('/member/account/resend-bank-validation/[id]', 'GET', {
      params: { id: me.publicId },
      cookie: me.token,
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(own.status).not.toBe(403);
  });

  it('process-selesai from another site is refused before the order is touched', async () => {
    const db = await getDb();
    const [order] = await selectRows<{ public_id: string; id_member: string; no_order: string }>(
      db,
      sql`
      select o.public_id::text as public_id, m.id_member, o.no_order from orders o join members m on m.id = o.member_id
      where o.status_order = 'RECEIVED' order by o.id desc limit 1`,
    );
    const owner = await sessionOf(order!.id_member);
    const result = await callRoute('/member/transaction/process-selesai/[id]', 'GET', {
      params: { id: order!.public_id },
      cookie: owner.token,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(result.status).toBe(403);
    const [after] = await selectRows<{ status_order: string }>(
      db,
      sql`select status_order from orders where public_id = ${order!.public_id}::uuid`,
    );
    expect(after!.status_order).toBe('RECEIVED');
  });
});
