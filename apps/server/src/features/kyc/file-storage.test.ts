import { createHash, createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AwsV4Signer } from 'aws4fetch';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalStorage, createS3Storage, s3ObjectUrl } from './file-storage.ts';

const ACCESS_KEY = 'AKIAIOSFODNN7EXAMPLE';
const SECRET_KEY = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';

const sha256Hex = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/**
 * Signature Version 4 written out from AWS's description (canonical request, string to sign,
 * derived key), independent of aws4fetch, to check what the adapter sends.
 */
function expectedSignature(request: Request, signedHeaders: string[], payloadHash: string): string {
  const url = new URL(request.url);
  const amzDate = request.headers.get('x-amz-date') ?? '';
  const day = amzDate.slice(0, 8);
  const canonicalHeaders = signedHeaders
    .map((name) => `${name}:${(name === 'host' ? url.host : (request.headers.get(name) ?? '')).trim()}\n`)
    .join('');
  const canonicalRequest = [request.method, url.pathname, url.search.slice(1), canonicalHeaders, signedHeaders.join(';'), payloadHash].join(
    '\n',
  );
  const scope = `${day}/us-east-1/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${SECRET_KEY}`, day), 'us-east-1'), 's3'), 'aws4_request');
  return createHmac('sha256', key).update(stringToSign).digest('hex');
}

describe('S3 request signing', () => {
  it("reproduces AWS's published example (GET Object, Signature Version 4)", async () => {
    const signer = new AwsV4Signer({
      method: 'GET',
      url: 'https://examplebucket.s3.amazonaws.com/test.txt',
      headers: { range: 'bytes=0-9', 'x-amz-content-sha256': sha256Hex('') },
      accessKeyId: ACCESS_KEY,
      secretAccessKey: SECRET_KEY,
      service: 's3',
      region: 'us-east-1',
      datetime: '20130524T000000Z',
      allHeaders: true,
    });
    expect(await signer.signature()).toBe('f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41');
  });

  it('builds path-style and virtual-hosted object addresses', () => {
    const key = 'kyc/12/ab12cd/front.jpg';
    expect(s3ObjectUrl({ endpoint: 'http://127.0.0.1:9000', bucket: 'docs', pathStyle: true }, key)).toBe(
      'http://127.0.0.1:9000/docs/kyc/12/ab12cd/front.jpg',
    );
    expect(s3ObjectUrl({ endpoint: 'https://s3.sa-east-1.amazonaws.com/', bucket: 'docs', pathStyle: false }, key)).toBe(
      'https://docs.s3.sa-east-1.amazonaws.com/kyc/12/ab12cd/front.jpg',
    );
    expect(() => s3ObjectUrl({ endpoint: 'http://x', bucket: 'docs', pathStyle: true }, '../other-bucket/secret')).toThrow();
    expect(() => s3ObjectUrl({ endpoint: 'http://x', bucket: 'docs', pathStyle: true }, 'kyc/a/../../b')).toThrow();
  });

  it('signs a PUT with the body hash and a GET, without the network', async () => {
    const sent: { request: Request; body: Uint8Array }[] = [];
    const stored = new Map<string, Uint8Array>();
    const storage = createS3Storage({
      endpoint: 'http://minio.test:9000',
      bucket: 'identity',
      region: 'us-east-1',
      accessKeyId: ACCESS_KEY,
      secretAccessKey: SECRET_KEY,
      pathStyle: true,
      now: () => new Date('2026-03-01T12:34:56.789Z'),
      fetch: async (request) => {
        const body = new Uint8Array(await request.clone().arrayBuffer());
        sent.push({ request, body });
        const path = new URL(request.url).pathname;
        if (request.method === 'PUT') stored.set(path, body);
        const found = stored.get(path);
        if (request.method === 'GET') return found ? new Response(found) : new Response('NoSuchKey', { status: 404 });
        return new Response(null, { status: 200 });
      },
    });
    const bytes = new TextEncoder().encode('%PDF-1.7 identity');
    await storage.put('kyc/7/f00d/front.pdf', bytes, 'application/pdf');
    expect(await storage.get('kyc/7/f00d/front.pdf')).toEqual(bytes);
    expect(await storage.get('kyc/7/f00d/back.pdf')).toBeNull();

    const put = sent[0]?.request;
    if (!put) throw new Error('no request was sent');
    expect(put.method).toBe('PUT');
    expect(put.url).toBe('http://minio.test:9000/identity/kyc/7/f00d/front.pdf');
    expect(put.headers.get('x-amz-date')).toBe('20260301T123456Z');
    expect(put.headers.get('content-type')).toBe('application/pdf');
    expect(put.headers.get('x-amz-content-sha256')).toBe(sha256Hex(bytes));
    expect(sent[0]?.body).toEqual(bytes);
    const authorization = put.headers.get('authorization') ?? '';
    const match = /^AWS4-HMAC-SHA256 Credential=(\S+), SignedHeaders=(\S+), Signature=([0-9a-f]{64})$/.exec(authorization);
    expect(match?.[1]).toBe(`${ACCESS_KEY}/20260301/us-east-1/s3/aws4_request`);
    const signedHeaders = (match?.[2] ?? '').split(';');
    expect(signedHeaders).toEqual(expect.arrayContaining(['host', 'x-amz-content-sha256', 'x-amz-date']));
    expect(match?.[3]).toBe(expectedSignature(put, signedHeaders, sha256Hex(bytes)));

    const get = sent[1]?.request;
    if (!get) throw new Error('no GET was sent');
    const getAuth = /SignedHeaders=(\S+), Signature=([0-9a-f]{64})$/.exec(get.headers.get('authorization') ?? '');
    expect(get.headers.get('x-amz-content-sha256')).toBe(sha256Hex(''));
    expect(getAuth?.[2]).toBe(expectedSignature(get, (getAuth?.[1] ?? '').split(';'), sha256Hex('')));
  });

  it('says what S3 answered when a write is refused', async () => {
    const storage = createS3Storage({
      endpoint: 'http://minio.test:9000',
      bucket: 'identity',
      region: 'us-east-1',
      accessKeyId: ACCESS_KEY,
      secretAccessKey: SECRET_KEY,
      pathStyle: true,
      fetch: async () => new Response('<Error><Code>AccessDenied</Code></Error>', { status: 403 }),
    });
    await expect(storage.put('kyc/1/a/front.png', new Uint8Array([1]), 'image/png')).rejects.toThrow(/403.*AccessDenied/);
  });
});

describe('local storage', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kyc-storage-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes, reads back and removes a file under its folder', async () => {
    const storage = createLocalStorage(dir);
    await storage.put('kyc/1/abc/selfie.png', new Uint8Array([1, 2, 3]), 'image/png');
    expect(await storage.get('kyc/1/abc/selfie.png')).toEqual(new Uint8Array([1, 2, 3]));
    await storage.remove('kyc/1/abc/selfie.png');
    expect(await storage.get('kyc/1/abc/selfie.png')).toBeNull();
  });

  it('refuses keys that would leave the folder', async () => {
    const storage = createLocalStorage(dir);
    await expect(storage.put('../escape.png', new Uint8Array([1]), 'image/png')).rejects.toThrow(/invalid storage key/);
    await expect(storage.get('/etc/passwd')).rejects.toThrow(/invalid storage key/);
  });
});
