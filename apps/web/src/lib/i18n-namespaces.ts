type Catalogue = { default: Record<string, unknown> };

/**
 * The feature namespaces' catalogues, one lazy chunk per language and namespace (i18n.ts loads
 * this module with the first page that needs one of them):
 * - play: the house games' screens;
 * - promo: the promotions pages;
 * - loyalty: VIP, rebates and the agency programme;
 * - sports: the sportsbook and the virtual league;
 * - care: responsible gaming and identity (the centre and the reality check);
 * - community: the chat and its rain, the live wins strip, support, site popups and the terms notices.
 */
export const NAMESPACE_CATALOGUES = {
  play: import.meta.glob<Catalogue>('../../../../packages/shared/src/i18n/locales/*/play.json'),
  promo: import.meta.glob<Catalogue>('../../../../packages/shared/src/i18n/locales/*/promo.json'),
  loyalty: import.meta.glob<Catalogue>('../../../../packages/shared/src/i18n/locales/*/loyalty.json'),
  sports: import.meta.glob<Catalogue>('../../../../packages/shared/src/i18n/locales/*/sports.json'),
  care: import.meta.glob<Catalogue>('../../../../packages/shared/src/i18n/locales/*/care.json'),
  community: import.meta.glob<Catalogue>('../../../../packages/shared/src/i18n/locales/*/community.json'),
};

export type FeatureNamespace = keyof typeof NAMESPACE_CATALOGUES;
