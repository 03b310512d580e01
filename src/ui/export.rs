//! Export: the timeline as SVG (the drawing with the page's stylesheet and theme inlined, so it
//! looks the same opened on its own) and PNG (that SVG rasterised at twice the size), the trace
//! as JSON (the bytes `cronjob-playground simulate --output json` prints, syncs included), and the world at the
//! cursor as YAML (`app::snapshot`). The engine, which keeps the whole run, makes the last
//! two (`protocol::ExportKind`). Files are handed to the browser as downloads.

use super::language::use_lang;
use super::state::ViewState;
use crate::app::protocol::{ExportKind, Request};
use crate::i18n::Msg;
use wasm_bindgen::prelude::*;
use yew::prelude::*;

#[wasm_bindgen(inline_js = r#"
function save(name, blob) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
}
export function download(name, type, text) { save(name, new Blob([text], { type })); }
export function timelineSvg() {
  const svg = document.querySelector('[data-testid="timeline"] .timeline-svg');
  if (!svg) return '';
  const copy = svg.cloneNode(true);
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  copy.setAttribute('data-theme', document.documentElement.getAttribute('data-theme') || 'light');
  copy.setAttribute('font-family', getComputedStyle(document.body).fontFamily);
  let css = '';
  for (const sheet of document.styleSheets) {
    try { for (const rule of sheet.cssRules) css += rule.cssText + '\n'; } catch (_) {}
  }
  const style = document.createElementNS('http://www.w3.org/2000/svg', 'style');
  style.textContent = css;
  copy.insertBefore(style, copy.firstChild);
  const bg = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
  bg.setAttribute('width', '100%'); bg.setAttribute('height', '100%');
  bg.setAttribute('fill', getComputedStyle(document.body).backgroundColor);
  copy.insertBefore(bg, style.nextSibling);
  return new XMLSerializer().serializeToString(copy);
}
export async function svgToPng(name, text, width, height) {
  const url = URL.createObjectURL(new Blob([text], { type: 'image/svg+xml' }));
  try {
    const img = new Image();
    await new Promise((ok, fail) => { img.onload = ok; img.onerror = () => fail(new Error('the SVG does not load as an image')); img.src = url; });
    const canvas = document.createElement('canvas');
    canvas.width = width * 2; canvas.height = height * 2;
    const g = canvas.getContext('2d');
    g.scale(2, 2);
    g.drawImage(img, 0, 0, width, height);
    const blob = await new Promise((ok) => canvas.toBlob(ok, 'image/png'));
    save(name, blob);
  } finally { URL.revokeObjectURL(url); }
}
"#)]
extern "C" {
    /// Hands `text` to the browser as the file `name`.
    pub fn download(name: &str, mime: &str, text: &str);
    #[wasm_bindgen(js_name = timelineSvg)]
    fn timeline_svg() -> String;
    #[wasm_bindgen(js_name = svgToPng, catch)]
    async fn svg_to_png(name: &str, text: &str, width: f64, height: f64) -> Result<JsValue, JsValue>;
}

/// The SVG's size from its root attributes.
fn svg_size(text: &str) -> (f64, f64) {
    let attr = |name: &str| {
        let key = format!(" {name}=\"");
        text.find(&key).and_then(|i| super::number(text[i + key.len()..].split('"').next()?)).unwrap_or(600.0)
    };
    (attr("width"), attr("height"))
}

/// `20250101-000000`: an instant in file names (what `%Y%m%d-%H%M%S` writes, without parsing
/// a format string on every render).
fn file_stamp(t: crate::sim::trace::Time) -> String {
    use chrono::{Datelike, Timelike};
    format!("{:04}{:02}{:02}-{:02}{:02}{:02}", t.year(), t.month(), t.day(), t.hour(), t.minute(), t.second())
}

#[derive(Properties, PartialEq)]
pub struct ExportProps {
    pub state: ViewState,
    /// Asks the engine for a file (it answers with a download).
    pub ask: Callback<Request>,
}

/// The export buttons (disabled until there is a run to export).
#[function_component(Export)]
pub fn export(props: &ExportProps) -> Html {
    let l = use_lang();
    let model = props.state.model.clone();
    let trace = model.as_ref().and_then(|m| m.result.trace.as_ref()).is_some();
    let stamp = model.as_ref().and_then(|m| m.result.trace.as_ref()).map(|t| file_stamp(t.start)).unwrap_or_default();
    let svg = {
        let stamp = stamp.clone();
        Callback::from(move |_: MouseEvent| {
            download(&format!("timeline-{stamp}.svg"), "image/svg+xml", &timeline_svg())
        })
    };
    let png = {
        let stamp = stamp.clone();
        Callback::from(move |_: MouseEvent| {
            let text = timeline_svg();
            let (w, h) = svg_size(&text);
            let name = format!("timeline-{stamp}.png");
            wasm_bindgen_futures::spawn_local(async move {
                let _ = svg_to_png(&name, &text, w, h).await;
            });
        })
    };
    // The page holds the trace without its controller syncs and Events: the engine, which
    // keeps them, writes both files.
    let run = model.as_ref().map(|m| m.run);
    let ask = |what: fn(&ViewState) -> ExportKind| {
        let (ask, state) = (props.ask.clone(), props.state.clone());
        Callback::from(move |_: MouseEvent| {
            if let Some(run) = run {
                ask.emit(Request::Export { run, what: what(&state) });
            }
        })
    };
    let json = ask(|_| ExportKind::Trace);
    let yaml = ask(|s| ExportKind::State { at: s.cursor_time() });
    html! {
        <div class="export" role="group" aria-label={l.text(Msg::Export)}>
            <span class="export-label">{ l.text(Msg::Export) }</span>
            <button type="button" onclick={svg} disabled={!trace} data-testid="export-svg" title={l.text(Msg::ExportSvgTitle)}>{ "SVG" }</button>
            <button type="button" onclick={png} disabled={!trace} data-testid="export-png" title={l.text(Msg::ExportPngTitle)}>{ "PNG" }</button>
            <button type="button" onclick={json} disabled={!trace} data-testid="export-trace" title={l.text(Msg::ExportTraceTitle)}>{ l.text(Msg::ExportTrace) }</button>
            <button type="button" onclick={yaml} disabled={!trace} data-testid="export-yaml" title={l.text(Msg::ExportStateTitle)}>{ l.text(Msg::ExportState) }</button>
        </div>
    }
}
