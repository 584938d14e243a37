//! Where a project's media lives: the URLs written into responses, which `media.rs` (and in the `alt` profile
//! `cdn.rs`) serve. Versioned names make each new asset a new URL, so browsers and CDNs never show a stale one.

use crate::cdn;
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
            Layout::Cdn => format!("{}/{}", self.storage, cdn::link(project_id, media)),
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
}
