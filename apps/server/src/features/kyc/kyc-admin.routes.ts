import { API } from '@casino/shared/api-paths';
import { envelopeSchema } from '@casino/shared/envelope';
import {
  adminKycDecisionBody,
  adminKycPage,
  adminKycQuery,
  adminKycSubmission,
  cpfRegistryAddBody,
  cpfRegistryEntry,
  cpfRegistryPage,
  cpfRegistryParams,
  cpfRegistryQuery,
  kycDocumentParams,
  kycSubmissionParams,
} from '@casino/shared/schemas/kyc';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/http.ts';
import { operatorOf, requireOperator } from '../../platform/auth/operator-guard.ts';
import {
  addRegistryEntry,
  adminDocument,
  adminSubmission,
  adminSubmissions,
  decideByOperator,
  registryPage,
  removeRegistryEntry,
} from './kyc.service.ts';

const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'application/pdf': 'pdf' };

/** The back office's identity-check queue and the sandbox CPF registry. */
export const kycAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const reviewer = { preValidation: requireOperator(ctx, 'kyc.review') };
  const registrar = { preValidation: requireOperator(ctx, 'kyc.registry') };
  const tags = ['back office'];
  const security = [{ bearer: [] }];
  const actorOf = (request: Parameters<typeof operatorOf>[0]) => ({ operatorId: operatorOf(request).operator.id, ip: request.ip });

  app.get(
    API.admin.kycSubmissions,
    {
      ...reviewer,
      schema: {
        tags,
        security,
        summary: 'Identity submissions: the pending queue (oldest first) or all of them',
        querystring: adminKycQuery,
        response: { 200: envelopeSchema(adminKycPage) },
      },
    },
    async (request) => ok(request, await adminSubmissions(ctx, request.query)),
  );

  app.get(
    '/api/admin/kyc/submissions/:id',
    {
      ...reviewer,
      schema: {
        tags,
        security,
        summary: 'One identity submission, with what the CPF registry says',
        params: kycSubmissionParams,
        response: { 200: envelopeSchema(adminKycSubmission) },
      },
    },
    async (request) => ok(request, await adminSubmission(ctx, request.params.id)),
  );

  // The file itself: never cached, never guessed at by the browser, shown inline.
  app.get(
    '/api/admin/kyc/submissions/:id/documents/:side',
    {
      ...reviewer,
      schema: { tags, security, summary: 'One document of a submission (JPEG, PNG or PDF)', params: kycDocumentParams },
    },
    async (request, reply) => {
      const document = await adminDocument(ctx, request.params.id, request.params.side);
      return reply
        .type(document.mime)
        .header('cache-control', 'no-store, private')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `inline; filename="${request.params.side}.${EXTENSIONS[document.mime] ?? 'bin'}"`)
        .send(Buffer.from(document.bytes));
    },
  );

  app.post(
    '/api/admin/kyc/submissions/:id/decision',
    {
      ...reviewer,
      schema: {
        tags,
        security,
        summary: "Approve or reject a submission (overrides the provider's decision; audited)",
        params: kycSubmissionParams,
        body: adminKycDecisionBody,
        response: { 200: envelopeSchema(adminKycSubmission) },
      },
    },
    async (request) => ok(request, await decideByOperator(ctx, actorOf(request), request.params.id, request.body), 'kyc.decided'),
  );

  app.get(
    API.admin.cpfRegistry,
    {
      ...registrar,
      schema: {
        tags,
        security,
        summary: 'The sandbox CPF registry (search by CPF digits or name)',
        querystring: cpfRegistryQuery,
        response: { 200: envelopeSchema(cpfRegistryPage) },
      },
    },
    async (request) => ok(request, await registryPage(ctx, request.query)),
  );

  app.post(
    API.admin.cpfRegistry,
    {
      ...registrar,
      schema: {
        tags,
        security,
        summary: 'Adds a CPF to the sandbox registry with its name and birth date (audited)',
        body: cpfRegistryAddBody,
        response: { 200: envelopeSchema(cpfRegistryEntry) },
      },
    },
    async (request) => ok(request, await addRegistryEntry(ctx, actorOf(request), request.body), 'kyc.registry_added'),
  );

  app.delete(
    '/api/admin/kyc/cpf-registry/:cpf',
    {
      ...registrar,
      schema: {
        tags,
        security,
        summary: 'Removes a CPF from the sandbox registry (audited)',
        params: cpfRegistryParams,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await removeRegistryEntry(ctx, actorOf(request), request.params.cpf);
      return ok(request, null, 'kyc.registry_removed');
    },
  );
};
