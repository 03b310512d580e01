//! The controllers as pure functions: state and the controller's clock in, decisions out
//! (objects to create or delete, status updates, Events, requeue delays). No clock, no I/O.
//! Mirrors `pkg/controller/cronjob`, `pkg/controller/job`, `pkg/controller/ttlafterfinished`
//! and the kubelet's container restart back-off.

pub mod cronjob;
mod event;
pub mod gates;
pub mod job;
pub mod kubelet;
pub mod patches;
pub mod ttl;

pub use event::{CompletedWording, Event, EventType, Finished, Message, Words};
