// The snapshot gallery's behaviour (VisualTestingCore's resource, inlined into gallery.html by
// GalleryPage). Names only ever reach the page through `textContent` and `setAttribute`, never
// as markup. Filtering runs over precomputed keys and renders cards a page at a time as the
// reader scrolls, so 10,000 images filter as fast as 100; images load lazily.
'use strict';
(() => {
  const data = JSON.parse(document.getElementById('gallery-data').textContent);
  const items = data.items;
  const PAGE = data.pageSize || 48;
  const MAX_FAILURES = 60;
  const REVIEW = new Set(['failed', 'error', 'missing']);
  // Statuses in words; the rest read as they are.
  const WORDS = { withinTolerance: 'within tolerance' };
  const words = (status) => WORDS[status] || status;
  const $ = (id) => document.getElementById(id);
  const timing = window.__gallery = { ready: false, renders: 0, lastRender: 0, firstRender: 0 };

  function el(tag, props, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(props || {})) {
      if (value === undefined || value === null || value === false) continue;
      if (key === 'class') node.className = value;
      else if (key === 'text') node.textContent = value;
      else if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, value === true ? '' : String(value));
    }
    for (const child of children) {
      if (child === null || child === undefined) continue;
      node.append(typeof child === 'string' ? document.createTextNode(child) : child);
    }
    return node;
  }

  items.forEach((item, index) => {
    item.index = index;
    item.key = (item.name + ' ' + item.state + ' ' + item.folder).toLowerCase();
    item.pair = [item.folder, item.state, item.device || '', item.locale || '', item.dynamicType || ''].join('\u0000');
    item.dt = item.dynamicType || 'standard';
  });
  const byId = new Map(items.map((item) => [item.id, item]));

  // Filters: each select lists the values present, with counts.
  const filters = {
    section: { select: $('filter-section'), label: 'All sections', value: (i) => i.section },
    device: { select: $('filter-device'), label: 'All devices', value: (i) => i.device || 'component' },
    theme: { select: $('filter-theme'), label: 'All themes', value: (i) => i.theme },
    locale: { select: $('filter-locale'), label: 'All locales', value: (i) => i.locale || 'none' },
    dt: { select: $('filter-dynamic-type'), label: 'All text sizes', value: (i) => i.dt },
    status: { select: $('filter-status'), label: 'All statuses', value: (i) => i.status },
  };
  for (const filter of Object.values(filters)) {
    const counts = new Map();
    for (const item of items) {
      const value = filter.value(item);
      counts.set(value, (counts.get(value) || 0) + 1);
    }
    filter.select.append(el('option', { value: '', text: filter.label }));
    for (const value of [...counts.keys()].sort()) {
      filter.select.append(el('option', { value, text: (filter === filters.status ? words(value) : value) + ' (' + counts.get(value) + ')' }));
    }
    filter.select.addEventListener('change', () => { state[filter.name] = filter.select.value; update(); });
  }
  Object.entries(filters).forEach(([name, filter]) => { filter.name = name; });
  if (!data.hasReport) $('filter-status').hidden = true;

  const state = { q: '', section: '', device: '', theme: '', locale: '', dt: '', status: '', compare: false, open: null };

  // Header.
  $('title').textContent = data.title;
  document.title = data.title;
  const summary = data.summary;
  const statusCounts = {};
  for (const item of items) statusCounts[item.status] = (statusCounts[item.status] || 0) + 1;
  let stats = summary.totalViews + ' views · ' + summary.totalComponents + ' components · ' + summary.totalImages + ' images';
  if (data.hasReport) {
    stats += ' · ' + ['failed', 'error', 'missing', 'new', 'recorded', 'removed', 'withinTolerance', 'passed']
      .filter((s) => statusCounts[s]).map((s) => statusCounts[s] + ' ' + words(s)).join(' · ');
  }
  $('stats').textContent = stats + ' · generated ' + data.generatedAt;

  // Page theme.
  const root = document.documentElement;
  function setPageTheme(dark) {
    root.dataset.pageTheme = dark ? 'dark' : 'light';
    $('page-theme-toggle').setAttribute('aria-pressed', String(dark));
    $('page-theme-toggle').textContent = dark ? 'Light page' : 'Dark page';
  }
  let storedTheme = null;
  try { storedTheme = localStorage.getItem('pyramid-gallery-theme'); } catch (e) { /* file:// may refuse storage */ }
  setPageTheme(storedTheme ? storedTheme === 'dark' : matchMedia('(prefers-color-scheme: dark)').matches);
  $('page-theme-toggle').addEventListener('click', () => {
    const dark = root.dataset.pageTheme !== 'dark';
    setPageTheme(dark);
    try { localStorage.setItem('pyramid-gallery-theme', dark ? 'dark' : 'light'); } catch (e) { /* ignore */ }
  });

  // Deep links: every filter and the open image live in the URL's fragment.
  function readHash() {
    const params = new URLSearchParams(location.hash.slice(1));
    for (const key of ['q', 'section', 'device', 'theme', 'locale', 'dt', 'status']) state[key] = params.get(key) || '';
    state.compare = params.get('compare') === '1';
    state.open = params.get('open');
    $('search').value = state.q;
    for (const [name, filter] of Object.entries(filters)) {
      if (state[name] && ![...filter.select.options].some((o) => o.value === state[name])) {
        filter.select.append(el('option', { value: state[name], text: state[name] + ' (0)' }));
      }
      filter.select.value = state[name];
    }
    $('compare-toggle').setAttribute('aria-pressed', String(state.compare));
  }
  function writeHash() {
    const params = new URLSearchParams();
    for (const key of ['q', 'section', 'device', 'theme', 'locale', 'dt', 'status']) if (state[key]) params.set(key, state[key]);
    if (state.compare) params.set('compare', '1');
    if (state.open) params.set('open', state.open);
    const hash = params.toString();
    if (location.hash.slice(1) !== hash) history.replaceState(null, '', hash ? '#' + hash : location.pathname + location.search);
  }

  function matches(item, ignoreTheme) {
    if (state.section && item.section !== state.section) return false;
    if (state.device && filters.device.value(item) !== state.device) return false;
    if (!ignoreTheme && state.theme && item.theme !== state.theme) return false;
    if (state.locale && filters.locale.value(item) !== state.locale) return false;
    if (state.dt && item.dt !== state.dt) return false;
    if (state.status && item.status !== state.status) return false;
    if (state.q) {
      for (const word of state.q.toLowerCase().split(/\s+/)) if (word && !item.key.includes(word)) return false;
    }
    return true;
  }

  // The current list: items, or light/dark pairs in compare mode.
  let units = [];
  let flat = [];
  let rendered = 0;
  function update() {
    const began = performance.now();
    state.q = $('search').value.trim();
    const filtered = items.filter((item) => matches(item, state.compare));
    if (state.compare) {
      const pairs = new Map();
      for (const item of filtered) {
        let pair = pairs.get(item.pair);
        if (!pair) { pair = { group: item, members: [] }; pairs.set(item.pair, pair); }
        pair.members.push(item);
      }
      units = [...pairs.values()];
      for (const pair of units) pair.members.sort((a, b) => themeRank(a.theme) - themeRank(b.theme) || a.theme.localeCompare(b.theme));
      flat = units.flatMap((pair) => pair.members);
    } else {
      units = filtered.map((item) => ({ group: item, members: [item] }));
      flat = filtered;
    }
    $('grid').replaceChildren();
    rendered = 0;
    lastGroup = null;
    renderMore();
    renderFailures(filtered);
    $('count').textContent = flat.length + ' of ' + items.length + ' images' + (state.compare ? ' in ' + units.length + ' pairs' : '');
    writeHash();
    timing.renders += 1;
    timing.lastRender = performance.now() - began;
  }
  function themeRank(theme) { return theme === 'light' ? 0 : theme === 'dark' ? 1 : 2; }

  let lastGroup = null;
  let currentCards = null;
  function renderMore() {
    const end = Math.min(rendered + PAGE, units.length);
    const fragment = document.createDocumentFragment();
    for (let index = rendered; index < end; index += 1) {
      const unit = units[index];
      const group = unit.group.section + '\u0000' + unit.group.folder;
      if (group !== lastGroup) {
        lastGroup = group;
        fragment.append(el('h2', { class: 'group-title' },
          el('span', { class: 'group-name', text: unit.group.name }),
          el('span', { class: 'folder', text: unit.group.section + ' · ' + unit.group.folder })));
        currentCards = el('div', { class: 'cards' });
        fragment.append(currentCards);
      }
      currentCards.append(state.compare ? pairCard(unit) : card(unit.members[0]));
    }
    $('grid').append(fragment);
    rendered = end;
    $('more').hidden = rendered >= units.length;
  }
  new IntersectionObserver((entries) => {
    if (entries.some((entry) => entry.isIntersecting) && rendered < units.length) renderMore();
  }, { rootMargin: '800px' }).observe($('more'));

  function label(item) {
    return [item.state, item.device, item.theme, item.locale, item.dynamicType].filter(Boolean).join(' · ');
  }
  function badge(item) {
    const status = item.decision || item.status;
    return status === 'passed' || status === 'unchecked' ? null : el('span', { class: 'badge ' + status, text: words(status) });
  }
  function thumb(src, alt) {
    return el('div', { class: 'thumb' }, src
      ? el('img', { src, alt, loading: 'lazy', decoding: 'async' })
      : el('span', { class: 'none', text: 'no image' }));
  }
  function card(item) {
    return el('figure', { class: 'card ' + item.status, 'data-id': item.id, tabindex: '0', onclick: () => openLightbox(item.id),
      onkeydown: (event) => { if (event.key === 'Enter') openLightbox(item.id); } },
      thumb(item.reference || item.actual, label(item)),
      el('figcaption', { class: 'caption' }, badge(item), el('span', { class: 'meta', text: label(item) })));
  }
  function pairCard(pair) {
    return el('div', { class: 'pair', 'data-pair': pair.group.id }, ...pair.members.map(card));
  }

  // UI tests that failed with a trace kept: the screen at the failed step, which opens the
  // trace at that step. They do not filter: they are few, and what a reader looks at first.
  function renderUIFailures() {
    const failures = data.uiFailures || [];
    const panel = $('ui-failures');
    panel.hidden = failures.length === 0;
    if (!failures.length) return;
    panel.append(el('h2', { text: failures.length + (failures.length === 1 ? ' UI test' : ' UI tests') + ' failed' }));
    for (const failure of failures) {
      const where = 'step ' + failure.step + ': ' + failure.call;
      panel.append(el('article', { class: 'failure ui-failure', 'data-test': failure.test },
        el('div', {}, el('strong', { text: failure.test }), ' ', el('span', { class: 'meta', text: where })),
        el('p', { class: 'message', text: failure.error }),
        el('a', { class: 'trace-step', href: failure.trace, title: 'Open the trace at ' + where },
          failure.screen ? el('img', { src: failure.screen, alt: 'The screen at ' + where, loading: 'lazy' }) : 'Open the trace at ' + where)));
    }
  }
  renderUIFailures();

  // Failures: reference, actual and diff with viewer modes, grouped by view.
  const modes = [['side', 'Side by side'], ['swipe', 'Swipe'], ['onion', 'Onion skin'], ['diff', 'Diff only']];
  function renderFailures(filtered) {
    const panel = $('failures');
    // Cells let through within tolerance get the same boxes when the filter asks for them,
    // so a reviewer sees what the tolerance let pass.
    const tolerated = state.status === 'withinTolerance';
    const failures = filtered.filter((item) => REVIEW.has(item.status) || (tolerated && item.status === 'withinTolerance'));
    panel.replaceChildren();
    panel.hidden = failures.length === 0;
    if (!failures.length) return;
    panel.append(el('h2', { text: tolerated
      ? failures.length + (failures.length === 1 ? ' image' : ' images') + ' within tolerance'
      : failures.length + (failures.length === 1 ? ' image needs' : ' images need') + ' review' }));
    const views = new Map();
    // Boxes are heavy (three images each): show the first ones; filters and search reach the rest.
    const shown = failures.slice(0, MAX_FAILURES);
    if (failures.length > shown.length) {
      panel.append(el('p', { class: 'more-failures', text: 'Showing ' + shown.length + ' of ' + failures.length + '; filter or search to see the others.' }));
    }
    for (const item of shown) {
      if (!views.has(item.folder)) views.set(item.folder, []);
      views.get(item.folder).push(item);
    }
    for (const [folder, members] of views) {
      const heading = el('h3', { class: 'group-title' }, el('span', { class: 'group-name', text: members[0].name }),
        el('span', { class: 'folder', text: folder }));
      if (data.review) {
        heading.append(
          el('button', { type: 'button', class: 'approve-view', 'data-view': folder, text: 'Approve view', onclick: () => decide('approve', { view: folder }) }),
          el('button', { type: 'button', class: 'reject-view', 'data-view': folder, text: 'Reject view', onclick: () => decide('reject', { view: folder }) }));
      }
      panel.append(heading);
      for (const item of members) panel.append(failure(item));
    }
  }
  function failure(item) {
    const viewer = el('div', { class: 'viewer' });
    const box = el('article', { class: 'failure', 'data-id': item.id },
      el('div', {}, badge(item), el('strong', { text: item.name }), ' ', el('span', { class: 'meta', text: label(item) })),
      item.message ? el('p', { class: 'message', text: item.message }) : null);
    const modeBar = el('div', { class: 'modes', role: 'group', 'aria-label': 'Viewer mode' });
    for (const [mode, title] of modes) {
      modeBar.append(el('button', { type: 'button', 'data-mode': mode, 'aria-pressed': 'false', text: title,
        onclick: () => showMode(item, viewer, modeBar, mode) }));
    }
    box.append(modeBar, viewer);
    if (data.review) {
      box.append(el('div', { class: 'review-actions' },
        el('button', { type: 'button', class: 'approve', disabled: !item.actual, text: 'Approve', onclick: () => decide('approve', { file: item.id }) }),
        el('button', { type: 'button', class: 'reject', text: 'Reject', onclick: () => decide('reject', { file: item.id }) })));
    }
    showMode(item, viewer, modeBar, 'side');
    return box;
  }
  function figure(caption, src, cls) {
    return el('figure', { class: cls }, src ? el('img', { src, alt: caption, loading: 'lazy' }) : el('span', { class: 'none', text: 'no ' + caption }),
      el('figcaption', { text: caption }));
  }
  function showMode(item, viewer, modeBar, mode) {
    for (const button of modeBar.querySelectorAll('[data-mode]')) button.setAttribute('aria-pressed', String(button.dataset.mode === mode));
    for (const extra of modeBar.querySelectorAll('input')) extra.remove();
    viewer.dataset.mode = mode;
    viewer.replaceChildren();
    if (mode === 'side') {
      viewer.append(figure('reference', item.reference, 'reference'), figure('actual', item.actual, 'actual'), figure('diff', item.diff, 'diff'));
    } else if (mode === 'diff') {
      viewer.append(figure('diff', item.diff, 'diff'));
    } else {
      const top = el('img', { class: 'top actual', src: item.actual || '', alt: 'actual' });
      const stack = el('div', { class: 'stack' }, el('img', { class: 'reference', src: item.reference || '', alt: 'reference' }), top);
      const range = el('input', { type: 'range', min: '0', max: '100', value: '50', class: mode + '-range', 'aria-label': mode === 'swipe' ? 'Swipe position' : 'Actual opacity' });
      const apply = () => {
        if (mode === 'swipe') top.style.clipPath = 'inset(0 0 0 ' + range.value + '%)';
        else top.style.opacity = String(range.value / 100);
      };
      range.addEventListener('input', apply);
      apply();
      modeBar.append(range);
      viewer.append(stack);
    }
  }

  // Review: decisions go to the server with the token from the page's URL, or, on a later
  // visit without it, from the cookie the server set on the first one (one per port).
  const cookieToken = (document.cookie.split('; ').find(c => c.startsWith('pyramid-review-' + location.port + '=')) || '').split('=')[1];
  const token = new URLSearchParams(location.search).get('token') || cookieToken || '';
  async function decide(action, target) {
    const url = action === 'approve' ? data.review.approveURL : data.review.rejectURL;
    $('review-status').textContent = '';
    let message;
    try {
      const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Pyramid-Token': token }, body: JSON.stringify(target) });
      const body = await response.json().catch(() => ({}));
      if (!response.ok) throw new Error(body.error || response.status + ' ' + response.statusText);
      for (const id of body.files || []) {
        const item = byId.get(id);
        if (!item) continue;
        item.decision = action === 'approve' ? 'approved' : 'rejected';
        item.status = action === 'approve' ? 'passed' : item.status;
        if (action === 'approve' && item.actual) item.reference = item.actual;
      }
      message = (action === 'approve' ? 'Approved ' : 'Rejected ') + (body.files || []).length + ' image(s)';
    } catch (error) {
      message = action + ' failed: ' + error.message;
    }
    update();
    $('review-status').textContent = message;
  }

  // Lightbox: Esc closes, ← and → move through the current list.
  function openLightbox(id) {
    const item = byId.get(id);
    if (!item) return;
    state.open = id;
    $('lightbox-image').src = item.reference || item.actual || '';
    $('lightbox-image').alt = label(item);
    $('lightbox-caption').textContent = item.name + ' · ' + label(item) + (item.status !== 'unchecked' ? ' · ' + words(item.status) : '');
    $('lightbox').hidden = false;
    writeHash();
  }
  function closeLightbox() {
    $('lightbox').hidden = true;
    state.open = null;
    writeHash();
  }
  function step(offset) {
    const index = flat.findIndex((item) => item.id === state.open);
    const next = flat[index + offset];
    if (index >= 0 && next) openLightbox(next.id);
  }
  $('lightbox-close').addEventListener('click', closeLightbox);
  $('lightbox-prev').addEventListener('click', () => step(-1));
  $('lightbox-next').addEventListener('click', () => step(1));
  $('lightbox').addEventListener('click', (event) => { if (event.target === $('lightbox')) closeLightbox(); });
  document.addEventListener('keydown', (event) => {
    if ($('lightbox').hidden) return;
    if (event.key === 'Escape') closeLightbox();
    else if (event.key === 'ArrowLeft') step(-1);
    else if (event.key === 'ArrowRight') step(1);
    else return;
    event.preventDefault();
  });

  $('search').addEventListener('input', update);
  $('compare-toggle').addEventListener('click', () => {
    state.compare = !state.compare;
    $('compare-toggle').setAttribute('aria-pressed', String(state.compare));
    update();
  });
  function fromHash() {
    readHash();
    update();
    if (state.open && byId.has(state.open)) openLightbox(state.open);
    else if (!$('lightbox').hidden) closeLightbox();
  }
  window.addEventListener('hashchange', fromHash);
  fromHash();
  timing.firstRender = performance.now();
  timing.ready = true;
  document.body.dataset.ready = 'true';
})();
