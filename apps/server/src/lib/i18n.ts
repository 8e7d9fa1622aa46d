import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, type LanguageCode, normalizeLanguage } from '@casino/shared/languages';
import i18next, { type TFunction } from 'i18next';

const LOCALES_DIR = join(import.meta.dirname, '../../../../packages/shared/src/i18n/locales');

function loadResources() {
  const resources: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const lang of LANGUAGE_CODES) {
    resources[lang] = {};
    const dir = join(LOCALES_DIR, lang);
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
      // validation.json holds the `validation.*` keys of the server namespace in a file of their own,
      // so the player site's first load carries them without the rest of the server's messages.
      const ns = file === 'validation.json' ? 'server' : file.replace(/\.json$/, '');
      resources[lang][ns] = { ...resources[lang][ns], ...JSON.parse(readFileSync(join(dir, file), 'utf8')) };
    }
  }
  return resources;
}

const instance = i18next.createInstance();
await instance.init({
  resources: loadResources(),
  lng: DEFAULT_LANGUAGE,
  fallbackLng: 'en',
  supportedLngs: LANGUAGE_CODES,
  ns: ['server'],
  defaultNS: 'server',
  interpolation: { escapeValue: false },
  initAsync: false,
  showSupportNotice: false,
} as Parameters<typeof instance.init>[0]);

/** The server's messages in one language (namespace `server` of the shared catalogues). */
export function translator(lang: string | undefined): TFunction {
  return instance.getFixedT(normalizeLanguage(lang), 'server');
}

export function translate(lang: LanguageCode | string | undefined, key: string, values?: Record<string, unknown>): string {
  return translator(lang)(key, values ?? {}) as string;
}
