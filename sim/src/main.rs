use std::io::Write;
use std::process::ExitCode;

use clap::Parser;
use storyreel_sim::config::Cli;
use storyreel_sim::Config;

#[tokio::main]
async fn main() -> ExitCode {
    let config: Config = Cli::parse().into();
    if let Some(dir) = &config.serve_app {
        if !dir.join("index.html").is_file() {
            eprintln!("storyreel-sim: --serve-app {} has no index.html", dir.display());
            return ExitCode::from(2);
        }
    }
    if !config.media_dir.join("final-5.webm").is_file() {
        eprintln!(
            "storyreel-sim: warning: no video fixtures in {} (run sim/media/make-fixtures.sh)",
            config.media_dir.display()
        );
    }
    if config.profile.media_on_own_origin() && config.public_url.is_some() {
        eprintln!(
            "storyreel-sim: warning: --public-url is not used with --profile alt (media has an origin of its own)"
        );
    }
    let addr = config.addr;
    let server = match storyreel_sim::start(config).await {
        Ok(server) => server,
        Err(e) => {
            eprintln!("storyreel-sim: cannot listen on {addr}: {e}");
            return ExitCode::FAILURE;
        }
    };
    // SIGTERM is caught from before the port is announced: whoever reads the line may stop us at once
    // (on a loaded machine the main task could otherwise be stopped before it got to listening).
    let stop = shutdown_signal();
    // Scripts read this one line to learn the port.
    println!("storyreel-sim listening on {}", server.url());
    // The `alt` profile's media origin, on a line of its own after the one scripts read first.
    if let Some(media) = server.media_url() {
        println!("storyreel-sim media on {media}");
    }
    let _ = std::io::stdout().flush();
    stop.await;
    match server.stop().await {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("storyreel-sim: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Ctrl-C or SIGTERM; SIGTERM's handler is in place when this returns, not when it is first awaited.
fn shutdown_signal() -> impl std::future::Future<Output = ()> {
    #[cfg(unix)]
    let mut term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()).ok();
    async move {
        let ctrl_c = async {
            let _ = tokio::signal::ctrl_c().await;
        };
        #[cfg(unix)]
        let term = async {
            match term.as_mut() {
                Some(s) => {
                    s.recv().await;
                }
                None => std::future::pending().await,
            }
        };
        #[cfg(not(unix))]
        let term = std::future::pending::<()>();
        tokio::select! { _ = ctrl_c => {}, _ = term => {} }
    }
}
