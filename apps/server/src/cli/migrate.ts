import { createLogger, startRuntime } from '../bootstrap.ts';
import { loadConfig } from '../config.ts';

const config = loadConfig();
const runtime = await startRuntime(config, createLogger(config));
console.log('database is up to date');
await runtime.close();
