//! Browser tests of the page's components (wasm32 only; run in headless Chromium by
//! `cargo test --target wasm32-unknown-unknown --tests`, see scripts/test.sh). The CodeMirror
//! bundle is not loaded here, so the editor is its textarea fallback.
#![cfg(target_arch = "wasm32")]

use cronjob_playground::ui::{engine::in_page, App, AppProps, Engine};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

/// A trace in the interface's JSON shape telling seed 002's story (hand-made for rendering tests;
/// the end-to-end tests run the real engine).
const SEED_002_TRACE: &str = include_str!("data/ui_trace_seed002.json");

/// The page with its engine in the test's thread (there is no worker script here).
fn props(text: &str) -> AppProps {
    AppProps { initial_text: Some(text.to_string().into()), engine: Engine::InPage(in_page) }
}

fn document() -> web_sys::Document {
    web_sys::window().unwrap().document().unwrap()
}

async fn settle(ms: u32) {
    gloo_timers::future::TimeoutFuture::new(ms).await;
}

async fn mount(props: AppProps) -> web_sys::Element {
    let root = document().create_element("div").unwrap();
    root.set_attribute("style", "width: 1200px; height: 800px").unwrap();
    document().body().unwrap().append_child(&root).unwrap();
    yew::Renderer::<App>::with_root_and_props(root.clone(), props).render();
    settle(60).await; // let Yew render and the runner's first run land
    root
}

/// Waits (up to 3 s) until `selector` matches inside `root`.
async fn wait_for(root: &web_sys::Element, selector: &str) {
    for _ in 0..300 {
        if root.query_selector(selector).unwrap().is_some() {
            return;
        }
        settle(10).await;
    }
    panic!("{selector} never appeared");
}

fn by_testid(root: &web_sys::Element, id: &str) -> web_sys::Element {
    root.query_selector(&format!("[data-testid=\"{id}\"]")).unwrap().unwrap_or_else(|| panic!("no {id}"))
}

fn all(root: &web_sys::Element, selector: &str) -> Vec<web_sys::Element> {
    let list = root.query_selector_all(selector).unwrap();
    (0..list.length()).map(|i| list.item(i).unwrap().dyn_into().unwrap()).collect()
}

fn attr(e: &web_sys::Element, name: &str) -> String {
    e.get_attribute(name).unwrap_or_default()
}

fn click(e: &web_sys::Element) {
    let ev = web_sys::MouseEvent::new_with_mouse_event_init_dict("click", &{
        let init = web_sys::MouseEventInit::new();
        init.set_bubbles(true);
        init
    })
    .unwrap();
    e.dispatch_event(&ev).unwrap();
}

#[wasm_bindgen_test]
async fn shell_renders_title_editor_and_timeline_with_diagnostics() {
    let root = mount(props("a: 1\nb: 2\n")).await;
    wait_for(&root, "[data-testid=diagnostic]").await;
    assert_eq!(by_testid(&root, "title").text_content().unwrap(), "CronJob Playground");
    let editor: web_sys::HtmlTextAreaElement = by_testid(&root, "editor").dyn_into().unwrap();
    assert_eq!(editor.value(), "a: 1\nb: 2\n");
    assert_eq!(by_testid(&root, "editor-status").text_content().unwrap(), "2 lines · saved in this browser · 1 error");
    // The validator's diagnostic, at its line and column.
    let d = all(&root, "[data-testid=diagnostic]");
    assert_eq!(d.len(), 1);
    assert_eq!((attr(&d[0], "data-line"), attr(&d[0], "data-column")), ("1".into(), "1".into()));
    assert!(d[0].text_content().unwrap().contains("apiVersion not set, kind not set"), "{:?}", d[0].text_content());
    assert!(by_testid(&root, "timeline").text_content().unwrap().starts_with("Timeline"));
    root.remove();
}

#[wasm_bindgen_test]
async fn a_trace_draws_slots_jobs_markers_and_the_inspector_explains_a_click() {
    let root = mount(props(SEED_002_TRACE)).await;
    wait_for(&root, "[data-testid=slot]").await;
    let slots = all(&root, "[data-testid=slot]");
    let fates: Vec<(String, String, String)> =
        slots.iter().map(|s| (attr(s, "data-time"), attr(s, "data-fate"), attr(s, "data-glyph"))).collect();
    assert_eq!(
        fates,
        vec![
            ("2023-03-22T13:05:00Z".into(), "ran-on-time".into(), "on-time".into()),
            ("2023-03-22T13:10:00Z".into(), "ran-late".into(), "late".into()),
        ]
    );
    let jobs = all(&root, "[data-testid=job]");
    let bars: Vec<(String, String, String)> =
        jobs.iter().map(|j| (attr(j, "data-job"), attr(j, "data-late"), attr(j, "data-outcome"))).collect();
    assert_eq!(
        bars,
        vec![
            ("cron-test-27991505".into(), "false".into(), "complete".into()),
            ("cron-test-27991510".into(), "true".into(), "complete".into()),
        ]
    );
    assert_eq!(attr(&jobs[1], "data-from"), "2023-03-22T13:16:00Z");
    // Nothing is selected yet.
    assert!(all(&root, "[data-testid=pod]").is_empty());
    click(&jobs[1]);
    // The explanation comes from the engine a turn or more later (longer on a loaded machine).
    wait_for(&root, "[data-testid=inspector-title]").await;
    assert_eq!(by_testid(&root, "inspector-title").text_content().unwrap(), "Job cron-test-27991510");
    let reasons = all(&root, "[data-testid=reason]");
    assert_eq!(attr(&reasons[0], "data-code"), "ran-late");
    assert!(reasons[0].text_content().unwrap().contains("Retroactive"));
    let version = root.query_selector("[data-field=\"Kubernetes version\"]").unwrap().unwrap();
    assert_eq!(version.text_content().unwrap(), "1.26");
    // The selected Job's pod lane opens.
    let pods = all(&root, "[data-testid=pod]");
    assert_eq!(
        pods.iter().map(|p| attr(p, "data-pod")).collect::<Vec<_>>(),
        vec!["cron-test-27991510-rnwvs".to_string()]
    );
    root.remove();
}

#[wasm_bindgen_test]
async fn the_clock_steps_between_events_and_the_tables_follow_it() {
    let root = mount(props(SEED_002_TRACE)).await;
    wait_for(&root, "[data-testid=clock-time]").await;
    // The clock opens at the start of the horizon; its end is a click away.
    assert_eq!(attr(&by_testid(&root, "clock-time"), "data-time"), "2023-03-22T13:01:51Z");
    click(&by_testid(&root, "to-end"));
    settle(30).await;
    assert_eq!(attr(&by_testid(&root, "clock-time"), "data-time"), "2023-03-22T14:01:51Z");
    click(&by_testid(&root, "step-prev"));
    settle(30).await;
    assert_eq!(attr(&by_testid(&root, "clock-time"), "data-time"), "2023-03-22T13:16:12Z");
    click(&by_testid(&root, "step-prev"));
    settle(30).await;
    assert_eq!(attr(&by_testid(&root, "clock-time"), "data-time"), "2023-03-22T13:16:00Z");
    click(&by_testid(&root, "tab-get"));
    settle(30).await;
    let jobs = by_testid(&root, "kubectl-jobs").text_content().unwrap();
    assert!(jobs.contains("cron-test-27991510Running0/10s0s"), "{jobs}");
    assert!(!jobs.contains("cron-test-27991505"), "deleted at 13:16: {jobs}");
    root.remove();
}

#[wasm_bindgen_test]
async fn the_language_switcher_translates_the_interface_and_remembers_the_choice() {
    let storage = web_sys::window().unwrap().local_storage().unwrap().unwrap();
    storage.remove_item("cronjob-playground.lang").unwrap();
    let root = mount(props("a: 1\n")).await;
    wait_for(&root, "[data-testid=diagnostic]").await;
    let picker: web_sys::HtmlSelectElement = by_testid(&root, "language").dyn_into().unwrap();
    let tagline = || root.query_selector(".tagline").unwrap().unwrap().text_content().unwrap();
    assert_eq!(picker.value(), "en", "the test browser prefers English");
    assert_eq!(tagline(), "What Kubernetes would do with your CronJob, second by second.");
    for (code, words, status) in [
        (
            "ja",
            "Kubernetes があなたの CronJob をどう動かすかを、1 秒単位で。",
            "1 行 · このブラウザーに保存済み · エラー 1 件",
        ),
        (
            "ko",
            "쿠버네티스가 여러분의 크론잡을 어떻게 실행하는지, 1초 단위로.",
            "1줄 · 이 브라우저에 저장됨 · 오류 1개",
        ),
    ] {
        picker.set_value(code);
        picker.dispatch_event(&web_sys::Event::new("change").unwrap()).unwrap();
        settle(30).await;
        assert_eq!(tagline(), words);
        assert_eq!(by_testid(&root, "editor-status").text_content().unwrap(), status);
        assert_eq!(document().document_element().unwrap().get_attribute("lang").as_deref(), Some(code));
        assert_eq!(storage.get_item("cronjob-playground.lang").unwrap().as_deref(), Some(code));
    }
    storage.remove_item("cronjob-playground.lang").unwrap();
    document().document_element().unwrap().set_attribute("lang", "en").unwrap();
}

/// The page's own words as rendered, without what is Kubernetes' or the trace's text (the editor,
/// the SVG tooltips quoting explanations, the inspector's verbatim facts and reasons, kubectl
/// tables and logs, and the cluster events written as kubectl commands, Kubernetes' texts quoted
/// in lint findings), plus every title, aria-label, placeholder and optgroup label.
fn interface_words(root: &web_sys::Element) -> String {
    let copy: web_sys::Element = root.clone_node_with_deep(true).unwrap().dyn_into().unwrap();
    for e in all(
        &copy,
        "[data-testid=editor], svg title, .verbatim, table.kubectl, pre, .cmd, .k8s, [data-testid=scenario-event]",
    ) {
        e.remove();
    }
    let mut words = copy.text_content().unwrap_or_default();
    for e in all(&copy, "[title], [aria-label], [placeholder], optgroup") {
        for a in ["title", "aria-label", "placeholder", "label"] {
            words.push('\n');
            words.push_str(&attr(&e, a));
        }
    }
    words
}

#[wasm_bindgen_test]
async fn in_japanese_and_korean_no_english_phrase_of_the_interface_is_left() {
    use cronjob_playground::i18n::{Lang, Msg};
    let storage = web_sys::window().unwrap().local_storage().unwrap().unwrap();
    let root = mount(props(cronjob_playground::ui::EXAMPLE)).await;
    wait_for(&root, "[data-testid=job]").await;
    click(&by_testid(&root, "help-button"));
    click(&all(&root, "[data-testid=job]")[1]);
    // The lint view with a result (the editor's CronJob: a schedule edit runs retroactively) and
    // the compare mode with its list of differences (against the v1 controller) add their sentences.
    click(&by_testid(&root, "lint-toggle"));
    settle(30).await;
    click(&by_testid(&root, "lint-use-editor"));
    settle(30).await;
    click(&by_testid(&root, "lint-run"));
    for _ in 0..600 {
        if root.query_selector("[data-testid=finding]").unwrap().is_some() {
            break;
        }
        settle(100).await;
    }
    assert!(!all(&root, "[data-testid=finding]").is_empty(), "the lint found nothing to read");
    click(&by_testid(&root, "compare-toggle"));
    settle(30).await;
    let against: web_sys::HtmlSelectElement = by_testid(&root, "compare-against").dyn_into().unwrap();
    against.set_value("version:1.20");
    against.dispatch_event(&web_sys::Event::new("change").unwrap()).unwrap();
    wait_for(&root, "[data-testid=diff]").await;
    settle(60).await;
    let picker: web_sys::HtmlSelectElement = by_testid(&root, "language").dyn_into().unwrap();
    // English phrases (several words, no placeholder) must not survive a switch.
    let phrases: Vec<&str> = Msg::ALL
        .iter()
        .map(|m| Lang::En.text(*m))
        .filter(|t| t.contains(' ') && t.len() >= 8 && !t.contains('{') && !t.starts_with(['+', '←', '#']))
        .collect();
    assert!(interface_words(&root).contains("Keyboard"), "the English page shows its words");
    for lang in [Lang::Ja, Lang::Ko] {
        picker.set_value(lang.code());
        picker.dispatch_event(&web_sys::Event::new("change").unwrap()).unwrap();
        settle(30).await;
        let words = interface_words(&root);
        let left: Vec<&&str> = phrases.iter().filter(|p| words.contains(**p)).collect();
        assert!(left.is_empty(), "{lang}: {left:?} still in English");
        // Nor any English sentence the catalog does not know (a string added without it); commands
        // quoted in `backticks` are kubectl's and stay.
        let unquoted: String = words.split('`').step_by(2).collect::<Vec<_>>().join(" ");
        let english: Vec<String> = unquoted
            .split(['\n', '(', ')', '.', ',', ':', '·', '—'])
            .map(str::trim)
            .filter(|s| {
                let tokens: Vec<&str> = s.split_whitespace().collect();
                tokens.windows(2).any(|w| w.iter().all(|t| t.len() >= 3 && t.chars().all(|c| c.is_ascii_lowercase())))
            })
            .map(str::to_owned)
            .collect();
        assert!(english.is_empty(), "{lang}: English left in the interface: {english:?}");
        assert!(words.contains(lang.text(Msg::KeyboardHeading)));
    }
    storage.remove_item("cronjob-playground.lang").unwrap();
    document().document_element().unwrap().set_attribute("lang", "en").unwrap();
    root.remove();
}

#[wasm_bindgen_test]
async fn a_lost_separator_and_a_dropped_field_are_said_in_the_readers_language() {
    let storage = web_sys::window().unwrap().local_storage().unwrap().unwrap();
    let lost = include_str!("data/manifests/missing-separator.yaml");
    let sidecar = include_str!("data/manifests/sidecar-cronjob.yaml");
    let alpha =
        "---\napiVersion: playground.cronjob.dev/v1alpha1\nkind: Simulation\nspec: {kubernetesVersion: '1.28', \
        duration: 2h}\n";
    let root = mount(props(&format!("{lost}---\n{sidecar}{alpha}"))).await;
    wait_for(&root, "[data-testid=dropped-field]").await;
    let said = |id: &str| {
        all(&root, &format!("[data-testid={id}]")).iter().map(|e| e.text_content().unwrap()).collect::<Vec<_>>()
    };
    assert_eq!(said("duplicate-key").len(), 4);
    assert!(
        said("duplicate-key")[0].starts_with("apiVersion: written twice (lines 2 and 17)"),
        "{:?}",
        said("duplicate-key")
    );
    let picker: web_sys::HtmlSelectElement = by_testid(&root, "language").dyn_into().unwrap();
    picker.set_value("ja");
    picker.dispatch_event(&web_sys::Event::new("change").unwrap()).unwrap();
    settle(30).await;
    assert_eq!(
        said("duplicate-key")[1],
        "kind: 2 回書かれています (3 行目と 18 行目)。kubectl の YAML 読み込みは後の値を残し、3 行目の値を何も告げずに捨てます"
    );
    assert!(said("duplicate-key")[0].ends_with("API サーバーに届くのは 2 つ目だけです"), "{:?}", said("duplicate-key"));
    assert_eq!(
        said("dropped-field"),
        ["spec.jobTemplate.spec.template.spec.initContainers[0].restartPolicy: 破棄: SidecarContainers 機能は Kubernetes \
            1.28 ではアルファ (既定でオフ) のため、API サーバーはこのフィールドを無視します"]
    );
    // Said once: the editor's diagnostics hold Kubernetes' own words only.
    let diagnostics = by_testid(&root, "diagnostics").text_content().unwrap();
    assert!(!diagnostics.contains("written twice") && !diagnostics.contains("dropped"), "{diagnostics}");
    storage.remove_item("cronjob-playground.lang").unwrap();
    document().document_element().unwrap().set_attribute("lang", "en").unwrap();
    root.remove();
}
