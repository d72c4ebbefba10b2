import { clientAddress } from './http';
import { isProduction } from './mode';

/** Pages that exist only in the demo: the payment simulator and the development pages. */
const SIMULATOR = /^\/pembayaran\/(simulator(\/|$)|snap\.js$)/;
const DEV = /^\/dev(\/|$)/;

const isLoopback = (address: string): boolean => /^127\./.test(address) || address === '::1' || /^::ffff:127\./i.test(address);

/**
 * DESIGN.md §7a: in production the simulator and /dev/* do not exist (404). In development
 * /dev/* (the outbox holds password-reset links) answers only a client on this machine: a
 * request relayed by a proxy (X-Forwarded-For/Forwarded) counts as remote unless TRUST_PROXY
 * names a loopback client.
 */
export function modeRefusal(ctx: { request: Request; url: URL; clientAddress: string }): Response | undefined {
  const path = ctx.url.pathname;
  if (!SIMULATOR.test(path) && !DEV.test(path)) return undefined;
  if (isProduction()) return new Response('Halaman tidak ditemukan', { status: 404 });
  if (!DEV.test(path)) return undefined;
  const relayed = ctx.request.headers.has('x-forwarded-for') || ctx.request.headers.has('forwarded');
  const address = clientAddress(ctx);
  if (isLoopback(address) && (!relayed || process.env.TRUST_PROXY)) return undefined;
  return new Response('Halaman pengembangan hanya dapat dibuka dari komputer server', { status: 404 });
}
