//! The viewer's own zone and its offsets, from the browser (`Intl`, `Date`) through js-sys: the
//! page's module has no zone table.

use wasm_bindgen::JsValue;

/// The browser's zone (`Europe/Berlin`), or `UTC` when it names none.
pub fn viewer_zone() -> String {
    let format = js_sys::Intl::DateTimeFormat::new(&js_sys::Array::new(), &js_sys::Object::new());
    js_sys::Reflect::get(&format.resolved_options(), &"timeZone".into())
        .ok()
        .and_then(|zone| zone.as_string())
        .filter(|zone| !zone.is_empty())
        .unwrap_or_else(|| "UTC".to_owned())
}

/// The browser's offset at `at` (ms), in seconds east of UTC.
pub fn viewer_offset(at: f64) -> i32 {
    // `getTimezoneOffset` is minutes *behind* UTC.
    -(js_sys::Date::new(&JsValue::from_f64(at)).get_timezone_offset() * 60.0) as i32
}
