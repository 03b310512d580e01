//! Whether a text is a cluster dump, told from its lines alone: the page decides on every
//! keystroke between the cluster view and the timeline, and its module carries no YAML parser.
//!
//! A CronJob object announces itself by a `kind: CronJob` line, and the dumps people paste write
//! that line in several ways: plain YAML (`kubectl get cronjobs -A -o yaml`, an install file),
//! a list item (`- kind: CronJob`), quoted values (`kind: "CronJob"`, as YAML emitters and
//! templating tools write them), a trailing comment, and JSON (`kubectl get cronjobs -A -o json`:
//! `"kind": "CronJob",` on a line of its own). Each of those counts as one CronJob.

/// CronJobs from which a text is a cluster dump. Fewer keep the timeline, whatever their form:
/// `kubectl get cronjobs -o yaml` of one namespace is a `List` of a few CronJobs, and its reader
/// wants each one's slots, explanations and inspector, which the cluster's rows do not give.
pub const MANY: usize = 10;

/// Whether `text` holds at least [`MANY`] lines that declare a CronJob (see the module's doc).
///
/// ```
/// use cronjob_playground::app::cluster::dump::is_cluster_dump;
/// let yaml = "- apiVersion: batch/v1\n  kind: CronJob\n".repeat(10);
/// let json = "{\"apiVersion\": \"batch/v1\",\n \"kind\": \"CronJob\",\n".repeat(10);
/// assert!(is_cluster_dump(&yaml) && is_cluster_dump(&json));
/// assert!(!is_cluster_dump(&"kind: CronJob\n".repeat(9)));
/// ```
pub fn is_cluster_dump(text: &str) -> bool {
    text.lines().filter(|line| declares_cron_job(line)).nth(MANY - 1).is_some()
}

/// Whether one line is `kind: CronJob` in any of the forms the module's doc lists.
fn declares_cron_job(line: &str) -> bool {
    let line = line.trim_start();
    let line = line.strip_prefix("- ").map_or(line, str::trim_start);
    let Some(rest) = unquoted(line, "kind") else { return false };
    let Some(rest) = rest.trim_start().strip_prefix(':') else { return false };
    let Some(rest) = unquoted(rest.trim_start(), "CronJob") else { return false };
    let rest = rest.trim();
    rest.is_empty() || rest == "," || rest.starts_with('#')
}

/// What follows `word` at the start of `s`, written bare or in single or double quotes.
fn unquoted<'a>(s: &'a str, word: &str) -> Option<&'a str> {
    if let Some(rest) = s.strip_prefix(word) {
        // A bare word ends where the word does: `kind: CronJobs` is not `kind: CronJob`.
        return (!rest.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_' || c == '-')).then_some(rest);
    }
    ['"', '\''].into_iter().find_map(|q| s.strip_prefix(q)?.strip_prefix(word)?.strip_prefix(q))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_way_a_dump_writes_the_kind_counts() {
        for line in [
            "kind: CronJob",
            "  kind: CronJob",
            "- kind: CronJob",
            "  -   kind: CronJob",
            "kind: \"CronJob\"",
            "kind: 'CronJob'",
            "\"kind\": \"CronJob\",",
            "    \"kind\": \"CronJob\"",
            "kind:CronJob",
            "kind: CronJob   # nightly",
            "kind: CronJob\r",
        ] {
            assert!(declares_cron_job(line), "{line:?}");
        }
    }

    #[test]
    fn other_kinds_and_words_do_not() {
        for line in [
            "kind: Job",
            "kind: CronJobs",
            "kind: CronJob-ish",
            "kinds: CronJob",
            "kind: \"CronJob'",
            "kind: \"CronJob\" x",
            "# kind: CronJob",
            "description: kind: CronJob",
            "kind: cronjob",
            "",
        ] {
            assert!(!declares_cron_job(line), "{line:?}");
        }
    }

    #[test]
    fn ten_cron_jobs_make_a_dump_and_nine_do_not() {
        let pretty = |n: usize| "  {\n    \"apiVersion\": \"batch/v1\",\n    \"kind\": \"CronJob\",\n  },\n".repeat(n);
        assert!(is_cluster_dump(&pretty(MANY)));
        assert!(!is_cluster_dump(&pretty(MANY - 1)));
        let quoted = "- apiVersion: \"batch/v1\"\n  kind: \"CronJob\"\n".repeat(MANY);
        assert!(is_cluster_dump(&quoted));
    }
}
