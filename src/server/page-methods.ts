/**
 * Which HTTP methods a path answers. A page (an .astro file) renders for GET and HEAD and takes
 * its forms by POST; any other method (PUT, DELETE, PROPFIND, OPTIONS, …) is 405 with `Allow`,
 * not the page with 200. Endpoints (.ts files under src/pages, and anything under the /member
 * API) answer the methods they export, as Astro routes them.
 */
import { isApiPath } from './routes';

export const PAGE_METHODS = ['GET', 'HEAD', 'POST'] as const;

/** The endpoint files, found by globbing (a new endpoint file is known without a list to keep). */
const ENDPOINTS: RegExp[] = Object.keys(import.meta.glob('../pages/**/*.ts')).map((file) => {
  const route =
    file
      .slice('../pages'.length)
      .replace(/\.ts$/, '')
      .replace(/\/index$/, '') || '/';
  const pattern = route
    .split('/')
    .map((part) => (/^\[.+\]$/.test(part) ? '[^/]+' : part.replace(/[.*+?^${}()|\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${pattern}/?$`);
});

export function isEndpointPath(pathname: string): boolean {
  return isApiPath(pathname) || ENDPOINTS.some((pattern) => pattern.test(pathname));
}

/** The 405 answer for a method a page does not take, or undefined when the path answers it. */
export function methodNotAllowed(method: string, pathname: string): Response | undefined {
  if ((PAGE_METHODS as readonly string[]).includes(method.toUpperCase()) || isEndpointPath(pathname)) return undefined;
  return new Response('Metode tidak diizinkan', {
    status: 405,
    headers: { allow: PAGE_METHODS.join(', '), 'content-type': 'text/plain; charset=utf-8' },
  });
}
