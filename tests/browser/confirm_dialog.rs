//! The confirmation dialog's focus, in a real browser: it takes the focus when it opens and gives
//! it back to the control that opened it when it closes, however it closes.

use crate::common::*;
use leptos::prelude::*;
use storyreel::components::ConfirmDialog;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

fn focused() -> Option<web_sys::Element> {
    crate::common::document().active_element()
}

fn focused_name() -> String {
    focused().and_then(|e| e.text_content()).unwrap_or_default().trim().to_owned()
}

#[wasm_bindgen_test]
async fn focus_goes_into_the_dialog_and_back_to_the_control_that_opened_it() {
    let root = container();
    let confirmed = RwSignal::new(0);
    let _app = leptos::mount::mount_to(root.clone(), move || {
        let open = RwSignal::new(false);
        let no_error = Signal::derive(|| None::<String>);
        view! {
            <button type="button">"Something else"</button>
            <button type="button" on:click=move |_| open.set(true)>
                "Delete…"
            </button>
            <ConfirmDialog
                open=open
                title="Delete the draft"
                confirm_label="Delete"
                busy=false
                error=no_error
                on_confirm=Callback::new(move |_| {
                    confirmed.update(|n| *n += 1);
                    open.set(false);
                })
            >
                <p>"The draft cannot be brought back."</p>
            </ConfirmDialog>
        }
    });
    let opener = button(&root, "Delete…").unwrap();
    let dialog: web_sys::HtmlDialogElement = root.query_selector("dialog").unwrap().unwrap().unchecked_into();

    // Closed with Cancel.
    opener.focus().unwrap();
    opener.click();
    wait_for("the dialog open", || dialog.open().then_some(())).await;
    assert_eq!(focused_name(), "Cancel", "focus is on the safest choice inside the dialog");
    assert!(dialog.contains(focused().as_ref().map(|e| e.unchecked_ref())), "focus is inside the dialog");
    button(&root, "Cancel").unwrap().click();
    wait_for("focus back on the opener", || (focused_name() == "Delete…").then_some(())).await;
    assert!(!dialog.open());

    // Closed the way Escape closes it (the dialog's own close), from another control's focus.
    button(&root, "Something else").unwrap().focus().unwrap();
    opener.focus().unwrap();
    opener.click();
    wait_for("the dialog open again", || dialog.open().then_some(())).await;
    dialog.close();
    wait_for("focus back on the opener after close", || (focused_name() == "Delete…").then_some(())).await;

    // Confirmed: the action runs once and focus comes back too.
    opener.focus().unwrap();
    opener.click();
    wait_for("the dialog open a third time", || dialog.open().then_some(())).await;
    button(&root, "Delete").unwrap().click();
    wait_for("focus back after confirming", || (focused_name() == "Delete…").then_some(())).await;
    assert_eq!(confirmed.get_untracked(), 1);
    root.remove();
}
