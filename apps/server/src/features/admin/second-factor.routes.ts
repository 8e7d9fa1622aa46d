import { API } from '@casino/shared/api-paths';
import { envelopeSchema } from '@casino/shared/envelope';
import {
  memberIdParams,
  operator,
  operatorSecurity,
  recoveryCodesBody,
  recoveryCodesResponse,
  totpDisableBody,
  totpEnableBody,
  totpSetupResponse,
} from '@casino/shared/schemas/admin';
import { emptyBody } from '@casino/shared/schemas/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/http.ts';
import { toOperatorView } from './operators.service.ts';
import { operatorOf, requireOperator } from '../../platform/auth/operator-guard.ts';
import {
  disableTotp,
  enableTotp,
  regenerateRecoveryCodes,
  resetSecondFactor,
  securityStatus,
  startTotpSetup,
} from './second-factor.service.ts';

const tags = ['back office'];
const security = [{ bearer: [] }];

/**
 * The signed-in operator's own second factor. Reading it, and enrolling, are open to an operator
 * who must enrol before anything else (requireOperator's `beforeEnrolment`).
 */
export const operatorSecurityRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const enrolling = requireOperator(ctx, undefined, { beforeEnrolment: true });

  app.get(
    API.admin.security,
    {
      preValidation: enrolling,
      schema: { tags, security, summary: "The operator's second-factor settings", response: { 200: envelopeSchema(operatorSecurity) } },
    },
    async (request) => ok(request, await securityStatus(ctx, operatorOf(request).operator)),
  );

  app.post(
    API.admin.totpSetup,
    {
      preValidation: enrolling,
      schema: {
        tags,
        security,
        summary: 'A new TOTP key to enrol (QR code and text, shown once; confirmed by a first code)',
        body: emptyBody,
        response: { 200: envelopeSchema(totpSetupResponse) },
      },
    },
    async (request) => ok(request, await startTotpSetup(ctx, operatorOf(request).operator)),
  );

  app.post(
    API.admin.totpEnable,
    {
      preValidation: enrolling,
      schema: {
        tags,
        security,
        summary: 'Switch TOTP on with a first code; answers ten single-use recovery codes, shown once',
        body: totpEnableBody,
        response: { 200: envelopeSchema(recoveryCodesResponse) },
      },
    },
    async (request) =>
      ok(request, await enableTotp(ctx, operatorOf(request).operator, request.body.code, request.ip), 'admin.totp_enabled'),
  );

  app.post(
    API.admin.totpDisable,
    {
      preValidation: requireOperator(ctx),
      schema: {
        tags,
        security,
        summary: 'Switch TOTP off (password and a code or a recovery code)',
        body: totpDisableBody,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await disableTotp(ctx, operatorOf(request).operator, request.body, request.ip);
      return ok(request, null, 'admin.totp_disabled');
    },
  );

  app.post(
    API.admin.recoveryCodes,
    {
      preValidation: requireOperator(ctx),
      schema: {
        tags,
        security,
        summary: 'Ten new recovery codes for a code from the app (the old ones stop working)',
        body: recoveryCodesBody,
        response: { 200: envelopeSchema(recoveryCodesResponse) },
      },
    },
    async (request) =>
      ok(
        request,
        await regenerateRecoveryCodes(ctx, operatorOf(request).operator, request.body.code, request.ip),
        'admin.recovery_codes_created',
      ),
  );

  app.post(
    '/api/admin/operators/:id/reset-second-factor',
    {
      preValidation: requireOperator(ctx, 'operators.manage'),
      schema: {
        tags,
        security,
        summary: "Switch another operator's TOTP off (lost phone and recovery codes); its sessions end",
        params: memberIdParams,
        body: emptyBody,
        response: { 200: envelopeSchema(operator) },
      },
    },
    async (request) => {
      const target = await resetSecondFactor(ctx, operatorOf(request).operator, request.params.id, request.ip);
      return ok(request, toOperatorView(ctx.config, target), 'admin.totp_reset');
    },
  );
};
