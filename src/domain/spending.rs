//! What this device asked the service to spend, and what the service said was used, project by
//! project: the Spending view, its CSV, and "so far" in the paid dialogs. The spec prices approval at
//! about 100 credits a scene and a regeneration only as "additional credits"; a completed status
//! may carry `credits_used`. Every figure says whether it was reported or estimated, and one nobody
//! stated is said to be unknown, never guessed.

use super::credits::CREDITS_PER_SCENE;
use serde::{Deserialize, Serialize};

/// Kept on the device, so its shape is what serde's derive writes; a field added later has a default.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Spending(pub Vec<ProjectSpend>);

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProjectSpend {
    pub id: i64,
    #[serde(default)]
    pub title: String,
    #[serde(default)]
    pub charges: Vec<Charge>,
    /// `credits_used` as the service last reported it, and when this device read it.
    #[serde(default)]
    pub reported: Option<(i64, u64)>,
}

/// One paid action this device sent and the service took on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Charge {
    pub at: u64,
    /// 0 for the approval, else the regenerated scene.
    pub scene: i64,
    /// The figure the dialog stated; none where it stated none (a new image alone).
    pub credits: Option<i64>,
}

/// How a figure is known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Basis {
    Reported,
    Estimated,
    /// Estimated, and some charge in it had no stated figure: the real one is higher.
    AtLeast,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Figure {
    pub credits: i64,
    pub basis: Basis,
}

impl Figure {
    /// "500 credits, reported", "about 600 credits, estimated", "at least 500 credits".
    pub fn describe(self) -> String {
        let n = self.credits;
        match self.basis {
            Basis::Estimated if n == 0 => "nothing".to_owned(),
            Basis::Reported => format!("{n} credits, reported by the service"),
            Basis::Estimated => format!("about {n} credits, estimated"),
            Basis::AtLeast => format!("at least {n} credits (a cost was not stated)"),
        }
    }

    fn basis_word(self) -> &'static str {
        match self.basis {
            Basis::Reported => "reported",
            Basis::Estimated => "estimated",
            Basis::AtLeast => "at least",
        }
    }
}

/// The estimated sum of `charges`, and whether one had no figure.
fn estimate<'a>(charges: impl Iterator<Item = &'a Charge>) -> Figure {
    let (mut credits, mut unknown) = (0, false);
    for c in charges {
        credits += c.credits.unwrap_or_default();
        unknown |= c.credits.is_none();
    }
    Figure { credits, basis: if unknown { Basis::AtLeast } else { Basis::Estimated } }
}

/// Estimated adds to reported; the weakest basis of the two wins.
fn add(a: Figure, b: Figure) -> Figure {
    let basis = match (a.basis, b.basis) {
        (Basis::AtLeast, _) | (_, Basis::AtLeast) => Basis::AtLeast,
        (Basis::Reported, Basis::Reported) => Basis::Reported,
        _ => Basis::Estimated,
    };
    Figure { credits: a.credits + b.credits, basis }
}

impl ProjectSpend {
    /// The approval's estimate, if this device approved it.
    pub fn approved(&self) -> Option<Figure> {
        self.charges.iter().any(|c| c.scene == 0).then(|| estimate(self.charges.iter().filter(|c| c.scene == 0)))
    }

    pub fn regenerations(&self) -> (usize, Figure) {
        let asked = || self.charges.iter().filter(|c| c.scene != 0);
        (asked().count(), estimate(asked()))
    }

    /// The best figure: the service's report, plus the estimates of what was asked after it was read.
    pub fn cost(&self) -> Figure {
        let reported = Figure { credits: self.reported.map_or(0, |r| r.0), basis: Basis::Reported };
        let since = self.reported.map_or(0, |r| r.1 + 1);
        let mut after = self.charges.iter().filter(|c| c.at >= since).peekable();
        match (self.reported, after.peek()) {
            (Some(_), None) => reported,
            (Some(_), Some(_)) => add(reported, estimate(after)),
            (None, _) => estimate(after),
        }
    }
}

pub struct Totals {
    pub month: Figure,
    pub all: Figure,
}

impl Spending {
    fn entry(&mut self, id: i64, title: Option<&str>) -> &mut ProjectSpend {
        let at = match self.0.iter().position(|p| p.id == id) {
            Some(at) => at,
            None => {
                self.0.push(ProjectSpend { id, title: String::new(), charges: Vec::new(), reported: None });
                self.0.len() - 1
            }
        };
        let entry = &mut self.0[at];
        if let Some(title) = title.filter(|t| !t.is_empty()) {
            title.clone_into(&mut entry.title);
        }
        entry
    }

    /// Notes a paid action the service took on, unless it is noted already: every tab that sees a
    /// sent action confirmed notes it, by its moment of sending. False when nothing changed.
    pub fn charge(&mut self, id: i64, title: Option<&str>, charge: Charge) -> bool {
        let entry = self.entry(id, title);
        let noted = entry.charges.contains(&charge);
        if !noted {
            entry.charges.push(charge);
        }
        !noted || title.is_some()
    }

    /// Notes the service's `credits_used`; false when it says nothing new (nothing to store).
    pub fn report(&mut self, id: i64, title: Option<&str>, used: i64, at: u64) -> bool {
        let entry = self.entry(id, title);
        if entry.reported.is_some_and(|(was, _)| was == used) {
            return false;
        }
        entry.reported = Some((used, at));
        true
    }

    /// What one project has cost so far, for a paid action's dialog.
    pub fn so_far(&self, id: i64) -> String {
        match self.0.iter().find(|p| p.id == id).map(ProjectSpend::cost) {
            Some(cost) if cost.credits > 0 || cost.basis != Basis::Estimated => {
                format!("So far this project has cost {}.", cost.describe())
            }
            _ => "This device has sent nothing paid for this project so far.".to_owned(),
        }
    }

    /// This month: what was asked since `month_start` (estimates: the service reports no dates).
    /// In all: each project's best figure.
    pub fn totals(&self, month_start: u64) -> Totals {
        let month = estimate(self.0.iter().flat_map(|p| &p.charges).filter(|c| c.at >= month_start));
        let all = self.0.iter().map(ProjectSpend::cost).fold(Figure { credits: 0, basis: Basis::Reported }, add);
        let all = if self.0.is_empty() { Figure { credits: 0, basis: Basis::Estimated } } else { all };
        Totals { month, all }
    }

    /// The view's table as CSV (RFC 4180: a field with a comma, quote or line break is quoted).
    pub fn csv(&self) -> String {
        let mut out = "Project,Title,Approval (estimated),Regenerations,Regenerations (estimated),Used (reported),Total,Basis\r\n".to_owned();
        for p in &self.0 {
            let (asked, regenerated) = p.regenerations();
            let cost = p.cost();
            let fields = [
                p.id.to_string(),
                quoted(&p.title),
                p.approved().map(|f| f.credits.to_string()).unwrap_or_default(),
                asked.to_string(),
                if asked > 0 { regenerated.credits.to_string() } else { String::new() },
                p.reported.map(|(used, _)| used.to_string()).unwrap_or_default(),
                cost.credits.to_string(),
                cost.basis_word().to_owned(),
            ];
            out += &fields.join(",");
            out += "\r\n";
        }
        out
    }
}

fn quoted(field: &str) -> String {
    // A leading = + - @ would be run as a formula by a spreadsheet, and so would one after a leading
    // tab or carriage return, which some drop (OWASP's CSV injection): a quote mark keeps it text.
    let field = match field.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        true => format!("'{field}"),
        false => field.to_owned(),
    };
    match field.contains([',', '"', '\r', '\n']) {
        true => format!("\"{}\"", field.replace('"', "\"\"")),
        false => field,
    }
}

/// The approval's charge as the dialog states it.
pub fn approval(scenes: u32, at: u64) -> Charge {
    Charge { at, scene: 0, credits: Some(i64::from(scenes * CREDITS_PER_SCENE)) }
}

/// A regeneration's charge: about 100 credits for a new clip; a new image alone has no stated figure.
pub fn regeneration(scene: i64, new_video: bool, at: u64) -> Charge {
    Charge { at, scene, credits: regeneration_credits(new_video) }
}

/// The credits a regeneration states: about 100 for a new clip, none for a new image alone.
pub fn regeneration_credits(new_video: bool) -> Option<i64> {
    new_video.then_some(i64::from(CREDITS_PER_SCENE))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spent() -> Spending {
        let mut s = Spending::default();
        s.charge(4, Some("A fox"), approval(5, 1_000));
        s.charge(4, None, regeneration(2, true, 5_000));
        s.charge(7, Some("Rain, \"soft\""), approval(2, 9_000));
        s
    }

    #[test]
    fn a_charge_noted_by_two_tabs_or_twice_is_one_charge() {
        let mut s = spent();
        let before = s.clone();
        assert!(!s.charge(4, None, regeneration(2, true, 5_000)), "the same moment of sending: noted already");
        assert_eq!(s, before);
        assert!(s.charge(4, None, regeneration(2, true, 5_001)), "another regeneration, a moment later");
        assert_eq!(s.0[0].regenerations().0, 2);
    }

    #[test]
    fn a_project_costs_its_estimates_until_the_service_reports() {
        let s = spent();
        let fox = &s.0[0];
        assert_eq!(fox.title, "A fox", "a charge without a title keeps the one known");
        assert_eq!(fox.approved(), Some(Figure { credits: 500, basis: Basis::Estimated }));
        assert_eq!(fox.regenerations(), (1, Figure { credits: 100, basis: Basis::Estimated }));
        assert_eq!(fox.cost(), Figure { credits: 600, basis: Basis::Estimated });
        assert_eq!(s.so_far(4), "So far this project has cost about 600 credits, estimated.");
        assert_eq!(s.so_far(99), "This device has sent nothing paid for this project so far.");
    }

    #[test]
    fn a_report_replaces_the_estimates_before_it_and_later_charges_add_to_it() {
        let mut s = spent();
        assert!(s.report(4, None, 480, 3_000), "read after approval, before the regeneration");
        assert_eq!(s.0[0].cost(), Figure { credits: 580, basis: Basis::Estimated });
        assert!(s.report(4, None, 590, 8_000));
        assert!(!s.report(4, None, 590, 9_000), "the same figure again is nothing new");
        assert_eq!(s.0[0].cost(), Figure { credits: 590, basis: Basis::Reported });
        assert_eq!(s.so_far(4), "So far this project has cost 590 credits, reported by the service.");
    }

    #[test]
    fn a_charge_with_no_stated_figure_makes_the_sum_a_lower_bound() {
        let mut s = spent();
        s.charge(7, None, regeneration(1, false, 10_000));
        assert_eq!(s.0[1].regenerations(), (1, Figure { credits: 0, basis: Basis::AtLeast }));
        assert_eq!(s.0[1].cost().describe(), "at least 200 credits (a cost was not stated)");
    }

    #[test]
    fn totals_split_this_month_from_all_time() {
        let mut s = spent();
        s.report(7, None, 200, 9_500);
        let t = s.totals(4_000);
        assert_eq!(t.month, Figure { credits: 300, basis: Basis::Estimated }, "the regeneration and approval since");
        assert_eq!(t.all, Figure { credits: 800, basis: Basis::Estimated }, "600 estimated and 200 reported");
        s.report(4, None, 600, 9_600);
        assert_eq!(s.totals(0).all, Figure { credits: 800, basis: Basis::Reported });
        assert_eq!(Spending::default().totals(0).all.describe(), "nothing");
    }

    #[test]
    fn the_csv_has_the_table_and_keeps_titles_as_text() {
        let mut s = spent();
        s.report(7, None, 200, 9_500);
        s.charge(9, Some("=SUM(A1)"), approval(2, 11_000));
        let csv = s.csv();
        let lines: Vec<_> = csv.split("\r\n").collect();
        assert_eq!(
            lines[0],
            "Project,Title,Approval (estimated),Regenerations,Regenerations (estimated),Used (reported),Total,Basis"
        );
        assert_eq!(lines[1], "4,A fox,500,1,100,,600,estimated");
        assert_eq!(lines[2], "7,\"Rain, \"\"soft\"\"\",200,0,,200,200,reported");
        assert_eq!(lines[3], "9,'=SUM(A1),200,0,,,200,estimated");
        assert_eq!(lines[4], "", "every record ends with CRLF");
    }

    #[test]
    fn no_title_is_read_as_a_formula() {
        let title = |title: &str| {
            let mut s = Spending::default();
            s.charge(1, Some(title), approval(1, 0));
            let csv = s.csv();
            csv.split_once("\r\n").unwrap().1.strip_prefix("1,").unwrap().split_once(",100,").unwrap().0.to_owned()
        };
        assert_eq!(title("=1+1"), "'=1+1");
        assert_eq!(title("+1"), "'+1");
        assert_eq!(title("-1"), "'-1");
        assert_eq!(title("@SUM(A1)"), "'@SUM(A1)");
        assert_eq!(title("\t=cmd|' /C calc'!A0"), "'\t=cmd|' /C calc'!A0");
        assert_eq!(title("\r=1+1"), "\"'\r=1+1\"", "quoted too, for its line break");
        assert_eq!(title("\r\n@x"), "\"'\r\n@x\"");
        assert_eq!(title("=HYPERLINK(\"http://x\",\"y\")"), "\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\"");
        // Only at the start: elsewhere these are a title's own words.
        assert_eq!(title("Fox\t= sea - 2 @ dawn"), "Fox\t= sea - 2 @ dawn");
        assert_eq!(title("A fox"), "A fox");
    }

    #[test]
    fn what_was_stored_reads_back() {
        let s = spent();
        let text = serde_json::to_string(&s).unwrap();
        assert_eq!(serde_json::from_str::<Spending>(&text).unwrap(), s);
        let older: Spending = serde_json::from_str(r#"[{"id":3}]"#).unwrap();
        assert_eq!(older.0[0].cost(), Figure { credits: 0, basis: Basis::Estimated });
    }
}
