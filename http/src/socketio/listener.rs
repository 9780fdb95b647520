//! The HTTP listener of `souk serve` and of the echo server: actix-http's `HttpService` under an
//! actix server of our own, instead of actix-web's `HttpServer`, so that a WebSocket upgrade is
//! taken off the HTTP/1 dispatcher (`HttpService::upgrade`) and handed to the WebSocket transport
//! with the bare TCP stream. Under `HttpServer` an upgraded connection keeps the dispatcher's two
//! 8 KiB buffers for its whole life; here it keeps only what the WebSocket needs.

use super::Server as SocketIo;
use super::websocket;
use actix_http::{HttpService, Request};
use actix_service::{IntoServiceFactory, ServiceFactoryExt, fn_service, map_config};
use actix_web::body::MessageBody;
use actix_web::dev::{AppConfig, ServiceFactory, ServiceRequest, ServiceResponse};
use actix_web::{App, Error};
use std::io;
use std::net::{SocketAddr, TcpListener, ToSocketAddrs};
use std::time::Duration;

/// How many worker threads serve connections, and how long a graceful stop waits for them.
#[derive(Debug, Clone, Copy)]
pub struct ServeOptions {
    pub workers: usize,
    pub shutdown_timeout_secs: u64,
    /// The caller handles SIGTERM/SIGINT itself (`souk serve` drains first, docs/operations.md);
    /// otherwise the server stops on them.
    pub own_signals: bool,
}

/// Connections waiting to be accepted (as actix-web's default).
const BACKLOG: i32 = 1024;
/// A client must send its request head within this time (actix-web's default).
const CLIENT_REQUEST_TIMEOUT: Duration = Duration::from_secs(5);
/// A closing connection is given this long to finish (actix-web's default).
const CLIENT_DISCONNECT_TIMEOUT: Duration = Duration::from_secs(1);

/// Binds `addr` (port 0 picks a free one) and returns the unstarted server with the address it
/// got. `app` builds one application per worker; `/socket.io/` upgrades go to `socketio`.
pub fn bind<F, T, B>(
    addr: &str,
    options: ServeOptions,
    socketio: SocketIo,
    app: F,
) -> io::Result<(actix_web::dev::Server, SocketAddr)>
where
    F: Fn() -> App<T> + Send + Clone + 'static,
    T: ServiceFactory<ServiceRequest, Config = (), Response = ServiceResponse<B>, Error = Error, InitError = ()>
        + 'static,
    B: MessageBody + 'static,
{
    let target = addr
        .to_socket_addrs()?
        .next()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, format!("{addr} names no address")))?;
    let listener = listen(target)?;
    let bound = listener.local_addr()?;
    let server = actix_server::Server::build().workers(options.workers).shutdown_timeout(options.shutdown_timeout_secs);
    let server = if options.own_signals { server.disable_signals() } else { server };
    let server = server
        .listen("souk-http", listener, move || {
            let socketio = socketio.clone();
            // The connection runs in a task of its own, so that the HTTP/1 dispatcher that
            // handed it over (with its buffers) ends at once instead of waiting for it.
            let upgrade = fn_service(move |(req, framed): (Request, _)| {
                actix_web::rt::spawn(websocket::upgraded(req, framed, socketio.clone()));
                std::future::ready(Ok::<_, actix_http::Error>(()))
            });
            let app = app().into_factory().map_err(|e: Error| e.error_response());
            HttpService::build()
                // Small frames (Socket.IO acks and events) leave at once instead of waiting for
                // the peer's TCP acknowledgement of the previous one (Nagle).
                .tcp_nodelay(true)
                .client_request_timeout(CLIENT_REQUEST_TIMEOUT)
                .client_disconnect_timeout(CLIENT_DISCONNECT_TIMEOUT)
                .local_addr(bound)
                .upgrade(upgrade)
                .finish(map_config(app, move |()| AppConfig::default()))
                .tcp()
        })?
        .run();
    Ok((server, bound))
}

/// A listening socket with address reuse (a restarted server binds its port at once).
fn listen(addr: SocketAddr) -> io::Result<TcpListener> {
    use socket2::{Domain, Protocol, Socket, Type};
    let socket = Socket::new(Domain::for_address(addr), Type::STREAM, Some(Protocol::TCP))?;
    socket.set_reuse_address(true)?;
    socket.bind(&addr.into())?;
    socket.listen(BACKLOG)?;
    Ok(TcpListener::from(socket))
}

#[cfg(test)]
mod tests {
    use super::super::{Config, Server, configure, echo::Echo};
    use super::*;
    use std::sync::Arc;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    use tokio::net::TcpStream;

    const KEY: &str = "dGhlIHNhbXBsZSBub25jZQ==";

    async fn echo_server() -> SocketAddr {
        let server = Server::new(Config::default(), Arc::new(Echo));
        let app_server = server.clone();
        let options = ServeOptions { workers: 1, shutdown_timeout_secs: 0, own_signals: false };
        let (http, addr) = bind("127.0.0.1:0", options, server, move || {
            let server = app_server.clone();
            App::new().configure(move |cfg| configure(cfg, server))
        })
        .unwrap();
        actix_web::rt::spawn(http);
        addr
    }

    fn upgrade_request(target: &str) -> String {
        format!(
            "GET {target} HTTP/1.1\r\nhost: x\r\nupgrade: websocket\r\nconnection: Upgrade\r\n\
             sec-websocket-key: {KEY}\r\nsec-websocket-version: 13\r\n\r\n"
        )
    }

    /// A masked text frame from a client (mask 0: the payload goes as is).
    fn client_text(text: &str) -> Vec<u8> {
        let mut frame = vec![0x81, 0x80 | text.len() as u8, 0, 0, 0, 0];
        frame.extend_from_slice(text.as_bytes());
        frame
    }

    /// Reads until `until` is in what was read, or the peer closes.
    async fn read_until(io: &mut TcpStream, seen: &mut Vec<u8>, until: &str) -> String {
        let mut buf = [0u8; 4096];
        while !String::from_utf8_lossy(seen).contains(until) {
            let n = tokio::time::timeout(Duration::from_secs(5), io.read(&mut buf)).await.unwrap().unwrap();
            if n == 0 {
                break;
            }
            seen.extend_from_slice(&buf[..n]);
        }
        String::from_utf8_lossy(seen).into_owned()
    }

    #[actix_web::test]
    async fn an_upgrade_is_taken_over_with_the_bytes_sent_behind_it() {
        let addr = echo_server().await;
        let mut io = TcpStream::connect(addr).await.unwrap();
        // The head and the client's CONNECT in one write: the frame arrives with the head.
        let mut first = upgrade_request("/socket.io/?EIO=4&transport=websocket").into_bytes();
        first.extend(client_text("40{\"t\":1}"));
        io.write_all(&first).await.unwrap();
        let mut seen = Vec::new();
        let text = read_until(&mut io, &mut seen, "[\"auth\",{\"t\":1}]").await;
        assert!(text.starts_with("HTTP/1.1 101 Switching Protocols\r\n"), "{text}");
        assert!(text.contains("sec-websocket-accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\r\n"), "{text}");
        assert!(text.contains("0{\"sid\":"), "the Engine.IO open packet: {text}");
        assert!(text.contains("40{\"sid\":"), "the Socket.IO CONNECT answer: {text}");
        assert!(text.contains("42[\"auth\",{\"t\":1}]"), "{text}");
    }

    #[actix_web::test]
    async fn bad_upgrades_get_the_engine_io_error_and_plain_requests_the_app() {
        let addr = echo_server().await;
        for (target, status, code) in [
            ("/socket.io/?EIO=3&transport=websocket", "400", 5),
            ("/socket.io/?EIO=4&transport=carrier-pigeon", "400", 0),
            ("/socket.io/?EIO=4&transport=websocket&sid=unknown", "400", 3),
            ("/elsewhere?EIO=4&transport=websocket", "404", 0),
        ] {
            let mut io = TcpStream::connect(addr).await.unwrap();
            io.write_all(upgrade_request(target).as_bytes()).await.unwrap();
            let mut seen = Vec::new();
            let text = read_until(&mut io, &mut seen, "}").await;
            assert!(text.starts_with(&format!("HTTP/1.1 {status} ")), "{target}: {text}");
            assert!(text.contains(&format!("{{\"code\":{code},")), "{target}: {text}");
        }
        // A plain request still reaches the application: the polling handshake.
        let mut io = TcpStream::connect(addr).await.unwrap();
        io.write_all(b"GET /socket.io/?EIO=4&transport=polling HTTP/1.1\r\nhost: x\r\n\r\n").await.unwrap();
        let mut seen = Vec::new();
        let text = read_until(&mut io, &mut seen, "\"maxPayload\"").await;
        assert!(text.starts_with("HTTP/1.1 200 OK\r\n"), "{text}");
    }
}
