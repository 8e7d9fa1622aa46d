import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's GET answer is the same for every visitor asking the same URL (the catalogue,
     * the site data): it carries a weak ETag and is revalidated (issue 13, item 6).
     */
    publicEtag?: boolean;
  }
}

/** The route config that opts a GET route into ETags. */
export const PUBLIC_ETAG = { publicEtag: true } as const;

/** A call with a credential may get a member's own answer (`is_followed`): never validated by ETag. */
function carriesCredential(request: FastifyRequest): boolean {
  const header = request.headers.authorization;
  return typeof header === 'string' && !/^(Bearer)?\s*$/i.test(header.trim());
}

/** Weak comparison (RFC 9110 8.8.3.2): `W/` is ignored; `*` matches any answer. */
function matches(ifNoneMatch: string, etag: string): boolean {
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === opaque;
  });
}

/**
 * Routes with `config: PUBLIC_ETAG` answer a visitor's GET with a weak ETag (a hash of the JSON
 * answer) and `cache-control: no-cache`, and answer 304 with no body when the browser's
 * If-None-Match names it: the browser keeps its copy and the catalogue is not sent again. Member
 * calls (Authorization) and answers other than 200 are left as they are.
 */
export function installPublicEtags(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return payload;
    if (request.routeOptions.config?.publicEtag !== true || reply.statusCode !== 200) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const vary = reply.getHeader('vary');
    reply.header('vary', vary ? `${String(vary)}, authorization` : 'authorization');
    if (carriesCredential(request)) return payload;
    const etag = `W/"${createHash('sha1').update(payload).digest('base64url')}"`;
    reply.header('etag', etag);
    reply.header('cache-control', 'no-cache');
    const ifNoneMatch = request.headers['if-none-match'];
    if (typeof ifNoneMatch === 'string' && matches(ifNoneMatch, etag)) {
      reply.code(304);
      reply.removeHeader('content-type');
      reply.removeHeader('content-length');
      return '';
    }
    return payload;
  });
}
