//! What the review asks of every scene at once (a style, its undoing, a save), given to each scene's
//! editor in turn and answered at once, so the page says what became of each without waiting for
//! effects to run.

use crate::domain::styles::Style;
use leptos::prelude::*;

#[derive(Clone)]
pub enum SceneOrder {
    /// Add the style's phrases to the prompts: a step, to be saved.
    Style(Style),
    /// Undo the style where it is still the scene's latest step.
    UndoStyle,
    /// Save the scene's changes.
    Save,
}

/// What a scene made of an order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Carried out (for a save: sent; the scene says how it ended).
    Done,
    /// Nothing to do here.
    Nothing,
    /// Left for the person: the scene changed since the style, or was changed elsewhere, or is saving.
    Held,
}

/// The scenes of a review that take orders, by number, in the page's order.
#[derive(Clone, Copy)]
pub struct Orders {
    scenes: StoredValue<Vec<(i64, Callback<SceneOrder, Outcome>)>>,
}

impl Default for Orders {
    fn default() -> Self {
        Self { scenes: StoredValue::new(Vec::new()) }
    }
}

impl Orders {
    /// Scene `number` takes orders through `take` until its editor is gone.
    pub fn listen(self, number: i64, take: Callback<SceneOrder, Outcome>) {
        self.scenes.update_value(|s| s.push((number, take)));
        on_cleanup(move || {
            self.scenes.try_update_value(|s| s.retain(|(n, _)| *n != number));
        });
    }

    /// Gives `order` to the scenes `only` names (every scene when none), and answers what each made
    /// of it.
    pub fn give(self, order: &SceneOrder, only: Option<&[i64]>) -> Vec<(i64, Outcome)> {
        let scenes = self.scenes.get_value();
        scenes
            .into_iter()
            .filter(|(n, _)| only.is_none_or(|only| only.contains(n)))
            .map(|(n, take)| (n, take.run(order.clone())))
            .collect()
    }
}
