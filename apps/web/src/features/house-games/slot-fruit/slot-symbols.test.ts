import { CARNAVAL_SYMBOLS } from '@casino/games/slot-carnaval';
import { FRUIT_REELS, FRUIT_SYMBOLS } from '@casino/games/slot-fruit';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CarnavalSymbolDefs } from '../slot-carnaval/carnaval-symbols.tsx';
import { FruitSymbolDefs } from './fruit-symbols.tsx';
import { stripFiller } from './slot-reels.tsx';

/** Every id="..." in the markup, in order. */
const idsOf = (markup: string) => [...markup.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);

describe('slot symbol artwork', () => {
  // A gradient and a symbol sharing an id make <use> draw the gradient, i.e. nothing.
  it.each([
    ['fruit', FruitSymbolDefs, 'ff', FRUIT_SYMBOLS],
    ['carnaval', CarnavalSymbolDefs, 'cv', CARNAVAL_SYMBOLS],
  ] as const)('%s: one <symbol> per game symbol, and every id on the page is unique', (_, Defs, prefix, symbols) => {
    const markup = renderToStaticMarkup(createElement(Defs));
    const ids = idsOf(markup);
    expect(new Set(ids).size).toBe(ids.length);
    const symbolIds = [...markup.matchAll(/<symbol id="([^"]+)"/g)].map((m) => m[1]).sort();
    expect(symbolIds).toEqual(symbols.map((s) => `${prefix}-${s}`).sort());
  });

  it('fills a reel with the symbols that really sit above the new window on its strip', () => {
    const strip = FRUIT_REELS[0]!;
    const n = strip.length;
    for (const stop of [0, 5, n - 3, n - 1]) {
      const filler = stripFiller(strip, stop, 40);
      expect(filler).toHaveLength(40);
      // Just below the landing window on the moving strip comes the stop 3 further on, and so on, wrapping.
      for (const [i, symbol] of filler.entries()) expect(symbol).toBe(strip[(stop + 3 + i) % n]);
    }
  });
});
