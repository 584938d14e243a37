// The app's start, in place of the end of trunk's boot module (deploy/externalize-boot.mjs writes it
// there, with the bindings' and the wasm's addresses filled in). It starts the app as trunk's does,
// but imports the bindings when it runs instead of by a static import: a module whose import fails
// never runs, and then nothing would be left to tell the person. When the bindings or the wasm do not
// arrive, or the wasm cannot start, index.html's frame says so and offers to reload, instead of
// "Starting storyreel…" for ever; a download still under way after SLOW_MS is said to be slow.
{
  const SLOW_MS = 8000;
  const frame = document.getElementById('boot-shell');
  const status = frame?.querySelector('[role=status]');
  // The app takes the frame away once it has drawn (browser::page::remove_boot_frame): from then on
  // it speaks for itself.
  const say = (text, reload) => {
    if (!status?.isConnected) return;
    status.textContent = text;
    if (!reload) return;
    for (const block of frame.querySelectorAll('.skeleton')) block.remove();
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'button primary';
    button.textContent = 'Reload';
    button.addEventListener('click', () => location.reload());
    status.after(button);
  };
  const slow = setTimeout(() => say('Still loading storyreel: the connection is slow.'), SLOW_MS);
  import(BINDINGS_ADDRESS)
    .then(async (bindings) => {
      const wasm = await bindings.default({ module_or_path: WASM_ADDRESS });
      clearTimeout(slow);
      window.wasmBindings = bindings;
      dispatchEvent(new CustomEvent('TrunkApplicationStarted', { detail: { wasm } }));
    })
    .catch((error) => {
      clearTimeout(slow);
      // A wasm that does not compile is more often not the app's (a Wi-Fi's sign-in page sent in its place,
      // a download cut short) than a browser too old, so only a browser without WebAssembly is told so.
      if (typeof WebAssembly !== 'object') say('This browser cannot run storyreel. A recent Chrome, Edge, Firefox or Safari can.', false);
      else if (error instanceof WebAssembly.RuntimeError) say('storyreel stopped while starting. Reload to try again.', true);
      else if (navigator.onLine === false) say('storyreel could not load: this device is offline. Reconnect, then reload.', true);
      else say('storyreel could not load. Check the connection, then reload.', true);
    });
}
