import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  conversationParams,
  conversationThread,
  inboxQuery,
  inboxResponse,
  inboxThread,
  myConversationsResponse,
  openConversationRequest,
  openConversationResponse,
  postMessageRequest,
} from '../../../contracts/support';
import { requireAdmin, requireUser } from '../../http/auth';
import { sourceOf } from '../audit/audit.service';
import type { Services } from '../../services';

export async function registerSupportRoutes(
  app: FastifyInstance,
  { support, supportInbox }: Pick<Services, 'support' | 'supportInbox'>,
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['support'];
  const mine = { onRequest: requireUser };
  const operator = { onRequest: requireAdmin };
  const noStore = { 'cache-control': 'no-store' };

  r.post(
    '/api/support/conversations',
    {
      ...mine,
      schema: {
        tags,
        summary:
          'Hand the conversation to a person: opens a support conversation with its context packet, or gives back the one already open (200, resumed)',
        body: openConversationRequest,
        response: { 200: openConversationResponse, 201: openConversationResponse },
      },
    },
    async (request, reply) => {
      const opened = await support.open(request.user!.id, request.body);
      return reply.status(opened.resumed ? 200 : 201).send(opened);
    },
  );

  r.get(
    '/api/support/conversations',
    {
      ...mine,
      schema: {
        tags,
        summary: "The investor's own conversations, newest first",
        response: { 200: myConversationsResponse },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return { conversations: await support.mine(request.user!.id) };
    },
  );

  r.get(
    '/api/support/conversations/:id',
    {
      ...mine,
      schema: {
        tags,
        summary: 'One of the investor’s conversations with its messages',
        params: conversationParams,
        response: { 200: conversationThread },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return support.thread(request.user!.id, request.params.id);
    },
  );

  r.post(
    '/api/support/conversations/:id/messages',
    {
      ...mine,
      schema: {
        tags,
        summary: 'The investor writes in their conversation',
        params: conversationParams,
        body: postMessageRequest,
        response: { 201: conversationThread },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await support.post(request.user!.id, request.params.id, request.body.body)),
  );

  r.get(
    '/api/admin/support/conversations',
    {
      ...operator,
      schema: {
        tags,
        summary: 'The support inbox: conversations in one state, longest waiting first',
        querystring: inboxQuery,
        response: { 200: inboxResponse },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return { conversations: await supportInbox.list(request.user!.id, request.query.state) };
    },
  );

  r.get(
    '/api/admin/support/conversations/:id',
    {
      ...operator,
      schema: {
        tags,
        summary: 'A conversation with its context packet',
        params: conversationParams,
        response: { 200: inboxThread },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return supportInbox.thread(request.user!.id, request.params.id);
    },
  );

  r.post(
    '/api/admin/support/conversations/:id/messages',
    {
      ...operator,
      schema: {
        tags,
        summary: 'An operator replies (audited, e-mailed to the investor)',
        params: conversationParams,
        body: postMessageRequest,
        response: { 201: inboxThread },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await supportInbox.reply(request.user!.id, request.params.id, request.body.body, sourceOf(request))),
  );

  r.post(
    '/api/admin/support/conversations/:id/assign',
    {
      ...operator,
      schema: {
        tags,
        summary: 'The operator takes the conversation (audited)',
        params: conversationParams,
        response: { 200: inboxThread },
      },
    },
    async (request) => supportInbox.assign(request.user!.id, request.params.id, sourceOf(request)),
  );

  r.post(
    '/api/admin/support/conversations/:id/close',
    {
      ...operator,
      schema: {
        tags,
        summary: 'The operator closes the conversation (audited)',
        params: conversationParams,
        response: { 200: inboxThread },
      },
    },
    async (request) => supportInbox.close(request.user!.id, request.params.id, sourceOf(request)),
  );
}
