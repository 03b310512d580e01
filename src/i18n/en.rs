//! English.

use super::Msg::{self, *};

pub fn text(msg: Msg) -> &'static str {
    match msg {
        Tagline => "What Kubernetes would do with your CronJob, second by second.",
        LanguageLabel => "Language",
        ScenariosButton => "Scenarios…",
        ScenariosTitle => "Built-in scenarios: what to look at and why Kubernetes does it",
        ThemeToggleLabel => "Toggle light or dark theme (d)",
        ThemeToggleTitle => "Light / dark (d)",
        HelpButtonTitle => "Keyboard shortcuts (?)",
        KeyboardShortcuts => "Keyboard shortcuts",
        KeyboardHeading => "Keyboard",
        KeyPlayPause => "play or pause the virtual clock",
        KeyStep => "step to the next / previous event",
        KeyZoomKeys => "+ / −, wheel",
        KeyZoom => "zoom the timeline",
        KeyPanKeys => "← / →, drag, shift+wheel",
        KeyPan => "pan",
        KeyStartEnd => "clock to the start / end",
        KeyFit => "fit the whole horizon",
        KeyClickAxis => "click the axis",
        KeyMoveClock => "move the clock there",
        KeyClearSelection => "clear the selection",
        KeyTheme => "light / dark theme",
        KeyTimelineNav => "on the timeline: move along a lane's slots, Jobs and Pods, or to the next lane",
        KeyOpen => "open the focused item's why in the inspector (a Job zooms to itself with its Pods open)",
        KeyZoomSelection => "+ / − keep the selection in view",
        KeyEditorEscapeKeys => "Esc, then Tab",
        KeyEditorEscape => "leave the editor (inside it Tab indents)",
        KeyEditorTabMode => "in the editor: Tab moves focus instead of indenting, until pressed again",
        ManifestEditor => "Manifest editor",
        ManifestLabel => "Manifest (YAML or JSON)",
        SimulationHeading => "Simulation",
        TimelineHeading => "Timeline",
        Timeline => "Timeline",
        Legend => "Legend",
        LegendOnTime => "on time",
        LegendLate => "late / retroactive",
        LegendSkipped => "skipped / missed",
        LegendPending => "pending",
        LegendJob => "Job",
        LegendFailedJob => "failed Job",
        LegendBackOff => "back-off wait",
        LegendControllerDown => "controller down",
        LegendSuspended => "suspended",
        LegendLateMark => "Job of a late slot",
        LegendCluster => "several items (click to zoom in)",
        LegendMarker => "change to the cluster (edit, deletion, restart)",
        LegendPodPending => "Pod pending",
        LegendPodRunning => "container running",
        LegendExitNonZero => "attempt failed (exit ≠ 0)",
        LegendJobBackOff => "Job controller's wait before a new Pod",
        LegendPodEnd => "Pod failed or killed",
        LegendCursor => "virtual clock",
        EditorStatus => "{0} lines · saved in this browser",
        EditorErrors => " · {0} errors",
        EditorError => " · 1 error",
        MoreDiagnostics => "… {0} more",
        VirtualClock => "Virtual clock",
        GoToStart => "Go to the start",
        GoToStartTitle => "Go to the start (Home)",
        PreviousEvent => "Previous event",
        PreviousEventTitle => "Previous event (,)",
        Play => "Play",
        Pause => "Pause",
        PlayPauseTitle => "Play / pause (Space)",
        NextEvent => "Next event",
        NextEventTitle => "Next event (.)",
        GoToEnd => "Go to the end",
        GoToEndTitle => "Go to the end (End)",
        PlaybackSpeed => "Playback speed",
        SpeedSeconds => "{0} s/s",
        SpeedMinutes => "{0} min/s",
        SpeedHours => "{0} h/s",
        SpeedDays => "{0} d/s",
        ScrubClock => "Scrub the virtual clock",
        AxisYear => "{0}",
        AxisDate => "{0} {1}",
        AxisDateYear => "{0} {1}, {2}",
        AxisMonthNames => "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec",
        Kubernetes => "Kubernetes",
        KubernetesVersion => "Kubernetes version",
        NewestVersion => "newest ({0})",
        Horizon => "Horizon",
        HorizonLabel => "Horizon (e.g. 24h, 7d, 30d)",
        HorizonTitle => "How long to simulate: 90m, 24h, 7d, 30d",
        HorizonExpectedNumber => "“{0}”: expected a number before each unit, as in 36h or 1d12h",
        HorizonMissingUnit => "“{0}”: a number needs a unit: ms, s, m, h or d",
        HorizonUnknownUnit => "“{0}”: unknown unit “{1}”: use ms, s, m, h or d (a year is 365d)",
        HorizonOutOfRange => "“{0}”: a horizon is longer than zero and at most a few thousand years",
        ControllerTz => "Controller TZ",
        ControllerTzLabel => "kube-controller-manager time zone",
        PodsOf => "Pods of {0} {1}",
        StartupSeconds => "startup s",
        StartupSecondsLabel => "{0} pod startup seconds",
        AttemptRunSeconds => "#{0} run s",
        AttemptDurationLabel => "{0} attempt {1} duration seconds",
        Exit => "exit",
        AttemptExitLabel => "{0} attempt {1} exit code",
        AddAttempt => "Add an attempt (the last one repeats)",
        RemoveAttempt => "Remove the last attempt",
        FindWorkload => "Pods of (find a CronJob or Job)",
        WorkloadsShown => "{0} of {1} shown",
        ClusterEvents => "Cluster events",
        RemoveEvent => "Remove this event",
        Remove => "Remove",
        EventAt => "at",
        EventTimeLabel => "Event time (RFC 3339)",
        EventWhat => "what",
        EventKindLabel => "Event kind",
        EventEditSchedule => "edit {0}'s schedule to",
        EventSuspend => "suspend",
        EventResume => "resume",
        EventDeleteJob => "delete job",
        EventControllerDown => "controller down for",
        EventTrigger => "trigger a Job now",
        EventValue => "value",
        EventValueLabel => "Schedule, Job name or outage length",
        AddEvent => "Add",
        ControllerDownUntil => "kube-controller-manager down until {0}",
        Simulating => "Simulating…",
        RunProgress => "Simulated {0} % of the horizon…",
        RunCancel => "Cancel",
        RunStopped => "Stopped. Your text is kept; the timeline is an earlier text's run.",
        RunAgain => "Simulate again",
        RunStale => "Out of date: the timeline below is the previous text's run",
        NothingToSimulate => "Nothing to simulate.",
        SeeEditorError => "Nothing to simulate until the error at line {0}, column {1} of the editor is fixed.",
        TimelineLabel => "Timeline of schedule slots, Jobs and Pods",
        ControllerDownBand => "kube-controller-manager down {0} – {1}",
        SuspendedBand => "suspended",
        StandaloneJobs => "Jobs",
        SlotsLane => "slots",
        JobsLane => "jobs",
        SlotCluster => "{0} slots ({1} skipped, {2} late) — click to zoom",
        JobCluster => "{0} Jobs, {1} failed — click to zoom",
        PodsOfJob => "pods of {0} (click to pin open or closed)",
        AttemptExit => "exit {0}",
        AttemptBackOff => "back-off {0} s",
        AttemptSeconds => "{0} s",
        AttemptKilledBy => "killed: {0}",
        AttemptKilled => "killed",
        NameSlot => "{0} slot: {1}",
        NameJob => "Job {0}, {1} – {2}: {3}",
        NamePod => "Pod {0}: {1}",
        NameRetroactive => "retroactive",
        NameHeldByForbid => "held by Forbid",
        NameAfterResume => "after resume",
        NameAfterOutage => "after a controller outage",
        NameLateRun => "ran late",
        NamePodsOpen => "Pods shown",
        LaneSlotsOf => "slots of {0}",
        LaneJobsOf => "Jobs of {0}",
        LanePodsOf => "Pods of {0}",
        LateRun => " (late / retroactive run)",
        Overview => "overview",
        OverviewLabel => "Overview of the whole horizon; click to move the timeline there",
        Inspector => "Inspector",
        InspectorHint => "Click a slot, Job, Pod, edit marker or band on the timeline to see what happened and why.",
        Why => "Why",
        TabDetails => "Details",
        TabEvents => "Events",
        TabLogs => "Logs",
        RunInfo => "k8s {0} · {1} slots · {2} jobs · {3} pods · simulated in {4} ms",
        GetAt => "# at {0}",
        DescribeAt => "# Events at {0}",
        EventsAt => "# at {0}",
        LogUpTo => "# controller log up to {0}",
        KindSlot => "Slot",
        KindEdit => "Edit",
        KindOutage => "Outage",
        KindSuspended => "Suspended",
        FieldScheduledTime => "Scheduled time",
        FieldFate => "Fate",
        FieldJobCreated => "Job created",
        FieldKubernetesVersion => "Kubernetes version",
        FieldCreated => "Created",
        FieldCreatedAfterSchedule => "Created after schedule",
        FieldStatus => "Status",
        FieldFinished => "Finished",
        FieldDeleted => "Deleted",
        FieldPods => "Pods",
        FieldStarted => "Started",
        FieldPhase => "Phase",
        FieldRestarts => "Restarts",
        FieldExitCodes => "Exit codes",
        FieldSidecars => "Sidecars",
        FieldInitContainers => "Init containers",
        FieldAt => "At",
        FieldCommand => "Command",
        FieldPatch => "Patch",
        FieldFrom => "From",
        FieldUntil => "Until",
        FieldLength => "Length",
        FateRanOnTime => "ran on time",
        FateRanLate => "ran late",
        FateSkippedForbid => "skipped (Forbid)",
        FateMissedDeadline => "missed its starting deadline",
        FateSuperseded => "superseded by a later slot",
        FateSuspended => "suspended",
        FateControllerDown => "controller down",
        FateNotFoundBySearch => "not found by the controller's search",
        FateTooManyMissed => "too many missed start times",
        FateCreateFailed => "Job creation failed",
        FatePending => "pending",
        OutcomeRunning => "running",
        OutcomeComplete => "complete",
        OutcomeFailed => "failed",
        OutcomeDeleted => "deleted",
        PodSucceeded => "succeeded",
        PodTerminated => "terminated",
        PodOpen => "still running",
        ScenarioMenuLabel => "Open a built-in scenario",
        ScenarioLookAt => "What to look at",
        ScenarioWhy => "Why Kubernetes does it",
        ScenarioReplaceConfirm => {
            "Open the scenario “{0}”? It replaces your text in the editor; your text is kept, \
            and “Back to my own text” brings it back."
        }
        ProbeReplaceConfirm => {
            "Open this probe? It replaces your text in the editor; your text is kept, and “Back to \
            my own text” brings it back."
        }
        ScenarioClose => "Close the scenario notes",
        ScenarioShowNotes => "Scenario notes",
        ShareButton => "Share",
        ShareTitle => "Copy a link to this manifest and view",
        ShareLinkLabel => "Link to this manifest and view (copied):",
        ShareSize => "{0} characters; the manifest stays in the link's #fragment and is never sent to a server.",
        Close => "Close",
        ShareAsk => {
            "This link holds a different manifest ({0} lines) from the one saved in this browser. Open it and \
            replace your saved text?"
        }
        ShareOpen => "Open the link",
        ShareKeep => "Keep my text",
        Dismiss => "Dismiss",
        ShareErrNotALink => "This address does not hold a shared playground state.",
        ShareErrTooLong => {
            "This link is too long to open: {0} characters, the limit is {1}. Share a shorter manifest \
            or horizon."
        }
        ShareErrBadCharacter => {
            "This link is damaged: {0} at position {1} of its data is not a base64url character. \
            It was probably altered while being copied; ask for the link again."
        }
        ShareErrTruncated => {
            "This link is damaged: its data ends in the middle of a character. It was probably cut \
            while being copied; ask for the whole link again."
        }
        ShareErrCorrupt => "This link is damaged: its compressed data cannot be read ({0}). Ask for the link again.",
        ShareErrTooLarge => "This link is refused: it unpacks to more than {0} KiB, the limit for a shared state.",
        ShareErrNotAState => "This link is damaged: it does not hold a playground state ({0}).",
        ScheduleCards => "Schedules",
        ScheduleZone => "Times in {0} (the CronJob's zone) and in yours ({1}).",
        ScheduleLast => "Last would have run",
        ScheduleNext => "Next runs",
        ScheduleNone => "none in the horizon before the clock",
        ScheduleAfterHorizon => "after the horizon",
        ScheduleIn => "in {0}",
        ScheduleAgo => "{0} ago",
        SeverityError => "error",
        SeverityWarning => "warning",
        SeverityInfo => "info",
        ScheduleChangedAt => "{0}: changed from {1} to {2}",
        ScheduleEdited => "(edited)",
        ZoneMenuLabel => "Zone of the axis, the clock and the inspector's times",
        ZoneCronJob => "{0} (CronJob's zone)",
        ZoneViewer => "{0} (yours)",
        Export => "Export",
        ExportSvgTitle => "The timeline as an SVG drawing",
        ExportPngTitle => "The timeline as a PNG image",
        ExportTrace => "Trace",
        ExportTraceTitle => "The trace as JSON (as `simulate --output json` prints it)",
        ExportState => "State",
        ExportStateTitle => "The objects at the clock's time as YAML (kubectl get -o yaml)",
        CompareStart => "Compare…",
        CompareStop => "Stop comparing",
        CompareRegion => "Compare two runs",
        CompareAgainstLabel => "What run B changes",
        CompareVersionGroup => "Kubernetes version",
        CompareV1 => "{0} (v1 controller)",
        CompareEveryPolicy => "every CronJob {0}",
        CompareSnapshot => "the kept text (before/after an edit)",
        CompareKept => "the kept text",
        CompareKeep => "Keep this text as B",
        CompareKeepTitle => "Keep the editor's text as run B, then edit: A shows after, B before",
        CompareRunA => "A (Kubernetes {0}): {1} Jobs, {2} slots ran, {3} did not",
        CompareRunB => "B ({0}): {1} Jobs, {2} slots ran, {3} did not",
        CompareDifferences => "{0} differences",
        CompareOneDifference => "1 difference",
        CompareCannotRun => "B cannot run: {0}",
        CompareDiffLane => "differences",
        CompareDiffStrip => "Where the runs differ",
        LintOpen => "Lint many CronJobs…",
        LintClose => "Close the lint view",
        LintRegion => "Lint many CronJobs",
        LintIntro => {
            "Paste `kubectl get cronjobs -A -o yaml` (or any CronJobs). Each CronJob is probed with short \
            simulations: a schedule edit, a long controller outage, long Jobs under Forbid, its \
            startingDeadlineSeconds against the controller's reaction, and the daylight-saving changes of the next \
            year."
        }
        LintInputLabel => "CronJobs to lint",
        LintUseEditor => "Use the editor's text",
        LintStart => "Probes start",
        LintRun => "Lint",
        LintBusy => "Linting…",
        LintSummary => "{0} CronJobs probed with Kubernetes {1} from {2}: {3} findings.",
        LintNoRisks => "No risks found by the probes.",
        LintOpenProbe => "Open this probe in the editor",
        LintOpenProbeTitle => {
            "Replace the editor's text with this probe (CronJob + Simulation) to see it on the \
            timeline"
        }
        LintBadZone => "unknown time zone {0}",
        LintProgress => "{0} of {1} CronJobs probed…",
        WhatIfStagger => "Stagger suggestions: each CronJob moved later within its own tolerance (copy the lines into your manifests)",
        WhatIfCopy => "Copy",
        WhatIfCompareStagger => "Compare with these schedules",
        WhatIfDownFrom => "What if the controller is down from (UTC) ",
        WhatIfDownFor => " for (minutes) ",
        WhatIfFromInvalid => "Write the time as HH:MM on a 24-hour clock, 00:00 to 23:59 (UTC).",
        WhatIfCompare => "Compare",
        WhatIfBaseline => "As it is: Jobs starting within one minute",
        WhatIfVariant => "What-if: Jobs starting within one minute, on the same scale",
        WhatIfDifferences => "Differences per CronJob",
        WhatIfSame => "Every CronJob runs as before.",
        ClusterRegion => "Cluster view",
        ClusterSummary => "{0} CronJobs in {1} namespaces, simulated together from {2} to {3}.",
        ClusterProgress => "Simulating the cluster: namespace {0} of {1}…",
        ClusterStale => "Updating: the view below is of the previous text.",
        ClusterTooMany => "{0} CronJobs: the cluster view simulates at most {1} together. Paste fewer CronJobs, one namespace for example.",
        ClusterDensity => "Jobs starting within one minute (the most in each half hour)",
        ClusterPeaks => "Peaks",
        ClusterNoPeaks => "No pile-ups: no minute starts many Jobs at once.",
        ClusterSort => "Sort by",
        ClusterSortNext => "next run",
        ClusterSortRuns => "runs in the window",
        ClusterSortProblems => "problems",
        ClusterName => "CronJob",
        ClusterSchedule => "schedule",
        ClusterPolicy => "concurrencyPolicy",
        ClusterRuns => "runs",
        ClusterProblems => "late / lost",
        ClusterNextRun => "first run",
        ClusterOpen => "Open the timeline of {0} in namespace {1}",
        ClusterBack => "Back to the cluster",
        ClusterSearch => "Search names and labels",
        ClusterShow => "Show",
        ClusterShowAll => "all CronJobs",
        ClusterOnlyLostOrLate => "only lost or late",
        ClusterOnlyProblems => "only with problems",
        ClusterOnlyPolicy => "only concurrencyPolicy: {0}",
        ClusterOnlySuspended => "only suspended",
        ClusterWindow => "What starts, and still runs, between (HH:MM-HH:MM, {0})",
        ClusterNoMatch => "No CronJob matches.",
        ClusterWindowNothing => "Nothing starts or runs in the window.",
        ClusterHitRunning => "still running",
        ClusterHitPastEnd => "past the window's end",
        ClusterHitsMore => "and {0} more",
        ClusterWindowUnreadable => "window {0}: write HH:MM-HH:MM (each day, in the zone) or <RFC 3339>..<RFC 3339>",
        ClusterWindowEndNotAfterStart => "window {0}: the end must be after the start",
        ClusterWindowEndIsStart => "window {0}: the end must differ from the start",
        LintCancel => "Stop",
        LintStopped => "Stopped after {0} of {1} CronJobs; their findings are below.",
        LintTooMany => {
            "{0} CronJobs: the lint probes at most {1} at once (each takes about a second). Split the list, \
            by namespace for example."
        }
        LintRetroactiveEdit => {
            "A schedule edit starts a run for a time already past: after the run at {0}, editing \
            the schedule to \"{1}\" at {2} created {3} at {4} for {5} — nothing resets lastScheduleTime on an edit, so \
            the new schedule's most recent time since the last run is due at once; {6}."
        }
        LintFixDeadlineLonger => "startingDeadlineSeconds ({0}) is longer than that; a shorter one drops such runs",
        LintFixSetDeadline => {
            "set startingDeadlineSeconds (e.g. 300) so that an edit never starts a run later than \
            that"
        }
        LintTooManyMissed => {
            "A controller outage of {0} (from {1} to {2}) misses more than 100 start times: {3} {4} \
            at {5} — {6}.{7}"
        }
        LintRefusedAfterOutage => {
            "the controller then refuses to start it at all — no Job after {0} up to {1} ({2} \
            start times marked too-many-missed) — until startingDeadlineSeconds is set or lastScheduleTime is fixed"
        }
        LintLatestOnlyAfterOutage => {
            "the controller warns and starts only the latest missed time ({0} for {1}); the \
            {2} before it never run"
        }
        LintRemedyDeadline => " A startingDeadlineSeconds bounds how far back the controller looks.",
        LintForbidStarves => {
            "concurrencyPolicy Forbid skips runs while a Job is still active: with Jobs of {0} ({1}) \
            against a {2} interval, {3} of {4} start times were skipped and {5} ran late, the first skipped {6}: {7}"
        }
        LintJobsBoundedBy => "activeDeadlineSeconds {0} lets a Job run that long",
        LintJobsUnbounded => "no activeDeadlineSeconds bounds a Job; probed at 1.5 intervals",
        LintDeadlineMissed => {
            "startingDeadlineSeconds {0} is shorter than the controller's reaction ({1}): {2} of {3} \
            start times were missed, the first {4}: {5}"
        }
        LintDeadlineTight => {
            "startingDeadlineSeconds {0} leaves little room: here every run started (at most {1} \
            late; {2}), but a busy or restarting controller that reacts later than {0} s drops the run without an \
            event. The Kubernetes docs warn against deadlines under 10 s."
        }
        LintReactionV1 => "the v1 controller polls every 10 s",
        LintReactionV2 => "the v2 controller wakes 100 ms after a start time",
        LintDstDoubleRun => {
            "The daylight-saving change in {0} repeats a local time, and the schedule runs at both: \
            {1} and {2} are one hour apart — runs: {3}."
        }
        LintDstSkippedRun => {
            "The daylight-saving change in {0} skips local times, and a run with them: nothing \
            between {1} and {2} ({3} apart) — runs: {4}."
        }
        LintRunAt => "{0} at {1}",
        LintListSeparator => ", ",
        DiffSlotFate => "{0} slot {1}: A {2}, B {3}",
        DiffSlotOnlyA => "{0} slot {1} only in A: {2}",
        DiffSlotOnlyB => "{0} slot {1} only in B: {2}",
        DiffJobOnlyA => "Job {0} only in A, created {1}",
        DiffJobOnlyB => "Job {0} only in B, created {1}",
        DiffJobShift => "Job {0}: {1}",
        DiffCreated => "created {0} in A, {1} in B ({2})",
        DiffFinished => "finished {0} in A, {1} in B ({2})",
        DiffPartSeparator => "; ",
        DiffJobOutcome => "Job {0}: A {1}, B {2}",
        DiffDeletedWhileRunning => "deleted while running",
        DiffStillRunning => "still running",
        FactNoJob => "none",
        FactFinishedTook => "{0} (took {1})",
        FactDeletedBy => "{0} by {1}",
        FactCreatedAfter => "{0} ({1} after the scheduled time)",
        FactJobActive => "Active",
        DeletedByHistoryLimit => "history-limit",
        DeletedByTtl => "ttl",
        DeletedByReplace => "replace",
        DeletedByUser => "user",
        TitleOutage => "kube-controller-manager down",
        TitleSuspended => "{0} suspended",
        SourceSlotFate => "slot fate",
        SourceDeletion => "deletion",
        SourceScenario => "scenario",
        ScenarioGroupSeeds => "From the seed stories",
        ScenarioGroupPains => "Common pitfalls",
        ScenarioRestore => "Back to my own text",
        ShareDialog => "Share link",
        ShareErrUnknownFormat => {
            "This link was made by a different version of the playground (format {0}); this page \
            reads format {1}. Your own text is unchanged."
        }
    }
}
