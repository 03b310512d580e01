//! The page's top-level component: header, manifest editor and timeline area. The editor's text
//! is saved to `localStorage` on every change so that a reload never loses it.

use web_sys::HtmlTextAreaElement;
use yew::prelude::*;

/// `localStorage` key under which the editor text is kept.
pub const STORAGE_KEY: &str = "cronjob-playground.manifest";

const EXAMPLE: &str = "apiVersion: batch/v1
kind: CronJob
metadata:
  name: hello
spec:
  schedule: \"*/5 * * * *\"
  jobTemplate:
    spec:
      template:
        spec:
          restartPolicy: OnFailure
          containers:
          - name: hello
            image: busybox
            command: [\"sh\", \"-c\", \"date; echo Hello\"]
";

#[derive(Properties, PartialEq, Default)]
pub struct AppProps {
    /// Text to start with instead of the saved text (tests use it).
    #[prop_or_default]
    pub initial_text: Option<AttrValue>,
}

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

fn saved_text() -> Option<String> {
    storage()?.get_item(STORAGE_KEY).ok().flatten()
}

fn save_text(text: &str) {
    if let Some(storage) = storage() {
        // A full or disabled storage only costs persistence; the text stays in the editor.
        let _ = storage.set_item(STORAGE_KEY, text);
    }
}

#[function_component(App)]
pub fn app(props: &AppProps) -> Html {
    let text = {
        let initial = props.initial_text.clone();
        use_state(move || {
            initial
                .map(|t| t.to_string())
                .or_else(saved_text)
                .unwrap_or_else(|| EXAMPLE.to_string())
        })
    };
    let on_input = {
        let text = text.clone();
        Callback::from(move |e: InputEvent| {
            let value = e.target_unchecked_into::<HtmlTextAreaElement>().value();
            save_text(&value);
            text.set(value);
        })
    };
    let lines = text.lines().count();

    html! {
        <div class="app">
            <header class="app-header">
                <h1 data-testid="title">{ "CronJob Playground" }</h1>
                <p class="tagline">{ "What Kubernetes would do with your CronJob, second by second." }</p>
            </header>
            <main class="workspace">
                <section class="editor-pane" aria-label="Manifest editor">
                    <label for="manifest" class="pane-title">{ "Manifest (YAML or JSON)" }</label>
                    <textarea id="manifest" data-testid="editor" spellcheck="false" wrap="off"
                        value={(*text).clone()} oninput={on_input} />
                    <div class="status-bar" data-testid="editor-status">
                        { format!("{lines} lines · saved in this browser") }
                    </div>
                </section>
                <section class="timeline-pane" aria-label="Timeline" data-testid="timeline">
                    <h2 class="pane-title">{ "Timeline" }</h2>
                    <p class="empty">{ "The simulation appears here." }</p>
                </section>
            </main>
        </div>
    }
}
