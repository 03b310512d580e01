// The CodeMirror 6 editor for www/editor/loader.js, which loads this bundle after the page's
// first paint and hands its textarea's text over:
//   CronJobEditorImpl.create(parent, text, onChange) -> view
//   CronJobEditorImpl.setText(view, text), CronJobEditorImpl.setDiagnostics(view, [{line, column, severity, message}])
// Bundled at setup/build time by scripts/build-editor.sh (esbuild) into dist/codemirror.js.
import { EditorState } from '@codemirror/state';
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

// Hands each new text to the page as soon as the view has taken the change, before it redraws
// (an update listener runs after the redraw): the page's worker starts simulating that much
// sooner. First among the extensions, so no other plugin's update runs before it. The page
// re-renders later (Yew renders in a microtask), never inside this update.
const reportChanges = (onChange) => ViewPlugin.define(() => ({
  update(u) { if (u.docChanged) onChange(u.state.doc.toString()); },
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
          syntaxHighlighting(highlight),
          keymap.of([indentWithTab, ...defaultKeymap, ...historyKeymap]),
          yaml(), theme,
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
