//! The `--jsonl` loop shared by every machine-readable subcommand: one JSON request per line on
//! stdin, one JSON response per line on stdout, in order and flushed, so that thousands of cases
//! run in one process. A line that cannot be read as a request is answered with
//! `{"error": "<reason>"}` and the loop goes on.

use serde::{de::DeserializeOwned, Serialize};
use std::io::{self, BufRead, Write};
use std::process::ExitCode;

/// Answers every request line on `input` with `answer`, writing one line each to `output`.
/// Blank lines are skipped. Returns an error only when reading or writing fails.
pub fn serve<Req, Resp>(
    input: impl BufRead,
    mut output: impl Write,
    mut answer: impl FnMut(Req) -> Resp,
) -> io::Result<()>
where
    Req: DeserializeOwned,
    Resp: Serialize,
{
    for line in input.lines() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        let response = match serde_json::from_str::<Req>(&line) {
            Ok(request) => serde_json::to_string(&answer(request)),
            Err(err) => serde_json::to_string(&serde_json::json!({ "error": err.to_string() })),
        }
        .map_err(io::Error::other)?;
        writeln!(output, "{response}")?;
        output.flush()?;
    }
    Ok(())
}

/// Runs [`serve`] on the process's stdin and stdout and turns the outcome into an exit code.
pub fn serve_stdio<Req, Resp>(answer: impl FnMut(Req) -> Resp) -> ExitCode
where
    Req: DeserializeOwned,
    Resp: Serialize,
{
    match serve(io::stdin().lock(), io::stdout().lock(), answer) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("cronjob-playground: {err}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Double {
        n: i64,
    }

    fn run(input: &str) -> String {
        let mut out = Vec::new();
        serve(input.as_bytes(), &mut out, |r: Double| serde_json::json!({ "n": r.n * 2 })).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn answers_each_line_in_order_and_skips_blank_lines() {
        assert_eq!(run("{\"n\":1}\n\n{\"n\":21}\n"), "{\"n\":2}\n{\"n\":42}\n");
    }

    #[test]
    fn a_bad_line_gets_an_error_and_the_loop_goes_on() {
        let out = run("{\"n\":1,\"m\":2}\nnot json\n{\"n\":3}\n");
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 3);
        assert!(lines[0].starts_with("{\"error\":\"unknown field `m`"), "{}", lines[0]);
        assert!(lines[1] == "{\"error\":\"expected ident at line 1 column 2\"}", "{}", lines[1]);
        assert_eq!(lines[2], "{\"n\":6}");
    }
}
