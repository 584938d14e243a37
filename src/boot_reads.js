// The first screen's reads, started by index.html as soon as config.json is here, while the wasm
// still downloads and compiles: on a 150 ms link a read's preflight and request take 300 ms, which
// then pass beside the download instead of after it. The app takes each answer where it would have
// asked (src/api/boot_reads.rs): only for the exact address and token it would have sent, so a read
// this script builds otherwise than the app is never used, only wasted. config.json's text is handed
// over too, so the file is fetched once (its preload is used here).
(() => {
  // Set by the app itself when it started first: it then reads for itself.
  if (window.storyreelBoot) return;
  // The boot module (boot-*.js) says when the app's code does not come, but not when it is that code: a
  // boot module refused by the browser (not the bytes index.html's integrity digest names: altered on
  // the way) or not arrived never runs, and this is the only other script. By the load event, which
  // waits for this script too, the boot module (deferred, as modules are) has run or failed; the first
  // thing it does is set storyreelPreloadPart (deploy/split-pages.mjs).
  addEventListener('load', () => {
    const status = document.querySelector('#boot-shell [role=status]');
    if ('storyreelPreloadPart' in window || !status) return;
    status.textContent = 'storyreel could not load. Check the connection, then reload.';
    for (const block of document.querySelectorAll('#boot-shell .skeleton')) block.remove();
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'button primary';
    button.textContent = 'Reload';
    button.addEventListener('click', () => location.reload());
    status.after(button);
  });
  const reads = new Map();
  const FRESH_MS = 15000;
  const WAIT_MS = 100;
  const wanted = new Set();
  const answers = [];
  const config = fetch('/config.json').then((r) => (r.ok ? r.text() : null)).catch(() => null);
  window.storyreelBoot = {
    /** config.json's text, once the first reads have answered too, or WAIT_MS after the app asked (it
     * reads this when it is ready to draw) if they have not. The reads left while the wasm downloaded;
     * on a fast connection their answers are in, but the tasks that hand them over wait behind the
     * app's start. Waited for, they make one drawing of the screen with them instead of "Loading…" for
     * a frame and the answer after it (the list of 50 on loopback 5 % sooner; docs/benchmark.md). A
     * slow service delays the app's own frame by that much at most, and what the app then shows not at
     * all. (This callback is registered after the reads' own below, so `answers` is filled by then.) */
    get config() {
      return config.then((text) => Promise.race([
        Promise.allSettled(answers),
        new Promise((done) => setTimeout(done, WAIT_MS)),
      ]).then(() => text));
    },
    /** The answer (a promise of `{ response, text }`, the body already read) for `url` with `token`,
     * once, if asked for within 15 s of the start (later it would be old: a page whose code took
     * longer reads afresh); otherwise undefined. `signal` is the app's own: its timer ends the read
     * as it would its own request. */
    take(url, token, signal) {
      const read = reads.get(url);
      reads.delete(url);
      if (!read || read.token !== token || performance.now() - read.at >= FRESH_MS) return undefined;
      signal.addEventListener('abort', () => read.stop.abort());
      return read.answer;
    },
    /** Forgets every read but those for `tag` ("list", "5" or "5/video"; "5/video" keeps "5" too): the
     * person moved on, or the page has its answer, and an answer left would be old. */
    keep(tag) {
      for (const [url, read] of reads) if (read.tag !== tag && !tag.startsWith(`${read.tag}/`)) reads.delete(url);
    },
    /** The split-off parts (deploy/split-pages.mjs) the first reads say the page will show: the boot
     * module preloads them, now or when it runs. */
    wanted,
  };
  // Once the app has started (trunk's boot module sets wasmBindings after init), it asks for the code it
  // needs itself: a part preloaded now could be asked for twice.
  const want = (part) => {
    if (window.wasmBindings) return;
    wanted.add(part);
    window.storyreelPreloadPart?.(part);
  };
  config.then((text) => {
    // Anything that throws here (storage refused, cookies blocked; a config.json that is no JSON; an
    // address that is no URL) only leaves the app to read for itself, and to say why.
    // The app's keys (src/domain/keys.rs), read as src/browser/storage.rs reads them: this tab first.
    const stored = (key) => sessionStorage.getItem(key) ?? localStorage.getItem(key);
    const token = (stored('storyreel.token') ?? '').trim();
    // The screens whose first reads are known from the address alone (src/routes.rs): the unfiltered
    // list, a project's review page (the project) and its video page (the project and its status).
    const path = location.pathname.replace(/\/+$/, '');
    const project = /^\/projects\/0*([1-9]\d{0,17})(\/video)?$/.exec(path);
    let reading = [];
    if (path === '' && !location.search) reading = [['list', '/scene-projects']];
    if (project) {
      reading = [[project[1], `/scene-projects/${project[1]}`]];
      if (project[2]) reading.push([`${project[1]}/video`, `/scene-projects/${project[1]}/status`]);
    }
    if (!token) return;
    const settings = JSON.parse(text ?? '{}') ?? {};
    // src/config.rs refuses the whole file when a field has another type: then so does this.
    const { api_base_url: address = '', poll_interval_seconds: poll = 0, request_timeout_seconds: timeout = 0, preload_pages: ahead = true } = settings;
    const readable = typeof settings === 'object' && !Array.isArray(settings) && typeof address === 'string'
      && typeof poll === 'number' && Number.isInteger(timeout) && timeout >= 0 && typeof ahead === 'boolean';
    // As src/config.rs and src/session.rs choose it: the person's own address, else a valid configured one.
    const configured = readable ? address.trim().replace(/\/+$/, '') : '';
    const valid = /^https?:\/\/\S+$/i.test(configured) || /^\/(?!\/)\S*$/.test(configured);
    const base = (stored('storyreel.api_base_url') ?? (valid ? configured : '/api/v1')).trim().replace(/\/+$/, '');
    for (const [tag, endpoint] of reading) {
      const url = new URL(base + endpoint, location.href).href;
      const stop = new AbortController();
      // The body is read here, as it arrives: a body the app reads itself comes a task later, after
      // the browser has drawn the page once more without it.
      const answer = fetch(url, { headers: { Accept: 'application/json', Authorization: `Bearer ${token}` }, signal: stop.signal })
        .then(async (response) => ({ response, text: await response.text() }));
      // An answer nobody takes must not end as an unhandled rejection.
      answer.catch(() => {});
      // A finished project's page shows its finished view, whose code is a part of its own
      // (pages::video::finished_part): asked for as soon as the status says finished, beside the rest,
      // rather than once the page's code has run.
      if (tag.endsWith('/video')) {
        answer.then(({ response, text }) => {
          if (!response.ok) return;
          const s = JSON.parse(text);
          if (/^(completed|upscaling)$/.test(String(s?.status ?? '').trim().toLowerCase())) want('finished_part');
        }).catch(() => {});
      }
      reads.set(url, { tag, token, answer, stop, at: performance.now() });
      answers.push(answer);
    }
  }).catch(() => {});
})();
