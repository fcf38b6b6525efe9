//! The breaker, the rate window and the disable rule, without a store.

use super::*;
use crate::core::settings::protection::COOL_DOWN;

fn webhook(breaker: Option<u32>) -> Protection {
    Protection {
        rate: None,
        max_in_flight: None,
        breaker,
        disable_after: Some(5 * 86_400),
        ..Protection::default()
    }
}

fn failed() -> Attempt {
    Attempt::Failed {
        error: "500".into(),
        pause_until: None,
        gone: false,
    }
}

/// A claim at `ms` whose sends can start `lead` later.
fn at_ms(ms: i64, lead: i64) -> ClaimTime {
    ClaimTime {
        now: ms / 1000,
        now_ms: ms,
        lead_ms: lead,
    }
}

fn gate(h: &Health, p: &Protection, now: i64) -> Gate {
    h.gate(p, false, ClaimTime::at(now), &mut || Ok(0)).unwrap()
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
    h.claimed(&p, 1, ClaimTime::at(162), Some(("probe", 222)));
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
    // A late success of an attempt sent before the trip closes nothing.
    h.record(&p, "d4", &Attempt::Succeeded, 174);
    assert_eq!(h.breaker(&p, 175), BreakerState::Open);
    assert_eq!((h.trips, h.last_success_at), (2, 174));
    h.claimed(&p, 1, ClaimTime::at(300), Some(("probe2", 360)));
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
    let with = |h: &Health, n: i64| h.gate(&p, false, ClaimTime::at(10), &mut || Ok(n)).unwrap();
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
        h.gate(&p, true, ClaimTime::at(2300), &mut || Ok(0))
            .unwrap(),
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

/// A worker claiming one at a time whenever the gate lets it, from `ms`
/// every `step` ms until `until`, its sends `lead` after each claim: the
/// slots it was given.
fn claim_as_let(
    h: &mut Health,
    p: &Protection,
    mut ms: i64,
    step: i64,
    until: i64,
    lead: i64,
) -> Vec<i64> {
    let mut slots = Vec::new();
    while ms < until {
        if let Gate::Room { .. } = h.gate(p, false, at_ms(ms, lead), &mut || Ok(0)).unwrap() {
            slots.extend(h.claimed(p, 1, at_ms(ms, lead), None));
        }
        ms += step;
    }
    slots
}

/// The most of `slots` (in order) within any `span` ms.
fn most_within(slots: &[i64], span: i64) -> usize {
    (0..slots.len())
        .map(|i| {
            slots[i..]
                .iter()
                .take_while(|t| **t < slots[i] + span)
                .count()
        })
        .max()
        .unwrap_or(0)
}

#[test]
fn sends_get_evenly_spaced_slots_and_the_window_keeps_the_limit() {
    let p = Protection {
        rate: Some("5/s".parse().unwrap()),
        ..webhook(None)
    };
    let mut h = Health::new("s");
    let gate = |h: &Health, ms: i64| h.gate(&p, false, at_ms(ms, 0), &mut || Ok(0)).unwrap();
    // Each send counts for its second and a fiftieth more, shared out
    // evenly: one every 204 ms. A claim takes those due within 100 ms.
    assert_eq!(
        gate(&h, 10_000),
        Gate::Room {
            room: 1,
            probe: false
        }
    );
    assert_eq!(h.claimed(&p, 1, at_ms(10_000, 0), None), vec![10_000]);
    assert_eq!(
        gate(&h, 10_000),
        Gate::Shut {
            until: Some(10_104),
            paced: true
        }
    );
    assert_eq!(
        gate(&h, 10_104),
        Gate::Room {
            room: 1,
            probe: false
        }
    );
    assert_eq!(h.claimed(&p, 1, at_ms(10_104, 0), None), vec![10_204]);
    assert_eq!(h.used(p.rate.unwrap(), 10_204), 2);

    // Claiming as often as it may for a minute: never closer than the
    // spacing, never more than 5 within any 1,020 ms, 5 per 1.02 s on
    // average.
    let slots = claim_as_let(&mut h, &p, 10_105, 1, 70_000, 0);
    assert!(slots.windows(2).all(|w| w[1] - w[0] >= 204), "{slots:?}");
    assert_eq!(most_within(&slots, 1020), 5);
    assert!((290..=295).contains(&slots.len()), "{}", slots.len());
}

#[test]
fn spacing_that_falls_between_milliseconds_keeps_the_average_exact() {
    // 50/s: one every 20.4 ms, so 20 or 21 apart; the 51st send goes out
    // exactly one window (1,020 ms) after the first.
    let p = Protection {
        rate: Some("50/s".parse().unwrap()),
        ..webhook(None)
    };
    let mut h = Health::new("s");
    let slots = claim_as_let(&mut h, &p, 0, 1, 3_000, 0);
    assert!(slots.windows(2).all(|w| [20, 21].contains(&(w[1] - w[0]))));
    assert_eq!(slots[50], 1020);
    assert_eq!(slots[100], 2040);
    assert_eq!(most_within(&slots, 1020), 50);
    assert_eq!(h.used(p.rate.unwrap(), *slots.last().unwrap()), 50);
}

#[test]
fn at_the_pace_claims_come_a_lead_before_their_slots() {
    let p = Protection {
        rate: Some("5/s".parse().unwrap()),
        ..webhook(None)
    };
    let mut h = Health::new("s");
    let gate = |h: &Health, ms, lead| h.gate(&p, false, at_ms(ms, lead), &mut || Ok(0)).unwrap();
    // After a window with no send, the first waits out the claim's lead
    // (300 ms for this worker's claims to become sends).
    assert_eq!(h.claimed(&p, 1, at_ms(10_000, 300), None), vec![10_300]);
    // At its pace, the next goes at its slot (204 ms on), claimed up to the
    // lead and 100 ms before it.
    assert_eq!(
        gate(&h, 10_110, 300),
        Gate::Room {
            room: 1,
            probe: false
        }
    );
    assert_eq!(h.claimed(&p, 1, at_ms(10_110, 300), None), vec![10_504]);
    // A quicker worker claims the next one its own lead and 100 ms before
    // it (10_708), not sooner; slots never go back.
    assert_eq!(
        gate(&h, 10_200, 10),
        Gate::Shut {
            until: Some(10_598),
            paced: true
        }
    );
    assert_eq!(
        gate(&h, 10_598, 10),
        Gate::Room {
            room: 1,
            probe: false
        }
    );
    assert_eq!(h.claimed(&p, 1, at_ms(10_598, 10), None), vec![10_708]);
    // Fallen behind its pace, with sends in the last window: at once.
    assert_eq!(h.claimed(&p, 1, at_ms(11_000, 300), None), vec![11_000]);
    // After a quiet window, the lead again.
    assert_eq!(h.claimed(&p, 1, at_ms(20_000, 300), None), vec![20_300]);
    // At 1000/s (one every 1.02 ms) a claim takes those within its lead
    // and 100 ms.
    let p = Protection {
        rate: Some("1000/s".parse().unwrap()),
        ..webhook(None)
    };
    let h = Health::new("s");
    assert_eq!(
        h.gate(&p, false, at_ms(0, 5), &mut || Ok(0)).unwrap(),
        Gate::Room {
            room: 99,
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
    // Two hours of a claim whenever one may go, checked every 100 ms.
    let mut slots = Vec::new();
    let mut ms = 0;
    while ms < 7_200_000 {
        if let Gate::Room { .. } = h.gate(&p, false, at_ms(ms, 0), &mut || Ok(0)).unwrap() {
            slots.extend(h.claimed(&p, 1, at_ms(ms, 0), None));
        }
        assert!(h.window.len() <= WINDOW_ENTRIES);
        ms += 100;
    }
    assert!(slots.windows(2).all(|w| w[1] - w[0] >= 3672));
    assert!(most_within(&slots, 3_672_000) <= 1000);
    assert!(slots.len() >= 1900, "{}", slots.len());
}

#[test]
fn the_in_flight_cap_leaves_the_room_under_it() {
    let p = Protection {
        max_in_flight: Some(3),
        ..webhook(None)
    };
    let h = Health::new("s");
    let with = |n: i64| h.gate(&p, false, at_ms(0, 0), &mut || Ok(n)).unwrap();
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

#[test]
fn a_success_does_not_end_a_pause_the_receiver_asked_for() {
    let p = webhook(Some(5));
    let mut h = Health::new("s");
    let paused = Attempt::Failed {
        error: "HTTP 429".to_owned(),
        pause_until: Some(220),
        gone: false,
    };
    h.record(&p, "d1", &paused, 100);
    // The other request in flight succeeds after the 429.
    h.record(&p, "d2", &Attempt::Succeeded, 101);
    assert_eq!(h.paused_until, 220);
    assert_eq!(
        gate(&h, &p, 150),
        Gate::Shut {
            until: Some(220_000),
            paced: false
        }
    );
    // Once its time has come, a success clears it.
    h.record(&p, "d3", &Attempt::Succeeded, 221);
    assert_eq!(h.paused_until, 0);
    assert_eq!(gate(&h, &p, 221), Gate::Open);
}
