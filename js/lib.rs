//! The JS API as a package of its own: everything here comes from
//! `cronjob_playground::app::js_api` (`simulate`, `simulateJson`, `validate`, `next` and
//! `SimulationRun`, with the TypeScript types of docs/contracts.md), re-exported so that
//! `wasm-pack build` makes an npm package of it.

pub use cronjob_playground::app::js_api::*;
