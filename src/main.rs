fn main() {
    // The app runs in a browser only. Natively this binary is built just because the crate has
    // integration tests; leaving the views out there spares compiling them once more (18 s of CPU).
    #[cfg(target_arch = "wasm32")]
    {
        // In a debug build a panic names its place in the console; a release build leaves the hook out
        // (its formatting machinery is wasm every visitor downloads) and a panic is a plain trap.
        #[cfg(debug_assertions)]
        console_error_panic_hook::set_once();
        leptos::mount::mount_to_body(storyreel::app::App);
    }
}
