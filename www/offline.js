// Offline and updates (docs/offline.md). index.html imports this module once the page has
// loaded, so it costs the first paint nothing. It registers the service worker (sw.js, written
// for each build by scripts/service-worker.mjs from www/sw.js) and, when a newer build has
// installed in full in the background, shows a small notice in the page's language with a
// Reload button that lets the new build take over; every tab of the old build then reloads into
// it (the editor's text is kept in localStorage).
const WORDS = {
  en: ['A newer version of the playground is ready.', 'Reload', 'Dismiss'],
  ja: ['プレイグラウンドの新しいバージョンを利用できます。', '再読み込み', '閉じる'],
  ko: ['플레이그라운드의 새 버전이 준비되었습니다.', '새로 고침', '닫기'],
};

const sw = navigator.serviceWorker;
if (sw) {
  // A page that a service worker served reloads when a newer one takes over; a first visit's
  // page is not controlled and has nothing to reload from.
  const served = sw.controller;
  let reloading = false;
  sw.addEventListener('controllerchange', () => {
    if (served && !reloading) {
      reloading = true;
      location.reload();
    }
  });
  sw.register('sw.js', { updateViaCache: 'none' }).then((reg) => {
    const offer = () => reg.waiting && sw.controller && notice(reg);
    offer();
    reg.addEventListener('updatefound', () => {
      const next = reg.installing;
      next?.addEventListener('statechange', () => next.state === 'installed' && offer());
    });
    // A tab left open looks for a new build hourly (browsers also look on every visit).
    setInterval(() => reg.update().catch(() => {}), 3600e3);
  }, () => {});
}

/** The notice that a newer build is ready (once; it follows the page's language). */
function notice(reg) {
  if (document.querySelector('.update-notice')) return;
  const box = document.createElement('div');
  box.className = 'update-notice';
  box.setAttribute('role', 'status');
  box.dataset.testid = 'update-notice';
  const text = document.createElement('span');
  const reload = button('update-reload', () => reg.waiting?.postMessage('activate'));
  const dismiss = button('update-dismiss', () => { box.remove(); watch.disconnect(); });
  dismiss.className = 'close';
  dismiss.textContent = '×';
  const say = () => {
    const [ready, again, close] = WORDS[document.documentElement.lang] || WORDS.en;
    text.textContent = ready;
    reload.textContent = again;
    dismiss.title = close;
    dismiss.setAttribute('aria-label', close);
  };
  const watch = new MutationObserver(say);
  watch.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
  say();
  box.append(text, reload, dismiss);
  document.body.append(box);
}

function button(testid, onclick) {
  const b = document.createElement('button');
  b.type = 'button';
  b.dataset.testid = testid;
  b.onclick = onclick;
  return b;
}
