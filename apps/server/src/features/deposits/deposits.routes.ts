import { API } from '@casino/shared/api-paths';
import { formatCentavos } from '@casino/shared/money';
import { envelopeSchema } from '@casino/shared/envelope';
import {
  adminDepositPage,
  adminDepositQuery,
  channelIdParams,
  channelsQuery,
  channelUpdateBody,
  depositOrder,
  onlineChannelsResponse,
  paymentChannel,
  rechargeListBody,
  rechargeListResponse,
  rechargeOnlineBody,
  rechargeOnlineResponse,
  rechargeOrderQuery,
} from '@casino/shared/schemas/payments';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../db/database.ts';
import { AppError, ok, requestLang } from '../../lib/http.ts';
import { selfCall } from '../../lib/self-call.ts';
import { writeAudit } from '../../platform/audit/audit.repository.ts';
import { operatorOf, requireOperator } from '../../platform/auth/operator-guard.ts';
import { memberOf, requireMember } from '../../platform/auth/guards.ts';
import { findChannel, findOrderByTxid, listChannels, updateChannel } from './deposits.repository.ts';
import { adminDeposits, createDeposit, memberOrder, memberOrders, onlineChannels, toChannel } from './deposits.service.ts';
import { type Deliver, sandboxPage, sandboxPay, selfDeliver } from './sandbox-bank.ts';
import { handleSandboxWebhook } from './webhook.ts';

const tags = ['deposits'];
const security = [{ bearer: [] }];

export const depositsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; deliver?: Deliver }> = async (app, { ctx, deliver }) => {
  const member = requireMember(ctx);
  const memberOrVisitorMessage = member;

  app.get(
    API.paymentsList,
    {
      preValidation: memberOrVisitorMessage,
      schema: {
        tags,
        security,
        summary: 'Payment channels (deposit and withdraw)',
        querystring: channelsQuery,
        response: { 200: envelopeSchema(z.array(paymentChannel)) },
      },
    },
    async (request) => ok(request, (await listChannels(ctx.db, request.query.direction)).map(toChannel)),
  );

  app.get(
    API.paymentOnlineList,
    {
      preValidation: memberOrVisitorMessage,
      schema: {
        tags,
        security,
        summary: 'Deposit channels, quick amounts and trading rules',
        querystring: channelsQuery,
        response: { 200: envelopeSchema(onlineChannelsResponse) },
      },
    },
    async (request) => ok(request, await onlineChannels(ctx, requestLang(request), ctx.config.DEPOSIT_EXPIRY_MINUTES)),
  );

  app.post(
    API.rechargeOnline,
    {
      preValidation: member,
      schema: {
        tags,
        security,
        summary: 'Create a PIX deposit; the browser goes to pay_url',
        body: rechargeOnlineBody,
        response: { 200: rechargeOnlineResponse },
      },
    },
    async (request) => {
      const order = await createDeposit(ctx, memberOf(request).member.id, request.body);
      return { ...ok(request, order, 'money.recharge_created'), pay_url: `/recharge-payment?order_no=${order.order_no}` };
    },
  );

  app.get(
    API.rechargeOrder,
    {
      preValidation: member,
      schema: {
        tags,
        security,
        summary: 'One deposit order of the member',
        querystring: rechargeOrderQuery,
        response: { 200: envelopeSchema(depositOrder) },
      },
    },
    async (request) => ok(request, await memberOrder(ctx, memberOf(request).member.id, request.query.order_no)),
  );

  app.post(
    API.rechargeList,
    {
      preValidation: member,
      schema: {
        tags,
        security,
        summary: "The member's deposits, newest first",
        body: rechargeListBody,
        response: { 200: envelopeSchema(rechargeListResponse) },
      },
    },
    async (request) =>
      ok(request, await memberOrders(ctx, memberOf(request).member.id, request.body?.page ?? 1, request.body?.page_size ?? 20)),
  );

  // The webhook needs its raw body for the signature: its own JSON parser, in its own scope.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
    scope.post(
      API.pixWebhook,
      {
        config: { signedBody: true },
        schema: { tags, summary: 'PIX payment confirmations from the sandbox PSP (HMAC-signed)', hide: false },
      },
      async (request, reply) => {
        const result = await handleSandboxWebhook(ctx, typeof request.body === 'string' ? request.body : '', request.headers);
        return reply.status(result.status).send({
          code: result.status,
          status: result.status === 200 ? 'success' : 'error',
          message: '',
          data: { outcomes: result.outcomes },
        });
      },
    );
  });

  const bankDeliver = deliver ?? selfDeliver(selfCall(app));
  const txidParams = z.object({ txid: z.string().regex(/^[A-Za-z0-9]{26,35}$/) });
  const langQuery = z.object({ lang: z.string().max(8).optional() });

  const sendPage = async (reply: FastifyReply, txid: string, lang: string, undelivered = false, badPayer = false) => {
    const html = await sandboxPage(ctx, txid, lang, undelivered, badPayer);
    if (!html) throw new AppError('ORDER_NOT_FOUND');
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(html);
  };

  app.get('/sandbox-psp/pay/:txid', { schema: { hide: true, params: txidParams, querystring: langQuery } }, (request, reply) =>
    sendPage(reply, request.params.txid, requestLang(request)),
  );

  // The bank page's pay button is a plain HTML form (urlencoded: the payer's CPF the tester chose): its own scope reads it.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post('/sandbox-psp/pay/:txid', { schema: { hide: true, params: txidParams, querystring: langQuery } }, async (request, reply) => {
        const form = (request.body ?? {}) as Record<string, unknown>;
        const payerCpf = typeof form.payer_cpf === 'string' ? form.payer_cpf : undefined;
        const payment = await sandboxPay(ctx, request.params.txid, bankDeliver, payerCpf);
        // The casino never heard of the payment: the bank page says so and offers to pay again.
        if (payment === 'undelivered') return sendPage(reply.status(502), request.params.txid, requestLang(request), true);
        if (payment === 'bad_payer') return sendPage(reply.status(422), request.params.txid, requestLang(request), false, true);
        return reply.redirect(`/sandbox-psp/pay/${request.params.txid}?lang=${encodeURIComponent(requestLang(request))}`, 303);
      });
  });

  app.get('/sandbox-psp/cob/:txid', { schema: { hide: true, params: txidParams } }, async (request) => {
    const order = await findOrderByTxid(ctx.db, request.params.txid);
    if (!order) throw new AppError('ORDER_NOT_FOUND');
    return {
      txid: order.psp_txid,
      status: order.status === 'pending' ? 'ATIVA' : 'CONCLUIDA',
      valor: { original: formatCentavos(order.amount_centavos) },
    };
  });

  // ---- back office ----
  const adminTags = ['back office'];
  app.get(
    API.admin.deposits,
    {
      preValidation: requireOperator(ctx, 'deposits.read'),
      schema: {
        tags: adminTags,
        security,
        summary: 'Deposit orders',
        querystring: adminDepositQuery,
        response: { 200: envelopeSchema(adminDepositPage) },
      },
    },
    async (request) => ok(request, await adminDeposits(ctx, request.query)),
  );

  app.get(
    API.admin.channels,
    {
      preValidation: requireOperator(ctx, 'channels.manage'),
      schema: { tags: adminTags, security, summary: 'Payment channels', response: { 200: envelopeSchema(z.array(paymentChannel)) } },
    },
    async (request) => ok(request, (await listChannels(ctx.db, undefined, true)).map(toChannel)),
  );

  app.patch(
    '/api/admin/payment-channels/:id',
    {
      preValidation: requireOperator(ctx, 'channels.manage'),
      schema: {
        tags: adminTags,
        security,
        summary: 'Change a payment channel',
        params: channelIdParams,
        body: channelUpdateBody,
        response: { 200: envelopeSchema(paymentChannel) },
      },
    },
    async (request) => {
      const before = await findChannel(ctx.db, request.params.id);
      if (!before) throw new AppError('NOT_FOUND');
      const { name, min, max, fee_bp, enabled, instant_receipt } = request.body;
      const minCentavos = min ?? before.min_centavos;
      const maxCentavos = max ?? before.max_centavos;
      if (minCentavos > maxCentavos) throw new AppError('VALIDATION_FAILED', { fieldErrors: { min: ['validation.invalid'] } });
      const changes = {
        ...(name !== undefined ? { name } : {}),
        min_centavos: minCentavos,
        max_centavos: maxCentavos,
        ...(fee_bp !== undefined ? { fee_bp } : {}),
        ...(enabled !== undefined ? { enabled: enabled ? 1 : 0 } : {}),
        ...(instant_receipt !== undefined ? { instant_receipt: instant_receipt ? 1 : 0 } : {}),
        updated_at: nowIso(),
      };
      const after = await ctx.db.transaction().execute(async (trx) => {
        const row = await updateChannel(trx, before.id, changes);
        await writeAudit(trx, {
          operatorId: operatorOf(request).operator.id,
          action: 'channel.update',
          targetType: 'payment_channel',
          targetId: before.id,
          before: toChannel(before),
          after: toChannel(row),
          ip: request.ip,
        });
        return row;
      });
      return ok(request, toChannel(after), 'admin.channel_saved');
    },
  );
};
