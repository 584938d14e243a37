//! storyreel-sim: a local implementation of the Scene Projects API, for storyreel's demo and tests.
//! `start` binds and serves in the background, so tests run the real server over real HTTP.

mod alt_errors;
mod api;
mod auth;
mod body;
mod clock;
pub mod config;
mod control;
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
use tokio::sync::oneshot;
use tokio::task::JoinHandle;
use tower_http::cors::{Any, CorsLayer};

pub use config::{Config, Profile, UserSeed};
use store::Shared;
use urls::Urls;

pub struct RunningServer {
    addr: SocketAddr,
    shutdown: oneshot::Sender<()>,
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

    /// Stops accepting, lets requests in flight finish, and waits for the server to end.
    pub async fn stop(self) -> io::Result<()> {
        let _ = self.shutdown.send(());
        self.task.await.map_err(io::Error::other)?
    }
}

pub async fn start(config: Config) -> io::Result<RunningServer> {
    let listener = TcpListener::bind(config.addr).await?;
    let addr = listener.local_addr()?;
    let public_url = config.public_url.clone().unwrap_or_else(|| format!("http://{addr}"));
    let urls = Urls { storage: format!("{public_url}/media"), stable_final: config.stable_final_url };
    let app = router(Arc::new(Shared::new(&config, urls)), config.serve_app.clone());
    let (shutdown, signal) = oneshot::channel::<()>();
    let task = tokio::spawn(async move {
        axum::serve(listener, app)
            .with_graceful_shutdown(async move {
                let _ = signal.await;
            })
            .await
    });
    Ok(RunningServer { addr, shutdown, task })
}

fn router(state: store::AppState, app_dir: Option<std::path::PathBuf>) -> Router {
    let routes = Router::new()
        .nest("/api/v1", api::router(state.clone()))
        .nest("/media", media::router())
        .nest("/_sim", control::router())
        .fallback(move |request| site::serve(app_dir.clone(), request));
    alt_errors::for_profile(state.profile, routes).layer(cors()).with_state(state)
}

/// The deployed front-end lives on another origin than the API, so the browser must be let in.
fn cors() -> CorsLayer {
    CorsLayer::new()
        .allow_origin(Any)
        .allow_methods([Method::GET, Method::POST, Method::PUT, Method::DELETE, Method::OPTIONS])
        .allow_headers([header::AUTHORIZATION, header::CONTENT_TYPE, header::RANGE])
        .expose_headers([header::RETRY_AFTER, header::CONTENT_RANGE, header::ACCEPT_RANGES, header::CONTENT_LENGTH])
        .max_age(Duration::from_secs(600))
}
