//! A real e-mail through SMTP: `LettreMailer` in SMTP mode sends to the aiosmtpd sink
//! (scripts/smtp_sink.py) on a free loopback port, and the message the server received is read
//! back with `read_outbox`. Without Debian's python3-aiosmtpd the test is skipped, unless
//! SOUK_REQUIRE_SMTP=1 (as `make test` sets), where it fails.

use souk_domain::Lang;
use souk_services::notify::{
    Channel, LettreMailer, MailSettings, MailTransport, Mailer, Message, NotifyError, SmtpTls, read_outbox,
    render_email,
};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const PYTHON: &str = "/usr/bin/python3";

/// The sink process, stopped (and its directory removed) when the test ends, even by a panic.
struct Sink {
    child: Child,
    port: u16,
    dir: PathBuf,
}

impl Drop for Sink {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn aiosmtpd_available() -> bool {
    Command::new(PYTHON)
        .args(["-c", "import aiosmtpd"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

fn free_port() -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind a free port");
    listener.local_addr().expect("local address").port()
}

/// Starts the sink on a free port and waits until it accepts connections. The port is found
/// free then released, so another process may take it first: then try another one.
fn start_sink() -> Sink {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../scripts/smtp_sink.py");
    for _ in 0..5 {
        let port = free_port();
        let dir = std::env::temp_dir().join(format!("souk-smtp-sink-{}", uuid::Uuid::new_v4()));
        let child = Command::new(PYTHON)
            .arg(&script)
            .args(["--port", &port.to_string(), "--max-seconds", "300", "--dir"])
            .arg(&dir)
            .stdout(Stdio::null())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start the SMTP sink");
        let mut sink = Sink { child, port, dir };
        let deadline = Instant::now() + Duration::from_secs(15);
        while Instant::now() < deadline {
            if TcpStream::connect(("127.0.0.1", port)).is_ok() {
                return sink;
            }
            if sink.child.try_wait().ok().flatten().is_some() {
                break;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }
    panic!("the SMTP sink did not start (see its output above)");
}

fn smtp_mailer(port: u16) -> LettreMailer {
    let settings = MailSettings {
        from: "Souk <no-reply@souk.ma>".into(),
        transport: MailTransport::Smtp {
            host: "127.0.0.1".into(),
            port,
            username: None,
            password: None,
            tls: SmtpTls::None,
        },
    };
    LettreMailer::new(&settings).expect("SMTP mailer")
}

#[tokio::test]
async fn an_arabic_recovery_email_goes_through_a_real_smtp_server() {
    if !aiosmtpd_available() {
        assert!(
            std::env::var("SOUK_REQUIRE_SMTP").as_deref() != Ok("1"),
            "notify smtp: SOUK_REQUIRE_SMTP=1 but {PYTHON} cannot import aiosmtpd (apt-get install python3-aiosmtpd)"
        );
        eprintln!("notify smtp: aiosmtpd not available, skipped");
        return;
    }
    let sink = start_sink();
    let mailer = smtp_mailer(sink.port);

    let link = "https://souk.ma/ar/reinitialiser-mot-de-passe?token=6f1c2a9e-4b7d-4c1e-9a55-0d2e7b3f8a10";
    let recovery = Message::RecoveryLink { link: link.into(), hours: 24 };
    mailer.send("amina@example.ma", Lang::Ar, &recovery).await.expect("recovery e-mail sent");
    // A second message over the pooled connection, with characters HTML must escape.
    let refused = Message::AdRefused { title: "Vélo <VTT> & casque".into(), reason: "Photos floues".into() };
    mailer.send("Karim <karim@example.ma>", Lang::Fr, &refused).await.expect("second e-mail sent");

    // The sink saves each message before it answers 250, so both are there now.
    let entries = read_outbox(&sink.dir, 10).expect("read what the server received");
    assert_eq!(entries.len(), 2, "{entries:#?}");

    let arabic = entries.iter().find(|e| e.to == "amina@example.ma").expect("the recovery e-mail");
    let rendered = render_email(&recovery, Lang::Ar);
    assert_eq!(arabic.channel, Channel::Email);
    assert_eq!(arabic.subject.as_deref(), Some("أعد تعيين كلمة المرور لحسابك على Souk"));
    assert_eq!(arabic.subject.as_deref(), Some(rendered.subject.as_str()));
    assert_eq!(arabic.lang, Some(Lang::Ar));
    assert_eq!(arabic.kind.as_deref(), Some("recovery_link"));
    assert!(arabic.text.contains(link), "{}", arabic.text);
    assert!(arabic.text.contains("صالح لمدة 24 ساعة"), "{}", arabic.text);
    assert_eq!(arabic.text, rendered.text);
    let html = arabic.html.as_deref().expect("the HTML alternative");
    assert!(html.contains("<html lang=\"ar\" dir=\"rtl\">"), "{html}");
    assert!(html.contains(&format!("href=\"{link}\"")), "{html}");
    assert_eq!(html, rendered.html);
    // Codes and links travel in headers only in the outbox, never through SMTP.
    assert_eq!(arabic.link, None);

    let raw = std::fs::read_to_string(sink.dir.join(&arabic.file)).expect("raw message");
    assert!(raw.contains("From: Souk <no-reply@souk.ma>"), "{raw}");
    assert!(raw.contains("Content-Type: multipart/alternative;"), "{raw}");
    assert!(raw.contains("Content-Type: text/html; charset=utf-8"), "{raw}");
    let envelope_file = sink.dir.join(arabic.file.replace(".eml", ".envelope.json"));
    let envelope: serde_json::Value =
        serde_json::from_slice(&std::fs::read(envelope_file).expect("envelope")).expect("envelope json");
    assert_eq!(envelope["mailFrom"], "no-reply@souk.ma");
    assert_eq!(envelope["rcptTos"], serde_json::json!(["amina@example.ma"]));

    let french = entries.iter().find(|e| e.to == "Karim <karim@example.ma>").expect("the refusal e-mail");
    assert_eq!(french.subject.as_deref(), Some("Votre annonce « Vélo <VTT> & casque » n'a pas été acceptée"));
    assert!(french.text.contains("Motif : Photos floues"), "{}", french.text);
    let html = french.html.as_deref().expect("the HTML alternative");
    assert!(html.contains("Vélo &lt;VTT&gt; &amp; casque"), "{html}");
    assert!(!html.contains("<VTT>"), "{html}");
}

#[tokio::test]
async fn an_smtp_server_that_does_not_answer_is_an_smtp_error() {
    // Nothing listens on a port just released.
    let mailer = smtp_mailer(free_port());
    let msg = Message::RecoveryLink { link: "https://souk.ma/r".into(), hours: 1 };
    let result = mailer.send("amina@example.ma", Lang::Ar, &msg).await;
    assert!(matches!(result, Err(NotifyError::Smtp(_))), "{result:?}");
}
