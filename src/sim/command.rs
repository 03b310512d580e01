//! What a container's command says it does, when it says it plainly: `sleep 20 && exit 1`,
//! `sleep 10000`, `exit 42`, `false`, `date; echo …`, wrapped in `sh -c` / `bash -c` or in
//! `timeout`. Without a `Simulation` pod rule for a Job, its containers behave as their command
//! reads (run for the sleeps, exit with the code the shell would return); anything else — an
//! unknown program, a pipe, a loop, a variable — falls back to the default (10 s, exit 0).
//!
//! Shell semantics follow POSIX `sh`: `a && b` runs `b` only when `a` succeeded, `a || b` only
//! when it failed, `;` and newlines always; `exit N` ends the script with `N` (mod 256), `exit`
//! with the last status; under `set -e` (or `sh -ec`) a failing command ends it unless it is
//! left of `&&`/`||`. GNU `sleep` sums its arguments and takes `s`/`m`/`h`/`d` suffixes; GNU
//! `timeout D cmd` stops `cmd` after `D` and exits 124. Commands that only print (`echo`,
//! `date`…) are taken to run one second: a container still starts and exits.

use super::scenario::Attempt;

/// A behaviour read from a command, and the parts of the command it was read from.
#[derive(Clone, Debug, PartialEq)]
pub struct Inferred {
    pub attempt: Attempt,
    /// The commands that set the run time (`sleep 20`, `timeout 30`), as written.
    pub duration_from: Vec<String>,
    /// The command that set the exit code (`exit 1`, `false`), when not a plain success.
    pub exit_from: Option<String>,
}

/// Programs that only print or set shell state: instant, exit 0.
const INSTANT: &[&str] =
    &["echo", "printf", "date", "true", ":", "cd", "export", "hostname", "uname", "pwd", "whoami", "id", "env"];

/// Shells whose `-c` runs a script.
const SHELLS: &[&str] = &["sh", "bash", "ash", "dash", "zsh", "ksh"];

/// The most a command may sleep to be believed (a year): `sleep 99999999` is a pod that never
/// ends for any horizon, and reads as one.
const MAX_SECONDS: f64 = 366.0 * 86_400.0;

/// Reads a container's `command` and `args` (as the kubelet joins them).
///
/// ```
/// use cronjob_playground::sim::command::infer;
/// let argv = |s: &[&str]| s.iter().map(|a| a.to_string()).collect::<Vec<_>>();
/// let i = infer(&argv(&["/bin/sh", "-c", "echo start && sleep 20 && exit 1"])).unwrap();
/// assert_eq!((i.attempt.duration_seconds, i.attempt.exit_code), (20.0, 1));
/// assert_eq!((i.duration_from, i.exit_from), (vec!["sleep 20".to_string()], Some("exit 1".to_string())));
/// assert_eq!(infer(&argv(&["python", "main.py"])), None);
/// ```
pub fn infer(argv: &[String]) -> Option<Inferred> {
    let mut state = Run::default();
    state.argv(argv)?;
    let exit_code = state.status;
    Some(Inferred {
        attempt: Attempt { duration_seconds: state.seconds.max(1.0), exit_code },
        duration_from: state.duration_from,
        exit_from: if exit_code == 0 { None } else { state.exit_from },
    })
}

/// A script being read: time so far, the last status, and who set them.
#[derive(Default)]
struct Run {
    seconds: f64,
    status: i32,
    errexit: bool,
    exited: bool,
    duration_from: Vec<String>,
    exit_from: Option<String>,
}

impl Run {
    /// One command line (argv form): a shell with `-c`, `timeout`, or a simple command.
    fn argv(&mut self, argv: &[String]) -> Option<()> {
        let (program, rest) = argv.split_first()?;
        let name = program.rsplit('/').next().unwrap_or(program);
        if SHELLS.contains(&name) {
            let (flags, script) = rest.split_first()?;
            let flags =
                flags.strip_prefix('-').filter(|f| f.ends_with('c') && f.chars().all(|c| "ceuxo".contains(c)))?;
            self.errexit |= flags.contains('e');
            // Words after the script are `$0`, `$1`…: harmless.
            return self.script(script.first()?);
        }
        let words: Vec<&str> = argv.iter().map(String::as_str).collect();
        self.simple(&words, &argv.join(" "))
    }

    /// A shell script: and-or lists separated by `;` or newlines.
    fn script(&mut self, script: &str) -> Option<()> {
        for list in split_lists(script)? {
            if self.exited {
                break;
            }
            let last = list.len() - 1;
            let mut ran_last = false;
            for (i, (op, words, text)) in list.iter().enumerate() {
                let run = match op {
                    Op::First => true,
                    Op::And => self.status == 0,
                    Op::Or => self.status != 0,
                };
                if run && !self.exited {
                    let words: Vec<&str> = words.iter().map(String::as_str).collect();
                    self.simple(&words, text)?;
                    ran_last = i == last;
                }
            }
            if self.errexit && self.status != 0 && ran_last && !self.exited {
                self.exited = true;
            }
        }
        Some(())
    }

    /// One simple command.
    fn simple(&mut self, words: &[&str], text: &str) -> Option<()> {
        let (&program, args) = words.split_first()?;
        let name = program.rsplit('/').next().unwrap_or(program);
        match name {
            "sleep" => {
                let mut total = 0.0;
                for a in args {
                    total += sleep_seconds(a)?;
                }
                if args.is_empty() || self.seconds + total > MAX_SECONDS {
                    return None;
                }
                self.seconds += total;
                self.duration_from.push(text.to_string());
                self.status = 0;
            }
            "exit" => {
                if let Some(code) = args.first() {
                    self.status = code.parse::<i64>().ok()?.rem_euclid(256) as i32;
                }
                self.exit_from = Some(text.to_string());
                self.exited = true;
            }
            "false" => {
                self.status = 1;
                self.exit_from = Some(text.to_string());
            }
            "set" => {
                for a in args {
                    let flags = a.strip_prefix('-')?;
                    self.errexit |= flags.contains('e');
                }
                self.status = 0;
            }
            "timeout" => {
                let (limit, inner) = timeout_parts(args)?;
                let mut child = Run::default();
                child.argv(&inner.iter().map(|s| s.to_string()).collect::<Vec<_>>())?;
                if child.seconds > limit {
                    self.seconds += limit;
                    self.duration_from.push(text.to_string());
                    self.status = 124;
                    self.exit_from = Some(text.to_string());
                } else {
                    self.seconds += child.seconds;
                    self.duration_from.extend(child.duration_from);
                    self.status = child.status;
                    self.exit_from = child.exit_from.or(self.exit_from.take());
                }
            }
            _ if INSTANT.contains(&name) => self.status = 0,
            _ => return None,
        }
        Some(())
    }
}

/// GNU `sleep`'s argument: a number with an optional `s`, `m`, `h` or `d` suffix.
fn sleep_seconds(arg: &str) -> Option<f64> {
    let (number, unit) = match arg.char_indices().last()? {
        (i, 's') => (&arg[..i], 1.0),
        (i, 'm') => (&arg[..i], 60.0),
        (i, 'h') => (&arg[..i], 3600.0),
        (i, 'd') => (&arg[..i], 86_400.0),
        _ => (arg, 1.0),
    };
    let value: f64 = number.parse().ok()?;
    (value.is_finite() && value >= 0.0 && !number.starts_with(['+', '-'])).then_some(value * unit)
}

/// `timeout [-s SIG] [-k D] [--preserve-status|--foreground] DURATION cmd…`: the limit and the
/// command. `--preserve-status` changes the exit code: not read.
fn timeout_parts<'a>(args: &'a [&'a str]) -> Option<(f64, &'a [&'a str])> {
    let mut i = 0;
    while let Some(a) = args.get(i).filter(|a| a.starts_with('-')) {
        match *a {
            "-s" | "-k" | "--signal" | "--kill-after" => i += 2,
            "--foreground" | "-v" | "--verbose" => i += 1,
            _ if a.starts_with("--signal=") || a.starts_with("--kill-after=") => i += 1,
            _ => return None,
        }
    }
    let limit = sleep_seconds(args.get(i)?)?;
    let inner = &args[i + 1..];
    (!inner.is_empty()).then_some((limit, inner))
}

/// How a command joins the one before it in an and-or list.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
enum Op {
    #[default]
    First,
    And,
    Or,
}

/// One and-or list: its commands with their joining operator, words and text.
type List = Vec<(Op, Vec<String>, String)>;

/// Splits a script into and-or lists of simple commands; `None` for anything beyond simple
/// commands (pipes, redirections, substitutions, variables, globs, control structures).
fn split_lists(script: &str) -> Option<Vec<List>> {
    let mut s = Splitter::default();
    let mut chars = script.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\'' => s.single_quoted(&mut chars)?,
            '"' => s.double_quoted(&mut chars)?,
            '&' if chars.peek() == Some(&'&') => {
                chars.next();
                s.and_or(Op::And)?;
            }
            '|' if chars.peek() == Some(&'|') => {
                chars.next();
                s.and_or(Op::Or)?;
            }
            ';' | '\n' => s.end_list()?,
            ' ' | '\t' => s.blank(c),
            '#' if s.word.is_none() => while chars.next_if(|c| *c != '\n').is_some() {},
            '|' | '&' | '<' | '>' | '$' | '`' | '(' | ')' | '*' | '?' | '[' | '\\' | '{' | '}' => return None,
            _ => s.plain(c),
        }
    }
    s.finish()
}

/// [`split_lists`] part-way through a script: the lists read, the list and command being read,
/// the word being read, and the command's text as written.
#[derive(Default)]
struct Splitter {
    lists: Vec<List>,
    list: List,
    words: Vec<String>,
    /// `Some` once a word has started (a quote starts one, even `''`).
    word: Option<String>,
    text: String,
    /// How the command being read joins the one before it.
    op: Op,
}

type Chars<'a> = std::iter::Peekable<std::str::Chars<'a>>;

impl Splitter {
    /// A character of a plain word.
    fn plain(&mut self, c: char) {
        self.word.get_or_insert_with(String::new).push(c);
        self.text.push(c);
    }

    /// A blank: ends the word.
    fn blank(&mut self, c: char) {
        self.words.extend(self.word.take());
        self.text.push(c);
    }

    /// `'…'`: every character up to the closing quote, as it is.
    fn single_quoted(&mut self, chars: &mut Chars) -> Option<()> {
        let word = self.word.get_or_insert_with(String::new);
        self.text.push('\'');
        loop {
            let c = chars.next()?;
            self.text.push(c);
            if c == '\'' {
                return Some(());
            }
            word.push(c);
        }
    }

    /// `"…"`: as it is but for `\` escapes; `$` and backquotes expand, which a simple command
    /// as read here does not.
    fn double_quoted(&mut self, chars: &mut Chars) -> Option<()> {
        let word = self.word.get_or_insert_with(String::new);
        self.text.push('"');
        loop {
            let c = chars.next()?;
            self.text.push(c);
            match c {
                '"' => return Some(()),
                '$' | '`' => return None,
                '\\' => {
                    let next = chars.next()?;
                    self.text.push(next);
                    word.push(next);
                }
                _ => word.push(c),
            }
        }
    }

    /// `&&` or `||` after a command: the next command joins it with `op`.
    fn and_or(&mut self, op: Op) -> Option<()> {
        if self.words.is_empty() && self.word.is_none() {
            return None;
        }
        self.end_command()?;
        self.op = op;
        Some(())
    }

    /// `;` or a newline: the end of a command and of its and-or list.
    fn end_list(&mut self) -> Option<()> {
        self.end_command()?;
        if self.op != Op::First && self.list.is_empty() {
            return None;
        }
        if !self.list.is_empty() {
            self.lists.push(std::mem::take(&mut self.list));
        }
        self.op = Op::First;
        Some(())
    }

    /// The command read so far joins the list; `None` when it is missing after `&&`/`||` or
    /// opens a control structure.
    fn end_command(&mut self) -> Option<()> {
        self.words.extend(self.word.take());
        if self.words.is_empty() {
            return (self.op == Op::First).then_some(());
        }
        if matches!(self.words[0].as_str(), "if" | "for" | "while" | "until" | "case" | "function" | "{" | "(") {
            return None;
        }
        self.list.push((self.op, std::mem::take(&mut self.words), self.text.trim().to_string()));
        self.text.clear();
        Some(())
    }

    /// The lists of the whole script, `None` when it holds none.
    fn finish(mut self) -> Option<Vec<List>> {
        self.end_command()?;
        if !self.list.is_empty() {
            self.lists.push(self.list);
        }
        (!self.lists.is_empty()).then_some(self.lists)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn argv(words: &[&str]) -> Vec<String> {
        words.iter().map(|w| w.to_string()).collect()
    }

    /// Command and args; run seconds and exit code, or None for the default.
    type Case = (&'static [&'static str], Option<(f64, i32)>);

    #[test]
    fn real_command_shapes() {
        let cases: &[Case] = &[
            // Kubernetes docs' CronJob and Job examples.
            (&["/bin/sh", "-c", "date; echo Hello from the Kubernetes cluster"], Some((1.0, 0))),
            (&["perl", "-Mbignum=bpi", "-wle", "print bpi(2000)"], None),
            (&["bash", "-c", "echo \"Hello world!\" && sleep 20 && echo \"completed\" && exit 1"], Some((20.0, 1))),
            // Tutorials, issue reports, operator charts.
            (&["sleep", "10000"], Some((10000.0, 0))),
            (&["sleep", "infinity"], None),
            (&["/bin/sh", "-c", "exit 42"], Some((1.0, 42))),
            (&["false"], Some((1.0, 1))),
            (&["/bin/true"], Some((1.0, 0))),
            (&["sh", "-c", "sleep 30; exit 1"], Some((30.0, 1))),
            (&["sh", "-c", "sleep 5 || exit 3"], Some((5.0, 0))),
            (&["sh", "-c", "false || exit 3"], Some((1.0, 3))),
            (&["sh", "-c", "false && sleep 60"], Some((1.0, 1))),
            (&["sh", "-c", "false; sleep 2"], Some((2.0, 0))),
            (&["sh", "-ec", "false; sleep 2"], Some((1.0, 1))),
            (&["sh", "-c", "set -e\nsleep 1m\nfalse\nsleep 2"], Some((60.0, 1))),
            (&["sh", "-c", "set -e; false && echo never; sleep 2"], Some((2.0, 0))),
            (&["/bin/bash", "-c", "echo 'backing up'; sleep 1.5; echo done"], Some((1.5, 0))),
            (&["timeout", "30", "sleep", "60"], Some((30.0, 124))),
            (&["timeout", "-s", "KILL", "1m", "sleep", "10"], Some((10.0, 0))),
            (&["sh", "-c", "timeout 5 sleep 10 || exit 2"], Some((5.0, 2))),
            (&["sh", "-c", "sleep 2h"], Some((7200.0, 0))),
            (&["sh", "-c", "exit 257"], Some((1.0, 1))),
            (&["sh", "-c", "# nightly\nsleep 3 # settle\nexit 0"], Some((3.0, 0))),
            // Not simple: the default.
            (&["sh", "-c", "pg_dump $DATABASE_URL > /backup/db.sql"], None),
            (&["sh", "-c", "echo $(date)"], None),
            (&["sh", "-c", "for i in 1 2 3; do sleep 1; done"], None),
            (&["sh", "-c", "curl -fsS http://svc/trigger | tee /tmp/out"], None),
            (&["sh", "-c", "sleep $DELAY"], None),
            (&["sh", "-c", "sleep"], None),
            (&["sh", "-c", "sleep 99999999999"], None),
            (&["sh", "-c", "sleep -5"], None),
            (&["sh", "-c", "&& sleep 1"], None),
            (&["sh", "-c", "echo 'unterminated"], None),
            (&["sh", "-x", "script.sh"], None),
            (&["python", "-c", "import time; time.sleep(5)"], None),
            (&[], None),
        ];
        for (words, expected) in cases {
            let got = infer(&argv(words)).map(|i| (i.attempt.duration_seconds, i.attempt.exit_code));
            assert_eq!(got, *expected, "{words:?}");
        }
    }

    #[test]
    fn the_parts_the_behaviour_was_read_from() {
        let i = infer(&argv(&["sh", "-c", "echo start; sleep 20; sleep 10 && exit 1"])).unwrap();
        assert_eq!(i.duration_from, ["sleep 20", "sleep 10"]);
        assert_eq!(i.exit_from.as_deref(), Some("exit 1"));
        let i = infer(&argv(&["timeout", "30", "sleep", "60"])).unwrap();
        assert_eq!(
            (i.duration_from, i.exit_from),
            (vec!["timeout 30 sleep 60".to_string()], Some("timeout 30 sleep 60".to_string()))
        );
        // A plain success names no exit part.
        let i = infer(&argv(&["sh", "-c", "false || true"])).unwrap();
        assert_eq!((i.attempt.exit_code, i.exit_from), (0, None));
    }
}
