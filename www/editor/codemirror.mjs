// The CodeMirror 6 editor for www/editor/loader.js, which loads this bundle after the page's
// first paint and hands its textarea's text over:
//   CronJobEditorImpl.create(parent, text, onChange) -> view
//   CronJobEditorImpl.setText(view, text), CronJobEditorImpl.setDiagnostics(view, [{line, column, severity, message}])
// Bundled at setup/build time by scripts/build-editor.sh (esbuild) into dist/codemirror.js.
import { EditorState, Compartment } from '@codemirror/state';
import { EditorView, ViewPlugin, keymap, lineNumbers, highlightActiveLine, highlightActiveLineGutter, drawSelection } from '@codemirror/view';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { syntaxHighlighting, HighlightStyle, indentOnInput, bracketMatching } from '@codemirror/language';
import { lintGutter, setDiagnostics } from '@codemirror/lint';
import { yaml } from '@codemirror/lang-yaml';
import { tags } from '@lezer/highlight';

// Colours come from the page's CSS variables, so the light and dark themes both apply.
const highlight = HighlightStyle.define([
  { tag: tags.keyword, color: 'var(--hl-keyword)' },
  { tag: [tags.propertyName, tags.definition(tags.propertyName)], color: 'var(--hl-key)' },
  { tag: [tags.string, tags.special(tags.string), tags.content], color: 'var(--hl-string)' },
  { tag: [tags.number, tags.bool, tags.null], color: 'var(--hl-number)' },
  { tag: [tags.comment, tags.lineComment], color: 'var(--hl-comment)', fontStyle: 'italic' },
  { tag: [tags.meta, tags.punctuation, tags.separator, tags.typeName, tags.labelName], color: 'var(--hl-meta)' },
]);

const theme = EditorView.theme({
  '&': { height: '100%', fontSize: '13px', backgroundColor: 'var(--panel)', color: 'var(--fg)' },
  '.cm-scroller': { fontFamily: 'var(--mono)', lineHeight: '1.5' },
  '.cm-gutters': { backgroundColor: 'var(--panel)', color: 'var(--muted)', borderRight: '1px solid var(--border)' },
  '.cm-activeLine, .cm-activeLineGutter': { backgroundColor: 'var(--hover)' },
  '&.cm-focused': { outline: '2px solid var(--accent)', outlineOffset: '1px' },
  '.cm-cursor': { borderLeftColor: 'var(--fg)' },
  '&.cm-focused .cm-selectionBackground, .cm-selectionBackground': { backgroundColor: 'var(--selection)' },
});

function toDiagnostics(doc, list) {
  const out = [];
  for (const d of list) {
    const line = doc.line(Math.min(Math.max(1, d.line | 0), doc.lines));
    const from = Math.min(line.from + Math.max(0, (d.column | 0) - 1), line.to);
    const to = from < line.to ? line.to : from;
    out.push({ from, to, severity: d.severity || 'error', message: d.message });
  }
  return out;
}

// A document longer than this is edited as plain text: the YAML parser's background work on
// megabytes runs in slices of up to 100 ms on the page's main thread, and highlighting a
// document that size helps no one. The highlighting returns when the text shrinks below it.
const PLAIN_ABOVE = 500_000;
const language = new Compartment();
const languageFor = (length) => (length > PLAIN_ABOVE ? [] : [yaml(), syntaxHighlighting(highlight)]);
const switchLanguage = EditorState.transactionExtender.of((tr) => {
  const [was, is] = [tr.startState.doc.length > PLAIN_ABOVE, tr.newDoc.length > PLAIN_ABOVE];
  return was === is ? null : { effects: language.reconfigure(languageFor(tr.newDoc.length)) };
});

// Hands each new text to the page as soon as the view has taken the change, before it redraws
// (an update listener runs after the redraw): the page's worker starts simulating that much
// sooner. First among the extensions, so no other plugin's update runs before it. The page
// re-renders later (Yew renders in a microtask), never inside this update. A large text is
// handed over in a task of its own, after the editor's (each stays a short task).
const reportChanges = (onChange) => ViewPlugin.define(() => ({
  update(u) {
    if (!u.docChanged) return;
    if (u.state.doc.length > PLAIN_ABOVE) setTimeout(() => onChange(u.view.state.doc.toString()));
    else onChange(u.state.doc.toString());
  },
}));

globalThis.CronJobEditorImpl = {
  create(parent, text, onChange) {
    return new EditorView({
      parent,
      state: EditorState.create({
        doc: text,
        extensions: [
          reportChanges(onChange),
          lineNumbers(), highlightActiveLineGutter(), highlightActiveLine(), history(), drawSelection(),
          indentOnInput(), bracketMatching(), lintGutter(),
          language.of(languageFor(text.length)), switchLanguage,
          keymap.of([indentWithTab, ...defaultKeymap, ...historyKeymap]),
          theme,
          EditorView.contentAttributes.of({ 'aria-label': 'Manifest (YAML or JSON)', 'data-testid': 'editor-content' }),
        ],
      }),
    });
  },
  setText(view, text) {
    if (view.state.doc.toString() !== text) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
    }
  },
  setDiagnostics(view, list) {
    view.dispatch(setDiagnostics(view.state, toDiagnostics(view.state.doc, list)));
  },
};
