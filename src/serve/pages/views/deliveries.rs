//! The deliveries: a filtered, paged table with its bulk form, and one
//! delivery with its event and every attempt of its chain.

use super::*;

/// The filters a bulk action carries: every field but the page's.
pub const BULK_FIELDS: [&str; 9] = [
    "status",
    "client",
    "sub",
    "event",
    "transport",
    "type",
    "subject",
    "since",
    "until",
];

#[derive(Template)]
#[template(path = "deliveries.html")]
struct Deliveries {
    page: Page,
    filter: Filter,
    filter_fields: Vec<(String, String)>,
    statuses: Vec<(&'static str, &'static str)>,
    transports: Vec<(&'static str, &'static str)>,
    rows: Vec<DeliveryRow>,
    next: Option<String>,
    error: Option<String>,
}

const STATUSES: [(&str, &str); 8] = [
    ("", "any"),
    ("queued", "queued"),
    ("claimed", "claimed"),
    ("delivered", "delivered"),
    ("failed", "failed"),
    ("canceled", "canceled"),
    ("dead", "dead letters"),
    ("waiting", "waiting behind a subject"),
];

const TRANSPORTS: [(&str, &str); 9] = [
    ("", "any"),
    ("poll", "poll"),
    ("webhook", "webhook"),
    ("a2a", "a2a"),
    ("mcp", "mcp"),
    ("nats", "nats"),
    ("amqp", "amqp"),
    ("mqtt", "mqtt"),
    ("redis", "redis"),
];

pub async fn deliveries(
    State(server): State<Arc<Server>>,
    headers: HeaderMap,
    RawQuery(query): RawQuery,
) -> Response {
    let mut page = Page::new(&server, &headers, "deliveries");
    let fields = given_fields(query.as_deref());
    page.notice = crate::serve::pages::actions::notice(&fields);
    let fields: Vec<_> = fields
        .into_iter()
        .filter(|(k, _)| !["done", "count", "skipped"].contains(&k.as_str()))
        .collect();
    let now = (server.now)();
    let answer = match line_for("listDeliveries", &fields) {
        Ok(line) => command(&server, line).await,
        Err(e) => Err(e),
    };
    let (rows, error) = match answer {
        Ok(answer) => (rows(&answer, "deliveries"), None),
        Err(e) if api_input(&e) => (Vec::new(), Some(e.to_string())),
        Err(e) => return failed(page, &e),
    };
    let limit = fields
        .iter()
        .find(|(k, _)| k == "limit")
        .and_then(|(_, v)| v.parse::<usize>().ok())
        .unwrap_or(100);
    let last = rows.last().map(|d| text(d, "deliveryId"));
    let next = next_page(
        &server.base,
        "/deliveries",
        &fields,
        last,
        rows.len() >= limit,
    );
    let filter_fields = fields
        .iter()
        .filter(|(k, _)| BULK_FIELDS.contains(&k.as_str()))
        .cloned()
        .collect();
    html(
        StatusCode::OK,
        &Deliveries {
            page,
            filter: Filter::of(&fields),
            filter_fields,
            statuses: STATUSES.to_vec(),
            transports: TRANSPORTS.to_vec(),
            rows: rows.iter().map(|d| DeliveryRow::of(d, now)).collect(),
            next,
            error,
        },
    )
}

pub struct Attempt {
    pub id: String,
    pub short: String,
    pub attempt: i64,
    pub status: String,
    pub created_at: String,
    pub claimed_at: String,
    pub claimed_by: String,
    pub lease_until: String,
    pub finished_at: String,
    pub last_error: String,
    pub response: String,
}

#[derive(Template)]
#[template(path = "delivery.html")]
struct DeliveryPage {
    page: Page,
    d: DeliveryRow,
    actions: Vec<(&'static str, &'static str)>,
    payload: String,
    chain: Vec<Attempt>,
}

pub async fn delivery(
    State(server): State<Arc<Server>>,
    headers: HeaderMap,
    Path(id): Path<String>,
    RawQuery(query): RawQuery,
) -> Response {
    let mut page = Page::new(&server, &headers, "deliveries");
    page.notice = crate::serve::pages::actions::notice(&given_fields(query.as_deref()));
    let frame = page.clone();
    match delivery_page(&server, page, &id).await {
        Ok(view) => html(StatusCode::OK, &view),
        Err(e) => failed(frame, &e),
    }
}

async fn delivery_page(server: &Server, page: Page, id: &str) -> Result<DeliveryPage, Error> {
    let now = (server.now)();
    let got = command(
        server,
        vec!["delivery".into(), "get".into(), "--".into(), id.into()],
    )
    .await?;
    let d = &got["delivery"];
    let chain = command(
        server,
        vec![
            "delivery".into(),
            "chain".into(),
            "--".into(),
            text(d, "deliveryId"),
        ],
    )
    .await?;
    let event = command(
        server,
        vec![
            "event".into(),
            "get".into(),
            "--".into(),
            text(d, "eventId"),
        ],
    )
    .await;
    let payload = match &event {
        Ok(e) => pretty(&e["event"]["payload"]),
        Err(e) => format!("(the event could not be read: {e})"),
    };
    let attempts = rows(&chain, "deliveries");
    let latest = attempts
        .iter()
        .map(|a| int(a, "attempt"))
        .max()
        .unwrap_or(0);
    let status = text(d, "status");
    let is_latest = int(d, "attempt") >= latest;
    let mut actions = Vec::new();
    if status == "failed" && is_latest {
        actions.push(("redrive", "Redrive: one more attempt"));
    }
    if matches!(status.as_str(), "delivered" | "failed" | "canceled") && is_latest {
        actions.push(("replay", "Replay"));
    }
    if matches!(status.as_str(), "queued" | "claimed" | "failed") {
        actions.push(("cancel", "Cancel"));
    }
    let chain = attempts
        .iter()
        .map(|a| {
            let id = text(a, "deliveryId");
            let finished = int(a, "deliveredAt").max(if text(a, "status") == "failed" {
                int(a, "updatedAt")
            } else {
                0
            });
            Attempt {
                short: short(&id),
                id,
                attempt: int(a, "attempt"),
                status: text(a, "status"),
                created_at: when(int(a, "createdAt")),
                claimed_at: when(int(a, "claimedAt")),
                claimed_by: text(a, "claimedBy"),
                lease_until: when(int(a, "leaseExpiresAt")),
                finished_at: when(finished),
                last_error: text(a, "lastError"),
                response: if a["meta"]["response"].is_null() {
                    String::new()
                } else {
                    pretty(&a["meta"]["response"])
                },
            }
        })
        .collect();
    Ok(DeliveryPage {
        page,
        d: DeliveryRow::of(d, now),
        actions,
        payload,
        chain,
    })
}
