//! Socket.IO v5 over Engine.IO v4 for the browser's official `socket.io-client`: codecs, the
//! transport-independent server core, the polling and WebSocket transports mounted at `/socket.io/`,
//! and the echo behaviour used for conformance tests.

pub mod echo;
pub mod engine;
pub mod listener;
pub mod polling;
pub mod server;
pub mod socket;
pub mod websocket;

pub use server::{Config, ConnectFuture, ConnectRefusal, Credit, Handler, Server, Socket, decided};
pub use socket::Data;

use actix_web::{App, web};
use std::sync::Arc;

/// Mounts the Engine.IO endpoint (`/socket.io/`, GET and POST; any other method is a 400
/// with the Engine.IO error body) for `server`.
pub fn configure(cfg: &mut web::ServiceConfig, server: Server) {
    cfg.service(
        web::resource(["/socket.io/", "/socket.io"])
            .app_data(web::Data::new(server))
            .route(web::get().to(polling::get))
            .route(web::post().to(polling::post))
            .default_service(web::to(polling::other_method)),
    );
}

/// Serves the echo behaviour on 127.0.0.1:`port` until the process is stopped.
pub async fn serve_echo(port: u16, config: Config) -> std::io::Result<()> {
    let server = Server::new(config, Arc::new(echo::Echo));
    let options = listener::ServeOptions { workers: 2, shutdown_timeout_secs: 1, own_signals: false };
    let app_server = server.clone();
    let (http, addr) = listener::bind(&format!("127.0.0.1:{port}"), options, server, move || {
        let server = app_server.clone();
        App::new().configure(move |cfg| configure(cfg, server))
    })?;
    eprintln!("socket.io echo listening on http://{addr}");
    http.await
}
