import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './router.tsx';
import { navigationAllowlist, pathPattern, SITE_PATHS } from './route-paths.ts';

const join = (parent: string, path: string) => (path.startsWith('/') ? path : `${parent.replace(/\/$/, '')}/${path}`);

/** Every path of a route table, absolute ('/sports/fixture/:id'), leaving out the catch-all. */
function tablePaths(table: RouteObject[], parent = ''): string[] {
  return table.flatMap((route) => {
    if (route.path === '*') return [];
    const path = route.path === undefined ? parent : join(parent, route.path);
    const own = route.path !== undefined || route.index ? [path || '/'] : [];
    return [...own, ...tablePaths(route.children ?? [], path)];
  });
}

const allowed = (url: string) => navigationAllowlist().some((pattern) => pattern.test(url));

describe('the site paths the service worker answers with the app shell', () => {
  it('are exactly the paths of the router table', () => {
    expect(new Set(tablePaths(routes))).toEqual(new Set(SITE_PATHS));
  });

  it('cover every page, with its parameters, query and a trailing slash', () => {
    for (const url of [
      '/',
      '/?invite_code=ABC123',
      '/profile',
      '/profile/',
      '/gameInfo?code=sandbox-tigre-sortudo',
      '/GAMEINFO?code=x',
      '/promotion/activity/lottery-wheel',
      '/sports',
      '/sports/fixture/42',
      '/sports/competition/brasileirao-a?tab=1',
      '/recharge-payment?order_no=D123',
    ]) {
      expect(allowed(url), url).toBe(true);
    }
  });

  it("leave the server's pages, the API and unknown addresses to the network", () => {
    for (const url of [
      '/sandbox-psp/pay/abcdefghijklmnopqrstuvwxyz0123?lang=pt',
      '/sandbox-psp/cob/abcdefghijklmnopqrstuvwxyz0123',
      '/sandbox-provider/play?token=x&game=sandbox-tigre-sortudo',
      '/admin',
      '/admin/withdrawals',
      '/api/auth/me',
      '/api/docs',
      '/static/flags/br.svg',
      '/ws',
      '/profile/extra',
      '/sports/fixture/42/more',
      '/gameInfoX',
      '/no-such-page',
    ]) {
      expect(allowed(url), url).toBe(false);
    }
  });

  it('reads a parameter as one segment', () => {
    expect(pathPattern('/sports/fixture/:id').test('/sports/fixture/7')).toBe(true);
    expect(pathPattern('/sports/fixture/:id').test('/sports/fixture/')).toBe(false);
    expect(pathPattern('/sports/fixture/:id').test('/sports/fixture/7/8')).toBe(false);
  });
});
