//! The breaker, the rate window and the disable rule, without a store.

use super::*;

fn webhook(breaker: Option<u32>) -> Protection {
    Protection {
        rate: None,
        max_in_flight: None,
        breaker,
        disable_after: Some(5 * 86_400),
    }
}

fn failed() -> Attempt {
    Attempt::Failed {
        error: "500".into(),
        pause_until: None,
        gone: false,
    }
}

fn gate(h: &Health, p: &Protection, now: i64) -> Gate {
    h.gate(p, false, now, now * 1000, &mut || Ok(0)).unwrap()
}

#[test]
fn the_breaker_opens_after_its_failures_probes_and_closes() {
    let p = webhook(Some(3));
    let mut h = Health::new("s");
    for (i, now) in [100, 101].into_iter().enumerate() {
        h.record(&p, &format!("d{i}"), &failed(), now);
        // Failing, no more go out at once than would open it.
        let room = 2 - i as i64;
        assert_eq!(gate(&h, &p, now), Gate::Room { room, probe: false });
    }
    h.record(&p, "d2", &failed(), 102);
    assert_eq!(h.open_until, 102 + COOL_DOWN);
    assert_eq!(
        gate(&h, &p, 150),
        Gate::Shut {
            until: Some(162_000),
            paced: false
        }
    );
    assert_eq!(h.breaker(&p, 150), BreakerState::Open);
    // Cool-down over: one probe, and none beside it while it is out.
    assert_eq!(
        gate(&h, &p, 162),
        Gate::Room {
            room: 1,
            probe: true
        }
    );
    h.claimed(&p, 1, 162_000, Some(("probe", 222)));
    assert_eq!(
        gate(&h, &p, 170),
        Gate::Shut {
            until: Some(222_000),
            paced: false
        }
    );
    // A late failure of an attempt sent before the trip is no probe.
    h.record(&p, "d3", &failed(), 171);
    assert_eq!(h.open_until, 162);
    // The probe fails: open again, for twice as long.
    h.record(&p, "probe", &failed(), 172);
    assert_eq!((h.trips, h.open_until), (2, 172 + 2 * COOL_DOWN));
    assert_eq!(h.breaker(&p, 173), BreakerState::Open);
    h.record(&p, "probe2", &Attempt::Succeeded, 400);
    assert_eq!(h.breaker(&p, 400), BreakerState::Closed);
    assert_eq!(
        (h.failures, h.trips, h.failing_since, h.last_success_at),
        (0, 0, 0, 400)
    );
    assert!(!h.guards());
    assert_eq!(gate(&h, &p, 400), Gate::Open);
}

#[test]
fn until_a_first_success_no_more_go_out_at_once_than_would_open_the_breaker() {
    let p = webhook(Some(5));
    let mut h = Health::new("s");
    h.breaker = 5;
    assert!(h.guards(), "a new endpoint is read by every claim");
    let with = |h: &Health, n: i64| h.gate(&p, false, 10, 10_000, &mut || Ok(n)).unwrap();
    assert_eq!(
        with(&h, 0),
        Gate::Room {
            room: 5,
            probe: false
        }
    );
    assert_eq!(
        with(&h, 5),
        Gate::Shut {
            until: Some(10_100),
            paced: true
        }
    );
    h.record(&p, "a", &Attempt::Succeeded, 11);
    assert!(!h.guards());
    assert_eq!(h.breaker, 5, "kept through a success");
    assert_eq!(with(&h, 30), Gate::Open);
    h.record(&p, "b", &failed(), 12);
    assert_eq!(
        with(&h, 30),
        Gate::Shut {
            until: Some(10_100),
            paced: true
        }
    );
    assert_eq!(
        with(&h, 1),
        Gate::Room {
            room: 3,
            probe: false
        }
    );
}

#[test]
fn cool_downs_double_up_to_an_hour() {
    let downs: Vec<i64> = (1..=8).map(cool_down).collect();
    assert_eq!(downs, [60, 120, 240, 480, 960, 1920, 3600, 3600]);
}

#[test]
fn without_a_breaker_failures_hold_nothing_back() {
    let p = webhook(None);
    let mut h = Health::new("s");
    for i in 0..20 {
        h.record(&p, &format!("d{i}"), &failed(), 100 + i);
    }
    assert_eq!((h.failures, h.open_until), (20, 0));
    assert_eq!(gate(&h, &p, 200), Gate::Open);
    assert_eq!(h.breaker(&p, 200), BreakerState::Off);
}

#[test]
fn retry_after_pauses_the_whole_subscription() {
    let p = webhook(None);
    let mut h = Health::new("s");
    let pause = Attempt::Failed {
        error: "429".into(),
        pause_until: Some(160),
        gone: false,
    };
    h.record(&p, "d", &pause, 100);
    assert!(h.guards());
    assert_eq!(
        gate(&h, &p, 159),
        Gate::Shut {
            until: Some(160_000),
            paced: false
        }
    );
    assert_eq!(gate(&h, &p, 160), Gate::Open);
}

#[test]
fn failing_for_the_whole_span_disables_and_a_success_in_between_does_not() {
    let p = Protection {
        disable_after: Some(1000),
        ..webhook(None)
    };
    let mut h = Health::new("s");
    assert_eq!(h.record(&p, "a", &failed(), 100), None);
    assert_eq!(h.record(&p, "b", &failed(), 1099), None);
    h.record(&p, "c", &Attempt::Succeeded, 1100);
    assert_eq!(h.record(&p, "d", &failed(), 1200), None);
    assert_eq!(h.record(&p, "e", &failed(), 2199), None);
    let reason = h.record(&p, "f", &failed(), 2200).expect("disabled");
    assert!(reason.contains("16m40s"), "{reason}");
    assert_eq!(h.disabled_at, 2200);
    assert_eq!(h.disabled_reason, reason);
    // Said once; a disabled subscription's gate is shut.
    assert_eq!(h.record(&p, "g", &failed(), 2300), None);
    assert_eq!(
        h.gate(&p, true, 2300, 2_300_000, &mut || Ok(0)).unwrap(),
        Gate::Shut {
            until: None,
            paced: false
        }
    );
    h.reset();
    assert!(h.is_blank());
    let never = Protection {
        disable_after: None,
        ..p
    };
    assert_eq!(h.record(&never, "h", &failed(), 0), None);
    assert_eq!(h.record(&never, "i", &failed(), 1_000_000_000), None);
}

#[test]
fn a_gone_receiver_disables_at_once() {
    let p = webhook(None);
    let mut h = Health::new("s");
    let gone = Attempt::Failed {
        error: "410".into(),
        pause_until: None,
        gone: true,
    };
    assert!(h.record(&p, "d", &gone, 100).unwrap().contains("410 Gone"));
}

#[test]
fn the_rate_counts_claims_of_the_last_period_only() {
    let p = Protection {
        rate: Some("5/s".parse().unwrap()),
        ..webhook(None)
    };
    let mut h = Health::new("s");
    let at = |h: &Health, ms: i64| h.gate(&p, false, ms / 1000, ms, &mut || Ok(0)).unwrap();
    assert_eq!(
        at(&h, 10_000),
        Gate::Room {
            room: 5,
            probe: false
        }
    );
    h.claimed(&p, 3, 10_000, None);
    h.claimed(&p, 2, 10_400, None);
    // Each claim counts for its second and a fiftieth more.
    assert_eq!(
        at(&h, 11_019),
        Gate::Shut {
            until: Some(11_020),
            paced: true
        }
    );
    assert_eq!(
        at(&h, 11_020),
        Gate::Room {
            room: 3,
            probe: false
        }
    );
    assert_eq!(
        at(&h, 11_420),
        Gate::Room {
            room: 5,
            probe: false
        }
    );
}

#[test]
fn the_rate_window_stays_small_and_never_lets_more_through() {
    let p = Protection {
        rate: Some("1000/h".parse().unwrap()),
        ..webhook(None)
    };
    let mut h = Health::new("s");
    // A claim every 3 s for an hour: 1000 of them, each of one delivery.
    let mut sent = Vec::new();
    let mut ms = 0;
    while ms < 3_600_000 {
        if let Gate::Room { .. } = h.gate(&p, false, 0, ms, &mut || Ok(0)).unwrap() {
            h.claimed(&p, 1, ms, None);
            sent.push(ms);
        }
        assert!(h.window.len() <= WINDOW_ENTRIES);
        ms += 3000;
    }
    // Exact while the window is young, conservative once it merges.
    assert!(sent.len() <= 1000 && sent.len() >= 900, "{}", sent.len());
    for (i, start) in sent.iter().enumerate() {
        let within = sent[i..]
            .iter()
            .take_while(|t| **t < start + 3_672_000)
            .count();
        assert!(within <= 1000);
    }
}

#[test]
fn the_in_flight_cap_leaves_the_room_under_it() {
    let p = Protection {
        max_in_flight: Some(3),
        ..webhook(None)
    };
    let h = Health::new("s");
    let with = |n: i64| h.gate(&p, false, 0, 0, &mut || Ok(n)).unwrap();
    assert_eq!(
        with(1),
        Gate::Room {
            room: 2,
            probe: false
        }
    );
    assert_eq!(
        with(3),
        Gate::Shut {
            until: Some(100),
            paced: true
        }
    );
}

#[test]
fn spans_read_as_units() {
    assert_eq!(span(432_000), "5d");
    assert_eq!(span(5400), "1h30m");
    assert_eq!(span(0), "0s");
}
