//! The subscriptions, and one with its settings, health and actions.

use super::*;

pub struct SubRow {
    pub id: String,
    pub short: String,
    pub client: String,
    pub types: String,
    pub target: String,
    pub transport: String,
    pub endpoint: String,
    pub status: String,
    pub breaker: String,
}

impl SubRow {
    fn of(s: &Value, health: Option<&Value>) -> SubRow {
        let id = text(s, "subId");
        let types: Vec<String> = s["eventTypes"]
            .as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|t| t.as_str().map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default();
        SubRow {
            short: short(&id),
            id,
            client: text(s, "clientId"),
            types: types.join(", "),
            target: match text(s, "target") {
                t if t.is_empty() => "any".to_owned(),
                t => t,
            },
            transport: text(s, "transport"),
            endpoint: text(s, "endpoint"),
            status: text(s, "status"),
            breaker: health.map_or_else(String::new, |h| text(&h["breaker"], "state")),
        }
    }
}

#[derive(Template)]
#[template(path = "subscriptions.html")]
struct Subscriptions {
    page: Page,
    filter: Filter,
    statuses: Vec<(&'static str, &'static str)>,
    rows: Vec<SubRow>,
    next: Option<String>,
    error: Option<String>,
}

pub async fn subscriptions(
    State(server): State<Arc<Server>>,
    headers: HeaderMap,
    RawQuery(query): RawQuery,
) -> Response {
    let page = Page::new(&server, &headers, "subscriptions");
    let fields = given_fields(query.as_deref());
    let answer = match line_for("listSubscriptions", &fields) {
        Ok(line) => command(&server, line).await,
        Err(e) => Err(e),
    };
    let (list, error) = match answer {
        Ok(answer) => (rows(&answer, "subscriptions"), None),
        Err(e) if api_input(&e) => (Vec::new(), Some(e.to_string())),
        Err(e) => return failed(page, &e),
    };
    let health = match command(&server, words(&["sub", "health"])).await {
        Ok(health) => rows(&health, "subscriptions"),
        Err(e) => return failed(page, &e),
    };
    let by_id: HashMap<String, &Value> = health.iter().map(|h| (text(h, "subId"), h)).collect();
    let last = list.last().map(|s| text(s, "subId"));
    let next = next_page(
        &server.base,
        "/subscriptions",
        &fields,
        last,
        list.len() >= 100,
    );
    html(
        StatusCode::OK,
        &Subscriptions {
            page,
            filter: Filter::of(&fields),
            statuses: vec![
                ("", "any"),
                ("active", "active"),
                ("paused", "paused"),
                ("disabled", "disabled"),
            ],
            rows: list
                .iter()
                .map(|s| SubRow::of(s, by_id.get(&text(s, "subId")).copied()))
                .collect(),
            next,
            error,
        },
    )
}

#[derive(Template)]
#[template(path = "subscription.html")]
pub struct SubscriptionPage {
    page: Page,
    s: SubRow,
    actions: Vec<(&'static str, &'static str)>,
    settings: Vec<(String, String)>,
    health: Vec<(String, String)>,
    test_result: String,
}

pub async fn subscription(
    State(server): State<Arc<Server>>,
    headers: HeaderMap,
    Path(id): Path<String>,
    RawQuery(query): RawQuery,
) -> Response {
    let mut page = Page::new(&server, &headers, "subscriptions");
    page.notice = crate::serve::pages::actions::notice(&given_fields(query.as_deref()));
    subscription_page(&server, page, &id, String::new()).await
}

/// A subscription's page, with what a test event just got when one was sent.
pub async fn subscription_page(
    server: &Server,
    page: Page,
    id: &str,
    test_result: String,
) -> Response {
    let got = match command(
        server,
        vec!["sub".into(), "get".into(), "--".into(), id.into()],
    )
    .await
    {
        Ok(got) => got,
        Err(e) => return failed(page, &e),
    };
    let s = &got["subscription"];
    let sub_id = text(s, "subId");
    let health = match command(
        server,
        vec!["sub".into(), "health".into(), "--".into(), sub_id.clone()],
    )
    .await
    {
        Ok(h) => rows(&h, "subscriptions")
            .into_iter()
            .next()
            .unwrap_or(Value::Null),
        Err(e) => return failed(page, &e),
    };
    let now = (server.now)();
    let mut settings = Vec::new();
    let meta = &s["meta"];
    for (label, value) in [
        ("Retry policy", &meta["retry"]),
        ("Ordering", &meta["ordering"]),
        ("Protection", &meta["protection"]),
        ("Envelope", &meta["envelope"]),
        ("Filters", &s["filters"]),
    ] {
        let shown = match value {
            Value::Null => continue,
            Value::Object(o) if o.is_empty() => continue,
            Value::String(t) => t.clone(),
            other => other.to_string(),
        };
        settings.push((label.to_owned(), shown));
    }
    let breaker = &health["breaker"];
    let mut facts: Vec<(String, String)> = vec![
        (
            "Breaker".into(),
            match text(breaker, "state").as_str() {
                "open" => format!("open, probes {}", relative(int(breaker, "openUntil"), now)),
                state => state.to_owned(),
            },
        ),
        (
            "Failures in a row".into(),
            int(&health, "consecutiveFailures").to_string(),
        ),
        (
            "Last success".into(),
            match int(&health, "lastSuccessAt") {
                0 => "never".into(),
                at => format!("{} ({})", timestamp(at), relative(at, now)),
            },
        ),
        ("Last error".into(), text(&health, "lastError")),
        (
            "In flight".into(),
            match &health["maxInFlight"] {
                Value::Null => int(&health, "inFlight").to_string(),
                cap => format!("{} of {cap}", int(&health, "inFlight")),
            },
        ),
        (
            "Rate".into(),
            match &health["rate"] {
                Value::Null => "no limit".into(),
                rate => rate.to_string(),
            },
        ),
    ];
    if int(&health, "pausedUntil") > now {
        facts.push((
            "Paused by the receiver until".into(),
            timestamp(int(&health, "pausedUntil")),
        ));
    }
    if !text(&health, "disabledReason").is_empty() {
        facts.push(("Disabled because".into(), text(&health, "disabledReason")));
    }
    let row = SubRow::of(s, Some(&health));
    let mut actions = Vec::new();
    match row.status.as_str() {
        "active" => actions.push(("pause", "Pause")),
        _ => actions.push(("resume", "Resume")),
    }
    if !matches!(row.transport.as_str(), "poll") {
        actions.push(("test", "Send a test event"));
    }
    html(
        StatusCode::OK,
        &SubscriptionPage {
            page,
            s: row,
            actions,
            settings,
            health: facts,
            test_result,
        },
    )
}
