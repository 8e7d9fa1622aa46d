// Benchmarks of the foundation's hot paths, printed as figures (not a timed test):
// - argon2id hashing (the cost of every login and registration);
// - authenticated POST /api/auth/me through the full Fastify stack, on SQLite and PostgreSQL.
// Run: npm run bench
import { cpus } from 'node:os';
import { hashPassword, verifyPassword } from '../apps/server/src/lib/passwords.ts';
import { bearer, createTestApp, registerMember } from '../apps/server/src/test/test-app.ts';

function line(name: string, count: number, ms: number) {
  console.log(
    `${name.padEnd(48)} ${String(count).padStart(7)} ops  ${ms.toFixed(0).padStart(7)} ms  ${((count / ms) * 1000).toFixed(0).padStart(8)} ops/s`,
  );
}

async function benchArgon2() {
  const hash = await hashPassword('secret123');
  const n = 20;
  let started = performance.now();
  for (let i = 0; i < n; i++) await hashPassword(`secret${i}`);
  line('argon2id hash (19 MiB, t=2)', n, performance.now() - started);
  started = performance.now();
  for (let i = 0; i < n; i++) await verifyPassword(hash, 'secret123');
  line('argon2id verify', n, performance.now() - started);
}

async function benchMe(db: 'sqlite' | 'postgres') {
  process.env.TEST_DB = db;
  const t = await createTestApp();
  try {
    const { token } = await registerMember(t.app);
    const headers = bearer(token);
    for (let i = 0; i < 200; i++) await t.app.inject({ method: 'POST', url: '/api/auth/me', headers });
    const total = 3000;
    const concurrency = 16;
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < total) {
          next += 1;
          const response = await t.app.inject({ method: 'POST', url: '/api/auth/me', headers });
          if (response.statusCode !== 200) throw new Error(`me answered ${response.statusCode}`);
        }
      }),
    );
    line(`POST /api/auth/me (${db}, ${concurrency} in flight)`, total, performance.now() - started);
  } finally {
    await t.close();
  }
}

console.log(`node ${process.version}, ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}`);
await benchArgon2();
await benchMe('sqlite');
await benchMe('postgres');
