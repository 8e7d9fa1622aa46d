import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { cpfCheckDigits } from '../packages/shared/src/pix/cpf.ts';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOT_DIR = join(import.meta.dirname, '..', 'screenshots');
export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1440, height: 900 } as const;

export function baseURL(): string {
  return inject('baseURL');
}

export function adminCredentials() {
  return { username: 'admin', password: inject('adminPassword') };
}

/** Debian's Chromium, driven by playwright-core; there is no browser download on these machines. */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: install it with "apt-get install -y chromium"`);
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * A fresh context (own storages) at a viewport, in a language (pt unless told). The player site's
 * service worker is blocked unless asked for, so a test sees the server's answers as they are;
 * service-worker.e2e.test.ts runs the site with its worker installed.
 */
export async function newContext(
  browser: Browser,
  viewport: { width: number; height: number } = PHONE,
  locale = 'pt-BR',
  serviceWorkers: 'allow' | 'block' = 'block',
): Promise<BrowserContext> {
  return browser.newContext({ viewport, locale, baseURL: baseURL(), serviceWorkers });
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: false });
  return path;
}

/** A valid CPF no other test uses (CPFs are unique per member on the shared e2e server). */
export function randomCpf(): string {
  let base = '';
  do base = String(Math.floor(Math.random() * 1e9)).padStart(9, '0');
  while (new Set(base).size === 1);
  return base + cpfCheckDigits(base);
}

/**
 * After a failed test: a screenshot named after it and, in the log, what a player would see over
 * the page (open dialogs' text, the focused element), so a failure on CI can be read afterwards.
 */
export async function recordFailure(page: Page | undefined, name: string): Promise<void> {
  if (!page || page.isClosed()) return;
  const slug = `failed-${name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60)}`;
  await screenshot(page, slug).catch(() => undefined);
  const seen = await page
    .evaluate(() => ({
      url: location.pathname,
      dialogs: [...document.querySelectorAll('[role="dialog"],[role="alertdialog"]')].map((d) => (d.textContent ?? '').slice(0, 200)),
      focused: document.activeElement ? `${document.activeElement.tagName}#${document.activeElement.id}` : null,
    }))
    .catch(() => null);
  console.error(`[e2e] ${name}: ${JSON.stringify(seen)}`);
}
