//! Where a project's media lives: the URLs written into responses, which `media.rs` serves.
//! Versioned names make each new asset a new URL, so browsers and CDNs never show a stale one.

use crate::model::{Project, Scene};

#[derive(Clone, Debug)]
pub struct Urls {
    /// `{public_url}/media`
    pub storage: String,
    /// Keep one final URL across re-stitches (a service that overwrites the file in place).
    pub stable_final: bool,
}

impl Urls {
    pub fn image(&self, p: &Project, s: &Scene) -> Option<String> {
        let v = s.image.ready_version()?;
        Some(format!("{}/projects/{}/scenes/{}/image-v{v}.svg", self.storage, p.id, s.number))
    }

    pub fn video(&self, p: &Project, s: &Scene) -> Option<String> {
        let v = s.video.ready_version()?;
        Some(format!("{}/projects/{}/scenes/{}/video-v{v}.webm", self.storage, p.id, s.number))
    }

    pub fn final_video(&self, p: &Project) -> Option<String> {
        let v = p.final_version;
        match (v, self.stable_final) {
            (0, _) => None,
            (_, true) => Some(format!("{}/projects/{}/final.webm", self.storage, p.id)),
            (_, false) => Some(format!("{}/projects/{}/final-v{v}.webm", self.storage, p.id)),
        }
    }

    pub fn upscaled_video(&self, p: &Project) -> Option<String> {
        let v = p.upscaled_of?;
        Some(if self.stable_final {
            format!("{}/projects/{}/final-upscaled.webm", self.storage, p.id)
        } else {
            format!("{}/projects/{}/final-v{v}-upscaled.webm", self.storage, p.id)
        })
    }
}
