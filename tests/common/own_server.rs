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
            let mut command = Command::new("/usr/lib/rabbitmq/bin/rabbitmq-server");
            let plugins = dir.join("enabled_plugins");
            std::fs::write(&plugins, "[].").unwrap();
            command
                .env("RABBITMQ_NODENAME", format!("outboxtest{port}@localhost"))
                .env("RABBITMQ_NODE_PORT", port.to_string())
                .env("RABBITMQ_DIST_PORT", free_port().to_string())
                .env("RABBITMQ_MNESIA_BASE", dir.join("mnesia"))
                .env("RABBITMQ_LOG_BASE", dir.join("log"))
                .env("RABBITMQ_CONFIG_FILE", dir.join("none"))
                .env("RABBITMQ_ENABLED_PLUGINS_FILE", plugins)
                .env("RABBITMQ_PID_FILE", dir.join("pid"))
                .env("HOME", dir);
            command
        })
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
