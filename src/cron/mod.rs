//! Schedule engine: a port of `github.com/robfig/cron/v3` v3.0.1 `ParseStandard` and
//! `Schedule.Next`, the parser and clock arithmetic kube-controller-manager uses for
//! `.spec.schedule` (in `.spec.timeZone` or the controller's local zone).
