//! What the inspector can be asked about, and its `data-item` text (the page's attribute, share
//! links' selection): an index into the trace or the timeline's own lists.

/// What the inspector can be asked about: an index into the trace or the timeline's own lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ItemRef {
    /// `trace.slots[i]`
    Slot(usize),
    /// `trace.jobs[i]`
    Job(usize),
    /// `trace.pods[i]`
    Pod(usize),
    /// `timeline.markers[i]`
    Marker(usize),
    /// `timeline.outages[i]`
    Outage(usize),
    /// `group.suspended[i]` of `timeline.groups[g]`
    Suspension(usize, usize),
}

impl std::fmt::Display for ItemRef {
    /// The page's `data-item` form, also used by share links: `slot:3`, `job:0`, `pod:2`,
    /// `marker:1`, `outage:0`, `suspended:0:1`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ItemRef::Slot(i) => write!(f, "slot:{i}"),
            ItemRef::Job(i) => write!(f, "job:{i}"),
            ItemRef::Pod(i) => write!(f, "pod:{i}"),
            ItemRef::Marker(i) => write!(f, "marker:{i}"),
            ItemRef::Outage(i) => write!(f, "outage:{i}"),
            ItemRef::Suspension(g, i) => write!(f, "suspended:{g}:{i}"),
        }
    }
}

/// Text that names no item (a `data-item` or share-link selection of another build, or damaged).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownItem(pub String);

impl std::fmt::Display for UnknownItem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "unknown item {:?}", self.0)
    }
}

impl std::error::Error for UnknownItem {}

impl std::str::FromStr for ItemRef {
    type Err = UnknownItem;

    /// The inverse of `Display`.
    ///
    /// ```
    /// use cronjob_playground::timeline::ItemRef;
    /// assert_eq!("suspended:1:2".parse(), Ok(ItemRef::Suspension(1, 2)));
    /// assert_eq!(ItemRef::Pod(7).to_string().parse(), Ok(ItemRef::Pod(7)));
    /// assert!("pod:x".parse::<ItemRef>().is_err() && "job:1:2".parse::<ItemRef>().is_err());
    /// assert_eq!("pod:x".parse::<ItemRef>().unwrap_err().to_string(), r#"unknown item "pod:x""#);
    /// ```
    fn from_str(text: &str) -> Result<ItemRef, UnknownItem> {
        let bad = || UnknownItem(text.to_string());
        let mut parts = text.split(':');
        let kind = parts.next().ok_or_else(bad)?;
        let mut number = || -> Result<usize, UnknownItem> { parts.next().and_then(|n| n.parse().ok()).ok_or_else(bad) };
        let item = match kind {
            "slot" => ItemRef::Slot(number()?),
            "job" => ItemRef::Job(number()?),
            "pod" => ItemRef::Pod(number()?),
            "marker" => ItemRef::Marker(number()?),
            "outage" => ItemRef::Outage(number()?),
            "suspended" => ItemRef::Suspension(number()?, number()?),
            _ => return Err(bad()),
        };
        match parts.next() {
            None => Ok(item),
            Some(_) => Err(bad()),
        }
    }
}
