//! Name and label syntax checks with apimachinery's messages
//! (`k8s.io/apimachinery/pkg/util/validation/validation.go`): DNS-1123 labels and subdomains,
//! qualified names (label keys) and label values. Each returns Go's list of messages.

const QUALIFIED_NAME_FMT: &str = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]";
const QUALIFIED_NAME_ERR: &str =
    "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const LABEL_VALUE_FMT: &str = "(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?";
const LABEL_VALUE_ERR: &str = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' \
    or '.', and must start and end with an alphanumeric character";
const DNS1123_LABEL_FMT: &str = "[a-z0-9]([-a-z0-9]*[a-z0-9])?";
const DNS1123_LABEL_ERR: &str =
    "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', \
    and must start and end with an alphanumeric character";
const DNS1123_SUBDOMAIN_ERR: &str = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric \
    characters, '-' or '.', and must start and end with an alphanumeric character";

/// `validation.RegexError`: the message, examples and the pattern.
fn regex_error(msg: &str, fmt: &str, examples: &[&str]) -> String {
    let mut s = format!("{msg} (e.g. ");
    for (i, e) in examples.iter().enumerate() {
        if i > 0 {
            s.push_str(" or ");
        }
        s.push_str(&format!("'{e}', "));
    }
    s.push_str(&format!("regex used for validation is '{fmt}')"));
    s
}

fn max_len_error(n: usize) -> String {
    format!("must be no more than {n} characters")
}

fn alnum(b: u8) -> bool {
    b.is_ascii_alphanumeric()
}

/// `([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]`
fn is_qualified_name_part(s: &str) -> bool {
    let b = s.as_bytes();
    !b.is_empty()
        && alnum(b[0])
        && alnum(b[b.len() - 1])
        && b.iter().all(|&c| alnum(c) || c == b'-' || c == b'_' || c == b'.')
}

fn is_dns_label_text(s: &str) -> bool {
    let b = s.as_bytes();
    let ok = |c: u8| c.is_ascii_lowercase() || c.is_ascii_digit();
    !b.is_empty() && ok(b[0]) && ok(b[b.len() - 1]) && b.iter().all(|&c| ok(c) || c == b'-')
}

fn is_dns_subdomain_text(s: &str) -> bool {
    s.split('.').all(is_dns_label_text)
}

/// `IsDNS1123Label`.
pub fn dns1123_label(value: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if value.len() > 63 {
        errs.push(max_len_error(63));
    }
    if !is_dns_label_text(value) {
        if is_dns_subdomain_text(value) {
            errs.push("must not contain dots".to_string());
        } else {
            errs.push(regex_error(DNS1123_LABEL_ERR, DNS1123_LABEL_FMT, &["my-name", "123-abc"]));
        }
    }
    errs
}

/// `IsDNS1123Subdomain`.
pub fn dns1123_subdomain(value: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if value.len() > 253 {
        errs.push(max_len_error(253));
    }
    if !is_dns_subdomain_text(value) {
        let fmt = format!("{DNS1123_LABEL_FMT}(\\.{DNS1123_LABEL_FMT})*");
        errs.push(regex_error(DNS1123_SUBDOMAIN_ERR, &fmt, &["example.com"]));
    }
    errs
}

/// `IsQualifiedName`: a label key or condition type, with an optional DNS subdomain prefix.
pub fn qualified_name(value: &str) -> Vec<String> {
    let mut errs = Vec::new();
    let parts: Vec<&str> = value.split('/').collect();
    let name = match parts.as_slice() {
        [name] => *name,
        [prefix, name] => {
            if prefix.is_empty() {
                errs.push("prefix part must be non-empty".to_string());
            } else {
                errs.extend(dns1123_subdomain(prefix).into_iter().map(|m| format!("prefix part {m}")));
            }
            *name
        }
        _ => {
            errs.push(format!(
                "a qualified name {} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')",
                regex_error(QUALIFIED_NAME_ERR, QUALIFIED_NAME_FMT, &["MyName", "my.name", "123-abc"])
            ));
            return errs;
        }
    };
    if name.is_empty() {
        errs.push("name part must be non-empty".to_string());
    } else if name.len() > 63 {
        errs.push(format!("name part {}", max_len_error(63)));
    }
    if !is_qualified_name_part(name) {
        errs.push(format!(
            "name part {}",
            regex_error(QUALIFIED_NAME_ERR, QUALIFIED_NAME_FMT, &["MyName", "my.name", "123-abc"])
        ));
    }
    errs
}

/// `IsValidLabelValue`.
pub fn label_value(value: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if value.len() > 63 {
        errs.push(max_len_error(63));
    }
    if !value.is_empty() && !is_qualified_name_part(value) {
        errs.push(regex_error(LABEL_VALUE_ERR, LABEL_VALUE_FMT, &["MyValue", "my_value", "12345"]));
    }
    errs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_match_apimachinery() {
        assert_eq!(
            dns1123_subdomain("Hello_World"),
            vec![
            "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must \
            start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is \
            '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')".to_string()
        ]
        );
        assert_eq!(dns1123_label("a.b"), vec!["must not contain dots".to_string()]);
        assert_eq!(
            dns1123_label("Main"),
            vec![
            "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and \
            end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is \
            '[a-z0-9]([-a-z0-9]*[a-z0-9])?')".to_string()
        ]
        );
        assert_eq!(
            label_value("-x"),
            vec![
            "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must \
            start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used \
            for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')".to_string()
        ]
        );
        assert_eq!(qualified_name("/x"), vec!["prefix part must be non-empty".to_string()]);
        assert!(qualified_name("example.com/my-app_1").is_empty());
        assert!(label_value("").is_empty());
        assert_eq!(dns1123_subdomain(&"a".repeat(254))[0], "must be no more than 253 characters");
    }
}
