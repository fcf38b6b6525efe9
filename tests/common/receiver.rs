//! A small HTTP receiver on 127.0.0.1 for the worker's tests: it records
//! every request and answers as the test says, one request per connection.

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

#[derive(Clone, Debug)]
pub struct Request {
    pub method: String,
    pub path: String,
    /// Header names in lowercase.
    pub headers: HashMap<String, String>,
    pub body: String,
    /// When its request line arrived.
    pub at: Instant,
}

pub struct Answer {
    pub status: u16,
    pub headers: Vec<(&'static str, String)>,
    pub body: String,
    /// Wait this long before answering (a slow receiver).
    pub delay: Duration,
    /// Keep the body open this long after what it has sent, as a stream
    /// that has not ended (no content-length then).
    pub open_for: Duration,
}

impl Answer {
    pub fn status(status: u16, body: &str) -> Self {
        Answer {
            status,
            headers: Vec::new(),
            body: body.to_owned(),
            delay: Duration::ZERO,
            open_for: Duration::ZERO,
        }
    }
}

pub struct Receiver {
    pub url: String,
    pub requests: Arc<Mutex<Vec<Request>>>,
    /// The most requests it was answering at once.
    pub peak: Arc<AtomicUsize>,
}

/// Requests being answered now, and the most at once.
#[derive(Default)]
struct Load {
    now: AtomicUsize,
}

impl Receiver {
    /// Listens on a free port of 127.0.0.1; `answer` decides each response.
    pub fn start(answer: fn(&Request) -> Answer) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        let requests = Arc::new(Mutex::new(Vec::new()));
        let peak = Arc::new(AtomicUsize::new(0));
        let seen = requests.clone();
        let most = peak.clone();
        let load = Arc::new(Load::default());
        std::thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let (seen, most, load) = (seen.clone(), most.clone(), load.clone());
                std::thread::spawn(move || serve(stream, answer, &seen, &most, &load));
            }
        });
        Receiver {
            url,
            requests,
            peak,
        }
    }

    pub fn requests(&self) -> Vec<Request> {
        self.requests.lock().unwrap().clone()
    }
}

fn serve(
    stream: TcpStream,
    answer: fn(&Request) -> Answer,
    seen: &Mutex<Vec<Request>>,
    most: &AtomicUsize,
    load: &Load,
) {
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    let mut line = String::new();
    if reader.read_line(&mut line).unwrap_or(0) == 0 {
        return;
    }
    let at = Instant::now();
    let now = load.now.fetch_add(1, Ordering::SeqCst) + 1;
    most.fetch_max(now, Ordering::SeqCst);
    let method = line.split_whitespace().next().unwrap_or("GET").to_owned();
    let path = line.split_whitespace().nth(1).unwrap_or("/").to_owned();
    let mut headers = HashMap::new();
    loop {
        let mut header = String::new();
        reader.read_line(&mut header).unwrap();
        let header = header.trim_end();
        if header.is_empty() {
            break;
        }
        if let Some((name, value)) = header.split_once(':') {
            headers.insert(name.trim().to_lowercase(), value.trim().to_owned());
        }
    }
    let length: usize = headers
        .get("content-length")
        .and_then(|l| l.parse().ok())
        .unwrap_or(0);
    let mut body = vec![0; length];
    reader.read_exact(&mut body).unwrap();
    let request = Request {
        method,
        path,
        headers,
        body: String::from_utf8(body).unwrap(),
        at,
    };
    seen.lock().unwrap().push(request.clone());
    let answer = answer(&request);
    std::thread::sleep(answer.delay);
    let mut out = stream;
    let mut head = format!("HTTP/1.1 {} X\r\nconnection: close\r\n", answer.status);
    if answer.open_for.is_zero() {
        head.push_str(&format!("content-length: {}\r\n", answer.body.len()));
    }
    for (name, value) in &answer.headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    let _ = out.write_all(head.as_bytes());
    let _ = out.write_all(answer.body.as_bytes());
    let _ = out.flush();
    std::thread::sleep(answer.open_for);
    load.now.fetch_sub(1, Ordering::SeqCst);
}
