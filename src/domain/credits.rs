//! What approval will cost, stated before anything is spent (spec 1 and 8: about 100 credits per
//! 10-second scene). The service reserves the real amount; this is the figure shown beforehand.

pub const SECONDS_PER_SCENE: u32 = 10;
pub const CREDITS_PER_SCENE: u32 = 100;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Estimate {
    pub scenes: u32,
    pub seconds: u32,
    pub credits: u32,
}

pub fn approval_estimate(scenes: u32) -> Estimate {
    Estimate { scenes, seconds: scenes * SECONDS_PER_SCENE, credits: scenes * CREDITS_PER_SCENE }
}

/// "50 s", "1 min 40 s", "2 min".
pub fn describe_duration(seconds: u32) -> String {
    match (seconds / 60, seconds % 60) {
        (0, s) => format!("{s} s"),
        (m, 0) => format!("{m} min"),
        (m, s) => format!("{m} min {s} s"),
    }
}

/// A span given in milliseconds, to the nearest second: "30 s", "2 min".
pub fn describe_ms(ms: u64) -> String {
    describe_duration(u32::try_from(ms.saturating_add(500) / 1000).unwrap_or(u32::MAX))
}

impl Estimate {
    /// "3 scenes × 10 s = 30 s of video · about 300 credits"
    pub fn summary(&self) -> String {
        let plural = if self.scenes == 1 { "scene" } else { "scenes" };
        format!(
            "{} {plural} × {SECONDS_PER_SCENE} s = {} of video · about {} credits",
            self.scenes,
            describe_duration(self.seconds),
            self.credits
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn about_one_hundred_credits_per_ten_second_scene() {
        assert_eq!(approval_estimate(5), Estimate { scenes: 5, seconds: 50, credits: 500 });
        assert_eq!(approval_estimate(2).credits, 200);
        assert_eq!(approval_estimate(10), Estimate { scenes: 10, seconds: 100, credits: 1000 });
    }

    #[test]
    fn durations_read_naturally() {
        assert_eq!(describe_duration(50), "50 s");
        assert_eq!(describe_duration(60), "1 min");
        assert_eq!(describe_duration(100), "1 min 40 s");
        assert_eq!(describe_ms(499), "0 s");
        assert_eq!(describe_ms(29_600), "30 s");
        assert_eq!(describe_ms(120_000), "2 min");
    }

    #[test]
    fn the_summary_states_length_and_cost() {
        assert_eq!(approval_estimate(3).summary(), "3 scenes × 10 s = 30 s of video · about 300 credits");
    }
}
