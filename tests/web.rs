//! Browser tests of the page's components (wasm32 only; run in headless Chromium by
//! `cargo test --target wasm32-unknown-unknown --tests`, see scripts/test.sh).
#![cfg(target_arch = "wasm32")]

use cronjob_playground::ui::{App, AppProps};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn document() -> web_sys::Document {
    web_sys::window().unwrap().document().unwrap()
}

async fn mount(props: AppProps) -> web_sys::Element {
    let root = document().create_element("div").unwrap();
    document().body().unwrap().append_child(&root).unwrap();
    yew::Renderer::<App>::with_root_and_props(root.clone(), props).render();
    gloo_timers::future::TimeoutFuture::new(10).await; // let Yew's scheduler render
    root
}

fn by_testid(root: &web_sys::Element, id: &str) -> web_sys::Element {
    root.query_selector(&format!("[data-testid=\"{id}\"]")).unwrap().unwrap_or_else(|| panic!("no {id}"))
}

#[wasm_bindgen_test]
async fn shell_renders_title_editor_and_timeline() {
    let root = mount(AppProps { initial_text: Some("a: 1\nb: 2\n".into()) }).await;
    assert_eq!(by_testid(&root, "title").text_content().unwrap(), "CronJob Playground");
    let editor: web_sys::HtmlTextAreaElement = by_testid(&root, "editor").dyn_into().unwrap();
    assert_eq!(editor.value(), "a: 1\nb: 2\n");
    assert_eq!(by_testid(&root, "editor-status").text_content().unwrap(), "2 lines · saved in this browser");
    assert!(by_testid(&root, "timeline").text_content().unwrap().starts_with("Timeline"));
}
