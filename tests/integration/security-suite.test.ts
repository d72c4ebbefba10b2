// @template year — member B's orders, bonuses, payouts, returns and promo claims

import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import AddressPage from '../../src/pages/account/address.astro';
import OrderDetailPage from '../../src/pages/transaksi/order-transaksi/detail/[public_id].astro';
import { getDb, selectRows } from '../../src/server/db/client';
import { resolveSession } from '../../src/server/services/auth/sessions';
import { listTaxRows } from '../../src/server/services/bonus/tax-slips';
import { createContainer } from './container';
import { sessionOf } from './helpers';
import {
  type Call,
  type CallResult,
  callRoute,
  changedTables,
  discoverEndpoints,
  fingerprint,
  type Method,
  messageProblem,
} from './route-harness';

/**
 * The property-based security suite (issue #8): every endpoint under src/pages, found by globbing
 * the folder, is called through the real middleware by member A with
 *  - member B's ids: 401/403/404 (or a 4xx 'not in your network'), never B's data;
 *  - generated hostile input: 4xx with an Indonesian message, never a 5xx or a thrown exception,
 *    and the whole database unchanged (every table's row count and row versions, see fingerprint()).
 * A new endpoint file or method fails the coverage test until it has a sample below.
 */

// Tables that legitimately change while requests are refused, left out of the fingerprint:
// - sessions: every sign-in writes one, and sign-in sweeps expired rows at random;
// - login_attempts: the rate-limit counters (failed sign-ins, e-mail checks) are counted on
//   refused requests by design.
const VOLATILE = ['sessions', 'login_attempts'] as const;
// - payment_notifications: the webhook keeps every notification, valid or not, for audit.
// - audit_log: a refused operator sign-in (console or CLI token) is itself an audit row (issue #26).
const AUDIT_ONLY: Record<string, string[]> = {
  'POST /payment/notification': ['payment_notifications'],
  'POST /admin/api/token': ['audit_log'],
};

const SEED = Number(process.env.FC_SEED ?? 20261122);
const RUNS = Number(process.env.FC_RUNS ?? 25);

/** Everything the samples need: member A (a leaf with no downline), and objects owned by others. */
interface World {
  a: { token: string; publicId: string; idMember: string };
  b: { publicId: string; idMember: string; nama: string; username: string };
  order: { publicId: string; noOrder: string; noInvoice: string; ownerNama: string; ownerId: string };
  pending: { publicId: string; noOrder: string; ownerNama: string; ownerId: string };
  retur: { publicId: string; noRetur: string; ownerNama: string; ownerId: string };
  file: { publicId: string };
  address: { publicId: string; alamat: string; nama: string };
  bonus: { publicId: string };
  taxMonth: string;
  promo: { publicId: string; claimNo: string };
  product: string;
  warehouse: string;
  village: string;
  province: string;
  city: string;
  district: string;
}

let world: World;

type Input = 'none' | 'body' | 'query' | 'form' | 'multipart';

interface Sample {
  /** What the method reads besides path params. */
  input: Input;
  /** Path params for a call about A's own things (or a neutral id). */
  params?: (w: World) => Record<string, string>;
  /** A well-formed body or query (A's own ids). */
  valid?: (w: World) => Record<string, unknown>;
  /** Fields where any hostile value must be refused (ids, numbers, enums, patterns). */
  strict?: string[];
  /** Free-text fields: any short string may be valid, but not a 100 KB one, a NUL or another type. */
  text?: string[];
  /** Strict fields that may be left out. */
  optional?: string[];
  /** Arbitrary input may legitimately be answered 200 (optional filters, searches): only no 5xx and no change. */
  lenient?: boolean;
  /** Session: A's (default) or none (public endpoints). */
  anonymous?: boolean;
  /** The status the valid sample answers (default: below 400). */
  validStatus?: number;
  /** Member B's objects: the calls A makes with them. */
  foreign?: (w: World) => Array<{ call: Call; leak: string[]; allow200?: boolean }>;
}

const uuid0 = '00000000-0000-4000-8000-000000000000';
const bMemberFilter = (w: World) => ({ filter: JSON.stringify({ member: { in: [w.b.idMember] } }) });

/** One entry per endpoint method; the coverage test fails when a discovered one is missing. */
const SAMPLES: Record<string, Sample> = {
  'POST /daftar/api/gudang': { input: 'body', anonymous: true, valid: (w) => ({ carts: [{ id: w.product, qty: 1 }] }), strict: ['carts'] },
  'POST /daftar/api/mail-check': {
    input: 'body',
    anonymous: true,
    valid: () => ({ email: 'calon.baru.suite@example.com' }),
    strict: ['email'],
  },
  'GET /daftar/api/payment-method': { input: 'none', anonymous: true },
  // The proxy's and operator's signals (issue #24): no session; /metrics refuses a non-local caller as 404.
  'GET /healthz': { input: 'none', anonymous: true },
  'GET /readyz': { input: 'none', anonymous: true },
  'GET /metrics': { input: 'none', anonymous: true, validStatus: 404 },
  'POST /daftar/api/payment': {
    input: 'body',
    anonymous: true,
    valid: () => ({ public_id: uuid0 }),
    strict: ['public_id'],
    validStatus: 404,
    // A member's own (non-referral) order is not payable through the public page, whoever asks.
    foreign: (w) => [
      { call: { body: { public_id: w.pending.publicId } }, leak: [w.pending.noOrder, w.pending.ownerNama, w.pending.ownerId] },
    ],
  },
  'GET /daftar/api/payment': {
    input: 'query',
    anonymous: true,
    valid: () => ({ public_id: uuid0 }),
    strict: ['public_id'],
    validStatus: 404,
    // A member's own (non-referral) order is not readable through the public page.
    foreign: (w) => [
      { call: { query: { public_id: w.pending.publicId } }, leak: [w.pending.noOrder, w.pending.ownerNama, w.pending.ownerId] },
    ],
  },
  'GET /daftar/api/product': { input: 'none', anonymous: true },
  'GET /daftar/api/settings': { input: 'none', anonymous: true },
  'POST /daftar/api/shipping-city': {
    input: 'body',
    anonymous: true,
    valid: (w) => ({ province_id: w.province }),
    strict: ['province_id'],
  },
  'POST /daftar/api/shipping-cost': {
    input: 'body',
    anonymous: true,
    valid: (w) => ({ kelurahan_id: w.village, weight: 1000, gudang_id: w.warehouse }),
    strict: ['kelurahan_id', 'weight', 'gudang_id'],
  },
  'POST /daftar/api/shipping-district': { input: 'body', anonymous: true, valid: (w) => ({ city_id: w.city }), strict: ['city_id'] },
  'POST /daftar/api/shipping-province': { input: 'none', anonymous: true },
  'POST /daftar/api/shipping-subdistrict': {
    input: 'body',
    anonymous: true,
    valid: (w) => ({ district_id: w.district }),
    strict: ['district_id'],
  },
  'POST /daftar/api/username-check': {
    input: 'body',
    anonymous: true,
    lenient: true,
    valid: () => ({ check: { username: 'calonbaru77', fullName: 'Calon Baru' } }),
    strict: ['check'],
  },
  'POST /daftar/transaction': {
    input: 'body',
    anonymous: true,
    valid: (w) => ({
      client_ref: 'suite-ref-0001',
      id_gudang: w.warehouse,
      details: [{ id: w.product, qty: 1 }],
      payment_method: 'bca_va',
      ekspedisi: 'jne|REG',
      join_member: true,
      joinme: 'TIDAKADA',
      kirim: { nama: 'Calon', phone: '081234567890', alamat: 'Jl. Mawar 1', kelurahan_id: w.village },
    }),
    strict: ['client_ref', 'id_gudang', 'details', 'payment_method', 'joinme', 'kirim'],
    validStatus: 404,
  },
  'POST /kode-etik': {
    input: 'form',
    valid: (w) => ({ id: w.a.publicId, agree: 'on' }),
    strict: ['id'],
    validStatus: 303,
    foreign: (w) => [
      {
        call: { body: new URLSearchParams({ id: w.b.publicId, agree: 'on' }).toString(), contentType: 'application/x-www-form-urlencoded' },
        leak: [w.b.nama],
        allow200: true,
      },
    ],
  },
  'POST /logout': { input: 'none', validStatus: 303 },
  // Console endpoints: a member (cookie or bearer) or no session is sent to the operator sign-in.
  'GET /admin/keuangan/batch/[no]': { input: 'none', anonymous: true, params: () => ({ no: 'BATCH-TIDAK-ADA' }), validStatus: 302 },
  'GET /admin/keuangan/pajak/bukti/[nomor]': { input: 'none', anonymous: true, params: () => ({ nomor: 'TIDAK-ADA' }), validStatus: 302 },
  'GET /admin/keuangan/pajak/ekspor': {
    input: 'query',
    anonymous: true,
    lenient: true,
    valid: () => ({ tahun: '2026', masa: '1' }),
    validStatus: 302,
  },
  'GET /admin/audit/csv': {
    input: 'query',
    anonymous: true,
    lenient: true,
    valid: () => ({ operator: 'cs', action: 'member:view', from: '2026-01-01', to: '2026-12-31' }),
    validStatus: 302,
  },
  'GET /admin/keuangan/pajak/coretax': {
    input: 'query',
    anonymous: true,
    lenient: true,
    valid: () => ({ tahun: '2026', masa: '1' }),
    validStatus: 302,
  },
  // The CLI's operator API: without an operator's bearer token a 401 in JSON; the token call checks credentials.
  'POST /admin/api/token': {
    input: 'body',
    anonymous: true,
    valid: () => ({ username: 'gudang', password: 'bukan-sandinya-123' }),
    strict: ['username', 'password'],
    validStatus: 401,
  },
  'DELETE /admin/api/token': { input: 'none', anonymous: true },
  'GET /admin/api/backup': { input: 'none', anonymous: true, validStatus: 401 },
  'GET /admin/api/pajak-ekspor': {
    input: 'query',
    anonymous: true,
    lenient: true,
    valid: () => ({ tahun: '2026', masa: '1', format: 'xml' }),
    validStatus: 401,
  },
  'POST /admin/api/ops': {
    input: 'body',
    anonymous: true,
    lenient: true,
    valid: () => ({ argv: ['order:pack', 'ORD-X'] }),
    validStatus: 401,
  },
  'GET /admin/orders/cetak': {
    input: 'query',
    anonymous: true,
    lenient: true,
    valid: () => ({ jenis: 'label', no_order: 'ORD-X' }),
    validStatus: 302,
  },
  'GET /admin/retur/file/[id]': { input: 'none', anonymous: true, params: () => ({ id: uuid0 }), validStatus: 302 },
  'GET /member/account/[id]': {
    input: 'none',
    params: () => ({ id: 'profile' }),
    foreign: (w) => [{ call: { params: { id: w.b.publicId } }, leak: [w.b.nama, w.b.idMember] }],
  },
  'PUT /member/account/[id]': {
    input: 'body',
    params: (w) => ({ id: w.a.publicId }),
    valid: () => ({
      username: 'suiteanggota',
      nama: 'Anggota Suite',
      agama: 'ISLAM',
      status_kawin: 'BELUM KAWIN',
      propinsi_domisili: '31',
      kota_domisili: '31.71',
    }),
    strict: ['username', 'nama', 'agama', 'status_kawin', 'propinsi_domisili', 'kota_domisili', 'nomor_identitas', 'tgl_lahir', 'kode_pos'],
    optional: ['nomor_identitas', 'tgl_lahir', 'kode_pos'],
    foreign: (w) => [
      {
        call: {
          params: { id: w.b.publicId },
          body: {
            username: 'suiteanggota',
            nama: 'Anggota Suite',
            agama: 'ISLAM',
            status_kawin: 'BELUM KAWIN',
            propinsi_domisili: '31',
            kota_domisili: '31.71',
          },
        },
        leak: [w.b.nama],
      },
    ],
  },
  'PUT /member/account/change-password': {
    input: 'body',
    valid: () => ({ password_lama: 'salahsekali', password_baru: 'BaruSekali#1', rpassword_baru: 'BaruSekali#1' }),
    strict: ['password_baru', 'rpassword_baru'],
    validStatus: 400,
  },
  'PUT /member/account/kode-etik/[id]': {
    input: 'body',
    params: (w) => ({ id: w.a.publicId }),
    valid: () => ({ status_kodeetik: true }),
    strict: [],
    foreign: (w) => [{ call: { params: { id: w.b.publicId }, body: { status_kodeetik: true } }, leak: [w.b.nama] }],
  },
  'PUT /member/account/npwp/[id]': {
    input: 'body',
    params: (w) => ({ id: w.a.publicId }),
    valid: () => ({ npwp: '123456789012345', nama_pemegang_pajak: 'Anggota Suite' }),
    strict: ['npwp', 'nama_pemegang_pajak'],
    foreign: (w) => [
      { call: { params: { id: w.b.publicId }, body: { npwp: '123456789012345', nama_pemegang_pajak: 'Anggota Suite' } }, leak: [w.b.nama] },
    ],
  },
  'PUT /member/account/pewaris/[id]': {
    input: 'body',
    params: (w) => ({ id: w.a.publicId }),
    valid: () => ({ nama_lengkap_pewaris: 'Ahli Waris', hubungan_pewaris: 'Anak' }),
    strict: ['no_nik_passpor_penerima', 'nama_lengkap_pewaris', 'no_mobile_pewaris'],
    optional: ['no_nik_passpor_penerima', 'nama_lengkap_pewaris', 'no_mobile_pewaris'],
    foreign: (w) => [
      { call: { params: { id: w.b.publicId }, body: { nama_lengkap_pewaris: 'Ahli Waris', hubungan_pewaris: 'Anak' } }, leak: [w.b.nama] },
    ],
  },
  'PUT /member/account/rekening/[id]': {
    input: 'body',
    params: (w) => ({ id: w.a.publicId }),
    valid: () => ({ nama_rekening: 'Anggota Suite', no_rekening: '1234567890', kode_bank: '014' }),
    strict: ['nama_rekening', 'no_rekening', 'kode_bank'],
    foreign: (w) => [
      {
        call: { params: { id: w.b.publicId }, body: { nama_rekening: 'Anggota Suite', no_rekening: '1234567890', kode_bank: '014' } },
        leak: [w.b.nama],
      },
    ],
  },
  'GET /member/account/resend-bank-validation/[id]': {
    input: 'none',
    params: (w) => ({ id: w.a.publicId }),
    foreign: (w) => [{ call: { params: { id: w.b.publicId } }, leak: [w.b.nama] }],
  },
  'GET /member/account/resend-npwp-validation/[id]': {
    input: 'none',
    params: (w) => ({ id: w.a.publicId }),
    foreign: (w) => [{ call: { params: { id: w.b.publicId } }, leak: [w.b.nama] }],
  },
  'PUT /member/account/set-withdrawals/[id]': {
    input: 'body',
    params: (w) => ({ id: w.a.publicId }),
    valid: () => ({ auto_widraw: false }),
    strict: ['auto_widraw'],
    foreign: (w) => [{ call: { params: { id: w.b.publicId }, body: { auto_widraw: true } }, leak: [w.b.nama] }],
  },
  'POST /member/account/validate-bank': {
    input: 'body',
    anonymous: true,
    valid: () => ({ token: 'token-yang-tidak-ada' }),
    strict: ['token'],
    validStatus: 400,
  },
  'POST /member/account/validate-npwp': {
    input: 'body',
    anonymous: true,
    valid: () => ({ token: 'token-yang-tidak-ada' }),
    strict: ['token'],
    validStatus: 400,
  },
  'GET /member/bonus': {
    input: 'query',
    lenient: true,
    valid: () => ({ page: '1', filter: JSON.stringify({ tanggal: { between: ['2026-01-01', '2026-01-31'] } }) }),
  },
  'GET /member/bonus/payout': { input: 'query', lenient: true, valid: () => ({ page: '1' }) },
  'POST /member/bonus/payout': {
    input: 'body',
    valid: () => ({ bonus_ids: [uuid0] }),
    strict: ['bonus_ids'],
    validStatus: 400,
    foreign: (w) => [{ call: { body: { bonus_ids: [w.bonus.publicId] } }, leak: [w.b.nama] }],
  },
  'GET /member/bonus/unpayout': { input: 'none' },
  'GET /member/dashboard': { input: 'none' },
  'GET /member/dashboard/banner-promo': { input: 'none' },
  'GET /member/dashboard/banner/[name]': { input: 'none', params: () => ({ name: 'dashboard' }), lenient: true },
  'POST /member/forgot-password': {
    input: 'body',
    anonymous: true,
    lenient: true,
    valid: () => ({ username_or_id: 'tidakadaorangnya' }),
    strict: ['username_or_id'],
  },
  'POST /member/gudang': { input: 'body', valid: (w) => ({ carts: [{ id: w.product, qty: 1 }] }), strict: ['carts'] },
  'GET /member/list-bank': { input: 'none' },
  'POST /member/login': {
    input: 'body',
    anonymous: true,
    valid: () => ({ username: 'tidakadaorangnya', password: 'salah' }),
    strict: ['username', 'password'],
    validStatus: 401,
  },
  'POST /member/logout': { input: 'none' },
  'POST /member/mail/check': { input: 'body', valid: () => ({ email: 'calon.baru.suite2@example.com' }), strict: ['email'] },
  'GET /member/news': { input: 'query', lenient: true, valid: () => ({ page: '1', page_size: '5' }) },
  'GET /member/opt/downline': {
    input: 'query',
    lenient: true,
    valid: () => ({ search: 'budi' }),
    foreign: (w) => [
      { call: { query: { search: w.b.idMember } }, leak: [w.b.idMember, w.b.nama], allow200: true },
      { call: { query: { search: w.b.username } }, leak: [w.b.idMember, w.b.nama], allow200: true },
    ],
  },
  'POST /member/opt/username-check': {
    input: 'body',
    lenient: true,
    valid: () => ({ check: { username: 'calonbaru77', fullName: 'Calon Baru' } }),
    strict: ['check'],
  },
  'GET /member/payment-method': { input: 'none' },
  'POST /member/payment': {
    input: 'body',
    valid: () => ({ no_order: 'TIDAK-ADA-1' }),
    strict: ['no_order'],
    validStatus: 404,
    foreign: (w) => [
      { call: { body: { no_order: w.pending.noOrder } }, leak: [w.pending.ownerNama, w.pending.publicId, w.pending.ownerId] },
    ],
  },
  'GET /member/product': { input: 'query', lenient: true, valid: () => ({ jenis: 'repeat-order' }) },
  'GET /member/promo/[id]': {
    input: 'none',
    params: (w) => ({ id: w.promo.publicId }),
    lenient: true,
    // A's view of a promo B claimed: A's own qualification only, never B's claim.
    foreign: (w) => [{ call: { params: { id: w.promo.publicId } }, leak: [w.promo.claimNo, w.b.nama], allow200: true }],
  },
  'POST /member/promo/claim': { input: 'body', valid: () => ({ promo_id: uuid0 }), strict: ['promo_id'], validStatus: 404 },
  'GET /member/promo/opt': { input: 'query', valid: () => ({ periode_status: 'active' }), strict: ['periode_status'] },
  'GET /member/reports/annual-pairing': { input: 'none' },
  'GET /member/reports/bonus-bulanan': {
    input: 'query',
    lenient: true,
    valid: () => ({ filter: JSON.stringify({ tanggal: { between: ['2026-01-01', '2026-03-31'] } }) }),
  },
  'GET /member/reports/bonus-harian': {
    input: 'query',
    lenient: true,
    valid: () => ({ filter: JSON.stringify({ tanggal: { between: ['2026-01-01', '2026-01-31'] } }) }),
  },
  'GET /member/reports/downline-report': {
    input: 'query',
    lenient: true,
    valid: () => ({ page: '1' }),
    foreign: (w) => [{ call: { query: { cariNama: w.b.nama } }, leak: [w.b.idMember], allow200: true }],
  },
  'GET /member/reports/download-bupot/[id]': {
    input: 'none',
    params: () => ({ id: '1999-01' }),
    validStatus: 404,
    foreign: (w) => [{ call: { params: { id: w.taxMonth } }, leak: [w.b.nama, w.b.idMember] }],
  },
  'GET /member/reports/omset': {
    input: 'query',
    lenient: true,
    valid: () => ({ jenisOmset: 'pribadi', filter: JSON.stringify({ tgl_invoice: { between: ['2026-01-01', '2026-01-31'] } }) }),
  },
  'GET /member/reports/pph': { input: 'query', lenient: true, valid: () => ({ year: '2026' }) },
  'GET /member/reports/redemption-statement': {
    input: 'query',
    lenient: true,
    valid: () => ({ filter: JSON.stringify({ completed_at: { between: ['2026-01-01', '2026-01-31'] } }) }),
  },
  'GET /member/reports/sub-tree': {
    input: 'query',
    lenient: true,
    valid: (w) => ({ cariId: w.a.idMember }),
    foreign: (w) => [{ call: { query: { cariId: w.b.idMember } }, leak: [w.b.nama] }],
  },
  'GET /member/reports/tree': {
    input: 'query',
    lenient: true,
    valid: (w) => ({ cariId: w.a.idMember, level: '3' }),
    foreign: (w) => [
      { call: { query: { cariId: w.b.idMember } }, leak: [w.b.nama] },
      { call: { query: { cariId: w.b.username } }, leak: [w.b.nama] },
    ],
  },
  'POST /member/reset-password': {
    input: 'body',
    anonymous: true,
    valid: () => ({ token: 'tidak-ada', password: 'BaruSekali#1', rpassword: 'BaruSekali#1' }),
    strict: ['token', 'password', 'rpassword'],
    validStatus: 400,
  },
  'GET /member/settings': { input: 'none' },
  'PUT /member/shipping-address/[id]': {
    input: 'body',
    params: () => ({ id: uuid0 }),
    validStatus: 404,
    valid: (w) => ({ label: 'Rumah', nama: 'Anggota Suite', phone: '081234567890', alamat: 'Jl. Melati 2', kelurahan_id: w.village }),
    strict: ['phone', 'kelurahan_id', 'kode_pos'],
    text: ['label', 'nama', 'alamat'],
    optional: ['kode_pos'],
    foreign: (w) => [
      {
        call: {
          params: { id: w.address.publicId },
          body: { label: 'Rumah', nama: 'Anggota Suite', phone: '081234567890', alamat: 'Jl. Melati 2', kelurahan_id: w.village },
        },
        leak: [w.address.alamat, w.address.nama],
      },
    ],
  },
  'DELETE /member/shipping-address/[id]': {
    input: 'none',
    params: () => ({ id: uuid0 }),
    validStatus: 404,
    foreign: (w) => [{ call: { params: { id: w.address.publicId } }, leak: [w.address.alamat, w.address.nama] }],
  },
  'GET /member/shipping-address': { input: 'none' },
  'POST /member/shipping-address': {
    input: 'body',
    valid: (w) => ({ label: 'Kantor', nama: 'Anggota Suite', phone: '081234567890', alamat: 'Jl. Kenanga 3', kelurahan_id: w.village }),
    strict: ['phone', 'kelurahan_id', 'kode_pos'],
    text: ['label', 'nama', 'alamat'],
    optional: ['kode_pos'],
  },
  'POST /member/shipping-city': { input: 'body', valid: (w) => ({ province_id: w.province }), strict: ['province_id'] },
  'POST /member/shipping-cost': {
    input: 'body',
    valid: (w) => ({ kelurahan_id: w.village, weight: 1000, gudang_id: w.warehouse }),
    strict: ['kelurahan_id', 'weight', 'gudang_id'],
  },
  'POST /member/shipping-district': { input: 'body', valid: (w) => ({ city_id: w.city }), strict: ['city_id'] },
  'POST /member/shipping-province': { input: 'none' },
  'POST /member/shipping-subdistrict': { input: 'body', valid: (w) => ({ district_id: w.district }), strict: ['district_id'] },
  'POST /member/shipping-waybill': {
    input: 'body',
    valid: () => ({ public_id: uuid0, waybill: 'JNE123', courier: 'jne' }),
    strict: ['public_id', 'waybill', 'courier'],
    validStatus: 404,
    foreign: (w) => [
      {
        call: { body: { public_id: w.order.publicId, waybill: 'JNE123', courier: 'jne' } },
        leak: [w.order.noOrder, w.order.ownerNama, w.order.ownerId],
      },
    ],
  },
  'GET /member/stokis': { input: 'query', lenient: true, valid: () => ({ month: '1', year: '2026' }), validStatus: 403 },
  'GET /member/transaction/[id]': {
    input: 'none',
    params: () => ({ id: uuid0 }),
    validStatus: 404,
    foreign: (w) => [
      { call: { params: { id: w.order.publicId } }, leak: [w.order.noOrder, w.order.ownerNama, w.order.ownerId] },
      { call: { params: { id: w.order.noOrder } }, leak: [w.order.publicId, w.order.ownerNama, w.order.ownerId] },
    ],
  },
  'GET /member/transaction': {
    input: 'query',
    lenient: true,
    valid: () => ({ page: '1' }),
    foreign: (w) => [
      { call: { query: bMemberFilter(w) }, leak: [w.order.noOrder, w.b.nama], allow200: true },
      { call: { query: { search: w.order.noOrder } }, leak: [w.order.noOrder, w.order.ownerNama, w.order.ownerId], allow200: true },
    ],
  },
  'POST /member/transaction': {
    input: 'body',
    valid: (w) => ({
      client_ref: 'suite-ref-0002',
      id_gudang: w.warehouse,
      details: [{ id: w.product, qty: 1 }],
      payment_method: 'bca_va',
      is_ro: true,
      pickup_store: true,
    }),
    strict: ['client_ref', 'id_gudang', 'details', 'payment_method'],
  },
  'GET /member/transaction/process-selesai/[id]': {
    input: 'query',
    params: () => ({ id: uuid0 }),
    valid: () => ({ no_order: 'TIDAK-ADA-1' }),
    strict: [],
    validStatus: 404,
    foreign: (w) => [
      { call: { params: { id: w.order.publicId } }, leak: [w.order.noOrder, w.order.ownerNama, w.order.ownerId] },
      { call: { params: { id: w.order.publicId }, query: { no_order: w.order.noOrder } }, leak: [w.order.ownerNama, w.order.ownerId] },
    ],
  },
  // A public banner image (the carousel); unknown names 404.
  'GET /banners/unggah/[name]': {
    input: 'none',
    anonymous: true,
    params: () => ({ name: '20260101-00000000000000000000000000000000.png' }),
    validStatus: 404,
  },
  // A public product picture (the order screens); unknown names 404.
  'GET /products/unggah/[name]': {
    input: 'none',
    anonymous: true,
    params: () => ({ name: '20260101-00000000000000000000000000000000.png' }),
    validStatus: 404,
  },
  'GET /member/transaction/retur-able': { input: 'none' },
  'GET /member/transaction/retur/[id]': {
    input: 'none',
    params: () => ({ id: uuid0 }),
    validStatus: 404,
    foreign: (w) => [{ call: { params: { id: w.retur.publicId } }, leak: [w.retur.noRetur, w.retur.ownerNama, w.retur.ownerId] }],
  },
  'GET /member/transaction/retur/file/[id]': {
    input: 'none',
    params: () => ({ id: uuid0 }),
    validStatus: 404,
    foreign: (w) => [{ call: { params: { id: w.file.publicId } }, leak: [w.retur.noRetur] }],
  },
  'GET /member/transaction/retur': { input: 'query', lenient: true, valid: () => ({ page: '1' }) },
  'POST /member/transaction/retur': {
    input: 'multipart',
    validStatus: 404,
    valid: (_w) => ({
      no_invoice: 'INV-TIDAK-ADA',
      deskripsi: 'Barang rusak',
      same_address: 'true',
      details: JSON.stringify([{ detail_id: uuid0, qty: 1 }]),
    }),
    strict: ['no_invoice', 'details'],
    foreign: (w) => [
      {
        call: {
          body: evidenceForm({
            no_invoice: w.order.noInvoice,
            deskripsi: 'Barang rusak',
            same_address: 'true',
            details: JSON.stringify([{ detail_id: uuid0, qty: 1 }]),
          }),
        },
        leak: [w.order.noOrder, w.order.ownerNama, w.order.ownerId],
      },
    ],
  },
  'POST /member/transaction/retur/resi': {
    input: 'body',
    valid: () => ({ public_id: uuid0, ekspedisi: 'jne', resi: 'JNE123' }),
    strict: ['public_id', 'ekspedisi', 'resi'],
    validStatus: 404,
    foreign: (w) => [
      {
        call: { body: { public_id: w.retur.publicId, ekspedisi: 'jne', resi: 'JNE123' } },
        leak: [w.retur.noRetur, w.retur.ownerNama, w.retur.ownerId],
      },
    ],
  },
  'POST /payment/notification': {
    input: 'body',
    anonymous: true,
    validStatus: 403,
    valid: (w) => ({
      order_id: w.pending.noOrder,
      status_code: '200',
      gross_amount: '100000.00',
      signature_key: 'a'.repeat(128),
      transaction_status: 'settlement',
    }),
    strict: ['order_id', 'status_code', 'signature_key', 'transaction_status'],
  },
  // Issue #25: the disbursement provider's webhook; without a valid Iris-Signature header: 403, nothing changes.
  'POST /payout/notification': {
    input: 'body',
    anonymous: true,
    validStatus: 403,
    valid: () => ({ reference_no: 'SIM0000000000000000', amount: '100000.00', status: 'completed', updated_at: '2026-11-26T10:00:00Z' }),
    strict: ['reference_no', 'amount', 'status'],
  },
};

/** A 1x1 PNG: evidence files are sniffed by their first bytes. */
const PNG = Uint8Array.from(
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'),
);

function evidenceForm(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (let i = 0; i < 3; i++) form.append('files', new Blob([PNG], { type: 'image/png' }), `bukti${i}.png`);
  return form;
}

// ---------------------------------------------------------------------------------------------
// Hostile values

const SQL = [
  "' or 1=1--",
  "'; drop table members;--",
  "1' union select password_hash from members--",
  '" or ""="',
  "admin'--",
  '1; select pg_sleep(5)--',
];
const HTML = ['<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', '<svg/onload=alert(1)>', 'javascript:alert(1)'];
// biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as text on purpose
const ODD = ['\u0000', 'a\u0000b', '\uFEFF', '\uD800', '😀'.repeat(20), 'e\u0301', '../../etc/passwd', '%00', '${7*7}', '{{7*7}}', ' ', ''];
const NUMBERS: unknown[] = [
  -1,
  -0.5,
  0.5,
  1.5,
  1e21,
  -1e21,
  2 ** 63,
  1.7976931348623157e308,
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '0x10',
  '1,5',
  '-0',
  '١٢٣',
];
const HUGE = 'A'.repeat(100_000);

/** A value no strict field (id, number, enum, pattern) may accept. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...SQL),
  fc.constantFrom(...HTML),
  fc.constantFrom(...ODD),
  fc.constantFrom(...NUMBERS),
  fc.constant(HUGE),
  fc.constantFrom(null, {}, [], [[]], { $gt: '' }),
  fc.string({ maxLength: 30 }).map((s) => `' or '${s}'='${s}`),
  fc.string({ maxLength: 30 }).map((s) => `<b onmouseover=x>${s}`),
  fc.string({ unit: 'grapheme', maxLength: 30 }).map((s) => `\u0000${s}`),
  fc.integer({ max: -1 }),
  fc.double({ noNaN: true }).filter((d) => !Number.isInteger(d)),
);

/** A value no free-text field may accept: too long, NUL, or not a string at all. */
const hostileText: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(HUGE),
  fc.constantFrom(null, {}, [], 12.5, -1, true),
  fc.string({ maxLength: 30 }).map((s) => `${s}\u0000${s}`),
  fc.string({ minLength: 1, maxLength: 20 }).map((s) => s.repeat(Math.ceil(5000 / s.length))),
);

/** Bodies broken as a whole: not JSON, not an object, the wrong content type. */
const RAW_BODIES: Array<{ body: string; contentType: string }> = [
  { body: '{', contentType: 'application/json' },
  { body: '{"a":', contentType: 'application/json' },
  { body: 'null', contentType: 'application/json' },
  { body: '[]', contentType: 'application/json' },
  { body: '"teks"', contentType: 'application/json' },
  { body: '1e999', contentType: 'application/json' },
  { body: `{"x":"${'A'.repeat(1_100_000)}"}`, contentType: 'application/json' },
  { body: '<xml/>', contentType: 'application/xml' },
  { body: '{"a":1}', contentType: 'text/plain' },
  { body: '--batas\r\nrusak', contentType: 'multipart/form-data' },
  { body: '--batas\r\nContent-Disposition: form-data; name="x"\r\n\r\n', contentType: 'multipart/form-data; boundary=batas' },
  { body: '%%%=&&=%zz', contentType: 'application/x-www-form-urlencoded' },
];

const QUERY_KEYS = [
  'page',
  'page_size',
  'filter',
  'search',
  'sort',
  'orderby',
  'order',
  'year',
  'month',
  'cariId',
  'cariNama',
  'level',
  'jenis',
  'jenisOmset',
  'periode_status',
  'status',
  'member',
  'no_order',
  'from',
  'to',
  'summary',
  'exportcsv',
];
const hostileFilter = fc.oneof(
  fc.constantFrom(
    '{',
    '[]',
    'null',
    '{"tanggal":{"between":"x"}}',
    '{"tanggal":{"between":[1,2]}}',
    `{"tanggal":{"between":["' or 1=1--","x"]}}`,
    '{"status_order":{"in":"PAID"}}',
    '{"member":{"in":[{"$ne":1}]}}',
    '{"tgl_order":{"between":["2026-13-45","2026-99-99"]}}',
    '{"page":-1,"posisiMember":5}',
  ),
  hostileValue.map((v) =>
    JSON.stringify({
      tanggal: { between: [v, v] },
      tgl_order: { between: [v, v] },
      completed_at: { between: [v, v] },
      tgl_invoice: { between: [v, v] },
    }),
  ),
);
const asQueryString = (v: unknown): string => (typeof v === 'string' ? v : (JSON.stringify(v) ?? 'undefined'));

interface Generated {
  call: Call;
  what: string;
  lenient?: boolean;
}

function bodyCases(sample: Sample, w: World): fc.Arbitrary<Generated> {
  const base = sample.valid?.(w) ?? {};
  const strict = sample.strict ?? [];
  const raw = fc
    .constantFrom(...RAW_BODIES)
    .map((r): Generated => ({ call: { body: r.body, contentType: r.contentType }, what: `raw ${r.contentType} ${r.body.slice(0, 40)}` }));
  if (strict.length === 0) return raw;
  const mutated = fc
    .record({
      field: fc.constantFrom(...strict, ...(sample.text ?? [])),
      value: hostileValue,
      textValue: hostileText,
      extra: fc.option(fc.dictionary(fc.string({ maxLength: 10 }), hostileValue, { maxKeys: 3 }), { nil: undefined }),
      missing: fc.boolean(),
    })
    .map(({ field, value, textValue, extra, missing }): Generated => {
      const body: Record<string, unknown> = { ...extra, ...base };
      const isText = sample.text?.includes(field) ?? false;
      if (isText) value = textValue;
      if (missing && field in base && !isText && !sample.optional?.includes(field)) delete body[field];
      else body[field] = value;
      return { call: { body }, what: `${field}=${missing ? '(missing)' : JSON.stringify(value)?.slice(0, 60)}` };
    });
  return fc.oneof({ arbitrary: mutated, weight: 4 }, { arbitrary: raw, weight: 1 });
}

function encodeAs(sample: Sample, g: Generated): Generated {
  const body = g.call.body;
  if (!body || typeof body !== 'object' || body instanceof FormData) return g;
  const flat = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
  if (sample.input === 'form') {
    return {
      ...g,
      call: {
        ...g.call,
        body: new URLSearchParams(Object.entries(body).map(([k, v]) => [k, flat(v)])).toString(),
        contentType: 'application/x-www-form-urlencoded',
      },
    };
  }
  if (sample.input === 'multipart') {
    const form = new FormData();
    for (const [k, v] of Object.entries(body)) form.append(k, flat(v));
    return { ...g, call: { ...g.call, body: form } };
  }
  return g;
}

function queryCases(sample: Sample, w: World): fc.Arbitrary<Generated> {
  const base = (sample.valid?.(w) ?? {}) as Record<string, string>;
  const strict = sample.strict ?? [];
  const keys = [...new Set([...Object.keys(base), ...QUERY_KEYS])];
  return fc
    .record({
      params: fc.array(fc.tuple(fc.constantFrom(...keys), fc.oneof(hostileValue.map(asQueryString), hostileFilter)), {
        minLength: 1,
        maxLength: 4,
      }),
      field: strict.length ? fc.option(fc.constantFrom(...strict), { nil: undefined }) : fc.constant(undefined),
      value: hostileValue.map(asQueryString),
    })
    .map(({ params, field, value }): Generated => {
      const query: Record<string, string | string[]> = { ...base };
      for (const [k, v] of params) query[k] = v;
      if (field) query[field] = value;
      // Unknown or optional parameters may be ignored: only a broken strict one must be refused.
      return { call: { query }, what: `query ${JSON.stringify(query).slice(0, 120)}`, lenient: !field };
    });
}

/** Hostile path params (ids): SQL, HTML, NUL, huge, traversal. */
const paramCase = (name: string): fc.Arbitrary<Generated> =>
  hostileValue
    .map(asQueryString)
    .filter((v) => v.length > 0)
    .map((v) => ({ call: { params: { [name]: v } }, what: `param ${name}=${v.slice(0, 60)}` }));

// ---------------------------------------------------------------------------------------------

const counts = { endpoints: 0, foreignCalls: 0, pages: 0, generated: 0, formCases: 0, foreignStatuses: {} as Record<number, number> };

/** A verified bank account, so a payout of B's bonuses reaches the ownership check. */
async function verifyBankOf(idMember: string): Promise<void> {
  await (await getDb()).execute(sql`update members set status_rekening = 'VERIFIED', kode_bank = '014', no_rekening = '1234567890',
    nama_rekening = 'Anggota Suite' where id_member = ${idMember}`);
}

async function buildWorld(): Promise<World> {
  const db = await getDb();
  const one = async <T>(query: ReturnType<typeof sql>): Promise<T> => {
    const [row] = await selectRows<T>(db, query);
    if (!row) throw new Error('the demo data lacks a row this suite needs (see buildWorld)');
    return row;
  };
  // A: a generated member with nobody below, so every other member's objects are "not yours".
  const a = await one<{ id_member: string; public_id: string }>(sql`
    select m.id_member, m.public_id::text as public_id from members m
    where m.id_member > '1000000150' and m.propinsi_domisili is not null and m.status_kodeetik and not m.stokis
      and not exists (select 1 from members c where c.upline_id = m.id) and not exists (select 1 from members s where s.sponsor_id = m.id)
    order by m.id_member limit 1`);
  await verifyBankOf(a.id_member);
  const aSession = await sessionOf(a.id_member);
  const b = await one<{ id_member: string; public_id: string; nama: string; username: string }>(sql`
    select id_member, public_id::text as public_id, nama, username from members where id_member = '1000000001'`);
  const order = await one<{ public_id: string; no_order: string; no_invoice: string; nama: string; id_member: string }>(sql`
    select o.public_id::text as public_id, o.no_order, o.no_invoice, m.nama, m.id_member from orders o join members m on m.id = o.member_id
    where o.status_order = 'RECEIVED' and m.id_member <> ${a.id_member} and o.no_invoice is not null order by o.id limit 1`);
  const pending = await one<{ public_id: string; no_order: string; nama: string; id_member: string }>(sql`
    select o.public_id::text as public_id, o.no_order, m.nama, m.id_member from orders o join members m on m.id = o.member_id
    where o.status_order = 'PENDING' and m.id_member <> ${a.id_member} and not o.via_referral order by o.id limit 1`);
  const retur = await one<{ public_id: string; no_retur: string; nama: string; id_member: string; file: string }>(sql`
    select r.public_id::text as public_id, r.no_retur, m.nama, m.id_member, f.public_id::text as file from retur_jual r join members m on m.id = r.member_id
    join retur_jual_files f on f.retur_id = r.id where r.status = 'APPROVED' and m.id_member <> ${a.id_member} order by r.id limit 1`);
  const address = await one<{ public_id: string; alamat: string; nama: string }>(sql`
    select s.public_id::text as public_id, s.alamat, s.nama from shipping_addresses s join members m on m.id = s.member_id
    where m.id_member <> ${a.id_member} order by s.id limit 1`);
  const bonus = await one<{ public_id: string }>(sql`
    select bo.public_id::text as public_id from bonuses bo join members m on m.id = bo.member_id
    where m.id_member = ${b.id_member} and bo.payout_id is null order by bo.id limit 1`);
  const promo = await one<{ public_id: string; no: string }>(sql`
    select p.public_id::text as public_id, c.no from promo_claims c join promos p on p.id = c.promo_id join members m on m.id = c.member_id
    where m.id_member = '1000000002' order by c.id limit 1`);
  const bSession = await resolveSession((await sessionOf(b.id_member)).token);
  const taxRows = await listTaxRows(bSession!, new Date().getFullYear());
  const lastYear = taxRows.length ? taxRows : await listTaxRows(bSession!, new Date().getFullYear() - 1);
  const tax = lastYear[0] as unknown as Record<string, unknown> | undefined;
  const taxMonth = tax ? String(tax.id ?? tax.periode ?? '') : '';
  const product = await one<{ public_id: string }>(sql`select public_id::text as public_id from products order by id limit 1`);
  const warehouse = await one<{ public_id: string }>(sql`select public_id::text as public_id from warehouses order by id limit 1`);
  const village = await one<{ code: string; district: string; city: string; province: string }>(sql`
    select v.code, d.code as district, r.code as city, r.province_code as province from villages v
    join districts d on d.code = v.district_code join regencies r on r.code = d.regency_code order by v.code limit 1`);
  return {
    a: { token: aSession.token, publicId: a.public_id, idMember: a.id_member },
    b: { publicId: b.public_id, idMember: b.id_member, nama: b.nama, username: b.username },
    order: {
      publicId: order.public_id,
      noOrder: order.no_order,
      noInvoice: order.no_invoice,
      ownerNama: order.nama,
      ownerId: order.id_member,
    },
    pending: { publicId: pending.public_id, noOrder: pending.no_order, ownerNama: pending.nama, ownerId: pending.id_member },
    retur: { publicId: retur.public_id, noRetur: retur.no_retur, ownerNama: retur.nama, ownerId: retur.id_member },
    file: { publicId: retur.file },
    address: { publicId: address.public_id, alamat: address.alamat, nama: address.nama },
    bonus: { publicId: bonus.public_id },
    taxMonth,
    promo: { publicId: promo.public_id, claimNo: promo.no },
    product: product.public_id,
    warehouse: warehouse.public_id,
    village: village.code,
    province: village.province,
    city: village.city,
    district: village.district,
  };
}

/** Sends a call with A's session (bearer or cookie) unless the endpoint is public. */
function asA(sample: Sample, call: Call, viaCookie = false): Call {
  if (sample.anonymous) return call;
  return viaCookie ? { ...call, cookie: world.a.token } : { ...call, bearer: world.a.token };
}

const splitKey = (key: string) => {
  const [method, route] = key.split(' ') as [Method, string];
  return { method, route };
};

function problemsOf(result: CallResult, opts: { lenient: boolean; api: boolean }): string[] {
  const out: string[] = [];
  if (result.status >= 500) out.push(`status ${result.status}`);
  if (!opts.lenient && result.status < 400 && !(result.status === 303 && !opts.api)) out.push(`accepted with ${result.status}`);
  if (opts.api && result.status >= 400) {
    const problem = messageProblem(result.json?.message);
    if (problem) out.push(problem);
  }
  if (/\n\s+at [\w.<>]+ \(/.test(result.text)) out.push('stack trace in the body');
  return out;
}

beforeAll(async () => {
  world = await buildWorld();
});

describe('the route harness covers every endpoint', () => {
  it('every endpoint file and method under src/pages has a sample, and every sample an endpoint', async () => {
    const found = (await discoverEndpoints()).map((e) => e.key);
    const missing = found.filter((k) => !SAMPLES[k]);
    expect(missing, 'add a sample to SAMPLES in tests/integration/security-suite.test.ts for').toEqual([]);
    expect(
      Object.keys(SAMPLES).filter((k) => !found.includes(k)),
      'samples without an endpoint',
    ).toEqual([]);
    counts.endpoints = found.length;
    expect(found.length).toBeGreaterThan(70);
  });

  it('the fingerprint sees any write, even one that keeps the values', async () => {
    const before = await fingerprint(VOLATILE);
    await (await getDb()).execute(sql`update members set nama = nama where id_member = ${world.a.idMember}`);
    expect(changedTables(before, await fingerprint(VOLATILE))).toEqual(['members']);
  });

  it("the valid samples reach the handlers (so refusals below are the endpoints' own)", async () => {
    const wrong: string[] = [];
    // Sessions end on logout: those go last.
    const keys = Object.keys(SAMPLES).sort((x, y) => Number(x.includes('logout')) - Number(y.includes('logout')));
    const before = await fingerprint(VOLATILE);
    for (const key of keys) {
      if (key === 'POST /member/transaction' || key === 'POST /member/shipping-address' || key.includes('logout')) continue; // writes: run in their own tests below
      const sample = SAMPLES[key]!;
      const { method, route } = splitKey(key);
      let call: Call = { params: sample.params?.(world) };
      const valid = sample.valid?.(world);
      if (sample.input === 'query') call.query = valid as Record<string, string>;
      else if (valid) call = { ...call, ...encodeAs(sample, { call: { body: valid }, what: '' }).call };
      if (sample.input === 'multipart' && valid) call.body = evidenceForm(valid as Record<string, string>);
      const result = await callRoute(route, method, asA(sample, call));
      const expected = sample.validStatus;
      if (expected ? result.status !== expected : result.status >= 400) wrong.push(`${key}: ${result.status} ${result.text.slice(0, 160)}`);
    }
    expect(wrong).toEqual([]);
    // Reads and refusals change nothing; the accepted writes among them (profile, heir, bank,
    // npwp, auto withdraw, code of ethics) are A's own rows.
    const changed = changedTables(before, await fingerprint(VOLATILE));
    // The unsigned notification is kept for audit; the payment simulator's key is made on first use.
    const allowed = [
      'members',
      'npwp_changes',
      'one_time_tokens',
      'mail_outbox',
      'orders',
      'payment_notifications',
      'settings',
      'audit_log',
    ];
    expect(changed.filter((t) => !allowed.includes(t))).toEqual([]);
  });
});

describe("member A asking for member B's objects", () => {
  it("answers 401/403/404 (or an empty search), never B's data, and changes nothing", async () => {
    // The valid bank sample above changed A's account, which needs verifying again.
    await verifyBankOf(world.a.idMember);
    const failures: string[] = [];
    const before = await fingerprint(VOLATILE);
    for (const [key, sample] of Object.entries(SAMPLES)) {
      if (!sample.foreign) continue;
      const { method, route } = splitKey(key);
      for (const [i, { call, leak, allow200 }] of sample.foreign(world).entries()) {
        for (const viaCookie of sample.anonymous ? [false] : [false, true]) {
          const result = await callRoute(route, method, asA(sample, { ...call, params: call.params ?? sample.params?.(world) }, viaCookie));
          counts.foreignCalls++;
          counts.foreignStatuses[result.status] = (counts.foreignStatuses[result.status] ?? 0) + 1;
          const where = `${key} #${i}${viaCookie ? ' (cookie)' : ''}`;
          // 401/403/404 mostly; a 409 'already taken' for B's bonus, a 400 'not in your network'.
          const refused = result.status >= 400 && result.status < 500;
          const redirected = route === '/kode-etik' && result.status === 303;
          if (!refused && !redirected && !(allow200 && result.status === 200))
            failures.push(`${where}: status ${result.status} ${result.text.slice(0, 200)}`);
          for (const value of leak.filter(Boolean))
            if (result.text.includes(value)) failures.push(`${where}: body contains B's '${value}'`);
          if (result.status >= 400) {
            const problem = messageProblem(result.json?.message);
            if (problem) failures.push(`${where}: ${problem}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(changedTables(before, await fingerprint(VOLATILE))).toEqual([]);
  });

  it("the order detail page with B's order and the address page with B's address show nothing of B", async () => {
    const member = await resolveSession(world.a.token);
    const container = await createContainer();
    const render = async (page: typeof OrderDetailPage, path: string, params: Record<string, string>, method = 'GET', body?: BodyInit) => {
      const request = new Request(`http://portal.test${path}`, {
        method,
        body,
        headers: body ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
      });
      counts.pages++;
      try {
        const response = await container.renderToResponse(page, { locals: { member }, params, request });
        return { status: response.status, html: await response.text() };
      } catch (error) {
        // The page answered with Astro.rewrite('/404'); the container has no 404 route to render.
        if (error instanceof Error && error.message === "Couldn't find component for route /404") return { status: 404, html: '' };
        throw error;
      }
    };
    const before = await fingerprint(VOLATILE);
    for (const id of [world.order.publicId, world.pending.publicId, world.order.noOrder]) {
      const path = `/transaksi/order-transaksi/detail/${id}`;
      for (const [method, body] of [
        ['GET', undefined],
        ['POST', new URLSearchParams({ action: 'selesai', no_order: world.order.noOrder }).toString()],
      ] as const) {
        const page = await render(OrderDetailPage, path, { public_id: id }, method, body);
        expect(page.status, `${method} ${path}`).not.toBe(200);
        expect(page.status).toBeLessThan(500);
        for (const leak of [world.order.noOrder, world.order.ownerNama, world.pending.noOrder, world.pending.ownerNama])
          expect(page.html, `${method} ${path}`).not.toContain(leak);
      }
    }
    const addressPage = await render(AddressPage, `/account/address?edit=${world.address.publicId}`, {});
    expect(addressPage.html).not.toContain(world.address.alamat);
    expect(changedTables(before, await fingerprint(VOLATILE))).toEqual([]);
  });
});

describe('hostile input (fast-check)', () => {
  const hostileKeys = Object.entries(SAMPLES).filter(([key, s]) => s.input !== 'none' || key.includes('['));
  it.each(hostileKeys.map(([key]) => key))('%s: 4xx with an Indonesian message, never a 5xx, nothing changed', async (key) => {
    const sample = SAMPLES[key]!;
    const { method, route } = splitKey(key);
    const api = route.startsWith('/member') || route.startsWith('/daftar/') || route.startsWith('/payment/');
    const paramNames = [...route.matchAll(/\[(\w+)\]/g)].map((m) => m[1]!);
    const arbs: fc.Arbitrary<Generated>[] = [];
    if (sample.input === 'body' || sample.input === 'form' || sample.input === 'multipart')
      arbs.push(bodyCases(sample, world).map((g) => encodeAs(sample, g)));
    if (sample.input === 'query') arbs.push(queryCases(sample, world));
    for (const name of paramNames) arbs.push(paramCase(name));
    const exclude = [...VOLATILE, ...(AUDIT_ONLY[key] ?? [])];
    const before = await fingerprint(exclude);
    // Console routes answer every member or anonymous call with the redirect to /admin/signin.
    const lenientParam = key === 'GET /member/dashboard/banner/[name]' || route.startsWith('/admin/');
    await fc.assert(
      fc.asyncProperty(fc.oneof(...arbs), fc.boolean(), fc.ipV4(), async (g, viaCookie, address) => {
        counts.generated++;
        const params = { ...sample.params?.(world), ...g.call.params };
        const result = await callRoute(route, method, asA(sample, { ...g.call, params, clientAddress: address }, viaCookie));
        const onlyParam = Boolean(g.call.params);
        const problems = problemsOf(result, { lenient: onlyParam ? lenientParam : Boolean(sample.lenient || g.lenient), api });
        if (problems.length) throw new Error(`${g.what}: ${problems.join('; ')} — ${result.text.slice(0, 200)}`);
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    expect(changedTables(before, await fingerprint(exclude))).toEqual([]);
  });
});

/**
 * The .astro pages that take a plain form POST (found by their source), with the fields they read.
 * Every field gets a hostile value at once (ids included), so no generated form can be a valid write.
 */
const FORM_PAGES: Record<
  string,
  {
    fields: string[];
    params?: (w: World) => Record<string, string>;
    anonymous?: boolean;
    operator?: 'gudang' | 'keuangan' | 'cs' | 'superadmin';
    /** The page records the attempt itself in the audit trail (a refused sign-in, a view of a member's file). */
    audited?: boolean;
  }
> = {
  'admin/keluar.astro': { fields: ['x'], anonymous: true },
  'admin/keuangan/closing.astro': { fields: ['sampai'], operator: 'keuangan' },
  'admin/keuangan/index.astro': { fields: ['action', 'batch', 'catatan', 'no'], operator: 'keuangan' },
  'admin/keuangan/pajak.astro': { fields: ['tahun', 'masa', 'action'], operator: 'keuangan' },
  'admin/keuangan/refund.astro': { fields: ['action', 'no_order', 'refund', 'baris', 'qty', 'alasan'], operator: 'keuangan' },
  'admin/keuangan/tahan.astro': { fields: ['action', 'hold', 'id_member', 'bonus', 'alasan'], operator: 'keuangan' },
  'admin/keuangan/penyesuaian.astro': {
    fields: ['action', 'adjustment', 'keputusan', 'catatan', 'id_member', 'jenis', 'nominal', 'alasan'],
    operator: 'keuangan',
  },
  'admin/members/[idMember].astro': {
    fields: ['action', 'alasan', 'level', 'nama', 'no_rekening', 'kode_bank', 'email', 'phone', 'sponsor', 'upline', 'sisi'],
    params: (w) => ({ idMember: w.a.idMember }),
    operator: 'cs',
    audited: true,
  },
  'admin/members/kyc.astro': { fields: ['action', 'id_member', 'jenis', 'alasan'], operator: 'cs' },
  'admin/settings.astro': {
    fields: ['group', 'pphBasis', 'fix_charge', 'tarif', 'berlaku_mulai', 'action', 'proposal', 'keputusan'],
    operator: 'superadmin',
  },
  'admin/banners.astro': { fields: ['action', 'id', 'nama', 'link', 'description'], anonymous: true },
  'admin/halaman/[slug].astro': { fields: ['judul', 'konten'], params: () => ({ slug: 'faq' }), anonymous: true },
  'admin/halaman.astro': { fields: ['company_name', 'company_logo'], anonymous: true },
  'admin/news.astro': { fields: ['action', 'public_id'], anonymous: true },
  'admin/news/[id].astro': {
    fields: ['action', 'title', 'content', 'menu_reg', 'menu_upg'],
    params: () => ({ id: 'baru' }),
    anonymous: true,
  },
  'admin/orders.astro': { fields: ['action', 'no_order', 'resi', 'kota', 'catatan', 'oleh'], operator: 'gudang' },
  'admin/orders/impor-resi.astro': { fields: ['berkas', 'kota'], operator: 'gudang' },
  'admin/orders/[no].astro': {
    fields: ['action', 'resi', 'kota', 'catatan', 'oleh'],
    params: (w) => ({ no: w.order.noOrder }),
    operator: 'gudang',
  },
  'admin/promos/[id].astro': {
    fields: ['action', 'nama', 'reward', 'periode_awal', 'periode_akhir', 'batas_klaim', 'syarat_jenis', 'syarat'],
    params: () => ({ id: 'baru' }),
    anonymous: true,
  },
  'admin/retur/[no_retur].astro': { fields: ['action', 'catatan'], params: () => ({ no_retur: 'RTR-TIDAK-ADA' }), operator: 'gudang' },
  'admin/stok/index.astro': { fields: ['warehouse_id', 'product_id', 'perubahan', 'alasan'], operator: 'gudang' },
  'admin/produk/index.astro': {
    fields: [
      'action',
      'id',
      'kode',
      'nama',
      'kategori',
      'harga',
      'dpp',
      'persen_ppn',
      'value',
      'berat',
      'is_active',
      'lokasi',
      'is_online',
    ],
    operator: 'superadmin',
  },
  'admin/produk/[id].astro': {
    fields: ['action', 'kode', 'nama', 'harga', 'dpp', 'persen_ppn', 'berlaku_mulai', 'value', 'berat', 'lokasi'],
    params: () => ({ id: '1' }),
    operator: 'superadmin',
  },
  'admin/signin.astro': { fields: ['username', 'password', 'kode'], anonymous: true, audited: true },
  'admin/promos/klaim.astro': { fields: ['klaim', 'promo', 'terkirim'], operator: 'superadmin' },
  'admin/operators.astro': { fields: ['action', 'username', 'nama', 'role', 'password', 'hapus_2fa'], operator: 'superadmin' },
  'admin/akun.astro': { fields: ['action', 'password_lama', 'password_baru', 'kode'], operator: 'cs' },
  'account/address.astro': { fields: ['_action', 'public_id', 'label', 'nama', 'phone', 'alamat', 'kelurahan_id', 'kode_pos'] },
  'account/change-password.astro': { fields: ['password_lama', 'password_baru', 'rpassword_baru'] },
  'account/profile.astro': { fields: ['_action', 'id', 'nama_lengkap_pewaris', 'no_rekening', 'npwp', 'auto_widraw'] },
  'bonus/withdraw.astro': { fields: ['bonus_ids'] },
  'forgot-password.astro': { fields: ['username_or_id'], anonymous: true },
  'pembayaran/simulator/[token].astro': { fields: ['hasil'], params: () => ({ token: uuid0 }), anonymous: true },
  'reset-password.astro': { fields: ['token', 'password', 'rpassword'], anonymous: true },
  'signin.astro': { fields: ['username', 'password', 'remember'], anonymous: true },
  'transaksi/order-transaksi/detail/[public_id].astro': {
    fields: ['action', 'no_order'],
    params: (w) => ({ public_id: w.order.publicId }),
  },
  'transaksi/retur.astro': { fields: ['no_invoice', 'deskripsi', 'details', 'same_address'] },
};
const pageSources = import.meta.glob<string>('../../src/pages/**/*.astro', { query: '?raw', import: 'default' });
const pageModules = import.meta.glob<{ default: typeof OrderDetailPage }>('../../src/pages/**/*.astro');

describe('form pages (.astro POST) fed hostile forms', () => {
  it('every page that handles a POST is listed', async () => {
    const posting: string[] = [];
    for (const [file, load] of Object.entries(pageSources))
      if (/handleForm\(|Astro\.request\.method === 'POST'/.test(await load())) posting.push(file.replace('../../src/pages/', ''));
    expect(
      posting.filter((f) => !FORM_PAGES[f]),
      'add the page to FORM_PAGES',
    ).toEqual([]);
    expect(Object.keys(FORM_PAGES).filter((f) => !posting.includes(f))).toEqual([]);
  });

  it.each(Object.keys(FORM_PAGES))('%s: never a 5xx or an exception, nothing changed', async (file) => {
    const page = FORM_PAGES[file]!;
    const Page = (await pageModules[`../../src/pages/${file}`]!()).default;
    const container = await createContainer();
    const member = page.anonymous || page.operator ? undefined : await resolveSession(world.a.token);
    // Console pages run as an operator of the page's role (the middleware has already checked it).
    const [operator] = page.operator
      ? await selectRows<{ id: number; nama: string; username: string; role: 'GUDANG' | 'KEUANGAN' | 'CS' | 'SUPERADMIN' }>(
          await getDb(),
          sql`
      select id::int as id, nama, username, role from operators where username = ${page.operator}`,
        )
      : [];
    const value = hostileValue.map(asQueryString).filter((v) => v.trim() !== '');
    const forms = fc.record(Object.fromEntries(page.fields.map((f) => [f, value]))).map((fields) => ({
      body: new URLSearchParams(fields as Record<string, string>).toString(),
      contentType: 'application/x-www-form-urlencoded',
    }));
    const raw = fc.constantFrom(...RAW_BODIES);
    const unchanged = page.audited ? [...VOLATILE, 'audit_log'] : VOLATILE;
    const before = await fingerprint(unchanged);
    await fc.assert(
      fc.asyncProperty(fc.oneof(forms, raw), async ({ body, contentType }) => {
        counts.formCases++;
        const request = new Request(`http://portal.test/${file.replace(/\.astro$/, '')}`, {
          method: 'POST',
          body,
          headers: { 'content-type': contentType, origin: 'http://portal.test' },
        });
        let status: number;
        try {
          status = (
            await container.renderToResponse(Page, {
              locals: member ? { member } : operator ? { operator } : {},
              params: page.params?.(world) ?? {},
              request,
            })
          ).status;
        } catch (error) {
          if (error instanceof Error && error.message === "Couldn't find component for route /404") return;
          throw error;
        }
        if (status >= 500) throw new Error(`status ${status} for ${contentType} ${body.slice(0, 120)}`);
      }),
      { seed: SEED, numRuns: Math.ceil(RUNS / 2), endOnFailure: true },
    );
    expect(changedTables(before, await fingerprint(unchanged))).toEqual([]);
  });
});

describe('public e-mail check', () => {
  it('/member/mail/check and /member/opt/username-check need a session', async () => {
    for (const [route, body] of [
      ['/member/mail/check', { email: 'x@example.com' }],
      ['/member/opt/username-check', { check: { username: 'abc' } }],
    ] as const) {
      const result = await callRoute(route, 'POST', { body });
      expect(result.status).toBe(401);
      expect(result.json?.message).toBe('Sesi berakhir, silakan login kembali');
    }
  });

  it('/daftar/api/mail-check is rate-limited per client address', async () => {
    const address = '198.51.100.77';
    const ask = (email: string, clientAddress = address) => callRoute('/daftar/api/mail-check', 'POST', { body: { email }, clientAddress });
    for (let i = 0; i < 30; i++) expect((await ask(`calon${i}@example.com`)).status).toBe(200);
    const limited = await ask('calon-lagi@example.com');
    expect(limited.status).toBe(429);
    expect(limited.json?.message).toBe('Terlalu banyak pemeriksaan email dari alamat ini. Coba lagi dalam 15 menit.');
    // Another address may still check.
    expect((await ask('calon-lain@example.com', '198.51.100.78')).status).toBe(200);
  });
});

describe('summary', () => {
  it('prints the figures of the run', () => {
    const line = `[security] ${counts.endpoints} endpoint methods, ${counts.foreignCalls} cross-member calls, ${counts.pages} id-path page renders, ${counts.generated} generated endpoint cases, ${counts.formCases} generated form-page cases (seed ${SEED}, ${RUNS} runs each)`;
    console.log(line);
    console.log(`[security] cross-member answers by status: ${JSON.stringify(counts.foreignStatuses)}`);
    expect(counts.generated).toBeGreaterThan(0);
  });
});
