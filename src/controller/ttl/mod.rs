//! TTL-after-finished.
