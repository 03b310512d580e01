//! Turns a simulation trace into lanes, bars and markers with explanations; shared by the page
//! and the CLI's `--output timeline`.
