//! The way out for spans: OTLP/HTTP requests made with the HTTP client
//! outbox already sends webhooks with, and a bound on what waits to go,
//! past which a span is dropped and counted rather than slowing anything.

use opentelemetry::Context;
use opentelemetry_http::{Bytes, HttpClient, HttpError, Request, Response};
use opentelemetry_sdk::Resource;
use opentelemetry_sdk::error::{OTelSdkError, OTelSdkResult};
use opentelemetry_sdk::trace::{Span, SpanData, SpanExporter, SpanProcessor};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// How long batches are dropped untried after an export failed.
const REST_AFTER_FAILURE: Duration = Duration::from_secs(5);

/// The OTLP exporter's HTTP client: a blocking `ureq` agent, called on the
/// batch processor's own thread (never on a delivery's).
#[derive(Debug)]
pub struct Ureq(pub ureq::Agent);

impl Ureq {
    pub fn new(timeout: Duration) -> Self {
        Ureq(
            ureq::Agent::config_builder()
                .timeout_global(Some(timeout))
                .http_status_as_error(false)
                .user_agent(concat!("outbox/", env!("CARGO_PKG_VERSION")))
                .build()
                .new_agent(),
        )
    }
}

#[async_trait::async_trait]
impl HttpClient for Ureq {
    async fn send_bytes(&self, request: Request<Bytes>) -> Result<Response<Bytes>, HttpError> {
        let (parts, body) = request.into_parts();
        let request = Request::from_parts(parts, body.to_vec());
        let response = self.0.run(request)?;
        let (parts, mut body) = response.into_parts();
        // A collector answers briefly; a larger answer is not read.
        let bytes = body.with_config().limit(1 << 20).read_to_vec()?;
        Ok(Response::from_parts(parts, Bytes::from(bytes)))
    }
}

/// What waits to be exported, and what was lost: shared by [`Gated`] and
/// [`Counted`].
#[derive(Debug)]
pub struct Gate {
    /// Spans handed on whose export has not ended (queued, or being sent).
    waiting: AtomicUsize,
    /// The most that may wait (`OTEL_BSP_MAX_QUEUE_SIZE`).
    capacity: usize,
    /// Spans dropped (the queue was full, or their export failed) and not
    /// yet counted in the outbox.
    dropped: AtomicU64,
    /// Whether the last export failed (the collector is down, most likely).
    failing: AtomicBool,
    /// After a failed export, batches are dropped without a try until
    /// then (`Instant`s as nanoseconds since `born`): a collector that is
    /// down costs no encoding, connection or back-off for every batch.
    resting_until: AtomicU64,
    born: Instant,
}

impl Gate {
    pub fn new(capacity: usize) -> Arc<Gate> {
        Arc::new(Gate {
            waiting: AtomicUsize::new(0),
            capacity: capacity.max(1),
            dropped: AtomicU64::new(0),
            failing: AtomicBool::new(false),
            resting_until: AtomicU64::new(0),
            born: Instant::now(),
        })
    }

    fn now(&self) -> u64 {
        u64::try_from(self.born.elapsed().as_nanos()).unwrap_or(u64::MAX)
    }

    /// The spans dropped since the last call.
    pub fn take_dropped(&self) -> u64 {
        self.dropped.swap(0, Ordering::Relaxed)
    }

    /// Spans that never went out: counted as dropped (at shutdown).
    pub fn give_up_waiting(&self) {
        let left = self.waiting.swap(0, Ordering::Relaxed);
        self.dropped.fetch_add(left as u64, Ordering::Relaxed);
    }

    /// Whether the last export failed.
    pub fn failing(&self) -> bool {
        self.failing.load(Ordering::Relaxed)
    }

    fn drop_spans(&self, n: usize) {
        self.dropped.fetch_add(n as u64, Ordering::Relaxed);
    }
}

/// A span processor in front of the batch processor: a span that would
/// overfill its queue is dropped here, where it can be counted (the batch
/// processor drops it too, but keeps the count to itself).
#[derive(Debug)]
pub struct Gated<P> {
    pub inner: P,
    pub gate: Arc<Gate>,
}

impl<P: SpanProcessor> SpanProcessor for Gated<P> {
    fn on_start(&self, span: &mut Span, cx: &Context) {
        self.inner.on_start(span, cx);
    }

    fn on_end(&self, span: SpanData) {
        let gate = &self.gate;
        if gate.waiting.fetch_add(1, Ordering::Relaxed) >= gate.capacity {
            gate.waiting.fetch_sub(1, Ordering::Relaxed);
            gate.drop_spans(1);
            return;
        }
        self.inner.on_end(span);
    }

    fn force_flush(&self) -> OTelSdkResult {
        self.inner.force_flush()
    }

    fn shutdown_with_timeout(&self, timeout: Duration) -> OTelSdkResult {
        self.inner.shutdown_with_timeout(timeout)
    }

    fn set_resource(&mut self, resource: &Resource) {
        self.inner.set_resource(resource);
    }
}

/// The exporter behind the batch processor: what it sent (or failed to)
/// stops waiting, and what it fails to send is counted as dropped (the
/// batch processor does not try a batch again).
#[derive(Debug)]
pub struct Counted<E> {
    pub inner: E,
    pub gate: Arc<Gate>,
}

impl<E: SpanExporter> SpanExporter for Counted<E> {
    async fn export(&self, batch: Vec<SpanData>) -> OTelSdkResult {
        let n = batch.len();
        let gate = &self.gate;
        let result = if gate.now() < gate.resting_until.load(Ordering::Relaxed) {
            Err(OTelSdkError::InternalFailure(
                "the collector failed the last export; resting".to_owned(),
            ))
        } else {
            let result = self.inner.export(batch).await;
            if result.is_err() {
                let until = gate
                    .now()
                    .saturating_add(REST_AFTER_FAILURE.as_nanos() as u64);
                gate.resting_until.store(until, Ordering::Relaxed);
            }
            result
        };
        gate.failing.store(result.is_err(), Ordering::Relaxed);
        if result.is_err() {
            gate.drop_spans(n);
        }
        // They wait until their export ends, so that spans stuck in an
        // export a stopping process gives up on are counted as dropped.
        // Saturating: the count may have been given up on meanwhile.
        let _ = self
            .gate
            .waiting
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |w| {
                Some(w.saturating_sub(n))
            });
        result
    }

    fn shutdown_with_timeout(&self, timeout: Duration) -> OTelSdkResult {
        self.inner.shutdown_with_timeout(timeout)
    }

    fn force_flush(&self) -> OTelSdkResult {
        self.inner.force_flush()
    }

    fn set_resource(&mut self, resource: &Resource) {
        self.inner.set_resource(resource);
    }
}
