//! storyreel-sim: a local implementation of the Scene Projects API, for storyreel's demo and tests.
//! `start` binds and serves in the background, so tests run the real server over real HTTP.

mod alt_errors;
mod api;
mod auth;
mod body;
mod cdn;
mod clock;
pub mod config;
mod control;
mod control_access;
mod error;
mod faults;
mod generation;
mod ids;
mod ledger;
mod media;
mod middleware;
mod model;
mod request_log;
mod scene_ids;
mod site;
mod state;
mod store;
mod story;
mod svg;
mod timeline;
mod urls;
mod views;
mod vocabulary;

use std::io;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::http::{header, Method};
use axum::Router;
use tokio::net::TcpListener;
use tokio::sync::watch;
use tokio::task::JoinHandle;
use tower_http::compression::CompressionLayer;
use tower_http::cors::{Any, CorsLayer};

pub use config::{Config, Profile, UserSeed};
use state::Shared;
use urls::{Layout, Urls};

pub struct RunningServer {
    addr: SocketAddr,
    media_addr: Option<SocketAddr>,
    shutdown: watch::Sender<bool>,
    task: JoinHandle<io::Result<()>>,
}

impl RunningServer {
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// `http://HOST:PORT`, the bound address.
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// `http://HOST:PORT` of the media origin, when the profile serves media from one of its own (`alt`).
    pub fn media_url(&self) -> Option<String> {
        self.media_addr.map(|addr| format!("http://{addr}"))
    }

    /// Stops accepting, lets requests in flight finish, and waits for the server to end.
    pub async fn stop(self) -> io::Result<()> {
        let _ = self.shutdown.send(true);
        self.task.await.map_err(io::Error::other)?
    }
}

pub async fn start(config: Config) -> io::Result<RunningServer> {
    let listener = TcpListener::bind(config.addr).await?;
    let addr = listener.local_addr()?;
    let media_listener = match config.profile.media_on_own_origin() {
        true => Some(TcpListener::bind(SocketAddr::new(addr.ip(), 0)).await?),
        false => None,
    };
    let media_addr = media_listener.as_ref().map(TcpListener::local_addr).transpose()?;
    let urls = match media_addr {
        None => {
            let public_url = config.public_url.clone().unwrap_or_else(|| format!("http://{addr}"));
            Urls {
                storage: format!("{public_url}/media"),
                stable_final: config.stable_final_url,
                layout: Layout::Storage,
            }
        }
        Some(media) => Urls {
            storage: format!("http://{media}{}", cdn::ROOT),
            stable_final: config.stable_final_url,
            layout: Layout::Cdn,
        },
    };
    let state = Arc::new(Shared::new(&config, urls, format!("http://{addr}")));
    let app = router(state.clone(), config.serve_app.clone(), &app_origins(&config, addr));
    let media = media_listener.map(|listener| (listener, media_router(state)));
    let (shutdown, signal) = watch::channel(false);
    let task = tokio::spawn(serve(listener, app, media, signal));
    Ok(RunningServer { addr, media_addr, shutdown, task })
}

/// Serves the API (and the media origin, if any) until `signal` turns true or its sender is dropped.
async fn serve(
    listener: TcpListener,
    app: Router,
    media: Option<(TcpListener, Router)>,
    signal: watch::Receiver<bool>,
) -> io::Result<()> {
    let stopped = |mut signal: watch::Receiver<bool>| async move {
        let _ = signal.wait_for(|stop| *stop).await;
    };
    let api = axum::serve(listener, app).with_graceful_shutdown(stopped(signal.clone()));
    match media {
        None => api.await,
        Some((listener, media)) => {
            let media = axum::serve(listener, media).with_graceful_shutdown(stopped(signal));
            let (api, media) = tokio::join!(async { api.await }, async { media.await });
            api.and(media)
        }
    }
}

/// The origins whose pages may use `/_sim`: those given, and with `--serve-app` the simulator's own, whose app
/// is served from here. The bound address, not the request's `Host`: a page on another name that resolves here
/// (DNS rebinding) sends a matching `Host` too.
fn app_origins(config: &Config, addr: SocketAddr) -> Vec<String> {
    let mut origins = config.app_origins.clone();
    if config.serve_app.is_some() {
        origins.push(format!("http://{addr}"));
        origins.extend(config.public_url.as_deref().and_then(config::origin_of));
    }
    origins
}

fn router(state: state::AppState, app_dir: Option<std::path::PathBuf>, app_origins: &[String]) -> Router {
    // JSON answers gzip-compressed when the request accepts it, as a real API behind a gateway sends them
    // (a 100-project list is about 100 KB of JSON, a tenth of that compressed).
    let mut open = Router::new().nest("/api/v1", api::router(state.clone()).layer(CompressionLayer::new()));
    // With an origin of its own for media, `/media` here is only a reserved 404.
    if !state.profile.media_on_own_origin() {
        open = open.nest("/media", media::router());
    }
    // Nested after the open CORS layer, so only its own applies to it.
    let routes = open
        .fallback(move |request| site::serve(app_dir.clone(), request))
        .layer(cors())
        .nest("/_sim", control_access::guarded(control::router(), app_origins));
    alt_errors::for_profile(state.profile, routes).with_state(state)
}

/// The `alt` profile's media origin: the CDN layout and nothing else, with the same CORS.
fn media_router(state: state::AppState) -> Router {
    alt_errors::for_profile(state.profile, cdn::router()).layer(cors()).with_state(state)
}

/// The deployed front-end lives on another origin than the API, so the browser must be let in (not to `/_sim`,
/// see `control_access.rs`).
fn cors() -> CorsLayer {
    CorsLayer::new()
        .allow_origin(Any)
        .allow_methods([Method::GET, Method::POST, Method::PUT, Method::DELETE, Method::OPTIONS])
        .allow_headers([header::AUTHORIZATION, header::CONTENT_TYPE, header::RANGE])
        .expose_headers([
            header::RETRY_AFTER,
            header::CONTENT_RANGE,
            header::ACCEPT_RANGES,
            header::CONTENT_LENGTH,
            header::LINK,
        ])
        .max_age(Duration::from_secs(600))
}
