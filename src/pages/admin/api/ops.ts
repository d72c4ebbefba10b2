import type { APIRoute } from 'astro';
import { OperatorCommandSchema } from '../../../lib/schemas/operator-api';
import { AppError } from '../../../server/errors';
import { answer, endpoint, parseWith, readBody } from '../../../server/http';
import { runRemoteCommand } from '../../../server/services/operator/run-remote-command';
import { isDatabaseUnavailable } from '../../../server/unavailable';

/** POST /admin/api/ops { args }: an `npm run ops` / `npm run close` command run here for the CLI. */
export const POST = endpoint(async (ctx) => {
  const operator = ctx.locals.operator;
  if (!operator) throw new AppError('UNAUTHORIZED', 'Token operator tidak sah atau kedaluwarsa');
  const { args } = parseWith(OperatorCommandSchema, await readBody(ctx.request));
  try {
    const { message, exitCode } = await runRemoteCommand(operator, args);
    return exitCode === 0 ? answer({ exit_code: 0 }, message) : answer({ exit_code: exitCode }, message, 400);
  } catch (error) {
    // The commands' own argument errors are plain Errors with the line the CLI prints.
    if (error instanceof AppError || isDatabaseUnavailable(error) || !(error instanceof Error)) throw error;
    throw new AppError('BAD_INPUT', error.message);
  }
}) satisfies APIRoute;
