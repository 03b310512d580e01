// The editor's stand-in until CodeMirror arrives: index.html inlines this (Trunk), and the page
// calls the same global API either way (src/ui/editor.rs):
//   CronJobEditor.create(parent, text, onChange) -> handle
//   CronJobEditor.setText(handle, text), CronJobEditor.setDiagnostics(handle, [{line, column, severity, message}])
//   CronJobEditor.current: the CodeMirror view once loaded (tests read .state.doc)
// create() puts a working textarea in place at once and fetches codemirror.js (117 KB gzip)
// after the first paint, so the page's first load does not wait for it; when it has loaded, the
// textarea's text moves into a CodeMirror view. If it never loads (offline on a first visit),
// the textarea stays and works.
(() => {
  let impl = null;
  let loading = false;
  const waiting = [];
  const upgrade = (h) => {
    const focused = document.activeElement === h.textarea;
    const text = h.textarea.value;
    h.textarea.remove();
    h.view = impl.create(h.parent, text, h.onChange);
    // The page names the editor in its language (src/ui/editor.rs); keep that name.
    h.view.contentDOM.setAttribute('aria-label', h.textarea.getAttribute('aria-label'));
    if (h.diagnostics.length) impl.setDiagnostics(h.view, h.diagnostics);
    if (focused) h.view.focus();
    api.current = h.view;
  };
  const load = () => {
    if (loading) return;
    loading = true;
    requestAnimationFrame(() => setTimeout(() => {
      const script = document.createElement('script');
      script.src = 'codemirror.js';
      script.onload = () => {
        impl = globalThis.CronJobEditorImpl;
        if (impl) waiting.splice(0).forEach(upgrade);
      };
      document.head.appendChild(script);
    }, 0));
  };
  const api = {
    create(parent, text, onChange) {
      const textarea = document.createElement('textarea');
      textarea.value = text;
      textarea.spellcheck = false;
      textarea.wrap = 'off';
      textarea.setAttribute('aria-label', 'Manifest (YAML or JSON)');
      textarea.style.cssText = 'flex:1;resize:none;border:0;padding:.6rem 1rem;font:13px/1.5 var(--mono);' +
        'background:var(--panel);color:var(--fg);white-space:pre;tab-size:2';
      textarea.addEventListener('input', () => onChange(textarea.value));
      parent.appendChild(textarea);
      const h = { parent, onChange, textarea, view: null, diagnostics: [] };
      if (impl) upgrade(h); else { waiting.push(h); load(); }
      return h;
    },
    setText(h, text) {
      if (h.view) impl.setText(h.view, text);
      else if (h.textarea.value !== text) h.textarea.value = text;
    },
    setDiagnostics(h, list) {
      if (h.view) impl.setDiagnostics(h.view, list);
      else h.diagnostics = list;
    },
  };
  globalThis.CronJobEditor = api;
})();
