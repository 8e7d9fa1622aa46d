import { API } from '@casino/shared/player-api-paths';
import { LANGUAGES, normalizeLanguage } from '@casino/shared/languages';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api.ts';

export type LanguageItem = { code: string; name: string; flag: string };

type LanguageListAnswer = {
  supported_language?: { language_flag_link: string; language_name: string; language_code: string }[];
  languageList?: { icon: string; option: string; value: string }[];
};

/** The product's own list, used until (or if) the server's list does not arrive. */
export const FALLBACK_LANGUAGES: LanguageItem[] = LANGUAGES.map((l) => ({
  code: l.code,
  name: l.name,
  flag: `/static/flags/${l.flag}.svg`,
}));

function toItems(data: LanguageListAnswer | null | undefined): LanguageItem[] {
  const fromSupported = (data?.supported_language ?? []).map((l) => ({
    code: normalizeLanguage(l.language_code),
    name: l.language_name,
    flag: l.language_flag_link,
  }));
  const fromOptions = (data?.languageList ?? []).map((l) => ({
    code: normalizeLanguage(l.value),
    name: l.option,
    flag: l.icon,
  }));
  const items = fromSupported.length > 0 ? fromSupported : fromOptions;
  // Only codes the site has catalogues for, once each.
  const seen = new Set<string>();
  return items.filter((item) => {
    const known = LANGUAGES.some((l) => l.code === item.code);
    if (!known || seen.has(item.code)) return false;
    seen.add(item.code);
    return true;
  });
}

/** GET /api/language/getList (flags and names); the server picks the site from the Host header. */
export function useLanguages(enabled: boolean) {
  return useQuery({
    queryKey: ['languages'],
    enabled,
    staleTime: 10 * 60_000,
    queryFn: async ({ signal }) => {
      const answer = await apiGet<LanguageListAnswer>(API.languageList, {}, signal);
      const items = toItems(answer.data);
      return items.length > 0 ? items : FALLBACK_LANGUAGES;
    },
  });
}
