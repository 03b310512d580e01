//! Tests of the Go emulation that need more than one module: the zone data against chrono-tz.

mod zone_data;
