//! Spending in the whole app, in a real browser, against storyreel-sim: what the paid dialogs send is
//! noted with its estimate, the service's `credits_used` replaces the estimates it covers, each dialog
//! says what the project has cost so far, and the Spending view shows it all.

use crate::common::*;
use storyreel::config::Config;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::Element;

fn row(root: &Element, title: &str) -> Option<Vec<String>> {
    let rows = root.query_selector_all(".table-scroll tbody tr").ok()?;
    (0..rows.length()).filter_map(|i| rows.item(i)).find_map(|r| {
        let r: Element = wasm_bindgen::JsCast::unchecked_into(r);
        let cells = r.query_selector_all("th, td").ok()?;
        let cells: Vec<String> =
            (0..cells.length()).filter_map(|i| cells.item(i)?.text_content()).map(|t| t.trim().to_owned()).collect();
        (cells.first()? == title).then_some(cells)
    })
}

#[wasm_bindgen_test]
async fn paid_actions_are_counted_with_their_basis_and_each_dialog_says_the_cost_so_far() {
    let _page = one_at_a_time().await;
    let project = new_project("demo-token", 1, 2).await;
    let title = storyreel::domain::title::project_title(project.id, Some(&project));
    fresh_page(&format!("/projects/{}", project.id));
    signed_in_as("demo-token");
    let (root, _app) = mount_app_with(Config { poll_interval_seconds: 0.2, ..config() });

    wait_for("the approve button", || button(&root, "Approve and generate…")).await.click();
    let confirm = wait_for("the confirmation", || button(&root, "Reserve 200 credits and generate")).await;
    assert!(text(&root).contains("This device has sent nothing paid for this project so far."));
    confirm.click();
    // The service's figure comes with the completed status.
    wait_for("the finished video and its cost", || {
        text(&root).contains("Credits used: 200").then_some(())?;
        button(&root, "Regenerate scene 1…")
    })
    .await
    .click();
    wait_for("what it has cost so far", || {
        text(&root).contains("So far this project has cost 200 credits, reported by the service.").then_some(())
    })
    .await;
    button(&root, "Regenerate (about 100 credits)").unwrap().click();
    // The status that carries the service's figure may come a check after the new video.
    wait_for("the regenerated video and its cost", || {
        let page = text(&root);
        (page.contains("The video with the regenerated scene 1 is ready.") && page.contains("Credits used: 300"))
            .then_some(())
    })
    .await;

    link(&root, "Spending").expect("Spending in the main navigation").click();
    let cells = wait_for("the project's row", || row(&root, &title)).await;
    assert_eq!(
        cells[1..],
        [
            "about 200 credits, estimated",
            "1: about 100 credits, estimated",
            "300 credits",
            "300 credits, reported by the service"
        ],
        "the service's figure after the regeneration covers both estimates"
    );
    let page = text(&root);
    assert!(page.contains("This month: about 300 credits, estimated"), "{page}");
    assert!(page.contains("In all: 300 credits, reported by the service"), "{page}");
    button(&root, "Download CSV").unwrap().click();
    wait_for("the download offered", || text(&root).contains("The CSV file was offered for download.").then_some(()))
        .await;
}

#[wasm_bindgen_test]
async fn with_nothing_sent_the_view_says_so_and_invents_no_figure() {
    let _page = one_at_a_time().await;
    fresh_page("/spending");
    signed_in_as("demo-token");
    let (root, _app) = mount_app();
    wait_for("the heading", || heading(&root, "Spending")).await;
    let page = text(&root);
    assert!(page.contains("Nothing paid has been sent from this device yet."), "{page}");
    assert!(page.contains("This month: nothing") && page.contains("In all: nothing"), "{page}");
    assert!(button(&root, "Download CSV").is_none() && root.query_selector("table").unwrap().is_none());
}

#[wasm_bindgen_test]
async fn a_monthly_budget_is_kept_and_the_approval_dialog_says_how_far_it_goes_over() {
    let _page = one_at_a_time().await;
    let project = new_project("demo-token", 1, 2).await;
    let title = storyreel::domain::title::project_title(project.id, Some(&project));
    fresh_page("/spending");
    signed_in_as("demo-token");
    let (root, _app) = mount_app();
    let field = wait_for("the budget's field", || by_label(&root, "Monthly budget (credits)")).await;
    type_into(&field, "a lot");
    button(&root, "Save budget").unwrap().click();
    wait_for("the message next to the field", || text(&root).contains("Enter a whole number of credits").then_some(()))
        .await;
    assert_eq!(field.get_attribute("aria-invalid").as_deref(), Some("true"));
    assert_eq!(value_of(&field), "a lot", "what was typed stays");

    type_into(&field, "150");
    button(&root, "Save budget").unwrap().click();
    wait_for("the budget kept", || text(&root).contains("Saved: a monthly budget of 150 credits.").then_some(())).await;
    assert_eq!(field.get_attribute("aria-invalid").as_deref(), Some("false"));
    assert!(text(&root).contains("Monthly budget: 150 credits, about 150 left this month."), "{}", text(&root));

    // Two scenes are about 200 credits: over the budget, said as a warning; approving stays offered.
    link(&root, "Projects").expect("Projects in the main navigation").click();
    // Every test's project has the same idea, so the same title: this one is found by its address.
    let href = format!("a[href='/projects/{}']", project.id);
    let row: web_sys::HtmlElement =
        wait_for("the project in the list", || root.query_selector(&href).unwrap()).await.unchecked_into();
    assert_eq!(row.text_content().unwrap_or_default().trim(), title);
    row.click();
    wait_for("the approve button", || button(&root, "Approve and generate…")).await.click();
    let confirm = wait_for("the confirmation", || button(&root, "Reserve 200 credits and generate")).await;
    let dialog = text(&root);
    assert!(
        dialog.contains("This month storyreel has sent nothing paid for this account. This adds about 200. That makes about 200, over your monthly budget of 150 by about 50. You can still go ahead."),
        "{dialog}"
    );
    assert!(!is_disabled(&confirm), "going over is the person's choice");
    assert!(root
        .query_selector(".banner-warn")
        .unwrap()
        .is_some_and(|b| b.text_content().unwrap().contains("over your monthly budget")));
}
