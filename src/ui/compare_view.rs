//! Compare mode: a second run (B) of the editor's manifest under another Kubernetes release or
//! concurrency policy, or of a snapshot of the text (before/after an edit), drawn under the main
//! timeline (A) on the same time axis and clock, with a strip and a list of what differs
//! (`app::compare`). B runs in its own worker, like A.

use super::language::use_lang;
use super::runner::{Engine, Runner};
use super::share::PanelsHandle;
use super::state::{Action, Model, ViewState};
use super::timeline_view::TimelineView;
use crate::api::{ConcurrencyPolicy, KubernetesVersion};
use crate::app::compare::Variant;
use crate::app::protocol::{Answer, CompareWith, ComparisonView};
use crate::app::share::{SharePanel, ShareView};
use crate::i18n::{Lang, Msg};
use crate::timeline::viewport::ms;
use std::cell::RefCell;
use std::rc::Rc;
use web_sys::HtmlSelectElement;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct CompareProps {
    /// The editor's text (run A).
    pub text: Rc<str>,
    /// Run A's view (B follows its window and clock).
    pub state: ViewState,
    pub dispatch: UseReducerDispatcher<ViewState>,
    pub engine: Engine,
    /// Where compare mode reports itself for share links.
    #[prop_or_default]
    pub panels: PanelsHandle,
    /// The panels of a link just opened.
    #[prop_or_default]
    pub restore: Option<Rc<Vec<SharePanel>>>,
}

/// What B is.
#[derive(Clone, Debug, PartialEq)]
enum Against {
    Version(KubernetesVersion),
    Policy(ConcurrencyPolicy),
    /// The text as it was when kept.
    Snapshot(Rc<str>),
}

/// `Kubernetes 1.28`, `Kubernetes 1.20 (v1 controller)`.
fn version_label(l: Lang, v: KubernetesVersion) -> String {
    let name = format!("Kubernetes {v}");
    if v.at_least(21) {
        name
    } else {
        l.format(Msg::CompareV1, &[&name])
    }
}

impl Against {
    /// The compare menu's value (`version:1.20`, `policy:Forbid`, `snapshot`).
    fn value(&self) -> String {
        match self {
            Against::Version(v) => format!("version:{v}"),
            Against::Policy(p) => format!("policy:{p:?}"),
            Against::Snapshot(_) => "snapshot".into(),
        }
    }

    /// The choice a menu value names (`snapshot` compares with `kept`).
    fn parse(value: &str, kept: Rc<str>) -> Option<Against> {
        if let Some(v) = value.strip_prefix("version:") {
            v.parse().ok().map(Against::Version)
        } else if let Some(p) = value.strip_prefix("policy:") {
            POLICIES.iter().find(|x| format!("{x:?}") == p).map(|p| Against::Policy(*p))
        } else {
            (value == "snapshot").then_some(Against::Snapshot(kept))
        }
    }

    fn label(&self, l: Lang) -> String {
        match self {
            Against::Version(v) => version_label(l, *v),
            Against::Policy(p) => format!("concurrencyPolicy: {p:?}"),
            Against::Snapshot(_) => l.text(Msg::CompareKept).into(),
        }
    }
}

const POLICIES: [ConcurrencyPolicy; 3] =
    [ConcurrencyPolicy::Allow, ConcurrencyPolicy::Forbid, ConcurrencyPolicy::Replace];

#[function_component(CompareView)]
pub fn compare_view(props: &CompareProps) -> Html {
    let l = use_lang();
    let on = use_state(|| false);
    let against = use_state(|| Against::Version(KubernetesVersion::new(20).expect("1.20 is supported")));
    let b_state = use_reducer(ViewState::default);
    let b_error = use_state(|| None::<String>);
    // The engine's comparison of run B with run A, with run B's id.
    let compared = use_state(|| None::<(u64, Rc<ComparisonView>)>);
    let runner = use_b_runner(props.engine, b_state.dispatcher(), b_error.clone(), compared.clone());

    // Runs this runner was asked for; its answers carry the same ids (1, 2, …), so a comparison is
    // only shown for the newest, never for a B that no longer matches the choice. B follows A's
    // text and the choice; the engine makes B's text (a variant of A's) and compares the runs.
    let requested = use_state(|| 0u64);
    {
        let (runner, requested) = (runner.clone(), requested.clone());
        let request = on.then(|| (props.text.clone(), (*against).clone()));
        use_effect_with(request, move |r| {
            if let Some((text, against)) = r {
                let b = match against {
                    Against::Version(v) => CompareWith::Variant(Variant::Version(*v)),
                    Against::Policy(p) => CompareWith::Variant(Variant::Policy(*p)),
                    Against::Snapshot(t) => CompareWith::Text(t.to_string()),
                };
                runner.borrow_mut().compare(text.to_string(), b);
                requested.set(*requested + 1);
            }
        });
    }
    use_follow_a(&props.state, &b_state, *on);

    let toggle = {
        let on = on.clone();
        Callback::from(move |_: MouseEvent| on.set(!*on))
    };
    let choose = {
        let (against, text) = (against.clone(), props.text.clone());
        Callback::from(move |e: Event| {
            let value = e.target_unchecked_into::<HtmlSelectElement>().value();
            if let Some(n) = Against::parse(&value, text.clone()) {
                against.set(n);
            }
        })
    };
    let keep = {
        let (against, text) = (against.clone(), props.text.clone());
        Callback::from(move |_: MouseEvent| against.set(Against::Snapshot(text.clone())))
    };

    let a_trace = props.state.model.as_ref().and_then(|m| m.result.trace.as_ref());
    let current = b_state.model.as_ref().is_some_and(|m| m.run == *requested);
    let diff = compared.as_ref().filter(|(id, _)| *on && current && *id == *requested).map(|(_, d)| d.clone());
    let selected = against.value();
    use_share_panels(props, &on, &against);
    let a_version = a_trace.map(|t| t.kubernetes_version.to_string()).unwrap_or_default();

    html! {
        <section class="compare" data-testid="compare" aria-label={l.text(Msg::CompareRegion)}>
            <div class="compare-head">
                <button type="button" onclick={toggle} aria-pressed={on.to_string()} data-testid="compare-toggle">
                    { l.text(if *on { Msg::CompareStop } else { Msg::CompareStart }) }</button>
                if *on {
                    <label>{ "B: " }
                        { against_menu(l, &selected, choose) }
                    </label>
                    <button type="button" onclick={keep} data-testid="compare-keep" title={l.text(Msg::CompareKeepTitle)}>{ l.text(Msg::CompareKeep) }</button>
                }
            </div>
            if *on {
                if let Some(e) = &*b_error {
                    <p class="error" role="alert" data-testid="compare-error">{ l.format(Msg::CompareCannotRun, &[e]) }</p>
                }
                if let Some(d) = &diff {
                    { summary(l, d, &a_version, &against) }
                    <DiffStrip state={props.state.clone()} diff={d.clone()} dispatch={props.dispatch.clone()} />
                }
                <div class="compare-b" data-testid="compare-b">
                    <h3 class="pane-title">{ format!("B — {}", against.label(l)) }</h3>
                    <TimelineView state={(*b_state).clone()} dispatch={b_state.dispatcher()} />
                </div>
                if let Some(d) = &diff {
                    { diff_list(l, d, &props.dispatch) }
                }
            }
        </section>
    }
}

/// B shares A's window and clock (`a`'s), and reads times in A's zone too, while it is `on`.
#[hook]
fn use_follow_a(a: &ViewState, b_state: &UseReducerHandle<ViewState>, on: bool) {
    let a_view = (a.view.from, a.view.to, a.cursor);
    let dispatch = b_state.dispatcher();
    // Off, nothing is drawn: don't follow A (playback moves the clock 25 times a second).
    let generation = b_state.model.as_ref().filter(|_| on).map(|m| m.generation);
    let zone = a.zone.to_string();
    let follow = generation.map(|g| (a_view.0.to_bits(), a_view.1.to_bits(), a_view.2.to_bits(), g, zone));
    use_effect_with(follow, move |follow| {
        if let Some((.., zone)) = follow.as_ref().filter(|_| a_view.0 < a_view.1) {
            dispatch.dispatch(Action::Restore(ShareView {
                from: a_view.0,
                to: a_view.1,
                cursor: a_view.2,
                zone: Some(zone.clone()),
                ..ShareView::default()
            }));
        }
    });
}

/// Runs B and compares it with A in B's own worker; B is only drawn (the inspector's questions go
/// to run A's engine).
#[hook]
fn use_b_runner(
    engine: Engine,
    dispatch: UseReducerDispatcher<ViewState>,
    b_error: UseStateHandle<Option<String>>,
    compared: UseStateHandle<Option<(u64, Rc<ComparisonView>)>>,
) -> Rc<RefCell<Runner>> {
    use_mut_ref(move || {
        let generation = std::cell::Cell::new(0u64);
        Runner::new(
            engine,
            Callback::from(move |(answer, _stages): super::runner::Report| match answer {
                Answer::Ran { id, ms, result } => {
                    generation.set(generation.get() + 1);
                    b_error.set(result.error.clone());
                    dispatch.dispatch(Action::Loaded(Rc::new(Model::new(result, generation.get(), ms, id))));
                }
                Answer::Compared { id, comparison } => compared.set(Some((id, Rc::new(comparison)))),
                _ => {}
            }),
        )
    })
}

/// Share links carry compare mode and its choice, and open them.
#[hook]
fn use_share_panels(props: &CompareProps, on: &UseStateHandle<bool>, against: &UseStateHandle<Against>) {
    {
        let panels = props.panels.clone();
        let open = (**on).then(|| SharePanel::Compare {
            against: against.value(),
            kept: if let Against::Snapshot(t) = &**against { Some(t.to_string()) } else { None },
        });
        use_effect_with(open, move |open| panels.borrow_mut().compare = open.clone());
    }
    {
        let (on, against, text) = (on.clone(), against.clone(), props.text.clone());
        use_effect_with(props.restore.clone(), move |restore| {
            let compare = restore.iter().flat_map(|r| r.iter()).find_map(|p| match p {
                SharePanel::Compare { against, kept } => Some((against.clone(), kept.clone())),
                SharePanel::Lint => None,
            });
            if let Some((value, kept)) = compare {
                if let Some(a) = Against::parse(&value, kept.map_or(text, Rc::from)) {
                    against.set(a);
                }
                on.set(true);
            }
        });
    }
}

/// The menu of what B is: another release, another concurrency policy, or the kept text.
fn against_menu(l: Lang, selected: &str, choose: Callback<Event>) -> Html {
    let option = |value: String, label: String| {
        html! { <option value={value.clone()} selected={value == selected}>{ label }</option> }
    };
    html! {
        <select onchange={choose} data-testid="compare-against" aria-label={l.text(Msg::CompareAgainstLabel)}>
            <optgroup label={l.text(Msg::CompareVersionGroup)}>
                { for KubernetesVersion::all_newest_first()
                    .map(|v| option(Against::Version(v).value(), version_label(l, v))) }
            </optgroup>
            <optgroup label="concurrencyPolicy">
                { for POLICIES.iter().map(|p| {
                    option(Against::Policy(*p).value(), l.format(Msg::CompareEveryPolicy, &[&format!("{p:?}")]))
                }) }
            </optgroup>
            <option value="snapshot" selected={selected == "snapshot"}>{ l.text(Msg::CompareSnapshot) }</option>
        </select>
    }
}

/// Runs A and B in figures, and how many differences.
fn summary(l: Lang, d: &ComparisonView, a_version: &str, against: &Against) -> Html {
    let differences = if d.differences.len() == 1 {
        l.text(Msg::CompareOneDifference).to_string()
    } else {
        l.format(Msg::CompareDifferences, &[&d.differences.len()])
    };
    html! {
        <p class="compare-summary" data-testid="compare-summary" data-differences={d.differences.len().to_string()}>
            <span class="run-a">{ l.format(Msg::CompareRunA, &[&a_version, &d.a.jobs, &d.a.ran, &d.a.not_run]) }</span>
            { " · " }
            <span class="run-b">
                { l.format(Msg::CompareRunB, &[&against.label(l), &d.b.jobs, &d.b.ran, &d.b.not_run]) }</span>
            { " · " }
            { differences }
        </p>
    }
}

/// The differences (the first 200), each moving A's clock to its instant when clicked.
fn diff_list(l: Lang, d: &ComparisonView, dispatch: &UseReducerDispatcher<ViewState>) -> Html {
    html! {
        <ol class="diff-list" data-testid="diff-list">
            { for d.differences.iter().take(200).map(|x| {
                let (dispatch, at) = (dispatch.clone(), ms(x.at));
                html! {
                    <li class={format!("diff {}", x.kind.name())} data-testid="diff" data-kind={x.kind.name()}
                        data-time={crate::sim::trace::format_time(&x.at)}
                        onclick={Callback::from(move |_: MouseEvent| dispatch.dispatch(Action::Seek(at)))}>
                        { x.said.render(l) }
                    </li>
                }
            }) }
            if d.differences.len() > 200 {
                <li class="more">{ l.format(Msg::MoreDiagnostics, &[&(d.differences.len() - 200)]) }</li>
            }
        </ol>
    }
}

#[derive(Properties, PartialEq)]
struct StripProps {
    state: ViewState,
    diff: Rc<ComparisonView>,
    dispatch: UseReducerDispatcher<ViewState>,
}

/// The differences as marks on A's time axis (clicking one moves the clock there).
#[function_component(DiffStrip)]
fn diff_strip(props: &StripProps) -> Html {
    let l = use_lang();
    let view = props.state.view;
    let label = props.state.label;
    let width = label + view.width;
    html! {
        <svg class="diff-strip" width={width.to_string()} height="18" role="img" aria-label={l.text(Msg::CompareDiffStrip)} data-testid="diff-strip">
            <text x="8" y="13" class="lane-label">{ l.text(Msg::CompareDiffLane) }</text>
            { for props.diff.differences.iter().filter_map(|d| {
                let x = label + view.x(ms(d.at));
                (label..=width).contains(&x).then(|| {
                    let (dispatch, at) = (props.dispatch.clone(), ms(d.at));
                    html! {
                        <rect class={format!("diff-mark {}", d.kind.name())} data-testid="diff-mark" data-kind={d.kind.name()}
                            x={(x - 2.0).to_string()} y="2" width="4" height="14" onclick={Callback::from(move |_: MouseEvent| dispatch.dispatch(Action::Seek(at)))}>
                            <title>{ d.said.render(l) }</title>
                        </rect>
                    }
                })
            }) }
        </svg>
    }
}
