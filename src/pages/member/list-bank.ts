import type { APIRoute } from 'astro';
import { BANKS } from '../../server/domain/banks';
import { answer, endpoint } from '../../server/http';

/** GET /member/list-bank: the bank choices with their official codes. */
export const GET = endpoint(async () =>
  answer(BANKS.map((b) => ({ value: b.kode, label: b.nama, kode: b.kode, nama: b.nama }))),
) satisfies APIRoute;
