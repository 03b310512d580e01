//! The page's `localStorage`: the editor's text, the theme, the language and the open scenario
//! are kept there. A full, disabled or missing storage only costs persistence, so every read and
//! write here fails quietly.

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// The text kept under `key`, if any.
pub fn saved(key: &str) -> Option<String> {
    storage()?.get_item(key).ok().flatten()
}

/// Keeps `text` under `key`.
pub fn save(key: &str, text: &str) {
    if let Some(storage) = storage() {
        // A full or disabled storage only costs persistence; the text stays in the editor.
        let _ = storage.set_item(key, text);
    }
}

/// Forgets what is kept under `key`.
pub fn forget(key: &str) {
    if let Some(storage) = storage() {
        let _ = storage.remove_item(key);
    }
}
