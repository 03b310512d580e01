//! The page's colour theme, light or dark: the stored choice, else the browser's
//! `prefers-color-scheme`; switched by the header's button or the `d` key, and kept in
//! `localStorage`. The stylesheet follows `<html data-theme>`.

use super::storage::{save, saved};
use yew::prelude::*;

/// `localStorage` key of the chosen theme.
const THEME_KEY: &str = "cronjob-playground.theme";

fn apply_theme(theme: &str) {
    if let Some(root) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element()) {
        let _ = root.set_attribute("data-theme", theme);
    }
}

/// The theme now (`"light"` or `"dark"`) and the switch to the other.
pub struct Theme {
    pub theme: UseStateHandle<String>,
    pub switch: Callback<()>,
}

#[hook]
pub fn use_theme() -> Theme {
    let theme = use_state(|| {
        let t = saved(THEME_KEY).unwrap_or_else(|| {
            let dark = web_sys::window()
                .and_then(|w| w.match_media("(prefers-color-scheme: dark)").ok().flatten())
                .is_some_and(|m| m.matches());
            if dark { "dark" } else { "light" }.to_string()
        });
        apply_theme(&t);
        t
    });
    let switch = {
        let theme = theme.clone();
        Callback::from(move |()| {
            let next = if *theme == "dark" { "light" } else { "dark" };
            apply_theme(next);
            save(THEME_KEY, next);
            theme.set(next.to_string());
        })
    };
    Theme { theme, switch }
}
