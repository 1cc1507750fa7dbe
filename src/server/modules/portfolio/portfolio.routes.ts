import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  historyResponse,
  portfolioInvestmentsQuery,
  portfolioInvestmentsResponse,
  portfolioResponse,
  statementCsvQuery,
  statementQuery,
  statementResponse,
} from '../../../contracts/portfolio';
import { requireUser } from '../../http/auth';
import type { Services } from '../../services';
import type { Clock } from '../../../core/clock';

export async function registerPortfolioRoutes(
  app: FastifyInstance,
  { portfolio, statement }: Pick<Services, 'portfolio' | 'statement'>,
  clock: Clock,
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['portfolio'];
  const noStore = { 'cache-control': 'no-store' };

  r.get(
    '/api/portfolio',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Allocation and totals over every active investment, and the newest ones, valued now',
        response: { 200: portfolioResponse },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return portfolio.portfolio(request.user!.id);
    },
  );

  r.get(
    '/api/portfolio/investments',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Active investments, newest first, one page at a time (the cursor comes from GET /api/portfolio)',
        querystring: portfolioInvestmentsQuery,
        response: { 200: portfolioInvestmentsResponse },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return portfolio.investments(request.user!.id, request.query.cursor, request.query.limit);
    },
  );

  r.get(
    '/api/portfolio/history',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Value per area for the last 12 months (current month live)',
        response: { 200: historyResponse },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return { months: await portfolio.history(request.user!.id) };
    },
  );

  r.get(
    '/api/statement',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Every movement of the available balance with the running balance, newest first',
        querystring: statementQuery,
        response: { 200: statementResponse },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return statement.page(request.user!.id, request.query);
    },
  );

  r.get(
    '/api/statement.csv',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'The statement as CSV, oldest first, in the person’s language',
        querystring: statementCsvQuery,
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const { lang, ...filter } = request.query;
      const body = await statement.csv(request.user!.id, filter, lang);
      const day = clock.now().toISOString().slice(0, 10);
      return reply
        .headers(noStore)
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="atlas-statement-${day}.csv"`)
        .send(body);
    },
  );
}
