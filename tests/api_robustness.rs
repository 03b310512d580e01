//! No input may panic or hang the loader: the seed manifests cut at every character and
//! mutated many times (a fixed-seed, in-tree stand-in for `fuzz/`'s `load_manifest` target),
//! and inputs built to hit the limits. Each call must come back with an answer.

use cronjob_playground::api::{validate_manifest, KubernetesVersion};

const SEEDS: [&str; 4] = [
    include_str!("data/seeds/cron-test.yaml"),
    include_str!("data/seeds/cron-test-status.yaml"),
    include_str!("data/seeds/job-example.yaml"),
    include_str!("data/seeds/job-pod-failure-policy-example.yaml"),
];

fn answer(text: &str) {
    for version in [KubernetesVersion::OLDEST, KubernetesVersion::NEWEST] {
        let report = validate_manifest(text, Some(text), version);
        serde_json::to_string(&report).unwrap();
    }
}

#[test]
fn every_prefix_of_the_seeds_is_answered() {
    for seed in SEEDS {
        for (i, _) in seed.char_indices() {
            answer(&seed[..i]);
        }
    }
}

/// A small deterministic generator (64-bit LCG), so failures reproduce.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, bound: usize) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % bound.max(1)
    }
}

#[test]
fn mutated_seeds_are_answered() {
    const ALPHABET: &[u8] = b"{}[]:-*&!|>'\"\n #?,%@`\t0aZ.~/\\";
    let mut rng = Lcg(0x5eed);
    for round in 0..600 {
        let mut bytes = SEEDS[round % SEEDS.len()].as_bytes().to_vec();
        for _ in 0..1 + rng.next(4) {
            let at = rng.next(bytes.len());
            match rng.next(3) {
                0 => bytes.insert(at, ALPHABET[rng.next(ALPHABET.len())]),
                1 if !bytes.is_empty() => {
                    bytes.remove(at);
                }
                _ => {
                    if let Some(b) = bytes.get_mut(at) {
                        *b = ALPHABET[rng.next(ALPHABET.len())];
                    }
                }
            }
        }
        answer(&String::from_utf8_lossy(&bytes));
    }
}

#[test]
fn pathological_inputs_are_answered() {
    let deep_map = format!("{}x{}", "{a: ".repeat(500), "}".repeat(500));
    let deep_seq = "- ".repeat(500) + "x";
    let wide = (0..20000).map(|i| format!("k{i}: v\n")).collect::<String>();
    let many_docs = "---\n".repeat(20000);
    let aliases = "a: &a [x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, \
        *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c]\ne: &e [*d, *d, *d, *d, *d, *d, *d, *d]\nf: &f [*e, *e, \
        *e, *e, *e, *e, *e, *e]\ng: [*f, *f, *f, *f, *f, *f, *f, *f]\n";
    let tabs = "apiVersion: batch/v1\nkind: CronJob\nspec:\n\tschedule: x\n";
    let huge_number = "apiVersion: batch/v1\nkind: Job\nmetadata: {name: j}\nspec: {parallelism: \
        99999999999999999999999999999999999999999999}\n";
    let list_of_junk =
        "apiVersion: v1\nkind: List\nitems: [1, [2], {kind: Job}, {apiVersion: batch/v1, kind: Job, spec: 5}]\n";
    for text in [
        deep_map.as_str(),
        &deep_seq,
        &wide,
        &many_docs,
        aliases,
        tabs,
        huge_number,
        list_of_junk,
        "\u{feff}apiVersion: batch/v1\r\nkind: Job\r\n",
        "\0\0\0",
        "!!binary x",
        "? [a]\n: b\n",
        "*unknown",
        "&a a: *a",
    ] {
        answer(text);
    }
}

#[test]
fn a_megabyte_of_labels_is_answered() {
    // 90,000 labels: work stays linear in the size of the input (quadratic would not finish).
    let mut text = String::from("apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: j\n  labels:\n");
    let mut i = 0;
    while text.len() < 1024 * 1024 {
        text.push_str(&format!("    k{i}: v\n"));
        i += 1;
    }
    let report = validate_manifest(&text, None, KubernetesVersion::NEWEST);
    assert_eq!(report.objects.len(), 1);
    assert!(report.objects[0]
        .message
        .as_deref()
        .unwrap()
        .starts_with(r#"Job.batch "j" is invalid: [spec.template.spec.containers: Required value, "#));
}

#[test]
fn many_rules_unknown_fields_and_containers_stay_linear() {
    let rules = "    - {action: Nope, onExitCodes: {operator: In, values: [3, 2, 1, 1]}}\n".repeat(6000);
    let text = format!(
        "apiVersion: batch/v1\nkind: Job\nmetadata: {{name: j}}\nspec:\n  podFailurePolicy:\n    \
        rules:\n{rules}  template:\n    spec:\n      restartPolicy: Never\n      containers: [{{name: c, image: x}}]\n"
    );
    let report = validate_manifest(&text, None, KubernetesVersion::NEWEST);
    assert!(report.objects[0].errors.len() > 6000);
    let unknown = (0..8000).map(|i| format!("  x{i}: 1\n")).collect::<String>();
    let text = format!("apiVersion: batch/v1\nkind: Job\nmetadata:\n{unknown}");
    let report = validate_manifest(&text, None, KubernetesVersion::NEWEST);
    assert_eq!(report.objects[0].errors.len(), 8000);
    let containers = (0..8000).map(|i| format!("      - {{name: c{}, image: x}}\n", i % 4000)).collect::<String>();
    let text = format!(
        "apiVersion: batch/v1\nkind: Job\nmetadata: {{name: j}}\nspec:\n  template:\n    spec:\n      \
        restartPolicy: Never\n      containers:\n{containers}"
    );
    let report = validate_manifest(&text, None, KubernetesVersion::NEWEST);
    assert_eq!(report.objects[0].errors.len(), 4000);
}
