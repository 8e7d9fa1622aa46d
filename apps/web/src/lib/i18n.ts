import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, LANGUAGES, type LanguageCode, normalizeLanguage } from '@casino/shared/languages';
import type { FeatureNamespace } from './i18n-namespaces.ts';
import { i18n } from './translation.ts';

type Catalogue = { default: Record<string, unknown> };

/**
 * One lazy chunk per language and namespace: only the active language is downloaded. `server`
 * holds the validation messages of the shared zod schemas (validation.json) (keys like "validation.password_min").
 */
const webCatalogues = import.meta.glob<Catalogue>('../../../../packages/shared/src/i18n/locales/*/web.json');
// Only the `validation.*` keys of the server namespace (validation.json): the rest are messages
// the server translates itself.
const serverCatalogues = import.meta.glob<Catalogue>('../../../../packages/shared/src/i18n/locales/*/validation.json');
/**
 * The sections of web.json the home page and the shell never show (vite.config.ts,
 * DEFERRED_WEB_SECTIONS: the wallet, sign-in and security forms, orders, fairness...), and the
 * form messages (validation.json): not in the first load. loadDeferredCatalogues adds them; every
 * page but the home page and every dialog opened over it await it before rendering.
 */
const deferredWebCatalogues = import.meta.glob<Catalogue>('../../../../packages/shared/src/i18n/locales/*/web.json', {
  query: '?deferred',
});
let deferredLoad: Promise<void> | undefined;

export function loadDeferredCatalogues(): Promise<void> {
  deferredLoad ??= (async () => {
    const language = currentLanguage();
    const pick = (loaders: Record<string, () => Promise<Catalogue>>) => {
      const loader = loaderFor(loaders, language) ?? loaderFor(loaders, DEFAULT_LANGUAGE);
      return loader ? loader().then((module) => module.default) : Promise.resolve({});
    };
    const [web, server] = await Promise.all([pick(deferredWebCatalogues), pick(serverCatalogues)]);
    i18n.addResourceBundle(language, 'web', web, true, false);
    i18n.addResourceBundle(language, 'server', server, true, true);
  })().catch((error: unknown) => {
    // A failed download (offline, a new release) is tried again by the next page that needs it.
    deferredLoad = undefined;
    throw error;
  });
  return deferredLoad;
}

/**
 * The feature namespaces (play, promo, loyalty, sports, care, community) come with the first page
 * that needs one: their catalogues' loaders live in i18n-namespaces.ts, itself downloaded then,
 * so the first load carries neither the catalogues nor their list.
 */
export const loadPlayNamespace = () => loadNamespace('play');
export const loadPromoNamespace = () => loadNamespace('promo');
export const loadLoyaltyNamespace = () => loadNamespace('loyalty');
export const loadSportsNamespace = () => loadNamespace('sports');
export const loadCareNamespace = () => loadNamespace('care');
export const loadCommunityNamespace = () => loadNamespace('community');

const namespaceLoads = new Map<string, Promise<void>>();

/** Adds a namespace of the active language once, however many callers ask at the same time. */
function loadNamespace(ns: FeatureNamespace): Promise<void> {
  let loading = namespaceLoads.get(ns);
  if (!loading) {
    const language = currentLanguage();
    loading = i18n.hasResourceBundle(language, ns)
      ? Promise.resolve()
      : import('./i18n-namespaces.ts')
          .then((m) => load(m.NAMESPACE_CATALOGUES[ns], language))
          .then((resources) => {
            i18n.addResourceBundle(language, ns, resources, true, true);
          })
          .catch(() => {
            // The list's chunk did not download (offline, a new release): the page still renders
            // (with the keys for texts), and the next caller asks again.
            namespaceLoads.delete(ns);
          });
    namespaceLoads.set(ns, loading);
  }
  return loading;
}

function loaderFor(loaders: Record<string, () => Promise<Catalogue>>, language: LanguageCode) {
  const suffix = `/locales/${language}/`;
  const entry = Object.entries(loaders).find(([path]) => path.includes(suffix));
  return entry?.[1];
}

async function load(loaders: Record<string, () => Promise<Catalogue>>, language: LanguageCode): Promise<Record<string, unknown>> {
  const loader = loaderFor(loaders, language) ?? loaderFor(loaders, DEFAULT_LANGUAGE);
  if (!loader) return {};
  try {
    return (await loader()).default;
  } catch {
    return {};
  }
}

/** The stored choice, else Portuguese (the spec's default language). */
export function storedLanguage(): LanguageCode {
  try {
    return normalizeLanguage(localStorage.getItem(LANGUAGE_STORAGE_KEY) ?? DEFAULT_LANGUAGE);
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export function currentLanguage(): LanguageCode {
  return normalizeLanguage(i18n.language);
}

export function htmlLangOf(language: LanguageCode): string {
  return LANGUAGES.find((l) => l.code === language)?.htmlLang ?? 'pt-BR';
}

/** Switching stores the code locally and reloads the page (spec section 1). */
export function switchLanguage(code: string): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, normalizeLanguage(code));
  } catch {
    // Without storage the choice cannot survive the reload; nothing else to do.
  }
  window.location.reload();
}

export async function initI18n(): Promise<LanguageCode> {
  const language = storedLanguage();
  // The form messages (server) and the rest of web.json come later (loadDeferredCatalogues).
  const web = await load(webCatalogues, language);
  i18n.init(language, { web, server: {} });
  document.documentElement.lang = htmlLangOf(language);
  return language;
}

const MESSAGE_KEY = /^[a-z0-9_]+(\.[a-z0-9_]+)+$/;

/**
 * Messages are either catalogue keys of the `server` namespace (client-side zod errors) or texts
 * the server already translated; keys are translated, texts are shown as they are.
 */
export function translateMessage(message: string | undefined): string {
  if (!message) return '';
  if (MESSAGE_KEY.test(message) && i18n.exists(message, { ns: 'server' })) {
    return i18n.t(message, { ns: 'server' });
  }
  return message;
}
