//! Desktop notifications: asked for only after the person chose to be told, shown only while the
//! tab is out of view (in view, the page itself says it).

use web_sys::{Notification, NotificationOptions, NotificationPermission};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Permission {
    Unsupported,
    NotAsked,
    Granted,
    Denied,
}

pub fn permission() -> Permission {
    let supported =
        web_sys::window().is_some_and(|w| js_sys::Reflect::has(&w, &"Notification".into()).unwrap_or(false));
    if !supported {
        return Permission::Unsupported;
    }
    match Notification::permission() {
        NotificationPermission::Granted => Permission::Granted,
        NotificationPermission::Denied => Permission::Denied,
        _ => Permission::NotAsked,
    }
}

/// Asks the browser; `done` gets the answer.
pub fn request(done: impl FnOnce(Permission) + 'static) {
    let Ok(promise) = Notification::request_permission() else { return done(permission()) };
    wasm_bindgen_futures::spawn_local(async move {
        let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
        done(permission());
    });
}

pub fn show(title: &str, body: &str) {
    if permission() != Permission::Granted {
        return;
    }
    let options = NotificationOptions::new();
    options.set_body(body);
    let _ = Notification::new_with_options(title, &options);
}
