import type { APIRoute } from 'astro';
import { answer, endpoint } from '../../../server/http';
import { OFFLINE_METHODS } from '../../../server/services/order/issue-payment-token';
import { listPaymentMethods } from '../../../server/services/order/list-payment-methods';

/** GET /daftar/api/payment-method: online methods only (the prospective member pays in the pop-up). */
export const GET = endpoint(async () =>
  answer((await listPaymentMethods()).filter((m) => !OFFLINE_METHODS.includes(m.name))),
) satisfies APIRoute;
