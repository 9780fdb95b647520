//! `souk`: serve the marketplace, apply migrations, seed the demo, print the schema.

use clap::Parser;

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[actix_web::main]
async fn main() -> std::process::ExitCode {
    let cli = souk_http::cli::Cli::parse();
    match souk_http::cli::run(cli).await {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("souk: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}
