//! Web storage that never fails loudly: a browser with storage disabled simply remembers nothing.

/// Where a value lives: `Device` survives closing the browser (localStorage), `Tab` does not (sessionStorage).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Persistence {
    Device,
    Tab,
}

fn area(persistence: Persistence) -> Option<web_sys::Storage> {
    let window = web_sys::window()?;
    match persistence {
        Persistence::Device => window.local_storage().ok().flatten(),
        Persistence::Tab => window.session_storage().ok().flatten(),
    }
}

/// The value under `key` and where it was found, looking in this tab first.
pub fn read(key: &str) -> Option<(String, Persistence)> {
    [Persistence::Tab, Persistence::Device]
        .into_iter()
        .find_map(|p| area(p)?.get_item(key).ok().flatten().map(|value| (value, p)))
}

pub fn read_value(key: &str) -> Option<String> {
    read(key).map(|(value, _)| value)
}

/// Writes `value` in one area and removes it from the other, so a value has one home.
pub fn write(key: &str, value: &str, persistence: Persistence) {
    let other = match persistence {
        Persistence::Device => Persistence::Tab,
        Persistence::Tab => Persistence::Device,
    };
    if let Some(storage) = area(other) {
        let _ = storage.remove_item(key);
    }
    if let Some(storage) = area(persistence) {
        let _ = storage.set_item(key, value);
    }
}

pub fn remove(key: &str) {
    for p in [Persistence::Tab, Persistence::Device] {
        if let Some(storage) = area(p) {
            let _ = storage.remove_item(key);
        }
    }
}
