//! The virtual-clock runtime: a deterministic discrete-event world that holds the API objects,
//! delivers watch events to the controllers through informer and work-queue semantics, runs a
//! kubelet, the garbage collector and the scenario's cluster events, and records the trace —
//! including the fate of every schedule slot.
//!
//! Entry points: [`simulate`] (a whole run), [`simulate_with`] (cancellable), [`Run`] (stepped
//! in slices, for a UI worker). Inputs and outputs are fixed by `docs/contracts.md` §4.

pub mod agenda;
pub mod budget;
mod cluster_events;
pub mod command;
mod cronjob_driver;
pub mod fast_hash;
mod fates;
mod garbage_collector;
mod history;
mod init_containers;
mod input;
mod input_error;
mod job_driver;
mod kubelet;
mod kubelet_memory;
mod nominal_slots;
mod recorder;
mod run;
pub mod scenario;
pub mod store;
mod time;
pub mod trace;
mod ttl_driver;
pub mod workqueue;
mod world;

pub use budget::{Budget, SimError};
pub use input::{not_simulated, owners_not_in_input, Input, NotSimulated, SimulationDocument};
pub use input_error::InputError;
pub use run::{simulate, simulate_with, Run};
pub use scenario::Simulation;
pub use trace::Trace;
pub use world::Progress;
