//! OpenTelemetry export: when `OTEL_EXPORTER_OTLP_ENDPOINT` (or
//! `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`) is set, `outbox work` exports a
//! span per delivery attempt, as a child of the event's trace context, and
//! `outbox relay run` one per batch, over OTLP/HTTP (protobuf). The
//! standard variables are honoured (`OTEL_SERVICE_NAME`,
//! `OTEL_RESOURCE_ATTRIBUTES`, `OTEL_TRACES_SAMPLER`, `OTEL_BSP_*`,
//! `OTEL_EXPORTER_OTLP_HEADERS` and `..._TIMEOUT`). Spans leave on a thread
//! of their own through a bounded queue: a collector that is slow or down
//! never holds up a delivery, and the spans it costs are counted
//! (`outbox_spans_dropped_total`). With the variables unset none of this
//! is built.

mod export;

use crate::core::records::error::{Error, Result};
use export::{Counted, Gate, Gated, Ureq};
use opentelemetry::trace::{
    Span as _, SpanContext, SpanId, SpanKind, Status, TraceContextExt, TraceFlags, TraceId,
    TraceState, Tracer as _, TracerProvider as _,
};
use opentelemetry::{Context, InstrumentationScope, KeyValue};
use opentelemetry_otlp::{Protocol, WithExportConfig, WithHttpConfig};
use opentelemetry_sdk::Resource;
use opentelemetry_sdk::trace::{
    BatchSpanProcessor, IdGenerator, RandomIdGenerator, SdkTracer, SdkTracerProvider,
};
use std::cell::Cell;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime};

/// How often a long-running process adds the spans it dropped to the
/// outbox's tally: often enough for an alert, rarely enough to cost nothing.
const COUNT_DROPPED_EVERY: Duration = Duration::from_secs(10);
/// How long a stopping process waits for its last spans to go out.
const SHUTDOWN_WAIT: Duration = Duration::from_secs(5);

/// One finished piece of work, as a span: built after the work ended, with
/// its own start and end.
#[derive(Clone, Debug)]
pub struct Finished<'a> {
    pub name: String,
    pub kind: SpanKind,
    /// The W3C context it is a child of (`traceparent`, `tracestate`);
    /// empty: a root span of a trace of its own.
    pub traceparent: &'a str,
    pub tracestate: &'a str,
    /// The span id it must have (the one its receivers were sent), or a
    /// random one.
    pub span_id: Option<u64>,
    pub started: SystemTime,
    pub ended: SystemTime,
    pub attributes: Vec<KeyValue>,
    /// Why it failed; `None`: it succeeded.
    pub error: Option<String>,
}

/// The export of one process's spans.
pub struct Telemetry {
    provider: SdkTracerProvider,
    tracer: SdkTracer,
    gate: Arc<Gate>,
    /// When dropped spans were last counted in the outbox.
    counted_at: Mutex<Instant>,
}

impl std::fmt::Debug for Telemetry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Telemetry")
    }
}

fn var(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.trim().is_empty())
}

/// Whether the environment asks for span export: an OTLP endpoint, and
/// neither `OTEL_SDK_DISABLED=true` nor `OTEL_TRACES_EXPORTER=none`.
pub fn wanted() -> bool {
    let endpoint = var("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT")
        .or_else(|| var("OTEL_EXPORTER_OTLP_ENDPOINT"))
        .is_some();
    let disabled = var("OTEL_SDK_DISABLED").is_some_and(|v| v.eq_ignore_ascii_case("true"));
    let exporter_none = var("OTEL_TRACES_EXPORTER").is_some_and(|v| v == "none");
    endpoint && !disabled && !exporter_none
}

thread_local! {
    /// The span id the next span built on this thread must have.
    static NEXT_SPAN_ID: Cell<Option<u64>> = const { Cell::new(None) };
}

/// Random ids, but the span id asked for when there is one: an attempt's
/// span is the one its receivers were told of.
#[derive(Debug, Default)]
struct Chosen(RandomIdGenerator);

impl IdGenerator for Chosen {
    fn new_trace_id(&self) -> TraceId {
        self.0.new_trace_id()
    }

    fn new_span_id(&self) -> SpanId {
        match NEXT_SPAN_ID.take() {
            Some(id) => SpanId::from_bytes(id.to_be_bytes()),
            None => self.0.new_span_id(),
        }
    }
}

/// The remote span context a `traceparent` names, if it is one.
fn remote(traceparent: &str, tracestate: &str) -> Option<SpanContext> {
    let mut parts = traceparent.split('-');
    let (_version, trace, span, flags) =
        (parts.next()?, parts.next()?, parts.next()?, parts.next()?);
    let trace = u128::from_str_radix(trace, 16).ok()?;
    let span = u64::from_str_radix(span, 16).ok()?;
    let flags = u8::from_str_radix(flags, 16).ok()?;
    let state = tracestate.parse::<TraceState>().unwrap_or_default();
    let context = SpanContext::new(
        TraceId::from_bytes(trace.to_be_bytes()),
        SpanId::from_bytes(span.to_be_bytes()),
        TraceFlags::new(flags),
        true,
        state,
    );
    context.is_valid().then_some(context)
}

/// A `*_TIMEOUT` variable, in milliseconds.
fn millis(names: &[&str]) -> Option<Duration> {
    names
        .iter()
        .find_map(|name| var(name)?.trim().parse::<u64>().ok())
        .map(Duration::from_millis)
}

impl Telemetry {
    /// The export the environment asks for, or `None` (see [`wanted`]).
    pub fn from_env() -> Result<Option<Arc<Telemetry>>> {
        if !wanted() {
            return Ok(None);
        }
        let protocol = var("OTEL_EXPORTER_OTLP_TRACES_PROTOCOL")
            .or_else(|| var("OTEL_EXPORTER_OTLP_PROTOCOL"));
        if let Some(protocol) = protocol.filter(|p| p != "http/protobuf") {
            return Err(Error::input(
                "invalid:otlpProtocol",
                format!(
                    "OTEL_EXPORTER_OTLP_PROTOCOL={protocol}: outbox exports over OTLP/HTTP with protobuf (http/protobuf)"
                ),
            ));
        }
        let timeout = millis(&[
            "OTEL_EXPORTER_OTLP_TRACES_TIMEOUT",
            "OTEL_EXPORTER_OTLP_TIMEOUT",
        ])
        .unwrap_or(Duration::from_secs(10));
        let exporter = opentelemetry_otlp::SpanExporter::builder()
            .with_http()
            .with_protocol(Protocol::HttpBinary)
            .with_http_client(Ureq::new(timeout))
            .build()
            .map_err(|e| {
                Error::input(
                    "invalid:otlpEndpoint",
                    format!("cannot export spans to the OTLP endpoint: {e}"),
                )
            })?;
        let capacity = var("OTEL_BSP_MAX_QUEUE_SIZE")
            .and_then(|v| v.trim().parse().ok())
            .unwrap_or(2048);
        let gate = Gate::new(capacity);
        let batches = BatchSpanProcessor::builder(Counted {
            inner: exporter,
            gate: gate.clone(),
        })
        .build();
        // outbox names itself unless the environment names the service.
        let named = var("OTEL_SERVICE_NAME").is_some()
            || var("OTEL_RESOURCE_ATTRIBUTES").is_some_and(|a| a.contains("service.name="));
        let mut resource = Resource::builder();
        if !named {
            resource = resource.with_service_name("outbox");
        }
        let provider = SdkTracerProvider::builder()
            .with_span_processor(Gated {
                inner: batches,
                gate: gate.clone(),
            })
            .with_id_generator(Chosen::default())
            .with_resource(resource.build())
            .build();
        let scope = InstrumentationScope::builder("outbox")
            .with_version(env!("CARGO_PKG_VERSION"))
            .build();
        let tracer = provider.tracer_with_scope(scope);
        Ok(Some(Arc::new(Telemetry {
            provider,
            tracer,
            gate,
            counted_at: Mutex::new(Instant::now()),
        })))
    }

    /// Exports one finished piece of work (if the sampler keeps it).
    pub fn record(&self, finished: Finished<'_>) {
        let parent = match remote(finished.traceparent, finished.tracestate) {
            Some(context) => Context::new().with_remote_span_context(context),
            None => Context::new(),
        };
        let builder = self
            .tracer
            .span_builder(finished.name)
            .with_kind(finished.kind)
            .with_start_time(finished.started)
            .with_attributes(finished.attributes);
        NEXT_SPAN_ID.set(finished.span_id);
        let mut span = builder.start_with_context(&self.tracer, &parent);
        NEXT_SPAN_ID.set(None);
        span.set_status(match finished.error {
            Some(error) => Status::error(error),
            None => Status::Ok,
        });
        span.end_with_timestamp(finished.ended);
    }

    /// The spans dropped since they were last counted, when it is time to
    /// count them (`finishing`: now, whatever the time).
    pub fn dropped_to_count(&self, finishing: bool) -> u64 {
        let mut at = self.counted_at.lock().unwrap_or_else(|e| e.into_inner());
        if !finishing && at.elapsed() < COUNT_DROPPED_EVERY {
            return 0;
        }
        *at = Instant::now();
        self.gate.take_dropped()
    }

    /// Sends what is left, waiting a few seconds at most; what could not
    /// go is counted as dropped. After a failed export (the collector is
    /// down) nothing is waited for: the exporter would only try again,
    /// with back-off, and a stopping worker is not held up by its spans.
    pub fn shutdown(&self) {
        // Shut down either way: dropping a provider that was not would
        // flush it, waiting as long again.
        let wait = if self.gate.failing() {
            Duration::from_millis(1)
        } else {
            SHUTDOWN_WAIT
        };
        let _ = self.provider.shutdown_with_timeout(wait);
        self.gate.give_up_waiting();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_traceparent_is_a_remote_parent() {
        let context = remote(
            "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
            "rojo=1",
        )
        .unwrap();
        assert_eq!(
            context.trace_id().to_string(),
            "4bf92f3577b34da6a3ce929d0e0e4736"
        );
        assert_eq!(context.span_id().to_string(), "00f067aa0ba902b7");
        assert!(context.is_sampled() && context.is_remote());
        assert_eq!(context.trace_state().get("rojo"), Some("1"));
        assert!(remote("", "").is_none());
        assert!(remote("00-0-0-01", "").is_none());
    }

    #[test]
    fn the_span_id_asked_for_is_the_one_made() {
        let ids = Chosen::default();
        NEXT_SPAN_ID.set(Some(0x00f0_67aa_0ba9_02b7));
        assert_eq!(ids.new_span_id().to_string(), "00f067aa0ba902b7");
        // Once: the next is random again.
        assert_ne!(ids.new_span_id().to_string(), "00f067aa0ba902b7");
    }
}
