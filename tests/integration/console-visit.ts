import { createContext } from 'astro/middleware';
import { onRequest } from '../../src/middleware';
import { OPERATOR_COOKIE } from '../../src/server/services/operator/operator-sessions';

/**
 * A console path sent through the real middleware with an operator's session cookie (or none):
 * whether the page itself was reached, and the status the middleware answered.
 */
export async function visitConsole(path: string, operatorToken?: string): Promise<{ reached: boolean; status: number }> {
  const headers = new Headers();
  if (operatorToken) headers.set('cookie', `${OPERATOR_COOKIE}=${operatorToken}`);
  const ctx = createContext({
    request: new Request(`http://portal.test${path}`, { headers }),
    clientAddress: '127.0.0.1',
    defaultLocale: 'id',
  });
  let reached = false;
  const response = (await onRequest(ctx as never, async () => {
    reached = true;
    return new Response('halaman');
  })) as Response;
  return { reached, status: response.status };
}
