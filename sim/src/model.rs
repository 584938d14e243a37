//! The stored records: projects, their scenes and each scene's two assets.

use crate::clock::Stamp;
use crate::story::{self, Proposal};
use crate::timeline::Job;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProjectStatus {
    /// Not proposed yet, and `Creating` while its proposals are made: the service's states before a proposal,
    /// which create never shows here (it answers `proposed`); only seeded projects (`/_sim/seed`) are in them.
    Draft,
    Creating,
    Proposed,
    Generating,
    Completed,
    Failed,
    Upscaling,
}

impl ProjectStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            ProjectStatus::Draft => "draft",
            ProjectStatus::Creating => "creating",
            ProjectStatus::Proposed => "proposed",
            ProjectStatus::Generating => "generating",
            ProjectStatus::Completed => "completed",
            ProjectStatus::Failed => "failed",
            ProjectStatus::Upscaling => "upscaling",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AssetStatus {
    Pending,
    Generating,
    Completed,
    Failed,
}

impl AssetStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            AssetStatus::Pending => "pending",
            AssetStatus::Generating => "generating",
            AssetStatus::Completed => "completed",
            AssetStatus::Failed => "failed",
        }
    }
}

/// A scene's image or video. `version` counts finished generations, so each new asset gets a new URL.
#[derive(Clone, Copy, Debug)]
pub struct Asset {
    pub status: AssetStatus,
    pub version: u32,
}

impl Asset {
    pub const PENDING: Asset = Asset { status: AssetStatus::Pending, version: 0 };

    pub fn ready_version(self) -> Option<u32> {
        (self.status == AssetStatus::Completed).then_some(self.version)
    }
}

#[derive(Clone, Debug)]
pub struct Scene {
    pub id: u64,
    pub number: u32,
    pub description: String,
    pub image_prompt: String,
    pub motion_prompt: String,
    pub narration_text: String,
    pub image: Asset,
    pub video: Asset,
}

impl Scene {
    /// A scene as proposed: its texts, nothing made yet.
    pub fn proposed(id: u64, number: u32, p: Proposal) -> Self {
        Scene {
            id,
            number,
            description: p.description,
            image_prompt: p.image_prompt,
            motion_prompt: p.motion_prompt,
            narration_text: p.narration_text,
            image: Asset::PENDING,
            video: Asset::PENDING,
        }
    }

    /// The scene's own status follows its assets: nothing started, part done, both done, or broken.
    pub fn status(&self) -> &'static str {
        use AssetStatus::*;
        match (self.image.status, self.video.status) {
            (Failed, _) | (_, Failed) => "failed",
            (Completed, Completed) => "completed",
            (Pending, Pending) => "pending",
            _ => "generating",
        }
    }
}

#[derive(Debug)]
pub struct Project {
    pub id: u64,
    pub user_id: u64,
    pub person_id: u64,
    pub idea: String,
    pub description: String,
    pub use_avatar_first_scene: bool,
    pub use_avatar_last_scene: bool,
    pub video_model: Option<String>,
    pub image_model: Option<String>,
    pub status: ProjectStatus,
    pub progress: u8,
    pub current_step: Option<&'static str>,
    pub error: Option<String>,
    pub scenes: Vec<Scene>,
    pub created_at: Stamp,
    pub updated_at: Stamp,
    /// How many times the final video has been stitched; 0 until the first.
    pub final_version: u32,
    /// The final version the current upscaled video was made from.
    pub upscaled_of: Option<u32>,
    /// Credits charged for this project net of refunds.
    pub credits_used: i64,
    pub job: Option<Job>,
}

impl Project {
    /// A project as its proposal leaves it: proposed, nothing made, created and last changed `at`.
    /// `owner` is the user and the person it is for; `avatars`, talking heads first and last.
    pub fn proposed(
        id: u64,
        owner: (u64, u64),
        idea: String,
        scenes: Vec<Scene>,
        avatars: (bool, bool),
        at: Stamp,
    ) -> Self {
        Project {
            id,
            user_id: owner.0,
            person_id: owner.1,
            description: story::project_description(&idea, scenes.len()),
            idea,
            use_avatar_first_scene: avatars.0,
            use_avatar_last_scene: avatars.1,
            video_model: None,
            image_model: None,
            status: ProjectStatus::Proposed,
            progress: 0,
            current_step: None,
            error: None,
            scenes,
            created_at: at,
            updated_at: at,
            final_version: 0,
            upscaled_of: None,
            credits_used: 0,
            job: None,
        }
    }

    pub fn touch(&mut self, at: Stamp) {
        self.updated_at = self.updated_at.advanced_to(at);
    }

    pub fn total_duration_seconds(&self) -> u32 {
        10 * self.scenes.len() as u32
    }
}
