import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * How this server calls its own routes, as an outside party would: the sandbox PSP's bank page
 * delivering its webhook, the sandbox provider's server calling the seamless wallet. Over HTTP to
 * the address the server really listens on (loopback, at the port it was given or chose), never
 * through PUBLIC_URL: that is where players reach the site (a proxy, a CDN, another port), which
 * this host may not reach at all. An app that does not listen (API tests) is called in-process.
 */
export interface SelfRequest {
  path: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
}
export interface SelfResponse {
  status: number;
  body: string;
}
/** Sends one POST; throws when no answer came (connection refused, timeout). */
export type SelfCall = (request: SelfRequest) => Promise<SelfResponse>;

/** `http://<loopback or the bound interface>:<port>` of a listening server, or null before it listens. */
export function listeningUrl(server: Server): string | null {
  const address = server.listening ? server.address() : null;
  if (!address || typeof address === 'string') return null;
  const { address: host, port } = address as AddressInfo;
  const reachable = host === '::' || host === '0.0.0.0' ? '127.0.0.1' : host;
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
}

export function selfCall(app: FastifyInstance): SelfCall {
  return async ({ path, body, headers, timeoutMs }) => {
    const base = listeningUrl(app.server);
    if (!base) {
      const response = await app.inject({ method: 'POST', url: path, payload: body, headers });
      return { status: response.statusCode, body: response.body };
    }
    const response = await fetch(new URL(path, base), { method: 'POST', body, headers, signal: AbortSignal.timeout(timeoutMs) });
    return { status: response.status, body: await response.text() };
  };
}
