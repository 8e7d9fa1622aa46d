// A keep-alive HTTP client for the benches: `connections` sockets, each sending its next request
// when the previous answer arrives (closed loop). Counts answers by status class.
import http from 'node:http';
import { type Measured, summarize } from './measure.ts';

export interface HttpRun extends Measured {
  fiveHundreds: number;
  failures: number;
}

export async function httpLoad(options: {
  port: number;
  connections: number;
  total: number;
  request: (i: number) => { path: string; headers?: Record<string, string>; body: unknown };
}): Promise<HttpRun> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const latencies: number[] = [];
  let next = 0;
  let fiveHundreds = 0;
  let failures = 0;
  const send = (i: number) =>
    new Promise<void>((resolve, reject) => {
      const { path, headers, body } = options.request(i);
      const payload = JSON.stringify(body);
      const req = http.request(
        {
          host: '127.0.0.1',
          port: options.port,
          method: 'POST',
          path,
          agent,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...headers },
        },
        (res) => {
          const status = res.statusCode ?? 0;
          if (status >= 500) fiveHundreds += 1;
          else if (status !== 200) failures += 1;
          res.resume();
          res.on('end', resolve);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (next < options.total) {
        const i = next++;
        const t0 = performance.now();
        await send(i);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const measured = summarize(latencies, performance.now() - started);
  agent.destroy();
  return { ...measured, fiveHundreds, failures };
}
