//! docs/DEPLOY.md's systemd units, as the guide gives them, checked by `systemd-analyze
//! verify`: the server's unit and the backup's service and timer. (The suite runs without
//! systemd, so the units are verified, not run; the commands they start are run by
//! tests/backups.rs and the others.) The units' `/opt/chaupal/` is pointed at this build's
//! programs, which verify requires to exist.
//!
//! Needs `systemd-analyze` (Debian's systemd; `scripts/install.sh test`); without it the test
//! says so and passes, unless `CHAUPAL_REQUIRE_DEPLOY_TOOLS` is set (scripts/test.sh sets it).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::Path;

use chaupal_tests::services::deploy_tool;

/// The units of the guide: (file name, text), each an ```ini block after a line naming
/// `/etc/systemd/system/NAME`.
fn units() -> Vec<(String, String)> {
    let guide =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/DEPLOY.md"))
            .unwrap();
    let mut found = Vec::new();
    let mut lines = guide.lines().peekable();
    let mut named: Option<String> = None;
    while let Some(line) = lines.next() {
        if let Some(rest) = line.strip_prefix("`/etc/systemd/system/") {
            named = rest.split('`').next().map(str::to_owned);
        } else if line == "```ini" {
            let mut body = String::new();
            for l in lines.by_ref() {
                if l == "```" {
                    break;
                }
                body.push_str(l);
                body.push('\n');
            }
            let name = named
                .take()
                .expect("an ini block named by the line before it");
            found.push((name, body));
        }
    }
    found
}

#[test]
fn the_guides_systemd_units_verify() {
    let units = units();
    let names: Vec<&str> = units.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        [
            "chaupal.service",
            "chaupal-backup.service",
            "chaupal-backup.timer"
        ]
    );
    if !deploy_tool("systemd-analyze", "--version") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let opt = dir.path().join("opt");
    std::fs::create_dir(&opt).unwrap();
    std::fs::copy(chaupal_tests::server_binary(), opt.join("chaupal-server")).unwrap();
    let deploy = Path::new(env!("CARGO_MANIFEST_DIR")).join("../deploy");
    std::fs::copy(deploy.join("chaupal-backup"), opt.join("chaupal-backup")).unwrap();
    let mut files = Vec::new();
    for (name, body) in &units {
        let body = body.replace("/opt/chaupal/", &format!("{}/", opt.display()));
        let file = dir.path().join(name);
        std::fs::write(&file, body).unwrap();
        files.push(file);
    }
    let out = std::process::Command::new("systemd-analyze")
        .args(["verify", "--man=no"])
        .args(&files)
        .output()
        .unwrap();
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "{said}");
    assert!(said.trim().is_empty(), "no warning either: {said}");
}
