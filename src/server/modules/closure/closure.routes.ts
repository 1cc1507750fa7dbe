import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerOf } from '../accounts/caller';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../../../core/errors';
import { closureRequestBody, closureViewSchema, erasureAnswerSchema } from '../../../contracts/closure';
import { requireUser } from '../../http/auth';
import { sourceOf } from '../audit/audit.service';
import type { ClosureService } from './closure.service';
import type { RetentionService } from './retention.service';

/**
 * Routes that move money or file a request for it. A closed account answers `account_closed` on
 * each (decision 039), before its body is read; a closing one is advanced after each answer.
 */
const moneyRoutes = ['/api/investments', '/api/deposits', '/api/withdrawals', '/api/transfers', '/api/identity'];
const isMoneyWrite = (request: FastifyRequest) => {
  if (request.method === 'GET' || request.method === 'HEAD') return false;
  const path = request.url.split('?')[0]!;
  return moneyRoutes.some((p) => path === p || path.startsWith(`${p}/`));
};

export function registerClosureRoutes(
  app: FastifyInstance,
  { closure, retention }: { closure: ClosureService; retention: RetentionService },
) {
  // The closure's state comes with the session (the one read every signed-in request makes,
  // resolved by the route's own requireUser, which runs first): a money write pays no query for it.
  app.addHook('preHandler', async (request) => {
    if (!request.user || request.user.isAdmin || !isMoneyWrite(request)) return;
    if (request.user.closure === 'closed') throw new DomainError('account_closed');
  });
  // A closing account's state follows its own money events at once (the job catches the others).
  // Before the answer leaves, so that what the person sees next is already the new state; when it
  // closes, this request's session stays, for the read-only page (decision 049).
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.user?.closure !== 'open' || reply.statusCode >= 400 || !isMoneyWrite(request)) return payload;
    await closure
      .advance(request.user.id, sourceOf(request), request.sessionToken)
      .catch((err) => request.log.warn({ err }, 'closure not advanced'));
    return payload;
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['closure'];
  r.get(
    '/api/closure',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'The closure of your account: its state, what it waits for, what is kept',
        response: { 200: closureViewSchema },
      },
    },
    async (request) => {
      await closure.advance(request.user!.id, sourceOf(request), request.sessionToken);
      return closure.view(request.user!.id);
    },
  );
  r.post(
    '/api/closure',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Ask to close your account (your password again, and your authenticator code when two-factor is on)',
        body: closureRequestBody,
        response: { 200: closureViewSchema },
      },
    },
    async (request) => closure.request(callerOf(request), request.user!.id, request.body, sourceOf(request)),
  );
  r.post(
    '/api/closure/cancel',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Cancel the closure of your account before it is closed',
        response: { 200: closureViewSchema },
      },
    },
    async (request) => closure.cancel(request.user!.id, sourceOf(request)),
  );
  r.post(
    '/api/closure/erasure',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary:
          'Ask for the erasure of your data (a closed account): erased now what no law keeps, a dated answer for the rest',
        body: z.object({}).strict().optional(),
        response: { 200: erasureAnswerSchema },
      },
    },
    async (request) => retention.erasureRequest(request.user!.id, sourceOf(request)),
  );
}
