//! `outbox serve`'s dashboard through HTTP: the pages show what the
//! commands answer, a filter lives in the URL, a bulk action asks with the
//! dry run's count before it acts, every form that writes is refused
//! without its CSRF token or from another origin, every page carries the
//! security headers, a read-only server shows no write control, and off
//! loopback a sign-in sets an HttpOnly, SameSite=Strict session cookie.
//! (`dev/check_dashboard.py` drives the same pages in headless Chromium.)

mod common;

use common::db::{Db, NOW};
use common::serve::{Served, serve};

/// Two clients' dead letters, a delivered and a queued delivery.
fn seeded(db: &Db) {
    db.sub(&["--types", "order.*", "--max-attempts", "1"]);
    let mut args = vec!["sub", "create", "--client", "audit", "--any-target"];
    args.extend(["--types", "order.*", "--max-attempts", "1"]);
    db.json(NOW, &args);
    for n in 0..3 {
        db.record(NOW, "order.created", &format!("order-{n}"));
    }
    for _ in 0..3 {
        let id = db.claim(NOW);
        db.fail(NOW, &id, &[]);
    }
    let id = db.claim(NOW);
    db.complete(NOW, &id);
}

/// The CSRF token the page's forms carry.
fn csrf_of(html: &str) -> String {
    let at = html
        .find("name=\"csrf\" value=\"")
        .expect("a form with a CSRF token")
        + 19;
    html[at..at + 64].to_owned()
}

fn form(served: &Served, path: &str, body: &str, headers: &[(&str, &str)]) -> common::serve::Reply {
    served.request(
        "POST",
        path,
        Some(("application/x-www-form-urlencoded", body)),
        headers,
    )
}

fn pages_show_what_the_commands_answer(db: Db) {
    seeded(&db);
    let served = serve(&db, None, &["--hide-payloads"]);
    let overview = served.get("/");
    assert_eq!(overview.status, 200);
    let stats = db.json(NOW, &["stats"]);
    for status in ["queued", "delivered", "failed"] {
        let count = stats["stats"]["byStatus"][status].as_i64().unwrap_or(0);
        let shown = format!("data-state=\"{status}\">\n    <span class=\"value\">{count}</span>");
        assert!(
            overview.body.contains(&shown),
            "{status} {count}:\n{}",
            overview.body
        );
    }
    let dead = db.json(NOW, &["delivery", "list", "--dead"])["count"]
        .as_i64()
        .unwrap();
    assert!(overview.body.contains(&format!(
        "<span class=\"value\">{dead}</span>\n    <span class=\"label\">dead letters"
    )));

    // A filter is the URL's: its fields are filled in again, and the rows
    // are what delivery list lists.
    let page = served.get("/deliveries?status=dead&client=billing");
    assert_eq!(page.status, 200);
    assert!(page.body.contains("<option value=\"dead\" selected>"));
    assert!(page.body.contains("name=\"client\" value=\"billing\""));
    let listed = db.json(NOW, &["delivery", "list", "--dead", "--client", "billing"]);
    for d in listed["deliveries"].as_array().unwrap() {
        let id = d["deliveryId"].as_str().unwrap();
        assert!(page.body.contains(&format!("value=\"{id}\"")), "{id}");
    }
    assert_eq!(
        page.body.matches("name=\"id\"").count(),
        listed["count"].as_u64().unwrap() as usize
    );
    // A malformed filter is said beside the form.
    let bad = served.get("/deliveries?since=yesterday-ish");
    assert_eq!(bad.status, 200);
    assert!(bad.body.contains("class=\"error\""), "{}", bad.body);

    // A delivery: its payload behind a click (--hide-payloads), its attempts.
    let id = listed["deliveries"][0]["deliveryId"].as_str().unwrap();
    let one = served.get(&format!("/deliveries/{id}"));
    assert_eq!(one.status, 200);
    assert!(
        one.body
            .contains("<details><summary>Show the payload</summary>")
    );
    assert!(one.body.contains("data-action=\"redrive\""));
    assert_eq!(served.get("/deliveries/delv_nope").status, 404);
    let event = db.json(NOW, &["delivery", "get", id])["delivery"]["eventId"]
        .as_str()
        .unwrap()
        .to_owned();
    assert_eq!(served.get(&format!("/events/{event}")).status, 200);
    assert_eq!(served.get("/events").status, 200);
    let sub = db.json(NOW, &["delivery", "get", id])["delivery"]["subId"]
        .as_str()
        .unwrap()
        .to_owned();
    let sub_page = served.get(&format!("/subscriptions/{sub}"));
    assert!(sub_page.body.contains("data-action=\"pause\""));
    assert_eq!(served.get("/subscriptions").status, 200);
}

test_on_both!(pages_show_what_the_commands_answer, "dashboard_pages");

fn a_bulk_action_asks_with_the_count_then_acts(db: Db) {
    seeded(&db);
    let served = serve(&db, None, &[]);
    let page = served.get("/deliveries?status=dead&client=billing");
    let csrf = csrf_of(&page.body);
    let dead = db.json(NOW, &["delivery", "list", "--dead", "--client", "billing"]);
    let count = dead["count"].as_i64().unwrap();
    assert!(count >= 1);
    let body = format!("csrf={csrf}&status=dead&client=billing&scope=matching&action=redrive");
    let asked = form(&served, "/deliveries/bulk", &body, &[]);
    assert_eq!(asked.status, 200, "{}", asked.body);
    assert!(
        asked.body.contains(&format!("data-count=\"{count}\"")),
        "{}",
        asked.body
    );
    assert_eq!(
        db.json(NOW, &["delivery", "list", "--dead"])["count"],
        3,
        "asking wrote nothing"
    );

    let confirmed = form(
        &served,
        "/deliveries/bulk",
        &format!("{body}&confirm=1"),
        &[],
    );
    assert_eq!(confirmed.status, 303, "{}", confirmed.body);
    assert_eq!(
        db.json(NOW, &["delivery", "list", "--dead", "--client", "billing"])["count"],
        0
    );
    // The other client's dead letters stay: only the filter's went.
    assert_eq!(
        db.json(NOW, &["delivery", "list", "--dead"])["count"],
        3 - count
    );
}

test_on_both!(
    a_bulk_action_asks_with_the_count_then_acts,
    "dashboard_bulk"
);

#[test]
fn forms_without_their_csrf_token_or_from_elsewhere_are_refused() {
    let db = Db::sqlite();
    seeded(&db);
    let served = serve(&db, None, &[]);
    let before = db.state();
    let dead = db.json(NOW, &["delivery", "list", "--dead"]);
    let id = dead["deliveries"][0]["deliveryId"].as_str().unwrap();
    let csrf = csrf_of(&served.get("/deliveries").body);
    let path = format!("/deliveries/{id}/redrive");
    for (body, headers) in [
        (String::new(), vec![]),
        ("csrf=0000".to_owned(), vec![]),
        (
            format!("csrf={csrf}"),
            vec![("origin", "https://evil.example")],
        ),
        (
            format!("csrf={csrf}"),
            vec![("sec-fetch-site", "cross-site")],
        ),
    ] {
        let reply = form(&served, &path, &body, &headers);
        assert_eq!(reply.status, 403, "{body} {headers:?}: {}", reply.body);
    }
    assert_eq!(db.state(), before, "nothing written");
    let done = form(&served, &path, &format!("csrf={csrf}"), &[]);
    assert_eq!(done.status, 303);
    let chain = db.json(NOW, &["delivery", "chain", id]);
    assert_eq!(chain["count"], 2, "{chain}");
    assert_eq!(chain["deliveries"][1]["status"], "queued");
}

#[test]
fn every_page_carries_the_security_headers() {
    let db = Db::sqlite();
    seeded(&db);
    let served = serve(&db, None, &[]);
    let agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .new_agent();
    for path in [
        "/",
        "/deliveries",
        "/events",
        "/subscriptions",
        "/deliveries/delv_nope",
    ] {
        let reply = agent.get(format!("{}{path}", served.base)).call().unwrap();
        let header = |name: &str| {
            reply
                .headers()
                .get(name)
                .and_then(|v| v.to_str().ok())
                .unwrap_or("")
                .to_owned()
        };
        let csp = header("content-security-policy");
        assert!(
            csp.contains("script-src 'self'") && !csp.contains("unsafe-inline"),
            "{path}: {csp}"
        );
        assert!(csp.contains("frame-ancestors 'none'"), "{path}: {csp}");
        assert_eq!(header("x-frame-options"), "DENY", "{path}");
        assert_eq!(header("referrer-policy"), "same-origin", "{path}");
        assert_eq!(header("cache-control"), "no-store", "{path}");
    }
}

#[test]
fn a_read_only_server_shows_no_write_control() {
    let db = Db::sqlite();
    seeded(&db);
    let served = serve(&db, None, &["--read-only"]);
    let dead = db.json(NOW, &["delivery", "list", "--dead"]);
    let id = dead["deliveries"][0]["deliveryId"].as_str().unwrap();
    let sub = dead["deliveries"][0]["subId"].as_str().unwrap();
    for path in [
        "/deliveries".to_owned(),
        format!("/deliveries/{id}"),
        format!("/subscriptions/{sub}"),
    ] {
        let page = served.get(&path);
        assert_eq!(page.status, 200);
        assert!(!page.body.contains("data-action="), "{path}");
        assert!(!page.body.contains("name=\"scope\""), "{path}");
    }
    let reply = form(&served, &format!("/deliveries/{id}/redrive"), "", &[]);
    assert_eq!(reply.status, 403);
}

#[test]
fn off_loopback_pages_need_a_sign_in() {
    let db = Db::sqlite();
    seeded(&db);
    let served = serve(&db, Some("s3cret-token"), &[]);
    let agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .max_redirects(0)
        .build()
        .new_agent();
    let away = agent
        .get(format!("{}/deliveries?status=dead", served.base))
        .call()
        .unwrap();
    assert_eq!(away.status().as_u16(), 303);
    let to = away
        .headers()
        .get("location")
        .unwrap()
        .to_str()
        .unwrap()
        .to_owned();
    assert!(to.starts_with("/signin?next=%2Fdeliveries"), "{to}");

    let wrong = agent
        .post(format!("{}/signin", served.base))
        .content_type("application/x-www-form-urlencoded")
        .send("token=nope&next=%2Fdeliveries")
        .unwrap();
    assert_eq!(wrong.status().as_u16(), 401);
    assert!(wrong.headers().get("set-cookie").is_none());
    let right = agent
        .post(format!("{}/signin", served.base))
        .content_type("application/x-www-form-urlencoded")
        .send("token=s3cret-token&next=%2Fdeliveries")
        .unwrap();
    assert_eq!(right.status().as_u16(), 303);
    assert_eq!(right.headers().get("location").unwrap(), "/deliveries");
    let cookie = right
        .headers()
        .get("set-cookie")
        .unwrap()
        .to_str()
        .unwrap()
        .to_owned();
    assert!(
        cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"),
        "{cookie}"
    );
    assert!(
        !cookie.contains("s3cret-token"),
        "the cookie is not the token"
    );
    let session = cookie.split(';').next().unwrap().to_owned();
    let page = agent
        .get(format!("{}/deliveries", served.base))
        .header("cookie", &session)
        .call()
        .unwrap();
    assert_eq!(page.status().as_u16(), 200);
    // The cookie is the dashboard's: the API still wants the bearer token.
    let api = agent
        .get(format!("{}/api/v1/stats", served.base))
        .header("cookie", &session)
        .call()
        .unwrap();
    assert_eq!(api.status().as_u16(), 401);
    // A sign-in never sends anyone elsewhere.
    let elsewhere = agent
        .post(format!("{}/signin", served.base))
        .content_type("application/x-www-form-urlencoded")
        .send("token=s3cret-token&next=https%3A%2F%2Fevil.example%2F")
        .unwrap();
    assert_eq!(elsewhere.headers().get("location").unwrap(), "/");
}
