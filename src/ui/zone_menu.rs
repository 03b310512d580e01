//! The zone menu beside the clock: read the axis, the clock and the inspector's times in UTC, in
//! a CronJob's zone or in the viewer's own (`app::axis_zone`; the viewer's from `viewer_zone`).

use super::language::use_lang;
use super::state::{Action, ViewState};
use super::viewer_zone::viewer_zone;
use crate::app::axis_zone::{cron_job_zones, AxisZone};
use crate::i18n::Msg;
use web_sys::HtmlSelectElement;
use yew::prelude::*;

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
