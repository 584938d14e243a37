//! Every final video a project has had, as this device saw it: each address with when it appeared
//! and why (the first generation, a scene regenerated, an upscale), and the same for each scene's
//! image and clip, so an earlier cut can still be watched, compared or downloaded while the service
//! keeps it. Addresses are kept as the service gave them, the newest signature of each file (a storage
//! may sign its links afresh with every read: `media::unsigned` tells one file from another).

use super::media::{safe_media_url, unsigned};
use crate::api::Project;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Why {
    First,
    /// The scene whose new image or clip came with this cut.
    Regenerated(i64),
    Upscaled,
    /// A new address with no scene changed beside it: the service re-made it for its own reasons.
    Remade,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Version {
    pub url: String,
    pub at: u64,
    pub why: Why,
}

impl Version {
    /// The same file at `url`, signed afresh: the newest signature is the one still valid. True when
    /// the address changed.
    fn keep_newest(&mut self, url: &str) -> bool {
        let changed = self.url != url;
        if changed {
            url.clone_into(&mut self.url);
        }
        changed
    }

    /// "First generation", "Scene 2 regenerated", "Upscaled".
    pub fn describe(&self) -> String {
        match self.why {
            Why::First => "First generation".to_owned(),
            Why::Regenerated(n) => format!("Scene {n} regenerated"),
            Why::Upscaled => "Upscaled".to_owned(),
            Why::Remade => "Made again by the service".to_owned(),
        }
    }
}

/// Kept on the device as serde's derive writes it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Versions {
    /// Final and upscaled videos, oldest first.
    pub finals: Vec<Version>,
    /// Each scene's images and clips: (scene number, whether a clip, the version), oldest first.
    #[serde(default)]
    pub scenes: Vec<(i64, bool, Version)>,
}

fn present(url: &Option<String>) -> Option<&str> {
    url.as_deref().map(str::trim).filter(|u| !u.is_empty())
}

impl Versions {
    /// Takes in the project as read at `now`; true when an address was new (then it is worth storing).
    pub fn see(&mut self, project: &Project, now: u64) -> bool {
        let mut new = false;
        for s in &project.scenes {
            for (clip, url) in [(false, &s.image_url), (true, &s.video_url)] {
                let Some(url) = present(url) else { continue };
                let known = self.scenes.iter_mut().rfind(|(n, c, _)| (*n, *c) == (s.scene_number, clip));
                let why = match known {
                    Some((_, _, v)) if unsigned(&v.url) == unsigned(url) => {
                        new |= v.keep_newest(url);
                        continue;
                    }
                    Some(_) => Why::Regenerated(s.scene_number),
                    None => Why::First,
                };
                self.scenes.push((s.scene_number, clip, Version { url: url.to_owned(), at: now, why }));
                new = true;
            }
        }
        let finals = [(false, &project.final_video_url), (true, &project.final_video_url_upscaled)];
        for (upscaled, url) in finals {
            let Some(url) = present(url) else { continue };
            let file = unsigned(url);
            if let Some(v) = self.finals.iter_mut().find(|v| unsigned(&v.url) == file) {
                new |= v.keep_newest(url);
                continue;
            }
            let why = match (upscaled, self.cuts().next_back().map(|v| v.at)) {
                (true, _) => Why::Upscaled,
                (false, None) => Why::First,
                // The scene remade since the cut before (its new image may come a read before its clip).
                (false, Some(before)) => self
                    .scenes
                    .iter()
                    .rev()
                    .find_map(|(n, _, v)| (v.at > before && v.why != Why::First).then_some(Why::Regenerated(*n)))
                    .unwrap_or(Why::Remade),
            };
            self.finals.push(Version { url: url.to_owned(), at: now, why });
            new = true;
        }
        new
    }

    /// The final video's cuts (not the upscaled copies), oldest first.
    fn cuts(&self) -> impl DoubleEndedIterator<Item = &Version> {
        self.finals.iter().filter(|v| v.why != Why::Upscaled)
    }

    /// What a comparison shows: the cut before the newest and the newest, when the newest came from a
    /// regeneration, with the regenerated scene.
    pub fn before_and_after(&self) -> Option<(&Version, &Version, i64)> {
        let mut cuts = self.cuts().rev();
        let after = cuts.next()?;
        let Why::Regenerated(n) = after.why else { return None };
        Some((cuts.next()?, after, n))
    }

    /// What the comparison plays: `before_and_after`'s two cuts, both addresses fit to load
    /// (`safe_media_url`, as everywhere media is shown); no comparison when either is not.
    pub fn comparison(&self) -> Option<(&str, &str, i64)> {
        let (before, after, scene) = self.before_and_after()?;
        Some((safe_media_url(&before.url)?, safe_media_url(&after.url)?, scene))
    }

    /// Newest first, for the list.
    pub fn newest_first(&self) -> impl Iterator<Item = &Version> {
        self.finals.iter().rev()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::Scene;

    fn project(final_url: &str, clips: [&str; 2], upscaled: Option<&str>) -> Project {
        let scene = |n: i64, clip: &str| Scene {
            scene_number: n,
            image_url: Some(format!("https://cdn.example/{n}.svg")),
            video_url: Some(clip.to_owned()),
            ..Scene::default()
        };
        Project {
            final_video_url: Some(final_url.to_owned()),
            final_video_url_upscaled: upscaled.map(str::to_owned),
            scenes: vec![scene(1, clips[0]), scene(2, clips[1])],
            ..Project::default()
        }
    }

    #[test]
    fn each_final_is_kept_once_with_when_and_why() {
        let mut v = Versions::default();
        assert!(v.see(&project("f1", ["c1", "c2"], None), 10));
        assert!(!v.see(&project("f1", ["c1", "c2"], None), 20), "read again: nothing new");
        assert!(v.before_and_after().is_none(), "nothing to compare yet");
        assert!(v.see(&project("f1", ["c1", "c2b"], None), 25), "the new clip may come a read before its cut");
        assert!(v.see(&project("f2", ["c1", "c2b"], None), 30));
        assert!(v.see(&project("f2", ["c1", "c2b"], Some("f2-up")), 40));
        let list: Vec<_> = v.newest_first().map(|v| (v.url.as_str(), v.at, v.describe())).collect();
        assert_eq!(
            list,
            [
                ("f2-up", 40, "Upscaled".to_owned()),
                ("f2", 30, "Scene 2 regenerated".to_owned()),
                ("f1", 10, "First generation".to_owned())
            ]
        );
        let (before, after, scene) = v.before_and_after().unwrap();
        assert_eq!((before.url.as_str(), after.url.as_str(), scene), ("f1", "f2", 2));
    }

    #[test]
    fn a_comparison_plays_only_addresses_fit_to_load() {
        let compared = |before: &str, after: &str| {
            let mut v = Versions::default();
            v.see(&project(before, ["c1", "c2"], None), 10);
            v.see(&project(after, ["c1", "c2b"], None), 30);
            assert!(v.before_and_after().is_some(), "{before} then {after} is a regeneration");
            v.comparison().map(|(b, a, n)| (b.to_owned(), a.to_owned(), n))
        };
        let (f1, f2) = ("https://cdn.example/f1.mp4", "https://cdn.example/f2.mp4?sig=1");
        assert_eq!(compared(f1, f2), Some((f1.to_owned(), f2.to_owned(), 2)));
        for hostile in [
            "javascript:alert(1)",
            "JavaScript:alert(1)//https://cdn.example/f.mp4",
            "data:video/mp4;base64,AAAA",
            "//evil.example/f.mp4",
            "/media/f.mp4",
            "https://cdn.example/a b.mp4",
            "https:\\\\evil.example/f.mp4",
        ] {
            assert_eq!(compared(hostile, f2), None, "before: {hostile}");
            assert_eq!(compared(f1, hostile), None, "after: {hostile}");
        }
    }

    #[test]
    fn every_scene_image_and_clip_is_kept_too() {
        let mut v = Versions::default();
        v.see(&project("f1", ["c1", "c2"], None), 10);
        v.see(&project("f2", ["c1", "c2b"], None), 30);
        assert!(!v.see(&project("f2", ["c1", "c2b"], None), 40));
        let clips2: Vec<_> =
            v.scenes.iter().filter(|(n, clip, _)| *n == 2 && *clip).map(|(.., v)| (&v.url[..], v.why)).collect();
        assert_eq!(clips2, [("c2", Why::First), ("c2b", Why::Regenerated(2))]);
        assert_eq!(v.scenes.len(), 5, "two images, two clips, one new clip");
    }

    #[test]
    fn a_new_final_with_no_scene_changed_is_remade_and_not_compared() {
        let mut v = Versions::default();
        v.see(&project("f1", ["c1", "c2"], None), 10);
        v.see(&project("f1?v=2", ["c1", "c2"], None), 20);
        assert_eq!(v.newest_first().next().unwrap().why, Why::Remade);
        assert!(v.before_and_after().is_none());
    }

    #[test]
    fn links_signed_afresh_at_every_read_are_the_same_versions_kept_with_their_newest_signature() {
        let signed =
            |path: &str, read: u32| format!("https://b.s3.example/{path}?X-Amz-Date={read}&X-Amz-Signature=s{read}");
        let read = |n: u32| {
            let mut p = project(&signed("final.mp4", n), [&signed("1.mp4", n), &signed("2.mp4", n)], None);
            p.scenes[0].image_url = Some(signed("1.png", n));
            p.scenes[1].image_url = Some(signed("2.png", n));
            p
        };
        let mut v = Versions::default();
        assert!(v.see(&read(1), 10));
        assert!(v.see(&read(2), 20), "the fresher signatures are kept");
        assert!(!v.see(&read(2), 30));
        assert_eq!(v.finals.len(), 1, "no phantom cut");
        assert_eq!(v.finals[0].why, Why::First);
        assert_eq!((v.finals[0].url.as_str(), v.finals[0].at), (signed("final.mp4", 2).as_str(), 10));
        assert!(
            v.scenes.iter().all(|(.., s)| s.why == Why::First && s.url.ends_with("s2")),
            "no scene seen as regenerated"
        );
        assert!(v.before_and_after().is_none());
    }

    #[test]
    fn a_service_that_keeps_one_address_has_one_version() {
        let mut v = Versions::default();
        v.see(&project("final.webm", ["c1", "c2"], None), 10);
        assert!(v.see(&project("final.webm", ["c1", "c2b"], None), 20), "the new clip is kept");
        assert_eq!(v.finals.len(), 1);
        assert!(v.before_and_after().is_none(), "the old file is gone behind its address");
    }

    #[test]
    fn nothing_is_kept_of_a_project_without_media_and_what_was_kept_reads_back() {
        let mut v = Versions::default();
        assert!(!v.see(&Project::default(), 10));
        v.see(&project("f1", ["c1", " "], None), 10);
        let text = serde_json::to_string(&v).unwrap();
        assert_eq!(serde_json::from_str::<Versions>(&text).unwrap(), v);
    }
}
