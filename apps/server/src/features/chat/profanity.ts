import { DataSet, englishDataset, englishRecommendedTransformers, parseRawPattern, RegExpMatcher } from 'obscenity';

/**
 * The chat's profanity filter, English and Portuguese, on the `obscenity` library (MIT, kept, with
 * TypeScript types; it resolves leetspeak, look-alike letters and stretched letters like "fuuuck").
 * English uses the library's own dataset. For Portuguese no kept library has a usable list (the
 * ones on npm are machine translations that block "vamos", "boa sorte" or "por favor"), so the list
 * below is ours: Brazilian swear words and slurs, reviewed by hand, whole words where a prefix
 * would catch innocent words (`|cu|` is not "cuidado"). Accents are removed before matching, so
 * each entry is written without them; doubled letters are collapsed like the text is ("porra" and
 * "poorrraaa" are both "pora").
 */
const PORTUGUESE = [
  '|porra',
  '|caralh',
  '|krl|',
  '|crl|',
  '|puta|',
  '|putas|',
  '|puto|',
  '|putaria',
  '|pqp|',
  '|fdp|',
  '|vsf|',
  '|vtnc|',
  '|tnc|',
  '|foder',
  '|foda-se',
  '|fodase',
  '|fodid',
  '|fuder',
  '|fudid',
  '|buceta',
  '|boceta',
  '|xoxota',
  '|xereca',
  '|piroca',
  '|cacete|',
  '|merda',
  '|bosta|',
  '|cu|',
  '|cuzao',
  '|cuzinho',
  '|arrombad',
  '|viado',
  '|bicha|',
  '|sapatao',
  '|traveco',
  '|corno|',
  '|otario',
  '|babaca',
  '|vagabund',
  '|vadia',
  '|desgracad',
  '|punheta',
  '|boquete',
  '|escroto',
  '|retardad',
  '|filho da puta',
  '|tomar no cu',
  '|vai se foder',
];

const collapse = (word: string) => word.replace(/(.)\1+/g, '$1');

function portugueseDataset() {
  const dataset = new DataSet<{ word: string }>();
  for (const entry of PORTUGUESE) {
    dataset.addPhrase((phrase) => phrase.setMetadata({ word: entry }).addPattern(parseRawPattern(collapse(entry))));
  }
  return dataset;
}

const english = new RegExpMatcher({ ...englishDataset.build(), ...englishRecommendedTransformers });
const portuguese = new RegExpMatcher({ ...portugueseDataset().build(), ...englishRecommendedTransformers });

/** Lower case without accents ("Caralhô" -> "caralho"), as the Portuguese list is written. */
function plain(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Whether the text has a swear word or slur in English or Portuguese. */
export function hasProfanity(text: string): boolean {
  const normalized = plain(text);
  return english.hasMatch(normalized) || portuguese.hasMatch(collapse(normalized));
}
