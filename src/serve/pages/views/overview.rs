//! The overview: counts by state, the charts of the last hour and day,
//! breakers open, paused and disabled subscriptions, the relay's backlog.

use super::*;

pub struct Count {
    pub state: &'static str,
    pub label: &'static str,
    pub value: i64,
    pub tone: &'static str,
}

pub struct Chart {
    pub title: String,
    pub svg: String,
    pub total: i64,
    pub peak: i64,
    pub per: String,
}

pub struct SubLine {
    pub id: String,
    pub client: String,
    pub detail: String,
}

pub struct RelayView {
    pub table: String,
    pub backlog: i64,
    pub lag: String,
    pub rejected: i64,
    pub held: String,
}

#[derive(Template)]
#[template(path = "overview.html")]
struct Overview {
    page: Page,
    counts: Vec<Count>,
    oldest_ready: String,
    ready: i64,
    scheduled: i64,
    expired: i64,
    charts: Vec<Chart>,
    breakers: Vec<SubLine>,
    paused: Vec<SubLine>,
    disabled: Vec<SubLine>,
    relay: Option<RelayView>,
}

/// The samples of a Prometheus page, by name and labels as written.
fn samples(page: &str) -> HashMap<String, i64> {
    page.lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.rsplit_once(' '))
        .filter_map(|(name, value)| Some((name.to_owned(), value.parse::<f64>().ok()? as i64)))
        .collect()
}

/// Bars of `values` as an SVG, one per step, scaled to the largest.
fn bars(values: &[i64], class: &str, label: &str) -> String {
    let top = values.iter().copied().max().unwrap_or(0).max(1);
    let n = values.len().max(1);
    let mut svg = format!(
        r#"<svg class="chart {class}" viewBox="0 0 {n} 100" preserveAspectRatio="none" role="img" aria-label="{label}"><line x1="0" y1="100" x2="{n}" y2="100"/>"#
    );
    for (i, v) in values.iter().enumerate() {
        let h = (*v as f64 / top as f64 * 96.0).max(if *v > 0 { 2.0 } else { 0.0 });
        if h > 0.0 {
            svg.push_str(&format!(
                r#"<rect x="{i}.1" y="{:.2}" width="0.8" height="{h:.2}"><title>{v}</title></rect>"#,
                100.0 - h
            ));
        }
    }
    svg.push_str("</svg>");
    svg
}

fn charts(history: &Value, span: &str) -> Vec<Chart> {
    let h = &history["history"];
    let step = int(h, "step").max(60);
    let per = if step == 60 {
        "a minute".to_owned()
    } else {
        format!("per {} minutes", step / 60)
    };
    [("delivered", "Delivered"), ("failed", "Failed")]
        .into_iter()
        .map(|(key, title)| {
            let values: Vec<i64> = h[key]
                .as_array()
                .map(|a| a.iter().map(|v| v.as_i64().unwrap_or(0)).collect())
                .unwrap_or_default();
            Chart {
                title: format!("{title}, the last {span}"),
                svg: bars(
                    &values,
                    key,
                    &format!("{title} per step over the last {span}"),
                ),
                total: values.iter().sum(),
                peak: values.iter().copied().max().unwrap_or(0),
                per: per.clone(),
            }
        })
        .collect()
}

pub async fn overview(State(server): State<Arc<Server>>, headers: HeaderMap) -> Response {
    let page = Page::new(&server, &headers, "overview");
    match overview_page(&server, page.clone()).await {
        Ok(overview) => html(StatusCode::OK, &overview),
        Err(e) => failed(page, &e),
    }
}

async fn overview_page(server: &Server, page: Page) -> Result<Overview, Error> {
    let metrics = crate::serve::api::run(
        server,
        crate::serve::Call {
            line: words(&["stats", "--format=prometheus"]),
            text: true,
        },
    )
    .await?;
    let m = samples(metrics.text.as_deref().unwrap_or(""));
    let get = |name: &str| m.get(name).copied().unwrap_or(0);
    let status = |s: &str| get(&format!("outbox_deliveries{{status=\"{s}\"}}"));
    let counts = vec![
        Count {
            state: "queued",
            label: "queued",
            value: status("queued"),
            tone: "warn",
        },
        Count {
            state: "claimed",
            label: "claimed",
            value: status("claimed"),
            tone: "info",
        },
        Count {
            state: "waiting",
            label: "waiting behind a subject",
            value: get("outbox_waiting"),
            tone: "",
        },
        Count {
            state: "queued",
            label: "set aside",
            value: get("outbox_set_aside"),
            tone: "",
        },
        Count {
            state: "delivered",
            label: "delivered",
            value: status("delivered"),
            tone: "good",
        },
        Count {
            state: "failed",
            label: "failed",
            value: status("failed"),
            tone: "",
        },
        Count {
            state: "dead",
            label: "dead letters",
            value: get("outbox_dead_letters"),
            tone: "bad",
        },
        Count {
            state: "canceled",
            label: "canceled",
            value: status("canceled"),
            tone: "",
        },
    ];
    let oldest = get("outbox_oldest_ready_age_seconds");
    let oldest_ready = if get("outbox_ready") == 0 {
        "none ready".to_owned()
    } else {
        relative(0, oldest).trim_end_matches(" ago").to_owned()
    };
    let mut all_charts = charts(
        &command(server, words(&["stats", "--history=1h"])).await?,
        "hour",
    );
    all_charts.extend(charts(
        &command(server, words(&["stats", "--history=24h"])).await?,
        "day",
    ));
    let health = command(server, words(&["sub", "health"])).await?;
    let now = int(&health, "now");
    let mut breakers = Vec::new();
    let mut paused = Vec::new();
    let mut disabled = Vec::new();
    for s in rows(&health, "subscriptions") {
        let line = |detail: String| SubLine {
            id: text(&s, "subId"),
            client: text(&s, "clientId"),
            detail,
        };
        if text(&s["breaker"], "state") == "open" {
            breakers.push(line(format!(
                "{} failures in a row; probes {}",
                int(&s, "consecutiveFailures"),
                relative(int(&s["breaker"], "openUntil"), now)
            )));
        }
        match text(&s, "status").as_str() {
            "paused" => paused.push(line(text(&s, "transport"))),
            "disabled" => disabled.push(line(text(&s, "disabledReason"))),
            _ => {}
        }
    }
    let relay = match &server.relay {
        None => None,
        Some((from, table)) => {
            let status = command(
                server,
                vec![
                    "relay".into(),
                    "status".into(),
                    format!("--from={from}"),
                    format!("--table={table}"),
                ],
            )
            .await?;
            Some(RelayView {
                table: table.clone(),
                backlog: int(&status, "waiting"),
                lag: format!("{}s", int(&status, "oldestAgeSeconds")),
                rejected: int(&status, "rejected"),
                held: if status["running"] == true {
                    "a relay holds the table".to_owned()
                } else {
                    "no relay holds the table".to_owned()
                },
            })
        }
    };
    Ok(Overview {
        page,
        counts,
        oldest_ready,
        ready: get("outbox_ready"),
        scheduled: get("outbox_scheduled"),
        expired: get("outbox_expired_leases"),
        charts: all_charts,
        breakers,
        paused,
        disabled,
        relay,
    })
}
