#[test]
fn dump() {
    let text = std::fs::read_to_string(std::env::var("DUMP_IN").unwrap()).unwrap();
    let t = cronjob_playground::sim::simulate(&text, None);
    match t {
        Ok(t) => std::fs::write(std::env::var("DUMP_OUT").unwrap(), serde_json::to_string_pretty(&t).unwrap()).unwrap(),
        Err(e) => panic!("{e}"),
    }
}
