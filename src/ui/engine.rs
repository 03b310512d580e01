//! The engine in the page's own thread, for `Engine::InPage` (the component tests, which have
//! no worker script): [`app::engine::InPage`](crate::app::engine::InPage) timed by the page's
//! clock. The page itself never links it, so its module carries no engine.

use super::perf;
use super::runner::InPageEngine;
use crate::app::engine::InPage;
use crate::app::protocol::{PageAnswer, Request};

/// An engine that answers in the page's thread.
pub fn in_page() -> Box<dyn InPageEngine> {
    Box::<InPage>::default()
}

impl InPageEngine for InPage {
    fn answer(&mut self, request: Request) -> Vec<PageAnswer> {
        InPage::answer(self, request, perf::now)
    }
}
