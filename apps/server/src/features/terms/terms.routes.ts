import { API } from '@casino/shared/api-paths';
import { envelopeSchema } from '@casino/shared/envelope';
import { langField } from '@casino/shared/schemas/fields';
import { siteQuery } from '@casino/shared/schemas/site';
import {
  adminDocument,
  adminDocumentCreateBody,
  adminDocumentList,
  adminDocumentPublishBody,
  adminDocumentQuery,
  adminDocumentUpdateBody,
  idParams,
  termsAcceptBody,
  termsAcceptResponse,
  termsCurrentQuery,
  termsCurrentResponse,
  termsPendingResponse,
  termsStatusResponse,
} from '@casino/shared/schemas/terms';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { ok, requestLang } from '../../lib/http.ts';
import { memberOf, requireMember } from '../../platform/auth/guards.ts';
import { operatorOf, requireOperator } from '../../platform/auth/operator-guard.ts';
import { viewerAndSite } from '../../platform/sites/viewer.ts';
import * as service from './terms.service.ts';

/** Player calls (issue 15 item 4): the versions in force and announced, the member's acceptance. */
export const termsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['terms'];
  const security = [{ bearer: [] }];

  app.get(
    API.terms.current,
    {
      schema: {
        tags,
        summary: 'The version in force of the terms, privacy policy or responsible-gaming policy (Markdown), in the reader’s language',
        querystring: termsCurrentQuery.extend({ host: siteQuery.shape.host }),
        response: { 200: envelopeSchema(termsCurrentResponse) },
      },
    },
    async (request) => {
      const { site } = await viewerAndSite(ctx, request, request.query);
      return ok(request, await service.current(ctx, site, request.query.kind, requestLang(request)));
    },
  );

  app.get(
    API.terms.pending,
    {
      schema: {
        tags,
        summary: 'Versions published and not yet in force, with the dates they take effect (the update notice)',
        querystring: siteQuery,
        response: { 200: envelopeSchema(termsPendingResponse) },
      },
    },
    async (request) => {
      const { site } = await viewerAndSite(ctx, request, request.query);
      return ok(request, await service.pending(ctx, site, requestLang(request)));
    },
  );

  app.get(
    API.terms.status,
    {
      preValidation: requireMember(ctx),
      schema: {
        tags,
        security,
        summary: 'Whether terms in force wait for the member’s acceptance (bets answer 403 TERMS_NOT_ACCEPTED until then)',
        querystring: z.object({ lang: langField }),
        response: { 200: envelopeSchema(termsStatusResponse) },
      },
    },
    async (request) => ok(request, await service.status(ctx, memberOf(request).member)),
  );

  app.post(
    API.terms.accept,
    {
      preValidation: requireMember(ctx),
      schema: {
        tags,
        security,
        summary: 'The member accepts a published version { version, kind = terms }; stored with the time and IP',
        body: termsAcceptBody,
        response: { 200: envelopeSchema(termsAcceptResponse) },
      },
    },
    async (request) => ok(request, await service.accept(ctx, memberOf(request).member, request.body, request.ip ?? null), 'terms.accepted'),
  );
};

/** Back office: the documents editor (permission info.manage; every write audited). */
export const termsAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['back office'];
  const security = [{ bearer: [] }];
  const manage = { preValidation: requireOperator(ctx, 'info.manage') };
  const actorOf = (request: Parameters<typeof operatorOf>[0]) => ({ operatorId: operatorOf(request).operator.id, ip: request.ip });
  const langQuery = z.object({ lang: langField });

  app.get(
    API.admin.legalDocuments,
    {
      ...manage,
      schema: {
        tags,
        security,
        summary: 'Terms, privacy and responsible-gaming versions of a site: drafts, scheduled, current, superseded',
        querystring: adminDocumentQuery,
        response: { 200: envelopeSchema(adminDocumentList) },
      },
    },
    async (request) => ok(request, await service.listDocuments(ctx, request.query)),
  );

  app.post(
    API.admin.legalDocuments,
    {
      ...manage,
      schema: {
        tags,
        security,
        summary: 'A new draft (the next version of its kind), Markdown per language (Portuguese required); audited',
        body: adminDocumentCreateBody,
        response: { 200: envelopeSchema(adminDocument) },
      },
    },
    async (request) => ok(request, await service.createDraft(ctx, actorOf(request), request.body), 'terms.saved'),
  );

  app.get(
    '/api/admin/legal-documents/:id',
    {
      ...manage,
      schema: {
        tags,
        security,
        summary: 'One version',
        params: idParams,
        querystring: langQuery,
        response: { 200: envelopeSchema(adminDocument) },
      },
    },
    async (request) => ok(request, await service.getDocument(ctx, request.params.id)),
  );

  app.patch(
    '/api/admin/legal-documents/:id',
    {
      ...manage,
      schema: {
        tags,
        security,
        summary: 'Changes a draft’s titles or texts (a published version never changes); audited',
        params: idParams,
        body: adminDocumentUpdateBody,
        response: { 200: envelopeSchema(adminDocument) },
      },
    },
    async (request) => ok(request, await service.updateDraft(ctx, actorOf(request), request.params.id, request.body), 'terms.saved'),
  );

  app.delete(
    '/api/admin/legal-documents/:id',
    {
      ...manage,
      schema: {
        tags,
        security,
        summary: 'Deletes a draft; audited',
        params: idParams,
        querystring: langQuery,
        response: { 200: envelopeSchema(z.object({ id: z.number().int() })) },
      },
    },
    async (request) => ok(request, await service.deleteDraft(ctx, actorOf(request), request.params.id), 'terms.deleted'),
  );

  app.post(
    '/api/admin/legal-documents/:id/publish',
    {
      ...manage,
      schema: {
        tags,
        security,
        summary:
          'Publishes a draft with the date it takes effect: a change at least 14 days ahead (422 TERMS_NOTICE_TOO_SHORT), announced in the information centre and by e-mail; audited',
        params: idParams,
        body: adminDocumentPublishBody,
        response: { 200: envelopeSchema(adminDocument) },
      },
    },
    async (request) =>
      ok(request, await service.publish(ctx, actorOf(request), request.params.id, request.body.effective_at), 'terms.published'),
  );
};
