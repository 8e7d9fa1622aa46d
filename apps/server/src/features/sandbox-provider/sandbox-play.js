// Sandbox Studio's game page: a third party's front end. It talks only to its own provider server
// (config.api); the provider server settles every stake with the casino's seamless wallet.
(() => {
  const config = JSON.parse(document.getElementById('config').textContent);
  const T = config.texts;
  const fill = (text, values) => text.replace(/\{\{(\w+)\}\}/g, (_, key) => String(values[key] ?? ''));
  const money = new Intl.NumberFormat(config.locale, { style: 'currency', currency: 'BRL' });
  const brl = (centavos) => money.format(centavos / 100);
  const times = (x100) => `${(x100 / 100).toLocaleString(config.locale, { maximumFractionDigits: 2 })}x`;
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const pause = (ms) => sleep(reducedMotion ? 0 : ms);

  const SVG_NS = 'http://www.w3.org/2000/svg';
  function svg(viewBox, markup) {
    const node = document.createElementNS(SVG_NS, 'svg');
    node.setAttribute('viewBox', viewBox);
    node.setAttribute('aria-hidden', 'true');
    node.innerHTML = markup;
    return node;
  }
  function h(tag, attrs = {}, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs)) {
      if (key === 'class') node.className = value;
      else if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
      else if (value !== false && value !== undefined) node.setAttribute(key, value === true ? '' : String(value));
    }
    for (const child of children.flat()) if (child !== null && child !== undefined) node.append(child);
    return node;
  }

  // ---- artwork ---------------------------------------------------------------------------------
  const SYMBOL_ART = {
    tiger:
      '<circle cx="50" cy="52" r="38" fill="#ff9a1f"/><path d="M20 24l10 14M80 24L70 38" stroke="#ff9a1f" stroke-width="12" stroke-linecap="round"/><path d="M50 14v16M34 18l6 14M66 18l-6 14M14 50h14M72 50h14M18 66l12-4M82 66l-12-4" stroke="#2b1400" stroke-width="5" stroke-linecap="round"/><ellipse cx="50" cy="68" rx="18" ry="13" fill="#fff4e0"/><circle cx="37" cy="46" r="5" fill="#2b1400"/><circle cx="63" cy="46" r="5" fill="#2b1400"/><path d="M44 62h12l-6 7z" fill="#2b1400"/>',
    seven:
      '<text x="50" y="80" font-size="86" font-weight="900" text-anchor="middle" font-family="Georgia,serif" fill="#e3121b" stroke="#7a0008" stroke-width="3">7</text>',
    bar: '<rect x="8" y="32" width="84" height="36" rx="8" fill="#1d1d1d" stroke="#f5b301" stroke-width="4"/><text x="50" y="60" font-size="26" font-weight="900" text-anchor="middle" fill="#f5b301" font-family="Arial,sans-serif">BAR</text>',
    bell: '<path d="M50 12c-18 0-26 16-26 34v14l-8 12h68l-8-12V46c0-18-8-34-26-34z" fill="#ffd23f" stroke="#b07d00" stroke-width="4"/><circle cx="50" cy="80" r="8" fill="#b07d00"/>',
    orange:
      '<circle cx="50" cy="56" r="34" fill="#ff8c1a" stroke="#c45f00" stroke-width="3"/><path d="M52 22c6-10 18-12 24-8-6 8-16 10-24 8z" fill="#3aa345"/><circle cx="40" cy="46" r="5" fill="#ffb866"/>',
    cherry:
      '<path d="M36 70C40 44 54 24 72 14M64 70C62 50 66 30 72 14" stroke="#3aa345" stroke-width="5" fill="none"/><circle cx="34" cy="72" r="16" fill="#d7102a"/><circle cx="64" cy="72" r="16" fill="#b00c22"/><circle cx="29" cy="67" r="4" fill="#ff7a8a"/>',
  };
  const FISH_COLORS = { lambari: '#c8d6e5', tilapia: '#8395a7', tucunare: '#6ab04c', pirarucu: '#c0392b', dourado: '#f9ca24' };
  function fishArt(fish) {
    if (fish === 'treasure') {
      return svg(
        '0 0 120 80',
        '<rect x="20" y="30" width="80" height="42" rx="6" fill="#8e5a2b" stroke="#f5c542" stroke-width="4"/><path d="M20 34c0-18 80-18 80 0z" fill="#a86b34" stroke="#f5c542" stroke-width="4"/><rect x="54" y="38" width="12" height="14" rx="2" fill="#f5c542"/><circle cx="40" cy="24" r="5" fill="#ffe066"/><circle cx="82" cy="20" r="4" fill="#ffe066"/>',
      );
    }
    if (fish === 'boot') {
      return svg(
        '0 0 120 80',
        '<path d="M40 8h30v40l30 8c8 2 10 18 0 18H40z" fill="#6d4c41" stroke="#3e2723" stroke-width="4"/><path d="M40 62h60" stroke="#3e2723" stroke-width="4"/>',
      );
    }
    if (fish === 'nothing') {
      return svg(
        '0 0 120 80',
        '<path d="M40 76c-6-20 10-30 0-50M60 76c4-22-8-32 4-56M80 76c-6-18 8-26 0-44" stroke="#2ecc71" stroke-width="6" fill="none" stroke-linecap="round"/>',
      );
    }
    const color = FISH_COLORS[fish] ?? '#c8d6e5';
    return svg(
      '0 0 120 80',
      `<path d="M10 40c20-30 70-30 86 0-16 30-66 30-86 0z" fill="${color}" stroke="#0008" stroke-width="3"/><path d="M94 40l22-18v36z" fill="${color}" stroke="#0008" stroke-width="3"/><circle cx="30" cy="36" r="5" fill="#111"/><path d="M50 24c6 10 6 22 0 32" stroke="#0005" stroke-width="3" fill="none"/>`,
    );
  }

  // ---- state and frame -------------------------------------------------------------------------
  const state = { balance: null, stakeIndex: Math.max(0, config.stakes.indexOf(100)), busy: false, spot: 2, picks: [], ready: false };
  const stake = () => config.stakes[state.stakeIndex];

  const balanceText = h('b', {}, '—');
  const wallet = h('div', { class: 'wallet', 'aria-live': 'polite' }, h('small', {}, T.balance), balanceText);
  const message = h('p', { class: 'message', role: 'status', 'aria-live': 'polite' }, config.rule);
  const stakeText = h('b', {}, brl(stake()));
  const down = h('button', { type: 'button', 'aria-label': T.stake_down, onclick: () => changeStake(-1) }, '−');
  const up = h('button', { type: 'button', 'aria-label': T.stake_up, onclick: () => changeStake(1) }, '+');
  const playLabel = config.kind === 'tigre' ? T.spin : config.kind === 'pesca' ? T.cast : T.draw;
  const playButton = h('button', { type: 'button', class: 'play', disabled: true, onclick: () => void play() }, playLabel);
  const dialog = h('dialog', { 'aria-labelledby': 'paytable-title' });

  function setBalance(centavos, bump) {
    if (typeof centavos !== 'number') return;
    state.balance = centavos;
    balanceText.textContent = brl(centavos);
    if (bump) {
      wallet.classList.remove('bump');
      void wallet.offsetWidth;
      wallet.classList.add('bump');
    }
  }
  function say(text, tone) {
    message.textContent = text;
    message.className = `message${tone ? ` ${tone}` : ''}`;
  }
  function refreshControls() {
    down.disabled = state.busy || state.stakeIndex === 0;
    up.disabled = state.busy || state.stakeIndex === config.stakes.length - 1;
    const kenoReady = config.kind !== 'keno' || state.picks.length > 0;
    playButton.disabled = state.busy || !state.ready || !kenoReady;
    stakeText.textContent = brl(stake());
  }
  function changeStake(step) {
    state.stakeIndex = Math.min(config.stakes.length - 1, Math.max(0, state.stakeIndex + step));
    refreshControls();
  }

  async function api(path, body) {
    try {
      const response = await fetch(`${config.api}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...body, token: config.token, game: config.game, lang: config.lang }),
      });
      return await response.json();
    } catch {
      return { ok: false, message: T.error };
    }
  }

  // ---- Tigre Sortudo -----------------------------------------------------------------------------
  function tigreStage() {
    const reels = [0, 1, 2].map(() => h('div', { class: 'reel' }, h('div', { class: 'strip' })));
    const machine = h('div', { class: 'machine' }, h('div', { class: 'reels' }, reels, h('div', { class: 'payline' })));
    const cell = (symbol) => h('div', { class: 'cell', title: T[`symbol_${symbol}`] }, svg('0 0 100 100', SYMBOL_ART[symbol]));
    const show = (reel, symbols) => reel.firstChild.replaceChildren(...symbols.map(cell));
    const randomSymbols = (n) => Array.from({ length: n }, () => config.symbols[Math.floor(Math.random() * config.symbols.length)]);
    for (const reel of reels) show(reel, randomSymbols(3));
    return {
      node: machine,
      start() {
        machine.classList.remove('won');
        for (const reel of reels) {
          reel.classList.remove('stop');
          show(reel, randomSymbols(6));
          reel.classList.add('spinning');
        }
      },
      async finish(outcome, won) {
        for (let i = 0; i < reels.length; i++) {
          await pause(i === 0 ? 350 : 280);
          reels[i].classList.remove('spinning');
          if (outcome) show(reels[i], outcome.reels[i]);
          reels[i].classList.add('stop');
        }
        if (won) machine.classList.add('won');
      },
    };
  }
  function tigrePaytable() {
    return h(
      'table',
      {},
      h('tr', {}, h('th', {}, ''), h('th', { class: 'num' }, T.multiplier)),
      config.symbols.map((symbol) =>
        h(
          'tr',
          {},
          h('td', {}, fill(T.three_of, { symbol: T[`symbol_${symbol}`] })),
          h('td', { class: 'num' }, times(config.pays[symbol])),
        ),
      ),
    );
  }

  // ---- Pesca Dourada -----------------------------------------------------------------------------
  function pescaStage() {
    const line = h('div', { class: 'line' });
    const catchCard = h('div', { class: 'catch', 'aria-hidden': 'true' });
    const spots = [1, 2, 3].map((n) =>
      h(
        'button',
        {
          type: 'button',
          class: 'spotbtn',
          'aria-pressed': String(n === state.spot),
          onclick: () => {
            if (state.busy) return;
            state.spot = n;
            for (const [i, b] of spots.entries()) b.setAttribute('aria-pressed', String(i + 1 === n));
          },
        },
        fill(T.spot, { n }),
      ),
    );
    const boat = svg(
      '0 0 120 60',
      '<path d="M6 30h108l-16 22H22z" fill="#8e5a2b" stroke="#3e2723" stroke-width="3"/><path d="M60 30V4l30 18" stroke="#3e2723" stroke-width="3" fill="none"/><circle cx="44" cy="20" r="8" fill="#ffcc80"/>',
    );
    boat.setAttribute('class', 'boat');
    const lake = h('div', { class: 'lake' }, boat, line, spots.length ? h('div', { class: 'spots' }, spots) : null, catchCard);
    return {
      node: h('div', {}, h('p', { class: 'kenobar' }, T.choose_spot), lake),
      start() {
        catchCard.classList.remove('show');
        const target = spots[state.spot - 1];
        const lakeBox = lake.getBoundingClientRect();
        const box = target.getBoundingClientRect();
        line.style.left = `${box.left - lakeBox.left + box.width / 2}px`;
        line.style.height = `${box.top - lakeBox.top + box.height / 2 - lakeBox.height * 0.22}px`;
        lake.classList.remove('casting');
        void lake.offsetWidth;
        lake.classList.add('casting');
      },
      async finish(outcome) {
        await pause(900);
        lake.classList.remove('casting');
        if (!outcome) return;
        catchCard.replaceChildren(
          fishArt(outcome.fish),
          h('b', {}, T[`fish_${outcome.fish}`]),
          h('span', {}, times(outcome.multiplierX100)),
        );
        catchCard.classList.add('show');
      },
    };
  }
  function pescaPaytable() {
    const pct = (bp) => `${(bp / 100).toLocaleString(config.locale, { maximumFractionDigits: 2 })}%`;
    return h(
      'table',
      {},
      h('tr', {}, h('th', {}, ''), h('th', { class: 'num' }, T.multiplier), h('th', { class: 'num' }, '%')),
      [...config.catches]
        .reverse()
        .map((c) =>
          h(
            'tr',
            {},
            h('td', {}, T[`fish_${c.fish}`]),
            h('td', { class: 'num' }, times(c.multiplierX100)),
            h('td', { class: 'num' }, pct(c.chanceBp)),
          ),
        ),
    );
  }

  // ---- Keno Rápido -------------------------------------------------------------------------------
  function kenoStage() {
    const counter = h('span', {});
    const balls = h('div', { class: 'balls', 'aria-live': 'polite' });
    const numbers = Array.from({ length: config.numbers }, (_, i) =>
      h('button', { type: 'button', class: 'num', 'aria-pressed': 'false', onclick: () => toggle(i + 1) }, String(i + 1)),
    );
    const paint = () => {
      for (const [i, b] of numbers.entries()) b.setAttribute('aria-pressed', String(state.picks.includes(i + 1)));
      counter.textContent = fill(T.picks, { count: state.picks.length });
      refreshControls();
    };
    const clearDraw = () => {
      balls.replaceChildren();
      for (const b of numbers) b.classList.remove('drawn', 'hit');
    };
    function toggle(n) {
      if (state.busy) return;
      clearDraw();
      if (state.picks.includes(n)) state.picks = state.picks.filter((p) => p !== n);
      else if (state.picks.length < config.maxPicks) state.picks = [...state.picks, n];
      paint();
    }
    const random = () => {
      if (state.busy) return;
      clearDraw();
      const count = state.picks.length || 5;
      const pool = Array.from({ length: config.numbers }, (_, i) => i + 1);
      state.picks = [];
      while (state.picks.length < count) state.picks.push(pool.splice(Math.floor(Math.random() * pool.length), 1)[0]);
      paint();
    };
    const clear = () => {
      if (state.busy) return;
      clearDraw();
      state.picks = [];
      paint();
    };
    paint();
    return {
      node: h(
        'div',
        {},
        h(
          'div',
          { class: 'kenobar' },
          counter,
          h(
            'span',
            {},
            h('button', { type: 'button', onclick: random }, T.random),
            ' ',
            h('button', { type: 'button', onclick: clear }, T.clear),
          ),
        ),
        h('div', { class: 'board' }, numbers),
        balls,
      ),
      start: clearDraw,
      async finish(outcome) {
        if (!outcome) return;
        for (const n of outcome.drawn) {
          await pause(140);
          const hit = outcome.picks.includes(n);
          balls.append(h('span', { class: `ball${hit ? ' hit' : ''}` }, String(n)));
          numbers[n - 1].classList.add(hit ? 'hit' : 'drawn');
        }
      },
    };
  }
  function kenoPaytable() {
    const hitsHeader = Array.from({ length: config.maxPicks + 1 }, (_, hits) => h('th', { class: 'num' }, String(hits)));
    return h(
      'table',
      {},
      h('tr', {}, h('th', {}, T.picks_hits), hitsHeader),
      Object.entries(config.pays).map(([picks, row]) =>
        h(
          'tr',
          {},
          h('td', {}, picks),
          Array.from({ length: config.maxPicks + 1 }, (_, hits) =>
            h('td', { class: 'num' }, row[hits] ? times(row[hits]) : hits <= Number(picks) ? '–' : ''),
          ),
        ),
      ),
    );
  }

  // ---- page ------------------------------------------------------------------------------------
  const stage = config.kind === 'tigre' ? tigreStage() : config.kind === 'pesca' ? pescaStage() : kenoStage();
  const paytable = config.kind === 'tigre' ? tigrePaytable() : config.kind === 'pesca' ? pescaPaytable() : kenoPaytable();
  dialog.append(
    h('h2', { id: 'paytable-title' }, T.paytable),
    h('p', {}, config.rule),
    paytable,
    h('p', {}, fill(T.rtp, { rtp: Number(config.rtp).toLocaleString(config.locale, { minimumFractionDigits: 2 }) })),
    h('button', { type: 'button', class: 'close', onclick: () => dialog.close() }, T.close),
  );

  async function play() {
    if (state.busy || !state.ready) return;
    state.busy = true;
    refreshControls();
    say('…');
    stage.start();
    const result = await api('/play', { stake: stake(), spot: state.spot, picks: state.picks });
    const won = result.ok && result.win > 0;
    await stage.finish(result.ok ? result.outcome : null, won);
    if (result.ok) {
      setBalance(result.balance, won);
      say(result.message, won ? 'win' : result.win_pending ? 'bad' : '');
    } else {
      if (typeof result.balance === 'number') setBalance(result.balance);
      say(result.message || T.error, 'bad');
      if (result.error === 'SESSION_EXPIRED') state.ready = false;
    }
    state.busy = false;
    refreshControls();
  }

  const app = document.getElementById('app');
  app.replaceChildren(
    h('header', {}, h('div', { class: 'brand' }, h('b', {}, config.title), h('small', {}, `${T.studio} · ${T.tagline}`)), wallet),
    h('main', {}, stage.node),
    message,
    h(
      'footer',
      {},
      h('div', { class: 'stake' }, down, h('div', {}, h('small', {}, T.stake), stakeText), up),
      playButton,
      h(
        'div',
        { class: 'links' },
        h('button', { type: 'button', onclick: () => dialog.showModal() }, T.paytable),
        h('span', {}, fill(T.rtp, { rtp: Number(config.rtp).toLocaleString(config.locale, { minimumFractionDigits: 2 }) })),
      ),
    ),
    dialog,
  );
  app.setAttribute('aria-busy', 'false');
  refreshControls();

  api('/session', {}).then((answer) => {
    if (answer.ok) {
      setBalance(answer.balance);
      state.ready = true;
    } else {
      say(answer.message || T.error, 'bad');
    }
    refreshControls();
  });
})();
