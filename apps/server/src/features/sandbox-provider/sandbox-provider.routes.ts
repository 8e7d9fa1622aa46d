import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { API } from '@casino/shared/api-paths';
import { LANGUAGES, normalizeLanguage } from '@casino/shared/languages';
import { formatBRL } from '@casino/shared/money';
import { SANDBOX_PLAT_TYPE } from '@casino/shared/schemas/games';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { translate } from '../../lib/i18n.ts';
import { selfCall } from '../../lib/self-call.ts';
import {
  isSandboxGame,
  KENO_MAX_PICKS,
  KENO_NUMBERS,
  KENO_PAYS,
  PESCA_CATCHES,
  PESCA_TOTAL_WEIGHT,
  SANDBOX_RTP_BP,
  SANDBOX_STAKES,
  type SandboxGameCode,
  TIGRE_PAYS,
  TIGRE_SYMBOLS,
  validKenoPicks,
} from './sandbox-games.ts';
import { type RoundResult, SandboxProvider } from './sandbox-provider.service.ts';
import { findProviderSecret } from './sandbox-provider.repository.ts';
import { SeamlessWalletClient, type WalletTransport } from './wallet-client.ts';

/**
 * The built-in external aggregator, "Sandbox Studio". It stands where a remote provider would: its
 * game page (opened in the player site's frame) talks only to the provider's own endpoints
 * (/sandbox-provider/api/...), and the provider's server talks to the casino only through the
 * signed seamless wallet over HTTP, exactly like a third party. Its request shapes are its own,
 * not part of the casino's API contract.
 */

const PLAY_SCRIPT = readFileSync(join(import.meta.dirname, 'sandbox-play.js'), 'utf8');
const BASE = API.sandboxProviderPlay.replace(/\/play$/, '');
const RETRY_EVERY_MS = 5_000;

const playQuery = z.object({
  token: z.string().min(1).max(128).optional(),
  game: z.string().max(64).optional(),
  lang: z.string().max(8).optional(),
});
const sessionBody = z.object({ token: z.string().min(1).max(128), game: z.string().max(64), lang: z.string().max(8).optional() });
const playBody = sessionBody.extend({
  stake: z.number().int().positive().max(1_000_000),
  spot: z.number().int().min(1).max(3).optional(),
  picks: z.array(z.number().int()).max(KENO_MAX_PICKS).optional(),
});

const GAME_KEY: Record<SandboxGameCode, 'tigre' | 'pesca' | 'keno'> = {
  'sandbox-tigre-sortudo': 'tigre',
  'sandbox-pesca-dourada': 'pesca',
  'sandbox-keno-rapido': 'keno',
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** JSON inside a <script type="application/json"> block: no "</script>" can close it early. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  // The player site frames this page; a real provider would name the casino's origin here.
  "frame-ancestors 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "object-src 'none'",
].join('; ');

function pageTexts(lang: string) {
  const t = (key: string, values?: Record<string, unknown>) => translate(lang, `sandbox_provider.${key}`, values);
  const keys = [
    'studio',
    'tagline',
    'balance',
    'stake',
    'stake_down',
    'stake_up',
    'spin',
    'cast',
    'draw',
    'paytable',
    'close',
    'loading',
    'win',
    'no_win',
    'insufficient',
    'session_expired',
    'connection',
    'win_pending',
    'error',
    'stake_invalid',
    'picks_invalid',
    'choose_spot',
    'spot',
    'picks',
    'random',
    'clear',
    'hits',
    'picks_hits',
    'three_of',
    'multiplier',
    'rtp',
    ...TIGRE_SYMBOLS.map((s) => `symbol_${s}`),
    ...PESCA_CATCHES.map((c) => `fish_${c.fish}`),
  ];
  // Placeholders stay for the page to fill ({{amount}}, {{n}}, ...).
  return Object.fromEntries(
    keys.map((key) => [
      key,
      t(key, { amount: '{{amount}}', n: '{{n}}', count: '{{count}}', hits: '{{hits}}', symbol: '{{symbol}}', rtp: '{{rtp}}' }),
    ]),
  );
}

function gameConfig(game: SandboxGameCode) {
  if (game === 'sandbox-tigre-sortudo') return { symbols: TIGRE_SYMBOLS, pays: TIGRE_PAYS };
  if (game === 'sandbox-pesca-dourada') {
    return {
      catches: PESCA_CATCHES.map((c) => ({
        fish: c.fish,
        multiplierX100: c.multiplierX100,
        chanceBp: Math.round((c.weight * 10_000) / PESCA_TOTAL_WEIGHT),
      })),
    };
  }
  return { numbers: KENO_NUMBERS, maxPicks: KENO_MAX_PICKS, pays: KENO_PAYS };
}

function renderPage(game: SandboxGameCode, token: string, lang: string): string {
  const language = LANGUAGES.find((l) => l.code === lang) ?? LANGUAGES[0];
  const key = GAME_KEY[game];
  const title = translate(lang, `sandbox_provider.game_${key}`);
  const config = {
    game,
    kind: key,
    token,
    lang,
    locale: language.htmlLang,
    api: `${BASE}/api`,
    stakes: SANDBOX_STAKES[game],
    rtp: (SANDBOX_RTP_BP[game] / 100).toFixed(2),
    rule: translate(lang, `sandbox_provider.${key}_rule`),
    title,
    texts: pageTexts(lang),
    ...gameConfig(game),
  };
  return `<!doctype html>
<html lang="${escapeHtml(language.htmlLang)}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1,viewport-fit=cover"><link rel="icon" href="data:,">
<title>${escapeHtml(title)} · Sandbox Studio</title>
<style>${PAGE_CSS}</style></head>
<body class="game-${key}">
<div id="app" aria-busy="true"><p class="boot">${escapeHtml(translate(lang, 'sandbox_provider.loading'))}</p></div>
<script type="application/json" id="config">${scriptJson(config)}</script>
<script src="${BASE}/play.js" defer></script>
</body></html>`;
}

function notFoundPage(lang: string): string {
  const text = escapeHtml(translate(lang, 'sandbox_provider.not_found'));
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${text}</title><style>${PAGE_CSS}</style></head><body><div id="app"><p class="boot">${text}</p></div></body></html>`;
}

function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('content-security-policy', PAGE_CSP)
    .header('x-frame-options', 'SAMEORIGIN')
    .header('cache-control', 'no-store')
    .send(html);
}

const ERROR_STATUS: Record<string, number> = {
  INSUFFICIENT_FUNDS: 422,
  SESSION_EXPIRED: 401,
  INVALID_SIGNATURE: 502,
  CONNECTION: 502,
  STAKE_INVALID: 400,
  INVALID_REQUEST: 400,
};
const ERROR_TEXT: Record<string, string> = {
  INSUFFICIENT_FUNDS: 'insufficient',
  SESSION_EXPIRED: 'session_expired',
  CONNECTION: 'connection',
  STAKE_INVALID: 'stake_invalid',
};

function roundAnswer(result: RoundResult, lang: string) {
  if (!result.ok) {
    return {
      status: ERROR_STATUS[result.error] ?? 400,
      body: {
        ok: false,
        error: result.error,
        message: translate(lang, `sandbox_provider.${ERROR_TEXT[result.error] ?? 'error'}`),
        ...(result.balanceCentavos === undefined ? {} : { balance: result.balanceCentavos }),
      },
    };
  }
  const amount = formatBRL(result.winCentavos, lang);
  const message = result.winPending
    ? translate(lang, 'sandbox_provider.win_pending', { amount })
    : result.winCentavos > 0
      ? translate(lang, 'sandbox_provider.win', { amount })
      : translate(lang, 'sandbox_provider.no_win');
  return {
    status: 200,
    body: {
      ok: true,
      round_id: result.roundId,
      outcome: result.outcome,
      stake: result.stakeCentavos,
      win: result.winCentavos,
      balance: result.balanceCentavos,
      win_pending: result.winPending,
      message,
    },
  };
}

export interface SandboxProviderOptions {
  ctx: AppContext;
  /**
   * How the provider's server reaches the wallet (tests simulate lost answers); default: this
   * server over HTTP at the address it listens on, whatever PUBLIC_URL says.
   */
  transport?: WalletTransport;
}

export const sandboxProviderRoutes: FastifyPluginAsyncZod<SandboxProviderOptions> = async (app, { ctx, transport }) => {
  const secret = async () => {
    const walletSecret = await findProviderSecret(ctx.db, SANDBOX_PLAT_TYPE);
    if (!walletSecret) throw new Error('the sandbox provider has no wallet secret');
    return walletSecret;
  };
  const wallet = new SeamlessWalletClient({ platType: SANDBOX_PLAT_TYPE, secret, transport: transport ?? selfCall(app) });
  const provider = new SandboxProvider(wallet, undefined, (message, detail) => ctx.log.warn(detail ?? {}, message));
  const retry = setInterval(() => {
    if (provider.pendingCount > 0) provider.flushPending().catch((error) => ctx.log.error({ err: error }, 'sandbox provider retry failed'));
  }, RETRY_EVERY_MS);
  retry.unref();
  app.addHook('onClose', async () => clearInterval(retry));

  const hidden = { hide: true, tags: ['sandbox provider'] };

  app.get(API.sandboxProviderPlay, { schema: { ...hidden, querystring: playQuery } }, async (request, reply) => {
    const lang = normalizeLanguage(request.query.lang);
    const game = request.query.game ?? '';
    if (!isSandboxGame(game) || !request.query.token) return sendPage(reply, 404, notFoundPage(lang));
    return sendPage(reply, 200, renderPage(game, request.query.token, lang));
  });

  app.get(`${BASE}/play.js`, { schema: hidden }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=300').send(PLAY_SCRIPT),
  );

  app.post(`${BASE}/api/session`, { schema: { ...hidden, body: sessionBody } }, async (request, reply) => {
    const lang = normalizeLanguage(request.body.lang);
    if (!isSandboxGame(request.body.game))
      return reply.status(404).send({ ok: false, error: 'INVALID_REQUEST', message: translate(lang, 'sandbox_provider.not_found') });
    const answer = await provider.balance(request.body.token, request.body.game);
    if (!answer) return reply.status(502).send({ ok: false, error: 'CONNECTION', message: translate(lang, 'sandbox_provider.error') });
    if (answer.status !== 'OK') {
      const text = answer.status === 'SESSION_EXPIRED' ? 'session_expired' : 'error';
      return reply
        .status(ERROR_STATUS[answer.status] ?? 400)
        .send({ ok: false, error: answer.status, message: translate(lang, `sandbox_provider.${text}`) });
    }
    return { ok: true, balance: answer.balance ?? 0 };
  });

  app.post(`${BASE}/api/play`, { schema: { ...hidden, body: playBody } }, async (request, reply) => {
    const { token, game, stake, spot, picks } = request.body;
    const lang = normalizeLanguage(request.body.lang);
    if (!isSandboxGame(game))
      return reply.status(404).send({ ok: false, error: 'INVALID_REQUEST', message: translate(lang, 'sandbox_provider.not_found') });
    if (game === 'sandbox-keno-rapido' && !validKenoPicks(picks)) {
      return reply.status(400).send({ ok: false, error: 'INVALID_REQUEST', message: translate(lang, 'sandbox_provider.picks_invalid') });
    }
    const answer = roundAnswer(await provider.playRound(token, game, stake, { spot, picks }), lang);
    return reply.status(answer.status).send(answer.body);
  });
};

const PAGE_CSS = `
:root{color-scheme:dark;--bg:#0b1020;--panel:#141a33;--line:#27305a;--text:#eef1ff;--muted:#9aa3c7;--accent:#f5b301;--accent2:#ff6a3d;--good:#37d67a;--bad:#ff5d6c}
.game-pesca{--bg:#041a26;--panel:#082c3d;--line:#0f4a63;--accent:#ffd34d;--accent2:#21c7d9}
.game-keno{--bg:#140a26;--panel:#20123d;--line:#3a2466;--accent:#b98cff;--accent2:#ff4fa3}
*{box-sizing:border-box}html,body{margin:0;height:100%}
body{background:radial-gradient(120% 80% at 50% 0%,color-mix(in srgb,var(--accent2) 22%,var(--bg)) 0%,var(--bg) 60%);color:var(--text);font:15px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;-webkit-tap-highlight-color:transparent;overflow-x:hidden}
#app{min-height:100%;display:flex;flex-direction:column;max-width:560px;margin:0 auto;padding:env(safe-area-inset-top) 0 env(safe-area-inset-bottom)}
.boot{margin:auto;color:var(--muted)}
header{display:flex;align-items:center;gap:10px;padding:12px 16px}
.brand{display:flex;flex-direction:column;line-height:1.1;min-width:0}
.brand b{font-size:18px;letter-spacing:.3px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.brand small{color:var(--muted);font-size:11px;text-transform:uppercase;letter-spacing:1.2px}
.wallet{margin-left:auto;text-align:right;background:var(--panel);border:1px solid var(--line);border-radius:12px;padding:6px 12px}
.wallet small{display:block;color:var(--muted);font-size:11px}.wallet b{font-variant-numeric:tabular-nums;font-size:16px}
.wallet.bump b{animation:bump .5s ease}
@keyframes bump{40%{transform:scale(1.15);color:var(--good)}}
main{flex:1;display:flex;flex-direction:column;justify-content:center;padding:8px 16px;gap:12px}
.message{min-height:66px;display:flex;align-items:center;justify-content:center;margin:0 16px;padding:10px 14px;border-radius:12px;text-align:center;font-weight:600;background:var(--panel);border:1px solid var(--line);transition:background .3s}
.message.win{background:color-mix(in srgb,var(--good) 25%,var(--panel));border-color:var(--good)}
.message.bad{background:color-mix(in srgb,var(--bad) 22%,var(--panel));border-color:var(--bad)}
footer{padding:12px 16px 16px;display:grid;grid-template-columns:1fr auto;gap:10px;align-items:center}
.stake{display:flex;align-items:center;background:var(--panel);border:1px solid var(--line);border-radius:14px;overflow:hidden}
.stake button{width:48px;height:52px;border:0;background:transparent;color:var(--text);font-size:24px;cursor:pointer}
.stake button:disabled{opacity:.35}
.stake div{flex:1;text-align:center}.stake small{display:block;color:var(--muted);font-size:11px}.stake b{font-variant-numeric:tabular-nums}
.play{min-width:132px;height:56px;border:0;border-radius:16px;font-size:18px;font-weight:800;letter-spacing:.5px;color:#1a1200;background:linear-gradient(180deg,var(--accent),var(--accent2));box-shadow:0 6px 20px color-mix(in srgb,var(--accent2) 45%,transparent);cursor:pointer;text-transform:uppercase}
.play:disabled{filter:grayscale(.6) brightness(.7);cursor:default}
.play:not(:disabled):active{transform:translateY(2px)}
.links{grid-column:1/-1;display:flex;justify-content:space-between;color:var(--muted);font-size:12px}
.links button{background:none;border:0;color:var(--accent);font:inherit;text-decoration:underline;cursor:pointer;padding:4px 0}
dialog{border:1px solid var(--line);border-radius:18px;background:var(--panel);color:var(--text);padding:18px;max-width:min(480px,92vw);width:100%}
dialog::backdrop{background:#000a}
dialog h2{margin:0 0 6px;font-size:18px}dialog p{color:var(--muted);margin:0 0 12px}
table{width:100%;border-collapse:collapse;font-variant-numeric:tabular-nums}td,th{padding:6px 4px;border-bottom:1px solid var(--line);text-align:left}th{color:var(--muted);font-weight:600;font-size:12px}
td.num,th.num{text-align:right}
.close{margin-top:12px;width:100%;height:44px;border-radius:12px;border:1px solid var(--line);background:transparent;color:var(--text);font-weight:700}
/* tigre */
.machine{background:linear-gradient(180deg,#3b1d00,#1d0d00);border:3px solid var(--accent);border-radius:22px;padding:14px;box-shadow:0 0 40px color-mix(in srgb,var(--accent) 35%,transparent),inset 0 0 30px #0008}
.reels{display:grid;grid-template-columns:repeat(3,1fr);gap:8px;position:relative}
.reel{background:linear-gradient(180deg,#fff3d6,#fffaf0 50%,#fff3d6);border-radius:12px;height:min(62vw,300px);overflow:hidden;position:relative}
.strip{display:flex;flex-direction:column;position:absolute;left:0;right:0;top:0}
.cell{height:calc(min(62vw,300px)/3);display:flex;align-items:center;justify-content:center}
.cell svg{width:70%;height:80%}
.reel.spinning .strip{animation:spin .12s linear infinite;filter:blur(2px)}
@keyframes spin{from{transform:translateY(-50%)}to{transform:translateY(0)}}
.reel.stop .strip{animation:settle .35s cubic-bezier(.2,1.6,.4,1)}
@keyframes settle{from{transform:translateY(-12%)}to{transform:translateY(0)}}
.payline{position:absolute;left:-6px;right:-6px;top:50%;height:4px;margin-top:-2px;background:var(--accent2);opacity:.55;border-radius:2px;pointer-events:none}
.machine.won .payline{opacity:1;box-shadow:0 0 16px var(--accent2);animation:blink .4s 4}
.machine.won .reel .cell:nth-child(2){animation:glow .8s ease 2}
@keyframes blink{50%{opacity:.2}}@keyframes glow{50%{background:#ffe08a}}
/* pesca */
.lake{position:relative;height:min(80vw,360px);border-radius:22px;overflow:hidden;background:linear-gradient(180deg,#7fd3ff 0%,#2aa1d6 28%,#0a5f8a 60%,#053049 100%);box-shadow:inset 0 0 60px #0007}
.lake:before{content:"";position:absolute;left:-50%;right:-50%;top:26%;height:14px;background:repeating-radial-gradient(circle at 10px -4px,transparent 0 10px,#ffffff55 11px 12px,transparent 13px 22px);animation:waves 4s linear infinite}
@keyframes waves{to{transform:translateX(44px)}}
.boat{position:absolute;left:50%;top:12%;width:120px;margin-left:-60px}
.spots{position:absolute;left:0;right:0;bottom:10%;display:flex;justify-content:space-around}
.spotbtn{width:82px;height:82px;border-radius:50%;border:2px dashed #ffffffaa;background:radial-gradient(circle,#ffffff33,#ffffff08 60%);color:#fff;font-weight:700;cursor:pointer;transition:transform .2s}
.spotbtn[aria-pressed=true]{border-style:solid;border-color:var(--accent);background:radial-gradient(circle,color-mix(in srgb,var(--accent) 50%,transparent),transparent 70%);transform:scale(1.08)}
.line{position:absolute;top:22%;width:2px;background:#fff;transform-origin:top;opacity:0}
.lake.casting .line{opacity:.9;animation:cast .9s ease-out forwards}
@keyframes cast{from{transform:scaleY(0)}to{transform:scaleY(1)}}
.catch{position:absolute;left:50%;top:50%;transform:translate(-50%,-50%) scale(.2);opacity:0;text-align:center;background:#00000088;border-radius:18px;padding:12px 18px;backdrop-filter:blur(4px)}
.catch.show{animation:pop .5s cubic-bezier(.2,1.5,.4,1) forwards}
.catch svg{width:120px;height:80px}.catch b{display:block;font-size:18px}.catch span{color:var(--accent);font-weight:800;font-size:22px}
@keyframes pop{to{opacity:1;transform:translate(-50%,-50%) scale(1)}}
/* keno */
.board{display:grid;grid-template-columns:repeat(8,1fr);gap:6px}
.num{aspect-ratio:1;border-radius:10px;border:1px solid var(--line);background:var(--panel);color:var(--text);font-weight:700;font-size:15px;cursor:pointer;transition:transform .15s,background .2s}
.num[aria-pressed=true]{background:linear-gradient(180deg,var(--accent),color-mix(in srgb,var(--accent) 60%,#000));color:#140a26;border-color:var(--accent)}
.num.drawn{box-shadow:inset 0 0 0 3px var(--accent2)}
.num.hit{background:linear-gradient(180deg,#ffe066,#ff9f1c);color:#241400;animation:hit .5s ease}
@keyframes hit{50%{transform:scale(1.2)}}
.kenobar{display:flex;justify-content:space-between;align-items:center;gap:8px;color:var(--muted);font-size:13px}
.kenobar button{border:1px solid var(--line);background:var(--panel);color:var(--text);border-radius:10px;padding:8px 12px;font-weight:600;cursor:pointer}
.balls{display:flex;gap:4px;flex-wrap:wrap;min-height:34px;justify-content:center}
.ball{width:30px;height:30px;border-radius:50%;display:flex;align-items:center;justify-content:center;font-weight:800;font-size:13px;background:radial-gradient(circle at 35% 30%,#fff,var(--accent) 60%);color:#140a26;animation:drop .3s ease}
.ball.hit{background:radial-gradient(circle at 35% 30%,#fff,#ffb703 60%)}
@keyframes drop{from{transform:translateY(-20px);opacity:0}}
@media (min-width:700px){body{font-size:16px}#app{padding-top:16px}}
@media (prefers-reduced-motion:reduce){*{animation-duration:.01s!important;animation-iteration-count:1!important}}
`;
