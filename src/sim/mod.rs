//! The virtual-clock runtime: an event queue that jumps from event to event, an object store,
//! informer/workqueue delivery to the controllers, a kubelet, the scenario (pod behaviour,
//! outages, edits) and the trace it records.

pub mod scenario;
pub mod trace;
