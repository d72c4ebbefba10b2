import type { APIRoute } from 'astro';
import { answer, endpoint } from '../../../server/http';
import { listProducts } from '../../../server/services/order/list-products';

/** GET /daftar/api/product: the registration packages for the referral page. */
export const GET = endpoint(async () => answer(await listProducts('registrasi'))) satisfies APIRoute;
