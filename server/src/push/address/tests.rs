//! An address inside each registry row is judged as the registry says, and each IPv6 form that
//! carries an IPv4 address is judged by the address it carries.

use super::*;

/// `text` as a block (`ADDRESS/LENGTH`); the tests write blocks by hand, apart from [`ROWS`].
fn block(text: &str) -> Block {
    let Some((prefix, len)) = text.split_once('/') else {
        panic!("{text} is no block");
    };
    let len: u8 = len.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
    match prefix.parse::<IpAddr>() {
        Ok(IpAddr::V4(prefix)) => Block::V4(prefix, len),
        Ok(IpAddr::V6(prefix)) => Block::V6(prefix, len),
        Err(e) => panic!("{text}: {e}"),
    }
}

fn ip(text: &str) -> IpAddr {
    text.parse()
        .unwrap_or_else(|e| panic!("{text} is no address: {e}"))
}

/// `address` is in the row of `block` (the most specific that holds it), and judged global or
/// not as `global` says.
fn judged(address: &str, block_text: &str, global: bool) {
    let address = ip(address);
    let row = row_of(address).unwrap_or_else(|| panic!("{address} is in no row"));
    assert_eq!(row.block, block(block_text), "{address} is in {row}");
    assert_eq!(
        check(address).is_ok(),
        global,
        "{address}: {:?}",
        check(address)
    );
}

/// One test per registry row: `name: ADDRESS in BLOCK is GLOBAL;`.
macro_rules! rows {
    ($($name:ident: $address:literal in $block:literal is $global:literal;)*) => {
        $(
            #[test]
            fn $name() {
                judged($address, $block, $global);
            }
        )*
        /// Each row's block, as the tests above name it.
        const TESTED: &[&str] = &[$($block),*];
    };
}

rows! {
    // iana-ipv4-special-registry
    this_network: "0.1.2.3" in "0.0.0.0/8" is false;
    this_host_on_this_network: "0.0.0.0" in "0.0.0.0/32" is false;
    private_use_10: "10.1.2.3" in "10.0.0.0/8" is false;
    shared_address_space: "100.100.1.1" in "100.64.0.0/10" is false;
    loopback_v4: "127.0.0.1" in "127.0.0.0/8" is false;
    link_local_v4: "169.254.169.254" in "169.254.0.0/16" is false;
    private_use_172: "172.31.255.255" in "172.16.0.0/12" is false;
    ietf_protocol_assignments_v4: "192.0.0.100" in "192.0.0.0/24" is false;
    ipv4_service_continuity_prefix: "192.0.0.5" in "192.0.0.0/29" is false;
    ipv4_dummy_address: "192.0.0.8" in "192.0.0.8/32" is false;
    port_control_protocol_anycast_v4: "192.0.0.9" in "192.0.0.9/32" is true;
    turn_anycast_v4: "192.0.0.10" in "192.0.0.10/32" is true;
    nat64_dns64_discovery_170: "192.0.0.170" in "192.0.0.170/32" is false;
    nat64_dns64_discovery_171: "192.0.0.171" in "192.0.0.171/32" is false;
    documentation_test_net_1: "192.0.2.1" in "192.0.2.0/24" is false;
    as112_v4: "192.31.196.1" in "192.31.196.0/24" is true;
    amt_v4: "192.52.193.1" in "192.52.193.0/24" is true;
    deprecated_6to4_relay_anycast: "192.88.99.1" in "192.88.99.0/24" is false;
    relay_anycast_6a44: "192.88.99.2" in "192.88.99.2/32" is false;
    private_use_192: "192.168.1.1" in "192.168.0.0/16" is false;
    direct_delegation_as112_v4: "192.175.48.1" in "192.175.48.0/24" is true;
    benchmarking_v4: "198.19.255.1" in "198.18.0.0/15" is false;
    documentation_test_net_2: "198.51.100.7" in "198.51.100.0/24" is false;
    documentation_test_net_3: "203.0.113.9" in "203.0.113.0/24" is false;
    reserved_v4: "240.0.0.1" in "240.0.0.0/4" is false;
    limited_broadcast: "255.255.255.255" in "255.255.255.255/32" is false;
    // The IPv4 address space registry.
    multicast_v4: "224.0.0.251" in "224.0.0.0/4" is false;
    // iana-ipv6-special-registry
    loopback_v6: "::1" in "::1/128" is false;
    unspecified_v6: "::" in "::/128" is false;
    ipv4_mapped: "::ffff:8.8.8.8" in "::ffff:0:0/96" is false;
    nat64_well_known_prefix: "64:ff9b::8.8.8.8" in "64:ff9b::/96" is true;
    nat64_local_use: "64:ff9b:1::8.8.8.8" in "64:ff9b:1::/48" is false;
    discard_only: "100::1" in "100::/64" is false;
    dummy_ipv6_prefix: "100:0:0:1::1" in "100:0:0:1::/64" is false;
    ietf_protocol_assignments_v6: "2001:5::1" in "2001::/23" is false;
    teredo: "2001:0:808:808::f7f7:f7f7" in "2001::/32" is false;
    port_control_protocol_anycast_v6: "2001:1::1" in "2001:1::1/128" is true;
    turn_anycast_v6: "2001:1::2" in "2001:1::2/128" is true;
    dns_sd_service_registration_anycast: "2001:1::3" in "2001:1::3/128" is true;
    benchmarking_v6: "2001:2::1" in "2001:2::/48" is false;
    amt_v6: "2001:3::1" in "2001:3::/32" is true;
    as112_v6: "2001:4:112::1" in "2001:4:112::/48" is true;
    deprecated_orchid: "2001:10::1" in "2001:10::/28" is false;
    orchid_v2: "2001:20::1" in "2001:20::/28" is true;
    drone_remote_id_dets: "2001:30::1" in "2001:30::/28" is true;
    documentation_2001_db8: "2001:db8::1" in "2001:db8::/32" is false;
    six_to_four: "2002:808:808::1" in "2002::/16" is false;
    direct_delegation_as112_v6: "2620:4f:8000::1" in "2620:4f:8000::/48" is true;
    documentation_3fff: "3fff::1" in "3fff::/20" is false;
    segment_routing_sids: "5f00::1" in "5f00::/16" is false;
    unique_local: "fd00::1" in "fc00::/7" is false;
    link_local_unicast_v6: "fe80::1" in "fe80::/10" is false;
}

#[test]
fn every_row_has_its_test() {
    let tested: Vec<Block> = TESTED.iter().map(|b| block(b)).collect();
    for row in &ROWS {
        assert!(tested.contains(&row.block), "{row} has no test");
    }
    assert_eq!(tested.len(), ROWS.len(), "one test a row");
}

#[test]
fn public_addresses_in_no_row_are_global_and_ipv6_only_in_global_unicast() {
    for global in [
        "8.8.8.8",
        "1.1.1.1",
        "142.250.1.1",
        "2606:4700::1111",
        "2a00:1450::1",
    ] {
        assert_eq!(check(ip(global)), Ok(()), "{global}");
    }
    for outside in [
        "fec0::1",          // site-local (deprecated)
        "ff02::1",          // multicast
        "4000::1",          // reserved by the IETF
        "::8.8.8.8",        // IPv4-compatible (deprecated)
        "::ffff:0:808:808", // IPv4-translated
        "1::1",
    ] {
        assert!(
            matches!(
                check(ip(outside)),
                Err(NotGlobal::OutsideGlobalUnicast { .. })
            ),
            "{outside}: {:?}",
            check(ip(outside))
        );
    }
}

/// `v4` carried in each form, written by hand, with the form's name.
fn forms_carrying(v4: Ipv4Addr) -> Vec<(&'static str, String)> {
    let [a, b, c, d] = v4.octets();
    let hi = u16::from_be_bytes([a, b]);
    let lo = u16::from_be_bytes([c, d]);
    vec![
        ("IPv4-mapped", format!("::ffff:{v4}")),
        ("IPv4-compatible (deprecated)", format!("::{v4}")),
        ("IPv4-translated", format!("::ffff:0:{v4}")),
        ("6to4", format!("2002:{hi:x}:{lo:x}::1")),
        // The client is 8.8.8.8 (inverted), the server `v4`.
        ("Teredo server", format!("2001:0:{hi:x}:{lo:x}::f7f7:f7f7")),
        // The server is 8.8.8.8, the client `v4` (inverted).
        (
            "Teredo client",
            format!("2001:0:808:808::{:x}:{:x}", !hi, !lo),
        ),
        ("NAT64", format!("64:ff9b::{v4}")),
        ("local-use NAT64", format!("64:ff9b:1::{v4}")),
    ]
}

#[test]
fn each_form_carrying_a_loopback_or_private_address_is_refused_for_it() {
    for inner in [
        "127.0.0.1",
        "10.1.2.3",
        "192.168.7.7",
        "169.254.169.254",
        "0.1.2.3",
    ] {
        let inner: Ipv4Addr = inner
            .parse()
            .unwrap_or_else(|e| panic!("{inner} is no address: {e}"));
        for (name, address) in forms_carrying(inner) {
            match check(ip(&address)) {
                Err(NotGlobal::Carries { form, carried, .. }) => {
                    assert_eq!((form.name, carried), (name, inner), "{address}");
                }
                other => panic!("{address} ({name} of {inner}): {other:?}"),
            }
        }
    }
}

#[test]
fn each_form_carrying_a_public_address_is_judged_by_its_own_row() {
    let public = Ipv4Addr::new(8, 8, 8, 8);
    for (name, address) in forms_carrying(public) {
        let judged = check(ip(&address));
        match name {
            // The well-known NAT64 prefix is globally reachable: a public address through it is.
            "NAT64" => assert_eq!(judged, Ok(()), "{address}"),
            "IPv4-compatible (deprecated)" | "IPv4-translated" => assert!(
                matches!(judged, Err(NotGlobal::OutsideGlobalUnicast { .. })),
                "{address}: {judged:?}"
            ),
            // Mapped (False), 6to4 and Teredo (N/A), local-use NAT64 (False).
            _ => assert!(
                matches!(judged, Err(NotGlobal::InBlock { row, .. }) if row.reachable != Reachable::True),
                "{address} ({name}): {judged:?}"
            ),
        }
    }
}

/// The addresses an outside attacker found passing the endpoint check: each is refused, and
/// for the IPv4 address it carries where it carries one that is not global.
#[test]
fn the_special_ipv6_forms_reported_are_refused() {
    for (address, carried) in [
        ("::127.0.0.1", Some("127.0.0.1")),
        ("2002:7f00:1::1", Some("127.0.0.1")),
        ("::ffff:0:7f00:1", Some("127.0.0.1")),
        ("2001::7f00:1", Some("0.0.0.0")),
        ("fec0::1", None),
        ("100::1", None),
    ] {
        let judged = check(ip(address));
        match (judged, carried) {
            (Err(NotGlobal::Carries { carried: got, .. }), Some(want)) => {
                assert_eq!(got.to_string(), want, "{address}");
            }
            (Err(NotGlobal::InBlock { .. } | NotGlobal::OutsideGlobalUnicast { .. }), None) => {}
            (judged, _) => panic!("{address}: {judged:?}"),
        }
        assert!(!is_global(ip(address)), "{address}");
    }
}

#[test]
fn a_refusal_says_the_block_and_what_was_carried() {
    let why = check(ip("2002:7f00:1::1")).err().map(|e| e.to_string());
    assert_eq!(
        why.as_deref(),
        Some(
            "2002:7f00:1::1 carries 127.0.0.1 (6to4 2002::/16, RFC 3056), which is in \
             127.0.0.0/8 (Loopback, RFC 1122; globally reachable: False)"
        )
    );
    let why = check(ip("fec0::1")).err().map(|e| e.to_string());
    assert_eq!(
        why.as_deref(),
        Some("fec0::1 is outside global unicast (2000::/3)")
    );
}
