import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { buildApp } from '../app.ts';
import { startRuntime } from '../bootstrap.ts';
import { loadConfig } from '../config.ts';
import type { AppContext } from '../context.ts';

export const TEST_ADMIN_PASSWORD = 'test-admin-Secret-1';
const POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  close(): Promise<void>;
}

/** The session lock under which a test schema is migrated or dropped (createTestApp). */
const SCHEMA_DDL_LOCK = 4_711_001;

/**
 * A real server (buildApp) on a fresh database: a temporary SQLite file, or its own schema in the
 * PostgreSQL `test` database when TEST_DB=postgres. Requests go through `inject`, no network.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { onStatement?: (sql: string) => void } = {},
): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    CASINO_CAPTCHA: 'disabled',
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    LOG_LEVEL: 'silent',
    ...env,
  });
  const log = pino({ level: 'silent' });
  if (process.env.TEST_DB === 'postgres') {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    // Migrating reads the catalogue of every schema (Kysely's table introspection), which fails
    // with "schema ... does not exist" when another test file drops its schema at that moment
    // (the suite runs three files at a time): migrations and drops take turns.
    await admin.query('select pg_advisory_lock($1)', [SCHEMA_DDL_LOCK]);
    let runtime: Awaited<ReturnType<typeof startRuntime>>;
    try {
      runtime = await startRuntime(config, log, { databaseUrl: POSTGRES_URL, schema, ...options });
    } finally {
      await admin.end();
    }
    const app = await buildApp(runtime.ctx, { serveSites: false });
    return {
      app,
      ctx: runtime.ctx,
      async close() {
        await app.close();
        await runtime.close();
        const cleanup = new pg.Client({ connectionString: POSTGRES_URL });
        await cleanup.connect();
        try {
          await cleanup.query('select pg_advisory_lock($1)', [SCHEMA_DDL_LOCK]);
          await cleanup.query(`drop schema ${schema} cascade`);
        } finally {
          await cleanup.end();
        }
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'casino-test-'));
  const runtime = await startRuntime(config, log, { databaseUrl: `sqlite:${join(dir, 'test.db')}`, ...options });
  const app = await buildApp(runtime.ctx, { serveSites: false });
  return {
    app,
    ctx: runtime.ctx,
    async close() {
      await app.close();
      await runtime.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A database of its own for tests that start server processes: a temporary SQLite file, or a new
 * PostgreSQL database when TEST_DB=postgres. Answers its URL and how to drop it.
 */
export async function createIsolatedDatabase(): Promise<{ url: string; cleanup(): Promise<void> }> {
  if (process.env.TEST_DB === 'postgres') {
    const name = `iso_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    return {
      url: POSTGRES_URL.replace(/\/[^/]*$/, `/${name}`),
      async cleanup() {
        const c = new pg.Client({ connectionString: POSTGRES_URL });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'casino-iso-'));
  return { url: `sqlite:${join(dir, 'casino.db')}`, cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
}

let phoneCounter = 0;
/** A unique valid Brazilian mobile number per call. */
export function uniquePhone(): string {
  phoneCounter += 1;
  const tail = String((Date.now() % 1_000_000) * 100 + (phoneCounter % 100))
    .padStart(8, '0')
    .slice(-8);
  return `+55119${tail}`;
}

let accountCounter = 0;
export function uniqueAccount(prefix = 'player'): string {
  accountCounter += 1;
  return `${prefix}${randomBytes(3).toString('hex')}${accountCounter}`;
}

export function registration<T extends Record<string, unknown>>(overrides: T = {} as T) {
  const password = 'secret123';
  return {
    account: uniqueAccount(),
    password,
    password_confirmation: password,
    realname: 'Maria da Silva',
    phone: uniquePhone(),
    captcha_key: 'x',
    captcha: 'x',
    agree: true,
    ...overrides,
  };
}

export function json(response: LightMyRequestResponse) {
  return response.json() as {
    code: number;
    status: string;
    message: string;
    data: any;
    errors?: Record<string, string[]>;
    force_offline?: boolean;
    error_code?: string;
  };
}

/** Registers a member and answers its token, id and the body used. */
export async function registerMember(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const body = registration(overrides);
  const response = await app.inject({ method: 'POST', url: '/api/auth/register2', payload: body });
  if (response.statusCode !== 200) throw new Error(`registration failed: ${response.body}`);
  const data = json(response).data;
  return { token: data.token as string, id: data.user.id as number, user: data.user, body };
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

export async function adminToken(app: FastifyInstance): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/admin/auth/login',
    payload: { username: 'admin', password: TEST_ADMIN_PASSWORD },
  });
  if (response.statusCode !== 200) throw new Error(`admin login failed: ${response.body}`);
  return json(response).data.token;
}
