//! `cronjob-playground share`: a link that opens manifests in the playground page
//! (`app::share`; the same `#s=1.…` fragment the page's Share button makes), or, with
//! `--open`, the text and view a link holds.

use crate::app::share::{link, open, ShareState};
use std::io::Read;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// Manifest files (joined with `---`); `-` or nothing reads stdin.
    files: Vec<String>,
    /// The page's address the fragment is added to.
    #[arg(long, default_value = "http://127.0.0.1:8080/")]
    base: String,
    /// Print the state a link (or `#s=1.…` fragment) holds, as JSON, instead of making one.
    #[arg(long, value_name = "LINK")]
    open: Option<String>,
    /// The interface language the page opens in for a receiver who has not chosen one.
    #[arg(long, value_parser = ["en", "ja", "ko"])]
    lang: Option<String>,
}

pub fn run(args: Args) -> ExitCode {
    if let Some(l) = &args.open {
        return match open(l) {
            Ok(state) if super::emit(&(state.to_json() + "\n")) => ExitCode::SUCCESS,
            Ok(_) => ExitCode::FAILURE,
            Err(e) => fail(&e.to_string()),
        };
    }
    let sources = if args.files.is_empty() { vec!["-".to_string()] } else { args.files.clone() };
    let mut texts = Vec::new();
    for source in &sources {
        let mut text = String::new();
        let read = if source == "-" {
            std::io::stdin().read_to_string(&mut text).map(|_| ())
        } else {
            std::fs::read_to_string(source).map(|t| text = t)
        };
        if let Err(e) = read {
            return fail(&format!("{source}: {e}"));
        }
        texts.push(text);
    }
    let text = texts.iter().enumerate().fold(String::new(), |mut all, (i, t)| {
        if i > 0 {
            if !all.ends_with('\n') {
                all.push('\n');
            }
            all.push_str("---\n");
        }
        all.push_str(t);
        all
    });
    let state = ShareState { lang: args.lang.clone(), ..ShareState::new(text, None) };
    match link(&args.base, &state) {
        Ok(l) if super::emit(&format!("{l}\n")) => ExitCode::SUCCESS,
        Ok(_) => ExitCode::FAILURE,
        Err(e) => fail(&e.to_string()),
    }
}

fn fail(message: &str) -> ExitCode {
    eprintln!("cronjob-playground share: {message}");
    ExitCode::FAILURE
}
