//! The zone menu beside the clock: read the axis, the clock and the inspector's times in UTC, in
//! a CronJob's zone or in the viewer's own (`app::axis_zone`). The viewer's zone and its offsets
//! come from the browser (`Intl`, `Date`) through js-sys: the page's module has no zone table.

use super::language::use_lang;
use super::state::{Action, ViewState};
use crate::app::axis_zone::{cron_job_zones, AxisZone};
use crate::i18n::Msg;
use wasm_bindgen::JsValue;
use web_sys::HtmlSelectElement;
use yew::prelude::*;

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

impl ViewState {
    /// The name of the zone instants are shown in: a CronJob's zone that no CronJob of the run has
    /// any more reads as UTC (its offsets are gone with it).
    pub fn zone_name(&self) -> String {
        match &self.zone {
            AxisZone::Utc => "UTC".into(),
            AxisZone::Viewer => viewer_zone(),
            named => match self.model.as_ref().and_then(|m| named.offsets(&m.result.schedules)) {
                Some(_) => named.to_string(),
                None => "UTC".into(),
            },
        }
    }
}

#[derive(Properties, PartialEq)]
pub struct ZoneMenuProps {
    pub state: ViewState,
    pub dispatch: UseReducerDispatcher<ViewState>,
}

#[function_component(ZoneMenu)]
pub fn zone_menu(props: &ZoneMenuProps) -> Html {
    let l = use_lang();
    let Some(model) = props.state.model.as_ref() else { return Html::default() };
    let mut choices = vec![(AxisZone::Utc, "UTC".to_string())];
    choices.extend(
        cron_job_zones(&model.result.schedules)
            .into_iter()
            .map(|z| (AxisZone::Named(z.to_string()), l.format(Msg::ZoneCronJob, &[&z]))),
    );
    choices.push((AxisZone::Viewer, l.format(Msg::ZoneViewer, &[&viewer_zone()])));
    // A zone no CronJob has any more is shown as UTC, which the page falls back to.
    let current = match &props.state.zone {
        AxisZone::Named(_) if props.state.zone_name() == "UTC" => AxisZone::Utc,
        zone => zone.clone(),
    };
    let onchange = {
        let d = props.dispatch.clone();
        Callback::from(move |e: Event| {
            if let Ok(zone) = AxisZone::parse(&e.target_unchecked_into::<HtmlSelectElement>().value()) {
                d.dispatch(Action::Zone(zone));
            }
        })
    };
    html! {
        <select class="zone-menu" data-testid="zone-menu" aria-label={l.text(Msg::ZoneMenuLabel)} title={l.text(Msg::ZoneMenuLabel)} {onchange}>
            { for choices.into_iter().map(|(zone, label)| html! {
                <option value={zone.to_string()} selected={zone == current}>{ label }</option>
            }) }
        </select>
    }
}
