import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import type { Config } from '../../config.ts';
import type { FileStorage } from '../../context.ts';

/**
 * Where identity documents are kept (docs/IDENTITY.md): a folder on this server by default, an
 * S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, ...) with KYC_STORAGE=s3. Keys are ours
 * (`kyc/<member>/<random>/<side>.<ext>`), checked against one pattern so no key can climb out of
 * the folder or name another bucket's object.
 */
const KEY_PATTERN = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_.-]*)*$/;

function checkKey(key: string): string {
  if (key.length > 200 || !KEY_PATTERN.test(key) || key.includes('..')) throw new Error(`invalid storage key: ${key}`);
  return key;
}

/** A folder on this server; each file is written to a temporary name and renamed, so a reader never sees half of one. */
export function createLocalStorage(root: string): FileStorage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const path = resolve(join(base, checkKey(key)));
    if (!path.startsWith(base + sep)) throw new Error(`invalid storage key: ${key}`);
    return path;
  };
  return {
    name: 'local',
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true, mode: 0o700 });
      const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(temporary, bytes, { mode: 0o600 });
      await rename(temporary, path);
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(pathOf(key)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

export interface S3Options {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** endpoint/bucket/key (MinIO and most compatible stores) rather than bucket.endpoint/key. */
  pathStyle: boolean;
  /** The HTTP client (tests pass one that records the requests). */
  fetch?: (request: Request) => Promise<Response>;
  /** The signing time (tests fix it; the default is now). */
  now?: () => Date;
  timeoutMs?: number;
}

/** The object's address: path-style `https://endpoint/bucket/key`, or virtual-hosted `https://bucket.endpoint/key`. */
export function s3ObjectUrl(options: Pick<S3Options, 'endpoint' | 'bucket' | 'pathStyle'>, key: string): string {
  const endpoint = new URL(options.endpoint);
  const path = checkKey(key).split('/').map(encodeURIComponent).join('/');
  const prefix = endpoint.pathname.replace(/\/+$/, '');
  if (options.pathStyle) return `${endpoint.origin}${prefix}/${options.bucket}/${path}`;
  return `${endpoint.protocol}//${options.bucket}.${endpoint.host}${prefix}/${path}`;
}

/**
 * An S3-compatible bucket, each request signed with AWS Signature Version 4 (aws4fetch). The
 * objects are private: only this server, with its keys, reads them back.
 */
export function createS3Storage(options: S3Options): FileStorage {
  const client = new AwsClient({
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    service: 's3',
    region: options.region,
    retries: 0,
  });
  const send = options.fetch ?? ((request: Request) => fetch(request));
  const timeoutMs = options.timeoutMs ?? 15_000;
  const call = async (method: 'PUT' | 'GET' | 'DELETE', key: string, init: { body?: Uint8Array; mime?: string } = {}) => {
    // The payload's hash is signed (not UNSIGNED-PAYLOAD), so a document cannot be swapped in transit.
    const headers: Record<string, string> = {
      'x-amz-content-sha256': createHash('sha256')
        .update(init.body ?? '')
        .digest('hex'),
    };
    if (init.body) headers['content-type'] = init.mime ?? 'application/octet-stream';
    const request = await client.sign(s3ObjectUrl(options, key), {
      method,
      headers,
      ...(init.body ? { body: init.body } : {}),
      ...(options.now
        ? {
            aws: {
              datetime: options
                .now()
                .toISOString()
                .replace(/[:-]|\.\d{3}/g, ''),
            },
          }
        : {}),
      signal: AbortSignal.timeout(timeoutMs),
    });
    return send(request);
  };
  const fail = async (what: string, response: Response) => {
    const detail = (await response.text().catch(() => '')).slice(0, 300);
    return new Error(`S3 ${what} answered ${response.status}: ${detail}`);
  };
  return {
    name: 's3',
    async put(key, bytes, mime) {
      const response = await call('PUT', key, { body: bytes, mime });
      if (!response.ok) throw await fail(`PUT ${key}`, response);
    },
    async get(key) {
      const response = await call('GET', key);
      if (response.status === 404) return null;
      if (!response.ok) throw await fail(`GET ${key}`, response);
      return new Uint8Array(await response.arrayBuffer());
    },
    async remove(key) {
      const response = await call('DELETE', key);
      if (!response.ok && response.status !== 404) throw await fail(`DELETE ${key}`, response);
    },
  };
}

/** The storage the configuration names (the config refuses s3 without its four settings). */
export function createFileStorage(config: Config): FileStorage {
  if (config.KYC_STORAGE === 's3') {
    return createS3Storage({
      endpoint: config.KYC_S3_ENDPOINT ?? '',
      bucket: config.KYC_S3_BUCKET ?? '',
      region: config.KYC_S3_REGION,
      accessKeyId: config.KYC_S3_ACCESS_KEY_ID ?? '',
      secretAccessKey: config.KYC_S3_SECRET_ACCESS_KEY ?? '',
      pathStyle: config.KYC_S3_PATH_STYLE,
    });
  }
  return createLocalStorage(config.KYC_STORAGE_DIR);
}
