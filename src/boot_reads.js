// The first screen's reads, started by index.html as soon as config.json is here, while the wasm
// still downloads and compiles: on a 150 ms link a read's preflight and request take 300 ms, which
// then pass beside the download instead of after it. The app takes each answer where it would have
// asked (src/api/boot_reads.rs): only for the exact address and token it would have sent, so a read
// this script builds otherwise than the app is never used, only wasted. config.json's text is handed
// over too, so the file is fetched once (its preload is used here).
(() => {
  // Set by the app itself when it started first: it then reads for itself.
  if (window.storyreelBoot) return;
  const reads = new Map();
  const FRESH_MS = 15000;
  const config = fetch('/config.json').then((r) => (r.ok ? r.text() : null)).catch(() => null);
  window.storyreelBoot = {
    config,
    /** The answer (a fetch promise) read for `url` with `token`, once, if asked for within 15 s of
     * the start; otherwise undefined. Later it would be old: a page whose code took longer, or whose
     * first status came from another tab (src/browser/shared_check.rs), reads afresh. */
    take(url, token) {
      const read = reads.get(url);
      reads.delete(url);
      return read && read.token === token && performance.now() - read.at < FRESH_MS ? read.answer : undefined;
    },
    /** Forgets every read but those tagged `tag`: the person moved on, and an answer left would be old. */
    keep(tag) {
      for (const [url, read] of reads) if (read.tag !== tag) reads.delete(url);
    },
  };
  // The app's keys (src/domain/keys.rs), read as src/browser/storage.rs reads them: this tab first.
  const stored = (key) => {
    try {
      return sessionStorage.getItem(key) ?? localStorage.getItem(key);
    } catch {
      return null;
    }
  };
  const token = (stored('storyreel.token') ?? '').trim();
  if (!token) return;
  // The screens whose first reads are known from the address alone (src/routes.rs): the unfiltered
  // list, a project's review page (the project) and its video page (the project and its status).
  const path = location.pathname.replace(/\/+$/, '');
  const project = /^\/projects\/0*([1-9]\d{0,17})(\/video)?$/.exec(path);
  let wanted = [];
  if (path === '' && !location.search) wanted = [['list', '/scene-projects']];
  if (project) {
    wanted = [[project[1], `/scene-projects/${project[1]}`]];
    if (project[2]) wanted.push([project[1], `/scene-projects/${project[1]}/status`]);
  }
  if (!wanted.length) return;
  config.then((text) => {
    let settings = {};
    try {
      settings = JSON.parse(text ?? '{}') ?? {};
    } catch {}
    // As src/config.rs and src/session.rs choose it: the person's own address, else a valid configured one.
    const configured = String(settings.api_base_url ?? '').trim().replace(/\/+$/, '');
    const valid = /^https?:\/\/\S+$/i.test(configured) || /^\/(?!\/)\S*$/.test(configured);
    const base = (stored('storyreel.api_base_url') ?? (valid ? configured : '/api/v1')).trim().replace(/\/+$/, '');
    const seconds = Math.min(Number(settings.request_timeout_seconds) || 30, 3600);
    for (const [tag, endpoint] of wanted) {
      let url;
      try {
        url = new URL(base + endpoint, location.href).href;
      } catch {
        continue;
      }
      const answer = fetch(url, {
        headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout?.(seconds * 1000),
      });
      // An answer nobody takes must not end as an unhandled rejection.
      answer.catch(() => {});
      reads.set(url, { tag, token, answer, at: performance.now() });
    }
  });
})();
