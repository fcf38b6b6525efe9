//! The events, and one event with the deliveries it fanned out to.

use super::*;

pub struct EventRow {
    pub id: String,
    pub short: String,
    pub event_type: String,
    pub subject: String,
    pub source: String,
    pub target: String,
    pub status: String,
    pub fanned_out: usize,
    pub created_at: String,
    pub created_ago: String,
}

impl EventRow {
    fn of(e: &Value, now: i64) -> EventRow {
        let id = text(e, "eventId");
        EventRow {
            short: short(&id),
            id,
            event_type: text(e, "type"),
            subject: text(e, "subject"),
            source: text(e, "source"),
            target: text(e, "target"),
            status: text(e, "status"),
            fanned_out: e["subscriptions"].as_array().map_or(0, Vec::len),
            created_at: when(int(e, "createdAt")),
            created_ago: relative(int(e, "createdAt"), now),
        }
    }
}

#[derive(Template)]
#[template(path = "events.html")]
struct Events {
    page: Page,
    filter: Filter,
    rows: Vec<EventRow>,
    next: Option<String>,
    error: Option<String>,
}

pub async fn events(
    State(server): State<Arc<Server>>,
    headers: HeaderMap,
    RawQuery(query): RawQuery,
) -> Response {
    let page = Page::new(&server, &headers, "events");
    let fields = given_fields(query.as_deref());
    let answer = match line_for("listEvents", &fields) {
        Ok(line) => command(&server, line).await,
        Err(e) => Err(e),
    };
    let (list, error) = match answer {
        Ok(answer) => (rows(&answer, "events"), None),
        Err(e) if api_input(&e) => (Vec::new(), Some(e.to_string())),
        Err(e) => return failed(page, &e),
    };
    let now = (server.now)();
    let last = list.last().map(|e| text(e, "eventId"));
    let next = next_page(&server.base, "/events", &fields, last, list.len() >= 100);
    html(
        StatusCode::OK,
        &Events {
            page,
            filter: Filter::of(&fields),
            rows: list.iter().map(|e| EventRow::of(e, now)).collect(),
            next,
            error,
        },
    )
}

#[derive(Template)]
#[template(path = "event.html")]
struct EventPage {
    page: Page,
    e: EventRow,
    payload: String,
    deliveries: Vec<DeliveryRow>,
}

pub async fn event(
    State(server): State<Arc<Server>>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Response {
    let page = Page::new(&server, &headers, "events");
    let now = (server.now)();
    let got = match command(&server, vec!["event".into(), "get".into(), "--".into(), id]).await {
        Ok(got) => got,
        Err(e) => return failed(page, &e),
    };
    let e = &got["event"];
    let fanned = command(
        &server,
        vec![
            "delivery".into(),
            "list".into(),
            format!("--event={}", text(e, "eventId")),
            "--limit=500".into(),
        ],
    )
    .await;
    let deliveries = match fanned {
        Ok(list) => rows(&list, "deliveries")
            .iter()
            .map(|d| DeliveryRow::of(d, now))
            .collect(),
        Err(err) => return failed(page, &err),
    };
    html(
        StatusCode::OK,
        &EventPage {
            page,
            e: EventRow::of(e, now),
            payload: pretty(&e["payload"]),
            deliveries,
        },
    )
}
