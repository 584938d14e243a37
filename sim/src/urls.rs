//! Where a project's media lives: the URLs written into responses, and how a requested path reads back to the
//! file it names, for both layouts; `media.rs` serves the default one and `cdn.rs` the `alt` one. Both names
//! live here, below the handlers, so writing an address never needs the code that serves it. Versioned names
//! make each new asset a new URL, so browsers and CDNs never show a stale one.

use crate::model::{Project, Scene};

/// One file a media URL names. A version of `None` is a stable name (`--stable-final-url`): the latest file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MediaRef {
    Image { scene: u32, version: u32 },
    Video { scene: u32, version: u32 },
    Final { version: Option<u32> },
    Upscaled { version: Option<u32> },
}

/// How media URLs are laid out: `{public_url}/media/projects/...` on the API's origin (default), or signed links
/// under `/cdn/v2/projects/...` on an origin of their own (`alt`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    Storage,
    Cdn,
}

#[derive(Clone, Debug)]
pub struct Urls {
    /// `{public_url}/media`, or `http://MEDIA_ADDR/cdn/v2` for the `Cdn` layout.
    pub storage: String,
    /// Keep one final URL across re-stitches (a service that overwrites the file in place).
    pub stable_final: bool,
    pub layout: Layout,
}

impl Urls {
    pub fn image(&self, p: &Project, s: &Scene) -> Option<String> {
        let version = s.image.ready_version()?;
        Some(self.link(p.id, MediaRef::Image { scene: s.number, version }))
    }

    pub fn video(&self, p: &Project, s: &Scene) -> Option<String> {
        let version = s.video.ready_version()?;
        Some(self.link(p.id, MediaRef::Video { scene: s.number, version }))
    }

    pub fn final_video(&self, p: &Project) -> Option<String> {
        let version = p.final_version;
        (version > 0).then(|| self.link(p.id, MediaRef::Final { version: self.versioned(version) }))
    }

    pub fn upscaled_video(&self, p: &Project) -> Option<String> {
        let version = p.upscaled_of?;
        Some(self.link(p.id, MediaRef::Upscaled { version: self.versioned(version) }))
    }

    fn versioned(&self, version: u32) -> Option<u32> {
        (!self.stable_final).then_some(version)
    }

    fn link(&self, project_id: u64, media: MediaRef) -> String {
        match self.layout {
            Layout::Storage => format!("{}/projects/{project_id}/{}", self.storage, storage_name(media)),
            Layout::Cdn => format!("{}/{}", self.storage, cdn_link(project_id, media)),
        }
    }
}

/// A file's name under `/media/projects/{id}/`.
fn storage_name(media: MediaRef) -> String {
    match media {
        MediaRef::Image { scene, version } => format!("scenes/{scene}/image-v{version}.svg"),
        MediaRef::Video { scene, version } => format!("scenes/{scene}/video-v{version}.webm"),
        MediaRef::Final { version: Some(v) } => format!("final-v{v}.webm"),
        MediaRef::Final { version: None } => "final.webm".into(),
        MediaRef::Upscaled { version: Some(v) } => format!("final-v{v}-upscaled.webm"),
        MediaRef::Upscaled { version: None } => "final-upscaled.webm".into(),
    }
}

/// The file a name under `/media/projects/{id}/scenes/{scene}/` names.
pub fn storage_scene_file(scene: u32, file: &str) -> Option<MediaRef> {
    if let Some(version) = version_in(file, "image-v", ".svg") {
        return Some(MediaRef::Image { scene, version });
    }
    version_in(file, "video-v", ".webm").map(|version| MediaRef::Video { scene, version })
}

/// The file a name under `/media/projects/{id}/` names.
pub fn storage_final_file(file: &str) -> Option<MediaRef> {
    match file {
        "final.webm" => Some(MediaRef::Final { version: None }),
        "final-upscaled.webm" => Some(MediaRef::Upscaled { version: None }),
        _ => match version_in(file, "final-v", "-upscaled.webm") {
            Some(v) => Some(MediaRef::Upscaled { version: Some(v) }),
            None => version_in(file, "final-v", ".webm").map(|v| MediaRef::Final { version: Some(v) }),
        },
    }
}

/// `prefix` + a version number + `suffix`, e.g. `image-v3.svg`.
fn version_in(file: &str, prefix: &str, suffix: &str) -> Option<u32> {
    file.strip_prefix(prefix)?.strip_suffix(suffix)?.parse().ok()
}

/// Not a secret: the signature only makes URLs opaque, so they must be used exactly as given.
const KEY: &str = "storyreel-sim-cdn";

/// The part of a `Cdn` link after its root (`/cdn/v2/`), query and signature included.
fn cdn_link(project_id: u64, media: MediaRef) -> String {
    let (name, version) = cdn_name(media);
    let path = format!("projects/{project_id}/{name}");
    let query = version.map(|v| format!("v={v}&")).unwrap_or_default();
    let sig = cdn_sign(&path, version);
    format!("{path}?{query}sig={sig}")
}

fn cdn_name(media: MediaRef) -> (String, Option<u32>) {
    match media {
        MediaRef::Image { scene, version } => (format!("scenes/{scene}/image.svg"), Some(version)),
        MediaRef::Video { scene, version } => (format!("scenes/{scene}/clip.webm"), Some(version)),
        MediaRef::Final { version } => ("final.webm".into(), version),
        MediaRef::Upscaled { version } => ("final-hd.webm".into(), version),
    }
}

/// The file a `Cdn` path under `projects/{id}/` names, given the version from the query.
pub fn cdn_file(file: &str, version: Option<u32>) -> Option<MediaRef> {
    let parts: Vec<&str> = file.split('/').collect();
    match (parts.as_slice(), version) {
        (["final.webm"], version) => Some(MediaRef::Final { version }),
        (["final-hd.webm"], version) => Some(MediaRef::Upscaled { version }),
        (["scenes", scene, "image.svg"], Some(version)) => {
            Some(MediaRef::Image { scene: scene.parse().ok()?, version })
        }
        (["scenes", scene, "clip.webm"], Some(version)) => {
            Some(MediaRef::Video { scene: scene.parse().ok()?, version })
        }
        _ => None,
    }
}

/// 16 hex digits of FNV-1a over the key, the path and the version.
pub fn cdn_sign(path: &str, version: Option<u32>) -> String {
    let text = format!("{KEY}|{path}|{}", version.map(|v| v.to_string()).unwrap_or_default());
    let hash = text.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3));
    format!("{hash:016x}")
}

/// `v` and `sig` from a `Cdn` link's query string; other parameters are ignored.
pub fn cdn_query(query: &str) -> (Option<&str>, Option<&str>) {
    let (mut version, mut sig) = (None, None);
    for pair in query.split('&') {
        match pair.split_once('=') {
            Some(("v", value)) => version = Some(value),
            Some(("sig", value)) => sig = Some(value),
            _ => {}
        }
    }
    (version, sig)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn storage_names_read_back() {
        for media in [
            MediaRef::Final { version: Some(3) },
            MediaRef::Final { version: None },
            MediaRef::Upscaled { version: Some(2) },
            MediaRef::Upscaled { version: None },
        ] {
            assert_eq!(storage_final_file(&storage_name(media)), Some(media));
        }
        let image = MediaRef::Image { scene: 4, version: 2 };
        assert_eq!(storage_name(image), "scenes/4/image-v2.svg");
        assert_eq!(storage_scene_file(4, "image-v2.svg"), Some(image));
        assert_eq!(storage_scene_file(4, "video-v1.webm"), Some(MediaRef::Video { scene: 4, version: 1 }));
        assert_eq!(storage_scene_file(4, "clip.webm"), None);
    }

    #[test]
    fn cdn_links_read_back_and_are_signed() {
        for media in [
            MediaRef::Image { scene: 2, version: 3 },
            MediaRef::Video { scene: 10, version: 1 },
            MediaRef::Final { version: Some(2) },
            MediaRef::Final { version: None },
            MediaRef::Upscaled { version: Some(1) },
        ] {
            let link = cdn_link(7, media);
            let (path, query) = link.split_once('?').unwrap();
            let (version, sig) = cdn_query(query);
            let version = version.map(|v| v.parse().unwrap());
            assert_eq!(cdn_file(path.strip_prefix("projects/7/").unwrap(), version), Some(media), "{link}");
            assert_eq!(sig, Some(cdn_sign(path, version).as_str()));
        }
        assert!(cdn_link(7, MediaRef::Final { version: Some(2) }).starts_with("projects/7/final.webm?v=2&sig="));
        assert_ne!(cdn_sign("projects/7/final.webm", Some(1)), cdn_sign("projects/7/final.webm", Some(2)));
        assert_eq!(cdn_file("scenes/1/image.svg", None), None, "scene files are always versioned");
    }
}
