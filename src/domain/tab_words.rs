//! What storyreel's tabs in one browser say to each other (`browser::tabs`), written as one line of
//! text each. Every word names the account it concerns (`account::owner`), so a tab signed in as
//! another account lets it pass.

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Word {
    /// The person signed out: every tab of theirs signs out too.
    SignedOut { owner: String },
    /// A paid action on a project was sent and not yet confirmed (its record as stored), or its record
    /// ended (`None`): for tabs whose sign-in, and so whose records, live in the tab alone.
    Record { owner: String, project_id: i64, record: Option<String> },
    /// A tab signed in for itself alone asks the others for the account's standing records.
    Ask { owner: String },
}

impl Word {
    pub fn text(&self) -> String {
        match self {
            Self::SignedOut { owner } => sign_out_word(owner),
            Self::Record { owner, project_id, record } => {
                format!("rec\t{owner}\t{project_id}\t{}", record.as_deref().unwrap_or_default())
            }
            Self::Ask { owner } => format!("ask\t{owner}"),
        }
    }

    /// The word `text` says; none for what this version does not know.
    pub fn read(text: &str) -> Option<Self> {
        let mut parts = text.splitn(4, '\t');
        let (kind, owner) = (parts.next()?, parts.next()?.to_owned());
        match kind {
            "out" => Some(Self::SignedOut { owner }),
            "ask" => Some(Self::Ask { owner }),
            "rec" => {
                let project_id = parts.next()?.parse().ok()?;
                let record = parts.next()?;
                Some(Self::Record { owner, project_id, record: (!record.is_empty()).then(|| record.to_owned()) })
            }
            _ => None,
        }
    }
}

/// The account a sign-out word names: what every tab's session listens for, read (and said, by
/// `sign_out_word`) apart from the other words so that the first load carries only this.
pub fn signed_out(text: &str) -> Option<&str> {
    text.strip_prefix("out\t")
}

pub fn sign_out_word(owner: &str) -> String {
    format!("out\t{owner}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_word_reads_back_as_it_was_said() {
        let record = r#"{"paid":{"Regenerate":{"scene_number":1,"video":true}},"sent_at":5,"title":"a\tb"}"#;
        let words = [
            Word::SignedOut { owner: "123:1".into() },
            Word::Ask { owner: "123".into() },
            Word::Record { owner: "123:1".into(), project_id: 42, record: Some(record.into()) },
            Word::Record { owner: "123:1".into(), project_id: -1, record: None },
        ];
        for word in words {
            assert_eq!(Word::read(&word.text()), Some(word.clone()), "{}", word.text());
        }
        assert_eq!(signed_out(&Word::SignedOut { owner: "123:1".into() }.text()), Some("123:1"));
        assert_eq!(signed_out(&Word::Ask { owner: "123:1".into() }.text()), None);
    }

    #[test]
    fn what_this_version_does_not_know_is_no_word() {
        for text in ["", "out", "hello\t1", "rec\t1", "rec\t1\tseven\t{}", "rec\t1\t7"] {
            assert_eq!(Word::read(text), None, "{text:?}");
        }
    }
}
