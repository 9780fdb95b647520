//! Every route of the server, registered in one place.

use crate::state::AppState;
use crate::{graphql, ops, rest, web as site};
use actix_web::http::header;
use actix_web::middleware::DefaultHeaders;
use actix_web::web;

/// Registers the routes; `state` gives the paths of the client build and the media.
pub fn register(cfg: &mut web::ServiceConfig, state: &AppState) {
    cfg.route("/graphql", web::post().to(graphql::new_gateway))
        .route("/graphql-legacy", web::post().to(graphql::legacy_gateway))
        .route("/api/client-log", web::post().to(rest::client_log::client_log))
        .route("/api/shops/logo", web::post().to(rest::shop_logo::upload_logo))
        .route("/api/ads/photos", web::post().to(rest::ad_media::upload_photo))
        .route("/api/ads/videos", web::post().to(rest::ad_media::upload_video))
        .route("/api/saved-ads", web::post().to(rest::saved_ads::save))
        .route("/api/saved-ads", web::get().to(rest::saved_ads::list))
        .route("/api/saved-ads/{list_id}", web::delete().to(rest::saved_ads::unsave))
        .route("/api/chat/messages", web::post().to(rest::chat_upload::send_with_attachment))
        .route("/api/ads/{list_id}/message", web::post().to(rest::chat_upload::message_to_seller))
        .route("/confirmer-message/{token}", web::get().to(site::message_confirm::confirm))
        .route("/api/parse-url", web::post().to(rest::parse_url::parse_url))
        .route("/payments/callback/{provider}", web::post().to(rest::payments::callback))
        .route("/sandbox/card/{order}", web::get().to(rest::payments::card_page))
        .route("/sandbox/card/{order}", web::post().to(rest::payments::card_submit))
        .route("/api/invoices/{file}", web::get().to(rest::payments::invoice))
        .route("/robots.txt", web::get().to(site::sitemap::robots))
        .route("/sitemap.xml", web::get().to(site::sitemap::index))
        .route("/sitemaps/{name}", web::get().to(site::sitemap::file))
        .route("/api/dev/outbox", web::get().to(rest::dev_outbox::dev_outbox))
        .route("/healthz", web::get().to(ops::health::healthz))
        .route("/readyz", web::get().to(ops::health::readyz))
        .route("/metrics", web::get().to(ops::metrics::metrics))
        .route("/media/chat/{conversation}/{file}", web::get().to(rest::chat_upload::attachment))
        .configure(|cfg| crate::socketio::configure(cfg, state.socketio.clone()))
        .service(
            web::scope("/assets")
                .wrap(DefaultHeaders::new().add((header::CACHE_CONTROL, "public, max-age=31536000, immutable")))
                .service(actix_files::Files::new("", state.settings.client_dir().join("assets"))),
        )
        .service(
            web::scope("/media")
                .wrap(DefaultHeaders::new().add((header::CACHE_CONTROL, "public, max-age=86400")))
                .service(actix_files::Files::new("", state.settings.media_dir())),
        )
        .default_service(web::to(site::pages::page));
}
