//! Broker servers of a test's own, on free ports, so they can be killed
//! (`kill -9`) mid-drain and started again on the same port and data:
//! `nats-server`, `redis-server`, `mosquitto`, and a RabbitMQ node.

pub use super::mcp::free_port;
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A server of the test's own, its data in a folder that outlives a kill.
pub struct OwnServer {
    program: &'static str,
    /// Its command line, given the port and the data folder.
    command: fn(u16, &Path) -> Command,
    pub port: u16,
    dir: tempfile::TempDir,
    child: Option<Child>,
}

impl OwnServer {
    /// Started, or `None` (saying why) where `program` is not installed.
    fn start(program: &'static str, command: fn(u16, &Path) -> Command) -> Option<OwnServer> {
        let mut server = OwnServer {
            program,
            command,
            port: free_port(),
            dir: tempfile::tempdir().unwrap(),
            child: None,
        };
        if !server.run() {
            eprintln!("skipped: {program} is not installed here");
            return None;
        }
        Some(server)
    }

    /// A `nats-server` with JetStream, its store in the folder.
    pub fn nats() -> Option<OwnServer> {
        OwnServer::start("nats-server", |port, dir| {
            let mut command = Command::new("nats-server");
            command.args(["-a", "127.0.0.1", "-p", &port.to_string(), "-js", "-sd"]);
            command.arg(dir);
            command
        })
    }

    /// A `redis-server` appending every write to its file before it
    /// answers (so a `kill -9` loses nothing it acknowledged).
    pub fn redis() -> Option<OwnServer> {
        OwnServer::start("redis-server", |port, dir| {
            let mut command = Command::new("redis-server");
            command.args(["--bind", "127.0.0.1", "--port", &port.to_string()]);
            command.args([
                "--appendonly",
                "yes",
                "--appendfsync",
                "always",
                "--save",
                "",
            ]);
            command.arg("--dir").arg(dir);
            command
        })
    }

    /// A `mosquitto` broker taking anonymous clients.
    pub fn mosquitto() -> Option<OwnServer> {
        OwnServer::start("mosquitto", |port, dir| {
            let config = dir.join("mosquitto.conf");
            std::fs::write(
                &config,
                format!("listener {port} 127.0.0.1\nallow_anonymous true\n"),
            )
            .unwrap();
            let mut command = Command::new("mosquitto");
            command.arg("-c").arg(config);
            command
        })
    }

    /// A RabbitMQ node of its own (a name, an AMQP port and a distribution
    /// port of its own beside the machine's node), its database in the
    /// folder; guest/guest, as a new node has.
    pub fn rabbitmq() -> Option<OwnServer> {
        OwnServer::start("rabbitmq-server", |port, dir| {
            let mut command = rabbitmq_node(port, dir, &dir.join("none"));
            command.env("RABBITMQ_NODE_PORT", port.to_string());
            command
        })
    }

    /// A RabbitMQ node of its own (as [`OwnServer::rabbitmq`]) whose one
    /// AMQP listener takes only TLS (`amqps://`).
    pub fn rabbitmq_tls() -> Option<OwnServer> {
        OwnServer::start("rabbitmq-server", |port, dir| {
            let (cert, key) = certificates(dir);
            let config = dir.join("rabbitmq.conf");
            std::fs::write(
                &config,
                format!(
                    "listeners.tcp = none\nlisteners.ssl.default = {port}\n\
                     ssl_options.cacertfile = {}\nssl_options.certfile = {}\n\
                     ssl_options.keyfile = {}\nssl_options.verify = verify_none\n\
                     ssl_options.fail_if_no_peer_cert = false\n",
                    dir.join("ca.pem").display(),
                    cert.display(),
                    key.display()
                ),
            )
            .unwrap();
            rabbitmq_node(port, dir, &config)
        })
    }

    /// A `nats-server` with JetStream that takes only TLS connections,
    /// with a certificate for 127.0.0.1 signed by [`OwnServer::ca`].
    pub fn nats_tls() -> Option<OwnServer> {
        OwnServer::start("nats-server", |port, dir| {
            let (cert, key) = certificates(dir);
            let mut command = Command::new("nats-server");
            command.args(["-a", "127.0.0.1", "-p", &port.to_string(), "-js", "-sd"]);
            command.arg(dir).arg("--tls").arg("--tlscert").arg(cert);
            command.arg("--tlskey").arg(key);
            command
        })
    }

    /// A `redis-server` that takes only TLS connections (no plain port).
    pub fn redis_tls() -> Option<OwnServer> {
        OwnServer::start("redis-server", |port, dir| {
            let (cert, key) = certificates(dir);
            let mut command = Command::new("redis-server");
            command.args(["--bind", "127.0.0.1", "--port", "0", "--save", ""]);
            command.args(["--tls-port", &port.to_string(), "--tls-auth-clients", "no"]);
            command.arg("--tls-cert-file").arg(cert);
            command.arg("--tls-key-file").arg(key);
            command.arg("--tls-ca-cert-file").arg(dir.join("ca.pem"));
            command.arg("--dir").arg(dir);
            command
        })
    }

    /// A `mosquitto` broker whose one listener takes only TLS.
    pub fn mosquitto_tls() -> Option<OwnServer> {
        OwnServer::start("mosquitto", |port, dir| {
            let (cert, key) = certificates(dir);
            let config = dir.join("mosquitto.conf");
            std::fs::write(
                &config,
                format!(
                    // Run by root, mosquitto would drop to a user of its
                    // own, who cannot read the test's private folder.
                    "listener {port} 127.0.0.1\nallow_anonymous true\nuser root\ncertfile {}\nkeyfile {}\n",
                    cert.display(),
                    key.display()
                ),
            )
            .unwrap();
            let mut command = Command::new("mosquitto");
            command.arg("-c").arg(config);
            command
        })
    }

    /// The certificate authority that signed a TLS server's certificate.
    pub fn ca(&self) -> std::path::PathBuf {
        self.dir.path().join("ca.pem")
    }

    pub fn url(&self, scheme: &str) -> String {
        format!("{scheme}://127.0.0.1:{}", self.port)
    }

    /// Starts it (again, on the same port and data); false without the
    /// program. Waits until it takes connections (a RabbitMQ node takes
    /// seconds to boot).
    pub fn run(&mut self) -> bool {
        let mut command = (self.command)(self.port, self.dir.path());
        // A group of its own, so a kill reaches whatever it starts (a
        // RabbitMQ node is a script starting the Erlang VM).
        command
            .process_group(0)
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        let Ok(child) = command.spawn() else {
            return false;
        };
        self.child = Some(child);
        let deadline = Instant::now() + Duration::from_secs(90);
        while std::net::TcpStream::connect(("127.0.0.1", self.port)).is_err() {
            assert!(Instant::now() < deadline, "{} did not start", self.program);
            if let Some(status) = self.child.as_mut().unwrap().try_wait().unwrap() {
                panic!("{} exited at start: {status}", self.program);
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        true
    }

    /// The last `lines` lines of every log the server wrote in its folder
    /// (a RabbitMQ node's), to say why it did not come back.
    pub fn log_tail(&self, lines: usize) -> String {
        let Ok(logs) = std::fs::read_dir(self.dir.path().join("log")) else {
            return "(no log)".to_owned();
        };
        logs.flatten()
            .filter(|f| f.path().extension().is_some_and(|e| e == "log"))
            .map(|f| {
                let text = std::fs::read_to_string(f.path()).unwrap_or_default();
                let all: Vec<&str> = text.lines().collect();
                let tail = all[all.len().saturating_sub(lines)..].join("\n");
                format!("{}:\n{tail}", f.path().display())
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// `kill -9`, and every process it started with it.
    pub fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            unsafe { libc::kill(-(child.id() as i32), libc::SIGKILL) };
            child.wait().unwrap();
            // Until the port is free again, a restart could not bind it.
            let deadline = Instant::now() + Duration::from_secs(10);
            while std::net::TcpStream::connect(("127.0.0.1", self.port)).is_ok()
                && Instant::now() < deadline
            {
                std::thread::sleep(Duration::from_millis(20));
            }
        }
    }
}

impl Drop for OwnServer {
    fn drop(&mut self) {
        self.kill();
    }
}

/// A RabbitMQ node named after `port`, with a distribution port, database,
/// logs and (no) plugins of its own in `dir`, configured by `config`.
fn rabbitmq_node(port: u16, dir: &Path, config: &Path) -> Command {
    let mut command = Command::new("/usr/lib/rabbitmq/bin/rabbitmq-server");
    let plugins = dir.join("enabled_plugins");
    std::fs::write(&plugins, "[].").unwrap();
    command
        .env("RABBITMQ_NODENAME", format!("outboxtest{port}@localhost"))
        .env("RABBITMQ_DIST_PORT", free_port().to_string())
        .env("RABBITMQ_MNESIA_BASE", dir.join("mnesia"))
        .env("RABBITMQ_LOG_BASE", dir.join("log"))
        .env("RABBITMQ_CONFIG_FILE", config)
        .env("RABBITMQ_ENABLED_PLUGINS_FILE", plugins)
        .env("RABBITMQ_PID_FILE", dir.join("pid"))
        .env("HOME", dir);
    command
}

/// A certificate authority (`ca.pem`) and a server certificate it signed
/// for 127.0.0.1 and localhost, made with `openssl` in `dir` once: the
/// server's certificate and key.
fn certificates(dir: &Path) -> (std::path::PathBuf, std::path::PathBuf) {
    let (cert, key) = (dir.join("server.pem"), dir.join("server.key"));
    if cert.exists() {
        return (cert, key);
    }
    std::fs::write(
        dir.join("san.ext"),
        "subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\n",
    )
    .unwrap();
    let steps: [&[&str]; 3] = [
        &[
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-days",
            "2",
            "-subj",
            "/CN=outbox test CA",
            "-keyout",
            "ca.key",
            "-out",
            "ca.pem",
        ],
        &[
            "req",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-subj",
            "/CN=localhost",
            "-keyout",
            "server.key",
            "-out",
            "server.csr",
        ],
        &[
            "x509",
            "-req",
            "-in",
            "server.csr",
            "-CA",
            "ca.pem",
            "-CAkey",
            "ca.key",
            "-CAcreateserial",
            "-days",
            "2",
            "-extfile",
            "san.ext",
            "-out",
            "server.pem",
        ],
    ];
    for step in steps {
        let out = Command::new("openssl")
            .args(step)
            .current_dir(dir)
            .output()
            .expect("openssl runs");
        assert!(out.status.success(), "openssl {step:?}: {out:?}");
    }
    (cert, key)
}
