import type { APIRoute } from 'astro';
import { answer, endpoint } from '../../../server/http';
import { getOrderSettings } from '../../../server/services/order/get-order-settings';

export const GET = endpoint(async () => answer(await getOrderSettings())) satisfies APIRoute;
