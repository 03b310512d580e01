//! YAML (and JSON, which is YAML) text to a tree of positioned nodes, one tree per `---` document.
//!
//! Scalars keep their text and whether they were plain: what a plain scalar means (`yes` is a
//! boolean for a boolean field, a string for a string field) is decided later against the
//! target type, the way `sigs.k8s.io/yaml` converts YAML 1.1 to JSON for kubectl. Anchors and
//! aliases are expanded here, within a node budget, and every limit (size, depth, nodes) is an
//! error with a position rather than unbounded work.

use saphyr_parser::{Event, Parser, ScalarStyle, ScanError, Span};
use std::fmt;

/// The largest manifest accepted: the API server's request body limit (3 MiB).
pub const MAX_INPUT_BYTES: usize = 3 * 1024 * 1024;
/// Deepest nesting accepted. Real manifests stay far below; it bounds recursion in later passes.
pub const MAX_DEPTH: usize = 64;
/// Most nodes one input may expand to, counting alias copies (guards against "billion laughs").
pub const MAX_NODES: usize = 1_000_000;

/// A 1-based line and column in the input.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pos {
    pub line: u32,
    pub column: u32,
}

impl Pos {
    fn of(span: &Span) -> Pos {
        Pos { line: span.start.line() as u32, column: span.start.col() as u32 + 1 }
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.column)
    }
}

/// One YAML node with where it starts.
#[derive(Clone, Debug, PartialEq)]
pub struct Node {
    pub pos: Pos,
    pub kind: NodeKind,
}

/// What a node holds.
#[derive(Clone, Debug, PartialEq)]
pub enum NodeKind {
    /// A scalar's text; `plain` is false for quoted and block scalars and for `!!str`.
    Scalar {
        text: String,
        plain: bool,
    },
    Seq(Vec<Node>),
    /// Entries in document order, duplicates included (the decoder reports them).
    Map(Vec<(Node, Node)>),
}

impl Node {
    /// Whether this is `null` in YAML 1.1 terms: an empty plain scalar, `~` or `null`.
    pub fn is_null(&self) -> bool {
        matches!(&self.kind, NodeKind::Scalar { text, plain: true } if matches!(text.as_str(),
            "" | "~" | "null" | "Null" | "NULL"))
    }

    /// The value of a mapping key, the last one if the key repeats (as JSON decoding takes it).
    pub fn get(&self, key: &str) -> Option<&Node> {
        match &self.kind {
            NodeKind::Map(entries) => entries.iter().rev().find(|(k, _)| k.scalar() == Some(key)).map(|(_, v)| v),
            _ => None,
        }
    }

    /// The text of a scalar node.
    pub fn scalar(&self) -> Option<&str> {
        match &self.kind {
            NodeKind::Scalar { text, .. } => Some(text),
            _ => None,
        }
    }

    /// The node at a field path such as `spec.jobTemplate.spec.template.spec.containers[0].name`,
    /// or the deepest ancestor present: where an error about that path should point.
    pub fn locate(&self, path: &str) -> &Node {
        let mut node = self;
        for segment in path_segments(path) {
            let next = match segment {
                Segment::Key(key) => node.get(key),
                Segment::Index(i) => match &node.kind {
                    NodeKind::Seq(items) => items.get(i),
                    _ => None,
                },
            };
            match next {
                Some(n) => node = n,
                None => break,
            }
        }
        node
    }
}

enum Segment<'a> {
    Key(&'a str),
    Index(usize),
}

fn path_segments(path: &str) -> impl Iterator<Item = Segment<'_>> {
    path.split('.').filter(|s| !s.is_empty()).flat_map(|part| {
        let (key, rest) = part.split_once('[').unwrap_or((part, ""));
        let indexes = rest.split('[').filter_map(|i| i.trim_end_matches(']').parse().ok()).map(Segment::Index);
        std::iter::once(Segment::Key(key)).filter(|s| !matches!(s, Segment::Key(""))).chain(indexes.collect::<Vec<_>>())
    })
}

/// A document that could not be read, with where and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    pub pos: Pos,
    pub message: String,
}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.pos, self.message)
    }
}

impl std::error::Error for SyntaxError {}

#[cfg(test)]
thread_local! {
    /// How many texts this thread has parsed (the tests that show a text is read once).
    static PARSES: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// How many texts this thread has parsed so far.
#[cfg(test)]
pub(crate) fn parses() -> usize {
    PARSES.with(|n| n.get())
}

/// The documents read from a text: every complete document before the first error, and that
/// error (reading stops there, as kubectl's decoder does).
#[derive(Debug, Default)]
pub struct Documents {
    pub documents: Vec<Node>,
    pub error: Option<SyntaxError>,
}

/// Reads every document of `text`.
///
/// ```
/// use cronjob_playground::api::yaml::{parse_documents, NodeKind};
/// let docs = parse_documents("a: 1\n---\nb: [x, 'y']\n");
/// assert!(docs.error.is_none());
/// assert_eq!(docs.documents.len(), 2);
/// assert_eq!(docs.documents[1].get("b").unwrap().pos.to_string(), "3:4");
/// let bad = parse_documents("spec:\n  schedule: */5 * * * *\n");
/// assert_eq!(bad.error.unwrap().pos.to_string(), "2:13");
/// ```
pub fn parse_documents(text: &str) -> Documents {
    #[cfg(test)]
    PARSES.with(|n| n.set(n.get() + 1));
    let mut out = Documents::default();
    if text.len() > MAX_INPUT_BYTES {
        out.error = Some(SyntaxError {
            pos: Pos { line: 1, column: 1 },
            message: format!(
                "the manifest is {} bytes; the limit is {MAX_INPUT_BYTES} bytes (the API server's request size limit)",
                text.len()
            ),
        });
        return out;
    }
    let mut builder = Builder { stack: Vec::new(), anchors: Vec::new(), nodes: 0, done: None };
    for item in Parser::new_from_str(text) {
        let result = match item {
            Ok((event, span)) => builder.event(event, span),
            Err(err) => Err(scan_error(text, &err)),
        };
        match result {
            Ok(()) => {
                if let Some(doc) = builder.done.take() {
                    out.documents.push(doc);
                }
            }
            Err(err) => {
                out.error = Some(err);
                break;
            }
        }
    }
    out
}

fn scan_error(text: &str, err: &ScanError) -> SyntaxError {
    let marker = err.marker();
    let pos = Pos { line: marker.line() as u32, column: marker.col() as u32 + 1 };
    if let Some(tab) = indenting_tab(text, pos.line) {
        return tab;
    }
    SyntaxError { pos, message: explain(text, pos, err.info()) }
}

/// A tab in the indentation of line `line` (1-based), as kubectl reports it: its YAML reader
/// (go-yaml v2 through `sigs.k8s.io/yaml`) fails with "found character that cannot start any
/// token" at the line.
fn indenting_tab(text: &str, line: u32) -> Option<SyntaxError> {
    let text_line = text.lines().nth(line.checked_sub(1)? as usize)?;
    let indent = &text_line[..text_line.len() - text_line.trim_start().len()];
    let column = indent.find('\t')? as u32 + 1;
    Some(SyntaxError {
        pos: Pos { line, column },
        message: format!(
            "error converting YAML to JSON: yaml: line {line}: found character that cannot start any token (a tab in \
            the indentation: YAML indents with spaces only)"
        ),
    })
}

/// Adds the likely cause for the error people hit most: an unquoted value starting with `*`
/// (a cron schedule) is a YAML alias.
fn explain(text: &str, pos: Pos, info: &str) -> String {
    let line = text.lines().nth(pos.line.saturating_sub(1) as usize).unwrap_or("");
    let value = line.split_once(": ").map(|(_, v)| v.trim()).or_else(|| line.trim_start().strip_prefix("- "));
    match value {
        Some(v) if v.starts_with('*') => format!(
            "{info}: a value starting with '*' is read as a YAML alias; quote it, e.g. \"{}\"",
            v.trim_matches(|c| c == '"' || c == '\'')
        ),
        _ => info.to_string(),
    }
}

struct Frame {
    pos: Pos,
    anchor: usize,
    kind: NodeKind,
    /// A mapping key waiting for its value.
    key: Option<Node>,
}

struct Builder {
    stack: Vec<Frame>,
    anchors: Vec<(usize, Node, usize)>,
    nodes: usize,
    done: Option<Node>,
}

impl Builder {
    fn event(&mut self, event: Event<'_>, span: Span) -> Result<(), SyntaxError> {
        let pos = Pos::of(&span);
        match event {
            Event::DocumentStart(_) => self.anchors.clear(),
            Event::Scalar(text, style, anchor, tag) => {
                let str_tag = tag.as_ref().is_some_and(|t| t.suffix == "str" || t.suffix.ends_with(":str"));
                let plain = style == ScalarStyle::Plain && !str_tag;
                let node = Node { pos, kind: NodeKind::Scalar { text: text.into_owned(), plain } };
                self.count(1, pos)?;
                self.finish(node, anchor, 1)?;
            }
            Event::SequenceStart(anchor, _) | Event::MappingStart(anchor, _) => {
                if self.stack.len() >= MAX_DEPTH {
                    return Err(SyntaxError { pos, message: format!("nesting deeper than {MAX_DEPTH} levels") });
                }
                self.count(1, pos)?;
                let kind = if matches!(event, Event::SequenceStart(..)) {
                    NodeKind::Seq(Vec::new())
                } else {
                    NodeKind::Map(Vec::new())
                };
                self.stack.push(Frame { pos, anchor, kind, key: None });
            }
            Event::SequenceEnd | Event::MappingEnd => {
                if let Some(mut frame) = self.stack.pop() {
                    if let NodeKind::Map(entries) = &mut frame.kind {
                        merge_keys(entries);
                    }
                    let size = size_of(&frame.kind);
                    self.finish(Node { pos: frame.pos, kind: frame.kind }, frame.anchor, size)?;
                }
            }
            Event::Alias(id) => {
                let Some((_, node, size)) = self.anchors.iter().rev().find(|(a, _, _)| *a == id) else {
                    return Err(SyntaxError { pos, message: "unknown anchor".into() });
                };
                let (node, size) = (node.clone(), *size);
                self.count(size, pos)?;
                self.finish(node, 0, size)?;
            }
            Event::StreamStart | Event::StreamEnd | Event::DocumentEnd | Event::Nothing => {}
        }
        Ok(())
    }

    fn count(&mut self, n: usize, pos: Pos) -> Result<(), SyntaxError> {
        self.nodes += n;
        if self.nodes > MAX_NODES {
            return Err(SyntaxError {
                pos,
                message: format!(
                    "the manifest expands to more than {MAX_NODES} YAML nodes (through anchors and aliases)"
                ),
            });
        }
        Ok(())
    }

    /// Attaches a completed node to its parent, or completes the document.
    fn finish(&mut self, node: Node, anchor: usize, size: usize) -> Result<(), SyntaxError> {
        if anchor != 0 {
            self.anchors.push((anchor, node.clone(), size));
        }
        match self.stack.last_mut() {
            None => self.done = Some(node),
            Some(Frame { kind: NodeKind::Seq(items), .. }) => items.push(node),
            Some(Frame { kind: NodeKind::Map(entries), key, .. }) => match key.take() {
                None => *key = Some(node),
                Some(k) => entries.push((k, node)),
            },
            Some(Frame { kind: NodeKind::Scalar { .. }, .. }) => {}
        }
        Ok(())
    }
}

/// YAML 1.1 merge keys (`<<: *base`, `<<: [*a, *b]`), which go-yaml and so kubectl honour: the
/// merged mappings' entries are added unless the mapping sets them itself, the earlier of
/// several merged mappings winning.
fn merge_keys(entries: &mut Vec<(Node, Node)>) {
    let is_merge = |k: &Node| matches!(&k.kind, NodeKind::Scalar { text, plain: true } if text == "<<");
    if !entries.iter().any(|(k, _)| is_merge(k)) {
        return;
    }
    let (merges, mut own): (Vec<_>, Vec<_>) = std::mem::take(entries).into_iter().partition(|(k, _)| is_merge(k));
    for (_, value) in merges {
        let sources: Vec<Node> = match value.kind {
            NodeKind::Seq(items) => items,
            _ => vec![value],
        };
        for source in sources {
            if let NodeKind::Map(source_entries) = source.kind {
                for (k, v) in source_entries {
                    if !own.iter().any(|(existing, _)| existing.scalar().is_some() && existing.scalar() == k.scalar()) {
                        own.push((k, v));
                    }
                }
            }
        }
    }
    *entries = own;
}

fn size_of(kind: &NodeKind) -> usize {
    match kind {
        NodeKind::Scalar { .. } => 1,
        NodeKind::Seq(items) => 1 + items.iter().map(|n| size_of(&n.kind)).sum::<usize>(),
        NodeKind::Map(entries) => 1 + entries.iter().map(|(k, v)| size_of(&k.kind) + size_of(&v.kind)).sum::<usize>(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_are_one_based_line_and_column() {
        let docs = parse_documents("apiVersion: batch/v1\nspec:\n  schedule: \"*/5 * * * *\"\n  suspend: yes\n");
        let doc = &docs.documents[0];
        assert_eq!(doc.locate("spec.schedule").pos, Pos { line: 3, column: 13 });
        assert_eq!(doc.locate("spec.suspend").scalar(), Some("yes"));
        assert_eq!(doc.locate("spec.missing.deeper").pos, doc.get("spec").unwrap().pos);
    }

    #[test]
    fn quoted_and_tagged_scalars_are_not_plain() {
        let docs = parse_documents("a: 'yes'\nb: !!str 5\nc: yes\nd: |\n  x\n");
        let plain = |k| matches!(docs.documents[0].get(k).unwrap().kind, NodeKind::Scalar { plain: true, .. });
        assert_eq!([plain("a"), plain("b"), plain("c"), plain("d")], [false, false, true, false]);
    }

    #[test]
    fn unquoted_star_schedule_is_explained() {
        let err = parse_documents("spec:\n  schedule: */5 * * * *\n").error.unwrap();
        assert!(
            err.message.ends_with("a value starting with '*' is read as a YAML alias; quote it, e.g. \"*/5 * * * *\""),
            "{}",
            err.message
        );
    }

    #[test]
    fn aliases_expand_and_billion_laughs_hits_the_node_budget() {
        let docs = parse_documents("a: &x [1, 2]\nb: *x\n");
        assert_eq!(docs.documents[0].get("b").unwrap().kind, docs.documents[0].get("a").unwrap().kind);
        let mut laughs = String::from("l0: &l0 [x, x, x, x, x, x, x, x, x, x]\n");
        for i in 1..10 {
            laughs.push_str(&format!(
                "l{i}: &l{i} [*l{p}, *l{p}, *l{p}, *l{p}, *l{p}, *l{p}, *l{p}, *l{p}, *l{p}, *l{p}]\n",
                p = i - 1
            ));
        }
        let err = parse_documents(&laughs).error.unwrap();
        assert!(err.message.contains("expands to more than 1000000 YAML nodes"), "{}", err.message);
    }

    #[test]
    fn merge_keys_fill_in_what_the_mapping_does_not_set() {
        let docs = parse_documents("base: &b {a: 1, b: 2}\nother: &o {c: 3}\nuse: {<<: [*b, *o], b: 9}\n");
        let merged = docs.documents[0].get("use").unwrap();
        let pairs: Vec<(&str, &str)> = match &merged.kind {
            NodeKind::Map(entries) => entries.iter().map(|(k, v)| (k.scalar().unwrap(), v.scalar().unwrap())).collect(),
            _ => panic!("not a map"),
        };
        assert_eq!(pairs, vec![("b", "9"), ("a", "1"), ("c", "3")]);
    }

    #[test]
    fn limits_on_size_and_depth() {
        let big = "#".repeat(MAX_INPUT_BYTES + 1);
        assert_eq!(
            parse_documents(&big).error.unwrap().message,
            "the manifest is 3145729 bytes; the limit is 3145728 bytes (the API server's request size limit)"
        );
        let deep = "[".repeat(200);
        assert_eq!(parse_documents(&deep).error.unwrap().message, "nesting deeper than 64 levels");
    }
}
